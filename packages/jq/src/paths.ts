/**
 * Indexing and path operations: `.[k]`, slices, `getpath`, `setpath`, `delpaths`. Updates copy
 * on write; an optional `owned` set lets a sequence of updates (`|=`, `del`) mutate containers
 * it created itself, so `.[] |= f` stays linear.
 */
import { dumpCompact } from "./json.js";
import { describe, trunc } from "./ops.js";
import type { JqObject, Val } from "./value.js";
import { JqError, compare, equals, typeOf } from "./value.js";

function indexError(t: Val, k: Val): never {
  if (typeof k === "string") throw new JqError(`Cannot index ${typeOf(t)} with string (${trunc(dumpCompact(k), 30)})`);
  throw new JqError(`Cannot index ${typeOf(t)} with ${typeOf(k) === "object" || typeOf(k) === "array" ? typeOf(k) : describe(k)}`);
}

/** Code point length of a string (jq counts code points). */
export function cpLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

function hasAstral(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return true;
  }
  return false;
}

/** Resolves slice bounds for a length (jq semantics: floor/ceil of fractions, negatives from end). */
export function sliceBounds(len: number, from: Val, to: Val): [number, number] {
  if ((from !== null && typeof from !== "number") || (to !== null && typeof to !== "number")) {
    throw new JqError("Start and end indices of an array slice must be numbers");
  }
  let s = from === null || Number.isNaN(from) ? 0 : from;
  let e = to === null || Number.isNaN(to) ? len : to;
  if (s < 0) s += len;
  if (e < 0) e += len;
  s = Math.floor(s);
  e = Math.ceil(e);
  if (s < 0) s = 0;
  if (e > len) e = len;
  if (s > len) s = len;
  if (e < s) e = s;
  return [s, e];
}

/** `v[from:to]`. */
export function slice(v: Val, from: Val, to: Val): Val {
  if (v === null) return null;
  if (typeof v === "string") {
    if (!hasAstral(v)) {
      const [s, e] = sliceBounds(v.length, from, to);
      return v.slice(s, e);
    }
    const cps = [...v];
    const [s, e] = sliceBounds(cps.length, from, to);
    return cps.slice(s, e).join("");
  }
  if (Array.isArray(v)) {
    const [s, e] = sliceBounds(v.length, from, to);
    return v.slice(s, e);
  }
  throw new JqError(`Cannot index ${typeOf(v)} with object`);
}

/** Indices of `sub` in `a` (arrays) — jq's `.[array]` and `indices`. */
export function arrayIndices(a: Val[], sub: Val[]): number[] {
  const out: number[] = [];
  if (sub.length === 0) return out;
  for (let i = 0; i + sub.length <= a.length; i++) {
    let ok = true;
    for (let j = 0; j < sub.length; j++) {
      if (!equals(a[i + j]!, sub[j]!)) {
        ok = false;
        break;
      }
    }
    if (ok) out.push(i);
  }
  return out;
}

/** `t[k]` with jq's rules. */
export function index(t: Val, k: Val): Val {
  if (typeof k === "string") {
    if (t instanceof Map) {
      const v = t.get(k);
      return v === undefined ? null : v;
    }
    if (t === null) return null;
    return indexError(t, k);
  }
  if (typeof k === "number") {
    if (Array.isArray(t)) {
      if (Number.isNaN(k)) return null;
      let i = Math.floor(k);
      if (i < 0) i += t.length;
      const v = t[i];
      return v === undefined ? null : v;
    }
    if (t === null) return null;
    return indexError(t, k);
  }
  if (k instanceof Map && (Array.isArray(t) || typeof t === "string" || t === null)) {
    const s = k.get("start");
    const e = k.get("end");
    if (s === undefined && e === undefined) return indexError(t, k);
    return slice(t, s ?? null, e ?? null);
  }
  if (Array.isArray(k) && Array.isArray(t)) return arrayIndices(t, k);
  if (t === null && (k === null || k instanceof Map)) return null;
  return indexError(t, k);
}

/** `getpath(path)`: null when a prefix is null. */
export function getpath(v: Val, path: Val[]): Val {
  let cur = v;
  for (let i = 0; i < path.length; i++) {
    if (cur === null) return null;
    cur = index(cur, path[i]!);
  }
  return cur;
}

type Owned = Set<object> | undefined;

function ownArray(a: Val[], owned: Owned): Val[] {
  if (owned?.has(a)) return a;
  const c = a.slice();
  owned?.add(c);
  return c;
}
function ownMap(m: JqObject, owned: Owned): JqObject {
  if (owned?.has(m)) return m;
  const c = new Map(m);
  owned?.add(c);
  return c;
}

/** `setpath(path; nv)` (copy on write; containers in `owned` are mutated in place). */
export function setpath(root: Val, path: readonly Val[], nv: Val, owned?: Set<object>, i = 0): Val {
  if (i === path.length) return nv;
  const k = path[i]!;
  if (typeof k === "string") {
    if (root === null) {
      const m: JqObject = new Map();
      owned?.add(m);
      m.set(k, setpath(null, path, nv, owned, i + 1));
      return m;
    }
    if (!(root instanceof Map)) return indexError(root, k);
    const old = root.get(k);
    const m = ownMap(root, owned);
    m.set(k, setpath(old === undefined ? null : old, path, nv, owned, i + 1));
    return m;
  }
  if (typeof k === "number") {
    if (root !== null && !Array.isArray(root)) return indexError(root, k);
    const a = root === null ? [] : root;
    if (Number.isNaN(k)) throw new JqError("Cannot set array element at NaN index");
    let idx = Math.floor(k);
    if (idx < 0) {
      idx += a.length;
      if (idx < 0) throw new JqError("Out of bounds negative array index");
    }
    if (idx > 536870912) throw new JqError("Array index too large");
    const c = root === null ? (owned?.add(a), a) : ownArray(a, owned);
    const old = idx < c.length ? c[idx]! : null;
    while (c.length < idx) c.push(null);
    c[idx] = setpath(old, path, nv, owned, i + 1);
    return c;
  }
  if (k instanceof Map) {
    if (root !== null && !Array.isArray(root)) {
      if (typeof root === "string") throw new JqError("Cannot update string slices");
      return indexError(root, k);
    }
    const a = root === null ? [] : root;
    const [s, e] = sliceBounds(a.length, k.get("start") ?? null, k.get("end") ?? null);
    const cur = a.slice(s, e);
    const repl = setpath(cur, path, nv, owned, i + 1);
    if (!Array.isArray(repl)) throw new JqError("A slice of an array can only be assigned another array");
    const c = a.slice(0, s).concat(repl, a.slice(e));
    owned?.add(c);
    return c;
  }
  if (Array.isArray(k) && Array.isArray(root)) throw new JqError("Cannot update field at array index of array");
  return indexError(root, k);
}

function delOne(root: Val, path: readonly Val[], owned: Owned, i: number): Val {
  if (root === null) return null;
  const k = path[i]!;
  if (i === path.length - 1) {
    if (typeof k === "string") {
      if (!(root instanceof Map)) return indexError(root, k);
      if (!root.has(k)) return root;
      const m = ownMap(root, owned);
      m.delete(k);
      return m;
    }
    if (typeof k === "number") {
      if (!Array.isArray(root)) return indexError(root, k);
      let idx = Math.floor(k);
      if (idx < 0) idx += root.length;
      if (idx < 0) throw new JqError("Out of bounds negative array index");
      if (idx >= root.length) return root;
      const c = ownArray(root, owned);
      c.splice(idx, 1);
      return c;
    }
    if (k instanceof Map) {
      if (!Array.isArray(root)) {
        if (typeof root === "string") throw new JqError("Cannot delete string slices");
        return indexError(root, k);
      }
      const [s, e] = sliceBounds(root.length, k.get("start") ?? null, k.get("end") ?? null);
      const c = ownArray(root, owned);
      c.splice(s, e - s);
      return c;
    }
    return indexError(root, k);
  }
  const child = index(root, k);
  if (child === null) return root;
  const nc = delOne(child, path, owned, i + 1);
  if (nc === child) return root;
  return setpath(root, [k], nc, owned);
}

/** `delpaths(paths)`: deletes the longest/last paths first, as jq does. */
export function delpaths(root: Val, paths: Val[][]): Val {
  const norm: Val[][] = [];
  for (const p of paths) {
    const q = normalizeForDelete(root, p);
    if (q) norm.push(q);
  }
  const sorted = norm.sort((a, b) => compare(b, a));
  const owned = new Set<object>();
  let cur = root;
  for (const p of sorted) {
    if (p.length === 0) return null;
    cur = delOne(cur, p, owned, 0);
  }
  return cur;
}

/**
 * Resolves negative indices and slice bounds of a deletion path against the original value, so
 * deleting several paths (last first) removes the elements the caller meant. `undefined`: no-op.
 */
function normalizeForDelete(root: Val, p: Val[]): Val[] | undefined {
  const out: Val[] = [];
  let cur: Val = root;
  for (let i = 0; i < p.length; i++) {
    let k = p[i]!;
    if (Array.isArray(cur)) {
      if (typeof k === "number") {
        if (Number.isNaN(k)) return undefined;
        let idx = Math.floor(k);
        if (idx < 0) idx += cur.length;
        if (idx < 0) {
          if (i === p.length - 1) return undefined;
          throw new JqError("Out of bounds negative array index");
        }
        k = idx;
      } else if (k instanceof Map) {
        const [s, e] = sliceBounds(cur.length, k.get("start") ?? null, k.get("end") ?? null);
        k = new Map<string, Val>([["start", s], ["end", e]]);
      }
    }
    out.push(k);
    if (i < p.length - 1) {
      if (cur === null) return out.concat(p.slice(i + 1));
      cur = index(cur, k);
    }
  }
  return out;
}

/** Validates a path value (an array) for getpath/setpath/delpaths. */
export function asPath(p: Val, what = "Path must be specified as an array"): Val[] {
  if (!Array.isArray(p)) throw new JqError(what);
  return p;
}

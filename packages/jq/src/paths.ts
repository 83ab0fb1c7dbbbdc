/**
 * Indexing and path operations: `.[k]`, slices, `getpath`, `setpath`, `delpaths`. Updates copy
 * on write; an optional `owned` set lets a sequence of updates (`|=`, `del`) mutate containers
 * it created itself, so `.[] |= f` stays linear. A kept literal (`DecLit`) indexes by its double,
 * as jq's does; paths keep the key as it was given.
 */
import { SLOT, charge, checkDeadline, copied, inserted, tick } from "./budget.js";
import { dumpHead } from "./dump.js";
import { describe, trunc } from "./ops.js";
import type { JqObject, Val } from "./value.js";
import { DecLit, JqError, JqMap, compare, equals, typeOf } from "./value.js";

function indexError(t: Val, k: Val): never {
  if (typeof k === "string") throw new JqError(`Cannot index ${typeOf(t)} with string (${trunc(dumpHead(k), 30)})`);
  throw new JqError(`Cannot index ${typeOf(t)} with ${typeOf(k) === "object" || typeOf(k) === "array" ? typeOf(k) : describe(k)}`);
}

/** Characters `cpLength` scans between two deadline ticks. */
const SCAN_BLOCK = 1 << 16;

/** Code point length of a string (jq counts code points). */
export function cpLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    if ((i & (SCAN_BLOCK - 1)) === 0) tick();
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
export function sliceBounds(len: number, from0: Val, to0: Val): [number, number] {
  const from = from0 instanceof DecLit ? from0.n : from0;
  const to = to0 instanceof DecLit ? to0.n : to0;
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
      tick();
      if (!equals(a[i + j]!, sub[j]!)) {
        ok = false;
        break;
      }
    }
    if (ok) {
      charge(SLOT);
      out.push(i);
    }
  }
  return out;
}

/** `t[k]` with jq's rules. */
export function index(t: Val, k: Val): Val {
  if (typeof k === "string") {
    if (t instanceof JqMap) {
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
  if (k instanceof DecLit) return Array.isArray(t) ? index(t, k.n) : t === null ? null : indexError(t, k);
  if (k instanceof JqMap && (Array.isArray(t) || typeof t === "string" || t === null)) {
    const s = k.get("start");
    const e = k.get("end");
    if (s === undefined && e === undefined) return indexError(t, k);
    return slice(t, s ?? null, e ?? null);
  }
  if (Array.isArray(k) && Array.isArray(t)) return arrayIndices(t, k);
  if (t === null && (k === null || k instanceof JqMap)) return null;
  return indexError(t, k);
}

/** `getpath(path)`: null when a prefix is null. */
export function getpath(v: Val, path: Val[]): Val {
  if (path.length > MAX_PATH) throw new JqError("Path too deep");
  let cur = v;
  for (let i = 0; i < path.length; i++) {
    if (cur === null) return null;
    cur = index(cur, path[i]!);
  }
  return cur;
}

/**
 * The containers an update may change in place: made by the update (or the loop running it) and
 * referenced only from their one place in its result. A loop's is a WeakSet, so that containers
 * it made and dropped are not kept alive by it.
 */
export interface OwnedSet {
  has(o: object): boolean;
  add(o: object): unknown;
}

type Owned = OwnedSet | undefined;

function ownArray(a: Val[], owned: Owned): Val[] {
  if (owned?.has(a)) return a;
  copied(a.length);
  const c = a.slice();
  owned?.add(c);
  return c;
}
function ownMap(m: JqObject, owned: Owned): JqObject {
  if (owned?.has(m)) return m;
  copied(m.size);
  const c = new JqMap(m);
  owned?.add(c);
  return c;
}

/** Deepest path jq accepts. */
export const MAX_PATH = 10000;

/**
 * One level of `setpath`: `root[k] = v` (copy on write; `child` is what `k` selects now). The
 * growth (a new key, the elements padded up to an index, a slice's new elements) is charged to
 * the run's data budget before it is built: `.[1e8] = 1` fails before it pads.
 */
function assignOne(root: Val, k0: Val, v: Val, owned: Owned): Val {
  const k = k0 instanceof DecLit ? k0.n : k0;
  if (typeof k === "string") {
    const m = root === null ? new JqMap() : ownMap(root as JqObject, owned);
    if (root === null) owned?.add(m);
    if (root === null || !m.has(k)) charge(SLOT);
    m.set(k, v);
    return m;
  }
  if (typeof k === "number") {
    const a = root === null ? [] : (root as Val[]);
    let idx = Math.floor(k);
    if (idx < 0) idx += a.length;
    if (idx >= a.length) charge(SLOT * (idx + 1 - a.length));
    const c = root === null ? (owned?.add(a), a) : ownArray(a, owned);
    while (c.length < idx) {
      // padding up to a large index (`.[1e7] = 1`): the deadline is checked along the way
      checkDeadline();
      const end = Math.min(idx, c.length + 65536);
      while (c.length < end) c.push(null);
    }
    c[idx] = v;
    return c;
  }
  const a = root === null ? [] : (root as Val[]);
  const km = k as JqObject;
  const [s, e] = sliceBounds(a.length, km.get("start") ?? null, km.get("end") ?? null);
  if (!Array.isArray(v)) throw new JqError("A slice of an array can only be assigned another array");
  charge(SLOT * v.length);
  copied(a.length - (e - s) + v.length);
  const c = a.slice(0, s).concat(v, a.slice(e));
  owned?.add(c);
  return c;
}

/** What `k` selects in `root` for an update (validating like jq); null when absent. */
function childFor(root: Val, k: Val): Val {
  if (typeof k === "string") {
    if (root === null) return null;
    if (!(root instanceof JqMap)) return indexError(root, k);
    const v = root.get(k);
    return v === undefined ? null : v;
  }
  if (typeof k === "number") {
    if (root !== null && !Array.isArray(root)) return indexError(root, k);
    if (Number.isNaN(k)) throw new JqError("Cannot set array element at NaN index");
    const a = root === null ? [] : root;
    let idx = Math.floor(k);
    if (idx < 0) {
      idx += a.length;
      if (idx < 0) throw new JqError("Out of bounds negative array index");
    }
    if (idx > 536870912) throw new JqError("Array index too large");
    return idx < a.length ? a[idx]! : null;
  }
  if (k instanceof DecLit) return root !== null && !Array.isArray(root) ? indexError(root, k) : childFor(root, k.n);
  if (k instanceof JqMap) {
    if (root !== null && !Array.isArray(root)) {
      if (typeof root === "string") throw new JqError("Cannot update string slices");
      return indexError(root, k);
    }
    const a = root === null ? [] : root;
    const [s, e] = sliceBounds(a.length, k.get("start") ?? null, k.get("end") ?? null);
    return a.slice(s, e);
  }
  if (Array.isArray(k) && Array.isArray(root)) throw new JqError("Cannot update field at array index of array");
  return indexError(root, k);
}

/**
 * `setpath(path; nv)` (copy on write; containers in `owned` are mutated in place). Iterative.
 * The value is charged as every insertion is (see budget.ts), unless it is the value already
 * there (an accumulator's container updated in place and set back: nothing was added).
 */
export function setpath(root: Val, path: readonly Val[], nv: Val, owned?: OwnedSet, from = 0): Val {
  if (path.length - from > MAX_PATH) throw new JqError("Path too deep");
  const chain: Val[] = [];
  let cur = root;
  for (let i = from; i < path.length; i++) {
    chain.push(cur);
    cur = childFor(cur, path[i]!);
  }
  if (path.length > from && (cur !== nv || typeof nv !== "object" || nv === null)) inserted(nv);
  let v = nv;
  for (let i = path.length - 1; i >= from; i--) v = assignOne(chain[i - from]!, path[i]!, v, owned);
  return v;
}

function deleteAt(root: Val, k: Val, owned: Owned): Val {
  if (typeof k === "string") {
    if (!(root instanceof JqMap)) return indexError(root, k);
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
  if (k instanceof DecLit) return Array.isArray(root) ? deleteAt(root, k.n, owned) : indexError(root, k);
  if (k instanceof JqMap) {
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

function delOne(root: Val, path: readonly Val[], owned: Owned): Val {
  const chain: Val[] = [];
  let cur = root;
  for (let i = 0; i < path.length - 1; i++) {
    if (cur === null) return root;
    chain.push(cur);
    cur = index(cur, path[i]!);
  }
  if (cur === null) return root;
  let v = deleteAt(cur, path[path.length - 1]!, owned);
  if (v === cur) return root;
  for (let i = path.length - 2; i >= 0; i--) v = assignOne(chain[i]!, path[i]!, v, owned);
  return v;
}

/** `delpaths(paths)`: deletes the longest/last paths first, as jq does (containers in `owned` in place). */
export function delpaths(root: Val, paths: Val[][], owned: OwnedSet = new Set()): Val {
  const norm: Val[][] = [];
  for (const p of paths) {
    if (p.length > MAX_PATH) throw new JqError("Path too deep");
    const q = normalizeForDelete(root, p);
    if (q) norm.push(q);
  }
  const sorted = norm.sort((a, b) => compare(b, a));
  let cur = root;
  for (const p of sorted) {
    if (p.length === 0) return null;
    cur = delOne(cur, p, owned);
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
      if (k instanceof DecLit) k = k.n;
      if (typeof k === "number") {
        if (Number.isNaN(k)) return undefined;
        let idx = Math.floor(k);
        if (idx < 0) idx += cur.length;
        if (idx < 0) {
          if (i === p.length - 1) return undefined;
          throw new JqError("Out of bounds negative array index");
        }
        k = idx;
      } else if (k instanceof JqMap) {
        const [s, e] = sliceBounds(cur.length, k.get("start") ?? null, k.get("end") ?? null);
        k = new JqMap([["start", s], ["end", e]]);
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

/** The `setpath(path; v)` builtin: validates the path value (containers in `owned` change in place). */
export function setpathOf(root: Val, path: Val, v: Val, owned?: OwnedSet): Val {
  return setpath(root, asPath(path), v, owned);
}

/** The `delpaths(paths)` builtin: validates the paths value (containers in `owned` change in place). */
export function delpathsOf(root: Val, paths: Val, owned?: OwnedSet): Val {
  const arr = asPath(paths, "Paths must be specified as an array");
  return delpaths(
    root,
    arr.map((x) => asPath(x, "Path must be specified as an array")),
    owned,
  );
}

/** Core natives: control flow, paths, types, collections. */
import { SLOT, charge, inserted, tick } from "../budget.js";
import { addOwned, firstOf, modify, pathsOf } from "../assign.js";
import { iterate } from "../compile.js";
import { dumpCompact } from "../dump.js";
import { JsonParseError, parseJson } from "../json.js";
import { add as addVals, describe, fail } from "../ops.js";
import { asPath, cpLength, delpathsOf, getpath, index, setpathOf } from "../paths.js";
import { shapeOf } from "../object.js";
import { absNum, compareNums, decNumberWord, isNum, unbox } from "../number.js";
import type { Native, Path } from "../runtime.js";
import { BAD_PATH, HaltSignal, extendPath, resultPath } from "../runtime.js";
import type { JqObject, Val } from "../value.js";
import { JqError, JqMap, compare, compareRaw, equals, guardDepth, sortedKeys, truthy, typeOf } from "../value.js";
import { gen, out, v0, vN } from "./define.js";
import { tostring } from "../format.js";
import { groupBy, keyed, sortBy, uniqueBy } from "./keyed.js";
import { contains } from "./contains.js";

const ext = (p: Path, k: Val, v: Val): Path => (p === null ? null : extendPath(p, k, v));

function length(v: Val): Val {
  if (v === null) return 0;
  switch (typeof v) {
    case "boolean":
      throw new JqError(`${describe(v)} has no length`);
    case "number":
      return Math.abs(v);
    case "string":
      return cpLength(v);
  }
  if (Array.isArray(v)) return v.length;
  return v instanceof JqMap ? v.size : absNum(v);
}

function keys(v: Val, sorted: boolean): Val {
  if (v instanceof JqMap) {
    charge(SLOT * v.size);
    return sorted ? sortedKeys(v) : v.keyList().slice();
  }
  if (Array.isArray(v)) {
    charge(SLOT * v.length);
    return v.map((_, i) => i);
  }
  throw new JqError(`${describe(v)} has no keys`);
}

function has(v: Val, k0: Val): boolean {
  const k = unbox(k0);
  if (v instanceof JqMap && typeof k === "string") return v.has(k);
  if (Array.isArray(v) && typeof k === "number") return k >= 0 && k < v.length;
  throw new JqError(`Cannot check whether ${typeOf(v)} has a ${typeOf(k)} key`);
}

function sortArr(v: Val): Val[] {
  if (!Array.isArray(v)) throw new JqError(`${describe(v)} cannot be sorted, as it is not an array`);
  return guardDepth(() => v.slice().sort(compareRaw), "Comparison too deep");
}

function flatten(v: Val, depth: number): Val[] {
  if (!Array.isArray(v)) throw new JqError(`Cannot iterate over ${describe(v)}`);
  if (depth < 0) throw new JqError("flatten depth must not be negative");
  const outArr: Val[] = [];
  const stack: [Val[], number, number][] = [[v, 0, depth]];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const [a, i, d] = top;
    if (i >= a.length) {
      stack.pop();
      continue;
    }
    top[1] = i + 1;
    const x = a[i]!;
    // TM-DOS-009: a DAG of shared arrays flattens to an exponential array: charged and ticked per step
    tick();
    if (Array.isArray(x) && d > 0) stack.push([x, 0, d - 1]);
    else {
      charge(SLOT);
      outArr.push(x);
    }
  }
  return outArr;
}

/**
 * `tonumber`: jq 1.8 reads a string as decNumber does (`jv_number_with_literal`: a sign, `.5`,
 * `1.`, an exponent; no white space), keeping the literal.
 */
function tonumber(v: Val): Val {
  if (isNum(v)) return v;
  if (typeof v === "string") {
    const n = decNumberWord(v);
    if (n !== undefined) return n;
  }
  throw new JqError(`${describe(v)} cannot be parsed as a number`);
}

function toboolean(v: Val): Val {
  if (typeof v === "boolean") return v;
  if (v === "true") return true;
  if (v === "false") return false;
  throw new JqError(`${describe(v)} cannot be parsed as a boolean`);
}

function bsearch(v: Val, x: Val): Val {
  if (!Array.isArray(v)) throw new JqError(`${describe(v)} cannot be searched from`);
  let lo = 0;
  let hi = v.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = compare(v[mid]!, x);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1 - lo;
}

/** What `fromjson` charges per character of its text (a text of n characters builds at most about n values). */
const PARSED_PER_CHAR = 4;

function fromjson(v: Val): Val {
  if (typeof v !== "string") throw new JqError(`${describe(v)} cannot be parsed as JSON`);
  charge(PARSED_PER_CHAR * v.length);
  try {
    return parseJson(v);
  } catch (e) {
    if (e instanceof JsonParseError) throw new JqError(`${e.message} (while parsing '${v}')`);
    throw e;
  }
}

function fromEntries(v: Val): Val {
  const m: JqObject = new JqMap();
  const items = Array.isArray(v) ? v : v instanceof JqMap ? v.valueList() : fail(`Cannot iterate over ${describe(v)}`);
  charge(SLOT * items.length);
  for (const x of items) {
    let k: Val;
    let val: Val;
    if (x instanceof JqMap) {
      const key = x.get("key");
      k = key === undefined || key === null ? firstTruthy(x, ["k", "name", "Name", "K", "Key"]) : key;
      val = x.has("value") ? x.get("value")! : x.has("v") ? x.get("v")! : (x.get("Value") ?? null);
    } else {
      k = index(x, "key");
      val = null;
    }
    if (k === undefined) k = null;
    m.set(typeof k === "string" ? k : k === null ? "null" : dumpCompact(k), val);
  }
  return m;
}

function firstTruthy(x: JqObject, names: string[]): Val {
  let last: Val = null;
  for (const n of names) {
    const v = x.get(n);
    last = v === undefined ? null : v;
    if (truthy(last)) return last;
  }
  return last;
}

const ENTRY = shapeOf(["key", "value"]);

/** `{"key": k, "value": x}`, made of its shape and values (no lookups). */
function entry(k: Val, x: Val): JqObject {
  return JqMap.fromParts(ENTRY, [k, x]);
}

/** What one entry of `to_entries` costs: its slot and its two-entry object. */
const ENTRY_BYTES = 3 * SLOT;

function toEntries(v: Val): Val {
  charge(ENTRY_BYTES * (v instanceof JqMap ? v.size : Array.isArray(v) ? v.length : 0));
  if (v instanceof JqMap) {
    const ks = v.keyList();
    const vs = v.valueList();
    const outArr = new Array<Val>(vs.length);
    for (let i = 0; i < vs.length; i++) outArr[i] = entry(ks[i]!, vs[i]!);
    return outArr;
  }
  if (Array.isArray(v)) return v.map((x, i) => entry(i, x));
  throw new JqError(`${describe(v)} has no keys`);
}

function addAll(v: Val): Val {
  const items = Array.isArray(v) ? v : v instanceof JqMap ? v.valueList() : v === null ? [] : fail(`Cannot iterate over ${describe(v)}`);
  if (items.length === 0) return null;
  let acc: Val = items[0]!;
  // Fast paths for homogeneous numbers and strings.
  if (typeof acc === "number" && items.every((x) => typeof x === "number")) {
    let s = 0;
    for (const x of items) s += x as number;
    return s;
  }
  // Strings and arrays are joined at once: the result's size is charged first (the items of a
  // DAG may be the same large value many times over).
  if (typeof acc === "string" && items.every((x) => typeof x === "string")) {
    charge(totalSize(items));
    return (items as string[]).join("");
  }
  if (Array.isArray(acc) && items.every((x) => Array.isArray(x))) {
    charge(totalSize(items));
    return concatAll(items as Val[][]);
  }
  // jq's `reduce .[] as $x (null; . + $x)` in one pass: the sum, once made, grows in place
  const owned = new WeakSet<object>();
  for (let i = 1; i < items.length; i++) {
    tick();
    acc = addOwned(acc, items[i]!, owned);
  }
  return acc;
}

/** The summed top-level sizes of `items` (see `shallowSize`), with the deadline checked. */
function totalSize(items: readonly Val[]): number {
  let n = 0;
  for (let i = 0; i < items.length; i++) {
    tick();
    const x = items[i]!;
    n += typeof x === "string" ? x.length : Array.isArray(x) ? SLOT * x.length : 0;
  }
  return n;
}

/** The concatenation of arrays (not through `concat(...items)`, whose argument count is bounded). */
function concatAll(items: readonly Val[][]): Val[] {
  const out: Val[] = [];
  for (const a of items) {
    tick();
    for (let i = 0; i < a.length; i++) out.push(a[i]!);
  }
  return out;
}

function join(v: Val, sep: Val): Val {
  const items = Array.isArray(v) ? v : v instanceof JqMap ? v.valueList() : fail(`Cannot iterate over ${describe(v)}`);
  if (items.length === 0) return "";
  if (typeof sep === "string" && items.every((x) => typeof x === "string")) {
    charge(totalSize(items) + sep.length * (items.length - 1));
    return (items as string[]).join(sep);
  }
  // def join($x): reduce .[] as $i (null; (if .==null then "" else .+$x end) + ($i | if .==null then "" elif type=="boolean" or type=="number" then tojson else . end)) // "";
  let acc: Val = null;
  for (const x of items) {
    tick();
    const left = acc === null ? "" : addVals(acc, sep);
    const right = x === null ? "" : typeof x === "boolean" || isNum(x) ? dumpCompact(x) : x;
    acc = addVals(left, right);
  }
  return acc === null || acc === false ? "" : acc;
}

function minMax(v: Val, max: boolean): Val {
  if (!Array.isArray(v)) throw new JqError(`${describe(v)} cannot be iterated over`);
  if (v.length === 0) return null;
  let best = v[0]!;
  for (let i = 1; i < v.length; i++) {
    const c = compare(v[i]!, best);
    if (max ? c >= 0 : c < 0) best = v[i]!;
  }
  return best;
}

function splitStr(v: Val, sep: Val): Val {
  if (typeof v !== "string" || typeof sep !== "string") throw new JqError("split input and separator must be strings");
  if (v === "") return [];
  if (sep === "") {
    charge(SLOT * v.length);
    return [...v];
  }
  const parts = v.split(sep);
  charge(SLOT * parts.length);
  return parts;
}

function implode(v: Val): Val {
  if (!Array.isArray(v)) throw new JqError("implode input must be an array");
  charge(2 * v.length);
  let s = "";
  for (const c0 of v) {
    const c = unbox(c0);
    if (typeof c !== "number" || Number.isNaN(c)) throw new JqError(`${describe(c0)} can't be imploded, unicode codepoint needs to be numeric`);
    let cp = Math.trunc(c);
    if (cp > 0x10ffff || cp < 0 || (cp >= 0xd800 && cp <= 0xdfff)) cp = 0xfffd;
    s += String.fromCodePoint(cp);
  }
  return s;
}

function explode(v: Val): Val {
  if (typeof v !== "string") throw new JqError(`${describe(v)} cannot be exploded`);
  charge(SLOT * v.length);
  const outArr: number[] = [];
  for (const ch of v) outArr.push(ch.codePointAt(0)!);
  return outArr;
}

function ascii(v: Val, up: boolean): Val {
  if (typeof v !== "string") throw new JqError(`${describe(v)} cannot be ${up ? "uppercased" : "lowercased"}`);
  charge(v.length);
  return v.replace(up ? /[a-z]+/g : /[A-Z]+/g, (s) => (up ? s.toUpperCase() : s.toLowerCase()));
}

function trimmed(v: Val, which: "both" | "l" | "r"): Val {
  if (typeof v !== "string") throw new JqError("trim input must be a string");
  const ws = "[\\s\\u0085]+";
  if (which === "both") return v.replace(new RegExp(`^${ws}|${ws}$`, "g"), "");
  if (which === "l") return v.replace(new RegExp(`^${ws}`), "");
  return v.replace(new RegExp(`${ws}$`), "");
}

function indicesOf(v: Val, x: Val): Val {
  if (v === null) return null;
  if (typeof v === "string" && typeof x === "string") {
    if (x === "") return null;
    const outArr: number[] = [];
    // Byte offsets in jq 1.6; code point offsets in 1.8: counted from the previous match on
    // (counting from the start each time made `("a" * 1e6) | indices("a")` quadratic).
    let i = v.indexOf(x);
    let at = 0;
    let cp = 0;
    while (i >= 0) {
      tick();
      charge(SLOT);
      cp += cpLength(v.slice(at, i));
      at = i;
      outArr.push(cp);
      i = v.indexOf(x, i + 1);
    }
    return outArr;
  }
  if (Array.isArray(v) && Array.isArray(x)) return index(v, x);
  if (Array.isArray(v)) return index(v, [x]);
  throw new JqError(`Cannot determine indices of ${describe(x)} in ${describe(v)}`);
}


/** The core native builtins. */
export const CORE: Native[] = [
  gen("empty", 0, () => false),
  gen("not", 0, (i, p, _f, e) => out(!truthy(i), p, e)),
  gen("error", 0, (i) => {
    throw new JqError(i);
  }),
  gen("error", 1, (i, _p, f, _e, [m]) =>
    m!(i, null, f, (v) => {
      throw new JqError(v);
    }),
  ),
  gen("path", 1, (i, p, f, e, [g]) =>
    g!(i, [], f, (v, q) => {
      return e(resultPath(q, v), p === null ? null : BAD_PATH);
    }),
  ),
  gen("getpath", 1, (i, p, f, e, [a]) =>
    a!(i, null, f, (pv) => {
      const path = asPath(pv);
      if (p === null) return e(getpath(i, path), null);
      let np: Path = p;
      let cur = i;
      for (const k of path) {
        np = extendPath(np, k, cur);
        cur = cur === null ? null : index(cur, k);
      }
      return e(getpath(i, path), np);
    }),
  ),
  vN("setpath", 2, (i, pv, nv) => setpathOf(i, pv, nv)),
  vN("delpaths", 1, (i, ps) => delpathsOf(i, ps)),
  gen("select", 1, (i, p, f, e, [c]) => c!(i, null, f, (v) => (truthy(v) ? e(i, p) : false))),
  gen("recurse", 1, (i, p, f, e, [g]) => {
    const meter = f.rt.meter;
    const rec = (v: Val, q: Path): boolean => {
      meter?.tick();
      if (e(v, q)) return true;
      return g!(v, q, f, rec);
    };
    return rec(i, p);
  }),
  gen("recurse", 0, (i, p, f, e) => {
    const rec = (v: Val, q: Path): boolean => {
      tick();
      if (e(v, q)) return true;
      if (Array.isArray(v)) {
        for (let k = 0; k < v.length; k++) if (rec(v[k]!, ext(q, k, v))) return true;
      } else if (v instanceof JqMap) for (const [k, x] of v) if (rec(x, ext(q, k, v))) return true;
      return false;
    };
    void f;
    return rec(i, p);
  }),
  gen("_modify", 2, (i, p, f, e, [paths, upd]) => out(modify(i, pathsOf(paths!, i, f), firstOf(upd!, f)), p, e)),
  gen("map", 1, (i, p, f, e, [g]) => {
    const outArr: Val[] = [];
    const push = (v: Val) => {
      inserted(v);
      outArr.push(v);
      return false;
    };
    if (Array.isArray(i)) for (const x of i) g!(x, null, f, push);
    else if (i instanceof JqMap) for (const x of i.valueList()) g!(x, null, f, push);
    else iterate(i, null, f, () => false);
    return out(outArr, p, e);
  }),
  v0("length", length),
  v0("utf8bytelength", (v) => {
    if (typeof v !== "string") throw new JqError(`${describe(v)} only strings have UTF-8 byte length`);
    return new TextEncoder().encode(v).length;
  }),
  v0("keys", (v) => keys(v, true)),
  v0("keys_unsorted", (v) => keys(v, false)),
  vN("has", 1, (v, k) => has(v, k)),
  vN("contains", 1, (a, b) => contains(a, b)),
  v0("type", (v) => typeOf(v)),
  v0("to_entries", toEntries),
  v0("from_entries", fromEntries),
  v0("add", addAll),
  gen("add", 1, (i, p, f, e, [g]) => {
    // `reduce f as $x (null; . + $x)`, the sum growing in place once made (see addAll)
    let acc: Val = null;
    const owned = new WeakSet<object>();
    g!(i, null, f, (v) => {
      acc = addOwned(acc, v, owned);
      return false;
    });
    return out(acc, p, e);
  }),
  vN("join", 1, join),
  v0("sort", sortArr),
  gen("sort_by", 1, (i, p, f, e, [g]) => out(sortBy(i, f, g!), p, e)),
  gen("group_by", 1, (i, p, f, e, [g]) => out(groupBy(i, f, g!), p, e)),
  gen("unique_by", 1, (i, p, f, e, [g]) => out(uniqueBy(i, f, g!), p, e)),
  v0("unique", (v) => {
    const s = sortArr(v);
    return s.filter((x, k) => k === 0 || compare(s[k - 1]!, x) !== 0);
  }),
  gen("min_by", 1, (i, p, f, e, [g]) => {
    const items = keyed(i, f, g!, "iterate over");
    if (items.length === 0) return out(null, p, e);
    let best = items[0]!;
    for (const it of items) if (compare(it.k, best.k) < 0) best = it;
    return out(best.v, p, e);
  }),
  gen("max_by", 1, (i, p, f, e, [g]) => {
    const items = keyed(i, f, g!, "iterate over");
    if (items.length === 0) return out(null, p, e);
    let best = items[0]!;
    for (const it of items) if (compare(it.k, best.k) >= 0) best = it;
    return out(best.v, p, e);
  }),
  v0("min", (v) => minMax(v, false)),
  v0("max", (v) => minMax(v, true)),
  v0("reverse", (v) => {
    if (v === null) return [];
    if (typeof v === "string") return [...v].reverse().join("");
    if (Array.isArray(v)) return v.slice().reverse();
    throw new JqError(`Cannot reverse ${describe(v)}`);
  }),
  v0("flatten", (v) => flatten(v, 1e9)),
  vN("flatten", 1, (v, d0) => {
    const d = unbox(d0);
    return flatten(v, typeof d === "number" ? d : fail("flatten depth must not be negative"));
  }),
  v0("tostring", tostring),
  v0("tonumber", tonumber),
  v0("tojson", (v) => dumpCompact(v)),
  v0("fromjson", fromjson),
  v0("ascii_downcase", (v) => ascii(v, false)),
  v0("ascii_upcase", (v) => ascii(v, true)),
  v0("explode", explode),
  v0("implode", implode),
  v0("trim", (v) => trimmed(v, "both")),
  v0("ltrim", (v) => trimmed(v, "l")),
  v0("rtrim", (v) => trimmed(v, "r")),
  vN("split", 1, splitStr),
  vN("ltrimstr", 1, (v, x) => {
    if (typeof v !== "string" || typeof x !== "string") throw new JqError("startswith() requires string inputs");
    return v.startsWith(x) ? v.slice(x.length) : v;
  }),
  vN("rtrimstr", 1, (v, x) => {
    if (typeof v !== "string" || typeof x !== "string") throw new JqError("endswith() requires string inputs");
    return v.endsWith(x) && x.length > 0 ? v.slice(0, v.length - x.length) : v;
  }),
  v0("toboolean", toboolean),
  vN("bsearch", 1, bsearch),
  vN("_strindices", 1, (v, x) => {
    if (typeof v !== "string") throw new JqError(`${describe(v)} cannot be searched, as it is not a string`);
    if (typeof x !== "string") throw new JqError(`${describe(x)} is not a string`);
    return indicesOf(v, x);
  }),
  vN("startswith", 1, (v, x) => {
    if (typeof v !== "string" || typeof x !== "string") throw new JqError("startswith() requires string inputs");
    return v.startsWith(x);
  }),
  vN("endswith", 1, (v, x) => {
    if (typeof v !== "string" || typeof x !== "string") throw new JqError("endswith() requires string inputs");
    return v.endsWith(x);
  }),
  vN("_indices", 1, indicesOf),
  gen("range", 2, (i, p, f, e, [a, b]) =>
    a!(i, null, f, (from) =>
      b!(i, null, f, (upto0) => {
        // jq's RANGE emits `$from` itself first (a kept literal as it is), then doubles
        const upto = unbox(upto0);
        if (!isNum(from) || typeof upto !== "number") throw new JqError("Range bounds must be numeric");
        const meter = f.rt.meter;
        let x = unbox(from);
        if (x < upto && from !== x) {
          if (out(from, p, e)) return true;
          x++;
        }
        for (; x < upto; x++) {
          meter?.tick();
          if (out(x, p, e)) return true;
        }
        return false;
      }),
    ),
  ),
  gen("range", 3, (i, p, f, e, [a, b, c]) =>
    a!(i, null, f, (from0) =>
      b!(i, null, f, (upto0) =>
        c!(i, null, f, (by0) => {
          if (!isNum(from0) || !isNum(upto0) || !isNum(by0)) throw new JqError("Range bounds must be numeric");
          const from = unbox(from0);
          const upto = unbox(upto0);
          const by = unbox(by0);
          const meter = f.rt.meter;
          // jq 1.8's `$from | while(. < $upto; . + $by)` (`>` for a negative `$by`, nothing for a
          // zero one: jq 1.8.2 gives [] for `[range(0; 10; 0)]`): `$from` itself comes first (a
          // kept literal as it is), then doubles
          if (!(by > 0 || by < 0) || compareNums(from0, upto0) !== (by > 0 ? -1 : 1)) return false;
          if (out(from0, p, e)) return true;
          for (let x = from + by; by > 0 ? x < upto : x > upto; x += by) {
            meter?.tick();
            if (out(x, p, e)) return true;
          }
          return false;
        }),
      ),
    ),
  ),
  gen("limit", 2, (i, p, f, e, [n, g]) =>
    n!(i, null, f, (nv0) => {
      const nv = unbox(nv0);
      if (typeof nv !== "number") throw new JqError("Invalid limit: must be a number");
      if (nv < 0) throw new JqError("limit doesn't support negative count");
      if (nv === 0) return false;
      let count = 0;
      let outer = false;
      g!(i, p, f, (v, q) => {
        if (e(v, q)) {
          outer = true;
          return true;
        }
        return ++count >= nv;
      });
      return outer;
    }),
  ),
  gen("skip", 2, (i, p, f, e, [n, g]) =>
    n!(i, null, f, (nv0) => {
      const nv = unbox(nv0);
      if (typeof nv !== "number") throw new JqError("Invalid skip: must be a number");
      if (nv < 0) throw new JqError("skip doesn't support negative count");
      let count = 0;
      return g!(i, p, f, (v, q) => (count++ < nv ? false : e(v, q)));
    }),
  ),
  gen("first", 1, (i, p, f, e, [g]) => {
    let got: [Val, Path] | undefined;
    g!(i, p, f, (v, q) => {
      got = [v, q];
      return true;
    });
    return got ? e(got[0], got[1]) : false;
  }),
  gen("last", 1, (i, p, f, e, [g]) => {
    let got: [Val, Path] | undefined;
    g!(i, p, f, (v, q) => {
      got = [v, q];
      return false;
    });
    return got ? e(got[0], got[1]) : false;
  }),
  gen("isempty", 1, (i, p, f, e, [g]) => {
    let empty = true;
    g!(i, null, f, () => {
      empty = false;
      return true;
    });
    return out(empty, p, e);
  }),
  // jq: "repeatedly apply f to . until an error is raised" (`[limit(3; 1 | repeat(. * 2))]` is [2,2,2]).
  gen("repeat", 1, (i, p, f, e, [g]) => {
    const meter = f.rt.meter;
    for (;;) {
      meter?.tick();
      if (g!(i, p, f, e)) return true;
    }
  }),
  gen("while", 2, (i, p, f, e, [c, u]) => {
    const meter = f.rt.meter;
    const rec = (v: Val, q: Path): boolean => {
      meter?.tick();
      return c!(v, null, f, (t) => (truthy(t) ? e(v, q) || u!(v, q, f, rec) : false));
    };
    return rec(i, p);
  }),
  gen("until", 2, (i, p, f, e, [c, u]) => {
    const meter = f.rt.meter;
    const rec = (v: Val, q: Path): boolean => {
      meter?.tick();
      return c!(v, null, f, (t) => (truthy(t) ? e(v, q) : u!(v, q, f, rec)));
    };
    return rec(i, p);
  }),
  gen("input", 0, (_i, p, f, e) => {
    const v = f.rt.nextInput();
    if (v === undefined) throw new JqError("No more inputs");
    return out(v, p, e);
  }),
  gen("inputs", 0, (_i, p, f, e) => {
    for (;;) {
      f.rt.meter?.tick();
      const v = f.rt.nextInput();
      if (v === undefined) return false;
      if (out(v, p, e)) return true;
    }
  }),
  gen("debug", 0, (i, p, f, e) => {
    f.rt.stderr(`["DEBUG:",${dumpCompact(i)}]\n`);
    return e(i, p);
  }),
  gen("debug", 1, (i, p, f, e, [m]) => {
    m!(i, null, f, (v) => {
      f.rt.stderr(`["DEBUG:",${dumpCompact(v)}]\n`);
      return false;
    });
    return e(i, p);
  }),
  gen("stderr", 0, (i, p, f, e) => {
    f.rt.stderr(dumpCompact(i));
    return e(i, p);
  }),
  v0("input_filename", (_v, rt) => rt.inputFilename()),
  v0("input_line_number", () => 0),
  v0("now", (_v, rt) => rt.now() / 1000),
  v0("halt", () => {
    throw new HaltSignal(0);
  }),
  v0("halt_error", (v) => {
    throw new HaltSignal(5, v);
  }),
  vN("halt_error", 1, (v, code0) => {
    const code = unbox(code0);
    if (typeof code !== "number") throw new JqError("halt_error/1: number required");
    throw new HaltSignal(code, v);
  }),
  gen("_equal_any", 2, (i, p, f, e, [src, s]) => {
    let found = false;
    src!(i, null, f, (a) => {
      s!(i, null, f, (b) => {
        if (equals(a, b)) found = true;
        return found;
      });
      return found;
    });
    return out(found, p, e);
  }),
];

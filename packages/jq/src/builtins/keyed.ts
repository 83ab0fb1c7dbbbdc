/**
 * `sort_by`, `group_by`, `unique_by`, `min_by`, `max_by`: elements keyed by `[f]`. When every
 * element has one string key (or every one a number key), `group_by` buckets the elements and
 * sorts only the distinct keys, and `sort_by` sorts indices: no `{value, [key]}` pair per element.
 */
import { describe } from "../ops.js";
import type { Native } from "../runtime.js";
import type { Val } from "../value.js";
import { JqError, compareRaw, compareStrings, guardDepth } from "../value.js";

type Fr = Parameters<Native["fn"]>[2];
type KeyFn = Parameters<Native["fn"]>[4][number];
/** An element with its key (the outputs of `f` on it). */
export interface Keyed {
  readonly v: Val;
  readonly k: Val[];
}

/** Each element's key: `one[j]` when every element gave exactly one output, else `all[j]`. */
type Keys = { readonly one: Val[]; readonly all?: undefined } | { readonly one?: undefined; readonly all: Val[][] };

/** Runs `fn` on each element of `arr` (once each, in order); `what` words the non-array error. */
function keysOf(arr: Val, f: Fr, fn: KeyFn, what: string): Keys {
  if (!Array.isArray(arr)) throw new JqError(`Cannot ${what} ${describe(arr)}`);
  const one: Val[] = [];
  let all: Val[][] | undefined;
  // The outputs of `fn` on one element: `first`, then `more` from the second on (no array per
  // element in the usual case of exactly one output).
  let n = 0;
  let first: Val = null;
  let more: Val[] = [];
  const add = (x: Val) => {
    if (n++ === 0) first = x;
    else if (n === 2) more = [first, x];
    else more.push(x);
    return false;
  };
  for (const v of arr) {
    n = 0;
    fn(v, null, f, add);
    if (n === 1 && !all) one.push(first);
    else {
      const k = n === 0 ? [] : n === 1 ? [first] : more;
      if (!all) all = one.map((x) => [x]);
      all.push(k);
    }
  }
  return all ? { all } : { one };
}

function pairs(a: readonly Val[], ks: Keys): Keyed[] {
  return a.map((v, j) => ({ v, k: ks.all ? ks.all[j]! : [ks.one[j]!] }));
}

/** Elements paired with their keys. */
export function keyed(arr: Val, f: Fr, fn: KeyFn, what: string): Keyed[] {
  return pairs(arr as Val[], keysOf(arr, f, fn, what));
}

/**
 * "string" or "number" when every key is one of that type (numbers not NaN), else undefined. A
 * kept literal (`DecLit`, typeof "object") is neither: its keys take the general path, which
 * compares them as jq does.
 */
function simpleKind(one: readonly Val[]): "string" | "number" | undefined {
  const t = typeof one[0];
  if (t !== "string" && t !== "number") return undefined;
  for (const x of one) if (typeof x !== t || (t === "number" && Number.isNaN(x))) return undefined;
  return t;
}

function sortKeyed(items: Keyed[]): Keyed[] {
  return guardDepth(() => items.sort((a, b) => compareRaw(a.k, b.k)), "Comparison too deep");
}

/** `sort_by(f)`: a stable sort by keys. */
export function sortBy(arr: Val, f: Fr, fn: KeyFn): Val[] {
  const ks = keysOf(arr, f, fn, "sort");
  const a = arr as Val[];
  const one = ks.one;
  const kind = one && simpleKind(one);
  if (!one || !kind) return sortKeyed(pairs(a, ks)).map((x) => x.v);
  const idx = a.map((_, j) => j);
  if (kind === "number") idx.sort((x, y) => (one[x] as number) - (one[y] as number) || x - y);
  else idx.sort((x, y) => compareStrings(one[x] as string, one[y] as string) || x - y);
  return idx.map((j) => a[j]!);
}

/** `group_by(f)`: elements with equal keys, groups in key order, elements in input order. */
export function groupBy(arr: Val, f: Fr, fn: KeyFn, what = "group"): Val[][] {
  const ks = keysOf(arr, f, fn, what);
  const a = arr as Val[];
  const one = ks.one;
  if (one && simpleKind(one)) {
    // Equal strings or numbers are the same Map key (0 and -0 too, as jq compares them equal).
    const buckets = new Map<Val, Val[]>();
    for (let j = 0; j < a.length; j++) {
      const b = buckets.get(one[j]!);
      if (b) b.push(a[j]!);
      else buckets.set(one[j]!, [a[j]!]);
    }
    const keys = [...buckets.keys()];
    keys.sort(typeof keys[0] === "number" ? (x, y) => (x as number) - (y as number) : (x, y) => compareStrings(x as string, y as string));
    return keys.map((k) => buckets.get(k)!);
  }
  const items = sortKeyed(pairs(a, ks));
  const groups: Val[][] = [];
  let prev: Val[] | undefined;
  for (const it of items) {
    if (prev && compareRaw(prev, it.k) === 0) groups[groups.length - 1]!.push(it.v);
    else groups.push([it.v]);
    prev = it.k;
  }
  return groups;
}

/** `unique_by(f)`: the first element of each group. */
export function uniqueBy(arr: Val, f: Fr, fn: KeyFn): Val[] {
  return groupBy(arr, f, fn, "unique").map((g) => g[0]!);
}

/**
 * Ordering for gawk's sorted traversal and sorting functions: `PROCINFO["sorted_in"]` (the
 * `@ind_str_asc`-style names or a user comparison function), `asort` and `asorti`.
 */
import type { Compiler } from "./compile-expr.js";
import { AwkFatalError } from "./errors.js";
import type { AwkArray } from "./runtime.js";
import { compare, fromInput, looksNumeric, StrNum, toNum } from "./values.js";
import type { Value } from "./values.js";

function typeRank(v: Value): number {
  // gawk's @val_type order: numbers before strings (arrays would come last).
  return typeof v === "number" || (v instanceof StrNum) ? 0 : 1;
}

function strCmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function numKeyCmp(a: string, b: string): number {
  const x = toNum(fromInput(a));
  const y = toNum(fromInput(b));
  return x - y || strCmp(a, b);
}

/** Compares two values as gawk's `@val_num_asc` (numbers, ties broken by string). */
function valNumCmp(a: Value, b: Value, convfmt: string): number {
  return toNum(a) - toNum(b) || compare(a, b, convfmt);
}

/** Compares two values as gawk's default asort order (numbers before strings). */
export function valTypeCmp(a: Value, b: Value, convfmt: string): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return toNum(a) - toNum(b);
  return strCmp(typeof a === "string" ? a : (a as StrNum).s, typeof b === "string" ? b : (b as StrNum).s);
}

/** The keys of `arr` in the order named by `how` (a sorted_in value). */
export function sortedKeys(c: Compiler, arr: AwkArray, how: string): string[] {
  const keys = [...arr.keys()];
  const conv = c.rt.CONVFMT;
  const val = (k: string): Value => arr.get(k)!;
  switch (how) {
    case "@unsorted":
      return keys;
    case "@ind_str_asc":
      return keys.sort(strCmp);
    case "@ind_str_desc":
      return keys.sort((a, b) => strCmp(b, a));
    case "@ind_num_asc":
      return keys.sort(numKeyCmp);
    case "@ind_num_desc":
      return keys.sort((a, b) => numKeyCmp(b, a));
    case "@val_str_asc":
      return keys.sort((a, b) => strCmp(c.rt.str(val(a)), c.rt.str(val(b))) || strCmp(a, b));
    case "@val_str_desc":
      return keys.sort((a, b) => strCmp(c.rt.str(val(b)), c.rt.str(val(a))) || strCmp(b, a));
    case "@val_num_asc":
      return keys.sort((a, b) => valNumCmp(val(a), val(b), conv) || strCmp(a, b));
    case "@val_num_desc":
      return keys.sort((a, b) => valNumCmp(val(b), val(a), conv) || strCmp(b, a));
    case "@val_type_asc":
      return keys.sort((a, b) => valTypeCmp(val(a), val(b), conv) || strCmp(a, b));
    case "@val_type_desc":
      return keys.sort((a, b) => valTypeCmp(val(b), val(a), conv) || strCmp(b, a));
    default: {
      const fn = userComparator(c, how);
      if (fn === undefined) return keys;
      return keys.sort((a, b) => fn(fromInput(a), val(a), fromInput(b), val(b)));
    }
  }
}

/** A user comparison function `f(i1, v1, i2, v2)` by name, or undefined when none exists. */
export function userComparator(c: Compiler, name: string): ((i1: Value, v1: Value, i2: Value, v2: Value) => number) | undefined {
  const info = c.funcs.get(name);
  if (info === undefined) return undefined;
  if (info.async) throw new AwkFatalError(`sort comparison function \`${name}' may not do input or output`);
  const rt = c.rt;
  const held = rt.held;
  return (i1, v1, i2, v2) => {
    const saved = rt.frame;
    const frame = [i1, v1, i2, v2].slice(0, Math.max(4, info.def.params.length));
    while (frame.length < info.def.params.length) frame.push(fromInput(""));
    // a call like any other: its locals are charged and given back, and it counts toward the
    // nesting bound (a comparison function that sorts again recurses)
    const outer = held.frameHeld;
    const mark = held.enterFrame(frame);
    rt.frame = frame;
    if (++rt.callDepth > 5000) throw new AwkFatalError("function call nesting too deep");
    try {
      info.body!();
    } finally {
      rt.frame = saved;
      rt.callDepth--;
      held.leaveFrame(mark, outer);
    }
    const r = toNum(rt.retval);
    return r;
  };
}

/** Whether a string key looks like a number (for asorti's numeric-string awareness). */
export function numericKey(k: string): boolean {
  return looksNumeric(k);
}

function isIndexKey(k: string): boolean {
  const n = k.length;
  if (n === 0 || n > 15) return false;
  const c0 = k.charCodeAt(0);
  if (c0 === 48) return n === 1;
  for (let i = 0; i < n; i++) {
    const c = k.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * The keys of `arr` in gawk's default traversal order as far as it is reproducible: gawk keeps
 * non-negative integer subscripts in a separate structure that it walks in ascending order after
 * the hashed (string and negative) subscripts; those come first, here in insertion order.
 */
export function defaultOrder(arr: AwkArray): string[] {
  const ints: string[] = [];
  let others: string[] | undefined;
  let last = -1;
  let ascending = true;
  for (const k of arr.keys()) {
    if (isIndexKey(k)) {
      const n = +k;
      if (n < last) ascending = false;
      last = n;
      ints.push(k);
    } else (others ??= []).push(k);
  }
  if (!ascending) ints.sort((a, b) => +a - +b);
  return others === undefined ? ints : others.concat(ints);
}

/**
 * jq values in JavaScript: `null`, booleans, numbers (doubles, or `DecLit` for a literal kept as
 * written: number.ts), strings, arrays (`Val[]`) and objects (`JqMap`, object.ts: Map's
 * interface, insertion order kept, `__proto__` an ordinary key). Also jq's total order,
 * equality, type names and the runtime error type.
 */
import { tick } from "./budget.js";
import { JqMap } from "./object.js";
import { DecLit, compareNums, integerLiteral, isNum, unbox } from "./number.js";

export { JqMap, DecLit };

/** A JSON/jq value. A number is a double or a `DecLit`; an object of another class is a `JqMap`. */
export type Val = null | boolean | number | DecLit | string | Val[] | JqObject;
/** A jq object. */
export type JqObject = JqMap;

/** A jq runtime error carrying jq's error value (usually a message string). */
export class JqError extends Error {
  readonly value: Val;
  constructor(value: Val) {
    super(typeof value === "string" ? value : "jq error");
    this.value = value;
  }
}

/**
 * True for the RangeError a JavaScript stack overflow throws. No regular expression: this runs
 * in `catch` blocks next to the stack's end, where V8 compiling a regex fails with a SyntaxError.
 */
export function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && e.message.includes("call stack");
}

/** Runs `fn`; a stack overflow inside becomes a jq error with `message` (jq's "... too deep"). */
export function guardDepth<T>(fn: () => T, message: string): T {
  try {
    return fn();
  } catch (e) {
    if (isStackOverflow(e)) throw new JqError(message);
    throw e;
  }
}

/** jq's type name of a value. */
export function typeOf(v: Val): "null" | "boolean" | "number" | "string" | "array" | "object" {
  if (v === null) return "null";
  switch (typeof v) {
    case "boolean":
      return "boolean";
    case "number":
      return "number";
    case "string":
      return "string";
  }
  return Array.isArray(v) ? "array" : v instanceof JqMap ? "object" : "number";
}

const TYPE_RANK: Record<string, number> = { null: 0, boolean: 1, number: 3, string: 4, array: 5, object: 6 };

/** Rank in jq's order: null < false < true < numbers < strings < arrays < objects. */
function rank(v: Val): number {
  if (v === null) return 0;
  if (v === false) return 1;
  if (v === true) return 2;
  return TYPE_RANK[typeOf(v)]!;
}

/** Compares strings by code point (as jq compares UTF-8 bytes). */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // Surrogates (>= 0xD800 < 0xE000) sort after BMP chars below 0xE000 but before 0xE000+ in UTF-16;
      // in code point order they sort after everything in the BMP.
      const xs = x >= 0xd800 && x < 0xe000;
      const ys = y >= 0xd800 && y < 0xe000;
      if (xs !== ys) return xs ? (y >= 0xe000 ? 1 : 1) : -1;
      return x < y ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** Sorted keys of an object (jq's `keys` order). */
export function sortedKeys(o: JqObject): string[] {
  return o.keyList().slice().sort(compareStrings);
}

/** jq's nesting limit for comparisons (MAX_CMP_DEPTH): deeper pairs fail with "... too deep". */
const MAX_CMP_DEPTH = 10000;
/**
 * Comparisons recurse down to this depth and walk deeper values with an explicit stack, so the
 * limit above is reached at the same depth whatever the JavaScript stack's size.
 */
const CMP_RECURSE = 256;

/** jq's total order: negative, zero or positive. */
export function compare(a: Val, b: Val, depth = 0): number {
  if (depth > MAX_CMP_DEPTH) throw new JqError("Comparison too deep");
  if (depth >= CMP_RECURSE && typeof a === "object" && a !== null && !(a instanceof DecLit)) return compareDeep(a, b, depth);
  return compareIn(a, b, depth);
}

/** `compare` without the stack-overflow guard (for comparators run inside one `guardDepth`). */
export function compareRaw(a: Val, b: Val): number {
  return compareIn(a, b, 0);
}

function compareIn(a: Val, b: Val, depth: number): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 3: {
      if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
      return compareNums(a as number | DecLit, b as number | DecLit);
    }
    case 4:
      return compareStrings(a as string, b as string);
    case 5: {
      // TM-DOS-009: containers tick, so comparing DAGs of shared arrays ends at the deadline
      tick();
      const x = a as Val[];
      const y = b as Val[];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = compare(x[i]!, y[i]!, depth + 1);
        if (c !== 0) return c;
      }
      return x.length - y.length < 0 ? -1 : x.length > y.length ? 1 : 0;
    }
    case 6: {
      tick();
      const x = a as JqObject;
      const y = b as JqObject;
      const kx = sortedKeys(x);
      const ky = sortedKeys(y);
      // jq compares the key arrays one level down (so 10,000 nested objects are too deep).
      const c = compare(kx, ky, depth + 1);
      if (c !== 0) return c;
      for (const k of kx) {
        const d = compare(x.get(k)!, y.get(k)!, depth + 1);
        if (d !== 0) return d;
      }
      return 0;
    }
  }
  return 0;
}

/** A container pair `compareDeep` or `equalsDeep` is walking: arrays by index, objects by key. */
interface PairFrame {
  readonly a: Val[] | JqObject;
  readonly b: Val[] | JqObject;
  /** The keys walked (objects: sorted for `compare`, `a`'s order for `equals`); null for arrays. */
  readonly keys: readonly string[] | null;
  readonly d: number;
  i: number;
}

/** The next pair under the frames on `stack` (popping finished ones), or undefined at the end. */
function nextPair(stack: PairFrame[], onArrayEnd: (f: PairFrame) => number): [Val, Val, number] | number | undefined {
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.keys === null) {
      const x = f.a as Val[];
      const y = f.b as Val[];
      if (f.i < x.length && f.i < y.length) {
        const i = f.i++;
        return [x[i]!, y[i]!, f.d + 1];
      }
      stack.pop();
      const r = onArrayEnd(f);
      if (r !== 0) return r;
    } else if (f.i < f.keys.length) {
      const k = f.keys[f.i++]!;
      return [(f.a as JqObject).get(k)!, (f.b as JqObject).get(k) ?? null, f.d + 1];
    } else stack.pop();
  }
  return undefined;
}

const lengthOrder = (f: PairFrame): number => {
  const m = (f.a as Val[]).length;
  const n = (f.b as Val[]).length;
  return m < n ? -1 : m > n ? 1 : 0;
};

/** `compare` with an explicit stack (for deeply nested values): the same order and depth limit. */
function compareDeep(a0: Val, b0: Val, d0: number): number {
  const stack: PairFrame[] = [];
  let a = a0;
  let b = b0;
  let d = d0;
  for (;;) {
    if (d > MAX_CMP_DEPTH) throw new JqError("Comparison too deep");
    tick();
    const ra = rank(a);
    const rb = rank(b);
    if (ra !== rb) return ra < rb ? -1 : 1;
    if (ra === 5) stack.push({ a: a as Val[], b: b as Val[], keys: null, d, i: 0 });
    else if (ra === 6) {
      const kx = sortedKeys(a as JqObject);
      const ky = sortedKeys(b as JqObject);
      const c = compareIn(kx, ky, d + 1); // strings only: no deeper than one level
      if (c !== 0) return c;
      stack.push({ a: a as JqObject, b: b as JqObject, keys: kx, d, i: 0 });
    } else {
      const c = compareIn(a, b, d);
      if (c !== 0) return c;
    }
    const next = nextPair(stack, lengthOrder);
    if (next === undefined) return 0;
    if (typeof next === "number") return next;
    [a, b, d] = next;
  }
}

/** Structural equality (numbers by value). */
export function equals(a: Val, b: Val, depth = 0): boolean {
  if (a === b) return true;
  if (depth > MAX_CMP_DEPTH) throw new JqError("Equality check too deep");
  if (depth >= CMP_RECURSE && typeof a === "object" && a !== null && !(a instanceof DecLit)) return equalsDeep(a, b, depth);
  return equalsIn(a, b, depth);
}

const NO_ORDER = (): number => 0;

/** `equals` with an explicit stack (for deeply nested values): the same answers and depth limit. */
function equalsDeep(a0: Val, b0: Val, d0: number): boolean {
  const stack: PairFrame[] = [];
  let a = a0;
  let b = b0;
  let d = d0;
  for (;;) {
    if (a !== b) {
      if (d > MAX_CMP_DEPTH) throw new JqError("Equality check too deep");
      tick();
      if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || a instanceof DecLit || b instanceof DecLit) {
        if (!equalScalars(a, b)) return false;
      } else if (Array.isArray(a)) {
        if (!Array.isArray(b) || a.length !== b.length) return false;
        stack.push({ a, b, keys: null, d, i: 0 });
      } else {
        if (Array.isArray(b) || a.size !== b.size) return false;
        const ks = a.keyList();
        for (const k of ks) if (!b.has(k)) return false;
        stack.push({ a, b, keys: ks, d, i: 0 });
      }
    }
    const next = nextPair(stack, NO_ORDER);
    if (next === undefined) return true;
    [a, b, d] = next as [Val, Val, number];
  }
}

/** Equality of two values that are not both containers (`a !== b` known): numbers only. */
function equalScalars(a: Val, b: Val): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b;
  return isNum(a) && isNum(b) && compareNums(a, b) === 0;
}

function equalsIn(a: Val, b: Val, depth: number): boolean {
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return equalScalars(a, b);
  tick();
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equals(a[i]!, b[i]!, depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  if (!(a instanceof JqMap) || !(b instanceof JqMap)) return equalScalars(a, b);
  if (a.size !== b.size) return false;
  const ks = a.keyList();
  const vs = a.valueList();
  for (let i = 0; i < ks.length; i++) {
    const w = b.get(ks[i]!);
    if (w === undefined || !equals(vs[i]!, w, depth + 1)) return false;
  }
  return true;
}

/** jq truthiness: everything but `null` and `false`. */
export function truthy(v: Val): boolean {
  return v !== null && v !== false;
}

/** Deep-copies nothing: jq values are immutable here; mutation helpers copy on write. */
export function isObject(v: Val): v is JqObject {
  return v instanceof JqMap;
}

/** Builds an object from entries. */
export function obj(entries: Iterable<[string, Val]> = []): JqObject {
  return new JqMap(entries);
}

/**
 * Converts a plain JS value (from JSON.parse-like sources or API callers) to a jq value. A
 * bigint keeps its digits (a `DecLit` when its double would not print them); a `DecLit` is kept.
 */
export function fromJS(v: unknown): Val {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case "boolean":
    case "string":
      return v;
    case "number":
      return v;
    case "bigint":
      return integerLiteral(v.toString());
  }
  if (v instanceof DecLit) return v;
  if (Array.isArray(v)) return v.map(fromJS);
  if (v instanceof JqMap) {
    const m = new JqMap();
    for (const [k, x] of v) m.set(k, fromJS(x));
    return m;
  }
  if (v instanceof Map) {
    const m = new JqMap();
    for (const [k, x] of v) m.set(String(k), fromJS(x));
    return m;
  }
  const m = new JqMap();
  for (const k of Object.keys(v as object)) m.set(k, fromJS((v as Record<string, unknown>)[k]));
  return m;
}

/**
 * Converts a jq value to plain JS (objects become null-prototype objects; a kept literal, a
 * `DecLit`, becomes its double: `dump` keeps its digits).
 */
export function toJS(v: Val): unknown {
  if (v === null || typeof v !== "object") return v;
  if (v instanceof DecLit) return unbox(v);
  if (Array.isArray(v)) return v.map(toJS);
  const o: Record<string, unknown> = Object.create(null);
  const ks = v.keyList();
  const vs = v.valueList();
  for (let i = 0; i < ks.length; i++) o[ks[i]!] = toJS(vs[i]!);
  return o;
}

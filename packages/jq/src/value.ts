/**
 * jq values in JavaScript: `null`, booleans, numbers, strings, arrays (`Val[]`) and objects
 * (`JqMap`, object.ts: Map's interface, insertion order kept, `__proto__` an ordinary key).
 * Also jq's total order, equality, type names and the runtime error type.
 */
import { JqMap } from "./object.js";

export { JqMap };

/** A JSON/jq value. */
export type Val = null | boolean | number | string | Val[] | JqObject;
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

/** True for the RangeError a JavaScript stack overflow throws. */
export function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message);
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
  return Array.isArray(v) ? "array" : "object";
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

/** jq's total order: negative, zero or positive. */
export function compare(a: Val, b: Val, depth = 0): number {
  if (depth > 10000) throw new JqError("Comparison too deep");
  if (depth === 0 && typeof a === "object" && a !== null) return guardDepth(() => compareIn(a, b, 1), "Comparison too deep");
  return compareIn(a, b, depth);
}

/** `compare` without the stack-overflow guard (for comparators run inside one `guardDepth`). */
export function compareRaw(a: Val, b: Val): number {
  return compareIn(a, b, 1);
}

function compareIn(a: Val, b: Val, depth: number): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 3: {
      const x = a as number;
      const y = b as number;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 4:
      return compareStrings(a as string, b as string);
    case 5: {
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
      const x = a as JqObject;
      const y = b as JqObject;
      const kx = sortedKeys(x);
      const ky = sortedKeys(y);
      const c = compare(kx, ky);
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

/** Structural equality (numbers by value). */
export function equals(a: Val, b: Val, depth = 0): boolean {
  if (a === b) return true;
  if (depth > 10000) throw new JqError("Equality check too deep");
  if (depth === 0 && typeof a === "object" && a !== null) return guardDepth(() => equalsIn(a, b, 1), "Equality check too deep");
  return equalsIn(a, b, depth);
}

function equalsIn(a: Val, b: Val, depth: number): boolean {
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    return typeof a === "number" && typeof b === "number" && a === b;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equals(a[i]!, b[i]!, depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
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

/** Converts a plain JS value (from JSON.parse-like sources or API callers) to a jq value. */
export function fromJS(v: unknown): Val {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case "boolean":
    case "string":
      return v;
    case "number":
      return v;
    case "bigint":
      return Number(v);
  }
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

/** Converts a jq value to plain JS (objects become null-prototype objects). */
export function toJS(v: Val): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(toJS);
  const o: Record<string, unknown> = Object.create(null);
  const ks = v.keyList();
  const vs = v.valueList();
  for (let i = 0; i < ks.length; i++) o[ks[i]!] = toJS(vs[i]!);
  return o;
}

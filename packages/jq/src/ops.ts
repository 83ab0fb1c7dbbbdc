/** jq's arithmetic and the shared error-message helpers. */
import { dumpCompact } from "./json.js";
import type { JqObject, Val } from "./value.js";
import { JqError, compare, equals, typeOf } from "./value.js";

/** `text` truncated the way jq truncates values in messages (buffer of `size` bytes). */
export function trunc(text: string, size = 11): string {
  return text.length > size ? `${text.slice(0, size - 1)}...` : text;
}

/** `type (value)` as jq's messages show a value. */
export function describe(v: Val, size = 11): string {
  return `${typeOf(v)} (${trunc(dumpCompact(v), size)})`;
}

/** Throws a jq error with a message. */
export function fail(msg: string): never {
  throw new JqError(msg);
}

function binError(a: Val, b: Val, what: string): never {
  throw new JqError(`${describe(a)} and ${describe(b)} cannot be ${what}`);
}

/** `a + b`. */
export function add(a: Val, b: Val): Val {
  if (typeof a === "number" && typeof b === "number") return a + b;
  if (a === null) return b;
  if (b === null) return a;
  if (typeof a === "string" && typeof b === "string") return a + b;
  if (Array.isArray(a) && Array.isArray(b)) return a.concat(b);
  if (a instanceof Map && b instanceof Map) {
    const m = new Map(a);
    for (const [k, v] of b) m.set(k, v);
    return m;
  }
  return binError(a, b, "added");
}

/** `a - b`. */
export function sub(a: Val, b: Val): Val {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (b.length === 0) return a;
    return a.filter((x) => !b.some((y) => equals(x, y)));
  }
  return binError(a, b, "subtracted");
}

/** Deep merge of objects (`*`). */
export function deepMerge(a: JqObject, b: JqObject): JqObject {
  const m = new Map(a);
  for (const [k, v] of b) {
    const old = m.get(k);
    m.set(k, old instanceof Map && v instanceof Map ? deepMerge(old, v) : v);
  }
  return m;
}

function repeatString(s: string, n: number): Val {
  if (n <= 0 || Number.isNaN(n)) return null;
  const times = n < 1 ? 1 : Math.round(n) === n ? n : Math.ceil(n);
  return s.repeat(times);
}

/** `a * b`. */
export function mul(a: Val, b: Val): Val {
  if (typeof a === "number" && typeof b === "number") return a * b;
  if (typeof a === "string" && typeof b === "number") return repeatString(a, b);
  if (typeof a === "number" && typeof b === "string") return repeatString(b, a);
  if (a instanceof Map && b instanceof Map) return deepMerge(a, b);
  return binError(a, b, "multiplied");
}

/** Splits a string by a separator (jq's `/` on strings and `split/1`). */
export function splitString(a: string, sep: string): string[] {
  if (a === "") return [];
  if (sep === "") return [...a];
  return a.split(sep);
}

/** `a / b`. */
export function div(a: Val, b: Val): Val {
  if (typeof a === "number" && typeof b === "number") {
    if (b === 0) throw new JqError(`${describe(a)} and ${describe(b)} cannot be divided because the divisor is zero`);
    return a / b;
  }
  if (typeof a === "string" && typeof b === "string") return splitString(a, b);
  return binError(a, b, "divided");
}

function toIntmax(n: number): number {
  if (Number.isNaN(n)) return 0;
  if (n >= 9.223372036854776e18) return 9.223372036854776e18;
  if (n <= -9.223372036854776e18) return -9.223372036854776e18;
  return Math.trunc(n);
}

/** `a % b` (integer remainder, truncating, sign of the dividend). */
export function mod(a: Val, b: Val): Val {
  if (typeof a === "number" && typeof b === "number") {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
    const y = toIntmax(b);
    if (y === 0) throw new JqError(`${describe(a)} and ${describe(b)} cannot be divided because the divisor is zero`);
    const x = toIntmax(a);
    if (Number.isSafeInteger(x) && Number.isSafeInteger(y)) {
      const r = x % y;
      return r === 0 ? 0 : r;
    }
    const r = Number(BigInt(x) % BigInt(y));
    return r;
  }
  return binError(a, b, "divided");
}

/** Applies a binary operator by its token. */
export function binop(op: string, a: Val, b: Val): Val {
  switch (op) {
    case "+":
      return add(a, b);
    case "-":
      return sub(a, b);
    case "*":
      return mul(a, b);
    case "/":
      return div(a, b);
    case "%":
      return mod(a, b);
    case "==":
      return equals(a, b);
    case "!=":
      return !equals(a, b);
    case "<":
      return compare(a, b) < 0;
    case "<=":
      return compare(a, b) <= 0;
    case ">":
      return compare(a, b) > 0;
    case ">=":
      return compare(a, b) >= 0;
  }
  throw new JqError(`unknown operator ${op}`);
}

/** `-a`. */
export function negate(a: Val): Val {
  if (typeof a === "number") return -a;
  throw new JqError(`${describe(a)} cannot be negated`);
}

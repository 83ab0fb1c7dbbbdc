/**
 * jq's arithmetic and the shared error-message helpers. Arithmetic on a kept literal (a
 * `DecLit`) works on its double and gives a double, as jq 1.8's does; unary minus keeps it.
 */
import { SLOT, charge, copied, tick } from "./budget.js";
import { dumpHead } from "./dump.js";
import { isNum, negateNum, unbox } from "./number.js";
import type { JqObject, Val } from "./value.js";
import { JqError, JqMap, compare, equals, typeOf } from "./value.js";

/** Cuts `s` to at most `bytes` UTF-8 bytes without splitting a character. */
function cutBytes(s: string, bytes: number): string {
  let n = 0;
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const w = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : 3;
    if (n + w > bytes) break;
    n += w;
    if (w === 4) i++;
  }
  return s.slice(0, i);
}

function utf8Len(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? (i++, 4) : 3;
  }
  return n;
}

/** A dumped value truncated the way jq 1.8 shows values in messages (at most 29 bytes). */
export function trunc(text: string, size = 30): string {
  if (utf8Len(text) <= size - 1) return text;
  if (text.startsWith('"') && text.endsWith('"')) return `"${cutBytes(text.slice(1), size - 6)}..."`;
  return `${cutBytes(text, size - 4)}...`;
}

/** `type (value)` as jq's messages show a value. */
export function describe(v: Val, size = 30): string {
  return `${typeOf(v)} (${trunc(dumpHead(v, size + 8), size)})`;
}

/** Throws a jq error with a message. */
export function fail(msg: string): never {
  throw new JqError(msg);
}

function binError(a: Val, b: Val, what: string): never {
  throw new JqError(`${describe(a)} and ${describe(b)} cannot be ${what}`);
}

/** What the value `+` makes costs beyond its growth (V8's cons string or array header: 32 bytes). */
const VALUE_BYTES = 32;

/**
 * `a + b`. Strings, arrays and objects charge the run's data budget their net growth (the
 * smaller operand, or the new keys) plus the new value itself: `reduce ... (. + "x")` costs
 * O(n), a doubling `. + .` costs what it adds.
 */
export function add(a: Val, b: Val): Val {
  if (typeof a === "number" && typeof b === "number") return a + b;
  if (a === null) return b;
  if (b === null) return a;
  if (typeof a === "string" && typeof b === "string") {
    charge(VALUE_BYTES + (a.length < b.length ? a.length : b.length));
    return a + b;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    charge(VALUE_BYTES + SLOT * (a.length < b.length ? a.length : b.length));
    copied(a.length + b.length);
    return a.concat(b);
  }
  if (isNum(a) && isNum(b)) return unbox(a) + unbox(b);
  if (a instanceof JqMap && b instanceof JqMap) {
    copied(a.size + b.size);
    const m = new JqMap(a);
    const bk = b.keyList();
    const bv = b.valueList();
    for (let i = 0; i < bk.length; i++) m.set(bk[i]!, bv[i]!);
    charge(VALUE_BYTES + SLOT * (m.size - a.size));
    return m;
  }
  return binError(a, b, "added");
}

/** `a - b`. */
export function sub(a: Val, b: Val): Val {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (b.length === 0) return a;
    // |a| x |b| comparisons: the deadline is checked among them, not once per element of `a`
    return a.filter((x) => !b.some((y) => (tick(), equals(x, y))));
  }
  if (isNum(a) && isNum(b)) return unbox(a) - unbox(b);
  return binError(a, b, "subtracted");
}

/** Deep merge of objects (`*`). */
export function deepMerge(a: JqObject, b: JqObject): JqObject {
  // Iterative: objects nested 10,000 deep merge without exhausting the JavaScript stack.
  const root = new JqMap(a);
  const work: [JqObject, JqObject, number][] = [[root, b, 0]];
  while (work.length > 0) {
    const [m, src, depth] = work.pop()!;
    if (depth > 10000) throw new JqError("Object merge too deep");
    tick();
    charge(SLOT * src.size);
    for (const [k, v] of src) {
      const old = m.get(k);
      if (old instanceof JqMap && v instanceof JqMap) {
        const c = new JqMap(old);
        m.set(k, c);
        work.push([c, v, depth + 1]);
      } else m.set(k, v);
    }
  }
  return root;
}

function repeatString(s: string, n: number): Val {
  if (n < 0 || Number.isNaN(n)) return null;
  const times = Math.floor(n);
  if (times * s.length > 536870888 || times > 2147483647) throw new JqError("Repeat string result too long");
  charge(times * s.length);
  return s.repeat(times);
}

/** `a * b`. */
export function mul(a: Val, b: Val): Val {
  if (typeof a === "number" && typeof b === "number") return a * b;
  if (typeof a === "string" && isNum(b)) return repeatString(a, unbox(b));
  if (isNum(a)) {
    if (typeof b === "string") return repeatString(b, unbox(a));
    if (isNum(b)) return unbox(a) * unbox(b);
  }
  if (a instanceof JqMap && b instanceof JqMap) return deepMerge(a, b);
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
  if (isNum(a) && isNum(b)) {
    const y = unbox(b);
    if (y === 0) throw new JqError(`${describe(a)} and ${describe(b)} cannot be divided because the divisor is zero`);
    return unbox(a) / y;
  }
  if (typeof a === "string" && typeof b === "string") return splitString(a, b);
  return binError(a, b, "divided");
}

function toIntmax(n: number): bigint {
  if (Number.isNaN(n)) return 0n;
  if (n >= 9.223372036854776e18) return 9223372036854775807n;
  if (n <= -9.223372036854776e18) return -9223372036854775808n;
  return BigInt(Math.trunc(n));
}

/** `a % b` (integer remainder, truncating, sign of the dividend). */
export function mod(a0: Val, b0: Val): Val {
  if (isNum(a0) && isNum(b0)) {
    const a = unbox(a0);
    const b = unbox(b0);
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
    if (b === 0) throw new JqError(`${describe(a0)} and ${describe(b0)} cannot be divided (remainder) because the divisor is zero`);
    if (Number.isSafeInteger(a) && Number.isSafeInteger(b) && b !== 0) {
      const r = a % b;
      return r === 0 ? 0 : r;
    }
    const y = toIntmax(b);
    if (y === 0n) throw new JqError(`${describe(a0)} and ${describe(b0)} cannot be divided (remainder) because the divisor is zero`);
    const x = toIntmax(a);
    if (y === -1n) return 0;
    return Number(x % y);
  }
  return binError(a0, b0, "divided");
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

/** `-a` (`jv_number_negate`: a kept literal stays one). */
export function negate(a: Val): Val {
  if (typeof a === "number") return -a;
  if (isNum(a)) return negateNum(a);
  throw new JqError(`${describe(a)} cannot be negated`);
}

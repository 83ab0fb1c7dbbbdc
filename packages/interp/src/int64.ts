/**
 * Signed 64-bit integer arithmetic with wraparound, as bash does it. Values are `number` while
 * they are safe integers (the fast path) and `bigint` only outside that range, so every value
 * has exactly one representation and `===` compares correctly.
 */

/** A bash integer: a safe-integer `number`, or a `bigint` outside the safe range. */
export type Int = number | bigint;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

/** Wraps a bigint to signed 64 bits and normalizes it to a number when it is safe. */
export function norm(x: bigint): Int {
  const w = BigInt.asIntN(64, x);
  return w >= MIN_SAFE && w <= MAX_SAFE ? Number(w) : w;
}

/** The bigint form of an Int. */
export function big(x: Int): bigint {
  return typeof x === "bigint" ? x : BigInt(x);
}

/** a + b */
export function add(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a + b;
    if (Number.isSafeInteger(r)) return r;
  }
  return norm(big(a) + big(b));
}

/** a - b */
export function sub(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a - b;
    if (Number.isSafeInteger(r)) return r;
  }
  return norm(big(a) - big(b));
}

/** a * b */
export function mul(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a * b;
    if (Number.isSafeInteger(r)) return r === 0 ? 0 : r;
  }
  return norm(big(a) * big(b));
}

/** a / b truncated toward zero (caller checks b != 0). INT64_MIN / -1 wraps. */
export function div(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number" && Math.abs(a) < 2 ** 52) {
    const r = Math.trunc(a / b);
    return r === 0 ? 0 : r;
  }
  return norm(big(a) / big(b));
}

/** a % b with the sign of a (caller checks b != 0). */
export function mod(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a % b;
    return r === 0 ? 0 : r;
  }
  return norm(big(a) % big(b));
}

/** a ** b for b >= 0, with wraparound at every step. */
export function pow(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a ** b;
    if (Number.isSafeInteger(r)) return r;
  }
  let base = BigInt.asIntN(64, big(a));
  let e = big(b);
  let r = 1n;
  while (e > 0n) {
    if (e & 1n) r = BigInt.asIntN(64, r * base);
    base = BigInt.asIntN(64, base * base);
    e >>= 1n;
  }
  return norm(r);
}

/** a << b (the count is taken modulo 64, as on x86-64). */
export function shl(a: Int, b: Int): Int {
  return norm(big(a) << (big(b) & 63n));
}

/** a >> b, arithmetic (the count is taken modulo 64). */
export function shr(a: Int, b: Int): Int {
  return norm(BigInt.asIntN(64, big(a)) >> (big(b) & 63n));
}

const I32 = (x: Int): boolean => typeof x === "number" && (x | 0) === x;

/** a & b */
export function band(a: Int, b: Int): Int {
  return I32(a) && I32(b) ? (a as number) & (b as number) : norm(big(a) & big(b));
}

/** a | b */
export function bor(a: Int, b: Int): Int {
  return I32(a) && I32(b) ? (a as number) | (b as number) : norm(big(a) | big(b));
}

/** a ^ b */
export function bxor(a: Int, b: Int): Int {
  return I32(a) && I32(b) ? (a as number) ^ (b as number) : norm(big(a) ^ big(b));
}

/** ~a */
export function bnot(a: Int): Int {
  return I32(a) ? ~(a as number) : norm(~big(a));
}

/** -a */
export function neg(a: Int): Int {
  return typeof a === "number" ? (a === 0 ? 0 : -a) : norm(-a);
}

/** Truthiness (non-zero). */
export function truthy(a: Int): boolean {
  return a !== 0 && a !== 0n;
}

/** Decimal text of an Int (what `$(( ))` prints). */
export function intToString(a: Int): string {
  return typeof a === "number" ? String(a) : a.toString();
}

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@_";

/**
 * Parses a bash integer constant (`12`, `0x1F`, `017`, `2#101`, `64#_`). Returns the value,
 * or a string naming the error (`value too great for base` / `invalid number` /
 * `invalid integer constant` / `invalid arithmetic base`). `0x` alone is 0, as in bash.
 */
export function parseIntConst(text: string): Int | string {
  let s = text;
  let base = 10;
  const hash = s.indexOf("#");
  if (hash >= 0) {
    const b = s.slice(0, hash);
    // a base written with a leading 0 (octal to bash) is no base: `02#1` and `0#1` are invalid numbers
    if (!/^[1-9][0-9]*$/.test(b)) return "invalid number";
    base = Number(b);
    if (base < 2 || base > 64) return "invalid arithmetic base";
    s = s.slice(hash + 1);
    if (s === "") return "invalid integer constant";
  } else if (/^0[xX]/.test(s)) {
    base = 16;
    s = s.slice(2);
    if (s === "") return 0;
  } else if (s.length > 1 && s[0] === "0") {
    base = 8;
    s = s.slice(1);
  }
  if (base === 10 && s.length < 16 && /^[0-9]+$/.test(s)) return Number(s);
  let acc = 0n;
  const bb = BigInt(base);
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    let d = DIGITS.indexOf(ch);
    if (d < 0) return "invalid number";
    if (base <= 36 && d >= 36 && d < 62) d -= 26;
    if (d >= base) return "value too great for base";
    acc = BigInt.asIntN(64, acc * bb + BigInt(d));
  }
  return norm(acc);
}

/**
 * C's `long double` on x86-64 Linux (the x87 80-bit extended format: a 64-bit significand with an
 * explicit integer bit, exponents down to 2^-16382 and denormals below), as an exact value. bash's
 * `printf`, coreutils' `printf` and `seq` read their numbers with `strtold` and compute in it, so
 * `printf '%.1f' 0.15` prints 0.2 there (0.15L is just above 0.15) where awk, on doubles, prints
 * 0.1. Values are BigInt significands; nothing here is on a hot path of awk.
 */

/** An exact binary floating-point value: finite ones are (-1)^neg * mant * 2^exp. */
export interface LongDouble {
  /** The sign (also of zeros, infinities and NaNs: `-nan` prints with its sign). */
  readonly neg: boolean;
  /** "inf" and "nan" carry only their sign. */
  readonly kind: "finite" | "inf" | "nan";
  /** The significand: below 2^64, with its top bit set unless the value is 0 or a denormal. */
  readonly mant: bigint;
  /** The power of two the significand is scaled by; -16445 for denormals and at least that for all. */
  readonly exp: number;
}

/** The result of {@link parseLongDouble}: the value, where the number ended, and strtold's ERANGE. */
export interface LongDoubleParse {
  readonly value: LongDouble;
  /** Index just past the number in the text; 0 when nothing could be read (as strtold's endptr). */
  readonly end: number;
  /** True when the value overflowed to infinity or underflowed (a denormal or zero that is not exact). */
  readonly range: boolean;
}

/** The smallest exponent of an 80-bit significand (denormals use it too). */
const MIN_EXP = -16445;
/** The largest exponent of a finite value (2^16384 would overflow). */
const MAX_EXP = 16320;
const TWO64 = 1n << 64n;
const TWO63 = 1n << 63n;
const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
/** Index of the high word of a double in U32 (little-endian hosts: 1). */
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/** Zero with a sign. */
function zero(neg: boolean): LongDouble {
  return { neg, kind: "finite", mant: 0n, exp: 0 };
}

/** Bit length of a positive BigInt. */
export function bitLength(n: bigint): number {
  if (n < 0x20000000000000n) {
    const x = Number(n);
    const hi = Math.floor(x / 4294967296);
    return hi === 0 ? 32 - Math.clz32(x) : 64 - Math.clz32(hi);
  }
  const x = Number(n);
  if (x === Number.POSITIVE_INFINITY) {
    const h = n.toString(16);
    return (h.length - 1) * 4 + (32 - Math.clz32(Number.parseInt(h[0]!, 16)));
  }
  // the double's exponent; rounding to nearest may have carried it up by one
  F64[0] = x;
  const e = ((U32[HI]! >>> 20) & 0x7ff) - 1023;
  return n >> BigInt(e) === 0n ? e : e + 1;
}

/**
 * Rounds the positive rational num/den to a 64-bit significand (half to even), with denormals
 * and overflow as the x87 format has them. `inexact` is set when rounding lost anything.
 */
function roundRational(neg: boolean, num: bigint, den: bigint): { value: LongDouble; inexact: boolean } {
  // e such that 2^63 <= num / den / 2^e < 2^64
  let e = bitLength(num) - bitLength(den) - 64;
  for (;;) {
    const q = e >= 0 ? num / (den << BigInt(e)) : (num << BigInt(-e)) / den;
    if (q >= TWO64) e++;
    else if (q < TWO63) e--;
    else break;
  }
  if (e < MIN_EXP) e = MIN_EXP;
  const n = e >= 0 ? num : num << BigInt(-e);
  const d = e >= 0 ? den << BigInt(e) : den;
  let q = n / d;
  const r = n - q * d;
  if (r * 2n > d || (r * 2n === d && (q & 1n) === 1n)) q++;
  if (q === TWO64) {
    q = TWO63;
    e++;
  }
  if (e > MAX_EXP) return { value: { neg, kind: "inf", mant: 0n, exp: 0 }, inexact: true };
  if (q === 0n) return { value: zero(neg), inexact: true };
  return { value: { neg, kind: "finite", mant: q, exp: e }, inexact: r !== 0n };
}

const SPACE = /[ \t\n\v\f\r]/;

/**
 * Reads a number at the start of `text` as glibc's `strtold` does: leading white space, a sign,
 * then decimal digits with a point and `e` exponent, hexadecimal (`0x1.8p3`), `inf`, `infinity`,
 * `nan` or `nan(chars)`, any case. `end` is 0 when no number is there (the value is then +0).
 */
export function parseLongDouble(text: string): LongDoubleParse {
  let i = 0;
  while (i < text.length && SPACE.test(text[i]!)) i++;
  let neg = false;
  if (text[i] === "+" || text[i] === "-") neg = text[i++] === "-";
  const rest = text.slice(i, i + 8).toLowerCase();
  if (rest.startsWith("inf")) {
    const end = i + (rest.startsWith("infinity") ? 8 : 3);
    return { value: { neg, kind: "inf", mant: 0n, exp: 0 }, end, range: false };
  }
  if (rest.startsWith("nan")) {
    let end = i + 3;
    const m = /^\([0-9A-Za-z_]*\)/.exec(text.slice(end));
    if (m !== null) end += m[0].length;
    return { value: { neg, kind: "nan", mant: 0n, exp: 0 }, end, range: false };
  }
  if (text[i] === "0" && (text[i + 1] === "x" || text[i + 1] === "X")) {
    const m = /^([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?/.exec(text.slice(i + 2))!;
    const int = m[1]!;
    const frac = m[2] ?? "";
    // "0x" without digits is the number 0 followed by "x"
    if (int === "" && frac === "") return { value: zero(neg), end: i + 1, range: false };
    let end = i + 2 + m[0].length;
    let exp = -4 * frac.length;
    const p = /^[pP]([-+]?[0-9]+)/.exec(text.slice(end));
    if (p !== null) {
      exp += clampExp(p[1]!);
      end += p[0].length;
    }
    return finish(neg, BigInt(`0x${int}${frac}`), exp, 2, end);
  }
  const m = /^([0-9]*)(?:\.([0-9]*))?/.exec(text.slice(i))!;
  const int = m[1]!;
  const frac = m[2] ?? "";
  if (int === "" && frac === "") return { value: zero(false), end: 0, range: false };
  let end = i + m[0].length;
  let exp = -frac.length;
  const x = /^[eE]([-+]?[0-9]+)/.exec(text.slice(end));
  if (x !== null) {
    exp += clampExp(x[1]!);
    end += x[0].length;
  }
  return finish(neg, BigInt(int + frac || "0"), exp, 10, end);
}

/** An exponent's digits as a number, clamped far past any value's range (1e999999999999). */
function clampExp(s: string): number {
  const n = Number(s);
  return Math.max(-1e6, Math.min(1e6, n));
}

/** digits * base^exp (base 2 or 10), rounded to a long double. */
function finish(neg: boolean, digits: bigint, exp: number, base: 2 | 10, end: number): LongDoubleParse {
  if (digits === 0n) return { value: zero(neg), end, range: false };
  // far outside the range: decide without building huge numbers
  const mag = (bitLength(digits) + (base === 10 ? exp * 3.3219280948873626 : exp));
  if (mag > MAX_EXP + 70) return { value: { neg, kind: "inf", mant: 0n, exp: 0 }, end, range: true };
  if (mag < MIN_EXP - 70) return { value: zero(neg), end, range: true };
  let num = digits;
  let den = 1n;
  if (base === 2) {
    if (exp >= 0) num <<= BigInt(exp);
    else den <<= BigInt(-exp);
  } else if (exp >= 0) num *= 10n ** BigInt(exp);
  else den = 10n ** BigInt(-exp);
  const { value, inexact } = roundRational(neg, num, den);
  const range = value.kind === "inf" || (inexact && (value.mant < TWO63));
  return { value, end, range };
}

/** The exact long double of a JS number (every double is one). */
export function longDoubleFromNumber(n: number): LongDouble {
  if (Number.isNaN(n)) return { neg: false, kind: "nan", mant: 0n, exp: 0 };
  const neg = n < 0 || Object.is(n, -0);
  if (!Number.isFinite(n)) return { neg, kind: "inf", mant: 0n, exp: 0 };
  if (n === 0) return zero(neg);
  const [m, e] = decomposeDouble(Math.abs(n));
  // normalize to a 64-bit significand
  const shift = 64 - bitLength(m);
  return { neg, kind: "finite", mant: m << BigInt(shift), exp: e - shift };
}


/**
 * A finite positive double as [m, e] with value = m * 2^e: m has 53 bits (the implicit one
 * included) for normal numbers, fewer for denormals (e = -1074 then).
 */
export function decomposeDouble(a: number): [bigint, number] {
  F64[0] = a;
  const hi = U32[HI]!;
  const lo = U32[1 - HI]!;
  const bexp = (hi >>> 20) & 0x7ff;
  const fracHi = hi & 0xfffff;
  const m = (BigInt(bexp === 0 ? fracHi : fracHi | 0x100000) << 32n) | BigInt(lo);
  return [m, bexp === 0 ? -1074 : bexp - 1075];
}

/**
 * The nearest double to `v` (half to even), as C's `(double)` cast; overflow gives an infinity
 * and underflow zero or a denormal.
 */
export function longDoubleToNumber(v: LongDouble): number {
  const s = v.neg ? -1 : 1;
  if (v.kind === "nan") return Number.NaN;
  if (v.kind === "inf") return s * Number.POSITIVE_INFINITY;
  if (v.mant === 0n) return s * 0;
  const len = bitLength(v.mant);
  const top = v.exp + len; // value in [2^(top-1), 2^top)
  // keep 53 bits, or fewer for a denormal result
  const keep = Math.min(53, top - 1 + 1074 + 1);
  if (keep <= 0) {
    // below half the smallest denormal, or exactly half (rounds to even: zero)
    if (keep === 0 && v.mant !== 1n << BigInt(len - 1)) return s * 5e-324;
    return s * 0;
  }
  let m = v.mant;
  let e = v.exp;
  if (len > keep) {
    const drop = BigInt(len - keep);
    const q = m >> drop;
    const r = m - (q << drop);
    const half = 1n << (drop - 1n);
    m = r > half || (r === half && (q & 1n) === 1n) ? q + 1n : q;
    e += len - keep;
  }
  return s * scale(Number(m), e);
}

/** m * 2^e without intermediate overflow or underflow (m below 2^54). */
function scale(m: number, e: number): number {
  if (e > 960) return m * 2 ** 960 * 2 ** (e - 960);
  if (e < -960) return m * 2 ** (e + 960) * 2 ** -960;
  return m * 2 ** e;
}

/** mant * 2^exp (mant >= 0, any size) rounded half to even to a long double, denormals and overflow included. */
function roundBits(neg: boolean, mant: bigint, exp: number): LongDouble {
  if (mant === 0n) return zero(neg);
  const len = bitLength(mant);
  let shift = len - 64;
  if (exp + shift < MIN_EXP) shift = MIN_EXP - exp;
  if (shift > 0) {
    const s = BigInt(shift);
    let q = mant >> s;
    const r = mant - (q << s);
    const half = 1n << (s - 1n);
    if (r > half || (r === half && (q & 1n) === 1n)) q++;
    mant = q;
    exp += shift;
    if (mant === TWO64) {
      mant = TWO63;
      exp++;
    }
    if (mant === 0n) return zero(neg);
  } else if (shift < 0) {
    mant <<= BigInt(-shift);
    exp += shift;
  }
  if (exp > MAX_EXP) return { neg, kind: "inf", mant: 0n, exp: 0 };
  return { neg, kind: "finite", mant, exp };
}

/** The exact product of two finite long doubles, rounded as the x87 rounds it (to nearest, ties even). */
export function mulLongDouble(a: LongDouble, b: LongDouble): LongDouble {
  return roundBits(a.neg !== b.neg, a.mant * b.mant, a.exp + b.exp);
}

/** The exact sum of two finite long doubles, rounded to nearest (ties even); x + -x is +0. */
export function addLongDouble(a: LongDouble, b: LongDouble): LongDouble {
  if (a.mant === 0n) return b.mant === 0n ? zero(a.neg && b.neg) : b;
  if (b.mant === 0n) return a;
  // a far smaller operand only decides the rounding: keep it as one sticky bit below the other
  const topA = a.exp + bitLength(a.mant);
  const topB = b.exp + bitLength(b.mant);
  if (topA - topB > 140) b = { ...b, mant: 1n, exp: topA - 140 };
  else if (topB - topA > 140) a = { ...a, mant: 1n, exp: topB - 140 };
  const e = Math.min(a.exp, b.exp);
  const x = (a.neg ? -a.mant : a.mant) << BigInt(a.exp - e);
  const y = (b.neg ? -b.mant : b.mant) << BigInt(b.exp - e);
  const s = x + y;
  return s < 0n ? roundBits(true, -s, e) : roundBits(false, s, e);
}

/** -1, 0 or 1 as a is below, equal to or above b (zeros of either sign are equal); NaN when either is a NaN. */
export function compareLongDouble(a: LongDouble, b: LongDouble): number {
  if (a.kind === "nan" || b.kind === "nan") return Number.NaN;
  const sa = a.kind === "inf" ? 2 : a.mant === 0n ? 0 : 1;
  const sb = b.kind === "inf" ? 2 : b.mant === 0n ? 0 : 1;
  if (sa !== 1 || sb !== 1 || a.neg !== b.neg) return Math.sign((a.neg ? -sa : sa) - (b.neg ? -sb : sb)) + 0;
  // same sign, both finite and non-zero: the magnitudes decide
  const topA = a.exp + bitLength(a.mant);
  const topB = b.exp + bitLength(b.mant);
  let m: number;
  if (topA !== topB) m = topA > topB ? 1 : -1;
  else {
    const e = Math.min(a.exp, b.exp);
    const x = a.mant << BigInt(a.exp - e);
    const y = b.mant << BigInt(b.exp - e);
    m = x === y ? 0 : x > y ? 1 : -1;
  }
  return a.neg ? -m : m;
}

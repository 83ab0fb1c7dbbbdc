/**
 * The one C printf number formatter of Husk: bash's `printf`, awk's `printf`/`sprintf` and number
 * to string conversions, and `seq -f` format `%d %i %o %u %x %X %e %E %f %F %g %G %a %A` through
 * it, as glibc does in the C locale. Each tool parses its own format and arguments and hands one
 * conversion at a time here: flags `- + space # 0` (the `'` flag groups nothing in the C locale),
 * width and precision. Floating-point values are a JS number (a C double) or a {@link LongDouble};
 * they are rounded half to even on their exact binary value, as glibc rounds.
 *
 * Memory and time are O(width + precision + the value's digits): callers bound width and precision.
 */
import type { LongDouble } from "./long-double.js";
import { decimalExponent, fixedDigits, hexDigits, significantDigits } from "./printf-digits.js";

/** One printf conversion, as a tool parsed it. */
export interface NumberSpec {
  /** The conversion letter: `d i o u x X` for {@link formatInteger}, `e E f F g G a A` for {@link formatFloat}. */
  readonly conv: string;
  /** `-`: pad on the right. */
  readonly left?: boolean;
  /** `+`: a plus sign before non-negative signed values. */
  readonly plus?: boolean;
  /** ` `: a space before non-negative signed values (`+` wins). */
  readonly space?: boolean;
  /** `#`: the alternate form (`0x` prefixes, a leading 0 for `%o`, always a point for floats, `%g` keeps zeros). */
  readonly alt?: boolean;
  /** `0`: pad with zeros after the sign and prefix (not with `-`, not for integers with a precision, not for inf/nan). */
  readonly zero?: boolean;
  /** Minimum field width; 0 or absent for none. */
  readonly width?: number;
  /** Precision; negative or absent for none. */
  readonly prec?: number;
}

/** `s` padded with spaces to `width`: on the left, or on the right when `left`. */
export function padField(s: string, width: number, left: boolean): string {
  if (s.length >= width) return s;
  return left ? s + " ".repeat(width - s.length) : " ".repeat(width - s.length) + s;
}

/** sign/prefix + body in a field of the spec's width; `zeroOk` allows `0` padding between them. */
function field(spec: NumberSpec, prefix: string, body: string, zeroOk: boolean): string {
  const width = spec.width ?? 0;
  const len = prefix.length + body.length;
  if (len >= width) return prefix + body;
  if (spec.left) return prefix + body + " ".repeat(width - len);
  if (zeroOk && spec.zero) return prefix + "0".repeat(width - len) + body;
  return " ".repeat(width - len) + prefix + body;
}

const UINT64 = (1n << 64n) - 1n;

/**
 * Formats an integer with `%d %i` (signed) or `%o %u %x %X` (unsigned: a negative value is
 * taken modulo 2^64, as C's conversion to uintmax_t). A number must be an integer; beyond 2^53 a
 * bigint keeps every digit.
 */
export function formatInteger(spec: NumberSpec, v: number | bigint): string {
  const conv = spec.conv;
  const signed = conv === "d" || conv === "i";
  let neg = false;
  let digits: string;
  const radix = conv === "o" ? 8 : conv === "x" || conv === "X" ? 16 : 10;
  if (typeof v === "number" && Number.isSafeInteger(v) && (v >= 0 || signed)) {
    neg = v < 0;
    digits = (neg ? -v : v).toString(radix);
  } else {
    let b = typeof v === "bigint" ? v : BigInt(v);
    if (!signed && b < 0n) b &= UINT64;
    neg = b < 0n;
    digits = (neg ? -b : b).toString(radix);
  }
  if (conv === "X") digits = digits.toUpperCase();
  const prec = spec.prec ?? -1;
  if (prec >= 0) {
    if (prec === 0 && digits === "0") digits = "";
    else if (digits.length < prec) digits = "0".repeat(prec - digits.length) + digits;
  }
  let prefix = "";
  if (signed) prefix = neg ? "-" : spec.plus ? "+" : spec.space ? " " : "";
  else if (spec.alt) {
    // `#o` makes the first digit a 0; `#x` prefixes non-zero values with 0x
    if (conv === "o") {
      if (digits[0] !== "0") digits = `0${digits}`;
    } else if (radix === 16 && digits !== "" && digits !== "0" && !/^0+$/.test(digits)) prefix = conv === "X" ? "0X" : "0x";
  }
  return field(spec, prefix, digits, prec < 0);
}

/** Whether a value is negative, NaNs and zeros included (for their sign). */
function isNeg(v: number | LongDouble): boolean {
  return typeof v === "number" ? v < 0 || Object.is(v, -0) : v.neg;
}

/**
 * Formats a floating-point value with `%e %E %f %F %g %G %a %A` as glibc's printf: rounded half
 * to even on the exact value, `inf`/`nan` (with their sign: `-nan`) padded with spaces. A number
 * prints as a double and a {@link LongDouble} as a long double (they differ in `%a` only:
 * `0x1p+0` against `0x8p-3`). A JS NaN has no sign: it prints as `nan`.
 */
export function formatFloat(spec: NumberSpec, v: number | LongDouble): string {
  const conv = spec.conv;
  const lower = conv.toLowerCase();
  const upper = conv !== lower;
  const neg = isNeg(v);
  const prefix = neg ? "-" : spec.plus ? "+" : spec.space ? " " : "";
  const special = typeof v === "number" ? (Number.isNaN(v) ? "nan" : Number.isFinite(v) ? "" : "inf") : v.kind === "finite" ? "" : v.kind;
  if (special !== "") return field(spec, prefix, upper ? special.toUpperCase() : special, false);
  const a: number | LongDouble = typeof v === "number" ? Math.abs(v) : v.neg ? { ...v, neg: false } : v;
  const prec = spec.prec ?? -1;
  const alt = spec.alt === true;
  let body: string;
  if (lower === "f") {
    body = fixedDigits(a, prec < 0 ? 6 : prec);
    if (alt && prec === 0) body += ".";
  } else if (lower === "e") {
    const p = prec < 0 ? 6 : prec;
    const [s, x] = significantDigits(a, p + 1);
    body = expForm(s, x, alt);
  } else if (lower === "g") {
    const p = prec < 0 ? 6 : prec === 0 ? 1 : prec;
    const [s, x] = significantDigits(a, p);
    if (x < -4 || x >= p) {
      // glibc: when rounding carried into the exponent style (999999.5 -> 1e+06), `#` keeps the
      // fixed style's count of decimals, none: 1.e+06
      const carried = alt && x === p && decimalExponent(a) < x;
      body = expForm(alt && !carried ? s : stripZeros(s), x, alt);
    } else {
      const int = x >= 0 ? s.slice(0, x + 1) : "0";
      let frac = x >= 0 ? s.slice(x + 1) : "0".repeat(-x - 1) + s;
      if (!alt) frac = stripZeros(frac);
      body = frac !== "" || alt ? `${int}.${frac}` : int;
    }
  } else if (lower === "a") {
    const prefixed = `${prefix}0x`;
    const hex = hexDigits(a, prec, alt);
    return field(spec, upper ? prefixed.toUpperCase() : prefixed, upper ? hex.toUpperCase() : hex, true);
  } else {
    throw new TypeError(`formatFloat: not a floating-point conversion: %${conv}`);
  }
  return field(spec, prefix, upper ? body.toUpperCase() : body, true);
}

/** Digits without trailing zeros ("" when all are zeros; the first digit stays for %g's mantissa). */
function stripZeros(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 48) end--;
  return s.slice(0, end);
}

/** d.ddde+XX from significant digits `s` (a lone "" mantissa for 0 with %g is "0"). */
function expForm(s: string, x: number, alt: boolean): string {
  const first = s === "" ? "0" : s[0]!;
  const rest = s.slice(1);
  const ax = x < 0 ? -x : x;
  const exp = `e${x < 0 ? "-" : "+"}${ax < 10 ? "0" : ""}${ax}`;
  return rest !== "" || alt ? `${first}.${rest}${exp}` : first + exp;
}

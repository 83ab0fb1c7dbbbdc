/**
 * awk values. A value is a JS `number` (numeric), a `string` (string), or a `StrNum` (a string
 * from input — fields, getline, ARGV, ENVIRON, split — that looks numeric: it compares as a
 * number). The uninitialized value `UNINIT` is a StrNum "" / 0.
 */
import { formatG } from "./format.js";

/** A numeric string from input: `s` is the text, `n` its numeric value. */
export class StrNum {
  readonly s: string;
  readonly n: number;
  constructor(s: string, n: number) {
    this.s = s;
    this.n = n;
  }
}

/** Any awk scalar value. */
export type Value = number | string | StrNum;

/** The uninitialized value: "" as a string, 0 as a number. */
export const UNINIT = new StrNum("", 0);

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
}

/**
 * The numeric value of the longest numeric prefix of `s` after leading blanks (strtod-like,
 * decimal only; `+inf`/`-nan` style specials as gawk). Returns 0 when there is none.
 */
export function strToNum(s: string): number {
  const len = s.length;
  // Fast path: starts and ends with a digit and is no 0x/0b/0o literal: Number() agrees with strtod.
  if (len > 0) {
    const c0 = s.charCodeAt(0);
    const cl = s.charCodeAt(len - 1);
    if (c0 >= 48 && c0 <= 57 && cl >= 48 && cl <= 57 && (len < 2 || (s.charCodeAt(1) | 32) < 97)) {
      const v = +s;
      if (v === v) return v;
    }
  }
  let i = 0;
  while (i < len && isSpace(s.charCodeAt(i))) i++;
  const start = i;
  let c = s.charCodeAt(i);
  if (c === 43 || c === 45) c = s.charCodeAt(++i);
  // Fast path: plain integer.
  let digits = 0;
  let v = 0;
  while (c >= 48 && c <= 57) {
    v = v * 10 + (c - 48);
    digits++;
    c = s.charCodeAt(++i);
  }
  if (c !== 46 && c !== 101 && c !== 69 && digits > 0 && digits < 16) {
    return s.charCodeAt(start) === 45 ? -v : v;
  }
  if (c === 46) {
    c = s.charCodeAt(++i);
    while (c >= 48 && c <= 57) {
      digits++;
      c = s.charCodeAt(++i);
    }
  }
  if (digits === 0) {
    const sign = s.charCodeAt(start);
    if (sign === 43 || sign === 45) {
      const w = s.slice(start + 1, start + 4).toLowerCase();
      if (w === "inf") return sign === 45 ? -Infinity : Infinity;
      if (w === "nan") return Number.NaN;
    }
    return 0;
  }
  if (c === 101 || c === 69) {
    let j = i + 1;
    let d = s.charCodeAt(j);
    if (d === 43 || d === 45) d = s.charCodeAt(++j);
    if (d >= 48 && d <= 57) {
      while (d >= 48 && d <= 57) d = s.charCodeAt(++j);
      i = j;
    }
  }
  return Number(s.slice(start, i));
}

/**
 * True when the whole of `s` (blanks allowed around) is a number, as POSIX requires for a
 * "numeric string".
 */
export function looksNumeric(s: string): boolean {
  const len = s.length;
  let i = 0;
  while (i < len && isSpace(s.charCodeAt(i))) i++;
  let c = s.charCodeAt(i);
  if (c === 43 || c === 45) c = s.charCodeAt(++i);
  let digits = 0;
  while (c >= 48 && c <= 57) {
    digits++;
    c = s.charCodeAt(++i);
  }
  if (c === 46) {
    c = s.charCodeAt(++i);
    while (c >= 48 && c <= 57) {
      digits++;
      c = s.charCodeAt(++i);
    }
  }
  if (digits === 0) {
    // gawk: "+inf", "-nan" (with a sign) are numeric strings (most text has no sign: no regex)
    const sign = s.charCodeAt(skipSpace(s, 0));
    return (sign === 43 || sign === 45) && /^\s*[+-](?:inf|nan)\s*$/i.test(s);
  }
  if (c === 101 || c === 69) {
    let d = s.charCodeAt(++i);
    if (d === 43 || d === 45) d = s.charCodeAt(++i);
    if (!(d >= 48 && d <= 57)) return false;
    while (d >= 48 && d <= 57) d = s.charCodeAt(++i);
  }
  while (i < len && isSpace(s.charCodeAt(i))) i++;
  return i === len;
}

/** Wraps input text: a StrNum when it looks numeric, else the plain string. */
export function fromInput(s: string): Value {
  return looksNumeric(s) ? new StrNum(s, strToNum(s)) : s;
}

/** The numeric value of any value. */
export function toNum(v: Value): number {
  if (typeof v === "number") return v;
  if (typeof v === "string") return strToNum(v);
  return v.n;
}

/** The boolean value: numbers are true when non-zero, strings when non-empty, strnums by number. */
export function toBool(v: Value): boolean {
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") return v !== "";
  return v === UNINIT ? false : v.n !== 0;
}

/** Formats a number as awk converts it to a string with format `fmt` (CONVFMT or OFMT). */
export function numToStr(n: number, fmt: string): string {
  if (Number.isInteger(n)) {
    if (n >= -1e16 && n <= 1e16) return n === 0 ? "0" : String(n);
    return BigInt(n).toString();
  }
  if (Number.isNaN(n)) return "-nan";
  if (n === Infinity) return "+inf";
  if (n === -Infinity) return "-inf";
  if (fmt === "%.6g") return formatG(n, 6, false, false);
  return fmtHook(fmt, n);
}

let fmtHook: (fmt: string, n: number) => string = (_f, n) => formatG(n, 6, false, false);

/** Installs the general formatter used for non-default CONVFMT/OFMT (set by format.ts users). */
export function setNumberFormatter(f: (fmt: string, n: number) => string): void {
  fmtHook = f;
}

/** The string value of any value, numbers converted with `convfmt`. */
export function toStr(v: Value, convfmt: string): string {
  if (typeof v === "string") return v;
  if (typeof v === "number") return numToStr(v, convfmt);
  return v.s;
}

/** True when `v` compares numerically (a number, a numeric strnum, or uninitialized). */
function isNumeric(v: Value): boolean {
  return typeof v === "number" || (typeof v !== "string");
}

/**
 * Compares two values as POSIX awk does: numerically when both are numeric (numbers, numeric
 * strings from input, uninitialized), else as strings. Returns <0, 0 or >0 (NaN compares as gawk:
 * unequal to everything, and "greater" for ordering stability).
 */
export function compare(a: Value, b: Value, convfmt: string): number {
  if (isNumeric(a) && isNumeric(b)) {
    const x = typeof a === "number" ? a : (a as StrNum).n;
    const y = typeof b === "number" ? b : (b as StrNum).n;
    if (x < y) return -1;
    if (x > y) return 1;
    if (x === y) return 0;
    return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
  }
  const s = toStr(a, convfmt);
  const t = toStr(b, convfmt);
  return s < t ? -1 : s > t ? 1 : 0;
}

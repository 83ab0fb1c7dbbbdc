/**
 * jq numbers as jq 1.8's decNumber build has them. A number is a JavaScript double, or, when it
 * was read as a literal (JSON input, `fromjson`, `tonumber`, a literal in the program) that would
 * not print back as its double does, a `DecLit`: the literal kept as a decimal (`1.000`, `1E+2`,
 * `12345678901234567891`), printed as decNumber's to-scientific-string of it. Arithmetic works on
 * the double (the literal is lost); printing, `tojson`, `tostring`, comparisons between two
 * literals and unary minus / `abs` / `length` keep it (jv.c: `jv_number_tostring`,
 * `jvp_number_cmp`, `jv_number_negate`, `jv_number_abs`).
 *
 * A literal of at most 15 digits whose canonical text is what its double prints (`1`, `1.5`,
 * `42`) stays a plain double: the two print alike, so only the rare literals pay for a box. The
 * differences that follow: such a literal compares with a kept one as doubles, where jq compares
 * two literals as decimals (`0.3 < 0.30000000000000001` is false here, true in jq); and a zero of
 * the input negates as a double (`0 | -.` is -0 here, 0 in jq, whose decNumberMinus gives +0; a
 * program's `-0` is folded by the parser and prints 0 as in jq).
 */

/** The exponent limits of jq's decimal context (DEC_INIT_BASE: emax 999999999, 147483648 digits). */
const EMAX = 999_999_999;
/** The least exponent of a subnormal in that context (emin - digits + 1): smaller ones round to it. */
const ETINY = -1_147_483_646;
/** Significant digits of the decimal64 context jq converts a literal to a double through. */
const DOUBLE_DIGITS = 17;
/** Literals of at most this many digits are unique as doubles (DBL_DIG): only they may be plain. */
const PLAIN_DIGITS = 15;

/**
 * A number literal kept as written (up to decNumber's canonical form): jq 1.8's
 * JVP_FLAGS_NUMBER_LITERAL. Immutable. `n` is the double jq computes with
 * (`jv_number_value`: the literal rounded to 17 digits, then to a double; `Infinity` past the
 * double range, 0 below it); `text` is how it prints. Both are computed on first use, as jq's
 * are (a document passed through is never converted to doubles). Its jq type is "number".
 */
export class DecLit {
  /** The sign (a negative zero has it too). */
  readonly neg: boolean;
  /** The coefficient's digits without leading zeros ("0" for zero). */
  readonly coef: string;
  /** The exponent: the value is `coef` x 10^`exp`. */
  readonly exp: number;
  #text: string | undefined;
  #n: number | undefined;

  /** `coef`: digits without leading zeros; `exp` within jq's decimal context (see `numberLiteral`). */
  constructor(neg: boolean, coef: string, exp: number) {
    this.neg = neg;
    this.coef = coef;
    this.exp = exp;
  }

  /** decNumber's to-scientific-string of the literal (`1.000`, `1E+2`, `-0`). */
  get text(): string {
    if (this.#text === undefined) this.#text = sciString(this.neg, this.coef, this.exp);
    return this.#text;
  }

  /** The double jq computes with. */
  get n(): number {
    if (this.#n === undefined) this.#n = toDouble(this.neg, this.coef, this.exp);
    return this.#n;
  }

  /** The printed literal (so a template string shows it as jq does). */
  toString(): string {
    return this.text;
  }

  /** `JSON.stringify` sees the double. */
  toJSON(): number {
    return this.n;
  }
}

/** A jq number: a double or a kept literal. */
export type Num = number | DecLit;

/** True for a jq number of either form. */
export function isNum(v: unknown): v is Num {
  return typeof v === "number" || v instanceof DecLit;
}


/**
 * `v` with a kept literal replaced by its double: the double of a jq number
 * (`jv_number_value`), or an argument as jq reads it where it wants a double.
 */
export function unbox<T>(v: T): Exclude<T, DecLit> | number {
  return v instanceof DecLit ? v.n : (v as Exclude<T, DecLit>);
}

/** decNumberToString: plain notation when the exponent is <= 0 and the adjusted one >= -6. */
function sciString(neg: boolean, coef: string, exp: number): string {
  const len = coef.length;
  const adj = exp + len - 1;
  let s: string;
  if (exp <= 0 && adj >= -6) {
    if (exp === 0) s = coef;
    else if (len > -exp) s = `${coef.slice(0, len + exp)}.${coef.slice(len + exp)}`;
    else s = `0.${"0".repeat(-exp - len)}${coef}`;
  } else {
    s = `${coef[0]}${len > 1 ? `.${coef.slice(1)}` : ""}E${adj >= 0 ? "+" : "-"}${Math.abs(adj)}`;
  }
  return neg ? `-${s}` : s;
}

/** The decimal rounded half-even to 17 digits (decimal64 as jq sets it up), then to a double. */
function toDouble(neg: boolean, coef: string, exp: number): number {
  let c = coef;
  let e = exp;
  if (c.length > DOUBLE_DIGITS) {
    const drop = c.length - DOUBLE_DIGITS;
    c = c.slice(0, DOUBLE_DIGITS);
    e += drop;
    const first = coef.charCodeAt(DOUBLE_DIGITS);
    const rest = coef.slice(DOUBLE_DIGITS + 1);
    const up = first > 0x35 || (first === 0x35 && (/[1-9]/.test(rest) || (c.charCodeAt(DOUBLE_DIGITS - 1) & 1) === 1));
    if (up) c = (BigInt(c) + 1n).toString();
  }
  const x = Number(`${c}e${e}`);
  return neg ? -x : x;
}

/** Exponents past this are beyond any range (overflow or underflow) and are not summed further. */
const MAX_EXP = 1e15;

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** decNumber's spellings of infinity and NaN: `Inf`, `Infinity`, `NaN`, `sNaN`, any case, with a sign. */
const SPECIAL_NUMBER = /^([+-]?)(inf|infinity|nan|snan)$/i;

/**
 * The number jq 1.8 reads from the word `w` (`jv_number_with_literal`, for a JSON input's bare
 * words and `tonumber`): a literal (`numberLiteral`), or one of decNumber's special values in
 * any case, signed (`-inf` is -Infinity, which jq prints as -DBL_MAX; `sNaN` is NaN); undefined
 * for anything else.
 */
export function decNumberWord(w: string): Num | undefined {
  const n = numberLiteral(w);
  if (n !== undefined) return n;
  const special = SPECIAL_NUMBER.exec(w);
  if (special === null) return undefined;
  return special[2]!.toLowerCase().endsWith("nan") ? Number.NaN : special[1] === "-" ? -Infinity : Infinity;
}

/**
 * The jq number of a literal in decNumber's syntax (`-1.50`, `1e2`, `.5`, `+3`; JSON's is a
 * subset): a plain double when its canonical text is what the double prints, else a `DecLit`;
 * `undefined` when `text` is not such a literal. Past decNumber's range a literal is the double
 * ±Infinity (jq prints it as ±DBL_MAX); below it, it rounds to the least subnormal exponent.
 */
export function numberLiteral(text: string): Num | undefined {
  // `[+-]digits[.digits][(e|E)[+-]digits]`, at least one digit before the exponent
  let i = 0;
  let c = text.charCodeAt(0);
  const neg = c === 0x2d;
  if (neg || c === 0x2b) c = text.charCodeAt(++i);
  const i0 = i;
  while (isDigit(c)) c = text.charCodeAt(++i);
  const i1 = i;
  let f0 = i;
  if (c === 0x2e) {
    f0 = ++i;
    c = text.charCodeAt(i);
    while (isDigit(c)) c = text.charCodeAt(++i);
  }
  const f1 = i;
  if (i1 === i0 && f1 === f0) return undefined;
  let exp = f0 - f1;
  if (c === 0x65 || c === 0x45) {
    c = text.charCodeAt(++i);
    const eneg = c === 0x2d;
    if (eneg || c === 0x2b) c = text.charCodeAt(++i);
    const e0 = i;
    let e = 0;
    for (; isDigit(c); c = text.charCodeAt(++i)) if (e < MAX_EXP) e = e * 10 + (c - 0x30);
    if (i === e0) return undefined;
    exp += eneg ? -e : e;
  }
  if (i !== text.length) return undefined;
  // the coefficient: the digits without leading zeros (across the point)
  let z = i0;
  while (z < i1 && text.charCodeAt(z) === 0x30) z++;
  let coef: string;
  if (z < i1) coef = f1 > f0 ? text.slice(z, i1) + text.slice(f0, f1) : text.slice(z, i1);
  else {
    z = f0;
    while (z < f1 && text.charCodeAt(z) === 0x30) z++;
    coef = z < f1 ? text.slice(z, f1) : "0";
  }
  return makeNum(neg, coef, exp);
}

/**
 * True when `±coef x 10^exp` (at most 15 digits, within range) prints as its double does:
 * decNumber's plain form (exponent 0, or a fraction of magnitude 1e-4 or more without trailing
 * zeros) is then exactly the shortest round-trip digits `formatNumber` writes in fixed notation.
 */
function printsAsDouble(coef: string, exp: number): boolean {
  if (exp === 0) return true;
  return exp < 0 && coef.charCodeAt(coef.length - 1) !== 0x30 && exp + coef.length - 1 >= -4;
}

/** The number `±coef x 10^exp` within jq's decimal context, boxed only when it must be. */
function makeNum(neg: boolean, coef: string, exp: number): Num {
  let c = coef;
  let e = exp;
  if (c === "0") e = Math.min(Math.max(e, ETINY), EMAX);
  else if (e + c.length - 1 > EMAX) return neg ? -Infinity : Infinity;
  else if (e < ETINY) {
    // a subnormal rounded half-up to the least exponent
    const drop = ETINY - e;
    const keep = c.length - drop;
    const up = keep >= 0 ? c.charCodeAt(keep) >= 0x35 : false;
    c = keep > 0 ? c.slice(0, keep) : "0";
    if (up) c = (BigInt(c) + 1n).toString();
    c = c.replace(/^0+(?=.)/, "");
    e = ETINY;
  }
  // Past 15 digits a literal is kept even when its double prints it: two such literals compare
  // as decimals (13911860366432393 != 13911860366432392, both 17 digits, one double apart).
  if (c.length <= PLAIN_DIGITS && printsAsDouble(c, e)) return toDouble(neg, c, e);
  return new DecLit(neg, c, e);
}

/** The jq number of an integer written as `digits` (an optional `-`, then decimal digits): `fromJS` of a bigint. */
export function integerLiteral(digits: string): Num {
  const neg = digits.charCodeAt(0) === 0x2d;
  const c = (neg ? digits.slice(1) : digits).replace(/^0+(?=.)/, "");
  return makeNum(neg, c, 0);
}

/**
 * jq's order of two numbers (`jvp_number_cmp`): two literals compare exactly as decimals,
 * anything else as doubles.
 */
export function compareNums(a: Num, b: Num): number {
  if (typeof a === "number" || typeof b === "number") {
    const x = unbox(a);
    const y = unbox(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return compareDecimals(a, b);
}

/** decNumberCompare of two finite decimals (zeros equal whatever their sign). */
function compareDecimals(a: DecLit, b: DecLit): number {
  const az = a.coef === "0";
  const bz = b.coef === "0";
  if (az || bz) {
    if (az && bz) return 0;
    if (az) return b.neg ? 1 : -1;
    return a.neg ? -1 : 1;
  }
  if (a.neg !== b.neg) return a.neg ? -1 : 1;
  const m = compareMagnitudes(a, b);
  return a.neg ? -m : m;
}

function compareMagnitudes(a: DecLit, b: DecLit): number {
  const aa = a.exp + a.coef.length;
  const ba = b.exp + b.coef.length;
  if (aa !== ba) return aa < ba ? -1 : 1;
  // the same adjusted exponent: the digits decide, the shorter padded with zeros
  const n = Math.max(a.coef.length, b.coef.length);
  for (let i = 0; i < n; i++) {
    const x = i < a.coef.length ? a.coef.charCodeAt(i) : 0x30;
    const y = i < b.coef.length ? b.coef.charCodeAt(i) : 0x30;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** `-n` (`jv_number_negate`): a double as a double; a kept literal as `negateLiteral` does. */
export function negateNum(v: Num): Num {
  return typeof v === "number" ? -v : negateLiteral(v);
}

/**
 * A literal negated as jq 1.8 negates one (decNumberMinus, `0 - x`): it stays a literal, with
 * the other sign, except that a zero is +0 (`-0` in a program prints `0`). A plain number here
 * is a literal whose double prints it (the parser folds `-1`).
 */
export function negateLiteral(v: Num): Num {
  if (typeof v === "number") return v === 0 ? 0 : -v;
  return new DecLit(v.coef === "0" ? false : !v.neg, v.coef, v.exp);
}

/** `|n|` (`jv_number_abs`, which `length` and `abs` use): a literal stays one. */
export function absNum(v: Num): Num {
  if (typeof v === "number") return v < 0 ? -v : v;
  return v.neg ? new DecLit(false, v.coef, v.exp) : v;
}

/** The text jq prints for a number: a literal as kept, a double as `formatNumber` does. */
export function numberText(v: Num): string {
  return typeof v === "number" ? formatNumber(v) : v.text;
}

/** Formats a double exactly as jq 1.8 prints it (shortest round-trip, 17 significant digits). */
export function formatNumber(n: number): string {
  if (Number.isInteger(n) && n < 1e16 && n > -1e16) return n === 0 && Object.is(n, -0) ? "-0" : String(n);
  // A fraction of magnitude 1e-4 to 1e16 (all of them are below 2^53): JavaScript's shortest
  // round-trip digits in fixed notation, exactly what the general case below builds.
  const a = n < 0 ? -n : n;
  if (a >= 1e-4 && a < 1e16) return String(n);
  if (Number.isNaN(n)) return "null";
  if (!Number.isFinite(n)) return n > 0 ? "1.7976931348623157e+308" : "-1.7976931348623157e+308";
  const e = n.toExponential();
  const neg = e.charCodeAt(0) === 45;
  const ei = e.indexOf("e");
  const mant = e.slice(neg ? 1 : 0, ei);
  const exp = Number(e.slice(ei + 1));
  const digits = mant.length > 1 ? mant[0]! + mant.slice(2) : mant;
  const nd = digits.length;
  const decpt = exp + 1;
  let out: string;
  if (decpt <= -4 || decpt > nd + 15) {
    const ae = Math.abs(exp);
    out = `${digits[0]}${nd > 1 ? `.${digits.slice(1)}` : ""}e${exp < 0 ? "-" : "+"}${ae < 10 ? `0${ae}` : ae}`;
  } else if (decpt <= 0) {
    out = `0.${"0".repeat(-decpt)}${digits}`;
  } else if (decpt >= nd) {
    out = digits + "0".repeat(decpt - nd);
  } else {
    out = `${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
  }
  return neg ? `-${out}` : out;
}

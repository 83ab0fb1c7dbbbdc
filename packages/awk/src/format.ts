import { HuskError, LimitError } from "@husk/host";

/** Widths and precisions beyond this would build strings past any sane limit. */
const MAX_WIDTH = 10_000_000;

/**
 * printf-style formatting as awk (gawk) does it: `%c %d %i %o %x %X %u %e %E %f %F %g %G %s %%`
 * with flags `-+ #0'`, width, precision and `*`. Numbers are JS doubles; integer conversions of
 * values beyond 2^53 print exactly through BigInt, as gawk does.
 */

/**
 * JS rounds exact decimal ties away from zero; C's printf rounds them to even. `r` is JS's
 * rounding of |n| to `kept` digits and `more` the same number with 25 more digits: when the
 * dropped digits are exactly 5000..., and JS rounded up to an odd digit, step the last digit back.
 */
function halfEven(r: string, more: string, dropped: string): string {
  if (!/^50*$/.test(dropped)) return r;
  const last = r.charCodeAt(r.length - 1);
  if (last < 48 || last > 57 || (last & 1) === 0) return r;
  void more;
  return r.slice(0, -1) + String.fromCharCode(last - 1);
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** %.Nf of |n| by scaled integer rounding, when provably the same as exact rounding; else undefined. */
function fastFixed(n: number, prec: number): string | undefined {
  if (prec > 15) return undefined;
  const scaled = n * POW10[prec]!;
  if (!(scaled < 4e15)) return undefined;
  const fl = Math.floor(scaled);
  const frac = scaled - fl;
  // Near a tie the product's rounding error could decide: use the exact path.
  if (frac > 0.4999999 && frac < 0.5000001) return undefined;
  let digits = String(frac > 0.5 ? fl + 1 : fl);
  if (prec === 0) return digits;
  if (digits.length <= prec) digits = "0".repeat(prec - digits.length + 1) + digits;
  return `${digits.slice(0, digits.length - prec)}.${digits.slice(digits.length - prec)}`;
}

function toFixedEven(n: number, prec: number): string {
  const f = fastFixed(n, prec);
  if (f !== undefined) return f;
  const r = n.toFixed(prec);
  // A tie is exactly representable: n * 2^(prec+1) must be an integer (cheap, exact filter).
  if (prec + 25 > 100 || !Number.isInteger(n * 2 ** (prec + 1))) return r;
  const more = n.toFixed(prec + 25);
  return halfEven(r, more, more.slice(more.length - 25));
}

function toExpEven(n: number, prec: number): string {
  const r = n.toExponential(prec);
  if (prec + 25 > 100) return r;
  const digitsAfterPoint = prec - Number(r.slice(r.indexOf("e") + 1));
  if (digitsAfterPoint + 1 >= 0 && !Number.isInteger(n * 2 ** (digitsAfterPoint + 1))) return r;
  const more = n.toExponential(prec + 25);
  const e1 = r.slice(r.indexOf("e"));
  const e2 = more.slice(more.indexOf("e"));
  if (e1 !== e2) return r; // rounding carried into a new digit: already even (1, 10, ...)
  const mant = more.slice(0, more.indexOf("e"));
  const m = halfEven(r.slice(0, r.indexOf("e")), more, mant.slice(mant.length - 25));
  return m + e1;
}

/** `%e`-style text of |n| (no sign) with `prec` digits after the point. */
function expText(n: number, prec: number, upper: boolean): string {
  let s = toExpEven(n, Math.min(prec, 100));
  // JS writes e+5; C writes e+05.
  const e = s.indexOf("e");
  const mant = s.slice(0, e);
  const sign = s[e + 1]!;
  let digits = s.slice(e + 2);
  if (digits.length < 2) digits = `0${digits}`;
  s = `${mant}e${sign}${digits}`;
  if (prec > 100) s = s.replace("e", "0".repeat(prec - 100) + "e");
  return upper ? s.toUpperCase() : s;
}

/** `%f`-style text of |n| (no sign). */
function fixedText(n: number, prec: number): string {
  if (n < 1e21) return prec <= 100 ? toFixedEven(n, prec) : n.toFixed(100) + "0".repeat(prec - 100);
  const int = BigInt(n).toString();
  return prec > 0 ? `${int}.${"0".repeat(prec)}` : int;
}

/** `%g` text of |n| (no sign): `alt` keeps trailing zeros (the `#` flag). */
function gText(n: number, prec: number, alt: boolean, upper: boolean): string {
  const p = prec === 0 ? 1 : prec;
  if (n === 0) return alt ? `0.${"0".repeat(p - 1)}`.replace(/\.$/, alt ? "." : "") : "0";
  const es = toExpEven(n, Math.min(p - 1, 100));
  const x = Number(es.slice(es.indexOf("e") + 1));
  let s: string;
  if (x < -4 || x >= p) {
    s = expText(n, p - 1, upper);
    if (!alt) {
      const e = s.indexOf(upper ? "E" : "e");
      let m = s.slice(0, e);
      if (m.includes(".")) m = m.replace(/0+$/, "").replace(/\.$/, "");
      s = m + s.slice(e);
    }
  } else {
    s = fixedText(n, p - 1 - x);
    if (!alt && s.includes(".")) s = s.replace(/0+$/, "").replace(/\.$/, "");
  }
  return s;
}

function specialText(n: number, upper: boolean): string | undefined {
  if (Number.isNaN(n)) return upper ? "NAN" : "nan";
  if (!Number.isFinite(n)) return upper ? "INF" : "inf";
  return undefined;
}

/** `%.{prec}g` of a finite or special number, with sign, as OFMT/CONVFMT conversions use. */
export function formatG(n: number, prec: number, alt: boolean, upper: boolean): string {
  const sp = specialText(n, upper);
  if (sp !== undefined) return Number.isNaN(n) ? `-${sp}` : n < 0 ? `-${sp}` : `+${sp}`;
  const neg = n < 0 || Object.is(n, -0);
  const body = gText(Math.abs(n), prec, alt, upper);
  return neg ? `-${body}` : body;
}

/** The argument accessors `sprintf` needs (so this module does not depend on the runtime). */
export interface FormatArgs {
  /** Number of arguments available. */
  readonly count: number;
  num(i: number): number;
  str(i: number): string;
  /** True when argument `i` is a number (not a string) — decides `%c`. */
  isNum(i: number): boolean;
  /** Missing arguments are a fatal error (gawk) instead of empty/zero. */
  readonly strict?: boolean;
}

function pad(s: string, width: number, left: boolean, zero: boolean, signLen: number): string {
  if (s.length >= width) return s;
  if (left) return s + " ".repeat(width - s.length);
  if (zero) return s.slice(0, signLen) + "0".repeat(width - s.length) + s.slice(signLen);
  return " ".repeat(width - s.length) + s;
}

function intText(n: number): string {
  const t = Math.trunc(n);
  if (t >= -9007199254740991 && t <= 9007199254740991) return String(Math.abs(t));
  return BigInt(Math.abs(t)).toString();
}

function unsignedText(n: number, radix: number): string {
  const t = Math.trunc(n);
  if (t >= 0 && t <= 9007199254740991) return t.toString(radix);
  let b = BigInt(t);
  if (b < 0n) b = BigInt.asUintN(64, b);
  return b.toString(radix);
}

/** A `*` width or precision: taken from the next argument. */
const STAR = -2;

/** One conversion of a parsed printf format, with the literal text before it. */
export interface FormatSpec {
  /** Literal text before the conversion. */
  readonly text: string;
  /** The conversion character; "" for trailing text alone, "%" for `%%` (with any flags). */
  readonly conv: string;
  readonly left: boolean;
  readonly plus: boolean;
  readonly space: boolean;
  readonly alt: boolean;
  readonly zero: boolean;
  /** Field width; STAR (-2) when an argument gives it. */
  readonly width: number;
  /** Precision; -1 when none, STAR (-2) when an argument gives it. */
  readonly prec: number;
  /** Where the conversion's `%` is in the format (error messages). */
  readonly pct: number;
  /** The conversion's own text (an unknown conversion is copied as is). */
  readonly raw: string;
}

/**
 * Parses a printf format into its conversions (each with the literal text before it). Flags
 * `-+ #0'`, width and precision (digits or `*`), and length modifiers (ignored) are read; a `%`
 * at the end, or a conversion cut off by the end, is literal text.
 */
export function parseFormat(fmt: string): FormatSpec[] {
  const specs: FormatSpec[] = [];
  const len = fmt.length;
  let text = "";
  let i = 0;
  const lit = (t: string): void => {
    specs.push({ text: t, conv: "", left: false, plus: false, space: false, alt: false, zero: false, width: 0, prec: -1, pct: -1, raw: "" });
  };
  while (i < len) {
    const pct = fmt.indexOf("%", i);
    if (pct < 0) {
      text += fmt.slice(i);
      break;
    }
    text += fmt.slice(i, pct);
    i = pct + 1;
    if (i >= len) {
      text += "%";
      break;
    }
    let left = false;
    let plus = false;
    let space = false;
    let alt = false;
    let zero = false;
    for (;;) {
      const f = fmt[i];
      if (f === "-") left = true;
      else if (f === "+") plus = true;
      else if (f === " ") space = true;
      else if (f === "#") alt = true;
      else if (f === "0") zero = true;
      else if (f === "'") {
        /* thousands grouping: C locale has none */
      } else break;
      i++;
    }
    let width = 0;
    if (fmt[i] === "*") {
      width = STAR;
      i++;
    } else {
      while (i < len && fmt.charCodeAt(i) >= 48 && fmt.charCodeAt(i) <= 57) width = width * 10 + fmt.charCodeAt(i++) - 48;
    }
    let prec = -1;
    if (fmt[i] === ".") {
      i++;
      prec = 0;
      if (fmt[i] === "*") {
        prec = STAR;
        i++;
      } else {
        while (i < len && fmt.charCodeAt(i) >= 48 && fmt.charCodeAt(i) <= 57) prec = prec * 10 + fmt.charCodeAt(i++) - 48;
      }
    }
    // Length modifiers are accepted and ignored.
    while (fmt[i] === "h" || fmt[i] === "l" || fmt[i] === "L" || fmt[i] === "q" || fmt[i] === "j" || fmt[i] === "z") i++;
    const conv = fmt[i++];
    if (conv === undefined) {
      text += fmt.slice(pct);
      break;
    }
    specs.push({ text, conv, left, plus, space, alt, zero, width, prec, pct, raw: fmt.slice(pct, i) });
    text = "";
  }
  if (text !== "") lit(text);
  return specs;
}

/**
 * How each argument of a parsed format is used, by position: "n" as a number (numeric
 * conversions, `*` widths and precisions), "s" as a string (`%s`), "v" as a value (`%c` prints a
 * number as a character, a string by its first one). Arguments past the last are absent.
 */
export function argumentKinds(specs: readonly FormatSpec[]): ("n" | "s" | "v")[] {
  const kinds: ("n" | "s" | "v")[] = [];
  for (const sp of specs) {
    if (sp.conv === "") continue;
    if (sp.width === STAR) kinds.push("n");
    if (sp.prec === STAR) kinds.push("n");
    if (sp.conv === "s") kinds.push("s");
    else if (sp.conv === "c") kinds.push("v");
    else if ("dioxXueEfFgG".includes(sp.conv)) kinds.push("n");
  }
  return kinds;
}

let lastFmt = "";
let lastSpecs: FormatSpec[] = [];

/**
 * Formats `fmt` with `args` like awk's sprintf. Missing arguments count as empty/zero (gawk
 * reports a fatal error; we are lenient, as mawk is). Unknown conversions are copied as is.
 */
export function sprintf(fmt: string, args: FormatArgs): string {
  if (fmt !== lastFmt) {
    lastSpecs = parseFormat(fmt);
    lastFmt = fmt;
  }
  return formatSpecs(fmt, lastSpecs, args);
}

/** `sprintf` with the format already parsed (`specs` = parseFormat(fmt)). */
export function formatSpecs(fmt: string, specs: readonly FormatSpec[], args: FormatArgs): string {
  let out = "";
  let ai = 0;
  for (let k = 0; k < specs.length; k++) {
    const sp = specs[k]!;
    out += sp.text;
    const conv = sp.conv;
    if (conv === "") continue;
    let { left, width, prec } = sp;
    const { plus, space, alt, zero, pct } = sp;
    // gawk's caret points at the character that ran out of arguments (a `*` or the conversion)
    const ranOut = (at: number): never => {
      throw new HuskError(`fatal: not enough arguments to satisfy format string\n\t\`${fmt}'\n\t${" ".repeat(at)}^ ran out for this one`, 2);
    };
    if (width === STAR) {
      if (ai >= args.count && args.strict) ranOut(pct + sp.raw.indexOf("*"));
      width = Math.trunc(ai < args.count ? args.num(ai) : 0);
      ai++;
      if (width < 0) {
        left = true;
        width = -width;
      }
    }
    if (prec === STAR) {
      if (ai >= args.count && args.strict) ranOut(pct + sp.raw.lastIndexOf("*"));
      prec = Math.trunc(ai < args.count ? args.num(ai) : 0);
      ai++;
      if (prec < 0) prec = -1;
    }
    if (conv === "%") {
      out += "%";
      continue;
    }
    // gawk runs out of arguments before it would build the field
    const has = ai < args.count;
    if (!has && args.strict) ranOut(pct + sp.raw.length - 1);
    if (width > MAX_WIDTH || prec > MAX_WIDTH) {
      throw new LimitError("maxStringBytes", `printf field width or precision too large: ${Math.max(width, prec)}`);
    }
    switch (conv) {
      case "s": {
        let s = has ? args.str(ai) : "";
        ai++;
        if (prec >= 0 && s.length > prec) s = s.slice(0, prec);
        out += pad(s, width, left, false, 0);
        break;
      }
      case "c": {
        let s: string;
        if (!has) s = "";
        else if (args.isNum(ai)) {
          const code = Math.trunc(args.num(ai));
          s = code >= 0 && code < 0x110000 ? String.fromCodePoint(code) : "";
        } else s = args.str(ai).slice(0, 1) || "\0";
        ai++;
        out += pad(s, width, left, zero, 0);
        break;
      }
      case "d":
      case "i": {
        const n = has ? args.num(ai) : 0;
        ai++;
        const sp = specialText(n, false);
        if (sp !== undefined) {
          const t = (Number.isNaN(n) || n < 0 ? "-" : "+") + sp;
          out += pad(t, width, left, false, 0);
          break;
        }
        let digits = intText(n);
        if (prec >= 0) {
          if (digits.length < prec) digits = "0".repeat(prec - digits.length) + digits;
          if (prec === 0 && Math.trunc(n) === 0) digits = "";
        }
        const sign = Math.trunc(n) < 0 ? "-" : plus ? "+" : space ? " " : "";
        out += pad(sign + digits, width, left, zero && prec < 0, sign.length);
        break;
      }
      case "o":
      case "x":
      case "X":
      case "u": {
        const n = has ? args.num(ai) : 0;
        ai++;
        const sp = specialText(n, conv === "X");
        if (sp !== undefined) {
          out += pad((n < 0 || Number.isNaN(n) ? "-" : "") + sp, width, left, false, 0);
          break;
        }
        let digits = unsignedText(n, conv === "o" ? 8 : conv === "u" ? 10 : 16);
        if (conv === "X") digits = digits.toUpperCase();
        if (prec >= 0) {
          if (digits.length < prec) digits = "0".repeat(prec - digits.length) + digits;
          if (prec === 0 && Math.trunc(n) === 0) digits = "";
        }
        let prefix = "";
        if (alt && Math.trunc(n) !== 0) {
          if (conv === "x") prefix = "0x";
          else if (conv === "X") prefix = "0X";
          else if (conv === "o" && digits[0] !== "0") prefix = "0";
        }
        out += pad(prefix + digits, width, left, zero && prec < 0, prefix.length);
        break;
      }
      case "e":
      case "E":
      case "f":
      case "F":
      case "g":
      case "G": {
        const n = has ? args.num(ai) : 0;
        ai++;
        const upper = conv === "E" || conv === "G" || conv === "F";
        const neg = n < 0 || Object.is(n, -0) || Number.isNaN(n);
        const sign = neg ? "-" : plus ? "+" : space ? " " : "";
        const sp = specialText(n, upper);
        if (sp !== undefined) {
          out += pad((neg ? "-" : "+") + sp, width, left, false, 0);
          break;
        }
        const a = Math.abs(n);
        const p = prec < 0 ? 6 : prec;
        let body: string;
        if (conv === "e" || conv === "E") body = expText(a, p, upper);
        else if (conv === "f" || conv === "F") body = fixedText(a, p);
        else body = gText(a, p, alt, upper);
        if (alt && p === 0 && !body.includes(".") && conv !== "g" && conv !== "G") {
          body = conv === "e" || conv === "E" ? body.replace(/[eE]/, ".$&") : `${body}.`;
        }
        out += pad(sign + body, width, left, zero, sign.length);
        break;
      }
      default:
        // Unknown conversion: copied through (gawk warns and does the same).
        out += sp.raw;
    }
  }
  return out;
}

/** Formats one number with a printf format (used for OFMT/CONVFMT values other than `%.6g`). */
export function formatNumberWith(fmt: string, n: number): string {
  return sprintf(fmt, { count: 1, num: () => n, str: () => String(n), isNum: () => true });
}

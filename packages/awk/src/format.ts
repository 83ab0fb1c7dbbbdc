/**
 * printf-style formatting as awk (gawk) does it: `%c %d %i %o %x %X %u %e %E %f %F %g %G %a %A
 * %s %%` with flags `-+ #0'`, width, precision and `*`. Numbers are JS doubles, formatted by
 * host's C formatter (exact, ties to even, as glibc); integer conversions of values beyond 2^53
 * print exactly through BigInt, as gawk does. What is gawk's own stays here: `+inf`/`-nan`,
 * `%c` of a number, running out of arguments.
 */
import { formatFloat, formatInteger, HuskError, LimitError, type NumberSpec } from "@husk/host";

/** Widths and precisions beyond this would build strings past any sane limit. */
const MAX_WIDTH = 10_000_000;


function specialText(n: number, upper: boolean): string | undefined {
  if (Number.isNaN(n)) return upper ? "NAN" : "nan";
  if (!Number.isFinite(n)) return upper ? "INF" : "inf";
  return undefined;
}

/** `%.{prec}g` of a finite or special number, with sign, as OFMT/CONVFMT conversions use. */
export function formatG(n: number, prec: number, alt: boolean, upper: boolean): string {
  const sp = specialText(n, upper);
  if (sp !== undefined) return Number.isNaN(n) ? `-${sp}` : n < 0 ? `-${sp}` : `+${sp}`;
  return formatFloat({ conv: upper ? "G" : "g", prec, alt }, n);
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

/** The spec as host's formatter takes it: itself, unless a `*` gave the width or precision. */
function numberSpec(sp: FormatSpec, left: boolean, width: number, prec: number): NumberSpec {
  return sp.width === STAR || sp.prec === STAR ? { conv: sp.conv, left, plus: sp.plus, space: sp.space, alt: sp.alt, zero: sp.zero, width, prec } : sp;
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
    else if ("dioxXueEfFgGaA".includes(sp.conv)) kinds.push("n");
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
    const { zero, pct } = sp;
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
      case "i":
      case "o":
      case "x":
      case "X":
      case "u": {
        const n = has ? args.num(ai) : 0;
        ai++;
        const sp = specialText(n, conv === "X");
        if (sp !== undefined) {
          const sign = Number.isNaN(n) || n < 0 ? "-" : conv === "d" || conv === "i" ? "+" : "";
          out += pad(sign + sp, width, left, false, 0);
          break;
        }
        const t = Math.trunc(n);
        const ns = numberSpec(specs[k]!, left, width, prec);
        // gawk: an unsigned conversion of a value no uintmax_t holds (a negative one: no intmax_t) is %g
        if (conv !== "d" && conv !== "i" && (t < -9223372036854775808 || t >= 18446744073709551616)) {
          out += formatFloat({ ...ns, conv: "g" }, n);
        } else out += formatInteger(ns, Number.isSafeInteger(t) ? t : BigInt(t));
        break;
      }
      case "e":
      case "E":
      case "f":
      case "F":
      case "g":
      case "G":
      case "a":
      case "A": {
        const n = has ? args.num(ai) : 0;
        ai++;
        const sp = specialText(n, conv === "E" || conv === "G" || conv === "F" || conv === "A");
        if (sp !== undefined) {
          const neg = n < 0 || Number.isNaN(n);
          out += pad((neg ? "-" : "+") + sp, width, left, false, 0);
          break;
        }
        out += formatFloat(numberSpec(specs[k]!, left, width, prec), n);
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

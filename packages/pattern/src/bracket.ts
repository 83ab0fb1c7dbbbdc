import { CharSet, CharSetBuilder, POSIX_CLASSES, type PosixClass, onigClass, posixClass, wordSet } from "./charset.js";
import { RegexError } from "./errors.js";

/** Messages GNU regcomp gives for bracket expressions. */
export const MSG_UNMATCHED_BRACKET = "Unmatched [, [^, [:, [., or [=";

/** How a bracket expression is read. */
export interface BracketOptions {
  /** Perl-style: backslash escapes (`\d`, `\]`, `\n` ...) work inside brackets. */
  readonly perlEscapes: boolean;
  /** With perlEscapes: `\w \d \s` are Oniguruma's Unicode classes (jq). */
  readonly onig?: boolean;
  readonly ignoreCase: boolean;
  /** Glob-style: `[!...]` negates too. */
  readonly bang?: boolean;
  /** Glob-style: a backslash makes the next character literal. */
  readonly backslashEscapes?: boolean;
}

/** Result of reading a bracket expression that starts at `src[pos] === "["`. */
export interface BracketResult {
  readonly set: CharSet;
  /** Index just past the closing `]`. */
  readonly end: number;
}

/**
 * Reads a POSIX bracket expression (`[abc]`, `[^a-z]`, `[[:alpha:]]`, `[[=e=]]`, `[[.-.]]`) or,
 * with `perlEscapes`, a Perl character class. Throws `RegexError` with GNU's messages; returns
 * null instead when `lenient` (globs treat an unmatched `[` as a literal).
 */
export function readBracket(src: string, pos: number, opts: BracketOptions, lenient = false): BracketResult | null {
  const b = new CharSetBuilder();
  let i = pos + 1;
  let negate = false;
  if (src[i] === "^" || (opts.bang && src[i] === "!")) {
    negate = true;
    i++;
  }
  const fail = (msg: string): null => {
    if (lenient) return null;
    throw new RegexError(msg);
  };
  let first = true;
  for (;;) {
    if (i >= src.length) return fail(MSG_UNMATCHED_BRACKET);
    let c = src[i]!;
    if (c === "]" && !first) {
      i++;
      break;
    }
    first = false;
    let lo: number;
    if (c === "[" && (src[i + 1] === ":" || src[i + 1] === "=" || src[i + 1] === ".")) {
      const kind = src[i + 1]!;
      const close = src.indexOf(`${kind}]`, i + 2);
      if (close < 0) return fail(MSG_UNMATCHED_BRACKET);
      const name = src.slice(i + 2, close);
      i = close + 2;
      if (kind === ":") {
        if (!(POSIX_CLASSES as readonly string[]).includes(name)) return fail("Invalid character class name");
        let cls = name as PosixClass;
        if (opts.ignoreCase && (cls === "upper" || cls === "lower")) cls = "alpha";
        b.addSet(posixClass(cls));
        continue;
      }
      if (name.length !== 1) return fail(kind === "=" ? "Invalid collation character" : "Invalid collation character");
      lo = name.charCodeAt(0);
      if (kind === "=") {
        b.add(lo);
        continue;
      }
    } else if (c === "\\" && opts.perlEscapes) {
      const e = src[i + 1];
      if (e === undefined) return fail(MSG_UNMATCHED_BRACKET);
      const cls = perlClassEscape(e, opts.onig);
      if (cls) {
        b.addSet(cls);
        i += 2;
        continue;
      }
      const r = readPerlCharEscape(src, i);
      lo = r.code;
      i = r.end;
    } else if (c === "\\" && opts.backslashEscapes && i + 1 < src.length) {
      lo = src.charCodeAt(i + 1);
      i += 2;
    } else {
      lo = c.charCodeAt(0);
      i++;
    }
    // a range lo-hi ?
    if (src[i] === "-" && i + 1 < src.length && src[i + 1] !== "]") {
      c = src[i + 1]!;
      let hi: number;
      if (c === "[" && src[i + 2] === ".") {
        const close = src.indexOf(".]", i + 3);
        if (close < 0) return fail(MSG_UNMATCHED_BRACKET);
        hi = src.charCodeAt(i + 3);
        i = close + 2;
      } else if (c === "\\" && opts.perlEscapes) {
        const r = readPerlCharEscape(src, i + 1);
        hi = r.code;
        i = r.end;
      } else if (c === "\\" && opts.backslashEscapes && i + 2 < src.length) {
        hi = src.charCodeAt(i + 2);
        i += 3;
      } else {
        hi = c.charCodeAt(0);
        i += 2;
      }
      if (hi < lo) return fail("Invalid range end");
      b.addRange(lo, hi);
    } else b.add(lo);
  }
  if (opts.ignoreCase) b.foldCase();
  return { set: b.build(negate), end: i };
}

/** The set for a Perl class escape letter (`d D w W s S`), or null. */
export function perlClassEscape(e: string, onig = false): CharSet | null {
  if (onig) {
    const lower = e === "w" || e === "d" || e === "s" ? e : e === "W" || e === "D" || e === "S" ? (e.toLowerCase() as "w" | "d" | "s") : undefined;
    if (lower !== undefined) return e === lower ? onigClass(lower) : onigClass(lower).negate();
  }
  switch (e) {
    case "d":
      return DIGIT;
    case "D":
      return DIGIT.negate();
    case "w":
      return wordSet();
    case "W":
      return wordSet().negate();
    case "s":
      return SPACE;
    case "S":
      return SPACE.negate();
    default:
      return null;
  }
}

const DIGIT = new CharSetBuilder().addRange(48, 57).build();
const SPACE = new CharSetBuilder().add(32).addRange(9, 13).build();

/**
 * Reads a Perl character escape at `src[pos] === "\\"`: `\t \n \r \f \v \e \a \0`, `\xhh`,
 * `\x{h..}`, `\uhhhh`, octal `\0oo`; any other escaped character stands for itself.
 */
export function readPerlCharEscape(src: string, pos: number): { code: number; end: number } {
  const e = src[pos + 1];
  if (e === undefined) throw new RegexError("\\ at end of pattern");
  switch (e) {
    case "t":
      return { code: 9, end: pos + 2 };
    case "n":
      return { code: 10, end: pos + 2 };
    case "r":
      return { code: 13, end: pos + 2 };
    case "f":
      return { code: 12, end: pos + 2 };
    case "v":
      return { code: 11, end: pos + 2 };
    case "e":
      return { code: 27, end: pos + 2 };
    case "a":
      return { code: 7, end: pos + 2 };
    case "x": {
      if (src[pos + 2] === "{") {
        const close = src.indexOf("}", pos + 3);
        if (close < 0) throw new RegexError("missing } after \\x{");
        const v = Number.parseInt(src.slice(pos + 3, close), 16);
        if (Number.isNaN(v) || v > 0xffff) throw new RegexError("character code point value in \\x{} is too large");
        return { code: v, end: close + 1 };
      }
      const m = /^[0-9a-fA-F]{1,2}/.exec(src.slice(pos + 2, pos + 4));
      return m ? { code: Number.parseInt(m[0], 16), end: pos + 2 + m[0].length } : { code: 0, end: pos + 2 };
    }
    case "u": {
      const m = /^[0-9a-fA-F]{4}/.exec(src.slice(pos + 2, pos + 6));
      return m ? { code: Number.parseInt(m[0], 16), end: pos + 6 } : { code: 117, end: pos + 2 };
    }
    case "0": {
      const m = /^[0-7]{0,2}/.exec(src.slice(pos + 2, pos + 4))!;
      return { code: m[0] ? Number.parseInt(m[0], 8) : 0, end: pos + 2 + m[0].length };
    }
    default:
      return { code: e.charCodeAt(0), end: pos + 2 };
  }
}

/**
 * awk regular expressions through @husk/pattern (GNU ERE, leftmost-longest, engines that cannot
 * stall the thread). awk's regex dialect differs from GNU ERE in a few places, so the source is
 * first rewritten (`awkEreToGnu`): backslash escapes inside brackets (`[\/\]]`), `\/` and `\"`,
 * C escapes (`\n \t \033`), gawk's `\y` for a word boundary, and literal leading `*`.
 */
import type { LimitsMeter } from "@husk/host";
import { compileRegex, RegexError } from "@husk/pattern";
import type { CompiledRegex } from "@husk/pattern";
import { AwkFatalError } from "./errors.js";

/** One match: `[start, end)` and the capture groups as text (index 0 = whole match). */
export interface RegexMatch {
  readonly start: number;
  readonly end: number;
  readonly groups: readonly (string | undefined)[];
  /** Start offset of each group (index 0 = whole match; -1 when the group did not take part). */
  readonly starts: readonly number[];
}

/** A compiled awk regex. */
export interface AwkRegex {
  readonly source: string;
  /** True when the regex matches anywhere in `s`. */
  test(s: string): boolean;
  /** The leftmost-longest match starting at or after `from`, or null. */
  exec(s: string, from: number): RegexMatch | null;
  /** Start index of the leftmost match at or after `from` and sets `lastEnd`; -1 when none. */
  search(s: string, from: number): number;
  /** End of the last successful `search`. */
  lastEnd: number;
}

const C_ESC: Record<string, string> = { n: "\n", t: "\t", r: "\r", f: "\f", v: "\v", a: "\x07", b: "\b", "/": "/", '"': '"' };
const ERE_SPECIAL = /[\\.[\]()*+?{}|^$]/;

function readOctal(src: string, i: number): [string, number] {
  let v = 0;
  let n = 0;
  while (n < 3 && i < src.length && src[i]! >= "0" && src[i]! <= "7") {
    v = v * 8 + src.charCodeAt(i++) - 48;
    n++;
  }
  return [String.fromCharCode(v & 255), i];
}

/** Rewrites one bracket expression starting at `src[i] === "["`; returns [gnu text, next index]. */
function bracket(src: string, i: number): [string, number] {
  let j = i + 1;
  let negate = false;
  if (src[j] === "^") {
    negate = true;
    j++;
  }
  const items: string[] = [];
  let rbracket = false;
  let dash = false;
  let caret = false;
  let first = true;
  const lit = (c: string): void => {
    if (c === "]") rbracket = true;
    else if (c === "-") dash = true;
    else if (c === "^") caret = true;
    else items.push(c);
  };
  const readChar = (): string => {
    const c = src[j]!;
    if (c === "\\" && j + 1 < src.length) {
      const d = src[j + 1]!;
      if (d >= "0" && d <= "7") {
        const [ch, k] = readOctal(src, j + 1);
        j = k;
        return ch;
      }
      j += 2;
      return C_ESC[d] ?? d;
    }
    j++;
    return c;
  };
  for (;;) {
    if (j >= src.length) throw new RegexError("Unmatched [, [^, [:, [., or [=");
    const c = src[j]!;
    if (c === "]" && !first) {
      j++;
      break;
    }
    first = false;
    if (c === "[" && (src[j + 1] === ":" || src[j + 1] === "." || src[j + 1] === "=")) {
      const close = src.indexOf(`${src[j + 1]}]`, j + 2);
      if (close > 0) {
        items.push(src.slice(j, close + 2));
        j = close + 2;
        continue;
      }
    }
    const a = readChar();
    if (src[j] === "-" && j + 1 < src.length && src[j + 1] !== "]") {
      j++;
      const b = readChar();
      if (a === "]" || a === "-" || a === "^" || b === "]" || b === "-" || b === "^") {
        // Ranges with bracket-special ends are rare; spell them with escapes GNU accepts.
        items.push(`${a === "]" || a === "^" || a === "-" ? `[.${a}.]` : a}-${b === "]" || b === "^" || b === "-" ? `[.${b}.]` : b}`);
      } else items.push(`${a}-${b}`);
      continue;
    }
    lit(a);
  }
  if (!negate && items.length === 0 && !rbracket && !dash && caret) return ["\\^", j];
  return [`[${negate ? "^" : ""}${rbracket ? "]" : ""}${items.join("")}${caret ? "^" : ""}${dash ? "-" : ""}]`, j];
}

/** Rewrites awk ERE text as GNU ERE text for @husk/pattern. Exported for tests. */
export function awkEreToGnu(src: string): string {
  let out = "";
  let i = 0;
  let atomStart = true; // a quantifier here is a literal character
  while (i < src.length) {
    const c = src[i]!;
    if (c === "\\") {
      const d = src[i + 1];
      i += 2;
      atomStart = false;
      if (d === undefined) {
        out += "\\\\";
      } else if (d >= "0" && d <= "7") {
        const [ch, k] = readOctal(src, i - 1);
        i = k;
        out += ERE_SPECIAL.test(ch) ? `\\${ch}` : ch;
      } else if (C_ESC[d] !== undefined) out += C_ESC[d];
      else if (d === "y") out += "\\b";
      else if ("B<>`'wWsS".includes(d)) out += `\\${d}`;
      else if (ERE_SPECIAL.test(d)) out += `\\${d}`;
      else out += d;
      continue;
    }
    if (c === "[") {
      const [t, j] = bracket(src, i);
      out += t;
      i = j;
      atomStart = false;
      continue;
    }
    if (c === "*" || c === "+" || c === "?") {
      out += atomStart ? `\\${c}` : c;
      i++;
      continue;
    }
    if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i, i + 24));
      if (m !== null && !atomStart) {
        out += m[0];
        i += m[0].length;
      } else {
        out += "\\{";
        i++;
      }
      continue;
    }
    if (c === "(" || c === "|" || c === "^") {
      out += c;
      i++;
      atomStart = true;
      continue;
    }
    out += c;
    atomStart = false;
    i++;
  }
  return out;
}

class PatternRegex implements AwkRegex {
  readonly source: string;
  readonly #re: CompiledRegex;
  lastEnd = 0;
  constructor(source: string, ignoreCase: boolean, meter: LimitsMeter | undefined) {
    this.source = source;
    try {
      this.#re = compileRegex(awkEreToGnu(source), { flavor: "ere", ignoreCase }, meter);
    } catch (e) {
      if (e instanceof RegexError) throw new AwkFatalError(`invalid regexp: ${e.message}: /${source}/`);
      throw e;
    }
  }
  test(s: string): boolean {
    return this.#re.test(s);
  }
  exec(s: string, from: number): RegexMatch | null {
    const m = this.#re.exec(s, from);
    if (m === null) return null;
    const groups: (string | undefined)[] = [s.slice(m.start, m.end)];
    const starts: number[] = [m.start];
    for (const g of m.groups) {
      groups.push(g === undefined ? undefined : s.slice(g[0], g[1]));
      starts.push(g === undefined ? -1 : g[0]);
    }
    return { start: m.start, end: m.end, groups, starts };
  }
  search(s: string, from: number): number {
    const m = this.#re.exec(s, from);
    if (m === null) return -1;
    this.lastEnd = m.end;
    return m.start;
  }
}

/**
 * Bytes charged per source character of a cached regex: about what a compiled @husk/pattern
 * regex keeps (measured on Node 20: 45 per character for 1,000-10,000 character sources).
 */
const REGEX_CHAR_BYTES = 48;

/** Most regexes the cache keeps. */
const MAX_CACHED = 500;

/**
 * A bounded cache of compiled regexes (dynamic regex strings are recompiled rarely). What it
 * keeps is charged to the run's data budget (`charge`), and it empties itself rather than keep
 * more than 500 regexes or an eighth of the budget: programs matching against thousands of
 * long computed patterns (`$0 ~ (s i)`) kept hundreds of megabytes of compiled regexes.
 */
export class RegexCache {
  readonly #map = new Map<string, AwkRegex>();
  readonly #icase = new Map<string, AwkRegex>();
  readonly #meter: LimitsMeter | undefined;
  readonly #charge: ((bytes: number) => void) | undefined;
  readonly #maxBytes: number;
  /** Bytes charged for what the cache keeps. */
  #bytes = 0;
  constructor(meter?: LimitsMeter, charge?: (bytes: number) => void) {
    this.#meter = meter;
    this.#charge = charge;
    this.#maxBytes = (meter?.limits.maxDataBytes ?? 256 * 1024 * 1024) / 8;
  }
  /** Compiles (or fetches) `source`; throws AwkFatalError for an invalid regex. */
  get(source: string, ignoreCase = false): AwkRegex {
    const map = ignoreCase ? this.#icase : this.#map;
    let r = map.get(source);
    if (r === undefined) {
      // a compile costs work in proportion to the source: a loop of them must not wait for the
      // loop's own deadline check every 1,024 iterations (a 10,000-character one takes 40 ms)
      this.#meter?.checkDeadline();
      r = new PatternRegex(source, ignoreCase, this.#meter);
      const bytes = 64 + source.length * REGEX_CHAR_BYTES;
      if (this.#map.size + this.#icase.size >= MAX_CACHED || this.#bytes + bytes > this.#maxBytes) this.#clear();
      map.set(source, r);
      this.#bytes += bytes;
      this.#charge?.(bytes);
    }
    return r;
  }
  #clear(): void {
    this.#map.clear();
    this.#icase.clear();
    this.#charge?.(-this.#bytes);
    this.#bytes = 0;
  }
}

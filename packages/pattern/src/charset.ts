/**
 * Character sets over UTF-16 code units: sorted, merged inclusive ranges plus a bitmap for the
 * Latin-1 block, so membership is one array load for the common case.
 */

/** The largest code unit. */
export const MAX_CHAR = 0xffff;

/** An immutable set of code units. Build with `CharSetBuilder`. */
export class CharSet {
  /** Flattened inclusive ranges [lo0, hi0, lo1, hi1, ...], sorted and merged. */
  readonly ranges: Uint32Array;
  readonly #low: Uint8Array;
  constructor(ranges: number[]) {
    this.ranges = Uint32Array.from(ranges);
    this.#low = new Uint8Array(256);
    for (let i = 0; i < ranges.length; i += 2) {
      const lo = ranges[i]!;
      const hi = Math.min(ranges[i + 1]!, 255);
      for (let c = lo; c <= hi; c++) this.#low[c] = 1;
    }
  }
  /** True when the code unit `c` is in the set. */
  has(c: number): boolean {
    if (c < 256) return this.#low[c] === 1;
    const r = this.ranges;
    let lo = 0;
    let hi = (r.length >> 1) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (c < r[mid * 2]!) hi = mid - 1;
      else if (c > r[mid * 2 + 1]!) lo = mid + 1;
      else return true;
    }
    return false;
  }
  /** The single member when the set has exactly one, else -1. */
  single(): number {
    return this.ranges.length === 2 && this.ranges[0] === this.ranges[1] ? this.ranges[0]! : -1;
  }
  /** True when the set matches every code unit. */
  isAll(): boolean {
    return this.ranges.length === 2 && this.ranges[0] === 0 && this.ranges[1] === MAX_CHAR;
  }
  /** True when no code unit matches. */
  isEmpty(): boolean {
    return this.ranges.length === 0;
  }
  /** The complement. */
  negate(): CharSet {
    const out: number[] = [];
    let next = 0;
    const r = this.ranges;
    for (let i = 0; i < r.length; i += 2) {
      if (r[i]! > next) out.push(next, r[i]! - 1);
      next = r[i + 1]! + 1;
    }
    if (next <= MAX_CHAR) out.push(next, MAX_CHAR);
    return new CharSet(out);
  }
  /** JS RegExp class source for this set, e.g. `[\u0061-\u007a]` (no `u` flag needed). */
  toJsClass(): string {
    if (this.isAll()) return "[\\s\\S]";
    if (this.isEmpty()) return "[^\\s\\S]";
    let s = "[";
    const r = this.ranges;
    for (let i = 0; i < r.length; i += 2) {
      s += hex(r[i]!);
      if (r[i + 1] !== r[i]) s += `-${hex(r[i + 1]!)}`;
    }
    return `${s}]`;
  }
}

function hex(c: number): string {
  return `\\u${c.toString(16).padStart(4, "0")}`;
}

/** Accumulates ranges, then builds a normalized `CharSet`. */
export class CharSetBuilder {
  #r: number[] = [];
  /** Adds the inclusive range lo..hi. */
  addRange(lo: number, hi: number): this {
    if (lo <= hi) this.#r.push(lo, hi);
    return this;
  }
  /** Adds one code unit. */
  add(c: number): this {
    this.#r.push(c, c);
    return this;
  }
  /** Adds every member of `set`. */
  addSet(set: CharSet): this {
    for (const v of set.ranges) this.#r.push(v);
    return this;
  }
  /** Adds the other case of every ASCII/Latin/BMP letter already present (case folding). */
  foldCase(): this {
    const r = this.#r;
    const n = r.length;
    for (let i = 0; i < n; i += 2) {
      const lo = r[i]!;
      const hi = Math.min(r[i + 1]!, lo + 0x3000 > MAX_CHAR ? MAX_CHAR : r[i + 1]!);
      for (let c = lo; c <= hi; c++) {
        const o = otherCase(c);
        if (o !== c) r.push(o, o);
      }
    }
    return this;
  }
  /** The normalized set. */
  build(negate = false): CharSet {
    const pairs: [number, number][] = [];
    for (let i = 0; i < this.#r.length; i += 2) pairs.push([this.#r[i]!, this.#r[i + 1]!]);
    pairs.sort((a, b) => a[0] - b[0]);
    const out: number[] = [];
    for (const [lo, hi] of pairs) {
      const last = out.length - 1;
      if (last > 0 && lo <= out[last]! + 1) {
        if (hi > out[last]!) out[last] = hi;
      } else out.push(lo, hi);
    }
    const set = new CharSet(out);
    return negate ? set.negate() : set;
  }
}

const caseCache = new Map<number, number>();
/** The other-case counterpart of a code unit (itself when it has none). */
export function otherCase(c: number): number {
  if (c < 128) {
    if (c >= 65 && c <= 90) return c + 32;
    if (c >= 97 && c <= 122) return c - 32;
    return c;
  }
  let o = caseCache.get(c);
  if (o === undefined) {
    const ch = String.fromCharCode(c);
    const u = ch.toUpperCase();
    const l = ch.toLowerCase();
    o = u !== ch && u.length === 1 ? u.charCodeAt(0) : l !== ch && l.length === 1 ? l.charCodeAt(0) : c;
    caseCache.set(c, o);
  }
  return o;
}

/** The POSIX class names accepted in `[[:name:]]`. */
export const POSIX_CLASSES = ["alpha", "digit", "alnum", "upper", "lower", "space", "blank", "punct", "print", "graph", "cntrl", "xdigit"] as const;
/** A POSIX class name. */
export type PosixClass = (typeof POSIX_CLASSES)[number];

const unicodeTests: Record<PosixClass, RegExp> = {
  alpha: /[\p{Alphabetic}]/u,
  digit: /[0-9]/,
  alnum: /[\p{Alphabetic}\p{Nd}]/u,
  upper: /\p{Uppercase}/u,
  lower: /\p{Lowercase}/u,
  space: /[\s]/u,
  blank: /[\t\p{Zs}]/u,
  punct: /[\p{P}\p{S}]/u,
  print: /[^\p{C}]/u,
  graph: /[^\p{C}\p{Z}]/u,
  cntrl: /\p{Cc}/u,
  xdigit: /[0-9A-Fa-f]/,
};
const asciiClasses: Record<PosixClass, (c: number) => boolean> = {
  alpha: (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  digit: (c) => c >= 48 && c <= 57,
  alnum: (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57),
  upper: (c) => c >= 65 && c <= 90,
  lower: (c) => c >= 97 && c <= 122,
  space: (c) => c === 32 || (c >= 9 && c <= 13),
  blank: (c) => c === 32 || c === 9,
  punct: (c) => (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126),
  print: (c) => c >= 32 && c <= 126,
  graph: (c) => c >= 33 && c <= 126,
  cntrl: (c) => c < 32 || c === 127,
  xdigit: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102),
};
const classCache = new Map<string, CharSet>();

/**
 * The set of a POSIX class as glibc's C.UTF-8 locale classifies characters: ASCII as POSIX
 * says, and non-ASCII BMP characters by their Unicode properties (so `[[:alpha:]]` matches `é`,
 * as GNU grep does here). Built lazily once per class.
 */
export function posixClass(name: PosixClass): CharSet {
  let s = classCache.get(name);
  if (!s) {
    const b = new CharSetBuilder();
    const ascii = asciiClasses[name];
    for (let c = 0; c < 128; c++) if (ascii(c)) b.add(c);
    if (name !== "digit" && name !== "xdigit") addMatching(b, unicodeTests[name], 128);
    s = b.build();
    classCache.set(name, s);
  }
  return s;
}

/** `\w`: alphanumerics and underscore (GNU: `[_[:alnum:]]`). */
export function wordSet(): CharSet {
  let s = classCache.get("\\w");
  if (!s) {
    s = new CharSetBuilder().addSet(posixClass("alnum")).add(95).build();
    classCache.set("\\w", s);
  }
  return s;
}

/** The set of BMP characters `re` accepts (one scan, cached under `key`). */
function unicodeSet(key: string, re: RegExp): CharSet {
  let s = classCache.get(key);
  if (!s) {
    const b = new CharSetBuilder();
    addMatching(b, re, 0);
    s = b.build();
    classCache.set(key, s);
  }
  return s;
}

/** Adds to `b` the BMP characters from `from` up (surrogates excluded) that `re` accepts. */
function addMatching(b: CharSetBuilder, re: RegExp, from: number): void {
  let start = -1;
  for (let c = from; c <= MAX_CHAR + 1; c++) {
    const inSet = c <= MAX_CHAR && !(c >= 0xd800 && c <= 0xdfff) && re.test(String.fromCharCode(c));
    if (inSet && start < 0) start = c;
    else if (!inSet && start >= 0) {
      b.addRange(start, c - 1);
      start = -1;
    }
  }
}

/**
 * Oniguruma's (jq's) Unicode classes: `\w` is Letter, Mark, Decimal_Number and
 * Connector_Punctuation (a combining mark is part of a word, unlike GNU's `[_[:alnum:]]`), `\d`
 * Decimal_Number, `\s` White_Space. `name` is "w", "d" or "s".
 */
export function onigClass(name: "w" | "d" | "s"): CharSet {
  if (name === "w") return unicodeSet("onig\\w", /[\p{L}\p{M}\p{Nd}\p{Pc}]/u);
  return name === "d" ? unicodeSet("onig\\d", /\p{Nd}/u) : unicodeSet("onig\\s", /\p{White_Space}/u);
}

/** True when `c` is an Oniguruma word character (`onigClass("w")`), for its `\b \B`. */
export function isOnigWordChar(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return onigClass("w").has(c);
}

/** True when `c` is a word character for `\b \< \>` (same set as `\w`). */
export function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return wordSet().has(c);
}

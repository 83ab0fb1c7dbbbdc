import { HuskError } from "@husk/host";
import { isBlank } from "./compare.js";

/** Ordering modifiers of a key or of the whole sort. */
export interface Ordering {
  blanksStart: boolean;
  blanksEnd: boolean;
  dictionary: boolean;
  fold: boolean;
  ignoreNonprinting: boolean;
  numeric: boolean;
  general: boolean;
  human: boolean;
  month: boolean;
  version: boolean;
  random: boolean;
  reverse: boolean;
}

/** One `-k` key: fields are 1-based; `endField` 0 means end of line; `endChar` 0 means end of field. */
export interface SortKey extends Ordering {
  startField: number;
  startChar: number;
  endField: number;
  endChar: number;
}

/** A fresh set of modifiers, all off. */
export function noOrdering(): Ordering {
  return {
    blanksStart: false,
    blanksEnd: false,
    dictionary: false,
    fold: false,
    ignoreNonprinting: false,
    numeric: false,
    general: false,
    human: false,
    month: false,
    version: false,
    random: false,
    reverse: false,
  };
}

/** Applies one modifier letter; returns false when the letter is not one. */
export function applyModifier(o: Ordering, c: string, where: "start" | "end" | "global"): boolean {
  switch (c) {
    case "b":
      if (where !== "end") o.blanksStart = true;
      if (where !== "start") o.blanksEnd = true;
      return true;
    case "d": o.dictionary = true; return true;
    case "f": o.fold = true; return true;
    case "i": o.ignoreNonprinting = true; return true;
    case "n": o.numeric = true; return true;
    case "g": o.general = true; return true;
    case "h": o.human = true; return true;
    case "M": o.month = true; return true;
    case "V": o.version = true; return true;
    case "R": o.random = true; return true;
    case "r": o.reverse = true; return true;
    default: return false;
  }
}

/**
 * GNU's check_ordering_compatibility for one key (global options already inherited): at most
 * one of -n, -g, -h, -M and (-V, -R, -d/-i); throws "options '-dfgM' are incompatible" (-d
 * overrides -i there, as in GNU).
 */
export function checkCompatible(k: Ordering): void {
  const n = +k.numeric + +k.general + +k.human + +k.month + +(k.version || k.random || k.dictionary || k.ignoreNonprinting);
  if (n <= 1) return;
  const flags: [boolean, string][] = [[k.dictionary, "d"], [k.fold, "f"], [k.general, "g"], [k.human, "h"], [k.ignoreNonprinting && !k.dictionary, "i"], [k.month, "M"], [k.numeric, "n"], [k.random, "R"], [k.version, "V"]];
  throw new HuskError(`options '-${flags.filter(([on]) => on).map(([, c]) => c).join("")}' are incompatible`, 2);
}

/** True when any ordering modifier (other than b) is set. */
export function hasOrdering(o: Ordering): boolean {
  return o.dictionary || o.fold || o.ignoreNonprinting || o.numeric || o.general || o.human || o.month || o.version || o.random || o.reverse;
}

/**
 * Parses a `-k` KEYDEF (`F[.C][OPTS][,F[.C][OPTS]]`) with GNU's error messages (status 2);
 * `quote` is GNU's quote() for the locale (see gnuQuote).
 */
export function parseKey(spec: string, quote: (s: string) => string = (s) => `'${s}'`): SortKey {
  const key: SortKey = { ...noOrdering(), startField: 0, startChar: 1, endField: 0, endChar: 0 };
  const bad = (what: string): never => {
    throw new HuskError(`${what}: invalid field specification ${quote(spec)}`, 2);
  };
  let i = 0;
  const num = (): number | undefined => {
    const m = /^\d+/.exec(spec.slice(i));
    if (!m) return undefined;
    i += m[0].length;
    return Number(m[0]);
  };
  const f1 = num();
  if (f1 === undefined) throw new HuskError(`invalid number at field start: invalid count at start of ${quote(spec.slice(i))}`, 2);
  if (f1 === 0) bad("field number is zero");
  key.startField = f1;
  if (spec[i] === ".") {
    i++;
    const c = num();
    if (c === undefined) throw new HuskError(`invalid number after '.': invalid count at start of ${quote(spec.slice(i))}`, 2);
    if (c === 0) bad("character offset is zero");
    key.startChar = c;
  }
  while (i < spec.length && spec[i] !== ",") {
    if (!applyModifier(key, spec[i] as string, "start")) bad("stray character in field spec");
    i++;
  }
  if (spec[i] === ",") {
    i++;
    const f2 = num();
    if (f2 === undefined) throw new HuskError(`invalid number after ',': invalid count at start of ${quote(spec.slice(i))}`, 2);
    if (f2 === 0) bad("field number is zero");
    key.endField = f2;
    if (spec[i] === ".") {
      i++;
      const c = num();
      if (c === undefined) throw new HuskError(`invalid number after '.': invalid count at start of ${quote(spec.slice(i))}`, 2);
      key.endChar = c;
    }
    while (i < spec.length) {
      if (!applyModifier(key, spec[i] as string, "end")) bad("stray character in field spec");
      i++;
    }
  }
  return key;
}


/** Where field `n` (1-based) of `line` starts; `len` when there are fewer fields. */
function fieldStart(line: string, tab: string | undefined, n: number): number {
  const len = line.length;
  let p = 0;
  for (let f = 1; f < n && p < len; f++) {
    if (tab !== undefined) {
      const j = line.indexOf(tab, p);
      if (j < 0) return len;
      p = j + 1;
    } else {
      while (p < len && isBlank(line.charCodeAt(p))) p++;
      while (p < len && !isBlank(line.charCodeAt(p))) p++;
    }
  }
  return p;
}

/** Where the field that starts at `p` ends. */
function fieldEnd(line: string, tab: string | undefined, p: number): number {
  const len = line.length;
  if (tab !== undefined) {
    const j = line.indexOf(tab, p);
    return j < 0 ? len : j;
  }
  while (p < len && isBlank(line.charCodeAt(p))) p++;
  while (p < len && !isBlank(line.charCodeAt(p))) p++;
  return p;
}

/**
 * The text of `key` in `line` (the line itself when the key spans all of it). `tab` is the -t
 * separator (undefined: fields begin at a blank that follows a non-blank, so leading blanks
 * belong to the field). Returns a string, not a range, so the per-line call allocates nothing
 * more (it runs once per line and key, often before the JIT has warmed up).
 */
export function keyField(line: string, key: SortKey, tab: string | undefined): string {
  const len = line.length;
  let s = fieldStart(line, tab, key.startField);
  if (key.blanksStart) while (s < len && isBlank(line.charCodeAt(s))) s++;
  s = Math.min(len, s + key.startChar - 1);
  let e: number;
  if (key.endField === 0) e = len;
  else {
    const fs = fieldStart(line, tab, key.endField);
    if (key.endChar === 0) e = fieldEnd(line, tab, fs);
    else {
      let p = fs;
      if (key.blanksEnd) while (p < len && isBlank(line.charCodeAt(p))) p++;
      e = Math.min(len, p + key.endChar);
    }
  }
  if (e <= s) return "";
  return s === 0 && e === len ? line : line.slice(s, e);
}

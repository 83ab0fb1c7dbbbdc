/**
 * The interpreter's view of shell patterns, over @husk/pattern's linear-time glob engine.
 * Patterns arrive in "escaped form": a character that was quoted in the source is preceded by
 * a backslash, so `"*"` is `\*`.
 */
import { compileGlob, escapeGlob, hasGlobMeta } from "@husk/pattern";
import type { CompiledGlob } from "@husk/pattern";

/** Options of pattern matching. */
export interface PatternOptions {
  /** Recognize `?( ) *( ) +( ) @( ) !( )`. */
  readonly extglob?: boolean;
  /** Case-insensitive (nocaseglob / nocasematch). */
  readonly nocase?: boolean;
  /** `*`, `?` and brackets do not match `/` (pathname expansion). */
  readonly pathname?: boolean;
  /** With pathname: wildcards may match a leading dot. */
  readonly dotglob?: boolean;
}

/** True when the escaped-form pattern has an unescaped glob operator. */
export function hasGlob(pat: string, extglob = true): boolean {
  return hasGlobMeta(pat, extglob);
}

/** Removes the escaping backslashes of an escaped-form pattern (its literal text). */
export function unescapePattern(pat: string): string {
  if (!pat.includes("\\")) return pat;
  let out = "";
  for (let i = 0; i < pat.length; i++) {
    const c = pat[i]!;
    if (c === "\\" && i + 1 < pat.length) out += pat[++i];
    else out += c;
  }
  return out;
}

/** Escapes every pattern operator of a literal string (quoted text -> escaped form). */
export function escapePattern(s: string): string {
  return escapeGlob(s);
}

/** The compiled (cached) glob for an escaped-form pattern. */
export function compilePattern(pat: string, opts: PatternOptions = {}): CompiledGlob {
  return compileGlob(pat, opts);
}

/** True when the whole of `s` matches `pat`. */
export function matchPattern(pat: string, s: string, opts: PatternOptions = {}): boolean {
  if (!hasGlobMeta(pat, opts.extglob)) {
    const lit = unescapePattern(pat);
    return opts.nocase ? lit.toLowerCase() === s.toLowerCase() : lit === s;
  }
  return compileGlob(pat, opts).matches(s);
}

/**
 * The fixed length of the strings an escaped-form pattern matches, as bash's MATCHLEN
 * (lib/glob/gm_loop.c) computes it for `${x/pat/rep}`, or -1 when it varies. bash searches
 * only for matches of this length; its bracket scan ends at the first `]` after the character
 * following `[`, so `[^]]` and `[!]]` count as two characters (a bracket and a literal `]`)
 * where they match one: `${s//[^]]/z}` replaces nothing in bash. Only such a pattern makes
 * the length differ from the real matches' (see `bashMisjudgesLength`).
 */
export function bashMatchLength(pat: string): number {
  let n = 0;
  let i = 0;
  while (i < pat.length) {
    const c = pat[i++]!;
    if (c === "\\") {
      n++;
      if (i < pat.length) i++;
    } else if (c === "*") return -1;
    else if ((c === "?" || c === "+" || c === "!" || c === "@") && pat[i] === "(") return -1;
    else if (c === "[") {
      const end = bracketScanEnd(pat, i);
      if (end < 0) return n + pat.length - i + 1;
      i = end;
      n++;
    } else n++;
  }
  return n;
}

/** Where MATCHLEN's scan of a bracket whose body starts at `i` ends (past its `]`), or -1 at the end of the text. */
function bracketScanEnd(pat: string, i: number): number {
  let cclass = false;
  let coll = false;
  let equiv = false;
  let c = pat[i++];
  for (;;) {
    if (c === undefined) return -1;
    if (c === "\\") {
      if (i >= pat.length || ++i >= pat.length) return -1;
    } else if (c === "[" && pat[i] === ":") {
      i++;
      cclass = true;
    } else if (cclass && c === ":" && pat[i] === "]") {
      i++;
      cclass = false;
    } else if (c === "[" && (pat[i] === "." || pat[i] === "=")) {
      if (pat[i++] === ".") coll = true;
      else equiv = true;
      if (pat[i] === "]") i++;
    } else if ((coll && c === "." && pat[i] === "]") || (equiv && c === "=" && pat[i] === "]")) {
      i++;
      coll = equiv = false;
    }
    c = pat[i++];
    if (c === "]") return i;
  }
}

/** True when the pattern has a bracket bash's MATCHLEN misreads (`[^]...]`, `[!]...]`). */
export function bashMisjudgesLength(pat: string): boolean {
  return pat.includes("[^]") || pat.includes("[!]");
}

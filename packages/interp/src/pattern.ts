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

/**
 * Helpers for arithmetic over words: the error context of a parsed `Arithmetic`, the literal
 * text bash shows in arithmetic error messages, and how an ArithError ends the command line.
 */
import type { Arithmetic, Word, WordPart } from "@husk/syntax";
import { ArithError, type ArithSource } from "./arith.js";
import { FatalError } from "./errors.js";
import { makeWord, wordParts } from "@husk/syntax";

/**
 * An ArithError, or an assignment the arithmetic could not make (readonly, bad subscript), as
 * the FatalError that ends the line (an arithmetic expansion's errors do); anything else unchanged.
 */
export function arithFatal(e: unknown): unknown {
  if (e instanceof FatalError && e.scope === "command") return new FatalError(e.message, e.status, "line");
  return e instanceof ArithError ? new FatalError(e.message, 1, "line") : e;
}

/** Throws `arithFatal(e)` (for `.catch` of an arithmetic promise). */
export function rethrowArithFatal(e: unknown): never {
  throw arithFatal(e);
}

/**
 * The word as bash's arithmetic expands it: single-quoted parts keep their quotes (bash
 * reports `'1'` as an operand error, in `$(( ))` and in an indexed array's subscript alike);
 * `w` itself when it has none.
 */
export function arithWord(w: Word): Word {
  if (w.type === "Word" ? !w.parts.some(isQuotedPart) : !isQuotedPart(w)) return w;
  return makeWord(w.start, w.end, wordParts(w).map(quotedAsLiteral));
}

/** Single quotes are not removed in arithmetic: bash reports `'1'` as an operand error. */
function isQuotedPart(p: WordPart): boolean {
  return p.type === "SingleQuoted" || p.type === "AnsiCQuoted";
}

/** A single-quoted part as the literal text bash's arithmetic sees, quotes included; other parts unchanged. */
function quotedAsLiteral(p: WordPart): WordPart {
  return isQuotedPart(p) ? { type: "Literal", start: p.start, end: p.end, value: `'${(p as { value: string }).value}'` } : p;
}

/** The trimmed text without one pair of enclosing single or double quotes. */
export function stripQuotes(s: string): string {
  const t = s.trim();
  if (t.length >= 2 && ((t[0] === "'" && t.endsWith("'")) || (t[0] === '"' && t.endsWith('"')))) return t.slice(1, -1);
  return t;
}

const sources = new WeakMap<Arithmetic, ArithSource>();

/** The error context of a parsed Arithmetic (remembered: loops evaluate it again and again). */
export function arithSource(a: Arithmetic): ArithSource {
  let t = sources.get(a);
  if (t === undefined) {
    t = { text: literalText(a.source), base: a.source.start };
    sources.set(a, t);
  }
  return t;
}

/** The literal text of a word without expansions (for arithmetic error messages). */
export function literalText(w: Word): string {
  let s = "";
  for (const p of wordParts(w)) if ("value" in p) s += p.value;
  return s;
}

/**
 * Words as the parser builds them: a word of exactly one part is that part (see `Word` in
 * ./ast.ts). `wordParts` reads the parts of any word; `makeWord` builds one the parser's way.
 */
import type { Word, WordPart } from "./ast.js";
import { EMPTY } from "./fit.js";
import { CompoundWordNode } from "./nodes.js";

/**
 * The parts of `w`: a CompoundWord's `parts`, else `[w]` (a one-part word). Allocates a
 * one-element array for a one-part word; hot paths test `w.type === "Word"` instead.
 */
export function wordParts(w: Word): readonly WordPart[] {
  return w.type === "Word" ? w.parts : [w];
}

/** How many parts `w` has (1 for a one-part word); with `partAt`, reads parts without allocating. */
export function partCount(w: Word): number {
  return w.type === "Word" ? w.parts.length : 1;
}

/** Part `i` (below `partCount(w)`) of `w`. */
export function partAt(w: Word, i: number): WordPart {
  return w.type === "Word" ? w.parts[i]! : w;
}

/**
 * The word of `parts` spanning `start`-`end`: its one part itself, else a CompoundWord. A lone
 * part keeps its own span, which ends before a line continuation that ends the word
 * (`a\<newline>`): the representation depends on the parts only, so that printing and
 * parsing again gives the same tree.
 */
export function makeWord(start: number, end: number, parts: readonly WordPart[]): Word {
  if (parts.length === 1) return parts[0]!;
  return new CompoundWordNode(start, end, parts.length === 0 ? EMPTY : parts);
}

/** The one part of a word of exactly one part (in either form), else undefined. */
export function onlyPart(w: Word): WordPart | undefined {
  if (w.type !== "Word") return w;
  return w.parts.length === 1 ? w.parts[0] : undefined;
}

/**
 * Shared by the syntax tests (not built into dist): the round trip parse -> print -> parse of
 * a source text, both trees without spans, or undefined when the text does not parse.
 */
import { parse, ParseError, print, stripSpans } from "./api.js";
import type { Script } from "./ast.js";

/** `{ ast, again }`: the tree of `src` and the tree of its printed form, spans stripped; undefined on a ParseError (anything else is thrown). */
export function roundTrip(src: string): { ast: Script; again: Script } | undefined {
  let ast: Script;
  try {
    ast = parse(src);
  } catch (e) {
    if (e instanceof ParseError) return undefined;
    throw e;
  }
  return { ast: stripSpans(ast), again: stripSpans(parse(print(ast))) };
}

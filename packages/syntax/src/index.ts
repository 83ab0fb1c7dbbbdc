/**
 * @husk/syntax — the bash parser: `parse(source)` returns the AST (see ./ast.ts) or throws a
 * `ParseError`; `print(ast)` turns an AST back into bash; `walk` visits nodes; `braceExpand`
 * performs brace expansion on a word.
 */
export type * from "./ast.js";
export { ParseError, parse, parseArithmetic, parsePatternWord, Parser, print, stripSpans, type ParseOptions, type ParseWarning, warningReport } from "./api.js";
export { lineColumn } from "./errors.js";
export { walk } from "./walk.js";
export { makeWord, onlyPart, wordParts } from "./word.js";
export { braceExpand, BraceLimitError } from "./brace.js";

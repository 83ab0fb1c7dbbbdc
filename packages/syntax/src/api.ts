import type { ArithExpr, Node, Script, Span, Statement } from "./ast.js";

/** Options of the parser. */
export interface ParseOptions {
  /** Recognize `?( ) *( ) +( ) @( ) !( )` in words (bash's `shopt -s extglob`). Default true. */
  readonly extglob?: boolean;
  /**
   * Alias lookup for words in command position (the interpreter passes its alias table when
   * `expand_aliases` is on). Returns the replacement text or undefined.
   */
  readonly aliases?: (name: string) => string | undefined;
  /** Maximum nesting depth of constructs (default 1000). */
  readonly maxDepth?: number;
  /** Maximum source length in UTF-16 units (default 10 MiB). */
  readonly maxBytes?: number;
}

/**
 * A syntax error, shaped like bash's: `message` is e.g.
 * `syntax error near unexpected token \`fi'` or
 * `unexpected EOF while looking for matching \`)'`; `line` is 1-based.
 */
export class ParseError extends Error {
  readonly span: Span;
  readonly line: number;
  constructor(message: string, span: Span, line: number) {
    super(message);
    this.name = "ParseError";
    this.span = span;
    this.line = line;
  }
}

/** Parses a whole script. Throws ParseError. (Implemented by the syntax work.) */
export function parse(_source: string, _options?: ParseOptions): Script {
  throw new ParseError("parser not implemented yet", { start: 0, end: 0 }, 1);
}

/**
 * Incremental parser: `next()` returns the statements of the next complete top-level command
 * line (bash reads and runs a script one complete command at a time, so an error on line 10
 * does not stop lines 1-9 from running, and aliases defined on one line apply to the next),
 * or `undefined` at end of input. Throws ParseError.
 */
export class Parser {
  constructor(
    readonly source: string,
    readonly options: ParseOptions = {},
  ) {}
  next(): Statement[] | undefined {
    throw new ParseError("parser not implemented yet", { start: 0, end: 0 }, 1);
  }
}

/** Parses an arithmetic expression (the text of `$(( ))` after expansion). Throws ParseError. */
export function parseArithmetic(_text: string): ArithExpr {
  throw new ParseError("parser not implemented yet", { start: 0, end: 0 }, 1);
}

/** Prints an AST node back as bash source. `parse(print(ast))` equals `ast` up to spans. */
export function print(_node: Node): string {
  throw new Error("printer not implemented yet");
}

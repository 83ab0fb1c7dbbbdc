import type { Span } from "./ast.js";

/**
 * A syntax error, shaped like bash's: `message` is e.g.
 * `syntax error near unexpected token \`fi'` or
 * `unexpected EOF while looking for matching \`)'`; `line` is 1-based.
 */
export class ParseError extends Error {
  readonly span: Span;
  readonly line: number;
  /**
   * What bash prints for this error, one message a line (each after `NAME: line LINE: `):
   * `[message]`, except for some `[[ ]]` errors, where bash adds one "expected `)'" per
   * group the error is in, or prints nothing at all (`[[ ]]`, `[[ a && ]]`).
   */
  readonly lines: readonly string[];
  /**
   * An error of bash's `[[ ]]` parser, not of its grammar: bash then stops the script with
   * the status of the last command, not 2.
   */
  readonly conditional: boolean;
  constructor(message: string, span: Span, line: number, lines: readonly string[] = [message], conditional = false) {
    super(message);
    this.name = "ParseError";
    this.span = span;
    this.line = line;
    this.lines = lines;
    this.conditional = conditional;
  }
}

/** 1-based line number of `offset` in `src`. */
export function lineOf(src: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, src.length);
  for (let i = src.indexOf("\n"); i >= 0 && i < end; i = src.indexOf("\n", i + 1)) line++;
  return line;
}

/** 1-based line and column of `offset` in `src` (column in UTF-16 units). */
export function lineColumn(src: string, offset: number): { line: number; column: number } {
  const line = lineOf(src, offset);
  const lineStart = src.lastIndexOf("\n", Math.max(0, offset - 1)) + 1;
  return { line, column: offset - (offset > 0 && src[offset - 1] === "\n" ? offset : lineStart) + 1 };
}

/** The line bash is on at the end of `src`: the last line's (a final newline starts none). */
export function lastLine(src: string): number {
  return eofLine(src) - 1;
}

/** The line bash reports for "unexpected end of file": the line after the last one. */
export function eofLine(src: string): number {
  let n = 0;
  for (let i = src.indexOf("\n"); i >= 0; i = src.indexOf("\n", i + 1)) n++;
  return n + (src.endsWith("\n") ? 1 : 2);
}

/** Builds the bash message for an unexpected token (`newline` for a newline, EOF message at end). */
export function unexpectedToken(image: string | undefined): string {
  if (image === undefined) return "syntax error: unexpected end of file";
  return `syntax error near unexpected token \`${image === "\n" ? "newline" : image}'`;
}

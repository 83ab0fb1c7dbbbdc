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
  /**
   * A `conditional` error at the end of the input (`[[ a` then nothing, `[[ a &&`): bash
   * reads on to the end of the input and stops with the last command's status, or 2 when
   * that is 0 (`false` then `[[ a` ends with 1, `true` then `[[ a` with 2).
   */
  readonly atEnd: boolean;
  constructor(message: string, span: Span, line: number, lines: readonly string[] = [message], conditional = false, atEnd = false) {
    super(message);
    this.name = "ParseError";
    this.span = span;
    this.line = line;
    this.lines = lines;
    this.conditional = conditional;
    this.atEnd = atEnd;
  }

  /**
   * Raised while reading the body of a `$( )` or `<( )`: bash then discards the whole shell
   * (`bash -c` exits with 127; an `eval` or `source` ends the shell with 1).
   */
  inSubstitution = false;

  /**
   * True when bash goes on with the next line after this error, with `exitStatus` as `$?`
   * (an error inside `name=( ... )`); else the script ends there.
   */
  get resumes(): boolean {
    return false;
  }

  /** The status bash stops with after this error, `last` being the last command's. */
  exitStatus(last: number): number {
    if (!this.conditional) return 2;
    return this.atEnd && last === 0 ? 2 : last;
  }

  /**
   * What bash prints on stderr for this error: each of `lines` after `WHERE: line N: `, then,
   * for an unexpected token (not at the end of input, not in `[[ ]]`), the source line the
   * token is on as `` WHERE: line N: `LINE' `` (bash's print_offending_line). `where` is
   * bash's prefix (`bash`, `bash: -c`, `f.sh`, `f.sh: eval`), `source` the parsed text and
   * `lineOffset` what is added to the line numbers (eval continues its caller's).
   */
  report(source: string, where: string, lineOffset = 0): string {
    const head = `${where}: line ${this.line + lineOffset}: `;
    let out = "";
    for (const m of this.lines) out += `${head}${m}\n`;
    if (!this.conditional && this.message.startsWith("syntax error near unexpected token")) {
      out += `${head}\`${sourceLine(source, this.line)}'\n`;
    }
    return out;
  }
}

/** The text of 1-based line `n` of `src`, without its newline ("" past the end). */
function sourceLine(src: string, n: number): string {
  let start = 0;
  for (let k = 1; k < n; k++) {
    const nl = src.indexOf("\n", start);
    if (nl < 0) return "";
    start = nl + 1;
  }
  const end = src.indexOf("\n", start);
  return src.slice(start, end < 0 ? src.length : end);
}

/**
 * An error inside `name=( ... )` (an operator, or the end of the text): the words of a
 * compound assignment are read apart from bash's grammar, so bash sets `$?` to 1 and goes on
 * with the next line instead of ending the script with 2.
 */
export class ArrayError extends ParseError {
  override get resumes(): boolean {
    return true;
  }
  override exitStatus(_last: number): number {
    return 1;
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

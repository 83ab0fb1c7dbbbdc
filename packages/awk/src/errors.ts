/**
 * awk's error types. Messages follow gawk's shape (gawk is the oracle):
 * `awk: cmd. line:1: <source line>` / `awk: cmd. line:1:    ^ syntax error`, and
 * `awk: cmd. line:1: fatal: division by zero attempted`, both with exit status 2.
 */
import { HuskError } from "@husk/host";

/** A parse error with gawk's two-line report (source line echo plus caret). */
export class AwkSyntaxError extends HuskError {
  readonly line: number;
  /**
   * @param line 1-based line of the error; @param offset offset into `source` of the offending
   * token (or `source.length` at end of input); @param detail e.g. `syntax error`.
   */
  constructor(line: number, offset: number, source: string, detail: string, where = "cmd. line") {
    const start = source.lastIndexOf("\n", Math.max(0, offset - 1)) + 1;
    let end = source.indexOf("\n", start);
    if (end < 0) end = source.length;
    const text = source.slice(start, end);
    const col = Math.max(0, Math.min(offset, end) - start);
    const prefix = `${where}:${line}: `;
    // gawk exits with status 1 after a syntax error (mawk uses 2); gawk is the oracle.
    super(`${prefix}${text}\nawk: ${prefix}${" ".repeat(col)}^ ${detail}`, 1);
    this.line = line;
  }
}

/** A runtime error that ends the program (`fatal:` in gawk), exit status 2. */
export class AwkFatalError extends HuskError {
  constructor(message: string, line = 0, where = "cmd. line") {
    super(line > 0 ? `${where}:${line}: fatal: ${message}` : `fatal: ${message}`, 2);
  }
}

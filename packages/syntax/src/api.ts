import type { Script, Statement, Word } from "./ast.js";
import { STOP_PATTERN } from "./chars.js";
import { lineOf, ParseError } from "./errors.js";
import { isEofError, parseTokens } from "./grammar.js";
import { type ParseOptions, type ResolvedOptions, resolveOptions } from "./options.js";
import { Scanner } from "./scanner.js";
import { ScriptNode } from "./nodes.js";

export { ParseError } from "./errors.js";
export { parseArithmetic } from "./arith.js";
export type { ParseOptions, ParseWarning } from "./options.js";
export { warningReport } from "./options.js";
export { print, stripSpans } from "./printer.js";

function checkSize(source: string, o: ResolvedOptions): void {
  if (source.length > o.maxBytes) {
    throw new ParseError(`script too large: ${source.length} bytes exceeds maxBytes (${o.maxBytes})`, { start: 0, end: 0 }, 1);
  }
}

/**
 * Runs `f`, turning a JS stack overflow into a ParseError. A safety net only: `maxDepth` (each
 * level costs a bounded number of frames) stops nesting first on a default stack; a host that
 * calls the parser with little stack left still gets a ParseError, never a RangeError.
 */
function guarded<R>(source: string, f: () => R): R {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError) {
      throw new ParseError("maximum nesting depth exceeded (out of stack)", { start: 0, end: source.length }, lineOf(source, 0));
    }
    throw e;
  }
}

/** Parses a whole script. Throws ParseError (with bash's message shapes). */
export function parse(source: string, options?: ParseOptions): Script {
  const o = resolveOptions(options);
  checkSize(source, o);
  return guarded(source, () => {
    // Line by line: token vectors stay small and die young (far less GC than one vector).
    const sc = new Scanner(source, 0, source.length, o, 0);
    const body: Statement[] = [];
    for (;;) {
      sc.resetTokens();
      if (!sc.scanLine()) break;
      for (;;) {
        try {
          const stmts = parseTokens(sc.tokens, sc.ntok, source);
          for (const s of stmts) body.push(s);
          break;
        } catch (e) {
          // The line looked complete but is not (e.g. `f()` then `{` on the next line).
          if (!isEofError(e) || sc.atEnd() || !sc.scanLine()) throw e;
        }
      }
    }
    return new ScriptNode(0, source.length, body);
  });
}

/**
 * Parses `text` as one word of an extglob group's arm (the text between `@(`, `|` and `)`):
 * quotes, escapes, expansions and nested groups are read as in a word, and every other
 * character (blanks, `&`, `;`, `<`, `>`, `#`) is literal, as it is inside the group. Throws
 * ParseError (an unterminated quote or substitution).
 */
export function parsePatternWord(text: string): Word {
  const o = resolveOptions(undefined);
  checkSize(text, o);
  return guarded(text, () => new Scanner(text, 0, text.length, o, 0).readWordParts(STOP_PATTERN));
}

/**
 * Incremental parser: `next()` returns the statements of the next complete top-level command
 * line (bash reads and runs a script one complete command at a time, so an error on line 10
 * does not stop lines 1-9 from running, and aliases defined on one line apply to the next),
 * or `undefined` at end of input. Throws ParseError; after an error, parsing resumes at the
 * line after the one that failed (as bash does interactively).
 */
export class Parser {
  private scanner: Scanner;
  private readonly opts: ResolvedOptions;
  constructor(
    readonly source: string,
    readonly options: ParseOptions = {},
  ) {
    this.opts = resolveOptions(options);
    checkSize(source, this.opts);
    this.scanner = new Scanner(source, 0, source.length, this.opts, 0);
  }

  next(): Statement[] | undefined {
    const sc = this.scanner;
    return guarded(this.source, () => {
      sc.resetTokens();
      let scanned = false;
      try {
        if (!sc.scanLine()) return undefined;
        for (;;) {
          scanned = true;
          try {
            return parseTokens(sc.tokens, sc.ntok, this.source);
          } catch (e) {
            // The line looked complete but is not (e.g. `f()` then `{` on the next line).
            if (!isEofError(e) || sc.atEnd()) throw e;
            scanned = false;
            if (!sc.scanLine()) throw e;
          }
        }
      } catch (e) {
        if (e instanceof ParseError) this.skipLine(e, scanned);
        throw e;
      }
    });
  }

  /** After an error, continue with a fresh scanner state at the next line. */
  private skipLine(e: ParseError, scanned: boolean): void {
    const src = this.source;
    if (scanned) {
      // The grammar failed on a fully scanned line: resume where the scanner stopped.
      this.scanner = new Scanner(src, this.scanner.pos, src.length, this.opts, 0);
      return;
    }
    let at = Math.max(e.span.end, this.scanner.pos);
    if (at > src.length) at = src.length;
    const nl = src.indexOf("\n", Math.min(at, src.length));
    const resume = nl < 0 ? src.length : nl + 1;
    this.scanner = new Scanner(src, resume, src.length, this.opts, 0);
  }
}

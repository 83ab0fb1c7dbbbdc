import type { Span } from "./ast.js";

/**
 * A warning bash prints while it parses (the script still runs), e.g. `message` =
 * ``here-document at line 2 delimited by end-of-file (wanted `E')``. `line` is the line bash
 * names in front of it: a host prints `NAME: line LINE: warning: MESSAGE` on stderr.
 */
export interface ParseWarning {
  readonly message: string;
  readonly span: Span;
  readonly line: number;
  /** For a here-document cut by the end of the text: the line `message` names and its delimiter. */
  readonly heredoc?: { readonly line: number; readonly delimiter: string };
}

/** bash's warning for a here-document that ran to the end of the text. */
export function heredocEofMessage(line: number, delimiter: string): string {
  return `here-document at line ${line} delimited by end-of-file (wanted \`${delimiter}')`;
}

/**
 * What bash prints on stderr for `w`: `WHERE: line N: warning: MESSAGE`, with `lineOffset` added
 * to every line number (text run by `eval` continues its caller's lines).
 */
export function warningReport(w: ParseWarning, where: string, lineOffset = 0): string {
  const message = w.heredoc !== undefined && lineOffset !== 0 ? heredocEofMessage(w.heredoc.line + lineOffset, w.heredoc.delimiter) : w.message;
  return `${where}: line ${w.line + lineOffset}: warning: ${message}\n`;
}

/** Options of the parser. */
export interface ParseOptions {
  /**
   * Recognize `?( ) *( ) +( ) @( ) !( )` in words (bash's `shopt -s extglob`). Default true.
   * A function is asked each time a command-level word has such a group, so the option can
   * follow the shell's state line by line as bash's does (with it off, `!(a)` at the start of
   * a command is `!` and a subshell, and `echo @(a)` is a syntax error); words inside `${ }`
   * then always recognize them, and the right operand of `==` / `!=` in `[[ ]]` always does.
   */
  readonly extglob?: boolean | (() => boolean);
  /**
   * Alias lookup for words in command position (the interpreter passes its alias table when
   * `expand_aliases` is on). Returns the replacement text or undefined.
   */
  readonly aliases?: (name: string) => string | undefined;
  /** Maximum nesting depth of constructs (default 1000). */
  readonly maxDepth?: number;
  /** Maximum source length in UTF-16 units (default 10 MiB). */
  readonly maxBytes?: number;
  /**
   * Called with each warning bash 5.2 prints while parsing (`bash -n` prints them too): a
   * here-document delimited by end of file, here-documents left open at the `)` of a
   * command substitution. A `Parser` reports them as the line that has them is parsed.
   */
  readonly onWarning?: (w: ParseWarning) => void;
}

/** ParseOptions with defaults applied (internal). */
export interface ResolvedOptions {
  readonly extglob: boolean | (() => boolean);
  readonly aliases: ((name: string) => string | undefined) | undefined;
  readonly maxDepth: number;
  readonly maxBytes: number;
  readonly onWarning: ((w: ParseWarning) => void) | undefined;
}

/** Applies the defaults of ParseOptions. */
export function resolveOptions(o: ParseOptions | undefined): ResolvedOptions {
  return {
    extglob: o?.extglob ?? true,
    aliases: o?.aliases,
    maxDepth: o?.maxDepth ?? 1000,
    maxBytes: o?.maxBytes ?? 10 * 1024 * 1024,
    onWarning: o?.onWarning,
  };
}

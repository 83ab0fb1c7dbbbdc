/**
 * Source text of a script (or eval/source/trap text) with lazy line numbers for $LINENO and
 * `bash: line N:` messages.
 */
import type { Redirect, SimpleCommand } from "@husk/syntax";
export class SourceInfo {
  #starts: number[] | null = null;
  constructor(
    readonly text: string,
    /** Added to computed line numbers (eval and traps continue the caller's numbering). */
    readonly lineOffset: number,
    /** The file name BASH_SOURCE shows for functions defined here (`main` for the script). */
    readonly file = "main",
  ) {}

  /** 1-based line of a UTF-16 offset. */
  lineOf(offset: number): number {
    let s = this.#starts;
    if (s === null) {
      s = [0];
      const t = this.text;
      for (let i = t.indexOf("\n"); i >= 0; i = t.indexOf("\n", i + 1)) s.push(i + 1);
      this.#starts = s;
    }
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1 + this.lineOffset;
  }
}

/**
 * The offset whose line bash gives a simple command (for $LINENO and its messages). bash's
 * parser makes the command when it reduces the first element: an assignment or redirection at
 * once (its line is where it ends: `x=$(` ... `)` is on the line of `)`), a first word only
 * after reading the next token (it could be a function's name), so `echo \`-newline-`$LINENO`
 * prints 2 and `eval '...` spanning lines 2-7 numbers its text from line 7.
 */
export function commandLinePos(cmd: SimpleCommand): number {
  const ws = cmd.words;
  const as = cmd.assignments;
  const rs = cmd.redirects;
  const w = ws.length > 0 ? ws[0]! : undefined;
  let pos: number;
  if (as.length === 0 && rs.length === 0) {
    // the common case: words only
    if (w === undefined) return cmd.start;
    pos = ws.length > 1 ? ws[1]!.end - 1 : w.end - 1;
  } else {
    const a = as.length > 0 ? as[0]! : undefined;
    const r = rs.length > 0 ? rs[0]! : undefined;
    if (a !== undefined && (w === undefined || a.start < w.start) && (r === undefined || a.start < r.start)) pos = a.end - 1;
    else if (w === undefined || (r !== undefined && r.start < w.start)) pos = r === undefined ? cmd.start : r.target.end - 1;
    else {
      // the token after the first word: the next word (read whole) or a redirection's operator
      let redir: Redirect | undefined;
      for (let i = 0; i < rs.length; i++) {
        if (rs[i]!.start > w.start) {
          redir = rs[i];
          break;
        }
      }
      const next = ws.length > 1 ? ws[1]! : undefined;
      if (next !== undefined && (redir === undefined || next.start < redir.start)) pos = next.end - 1;
      else pos = redir !== undefined ? redir.start : w.end - 1;
    }
  }
  // (words an alias put there may carry offsets of the alias text)
  return pos >= cmd.start && pos < cmd.end ? pos : cmd.start;
}

/**
 * Line numbers inside a command or process substitution, as bash counts them: the line of the
 * command that expands it (`first`) plus the command's line in the substitution's printed text
 * (see funcprint's `substitutionLines`); for backquotes, which bash runs from their raw text,
 * plus the lines since the backquote.
 */
export class SubstitutionLines extends SourceInfo {
  #first = -1;
  constructor(
    readonly base: SourceInfo,
    /** The offset in `base` whose line is the substitution's first line (read when needed). */
    readonly at: number,
    /** Ascending offsets of the body's commands in `base.text` and their printed lines; undefined for raw text from `rawStart`. */
    readonly map: { readonly offsets: readonly number[]; readonly lines: readonly number[] } | undefined,
    readonly rawStart = 0,
  ) {
    super(base.text, 0, base.file);
  }

  /** The line of the command that expands the substitution. */
  get first(): number {
    if (this.#first < 0) this.#first = this.base.lineOf(this.at);
    return this.#first;
  }

  override lineOf(offset: number): number {
    const m = this.map;
    if (m === undefined) return this.first + this.base.lineOf(offset) - this.base.lineOf(this.rawStart);
    const o = m.offsets;
    // the last command starting at or before `offset`
    let lo = 0;
    let hi = o.length - 1;
    if (hi < 0 || o[0]! > offset) return this.first;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (o[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return this.first + m.lines[lo]!;
  }
}

/**
 * Source text of a script (or eval/source/trap text) with lazy line numbers for $LINENO and
 * `bash: line N:` messages.
 */
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

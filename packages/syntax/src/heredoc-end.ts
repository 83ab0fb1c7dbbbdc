/**
 * Where a here-document body ends: the scanner's search for the delimiter line, as bash 5.2
 * does it (backslash-newlines joined first in unquoted bodies; leading tabs stripped for `<<-`).
 */

/** The delimiter and quoting of the here-document whose body is searched. */
export interface HeredocShape {
  readonly delimiter: string;
  readonly quoted: boolean;
  readonly stripTabs: boolean;
}

/**
 * The body of `hd` starting at `from` (the start of a line) in `src[.., end)`: `bodyEnd` is
 * where the body stops (the start of the delimiter line, or `end` when the delimiter is never
 * found) and `after` is where scanning resumes (past the delimiter line and its newline).
 */
export function heredocEnd(src: string, from: number, end: number, hd: HeredocShape): { bodyEnd: number; after: number } {
  let i = from;
  while (i < end) {
    let le = src.indexOf("\n", i);
    if (le < 0 || le > end) le = end;
    // Most lines neither continue (a quoted body, or no backslash before the newline) nor lose
    // tabs: compared in place, without slicing them out.
    if (!hd.stripTabs && (hd.quoted || le === i || src[le - 1] !== "\\")) {
      if (le - i === hd.delimiter.length && src.startsWith(hd.delimiter, i)) return { bodyEnd: i, after: le < end ? le + 1 : le };
      i = le + 1;
      continue;
    }
    let line = src.slice(i, le);
    // Unquoted: a backslash-newline joins lines before the comparison (bash: `a\` then `E`
    // is the body line `aE`).
    if (!hd.quoted) {
      while (le < end && trailingBackslashes(line) % 2 === 1) {
        let next = src.indexOf("\n", le + 1);
        if (next < 0 || next > end) next = end;
        line = line.slice(0, -1) + src.slice(le + 1, next);
        le = next;
      }
    }
    if (hd.stripTabs) line = line.replace(/^\t+/, "");
    if (line === hd.delimiter) return { bodyEnd: i, after: le < end ? le + 1 : le };
    i = le + 1;
  }
  return { bodyEnd: end, after: end };
}

function trailingBackslashes(line: string): number {
  let n = 0;
  while (line[line.length - 1 - n] === "\\") n++;
  return n;
}

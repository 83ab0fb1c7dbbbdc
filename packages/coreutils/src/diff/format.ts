/**
 * GNU diff's output formats (normal.c, context.c and util.c of diffutils 3.8): normal, context
 * (`-c`) and unified (`-u`), with GNU's hunk grouping, number ranges, `-B` hunk analysis,
 * `-T` tabs and the `\ No newline at end of file` marker.
 */
import type { Change } from "./lcs.js";
import type { DiffFile } from "./lines.js";

/** What the formats need besides the script. */
export interface FormatOptions {
  /** Lines of context of `-c`/`-u`. */
  readonly context: number;
  /** `-T`: a tab, not a space, after the line's flag. */
  readonly initialTab: boolean;
  /** `-B`: hunks whose changed lines are all blank are not shown. */
  readonly ignoreBlankLines: boolean;
  /** With `-b`, `-w` or `-Z`, a line of white space counts as blank for `-B`. */
  readonly blankIncludesSpace: boolean;
  /** `-t`: tabs in the output expanded to this tab size (0: kept). */
  readonly expandTabs: number;
  /** The header lines of `-c`/`-u` (`*** a\tdate` / `--- b\tdate` without the marks). */
  readonly labels: readonly [string, string];
}

/** The parts of a hunk, as GNU's analyze_hunk reports them. */
interface HunkRange {
  first0: number;
  last0: number;
  first1: number;
  last1: number;
  /** 0 nothing to show, 1 deletions only, 2 insertions only, 3 both. */
  changes: number;
}

const NO_NEWLINE = "\\ No newline at end of file\n";

/**
 * GNU's output_1_line with `-t`: tabs become spaces to the next multiple of `tab` (the column
 * counts printable ASCII only, as GNU counts bytes), a backspace at column 0 is dropped, and a
 * CR restarts the column and repeats `reflag` (the line's flag) when text follows.
 */
function expandLine(s: string, tab: number, reflag: string): string {
  if (!/[\t\r\b]/.test(s)) return s;
  let out = "";
  let column = 0;
  for (let k = 0; k < s.length; k++) {
    const ch = s[k] as string;
    const code = ch.charCodeAt(0);
    if (ch === "\t") {
      const spaces = tab - (column % tab);
      column += spaces;
      out += " ".repeat(spaces);
    } else if (ch === "\r") {
      out += ch;
      if (k + 1 < s.length) out += reflag;
      column = 0;
    } else if (ch === "\b") {
      if (column === 0) continue;
      column--;
      out += ch;
    } else {
      if (code >= 0x20 && code < 0x7f) column++;
      out += ch;
    }
  }
  return out;
}

/** The text of line `i` of `f` with its newline (and GNU's marker when it has none), `-t` applied. */
function lineText(f: DiffFile, i: number, options?: FormatOptions, reflag = ""): string {
  let s = f.lines[i] as string;
  if (options?.expandTabs) s = expandLine(s, options.expandTabs, reflag);
  return f.missingNewline && i === f.lines.length - 1 ? `${s}\n${NO_NEWLINE}` : `${s}\n`;
}

/** True when `line` is blank for `-B`. */
function isBlank(line: string, options: FormatOptions): boolean {
  return options.blankIncludesSpace ? /^[ \t\n\v\f\r]*$/.test(line) : line === "";
}

/** GNU's analyze_hunk over `hunk` (changes from..to inclusive of the script). */
function analyzeHunk(a: DiffFile, b: DiffFile, script: readonly Change[], from: number, to: number, options: FormatOptions): HunkRange {
  let trivial = options.ignoreBlankLines;
  let showFrom = 0;
  let showTo = 0;
  const first = script[from] as Change;
  const last = script[to] as Change;
  for (let k = from; k <= to; k++) {
    const c = script[k] as Change;
    showFrom += c.deleted;
    showTo += c.inserted;
    for (let i = c.line0; trivial && i < c.line0 + c.deleted; i++) if (!isBlank(a.lines[i] as string, options)) trivial = false;
    for (let i = c.line1; trivial && i < c.line1 + c.inserted; i++) if (!isBlank(b.lines[i] as string, options)) trivial = false;
  }
  return {
    first0: first.line0,
    last0: last.line0 + last.deleted - 1,
    first1: first.line1,
    last1: last.line1 + last.inserted - 1,
    changes: trivial ? 0 : (showFrom ? 1 : 0) | (showTo ? 2 : 0),
  };
}

/** Marks each change that `-B` alone would hide (GNU's mark_ignorable). */
export function markIgnorable(a: DiffFile, b: DiffFile, script: Change[], options: FormatOptions): void {
  for (let k = 0; k < script.length; k++) (script[k] as Change).ignore = analyzeHunk(a, b, script, k, k, options).changes === 0;
}

/** True when some change is shown (the exit status under `-B`). */
export function hasVisibleChanges(a: DiffFile, b: DiffFile, script: readonly Change[], options: FormatOptions): boolean {
  if (!options.ignoreBlankLines) return script.length > 0;
  for (let k = 0; k < script.length; k++) if (analyzeHunk(a, b, script, k, k, options).changes !== 0) return true;
  return false;
}

/** `a,b` or `b` (normal and context formats; 0-based inclusive range `first..last`). */
function range(first: number, last: number): string {
  const ta = first + 1;
  const tb = last + 1;
  return tb > ta ? `${ta},${tb}` : `${tb}`;
}

/** The unified `start,count` (GNU: `b` alone for one line, `b,0` for none). */
function unifiedRange(first: number, last: number): string {
  const ta = first + 1;
  const tb = last + 1;
  if (tb <= ta) return tb < ta ? `${tb},0` : `${tb}`;
  return `${ta},${tb - ta + 1}`;
}

const LETTER = ["", "d", "a", "c"];

/** Normal format: each change is a hunk (`3c3`, `< `, `---`, `> `). */
export function* normalFormat(a: DiffFile, b: DiffFile, script: readonly Change[], options: FormatOptions): Generator<string> {
  const sep = options.initialTab ? "\t" : " ";
  for (let k = 0; k < script.length; k++) {
    const h = analyzeHunk(a, b, script, k, k, options);
    if (!h.changes) continue;
    yield `${range(h.first0, h.last0)}${LETTER[h.changes]}${range(h.first1, h.last1)}\n`;
    if (h.changes & 1) for (let i = h.first0; i <= h.last0; i++) yield `<${sep}${lineText(a, i, options, `<${sep}`)}`;
    if (h.changes === 3) yield "---\n";
    if (h.changes & 2) for (let i = h.first1; i <= h.last1; i++) yield `>${sep}${lineText(b, i, options, `>${sep}`)}`;
  }
}

/** GNU's find_hunk: the index of the last change of the hunk starting at `start`. */
function findHunk(script: readonly Change[], start: number, context: number): number {
  let k = start;
  for (;;) {
    const c = script[k] as Change;
    const top0 = c.line0 + c.deleted;
    const next = script[k + 1];
    if (!next) return k;
    const thresh = next.ignore ? context : 2 * context + 1;
    if (next.line0 - top0 >= thresh) return k;
    k++;
  }
}

/** The hunks of the context formats: [first change, last change, range with context]. */
function* contextHunks(a: DiffFile, b: DiffFile, script: readonly Change[], options: FormatOptions): Generator<[number, number, HunkRange]> {
  const n = options.context;
  for (let k = 0; k < script.length; ) {
    const end = findHunk(script, k, n);
    const h = analyzeHunk(a, b, script, k, end, options);
    if (h.changes) {
      h.first0 = Math.max(h.first0 - n, 0);
      h.first1 = Math.max(h.first1 - n, 0);
      h.last0 = Math.min(h.last0 + n, a.lines.length - 1);
      h.last1 = Math.min(h.last1 + n, b.lines.length - 1);
      yield [k, end, h];
    }
    k = end + 1;
  }
}

/** Unified format (`-u`): `--- a`, `+++ b`, then `@@ -l,n +l,n @@` hunks. */
export function* unifiedFormat(a: DiffFile, b: DiffFile, script: readonly Change[], options: FormatOptions): Generator<string> {
  const ctx = options.initialTab ? "\t" : " ";
  const tab = options.initialTab ? "\t" : "";
  let header = false;
  for (const [from, to, h] of contextHunks(a, b, script, options)) {
    if (!header) {
      header = true;
      yield `--- ${options.labels[0]}\n+++ ${options.labels[1]}\n`;
    }
    yield `@@ -${unifiedRange(h.first0, h.last0)} +${unifiedRange(h.first1, h.last1)} @@\n`;
    let next = from;
    let i = h.first0;
    let j = h.first1;
    while (i <= h.last0 || j <= h.last1) {
      const c = next <= to ? script[next] : undefined;
      if (!c || i < c.line0) {
        yield ctx + lineText(a, i++, options);
        j++;
      } else {
        for (let k = 0; k < c.deleted; k++) yield `-${tab}${lineText(a, i++, options)}`;
        for (let k = 0; k < c.inserted; k++) yield `+${tab}${lineText(b, j++, options)}`;
        next++;
      }
    }
  }
}

/** Context format (`-c`): `*** a`, `--- b`, then `***************` hunks with `!`, `-`, `+` marks. */
export function* contextFormat(a: DiffFile, b: DiffFile, script: readonly Change[], options: FormatOptions): Generator<string> {
  const sep = options.initialTab ? "\t" : " ";
  let header = false;
  for (const [from, to, h] of contextHunks(a, b, script, options)) {
    if (!header) {
      header = true;
      yield `*** ${options.labels[0]}\n--- ${options.labels[1]}\n`;
    }
    yield `***************\n*** ${range(h.first0, h.last0)} ****\n`;
    if (h.changes & 1) {
      let next = from;
      for (let i = h.first0; i <= h.last0; i++) {
        while (next <= to && (script[next] as Change).line0 + (script[next] as Change).deleted <= i) next++;
        const c = next <= to ? script[next] : undefined;
        const mark = c && c.line0 <= i ? (c.inserted > 0 ? "!" : "-") : " ";
        yield mark + sep + lineText(a, i, options, mark + sep);
      }
    }
    yield `--- ${range(h.first1, h.last1)} ----\n`;
    if (h.changes & 2) {
      let next = from;
      for (let j = h.first1; j <= h.last1; j++) {
        while (next <= to && (script[next] as Change).line1 + (script[next] as Change).inserted <= j) next++;
        const c = next <= to ? script[next] : undefined;
        const mark = c && c.line1 <= j ? (c.deleted > 0 ? "!" : "+") : " ";
        yield mark + sep + lineText(b, j, options, mark + sep);
      }
    }
  }
}

/**
 * The reading side of GNU diff (diffutils 3.8's io.c): a file as lines, the identical prefix and
 * suffix set aside (less the `horizon` lines GNU keeps for context), and the remaining lines
 * hashed into equivalence classes under the ignore options; then `analyze` (lcs.ts) and
 * `buildScript` give the changes.
 */
import { type AnalyzeOptions, type Change, analyze, buildScript } from "./lcs.js";

/** One input of diff, split into lines. */
export interface DiffFile {
  /** The lines, without their newlines. */
  readonly lines: readonly string[];
  /** True when the last line has no newline (GNU's `\ No newline at end of file`). */
  readonly missingNewline: boolean;
}

/** Splits `text` into a DiffFile. */
export function splitLines(text: string): DiffFile {
  if (text === "") return { lines: [], missingNewline: false };
  const lines = text.split("\n");
  const missingNewline = !text.endsWith("\n");
  if (!missingNewline) lines.pop();
  return { lines, missingNewline };
}

/** How lines compare (GNU's ignore options). */
export interface LineOptions {
  /** `-i`: ASCII case is ignored. */
  readonly ignoreCase: boolean;
  /** `-w` (all white space), `-b` (changes in the amount), `-Z` (trailing), or none. */
  readonly whiteSpace: "all" | "change" | "trailing" | "none";
  /** `-E`: tabs compare as the spaces they expand to. */
  readonly tabExpansion: boolean;
}

const SPACE = /[ \t\n\v\f\r]+/g;
const TRAILING = /[ \t\n\v\f\r]+$/;

/** Expands tabs to 8-column stops as GNU's `-E` hashing does (backspace and CR move the column). */
function expandTabs(s: string): string {
  if (!s.includes("\t")) return s;
  let out = "";
  let column = 0;
  for (const ch of s) {
    if (ch === "\t") {
      const n = 8 - (column % 8);
      out += " ".repeat(n);
      column += n;
      continue;
    }
    if (ch === "\b") column = column > 0 ? column - 1 : 0;
    else if (ch === "\r") column = 0;
    else column++;
    out += ch;
  }
  return out;
}

/** The comparison key of a line: lines with equal keys are equal for diff. */
export function lineKey(line: string, options: LineOptions): string {
  let s = line;
  if (options.ignoreCase) s = s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  switch (options.whiteSpace) {
    case "all":
      return s.replace(SPACE, "");
    case "change":
      return s.replace(SPACE, " ").replace(/ $/, "");
    case "trailing":
      s = s.replace(TRAILING, "");
      break;
    case "none":
      break;
  }
  return options.tabExpansion ? expandTabs(s) : s;
}

/** Options of `compareFiles`. */
export interface CompareOptions extends LineOptions, AnalyzeOptions {
  /** Lines of context kept out of the identical ends (GNU's horizon: the context of -c/-u, else 0). */
  readonly horizon: number;
}

/**
 * The changes turning `a` into `b`, as GNU diff finds them (line numbers 0-based in the whole
 * files). Empty when the files are equal under the options.
 */
export function compareFiles(a: DiffFile, b: DiffFile, options: CompareOptions): Change[] {
  const n0 = a.lines.length;
  const n1 = b.lines.length;
  // the identical prefix: whole lines, an incomplete last line equal only to an incomplete one
  const complete0 = (i: number): boolean => i < n0 - 1 || !a.missingNewline;
  const complete1 = (i: number): boolean => i < n1 - 1 || !b.missingNewline;
  let prefix = 0;
  const m = Math.min(n0, n1);
  while (prefix < m && a.lines[prefix] === b.lines[prefix] && complete0(prefix) === complete1(prefix)) {
    prefix++;
    if ((prefix & 0xffff) === 0) options.tick();
  }
  if (prefix === n0 && prefix === n1) return [];
  const start = Math.max(0, prefix - options.horizon);
  let suffix = 0;
  if (a.missingNewline === b.missingNewline) {
    const room = Math.min(n0, n1) - start;
    while (suffix < room && a.lines[n0 - 1 - suffix] === b.lines[n1 - 1 - suffix]) {
      suffix++;
      if ((suffix & 0xffff) === 0) options.tick();
    }
    suffix = Math.max(0, suffix - options.horizon);
  }
  const end0 = n0 - suffix;
  const end1 = n1 - suffix;
  // equivalence classes of the lines in between (class 0 is unused, as in GNU)
  const classes = new Map<string, number>();
  const incompleteClasses = new Map<string, number>();
  const plain = !options.ignoreCase && options.whiteSpace === "none" && !options.tabExpansion;
  // an incomplete last line matches only an incomplete one unless trailing white space is ignored
  const separateIncomplete = options.whiteSpace === "none";
  const classify = (f: DiffFile, from: number, to: number): Int32Array => {
    const out = new Int32Array(to - from);
    for (let i = from; i < to; i++) {
      if ((i & 0x3fff) === 0) options.tick();
      const line = f.lines[i] as string;
      const key = plain ? line : lineKey(line, options);
      const table = separateIncomplete && i === f.lines.length - 1 && f.missingNewline ? incompleteClasses : classes;
      let c = table.get(key);
      if (c === undefined) {
        c = classes.size + incompleteClasses.size + 1;
        table.set(key, c);
      }
      out[i - from] = c;
    }
    return out;
  };
  const eq0 = classify(a, start, end0);
  const eq1 = classify(b, start, end1);
  const flags = analyze(eq0, eq1, classes.size + incompleteClasses.size + 1, options);
  return buildScript(flags, eq0.length, eq1.length, start, start);
}

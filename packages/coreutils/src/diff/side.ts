/**
 * GNU diff's side-by-side format (`-y`, side.c of diffutils 3.8): two half-width columns with a
 * gutter mark (` `, `|`, `<`, `>`, `(`, `)`, `/`, `\`), tabs kept as tabs. Characters outside
 * ASCII count one column each (GNU uses wcwidth, so wide characters differ).
 */
import type { Change } from "./lcs.js";
import type { DiffFile } from "./lines.js";

/** Options of `sideBySideFormat`. */
export interface SideOptions {
  /** `-W`: the total width (default 130). */
  readonly width: number;
  /** `--left-column`: common lines only on the left. */
  readonly leftColumn: boolean;
  /** `--suppress-common-lines`. */
  readonly suppressCommon: boolean;
  /** `-t`: tabs expanded to spaces. */
  readonly expandTabs: boolean;
  /** `--tabsize` (default 8). */
  readonly tabSize: number;
}

const GUTTER = 3;

/** Writes the spaces (and tabs, unless `expand`) moving from column `from` to `to`. */
function tabFromTo(from: number, to: number, tabSize: number, expand: boolean): string {
  let out = "";
  let f = from;
  if (!expand) {
    for (let tab = f + tabSize - (f % tabSize); tab <= to; tab += tabSize) {
      out += "\t";
      f = tab;
    }
  }
  while (f++ < to) out += " ";
  return out;
}

/** GNU's print_half_line: `line` clipped to `bound` columns; returns [text, end column]. */
function halfLine(line: string, indent: number, bound: number, TAB: number, expand: boolean): [string, number] {
  let out = "";
  let inPos = 0;
  let outPos = 0;
  for (const ch of line) {
    const code = ch.codePointAt(0) as number;
    if (ch === "\t") {
      const spaces = TAB - (inPos % TAB);
      if (inPos === outPos) {
        const stop = outPos + spaces;
        if (expand) for (; outPos < Math.min(stop, bound); outPos++) out += " ";
        else if (stop < bound) {
          outPos = stop;
          out += ch;
        }
      }
      inPos += spaces;
    } else if (ch === "\r") {
      out += ch + tabFromTo(0, indent, TAB, expand);
      inPos = outPos = 0;
    } else if (ch === "\b") {
      if (inPos !== 0 && --inPos < bound) {
        if (outPos <= inPos) for (; outPos < inPos; outPos++) out += " ";
        else {
          outPos = inPos;
          out += ch;
        }
      }
    } else if (code >= 0x20 && code < 0x7f) {
      if (inPos++ < bound) {
        outPos = inPos;
        out += ch;
      }
    } else if (code >= 0xa0) {
      inPos++;
      if (inPos <= bound) {
        outPos = inPos;
        out += ch;
      }
    } else if (inPos < bound) out += ch; // control characters take no column
  }
  return [out, outPos];
}

/** GNU's side-by-side output for `script` (changes marked `ignore` by `-B` show as common lines). */
export function* sideBySideFormat(a: DiffFile, b: DiffFile, script: readonly Change[], options: SideOptions): Generator<string> {
  const w = options.width;
  const { tabSize, expandTabs: expand } = options;
  const tg = (expand ? 1 : tabSize) + GUTTER;
  const unaligned = (w >> 1) + (tg >> 1) + (w & tg & 1);
  const off = unaligned - (unaligned % (expand ? 1 : tabSize));
  const hw = Math.max(0, Math.min(off - GUTTER, w - off));
  const c2o = hw ? off : w;
  const hasNl = (f: DiffFile, i: number): boolean => !(f.missingNewline && i === f.lines.length - 1);
  const line = (i: number | undefined, sep: string, j: number | undefined): string => {
    let out = "";
    let col = 0;
    let nl = false;
    let mark = sep;
    if (i !== undefined) {
      nl = hasNl(a, i);
      const [t, c] = halfLine(a.lines[i] as string, 0, hw, tabSize, expand);
      out += t;
      col = c;
    }
    if (mark !== " ") {
      const to = Math.floor((hw + c2o - 1) / 2);
      out += tabFromTo(col, to, tabSize, expand);
      col = to + 1;
      if (mark === "|" && j !== undefined && nl !== hasNl(b, j)) mark = nl ? "/" : "\\";
      out += mark;
    }
    if (j !== undefined) {
      nl ||= hasNl(b, j);
      const right = b.lines[j] as string;
      if (right !== "") {
        out += tabFromTo(col, c2o, tabSize, expand);
        col = c2o;
        out += halfLine(right, col, hw, tabSize, expand)[0];
      }
    }
    return nl ? `${out}\n` : out;
  };
  let next0 = 0;
  let next1 = 0;
  const common = function* (limit0: number, limit1: number): Generator<string> {
    if (!options.suppressCommon) {
      let i0 = next0;
      let i1 = next1;
      while (i0 !== limit0 && i1 !== limit1) {
        yield options.leftColumn ? line(i0, "(", undefined) : line(i0, " ", i1);
        i0++;
        i1++;
      }
      while (i1 !== limit1) yield line(undefined, ")", i1++);
      while (i0 !== limit0) yield line(i0++, "(", undefined);
    }
    next0 = limit0;
    next1 = limit1;
  };
  for (const c of script) {
    if (c.ignore) continue;
    let first0 = c.line0;
    let first1 = c.line1;
    const last0 = c.line0 + c.deleted - 1;
    const last1 = c.line1 + c.inserted - 1;
    yield* common(first0, first1);
    let changes = (c.deleted ? 1 : 0) | (c.inserted ? 2 : 0);
    if (changes === 3) {
      let i = first0;
      let j = first1;
      for (; i <= last0 && j <= last1; i++, j++) yield line(i, "|", j);
      changes = (i <= last0 ? 1 : 0) + (j <= last1 ? 2 : 0);
      next0 = first0 = i;
      next1 = first1 = j;
    }
    if (changes & 2) {
      for (let j = first1; j <= last1; j++) yield line(undefined, ">", j);
      next1 = last1 + 1;
    }
    if (changes & 1) {
      for (let i = first0; i <= last0; i++) yield line(i, "<", undefined);
      next0 = last0 + 1;
    }
  }
  yield* common(a.lines.length, b.lines.length);
}

import type { LimitsMeter } from "@husk/host";
import { utf8Length } from "@husk/host";
import type { LineMatcher } from "./matcher.js";
import type { GrepOptions } from "./options.js";

/** What searching one input produced. */
export interface FileResult {
  /** Lines were selected. */
  matched: boolean;
  /** The input looked binary (a NUL byte) and a line was selected: the caller reports it. */
  binaryMatched: boolean;
  /** Number of selected lines (after -m). */
  count: number;
}

const SGR_MATCH = "\u001b[01;31m\u001b[K";
const SGR_END = "\u001b[m\u001b[K";
const SGR_FILE = "\u001b[35m\u001b[K";
const SGR_LNUM = "\u001b[32m\u001b[K";
const SGR_SEP = "\u001b[36m\u001b[K";

/**
 * Searches one input and appends grep's output for it to `out`: selected lines (with file
 * name, line number and byte offset prefixes as asked), -o matches, context lines and `--`
 * separators, or the -c/-l/-L summary. Input arrives in chunks (`feed`), so endless input
 * (`yes | grep -m1 y`) works: `done` tells the reader to stop.
 */
export class FileSearch {
  readonly res: FileResult = { matched: false, binaryMatched: false, count: 0 };
  /** -T: numbers are right-aligned to this width (GNU: digits of the file size; 0 for pipes). */
  numWidth = 0;
  /** No more input is needed (-q/-l/-L decided, -m reached with no trailing context left). */
  done = false;
  readonly #m: LineMatcher;
  readonly #o: GrepOptions;
  readonly #out: string[];
  readonly #meter: LimitsMeter | undefined;
  readonly #eol: string;
  readonly #max: number;
  readonly #after: number;
  readonly #before: number;
  readonly #useCtx: boolean;
  readonly #sepLine: string | null;
  readonly #color: boolean;
  readonly #showName: boolean;
  readonly #name: string;
  readonly #namePart: string;
  #binary: boolean | undefined;
  /** Buffer-search mode (set once the first chunk is seen). */
  #fast = false;
  #printLines = false;
  #rest = "";
  readonly #ring: [string, number, number][] = [];
  #lastPrinted = 0;
  #printedAny = false;
  #afterLeft = 0;
  #lineNo = 0;
  #byte = 0;

  /** Output state shared by the files of one run: GNU puts `--` between files' groups too. */
  readonly #shared: { printed: boolean };

  constructor(displayName: string, showName: boolean, m: LineMatcher, o: GrepOptions, out: string[], meter?: LimitsMeter, shared = { printed: false }) {
    this.#m = m;
    this.#shared = shared;
    this.#o = o;
    this.#out = out;
    this.#meter = meter;
    this.#eol = o.nullData ? "\0" : "\n";
    this.#max = o.maxCount ?? Number.POSITIVE_INFINITY;
    this.#color = !!o.color;
    this.#showName = showName;
    this.#name = displayName;
    this.#namePart = showName ? (this.#color ? `${SGR_FILE}${displayName}${SGR_END}` : displayName) + (o.nullAfterName ? "\0" : "") : "";
    const summary = o.count || o.filesWithMatches || o.filesWithoutMatch || o.quiet;
    this.#after = summary ? 0 : (o.after ?? 0);
    this.#before = summary ? 0 : (o.before ?? 0);
    // GNU prints group separators whenever a context option was given, even -A0
    this.#useCtx = !summary && (o.after !== undefined || o.before !== undefined);
    this.#sepLine = o.groupSeparator === undefined ? "--" : o.groupSeparator;
    if (this.#max <= 0) this.done = true;
  }

  /** Feeds the next chunk of input; `final` marks the end (a last line without terminator). */
  feed(chunk: string, final: boolean): void {
    if (this.done) return;
    const o = this.#o;
    if (this.#binary === undefined) {
      this.#binary = !o.text && !o.nullData && chunk.includes("\0");
      if (this.#binary && o.skipBinary) {
        this.done = true;
        return;
      }
      this.#printLines = !(o.count || o.filesWithMatches || o.filesWithoutMatch || o.quiet) && !this.#binary;
      this.#fast = this.#m.find !== undefined && !o.byteOffset && !o.nullData && !this.#binary && !this.#useCtx;
      // -v by buffer search: the lines between matching lines are copied out as they are
      if (o.invert && (o.maxCount !== undefined || o.onlyMatching || (this.#printLines && (this.#showName || o.lineNumber || o.initialTab)))) this.#fast = false;
    }
    const text = this.#rest === "" ? chunk : this.#rest + chunk;
    this.#rest = "";
    const eol = this.#eol;
    let pos = 0;
    const len = text.length;
    if (this.#fast) {
      if (o.invert) this.#feedInvert(text, final);
      else this.#feedFast(text, final);
      return;
    }
    while (pos < len && !this.done) {
      let end = text.indexOf(eol, pos);
      if (end < 0) {
        if (!final) {
          this.#rest = text.slice(pos);
          return;
        }
        end = len;
      }
      this.#line(text.slice(pos, end));
      pos = end + 1;
    }
  }

  /**
   * -v by buffer search (no -m, no per-line prefixes): the runs of lines between matching lines
   * are selected, counted and copied out whole. When most lines match (`grep -v ok`), the match
   * usually lies in the line at `pos`: finding that line's end alone settles it, so a matching
   * line costs a search and one `indexOf` (looking back for the matching line's start is only
   * needed when non-matching lines come first).
   */
  #feedInvert(text: string, final: boolean): void {
    const m = this.#m;
    const limit = final ? text.length : text.lastIndexOf("\n") + 1;
    const maxLine = lineBound(m, text, limit);
    const meter = this.#meter;
    let pos = 0;
    while (pos < limit && !this.done) {
      if (meter) meter.tick();
      const k = m.find!(text, pos, maxLine);
      // a match at `limit` still belongs to a final line without terminator
      const partialEnd = final && k === limit && limit > pos && text.charCodeAt(limit - 1) !== 10;
      if (k < 0 || (k >= limit && !partialEnd)) {
        this.#selectRun(text, pos, limit);
        break;
      }
      let e = text.indexOf("\n", pos);
      if (e < 0 || e >= limit) e = limit;
      if (k <= e) {
        // the line at `pos` matches (a match at its "\n" is an end-of-line match of that line)
        pos = e + 1;
        continue;
      }
      const ls = text.lastIndexOf("\n", k - 1) + 1;
      this.#selectRun(text, pos, ls);
      e = text.indexOf("\n", k);
      pos = e < 0 || e >= limit ? limit : e + 1;
    }
    if (!final && limit < text.length) this.#rest = text.slice(limit);
  }

  /** -v: selects the lines of text[from, to) (whole lines; the last may lack its "\n" at the end of input). */
  #selectRun(text: string, from: number, to: number): void {
    if (to <= from) return;
    const res = this.res;
    const unterminated = to === text.length && text.charCodeAt(to - 1) !== 10;
    res.count += countNl(text, from, to) + (unterminated ? 1 : 0);
    res.matched = true;
    const o = this.#o;
    if (o.quiet || o.filesWithMatches || o.filesWithoutMatch) this.done = true;
    else if (this.#printLines) this.#out.push(unterminated ? `${text.slice(from, to)}\n` : text.slice(from, to));
  }

  /** Buffer search: only lines that contain a match are looked at (see LineMatcher.find). */
  #feedFast(text: string, final: boolean): void {
    const m = this.#m;
    const limit = final ? text.length : text.lastIndexOf("\n") + 1;
    const maxLine = lineBound(m, text, limit);
    const countLines = this.#o.lineNumber === true;
    const countOnly = this.#o.count === true && !this.#o.quiet && !this.#o.filesWithMatches && !this.#o.filesWithoutMatch;
    let pos = 0;
    while (pos < limit && !this.done) {
      const k = m.find!(text, pos, maxLine);
      // a match at `limit` still belongs to a final line without terminator
      const partialEnd = final && k === limit && limit > pos && text.charCodeAt(limit - 1) !== 10;
      if (k < 0 || (k >= limit && !partialEnd)) {
        if (countLines) this.#lineNo += countNl(text, pos, limit);
        pos = limit;
        break;
      }
      if (countOnly) {
        // -c: no line text is needed, only where the matching line ends
        const res = this.res;
        res.count++;
        res.matched = true;
        if (res.count >= this.#max) this.done = true;
        const e = text.indexOf("\n", k);
        pos = e < 0 || e >= limit ? limit : e + 1;
        continue;
      }
      const start = k === 0 ? 0 : Math.max(pos, text.lastIndexOf("\n", k - 1) + 1);
      if (countLines) this.#lineNo += countNl(text, pos, start);
      let end = text.indexOf("\n", start);
      if (end < 0 || end >= limit) end = limit;
      this.#line(text.slice(start, end), true);
      pos = end + 1;
    }
    if (!final && limit < text.length) this.#rest = text.slice(limit);
  }

  #line(line: string, known = false): void {
    const o = this.#o;
    const no = ++this.#lineNo;
    if (this.#meter) this.#meter.tick();
    const lineByte = this.#byte;
    if (o.byteOffset) this.#byte += utf8Length(line) + 1;
    const res = this.res;
    if (res.count >= this.#max) {
      if (this.#afterLeft > 0) {
        this.#emit(line, no, lineByte, "-");
        if (--this.#afterLeft === 0) this.done = true;
      } else this.done = true;
      return;
    }
    const selected = known || this.#m.test(line) !== !!o.invert;
    if (selected) {
      res.count++;
      res.matched = true;
      if (this.#binary) {
        res.binaryMatched = true;
        if (!o.count) this.done = true;
      }
      if (o.quiet || o.filesWithMatches || o.filesWithoutMatch) this.done = true;
      if (this.#printLines) {
        for (const [l, n, b] of this.#ring) this.#emit(l, n, b, "-");
        this.#ring.length = 0;
        if (o.onlyMatching) {
          if (!o.invert) this.#emitMatches(line, no, lineByte);
        } else if (this.#color && !o.invert) this.#emitColored(line, no, lineByte);
        else this.#emit(line, no, lineByte, ":");
        this.#afterLeft = this.#after;
      }
      if (res.count >= this.#max && this.#afterLeft === 0) this.done = true;
    } else if (this.#printLines) {
      if (this.#afterLeft > 0) {
        this.#emit(line, no, lineByte, "-");
        this.#afterLeft--;
        if (res.count >= this.#max && this.#afterLeft === 0) this.done = true;
      } else if (this.#before > 0) {
        this.#ring.push([line, no, lineByte]);
        if (this.#ring.length > this.#before) this.#ring.shift();
      }
    }
  }

  /** Ends the input: flushes a pending unterminated line and writes -c/-l/-L output. */
  finish(): FileResult {
    if (this.#rest !== "") {
      const r = this.#rest;
      this.#rest = "";
      if (!this.done) this.#line(r);
    }
    const o = this.#o;
    const res = this.res;
    const nameOut = (this.#color ? `${SGR_FILE}${this.#name}${SGR_END}` : this.#name) + (o.nullAfterName ? "\0" : "\n");
    if (o.quiet) return res;
    if (o.filesWithMatches) {
      if (res.matched) this.#out.push(nameOut);
    } else if (o.filesWithoutMatch) {
      if (!res.matched) this.#out.push(nameOut);
    } else if (o.count) this.#out.push(`${this.#showName ? this.#namePart + (o.nullAfterName ? "" : this.#sep(":")) : ""}${res.count}\n`);
    return res;
  }

  #sep(s: string): string {
    return this.#color ? `${SGR_SEP}${s}${SGR_END}` : s;
  }

  #prefix(no: number, b: number, sep: string): string {
    const o = this.#o;
    let p = "";
    const s = this.#sep(sep);
    if (this.#showName) p += this.#namePart + (o.nullAfterName ? "" : s);
    const w = this.numWidth;
    if (o.lineNumber) p += (this.#color ? `${SGR_LNUM}${pad(no, w)}${SGR_END}` : pad(no, w)) + s;
    if (o.byteOffset) p += `${pad(b, w)}${s}`;
    if (o.initialTab && p !== "") p += "\t";
    return p;
  }

  #groupSep(no: number): void {
    if (this.#useCtx && this.#sepLine !== null && (this.#printedAny ? no > this.#lastPrinted + 1 : this.#shared.printed)) {
      this.#out.push(`${this.#sep(this.#sepLine)}\n`);
    }
    this.#lastPrinted = no;
    this.#printedAny = true;
    this.#shared.printed = true;
  }

  #emit(line: string, no: number, b: number, sep: string): void {
    this.#groupSep(no);
    // -o prints no context lines, but they still count for the `--` group separators (GNU)
    if (sep === "-" && this.#o.onlyMatching) return;
    this.#out.push(this.#prefix(no, b, sep) + line + this.#eol);
  }

  #emitMatches(line: string, no: number, b: number): void {
    // GNU: a selected line counts for the `--` separators even when it has only empty matches
    this.#groupSep(no);
    let from = 0;
    while (from <= line.length) {
      const r = this.#m.next(line, from);
      if (r === null) break;
      const [s, e] = r;
      if (e > s) {
        const mb = this.#o.byteOffset ? b + utf8Length(line.slice(0, s)) : b;
        const t = line.slice(s, e);
        this.#out.push(this.#prefix(no, mb, ":") + (this.#color ? `${SGR_MATCH}${t}${SGR_END}` : t) + this.#eol);
        from = e;
      } else from = s + 1;
      if (this.#meter) this.#meter.tick();
    }
  }

  #emitColored(line: string, no: number, b: number): void {
    this.#groupSep(no);
    let s = "";
    let from = 0;
    let last = 0;
    while (from <= line.length) {
      const r = this.#m.next(line, from);
      if (r === null) break;
      if (r[1] > r[0]) {
        s += `${line.slice(last, r[0])}${SGR_MATCH}${line.slice(r[0], r[1])}${SGR_END}`;
        last = from = r[1];
      } else from = r[0] + 1;
    }
    this.#out.push(this.#prefix(no, b, ":") + s + line.slice(last) + this.#eol);
  }
}

function pad(n: number, w: number): string {
  const t = String(n);
  return t.length >= w ? t : " ".repeat(w - t.length) + t;
}

/**
 * The `maxLine` to pass to `m.find` for text[0, limit): 0 when the matcher ignores it, else an
 * upper bound of the longest line that searches as fast as the exact one: the matcher's
 * affordable length when every line fits it (see `linesWithin`), the exact longest otherwise.
 */
function lineBound(m: LineMatcher, text: string, limit: number): number {
  if (!m.needsMaxLine) return 0;
  const l = m.affordableLine ? m.affordableLine(limit) : -1;
  if (l === Number.POSITIVE_INFINITY) return 0;
  return l >= 0 && linesWithin(text, limit, l) ? l : maxLineLength(text, limit);
}

/**
 * True when no line of text[0, limit) is longer than `l`. Jumps half of `l` past each newline
 * and looks for the next one: the lines skipped are shorter than the jump, and the line found is
 * no longer than the distance between the two newlines (its exact start is looked up only when
 * that distance is too long). Several short lines per step instead of one.
 */
function linesWithin(text: string, limit: number, l: number): boolean {
  const h = l >> 1;
  let q0 = -1;
  while (limit - q0 - 1 > l) {
    let q1 = text.indexOf("\n", q0 + 1 + h);
    if (q1 < 0 || q1 > limit) q1 = limit;
    if (q1 - q0 - 1 > l && q1 - (text.lastIndexOf("\n", q0 + h) + 1) > l) return false;
    q0 = q1;
  }
  return true;
}

/** The length of the longest line in text[0, limit). */
function maxLineLength(text: string, limit: number): number {
  let maxLine = 0;
  let p = 0;
  while (p < limit) {
    let e = text.indexOf("\n", p);
    if (e < 0 || e >= limit) e = limit;
    if (e - p > maxLine) maxLine = e - p;
    p = e + 1;
  }
  return maxLine;
}

/** Number of "\n" in text[from, to). */
function countNl(text: string, from: number, to: number): number {
  let n = 0;
  let p = text.indexOf("\n", from);
  while (p >= 0 && p < to) {
    n++;
    p = text.indexOf("\n", p + 1);
  }
  return n;
}

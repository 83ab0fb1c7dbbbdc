import { type CommandContext, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { Writer } from "./util/io.js";
import { forEachBlock } from "./util/stream.js";
import type { ParsedArgs } from "./util/options.js";
import { gnuQuote } from "./util/text.js";

/** A 1-based inclusive range of a cut LIST (`hi` Infinity for `N-`). */
export interface Range {
  readonly lo: number;
  readonly hi: number;
}

/**
 * Parses a cut LIST (`1,3-5,7-`, `-2`; blanks separate like commas) into sorted merged ranges,
 * following GNU's set_fields state machine and messages; `quote` is GNU's quote().
 */
export function parseList(list: string, what: "field" | "byte/character", quote: (s: string) => string = (s) => `'${s}'`): Range[] {
  const pos = what !== "field";
  const fail = (m: string): never => {
    throw new UsageError(m, 1);
  };
  const from1 = pos ? "byte/character positions are numbered from 1" : "fields are numbered from 1";
  const ranges: Range[] = [];
  let initial = 1;
  let value = 0;
  let lhs = false;
  let rhs = false;
  let dash = false;
  for (let i = 0; ; i++) {
    const c = list[i];
    if (c === "-") {
      if (dash) fail(pos ? "invalid byte or character range" : "invalid field range");
      dash = true;
      if (lhs && !value) fail(from1);
      initial = lhs ? value : 1;
      value = 0;
    } else if (c === undefined || c === "," || c === " " || c === "\t") {
      if (dash) {
        dash = false;
        if (!lhs && !rhs) fail("invalid range with no endpoint: -");
        if (!rhs) ranges.push({ lo: initial, hi: Number.POSITIVE_INFINITY });
        else {
          if (value < initial) fail("invalid decreasing range");
          ranges.push({ lo: initial, hi: value });
        }
      } else {
        if (value === 0) fail(from1);
        ranges.push({ lo: value, hi: value });
      }
      value = 0;
      if (c === undefined) break;
      lhs = false;
      rhs = false;
    } else if (c >= "0" && c <= "9") {
      if (dash) rhs = true;
      else lhs = true;
      value = value * 10 + (c.charCodeAt(0) - 48);
    } else fail(`invalid ${pos ? "byte/character position" : "field value"} ${quote(list.slice(i))}`);
  }
  ranges.sort((a, b) => a.lo - b.lo);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r.lo <= last.hi + 1) merged[merged.length - 1] = { lo: last.lo, hi: Math.max(last.hi, r.hi) };
    else merged.push(r);
  }
  return merged;
}

function selected(ranges: readonly Range[], n: number, complement: boolean): boolean {
  let hit = false;
  for (const r of ranges) {
    if (n >= r.lo && n <= r.hi) {
      hit = true;
      break;
    }
  }
  return hit !== complement;
}

/** Options of `cutLine`. */
export interface CutOptions {
  readonly mode: "bytes" | "chars" | "fields";
  readonly ranges: readonly Range[];
  readonly delimiter?: string;
  readonly outputDelimiter?: string;
  readonly onlyDelimited?: boolean;
  readonly complement?: boolean;
}

/** Cuts one line; undefined when the line is suppressed (`-s` and no delimiter). */
export function cutLine(line: string, o: CutOptions): string | undefined {
  if (o.mode !== "fields") {
    // Characters are UTF-16 code units of the text (GNU cuts bytes; identical for ASCII).
    const parts: string[] = [];
    let runStart = -1;
    const outDelim = o.outputDelimiter;
    for (let i = 0; i <= line.length; i++) {
      const on = i < line.length && selected(o.ranges, i + 1, o.complement ?? false);
      if (on && runStart < 0) runStart = i;
      if (!on && runStart >= 0) {
        parts.push(line.slice(runStart, i));
        runStart = -1;
      }
    }
    return outDelim === undefined ? parts.join("") : parts.join(outDelim);
  }
  return new FieldCutter(o).begin().cut(line, 0, line.length);
}

/**
 * `cut -f` over lines that lie in a bigger text, without slicing each line out first: runs of
 * adjacent selected fields are copied as one slice. Reuses the position of the next delimiter
 * across lines, so a text with few delimiters is still scanned once.
 */
class FieldCutter {
  readonly #d: string;
  readonly #out: string;
  readonly #same: boolean;
  readonly #o: CutOptions;
  readonly #last: number;
  #next = -1;

  constructor(o: CutOptions) {
    this.#o = o;
    this.#d = o.delimiter ?? "\t";
    this.#out = o.outputDelimiter ?? this.#d;
    this.#same = this.#out === this.#d;
    const r = o.ranges;
    this.#last = o.complement || r.length === 0 ? Infinity : r[r.length - 1]!.hi;
  }

  /** Starts a new text: `cut` then takes lines of it in order. */
  begin(): this {
    this.#next = -1;
    return this;
  }

  /** The position of the next delimiter at or after `p` (text.length when none). */
  #find(text: string, p: number): number {
    if (this.#next < p) {
      const i = text.indexOf(this.#d, p);
      this.#next = i < 0 ? text.length : i;
    }
    return this.#next;
  }

  /** Cuts text[start, end) (one line, after the previous one of the same text since `begin`); undefined when suppressed by `-s`. */
  cut(text: string, start: number, end: number): string | undefined {
    const o = this.#o;
    let e = this.#find(text, start);
    if (e >= end) return o.onlyDelimited ? undefined : text.slice(start, end);
    const complement = o.complement ?? false;
    let out = "";
    let any = false;
    let segStart = -1;
    let segEnd = -1;
    let p = start;
    for (let field = 1; ; field++) {
      if (e > end) e = end;
      if (selected(o.ranges, field, complement)) {
        if (!this.#same) {
          out += any ? this.#out + text.slice(p, e) : text.slice(p, e);
          any = true;
        } else {
          if (segStart < 0) segStart = p;
          segEnd = e;
        }
      } else if (segStart >= 0) {
        out += any ? this.#d + text.slice(segStart, segEnd) : text.slice(segStart, segEnd);
        any = true;
        segStart = -1;
      }
      if (e >= end || field >= this.#last) break;
      p = e + 1;
      e = this.#find(text, p);
    }
    if (segStart >= 0) out += any ? this.#d + text.slice(segStart, segEnd) : text.slice(segStart, segEnd);
    return out;
  }
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  let mode: CutOptions["mode"] | undefined;
  let list = "";
  let delimiter: string | undefined;
  let outputDelimiter: string | undefined;
  let onlyDelimited = false;
  let complement = false;
  let sep = "\n";
  for (const o of args.list) {
    switch (o.key) {
      case "b":
      case "c":
      case "f":
        if (mode !== undefined) throw new UsageError("only one list may be specified", 1);
        mode = o.key === "b" ? "bytes" : o.key === "c" ? "chars" : "fields";
        list = o.value ?? "";
        break;
      case "d":
        if ((o.value ?? "").length > 1) throw new UsageError("the delimiter must be a single character", 1);
        delimiter = o.value === "" ? "\0" : o.value;
        break;
      case "s": onlyDelimited = true; break;
      case "complement": complement = true; break;
      // GNU: an empty output delimiter is a NUL byte
      case "output-delimiter": outputDelimiter = o.value === "" ? "\0" : o.value; break;
      case "z": sep = "\0"; break;
    }
  }
  if (mode === undefined) throw new UsageError("you must specify a list of bytes, characters, or fields", 1);
  if (mode !== "fields" && delimiter !== undefined) throw new UsageError("an input delimiter may be specified only when operating on fields", 1);
  if (mode !== "fields" && onlyDelimited) throw new UsageError("suppressing non-delimited lines makes sense\n\tonly when operating on fields", 1);
  const opts: CutOptions = { mode, ranges: parseList(list, mode === "fields" ? "field" : "byte/character", (t) => gnuQuote(ctx.env, t)), delimiter, outputDelimiter, onlyDelimited, complement };
  const w = new Writer(ctx.stdout);
  const fields = mode === "fields" ? new FieldCutter(opts) : null;
  const status = await forEachBlock(ctx, args.operands, sep, async (text) => {
    let start = 0;
    let buf = "";
    fields?.begin();
    while (start < text.length) {
      let end = text.indexOf(sep, start);
      if (end < 0) end = text.length;
      const r = fields !== null ? fields.cut(text, start, end) : cutLine(text.slice(start, end), opts);
      start = end + 1;
      if (r !== undefined) buf += r + sep;
      if (buf.length >= 65536) {
        const p = w.write(buf);
        buf = "";
        if (p) await p;
      }
      ctx.meter.tick();
    }
    const p = w.write(buf);
    if (p) await p;
  });
  await w.flush();
  return status;
}

/** `cut -b|-c|-f LIST [-d D] [-s] [--complement] [--output-delimiter S] [-z] [FILE]...`. */
export const cut = defineCommand({
  name: "cut",
  summary: "remove sections from each line of files",
  usage: `Usage: cut OPTION... [FILE]...
Print selected parts of lines from each FILE to standard output.

  -b, --bytes=LIST        select only these bytes
  -c, --characters=LIST   select only these characters
  -d, --delimiter=DELIM   use DELIM instead of TAB for field delimiter
  -f, --fields=LIST       select only these fields
  -s, --only-delimited    do not print lines not containing delimiters
      --complement        complement the set of selected bytes, characters or fields
      --output-delimiter=STRING  use STRING as the output delimiter
  -z, --zero-terminated   line delimiter is NUL, not newline`,
  options: [
    { key: "b", short: "b", long: "bytes", arg: "required" },
    { key: "c", short: "c", long: "characters", arg: "required" },
    { key: "d", short: "d", long: "delimiter", arg: "required" },
    { key: "f", short: "f", long: "fields", arg: "required" },
    { key: "n", short: "n" },
    { key: "s", short: "s", long: "only-delimited" },
    { key: "complement", long: "complement" },
    { key: "output-delimiter", long: "output-delimiter", arg: "required" },
    { key: "z", short: "z", long: "zero-terminated" },
  ],
  run,
});

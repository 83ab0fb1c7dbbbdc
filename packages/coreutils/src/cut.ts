import { type CommandContext, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { forEachInput, Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";

/** A 1-based inclusive range of a cut LIST (`hi` Infinity for `N-`). */
export interface Range {
  readonly lo: number;
  readonly hi: number;
}

/** Parses a cut LIST (`1,3-5,7-`, `-2`) into sorted merged ranges; GNU's messages on error. */
export function parseList(list: string, what: "field" | "byte/character"): Range[] {
  const ranges: Range[] = [];
  for (const part of list.split(/[,\s]/)) {
    const m = /^(\d*)(-?)(\d*)$/.exec(part);
    if (!m || part === "" || part === "-") {
      throw new UsageError(part === "-" ? "invalid range with no endpoint: -" : `invalid ${what} value '${part}'`, 1);
    }
    const lo = m[1] === "" ? 1 : Number(m[1]);
    const hi = m[2] === "" ? lo : m[3] === "" ? Infinity : Number(m[3]);
    if (lo === 0 || hi === 0) throw new UsageError(what === "field" ? "fields are numbered from 1" : "byte/character positions are numbered from 1", 1);
    if (hi < lo) throw new UsageError("invalid decreasing range", 1);
    ranges.push({ lo, hi });
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
  const d = o.delimiter ?? "\t";
  if (!line.includes(d)) return o.onlyDelimited ? undefined : line;
  const fields = line.split(d);
  const out: string[] = [];
  for (let i = 0; i < fields.length; i++) if (selected(o.ranges, i + 1, o.complement ?? false)) out.push(fields[i] as string);
  return out.join(o.outputDelimiter ?? d);
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
      case "output-delimiter": outputDelimiter = o.value; break;
      case "z": sep = "\0"; break;
    }
  }
  if (mode === undefined) throw new UsageError("you must specify a list of bytes, characters, or fields", 1);
  if (mode !== "fields" && delimiter !== undefined) throw new UsageError("an input delimiter may be specified only when operating on fields", 1);
  if (mode !== "fields" && onlyDelimited) throw new UsageError("suppressing non-delimited lines makes sense\n\tonly when operating on fields", 1);
  const opts: CutOptions = { mode, ranges: parseList(list, mode === "fields" ? "field" : "byte/character"), delimiter, outputDelimiter, onlyDelimited, complement };
  const w = new Writer(ctx.stdout);
  const status = await forEachInput(ctx, args.operands, async (text) => {
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf(sep, start);
      if (end < 0) end = text.length;
      const r = cutLine(text.slice(start, end), opts);
      start = end + 1;
      if (r !== undefined) {
        const p = w.write(r + sep);
        if (p) await p;
      }
      ctx.meter.tick();
    }
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

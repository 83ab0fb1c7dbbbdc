import { type CommandContext, FsError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";
import { eachChunk, openInput } from "./util/stream.js";
import { utf8Length } from "@husk/host";

/** Counts of one input, as `wc` reports them. */
export interface WcCounts {
  lines: number;
  words: number;
  chars: number;
  bytes: number;
  maxLine: number;
}

/**
 * Counts lines, words, characters, bytes and the longest line of a text given in chunks, in
 * any cutting (the state of a word or line in progress carries over): `add` each chunk, then
 * read `counts`. Chunks must not split a surrogate pair.
 */
export class WcCounter {
  readonly #k: WcCounts = { lines: 0, words: 0, chars: 0, bytes: 0, maxLine: 0 };
  #col = 0;
  #inWord = false;
  /** Only lines and bytes are wanted: newlines are found with indexOf. */
  readonly #linesOnly: boolean;
  constructor(linesOnly = false) {
    this.#linesOnly = linesOnly;
  }

  /** The counts so far (a line in progress counts for the longest line). */
  get counts(): WcCounts {
    const k = this.#k;
    return { ...k, maxLine: Math.max(k.maxLine, this.#col) };
  }

  /** Counts one more chunk. */
  add(text: string): void {
    const k = this.#k;
    k.bytes += utf8Length(text);
    if (this.#linesOnly) {
      let n = 0;
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
      k.lines += n;
      return;
    }
    let { lines, words, chars, maxLine } = k;
    let col = this.#col;
    let inWord = this.#inWord;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) i++;
      chars++;
      if (c === 10 || c === 13 || c === 12) {
        // (as GNU: a carriage return or form feed also ends the line being measured)
        if (c === 10) lines++;
        if (col > maxLine) maxLine = col;
        col = 0;
        inWord = false;
      } else if (c === 32 || c === 9 || c === 11) {
        if (c === 9) col += 8 - (col % 8);
        else if (c === 32) col++;
        inWord = false;
      } else {
        if (c >= 32 && c !== 127) col++;
        if (!inWord) {
          words++;
          inWord = true;
        }
      }
    }
    k.lines = lines;
    k.words = words;
    k.chars = chars;
    k.maxLine = maxLine;
    this.#col = col;
    this.#inWord = inWord;
  }
}

/**
 * Counts lines (newlines), words (runs of non-whitespace), characters (code points),
 * bytes (UTF-8) and the longest line's display width (tabs to multiples of 8).
 */
export function wcCount(text: string): WcCounts {
  const c = new WcCounter();
  c.add(text);
  return c.counts;
}

type Field = keyof WcCounts;

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  let fields: Field[] = [];
  for (const o of args.list) {
    const f = ({ l: "lines", w: "words", m: "chars", c: "bytes", L: "maxLine" } as const)[o.key as "l"];
    if (f && !fields.includes(f)) fields.push(f);
  }
  if (fields.length === 0) fields = ["lines", "words", "bytes"];
  const order: Field[] = ["lines", "words", "chars", "bytes", "maxLine"];
  fields = order.filter((f) => fields.includes(f));
  const operands = args.operands.length ? args.operands : ["-"];
  const linesOnly = fields.every((f) => f === "lines" || f === "bytes");
  const results: Array<{ name: string; counts: WcCounts } | undefined> = [];
  let status = 0;
  let regularTotal = 0;
  let minWidth = 1;
  for (const op of operands) {
    try {
      const input = await openInput(ctx, op);
      const counter = new WcCounter(linesOnly);
      await eachChunk(input, ctx.meter, (chunk) => counter.add(chunk));
      const counts = counter.counts;
      if (op === "-") minWidth = 7;
      else regularTotal += counts.bytes;
      results.push({ name: op === "-" && args.operands.length === 0 ? "" : op, counts });
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      ctx.stderr.write(op === "" ? "wc: invalid zero-length file name\n" : `wc: ${op}: ${e.message}\n`);
      status = 1;
      results.push(undefined);
    }
  }
  let width = String(regularTotal).length;
  if (width < minWidth) width = minWidth;
  if (operands.length === 1 && fields.length === 1) width = 1;
  const out: string[] = [];
  const line = (c: WcCounts, name: string): void => {
    out.push(fields.map((f) => String(c[f]).padStart(width)).join(" ") + (name ? ` ${name}` : "") + "\n");
  };
  const total: WcCounts = { lines: 0, words: 0, chars: 0, bytes: 0, maxLine: 0 };
  for (const r of results) {
    if (!r) continue;
    line(r.counts, r.name);
    total.lines += r.counts.lines;
    total.words += r.counts.words;
    total.chars += r.counts.chars;
    total.bytes += r.counts.bytes;
    total.maxLine = Math.max(total.maxLine, r.counts.maxLine);
  }
  if (operands.length > 1) line(total, "total");
  ctx.stdout.write(out.join(""));
  return status;
}

/**
 * `wc [-lwmcL] [FILE]...` with GNU's column alignment (width from the total size of regular
 * files, at least 7 when reading stdin, none for a single count of a single input).
 * `-m` counts Unicode code points (a UTF-8 locale); stdin counts as non-regular.
 */
export const wc = defineCommand({
  name: "wc",
  summary: "print newline, word, and byte counts for each file",
  usage: `Usage: wc [OPTION]... [FILE]...
Print newline, word, and byte counts for each FILE, and a total line if
more than one FILE is specified.  With no FILE, or when FILE is -, read standard input.

  -c, --bytes            print the byte counts
  -m, --chars            print the character counts
  -l, --lines            print the newline counts
  -L, --max-line-length  print the maximum display width
  -w, --words            print the word counts`,
  options: [
    { key: "c", short: "c", long: "bytes" },
    { key: "m", short: "m", long: "chars" },
    { key: "l", short: "l", long: "lines" },
    { key: "L", short: "L", long: "max-line-length" },
    { key: "w", short: "w", long: "words" },
  ],
  run,
});

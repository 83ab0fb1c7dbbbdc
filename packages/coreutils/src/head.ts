import { type CommandContext, utf8Length } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { type Count, eachWithHeaders, headTailOptions } from "./util/headtail.js";
import { Writer, writeOut } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { type Chunks, eachChunk } from "./util/stream.js";
import { headBytes, toBytes, fromBytes } from "./util/text.js";
import { TailWindow } from "./util/window.js";

/** The first lines/bytes of `text` as `head` selects them (`sign` "-" means all but the last N). */
export function headText(text: string, count: Count, sep = "\n"): string {
  const { n } = count;
  if (count.bytes) {
    if (count.sign !== "-") return headBytes(text, n);
    const b = toBytes(text);
    return fromBytes(b.subarray(0, Math.max(0, b.length - n)));
  }
  if (count.sign !== "-") {
    let pos = 0;
    for (let i = 0; i < n; i++) {
      const j = text.indexOf(sep, pos);
      if (j < 0) return text;
      pos = j + 1;
    }
    return text.slice(0, pos);
  }
  if (n === 0) return text;
  // All but the last n lines (an unterminated last line counts as a line).
  let pos = text.length;
  if (text.endsWith(sep)) pos--;
  for (let i = 0; i < n; i++) {
    const j = text.lastIndexOf(sep, pos - 1);
    if (j < 0) return "";
    pos = j;
  }
  return text.slice(0, pos + 1);
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const { count, headers, sep } = headTailOptions(args, ctx);
  const operands = args.operands.length ? args.operands : ["-"];
  // Streaming stdin for the common `head -n N` / `head -c N`: stop reading once satisfied.
  const stream = async (input: Chunks): Promise<void> => {
    let need = count.n;
    while (need > 0) {
      const chunk = await input.read();
      if (chunk === undefined) return;
      if (count.bytes) {
        const part = headBytes(chunk, need);
        need -= utf8Length(part);
        await writeOut(ctx.stdout, part);
        if (part.length < chunk.length) break;
        continue;
      }
      let pos = 0;
      while (need > 0) {
        const j = chunk.indexOf(sep, pos);
        if (j < 0) break;
        pos = j + 1;
        need--;
      }
      await writeOut(ctx.stdout, need > 0 ? chunk : chunk.slice(0, pos));
      ctx.meter.tick();
    }
    input.close();
  };
  return eachWithHeaders(
    ctx,
    operands,
    headers ?? operands.length > 1,
    async (input) => {
      if (input.text !== undefined) await writeOut(ctx.stdout, headText(input.text, count, sep));
      else if (count.sign !== "-") await stream(input);
      else await allBut(ctx, input, count, sep);
    },
    true,
  );
}

/** `head -n -N` / `head -c -N` over a stream: everything but the last N lines or bytes, held back in a window. */
async function allBut(ctx: CommandContext, input: Chunks, count: Count, sep: string): Promise<void> {
  const w = new Writer(ctx.stdout);
  const win = new TailWindow(count, sep, ctx.meter);
  await eachChunk(input, ctx.meter, (chunk) => {
    let p: Promise<void> | undefined;
    for (const out of win.push(chunk)) p = w.write(out) ?? p;
    return p;
  });
  for (const part of win.allButTail()) w.write(part);
  win.release();
  await w.flush();
}

/** `head [-n [-]N] [-c [-]N] [-qvz] [FILE]...`, plus the obsolete `head -N`. */
export const head = defineCommand({
  name: "head",
  summary: "output the first part of files",
  usage: `Usage: head [OPTION]... [FILE]...
Print the first 10 lines of each FILE to standard output.
With more than one FILE, precede each with a header giving the file name.

  -c, --bytes=[-]NUM       print the first NUM bytes of each file;
                             with the leading '-', print all but the last NUM bytes
  -n, --lines=[-]NUM       print the first NUM lines instead of the first 10;
                             with the leading '-', print all but the last NUM lines
  -q, --quiet, --silent    never print headers giving file names
  -v, --verbose            always print headers giving file names
  -z, --zero-terminated    line delimiter is NUL, not newline`,
  options: [
    { key: "c", short: "c", long: "bytes", arg: "required" },
    { key: "n", short: "n", long: "lines", arg: "required" },
    { key: "q", short: "q", long: ["quiet", "silent"] },
    { key: "v", short: "v", long: "verbose" },
    { key: "z", short: "z", long: "zero-terminated" },
  ],
  preprocess: (args) => {
    const m = /^-(\d+)([bkm]?)([cl]?)([qvz]*)$/.exec(args[0] ?? "");
    if (!m) return args;
    const unit = m[2] === "b" ? "b" : m[2] === "k" ? "K" : m[2] === "m" ? "M" : "";
    const flag = m[3] === "c" || unit ? "-c" : "-n";
    return [flag, `${m[1]}${unit}`, ...(m[4] ? [`-${m[4]}`] : []), ...args.slice(1)];
  },
  run,
});

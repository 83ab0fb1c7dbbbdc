import type { CommandContext } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { type Count, eachWithHeaders, headTailOptions } from "./util/headtail.js";
import { writeOut } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { headBytes, toBytes, fromBytes } from "./util/text.js";

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
  const stream = async (): Promise<void> => {
    // Streaming stdin for the common `head -n N` / `head -c N`: stop reading once satisfied.
    let need = count.n;
    while (need > 0) {
      const chunk = await ctx.stdin.read();
      if (chunk === undefined) return;
      if (count.bytes) {
        const part = headBytes(chunk, need);
        need -= toBytes(part).length;
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
    ctx.stdin.close();
  };
  return eachWithHeaders(
    ctx,
    operands,
    headers ?? operands.length > 1,
    (text) => writeOut(ctx.stdout, headText(text, count, sep)),
    count.sign === "-" ? undefined : stream,
  );
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

import { type CommandContext, HuskError, utf8Length } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { type Count, eachWithHeaders, headTailOptions } from "./util/headtail.js";
import { Writer, writeOut } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { type Chunks, eachChunk } from "./util/stream.js";
import { dropBytes, fromBytes, toBytes } from "./util/text.js";
import { TailWindow } from "./util/window.js";

/** The part of `text` `tail` prints: the last N lines/bytes, or from line/byte N on (`sign` "+"). */
export function tailText(text: string, count: Count, sep = "\n"): string {
  const { n } = count;
  if (count.bytes) {
    if (count.sign === "+") return dropBytes(text, n - 1);
    const b = toBytes(text);
    return n === 0 ? "" : fromBytes(b.subarray(Math.max(0, b.length - n)));
  }
  if (count.sign === "+") {
    let pos = 0;
    for (let i = 1; i < n; i++) {
      const j = text.indexOf(sep, pos);
      if (j < 0) return "";
      pos = j + 1;
    }
    return text.slice(pos);
  }
  if (n === 0) return "";
  let pos = text.length;
  if (text.endsWith(sep)) pos--;
  for (let i = 0; i < n; i++) {
    if (pos <= 0) return text; // (lastIndexOf clamps a negative start to 0 and would find text[0])
    const j = text.lastIndexOf(sep, pos - 1);
    if (j < 0) return text;
    pos = j;
  }
  return text.slice(pos + 1);
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  if (args.has("f")) throw new HuskError("following files (-f/-F) is not supported in the sandbox", 1);
  const { count, headers, sep } = headTailOptions(args, ctx);
  // GNU: nothing to print, so no file is even opened (no headers, no errors)
  if (count.n === 0 && count.sign !== "+") return 0;
  const operands = args.operands.length ? args.operands : ["-"];
  return eachWithHeaders(ctx, operands, headers ?? operands.length > 1, (input) =>
    input.text !== undefined ? writeOut(ctx.stdout, tailText(input.text, count, sep)) : tailStream(ctx, input, count, sep),
  );
}

/**
 * `tail` over a stream: from line/byte N on (`+N`) it copies once the start is passed; else it
 * keeps a window of the last N lines/bytes (charged to maxDataBytes while held).
 */
async function tailStream(ctx: CommandContext, input: Chunks, count: Count, sep: string): Promise<void> {
  const w = new Writer(ctx.stdout);
  if (count.sign === "+") {
    // bytes or separators still to skip before the output starts
    let skip = Math.max(0, count.n - 1);
    await eachChunk(input, ctx.meter, (chunk) => {
      if (skip === 0) return w.write(chunk);
      if (count.bytes) {
        const len = utf8Length(chunk);
        if (len <= skip) {
          skip -= len;
          return undefined;
        }
        const rest = dropBytes(chunk, skip);
        skip = 0;
        return w.write(rest);
      }
      let pos = 0;
      while (skip > 0) {
        const j = chunk.indexOf(sep, pos);
        if (j < 0) return undefined;
        pos = j + sep.length;
        skip--;
      }
      return pos < chunk.length ? w.write(chunk.slice(pos)) : undefined;
    });
  } else {
    const win = new TailWindow(count, sep, ctx.meter);
    await eachChunk(input, ctx.meter, (chunk) => {
      win.push(chunk);
    });
    for (const part of win.tail()) if (part !== "") w.write(part);
    win.release();
  }
  await w.flush();
}

/** `tail [-n [+-]N] [-c [+-]N] [-qvz] [FILE]...`, plus `tail -N` / `tail +N`; `-f` is refused. */
export const tail = defineCommand({
  name: "tail",
  summary: "output the last part of files",
  usage: `Usage: tail [OPTION]... [FILE]...
Print the last 10 lines of each FILE to standard output.
With more than one FILE, precede each with a header giving the file name.

  -c, --bytes=[+]NUM       output the last NUM bytes; or use -c +NUM to
                             output starting with byte NUM of each file
  -n, --lines=[+]NUM       output the last NUM lines, instead of the last 10;
                             or use -n +NUM to skip NUM-1 lines at the start
  -q, --quiet, --silent    never output headers giving file names
  -v, --verbose            always output headers giving file names
  -z, --zero-terminated    line delimiter is NUL, not newline
  -f, -F, --follow         not supported in the sandbox (refused)`,
  options: [
    { key: "c", short: "c", long: "bytes", arg: "required" },
    { key: "n", short: "n", long: "lines", arg: "required" },
    { key: "q", short: "q", long: ["quiet", "silent"] },
    { key: "v", short: "v", long: "verbose" },
    { key: "z", short: "z", long: "zero-terminated" },
    { key: "f", short: "fF", long: ["follow", "retry"] },
    { key: "s", short: "s", long: "sleep-interval", arg: "required" },
  ],
  preprocess: (args) => {
    const m = /^([+-])(\d+)([bcl]?)$/.exec(args[0] ?? "");
    // GNU takes `tail -N` / `tail +N` only with at most one file; elsewhere `-N` is an error
    const a1 = args[1];
    const obsolete = m && (args.length === 1 || (args.length === 2 && !(a1!.startsWith("-") && a1!.length > 1)) || (args.length <= 3 && a1 === "--"));
    if (!obsolete) {
      for (let i = 0; i < args.length && args[i] !== "--"; i++) {
        const a = args[i]!;
        if (/^-[nsc]$|^--(lines|bytes|sleep-interval)$/.test(a)) i++;
        else if (/^-\d/.test(a)) throw new HuskError(`option used in invalid context -- ${a[1]}`, 1);
      }
      return args;
    }
    return [m[3] === "c" || m[3] === "b" ? "-c" : "-n", `${m[1] === "+" ? "+" : ""}${m[2]}${m[3] === "b" ? "b" : ""}`, ...args.slice(1)];
  },
  run,
});

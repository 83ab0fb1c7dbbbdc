import type { CommandContext } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { readInput, reportFsError, Writer, writeOut } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { ConcatInput, eachBlock } from "./util/stream.js";
import { showNonprinting } from "./util/text.js";

interface CatFlags {
  number: boolean;
  nonblank: boolean;
  squeeze: boolean;
  ends: boolean;
  tabs: boolean;
  nonprinting: boolean;
}

/** What `cat` carries from one piece of its input to the next: the line count and whether the last line was blank. */
export interface CatState {
  n: number;
  prevBlank: boolean;
}

/**
 * Formats text as `cat` with options does. Numbering (`-n`, `-b`) and squeezing (`-s`) run
 * over the concatenation of all inputs, as GNU cat keeps its state across files: text given
 * in pieces of whole lines with one `state` formats as the whole would.
 */
export function catFormat(text: string, f: CatFlags, state: CatState = { n: 0, prevBlank: false }): string {
  const out = new Array<string>();
  let { n, prevBlank } = state;
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    let line = text.slice(start, end);
    const terminated = nl >= 0;
    start = end + 1;
    const blank = line === "" && terminated;
    if (f.squeeze && blank && prevBlank) continue;
    prevBlank = blank;
    if (f.nonprinting) line = showNonprinting(line, !f.tabs);
    if (f.tabs) line = line.replaceAll("\t", "^I");
    let prefix = "";
    if (f.nonblank ? line !== "" : f.number) prefix = `${String(++n).padStart(6)}\t`;
    out.push(prefix + line + (terminated ? (f.ends ? "$\n" : "\n") : ""));
  }
  state.n = n;
  state.prevBlank = prevBlank;
  return out.join("");
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const f: CatFlags = { number: false, nonblank: false, squeeze: false, ends: false, tabs: false, nonprinting: false };
  for (const o of args.list) {
    switch (o.key) {
      case "A": f.nonprinting = f.ends = f.tabs = true; break;
      case "b": f.nonblank = true; break;
      case "e": f.nonprinting = f.ends = true; break;
      case "E": f.ends = true; break;
      case "n": f.number = true; break;
      case "s": f.squeeze = true; break;
      case "t": f.nonprinting = f.tabs = true; break;
      case "T": f.tabs = true; break;
      case "v": f.nonprinting = true; break;
    }
  }
  const plain = !(f.number || f.nonblank || f.squeeze || f.ends || f.tabs || f.nonprinting);
  const operands = args.operands.length ? args.operands : ["-"];
  let status = 0;
  if (plain) {
    for (const op of operands) {
      if (op === "-") {
        for (let chunk = await ctx.stdin.read(); chunk !== undefined; chunk = await ctx.stdin.read()) {
          await writeOut(ctx.stdout, chunk);
          ctx.meter.tick();
        }
        continue;
      }
      try {
        await writeOut(ctx.stdout, await readInput(ctx, op));
      } catch (e) {
        status = reportFsError(ctx, op, e);
      }
    }
    return status;
  }
  // one stream over all operands: a line may go on from one file into the next
  const input = new ConcatInput(ctx, operands);
  const state: CatState = { n: 0, prevBlank: false };
  const w = new Writer(ctx.stdout);
  await eachBlock(input, "\n", ctx.meter, (block) => w.write(catFormat(block, f, state)));
  await w.flush();
  return input.status;
}

/** `cat [-AbeEnstTuv] [FILE]...`: concatenates files (stdin for none or `-`), streaming stdin. */
export const cat = defineCommand({
  name: "cat",
  summary: "concatenate files and print on the standard output",
  usage: `Usage: cat [OPTION]... [FILE]...
Concatenate FILE(s) to standard output. With no FILE, or when FILE is -, read standard input.

  -A, --show-all           equivalent to -vET
  -b, --number-nonblank    number nonempty output lines, overrides -n
  -e                       equivalent to -vE
  -E, --show-ends          display $ at end of each line
  -n, --number             number all output lines
  -s, --squeeze-blank      suppress repeated empty output lines
  -t                       equivalent to -vT
  -T, --show-tabs          display TAB characters as ^I
  -u                       (ignored)
  -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB`,
  options: [
    { key: "A", short: "A", long: "show-all" },
    { key: "b", short: "b", long: "number-nonblank" },
    { key: "e", short: "e" },
    { key: "E", short: "E", long: "show-ends" },
    { key: "n", short: "n", long: "number" },
    { key: "s", short: "s", long: "squeeze-blank" },
    { key: "t", short: "t" },
    { key: "T", short: "T", long: "show-tabs" },
    { key: "u", short: "u" },
    { key: "v", short: "v", long: "show-nonprinting" },
  ],
  run,
});

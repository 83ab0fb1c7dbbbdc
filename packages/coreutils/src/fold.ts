import { type CommandContext, HuskError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { Writer } from "./util/io.js";
import { forEachBlock } from "./util/stream.js";
import type { ParsedArgs } from "./util/options.js";
import { gnuQuote } from "./util/text.js";

/** Wraps each line at `width` columns (tabs to multiples of 8, backspace -1, CR to 0); `spaces` breaks after the last blank. */
export function foldText(text: string, width: number, spaces = false, bytes = false): string {
  const out: string[] = [];
  for (const [idx, line] of text.split("\n").entries()) {
    if (idx > 0) out.push("\n");
    let col = 0;
    let cur = "";
    for (const ch of line) {
      const next = bytes ? col + 1 : ch === "\t" ? col + 8 - (col % 8) : ch === "\b" ? Math.max(0, col - 1) : ch === "\r" ? 0 : col + 1;
      if (next > width && cur !== "") {
        let brk = -1;
        if (spaces) brk = Math.max(cur.lastIndexOf(" "), cur.lastIndexOf("\t"));
        if (brk >= 0) {
          out.push(`${cur.slice(0, brk + 1)}\n`);
          cur = cur.slice(brk + 1);
        } else {
          out.push(`${cur}\n`);
          cur = "";
        }
        col = 0;
        for (const c of cur) col = bytes ? col + 1 : c === "\t" ? col + 8 - (col % 8) : col + 1;
        cur += ch;
        col = bytes ? col + 1 : ch === "\t" ? col + 8 - (col % 8) : col + 1;
        continue;
      }
      cur += ch;
      col = next;
    }
    out.push(cur);
  }
  return out.join("");
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const wv = args.get("w") ?? "80";
  const width = Number(wv);
  if (!/^\d+$/.test(wv) || width < 1) throw new HuskError(`invalid number of columns: ${gnuQuote(ctx.env, wv)}${/^\d+$/.test(wv) ? ": Numerical result out of range" : ""}`, 1);
  const w = new Writer(ctx.stdout);
  const spaces = args.has("s");
  const bytes = args.has("b");
  const status = await forEachBlock(ctx, args.operands, "\n", (t) => w.write(foldText(t, width, spaces, bytes)), "fold");
  await w.flush();
  return status;
}

/** `fold [-bs] [-w WIDTH] [FILE]...`. */
export const fold = defineCommand({
  name: "fold",
  summary: "wrap each input line to fit in specified width",
  usage: `Usage: fold [OPTION]... [FILE]...
Wrap input lines in each FILE, writing to standard output.

  -b, --bytes         count bytes rather than columns
  -s, --spaces        break at spaces
  -w, --width=WIDTH   use WIDTH columns instead of 80`,
  options: [
    { key: "b", short: "b", long: "bytes" },
    { key: "s", short: "s", long: "spaces" },
    { key: "w", short: "w", long: "width", arg: "required" },
  ],
  preprocess: (args) => args.map((a) => (/^-\d+$/.test(a) ? `-w${a.slice(1)}` : a)),
  run,
});

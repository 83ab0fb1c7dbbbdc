import type { CommandContext } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { Writer } from "./util/io.js";
import { forEachBlock } from "./util/stream.js";
import type { ParsedArgs } from "./util/options.js";

/** Reverses the characters (code points) of each line; newlines stay in place. */
export function revText(text: string): string {
  // reversed into a buffer of code units (a surrogate pair keeps its order), then made a string
  const n = text.length;
  const out = new Uint16Array(n);
  let start = 0;
  while (start <= n) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = n;
    let j = start;
    for (let i = end - 1; i >= start; i--) {
      const c = text.charCodeAt(i);
      if (c >= 0xdc00 && c <= 0xdfff && i > start) {
        const h = text.charCodeAt(i - 1);
        if (h >= 0xd800 && h <= 0xdbff) {
          out[j++] = h;
          out[j++] = c;
          i--;
          continue;
        }
      }
      out[j++] = c;
    }
    if (end < n) out[j] = 10;
    start = end + 1;
  }
  const parts: string[] = [];
  for (let i = 0; i < n; i += 8192) parts.push(String.fromCharCode.apply(null, out.subarray(i, Math.min(n, i + 8192)) as unknown as number[]));
  return parts.join("");
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const w = new Writer(ctx.stdout);
  const status = await forEachBlock(ctx, args.operands, "\n", (t) => w.write(revText(t)), "rev", (op, msg) => `cannot open ${op}: ${msg}`);
  await w.flush();
  return status;
}

/** `rev [FILE]...`: reverses each line. */
export const rev = defineCommand({
  name: "rev",
  summary: "reverse lines characterwise",
  usage: "Usage: rev [options] [file ...]\nReverse lines characterwise.",
  options: [],
  run,
});

import type { CommandContext } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { Writer } from "./util/io.js";
import { forEachBlock } from "./util/stream.js";
import type { ParsedArgs } from "./util/options.js";

/** Reverses the characters (code points) of each line; newlines stay in place. */
export function revText(text: string): string {
  return text
    .split("\n")
    .map((l) => Array.from(l).reverse().join(""))
    .join("\n");
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const w = new Writer(ctx.stdout);
  const status = await forEachBlock(ctx, args.operands, "\n", (t) =>
    w.write(revText(t)), "rev", (op, msg) => `cannot open ${op}: ${msg}`);
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

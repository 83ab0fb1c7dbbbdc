import type { CommandContext } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { forEachInput, Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";

/** Reverses the records of `text` separated by `sep` (the separator follows its record unless `before`). */
export function tacText(text: string, sep = "\n", before = false): string {
  if (text === "") return "";
  const recs: string[] = [];
  if (before) {
    let end = text.length;
    for (let i = text.lastIndexOf(sep); i >= 0; i = i === 0 ? -1 : text.lastIndexOf(sep, i - 1)) {
      recs.push(text.slice(i, end));
      end = i;
    }
    if (end > 0) recs.push(text.slice(0, end));
    return recs.join("");
  }
  let start = 0;
  for (;;) {
    const i = text.indexOf(sep, start);
    if (i < 0) break;
    recs.push(text.slice(start, i + sep.length));
    start = i + sep.length;
  }
  if (start < text.length) recs.push(text.slice(start));
  return recs.reverse().join("");
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const sep = args.get("s") ?? "\n";
  const before = args.has("b");
  const w = new Writer(ctx.stdout);
  const status = await forEachInput(ctx, args.operands, (t) => {
    w.write(tacText(t, sep === "" ? "\n" : sep, before));
  }, "tac", (op, msg) => `failed to open '${op}' for reading: ${msg}`);
  await w.flush();
  return status;
}

/** `tac [-b] [-s SEP] [FILE]...`: concatenates and prints files in reverse (`-r` not supported). */
export const tac = defineCommand({
  name: "tac",
  summary: "concatenate and print files in reverse",
  usage: `Usage: tac [OPTION]... [FILE]...
Write each FILE to standard output, last line first.

  -b, --before             attach the separator before instead of after
  -s, --separator=STRING   use STRING as the separator instead of newline`,
  options: [
    { key: "b", short: "b", long: "before" },
    { key: "s", short: "s", long: "separator", arg: "required" },
  ],
  run,
});

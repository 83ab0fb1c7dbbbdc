import type { CommandContext } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { readInput, reportFsError, Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";

/** Expands paste's delimiter list escapes (`\n \t \\ \0`, where `\0` is the empty delimiter). */
export function pasteDelimiters(list: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const c = list[i] as string;
    if (c !== "\\" || i + 1 >= list.length) {
      out.push(c);
      continue;
    }
    const n = list[++i] as string;
    out.push(n === "n" ? "\n" : n === "t" ? "\t" : n === "0" ? "" : n === "\\" ? "\\" : n);
  }
  return out.length ? out : [""];
}

function toLines(text: string): string[] {
  if (text === "") return [];
  const l = text.split("\n");
  if (text.endsWith("\n")) l.pop();
  return l;
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const delims = pasteDelimiters(args.get("d") ?? "\t");
  const operands = args.operands.length ? args.operands : ["-"];
  let status = 0;
  const inputs: string[][] = [];
  let stdinLines: string[] | undefined;
  const stdinUsers = operands.filter((o) => o === "-").length;
  let stdinIndex = 0;
  for (const op of operands) {
    if (op === "-") {
      stdinLines ??= toLines(await ctx.stdin.readAll(ctx.meter.limits.maxStringBytes));
      // Several `-` operands take stdin lines in turn.
      const k = stdinIndex++;
      inputs.push(args.has("s") ? (k === 0 ? stdinLines : []) : stdinLines.filter((_, i) => i % stdinUsers === k));
      continue;
    }
    try {
      inputs.push(toLines(await readInput(ctx, op)));
    } catch (e) {
      status = reportFsError(ctx, op, e, "paste");
      return status;
    }
  }
  const w = new Writer(ctx.stdout);
  if (args.has("s")) {
    for (const lines of inputs) {
      let s = "";
      lines.forEach((l, i) => {
        s += (i === 0 ? "" : delims[(i - 1) % delims.length]) + l;
      });
      w.write(`${s}\n`);
    }
  } else {
    const rows = Math.max(0, ...inputs.map((l) => l.length));
    for (let r = 0; r < rows; r++) {
      let s = "";
      inputs.forEach((lines, i) => {
        s += (i === 0 ? "" : delims[(i - 1) % delims.length]) + (lines[r] ?? "");
      });
      const p = w.write(`${s}\n`);
      if (p) await p;
    }
  }
  await w.flush();
  return status;
}

/** `paste [-s] [-d LIST] [FILE]...`: merges lines of files side by side (or serially with -s). */
export const paste = defineCommand({
  name: "paste",
  summary: "merge lines of files",
  usage: `Usage: paste [OPTION]... [FILE]...
Write lines consisting of the sequentially corresponding lines from each FILE,
separated by TABs, to standard output.

  -d, --delimiters=LIST   reuse characters from LIST instead of TABs
  -s, --serial            paste one file at a time instead of in parallel`,
  options: [
    { key: "d", short: "d", long: "delimiters", arg: "required" },
    { key: "s", short: "s", long: "serial" },
    { key: "z", short: "z", long: "zero-terminated" },
  ],
  run,
});

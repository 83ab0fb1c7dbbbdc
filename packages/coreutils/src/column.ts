import { type CommandContext, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { unquotedOperand, Writer } from "./util/io.js";
import { ConcatInput, eachLine, HeldData, readAllLines } from "./util/stream.js";
import type { ParsedArgs } from "./util/options.js";

/**
 * `column -t` table formatting: splits each line on any of `separators` (runs of them count
 * as one, as util-linux does), pads every column but the last to its widest cell plus two
 * spaces (or joins with `outputSeparator`).
 */
export function columnTable(lines: readonly string[], separators = " \t", outputSeparator?: string): string[] {
  const isSep = (c: string): boolean => separators.includes(c);
  const rows = lines.filter((l) => l !== "").map((line) => {
    const cells: string[] = [];
    let cur = "";
    let inSep = true;
    for (const ch of line) {
      if (isSep(ch)) {
        // Runs of blanks are one separator; other separators delimit empty cells too.
        if (!inSep || (ch !== " " && ch !== "\t")) cells.push(cur);
        cur = "";
        inSep = true;
      } else {
        cur += ch;
        inSep = false;
      }
    }
    if (!inSep) cells.push(cur);
    return cells;
  });
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, [...c].length)));
  return rows.map((r) =>
    r.map((c, i) => (i === r.length - 1 ? c : outputSeparator !== undefined ? c + " ".repeat((widths[i] as number) - [...c].length) + outputSeparator : c + " ".repeat((widths[i] as number) - [...c].length + 2))).join(""),
  );
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  // util-linux column names a missing file unquoted (`column: a b: No such file or directory`)
  if (!args.has("t") && (args.has("s") || args.has("o"))) throw new UsageError("options -s and -o need -t (table mode)", 1);
  const input = new ConcatInput(ctx, args.operands, ctx.name, unquotedOperand);
  const w = new Writer(ctx.stdout);
  if (args.has("t")) {
    // a table needs every row for its widths: the lines are held (charged to the data budget)
    const held = new HeldData(ctx.meter);
    try {
      const lines = await readAllLines(input, "\n", held);
      for (const l of columnTable(lines, args.get("s") ?? " \t", args.get("o"))) {
        const p = w.write(`${l}\n`);
        if (p) await p;
      }
    } finally {
      held.release();
    }
  } else {
    // Without a terminal, column fills an 80-column page: entries one per line when any is wide.
    await eachLine(input, "\n", ctx.meter, (l) => (l !== "" ? w.write(`${l}\n`) : undefined));
  }
  await w.flush();
  return input.status;
}

/** `column -t [-s SEPS] [-o SEP] [FILE]...` (table mode; fill mode prints entries one per line). */
export const column = defineCommand({
  name: "column",
  summary: "columnate lists",
  usage: `Usage: column [options] [file ...]
Columnate lists.

  -t, --table                  create a table
  -s, --separator <string>     possible table delimiters
  -o, --output-separator <string>  columns separator for table output (default is two spaces)`,
  options: [
    { key: "t", short: "t", long: "table" },
    { key: "s", short: "s", long: "separator", arg: "required" },
    { key: "o", short: "o", long: "output-separator", arg: "required" },
    { key: "c", short: "c", long: "output-width", arg: "required" },
    { key: "x", short: "x", long: "fillrows" },
  ],
  run,
});

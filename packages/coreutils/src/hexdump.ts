import type { CommandContext } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { eachBytes, hex2, printable, RowWalker } from "./util/dump.js";
import { Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const w = new Writer(ctx.stdout);
  const canonical = args.has("C");
  const rows = new RowWalker(ctx, w, 16, args.has("v"), (row, off) => {
    if (canonical) {
      let hexPart = "";
      row.forEach((b, i) => {
        hexPart += `${hex2(b)} `;
        if (i === 7) hexPart += " ";
      });
      let text = "";
      for (const b of row) text += printable(b);
      w.write(`${off.toString(16).padStart(8, "0")}  ${hexPart.padEnd(49)} |${text}|\n`);
    } else {
      let line = off.toString(16).padStart(7, "0");
      for (let i = 0; i < row.length; i += 2) line += ` ${hex2(row[i + 1] ?? 0)}${hex2(row[i] as number)}`;
      // util-linux pads a short last line to the full width.
      w.write(`${line.padEnd(7 + 8 * 5)}\n`);
    }
  });
  const { status, read } = await eachBytes(ctx, args.operands, false, (bytes) => {
    rows.push(bytes);
    return w.flush();
  });
  if (read === 0) {
    ctx.stderr.write("hexdump: all input file arguments failed\n");
    return 1;
  }
  const total = rows.end();
  if (total > 0) w.write(`${total.toString(16).padStart(canonical ? 8 : 7, "0")}\n`);
  await w.flush();
  return status;
}

/** `hexdump [-C] [-v] [FILE]...`: the default 2-byte little-endian words, or `-C` canonical hex+ASCII. */
export const hexdump = defineCommand({
  name: "hexdump",
  summary: "display file contents in hexadecimal",
  usage: `Usage: hexdump [options] <file>...
  -C, --canonical   canonical hex+ASCII display
  -v, --no-squeezing  output identical lines`,
  options: [
    { key: "C", short: "C", long: "canonical" },
    { key: "v", short: "v", long: "no-squeezing" },
  ],
  run,
});

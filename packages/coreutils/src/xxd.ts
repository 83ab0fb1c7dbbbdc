import { type CommandContext, HuskError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { eachBytes, hex2, printable, RowWalker } from "./util/dump.js";
import { Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { eachChunk, openInput } from "./util/stream.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const w = new Writer(ctx.stdout);
  if (args.has("r")) {
    // Reverse of -p (plain hex): hex digits anywhere, whitespace ignored.
    if (!args.has("p")) throw new HuskError("-r is supported together with -p (plain hex) only", 1);
    const op = args.operands[0] ?? "-";
    // (a failed open is reported by the command's FsError handler, as xxd names the path)
    const input = await openInput(ctx, op);
    // decoded bytes are read back as UTF-8 (a character may span pieces); an odd digit waits for its pair
    const utf8 = new TextDecoder("utf-8", { fatal: false });
    let odd = "";
    await eachChunk(input, ctx.meter, (chunk) => {
      const digits = odd + chunk.replace(/[^0-9a-fA-F]/g, "");
      const out = new Uint8Array(digits.length >> 1);
      for (let i = 0; i < out.length; i++) out[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
      odd = digits.length % 2 ? digits.slice(-1) : "";
      return w.write(utf8.decode(out, { stream: true }));
    });
    w.write(utf8.decode());
    await w.flush();
    return 0;
  }
  const cols = Number(args.get("c") ?? (args.has("p") ? 30 : 16));
  const group = Number(args.get("g") ?? 2);
  const upper = args.has("u");
  const h = (b: number): string => (upper ? hex2(b).toUpperCase() : hex2(b));
  const width = Math.ceil(cols / (group || cols)) * ((group || cols) * 2 + 1);
  const plain = args.has("p");
  const rows = new RowWalker(ctx, w, cols, true, (row, off) => {
    if (plain) {
      let line = "";
      for (const b of row) line += h(b);
      w.write(`${line}\n`);
      return;
    }
    let hexPart = "";
    row.forEach((b, i) => {
      hexPart += h(b);
      if (group && (i + 1) % group === 0) hexPart += " ";
    });
    let text = "";
    for (const b of row) text += printable(b);
    w.write(`${off.toString(16).padStart(8, "0")}: ${hexPart.padEnd(width)} ${text}\n`);
  });
  const { status } = await eachBytes(ctx, args.operands.slice(0, 1), false, (bytes) => {
    rows.push(bytes);
    return w.flush();
  });
  // xxd gives up with status 2 when its input file cannot be opened
  if (status !== 0) return 2;
  rows.end();
  await w.flush();
  return status;
}

/** `xxd [-p] [-r -p] [-c COLS] [-g BYTES] [-u] [FILE]`: hex dumps of the UTF-8 bytes of the text. */
export const xxd = defineCommand({
  name: "xxd",
  summary: "make a hex dump or do the reverse",
  usage: `Usage: xxd [options] [infile]
  -c cols     format <cols> octets per line. Default 16 (-p: 30).
  -g bytes    number of octets per group in normal output. Default 2.
  -p          output in postscript plain hexdump style.
  -r -p       reverse operation: convert plain hexdump into binary.
  -u          use upper case hex letters.`,
  options: [
    { key: "c", short: "c", long: "cols", arg: "required" },
    { key: "g", short: "g", long: "groupsize", arg: "required" },
    { key: "p", short: "p", long: ["ps", "postscript", "plain"] },
    { key: "r", short: "r", long: "revert" },
    { key: "u", short: "u" },
  ],
  run,
});

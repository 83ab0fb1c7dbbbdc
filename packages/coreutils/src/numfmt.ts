import { type CommandContext, HuskError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { Writer } from "./util/io.js";
import { eachLine, StreamChunks } from "./util/stream.js";
import type { ParsedArgs } from "./util/options.js";
import { humanSize } from "./util/files.js";

const UNITS = "KMGTPEZY";

/** Parses a number with an optional unit suffix under `from` (none, si, iec, iec-i, auto). */
export function parseScaled(text: string, from: string): number | undefined {
  const m = /^\s*(-?\d+(?:\.\d+)?)([KMGTPEZYk]?)(i?)$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (!m[2]) return m[3] ? undefined : n;
  const power = UNITS.indexOf((m[2] as string).toUpperCase()) + 1;
  if (from === "none") return undefined;
  // an `i` (Ki, Mi) is accepted only where the unit system has it: iec-i, and auto
  if (m[3] && from !== "iec-i" && from !== "auto") return undefined;
  const base = from === "si" ? 1000 : from === "auto" ? (m[3] ? 1024 : 1000) : 1024;
  if (from === "iec-i" && !m[3]) return undefined;
  return n * base ** power;
}

/** Formats `n` the numfmt way for `to` (si, iec, iec-i): `1.5K`, `124M`, rounding away from zero. */
export function formatScaled(n: number, to: string): string {
  if (to === "none") return String(Math.ceil(n));
  const base = to === "si" ? 1000 : 1024;
  const neg = n < 0;
  const s = humanSize(Math.ceil(Math.abs(n)), base);
  const withI = to === "iec-i" && /[A-Z]$/.test(s) ? `${s}i` : s;
  return (neg ? "-" : "") + withI;
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const from = args.get("from") ?? "none";
  const to = args.get("to") ?? "none";
  for (const [k, v] of [["from", from], ["to", to]] as const) {
    if (!["none", "si", "iec", "iec-i", ...(k === "from" ? ["auto"] : [])].includes(v)) throw new HuskError(`invalid argument '${v}' for '--${k}'`, 1);
  }
  const suffix = args.get("suffix") ?? "";
  const padding = args.has("padding") ? Number(args.get("padding")) : 0;
  const field = Number(args.get("field") ?? 1) - 1;
  const delim = args.get("d");
  const convert = (tok: string): string => {
    const v = parseScaled(tok.endsWith(suffix) && suffix ? tok.slice(0, -suffix.length) : tok, from);
    if (v === undefined) throw new HuskError(`invalid number: '${tok}'`, 2);
    const out = formatScaled(v, to) + suffix;
    return padding > 0 ? out.padStart(padding) : padding < 0 ? out.padEnd(-padding) : out;
  };
  const w = new Writer(ctx.stdout);
  if (args.operands.length) {
    for (const n of args.operands) w.write(`${convert(n)}\n`);
    await w.flush();
    return 0;
  }
  const header = Number(args.get("header") ?? (args.has("header") ? 1 : 0));
  let i = 0;
  // the numbers of stdin, line by line
  await eachLine(new StreamChunks(ctx.stdin), "\n", ctx.meter, (line) => {
    if (i++ < header) return w.write(`${line}\n`);
    const parts = delim !== undefined ? line.split(delim) : line.split(/(\s+)/);
    const idx = delim !== undefined ? field : field * 2 + (parts[0] === "" ? 2 : 0);
    if (parts[idx] !== undefined) parts[idx] = convert(parts[idx] as string);
    return w.write(`${parts.join(delim ?? "")}\n`);
  });
  await w.flush();
  return 0;
}

/** `numfmt [--from=si|iec|iec-i|auto] [--to=si|iec|iec-i] [--suffix=S] [--padding=N] [--field=N] [-d D] [--header[=N]] [NUMBER]...`. */
export const numfmt = defineCommand({
  name: "numfmt",
  summary: "convert numbers from/to human-readable strings",
  usage: `Usage: numfmt [OPTION]... [NUMBER]...
Reformat NUMBER(s), or the numbers from standard input if none are specified.

  -d, --delimiter=X    use X instead of whitespace for field delimiter
      --field=N        replace the number in input field N (default is 1)
      --from=UNIT      auto-scale input numbers to UNITs (none, auto, si, iec, iec-i)
      --header[=N]     print (without converting) the first N header lines
      --padding=N      pad the output to N characters (negative: left-align)
      --suffix=SUFFIX  add SUFFIX to output numbers, and accept it in input
      --to=UNIT        auto-scale output numbers to UNITs (si, iec, iec-i)`,
  options: [
    { key: "d", short: "d", long: "delimiter", arg: "required" },
    { key: "field", long: "field", arg: "required" },
    { key: "from", long: "from", arg: "required" },
    { key: "header", long: "header", arg: "optional" },
    { key: "padding", long: "padding", arg: "required" },
    { key: "suffix", long: "suffix", arg: "required" },
    { key: "to", long: "to", arg: "required" },
    { key: "round", long: "round", arg: "required" },
  ],
  run,
});

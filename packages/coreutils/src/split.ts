import { type CommandContext, FsError, HuskError, resolvePath } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { readInput } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { fromBytes, parseSize, toBytes } from "./util/text.js";

/** The `index`-th suffix of `length` letters (`aa`, `ab` ...) or digits (`00`, `01` ...). */
export function splitSuffix(index: number, length: number, numeric: boolean): string | undefined {
  const base = numeric ? 10 : 26;
  let s = "";
  let n = index;
  for (let k = 0; k < length; k++) {
    const d = n % base;
    s = (numeric ? String(d) : String.fromCharCode(97 + d)) + s;
    n = Math.floor(n / base);
  }
  return n > 0 ? undefined : s;
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const [input = "-", prefix = "x"] = args.operands;
  if (args.operands.length > 2) throw new HuskError(`extra operand '${args.operands[2]}'`, 1);
  const numeric = args.has("d");
  const suffixLen = Number(args.get("a") ?? 2);
  const extra = args.get("additional-suffix") ?? "";
  let text: string;
  try {
    text = await readInput(ctx, input);
  } catch (e) {
    if (!(e instanceof FsError)) throw e;
    throw new HuskError(`cannot open '${input}' for reading: ${e.message}`, 1);
  }
  const chunks: string[] = [];
  if (args.has("b")) {
    const v = args.get("b") as string;
    const size = parseSize(v);
    if (!size) throw new HuskError(`invalid number of bytes: '${v}'`, 1);
    const bytes = toBytes(text);
    for (let i = 0; i < bytes.length; i += size) chunks.push(fromBytes(bytes.subarray(i, i + size)));
  } else if (args.has("n")) {
    const v = args.get("n") as string;
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < 1) throw new HuskError(`invalid number of chunks: '${v}'`, 1);
    if (input === "-") throw new HuskError("-: cannot determine file size", 1);
    const bytes = toBytes(text);
    const per = Math.floor(bytes.length / n);
    for (let k = 0; k < n; k++) chunks.push(fromBytes(bytes.subarray(k * per, k === n - 1 ? bytes.length : (k + 1) * per)));
  } else {
    const v = args.get("l") ?? "1000";
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < 1) throw new HuskError(`invalid number of lines: '${v}'${/^\d+$/.test(v) ? ": Numerical result out of range" : ""}`, 1);
    let start = 0;
    let count = 0;
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 10 && ++count === n) {
        chunks.push(text.slice(start, i + 1));
        start = i + 1;
        count = 0;
      }
    }
    if (start < text.length) chunks.push(text.slice(start));
  }
  for (const [k, chunk] of chunks.entries()) {
    ctx.meter.tick();
    const suffix = splitSuffix(k, suffixLen, numeric);
    if (suffix === undefined) throw new HuskError("output file suffixes exhausted", 1);
    const name = prefix + suffix + extra;
    if (args.has("verbose")) ctx.stdout.write(`creating file '${name}'\n`);
    await ctx.fs.writeFile(resolvePath(ctx.cwd, name), chunk);
  }
  return 0;
}

/** `split [-l N | -b SIZE | -n CHUNKS] [-d] [-a LEN] [--additional-suffix=S] [--verbose] [FILE [PREFIX]]` to the shell filesystem. */
export const split = defineCommand({
  name: "split",
  summary: "split a file into pieces",
  fileAccess: "required",
  usage: `Usage: split [OPTION]... [FILE [PREFIX]]
Output pieces of FILE to PREFIXaa, PREFIXab, ...; default size is 1000 lines, and default PREFIX is 'x'.

  -a, --suffix-length=N   generate suffixes of length N (default 2)
      --additional-suffix=SUFFIX  append an additional SUFFIX to file names
  -b, --bytes=SIZE        put SIZE bytes per output file
  -d                      use numeric suffixes starting at 0, not alphabetic
  -l, --lines=NUMBER      put NUMBER lines/records per output file
  -n, --number=CHUNKS     generate CHUNKS output files (by size)
      --verbose           print a diagnostic just before each output file is opened`,
  options: [
    { key: "a", short: "a", long: "suffix-length", arg: "required" },
    { key: "additional-suffix", long: "additional-suffix", arg: "required" },
    { key: "b", short: "b", long: "bytes", arg: "required" },
    { key: "d", short: "d", long: "numeric-suffixes" },
    { key: "l", short: "l", long: "lines", arg: "required" },
    { key: "n", short: "n", long: "number", arg: "required" },
    { key: "verbose", long: "verbose" },
  ],
  run,
});

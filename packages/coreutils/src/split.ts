import { type CommandContext, FsError, HuskError, resolvePath } from "@husk/host";
import { defineCommand } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";
import { type Chunks, eachChunk, openInput } from "./util/stream.js";
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
  let source: Chunks;
  try {
    source = await openInput(ctx, input);
  } catch (e) {
    if (!(e instanceof FsError)) throw e;
    throw new HuskError(`cannot open '${input}' for reading: ${e.message}`, 1);
  }
  // the output files, written piece by piece as the input comes: `start` opens the next one
  let index = -1;
  let path = "";
  const start = async (): Promise<void> => {
    ctx.meter.tick();
    const suffix = splitSuffix(++index, suffixLen, numeric);
    if (suffix === undefined) throw new HuskError("output file suffixes exhausted", 1);
    const name = prefix + suffix + extra;
    if (args.has("verbose")) ctx.stdout.write(`creating file '${name}'\n`);
    path = resolvePath(ctx.cwd, name);
    await ctx.fs.writeFile(path, "");
  };
  const add = async (text: string): Promise<void> => {
    if (text !== "") await ctx.fs.writeFile(path, text, { append: true });
  };
  if (args.has("b")) {
    const v = args.get("b") as string;
    const size = parseSize(v);
    if (!size) throw new HuskError(`invalid number of bytes: '${v}'`, 1);
    let room = 0; // bytes the current file still takes
    await eachChunk(source, ctx.meter, async (chunk) => {
      const bytes = toBytes(chunk);
      for (let i = 0; i < bytes.length; ) {
        if (room === 0) {
          await start();
          room = size;
        }
        const take = Math.min(room, bytes.length - i);
        await add(fromBytes(bytes.subarray(i, i + take)));
        room -= take;
        i += take;
      }
    });
  } else if (args.has("n")) {
    const v = args.get("n") as string;
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < 1) throw new HuskError(`invalid number of chunks: '${v}'`, 1);
    if (input === "-") throw new HuskError("-: cannot determine file size", 1);
    // a file: its size is known (its text is in memory)
    const bytes = toBytes(source.text ?? "");
    const per = Math.floor(bytes.length / n);
    for (let k = 0; k < n; k++) {
      await start();
      await add(fromBytes(bytes.subarray(k * per, k === n - 1 ? bytes.length : (k + 1) * per)));
    }
  } else {
    const v = args.get("l") ?? "1000";
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < 1) throw new HuskError(`invalid number of lines: '${v}'${/^\d+$/.test(v) ? ": Numerical result out of range" : ""}`, 1);
    let left = 0; // lines the current file still takes
    await eachChunk(source, ctx.meter, async (chunk) => {
      let i = 0;
      while (i < chunk.length) {
        if (left === 0) {
          await start();
          left = n;
        }
        let end = i;
        while (left > 0) {
          const j = chunk.indexOf("\n", end);
          if (j < 0) {
            end = chunk.length;
            break;
          }
          end = j + 1;
          left--;
        }
        await add(chunk.slice(i, end));
        i = end;
      }
    });
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

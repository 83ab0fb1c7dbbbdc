import { type CommandContext, FsError, HuskError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { abs, blocksOf, humanSize, joinPath } from "../util/files.js";
import { Writer } from "../util/io.js";
import type { ParsedArgs } from "../util/options.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const human = args.has("h");
  const bytes = args.has("b");
  const all = args.has("a");
  const summarize = args.has("s");
  const depthText = args.get("d");
  const maxDepth = summarize ? 0 : depthText === undefined ? Infinity : Number(depthText);
  if (Number.isNaN(maxDepth)) throw new HuskError(`invalid maximum depth '${depthText}'`, 1);
  const w = new Writer(ctx.stdout);
  const show = (n: number): string => (human ? humanSize(bytes ? n : n * 1024) : String(n));
  let status = 0;
  let total = 0;
  const walk = async (path: string, shown: string, depth: number): Promise<number> => {
    ctx.meter.tick();
    const st = await ctx.fs.lstat(path);
    let size = bytes ? (st.type === "directory" ? 4096 : st.size) : blocksOf(st);
    if (st.type === "directory") {
      for (const name of await ctx.fs.readdir(path)) size += await walk(joinPath(path, name), joinPath(shown, name), depth + 1);
      if (depth <= maxDepth) w.write(`${show(size)}\t${shown}\n`);
    } else if ((all || depth === 0) && depth <= maxDepth) w.write(`${show(size)}\t${shown}\n`);
    return size;
  };
  for (const op of args.operands.length ? args.operands : ["."]) {
    try {
      total += await walk(abs(ctx, op), op, 0);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      ctx.stderr.write(op === "" ? "du: invalid zero-length file name\n" : `du: cannot access '${op}': ${e.message}\n`);
      status = 1;
    }
  }
  if (args.has("c")) w.write(`${show(total)}\ttotal\n`);
  await w.flush();
  return status;
}

/** `du [-ahsbc] [-d N] [FILE]...`: usage in 1 KiB blocks as ext4 counts them (4 KiB per started block). */
export const du = defineCommand({
  name: "du",
  summary: "estimate file space usage",
  fileAccess: "required",
  usage: `Usage: du [OPTION]... [FILE]...
Summarize device usage of the set of FILEs, recursively for directories.

  -a, --all             write counts for all files, not just directories
  -b, --bytes           apparent sizes in bytes
  -c, --total           produce a grand total
  -d, --max-depth=N     print the total for a directory only if it is N or fewer levels below
  -h, --human-readable  print sizes in human readable format (e.g., 1K 234M 2G)
  -s, --summarize       display only a total for each argument
  -k                    like --block-size=1K (the default)`,
  options: [
    { key: "a", short: "a", long: "all" },
    { key: "b", short: "b", long: "bytes" },
    { key: "c", short: "c", long: "total" },
    { key: "d", short: "d", long: "max-depth", arg: "required" },
    { key: "h", short: "h", long: "human-readable" },
    { key: "s", short: "s", long: "summarize" },
    { key: "k", short: "k" },
  ],
  run,
});

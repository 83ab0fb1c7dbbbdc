import { type CommandContext, HuskError, resolvePath } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { fileOutput, joinedBatches, Writer } from "./util/io.js";
import { ConcatInput, HeldData, readAllLines } from "./util/stream.js";
import type { ParsedArgs } from "./util/options.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  // the input lines are held (charged to the data budget) until shuffled and written
  const held = new HeldData(ctx.meter);
  try {
    return await shuffle(ctx, args, held);
  } finally {
    held.release();
  }
}

async function shuffle(ctx: CommandContext, args: ParsedArgs, held: HeldData): Promise<number> {
  const sep = args.has("z") ? "\0" : "\n";
  let items: string[];
  let status = 0;
  const range = args.get("i");
  if (args.has("e")) items = [...args.operands];
  else if (range !== undefined) {
    const m = /^(\d+)-(\d+)$/.exec(range);
    if (!m || Number(m[2]) < Number(m[1]) - 1) throw new HuskError(`invalid input range: '${range}'`, 1);
    const lo = Number(m[1]);
    const hi = Number(m[2]);
    if (hi - lo > 10_000_000) throw new HuskError(`input range too large: '${range}'`, 1);
    items = Array.from({ length: hi - lo + 1 }, (_, k) => String(lo + k));
  } else {
    const input = new ConcatInput(ctx, args.operands);
    items = await readAllLines(input, sep, held);
    status = input.status;
  }
  const count = args.has("n") ? Number(args.get("n")) : undefined;
  if (count !== undefined && !(count >= 0)) throw new HuskError(`invalid line count: '${args.get("n")}'`, 1);
  let out: string[] = [];
  if (args.has("r")) {
    if (items.length === 0) {
      if (count) throw new HuskError("no lines to repeat", 1);
    } else {
      const n = count ?? 1_000_000;
      for (let k = 0; k < n; k++) out.push(items[ctx.random.nextU32() % items.length] as string);
    }
  } else {
    // Fisher-Yates with the run's seeded generator (deterministic for a given seed).
    for (let k = items.length - 1; k > 0; k--) {
      const r = ctx.random.nextU32() % (k + 1);
      [items[k], items[r]] = [items[r] as string, items[k] as string];
    }
    out = count === undefined || count >= items.length ? items : items.slice(0, count);
  }
  const o = args.get("o");
  let dest = ctx.stdout;
  if (o !== undefined) {
    const path = resolvePath(ctx.cwd, o);
    await ctx.fs.writeFile(path, "");
    dest = fileOutput(ctx, path);
  }
  const w = new Writer(dest);
  for (const b of joinedBatches(out, sep)) {
    const p = w.write(b);
    if (p) await p;
  }
  await w.flush();
  return status;
}

/** `shuf [-e ARG... | -i LO-HI | FILE] [-n N] [-r] [-o FILE] [-z]`: shuffles with the run's seeded random. */
export const shuf = defineCommand({
  name: "shuf",
  summary: "generate random permutations",
  usage: `Usage: shuf [OPTION]... [FILE]
  or:  shuf -e [OPTION]... [ARG]...
  or:  shuf -i LO-HI [OPTION]...
Write a random permutation of the input lines to standard output (seeded: reproducible).

  -e, --echo                treat each ARG as an input line
  -i, --input-range=LO-HI   treat each number LO through HI as an input line
  -n, --head-count=COUNT    output at most COUNT lines
  -o, --output=FILE         write result to FILE instead of standard output
  -r, --repeat              output lines can be repeated
  -z, --zero-terminated     line delimiter is NUL, not newline`,
  options: [
    { key: "e", short: "e", long: "echo" },
    { key: "i", short: "i", long: "input-range", arg: "required" },
    { key: "n", short: "n", long: "head-count", arg: "required" },
    { key: "o", short: "o", long: "output", arg: "required" },
    { key: "r", short: "r", long: "repeat" },
    { key: "z", short: "z", long: "zero-terminated" },
    { key: "random-source", long: "random-source", arg: "required" },
  ],
  run,
});

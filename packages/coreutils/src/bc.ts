import type { CommandContext } from "@husk/host";
import { BcSession } from "./bc/interp.js";
import { defineCommand } from "./util/command.js";
import { readInput, reportFsError, Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";

export { BcSession } from "./bc/interp.js";

/** Evaluates a bc program (pure API): returns what bc prints to stdout and stderr. */
export function bc(program: string, options: { mathLib?: boolean } = {}): { stdout: string; stderr: string } {
  const out: string[] = [];
  const err: string[] = [];
  new BcSession(options.mathLib ?? false).run(program, (s) => out.push(s), (s) => err.push(s));
  return { stdout: out.join(""), stderr: err.join("") };
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const session = new BcSession(args.has("l"), ctx.meter);
  const w = new Writer(ctx.stdout);
  const err = (s: string): void => {
    ctx.stderr.write(s);
  };
  for (const f of args.operands) {
    let text: string;
    try {
      text = await readInput(ctx, f);
    } catch (e) {
      return reportFsError(ctx, f, e);
    }
    if (!session.run(text, (s) => w.write(s), err)) {
      await w.flush();
      return 0;
    }
  }
  session.run(await ctx.stdin.readAll(ctx.meter.limits.maxStringBytes), (s) => w.write(s), err);
  await w.flush();
  return 0;
}

/**
 * `bc [-l] [-q] [FILE]...`: arbitrary-precision calculator (BigInt decimals, POSIX scale rules,
 * truncation): expressions, variables, `scale ibase obase`, `sqrt length scale`, `if while for
 * break continue`, `define` with `auto`, `print`, strings, `quit`; `-l` sets scale=20 and adds
 * `s c a l e`. Arrays and `read()` are not supported; obase other than 10 prints integer parts only.
 */
export const bcCommand = defineCommand({
  name: "bc",
  summary: "an arbitrary precision calculator language",
  usage: `usage: bc [options] [file ...]
  -l  --mathlib   use the predefined math routines (scale=20, s c a l e)
  -q  --quiet     don't print initial banner (no banner is ever printed)`,
  options: [
    { key: "l", short: "l", long: "mathlib" },
    { key: "q", short: "q", long: "quiet" },
    { key: "s", short: "s", long: "standard" },
    { key: "w", short: "w", long: "warn" },
  ],
  run,
});

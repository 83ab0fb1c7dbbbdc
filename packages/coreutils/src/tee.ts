import { type CommandContext, FsError, resolvePath } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { writeOut } from "./util/io.js";
import { quoteFileName } from "./util/shellquote.js";
import type { ParsedArgs } from "./util/options.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const append = args.has("a");
  let status = 0;
  const targets: string[] = [];
  for (const op of args.operands) {
    if (op === "-") continue;
    const path = resolvePath(ctx.cwd, op);
    try {
      await ctx.fs.writeFile(path, "", { append });
      targets.push(path);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      ctx.stderr.write(`tee: ${quoteFileName(op)}: ${e.message}\n`);
      status = 1;
    }
  }
  for (let chunk = await ctx.stdin.read(); chunk !== undefined; chunk = await ctx.stdin.read()) {
    for (const t of targets) await ctx.fs.writeFile(t, chunk, { append: true });
    await writeOut(ctx.stdout, chunk);
    ctx.meter.tick();
  }
  return status;
}

/** `tee [-a] [-i] [-p] [FILE]...`: copies stdin to stdout and to each FILE (streaming). */
export const tee = defineCommand({
  name: "tee",
  summary: "read from standard input and write to standard output and files",
  usage: `Usage: tee [OPTION]... [FILE]...
Copy standard input to each FILE, and also to standard output.

  -a, --append              append to the given FILEs, do not overwrite
  -i, --ignore-interrupts   ignore interrupt signals (accepted)
  -p                        diagnose errors writing to non pipes (accepted)`,
  fileAccess: "operands",
  options: [
    { key: "a", short: "a", long: "append" },
    { key: "i", short: "i", long: "ignore-interrupts" },
    { key: "p", short: "p", long: "output-error", arg: "optional" },
  ],
  run,
});

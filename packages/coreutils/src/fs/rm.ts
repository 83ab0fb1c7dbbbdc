import { type CommandContext, FsError, UsageError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { abs } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const force = args.has("f");
  const recursive = args.has("r");
  const dirOk = args.has("d");
  if (args.operands.length === 0) {
    if (force) return 0;
    throw new UsageError("missing operand", 1);
  }
  let status = 0;
  for (const op of args.operands) {
    const path = abs(ctx, op);
    if (/(^|\/)\.\.?\/*$/.test(op)) {
      ctx.stderr.write(`rm: refusing to remove '.' or '..' directory: skipping '${op}'\n`);
      status = 1;
      continue;
    }
    if (path === "/" && recursive && !args.has("no-preserve-root")) {
      ctx.stderr.write(`rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n`);
      status = 1;
      continue;
    }
    try {
      const st = await ctx.fs.lstat(path);
      if (st.type === "directory" && !recursive) {
        if (!dirOk) throw new FsError("EISDIR", op);
      }
      await ctx.fs.rm(path, { recursive });
      if (args.has("v")) ctx.stdout.write(st.type === "directory" ? `removed directory '${op}'\n` : `removed '${op}'\n`);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      if (force && e.code === "ENOENT") continue;
      ctx.stderr.write(`rm: cannot remove '${op}': ${e.message}\n`);
      status = 1;
    }
  }
  return status;
}

/** `rm [-rRfdv] FILE...` (`-i`/`-I` accepted and ignored: nothing is interactive). */
export const rm = defineCommand({
  name: "rm",
  summary: "remove files or directories",
  fileAccess: "required",
  usage: `Usage: rm [OPTION]... [FILE]...
Remove (unlink) the FILE(s).

  -f, --force           ignore nonexistent files and arguments, never prompt
  -r, -R, --recursive   remove directories and their contents recursively
  -d, --dir             remove empty directories
  -v, --verbose         explain what is being done
      --no-preserve-root  do not treat '/' specially`,
  options: [
    { key: "f", short: "f", long: "force" },
    { key: "r", short: "rR", long: "recursive" },
    { key: "d", short: "d", long: "dir" },
    { key: "v", short: "v", long: "verbose" },
    { key: "i", short: "iI", long: "interactive", arg: "optional" },
    { key: "no-preserve-root", long: "no-preserve-root" },
    { key: "preserve-root", long: "preserve-root" },
  ],
  run,
});

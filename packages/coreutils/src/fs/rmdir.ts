import { type CommandContext, FsError, UsageError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { abs } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";

/** Removes one empty directory: true, or false after GNU's message ("ignored": not empty, and told to ignore that). */
async function removeOne(ctx: CommandContext, args: ParsedArgs, op: string): Promise<boolean | "ignored"> {
  if (args.has("v")) ctx.stdout.write(`rmdir: removing directory, '${op}'\n`);
  try {
    const st = await ctx.fs.lstat(abs(ctx, op));
    if (st.type !== "directory") throw new FsError("ENOTDIR", op);
    await ctx.fs.rm(abs(ctx, op));
    return true;
  } catch (e) {
    if (!(e instanceof FsError)) throw e;
    if (e.code === "ENOTEMPTY" && args.has("ignore-fail-on-non-empty")) return "ignored";
    ctx.stderr.write(`rmdir: failed to remove '${op}': ${e.message}\n`);
    return false;
  }
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  if (args.operands.length === 0) throw new UsageError("missing operand", 1);
  let status = 0;
  for (const op of args.operands) {
    let dir = op;
    const r = await removeOne(ctx, args, dir);
    if (r !== true) {
      if (r === false) status = 1;
      continue;
    }
    // -p: then each parent named in the operand (a/b/c -> a/b -> a)
    while (args.has("p")) {
      const parent = dir.replace(/\/+$/, "").replace(/\/*[^/]+$/, "");
      if (parent === "" || parent === dir) break;
      dir = parent;
      const p = await removeOne(ctx, args, dir);
      if (p !== true) {
        if (p === false) status = 1;
        break;
      }
    }
  }
  return status;
}

/** `rmdir [-pv] [--ignore-fail-on-non-empty] DIRECTORY...`: removes empty directories. */
export const rmdir = defineCommand({
  name: "rmdir",
  summary: "remove empty directories",
  fileAccess: "required",
  usage: `Usage: rmdir [OPTION]... DIRECTORY...
Remove the DIRECTORY(ies), if they are empty.

      --ignore-fail-on-non-empty
                    ignore each failure that is solely because a directory
                    is non-empty

  -p, --parents     remove DIRECTORY and its ancestors; e.g., 'rmdir -p a/b/c'
                    is similar to 'rmdir a/b/c a/b a'

  -v, --verbose     output a diagnostic for every directory processed`,
  options: [
    { key: "ignore-fail-on-non-empty", long: "ignore-fail-on-non-empty" },
    { key: "p", short: "p", long: "parents" },
    { key: "v", short: "v", long: "verbose" },
  ],
  run,
});

import { type CommandContext, FsError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { abs, tryStat } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";
import { pairs } from "./cp.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  let status = 0;
  for (const [src, dst] of await pairs(ctx, "mv", args)) {
    const s = abs(ctx, src);
    const d = abs(ctx, dst);
    const st = await tryStat(ctx, s, false);
    if (!st) {
      ctx.stderr.write(`mv: cannot stat '${src}': No such file or directory\n`);
      status = 1;
      continue;
    }
    const dt = await tryStat(ctx, d);
    if (dt && args.has("n")) continue;
    if (s === d) {
      ctx.stderr.write(`mv: '${src}' and '${dst}' are the same file\n`);
      status = 1;
      continue;
    }
    if (st.type === "directory" && dt && dt.type !== "directory") {
      ctx.stderr.write(`mv: cannot overwrite non-directory '${dst}' with directory '${src}'\n`);
      status = 1;
      continue;
    }
    if (st.type === "directory" && d.startsWith(`${s}/`)) {
      ctx.stderr.write(`mv: cannot move '${src}' to a subdirectory of itself, '${dst}'\n`);
      status = 1;
      continue;
    }
    try {
      await ctx.fs.rename(s, d);
      if (args.has("v")) ctx.stdout.write(`renamed '${src}' -> '${dst}'\n`);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      ctx.stderr.write(`mv: cannot move '${src}' to '${dst}': ${e.message}\n`);
      status = 1;
    }
  }
  return status;
}

/** `mv [-fnvT] [-t DIR] SOURCE... DEST`. */
export const mv = defineCommand({
  name: "mv",
  summary: "move (rename) files",
  fileAccess: "required",
  usage: `Usage: mv [OPTION]... SOURCE DEST
  or:  mv [OPTION]... SOURCE... DIRECTORY
Rename SOURCE to DEST, or move SOURCE(s) to DIRECTORY.

  -f, --force                  do not prompt before overwriting
  -n, --no-clobber             do not overwrite an existing file
  -t, --target-directory=DIRECTORY  move all SOURCE arguments into DIRECTORY
  -T, --no-target-directory    treat DEST as a normal file
  -v, --verbose                explain what is being done`,
  options: [
    { key: "f", short: "f", long: "force" },
    { key: "i", short: "i", long: "interactive" },
    { key: "n", short: "n", long: "no-clobber" },
    { key: "t", short: "t", long: "target-directory", arg: "required" },
    { key: "T", short: "T", long: "no-target-directory" },
    { key: "u", short: "u", long: "update" },
    { key: "v", short: "v", long: "verbose" },
  ],
  run,
});

import { type CommandContext, FsError, HuskError, UsageError } from "@husk/host";
import { basename } from "../basename.js";
import { defineCommand } from "../util/command.js";
import { abs, joinPath, tryStat } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const ops = [...args.operands];
  if (ops.length === 0) throw new UsageError("missing file operand", 1);
  const symbolic = args.has("s");
  let targets: Array<[string, string]>;
  const dirOpt = args.get("t");
  if (dirOpt !== undefined) targets = ops.map((t) => [t, joinPath(dirOpt, basename(t))]);
  else if (ops.length === 1) targets = [[ops[0] as string, basename(ops[0] as string)]];
  else {
    const last = ops.pop() as string;
    const st = args.has("T") || args.has("n") ? await tryStat(ctx, abs(ctx, last), false) : await tryStat(ctx, abs(ctx, last));
    if (st?.type === "directory" && !args.has("T")) targets = ops.map((t) => [t, joinPath(last, basename(t))]);
    else if (ops.length > 1) throw new HuskError(`target '${last}' is not a directory`, 1);
    else targets = [[ops[0] as string, last]];
  }
  let status = 0;
  for (const [target, link] of targets) {
    const path = abs(ctx, link);
    try {
      if (args.has("f") && (await tryStat(ctx, path, false))) await ctx.fs.rm(path);
      if (symbolic) await ctx.fs.symlink(target, path);
      else {
        // MemoryFs has no hard links: a hard link is emulated by a copy of the content.
        const st = await tryStat(ctx, abs(ctx, target));
        if (!st) {
          ctx.stderr.write(`ln: failed to access '${target}': No such file or directory\n`);
          status = 1;
          continue;
        }
        if (st.type === "directory") {
          ctx.stderr.write(`ln: ${target}: hard link not allowed for directory\n`);
          status = 1;
          continue;
        }
        await ctx.fs.writeFile(path, await ctx.fs.readFile(abs(ctx, target)), { exclusive: true, mode: st.mode });
      }
      if (args.has("v")) ctx.stdout.write(`'${link}' -> '${target}'\n`);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      // GNU shows the target only when it is empty (`'x' -> ''`)
      const arrow = symbolic && target === "" ? " -> ''" : "";
      ctx.stderr.write(`ln: failed to create ${symbolic ? "symbolic" : "hard"} link '${link}'${arrow}: ${e.message}\n`);
      status = 1;
    }
  }
  return status;
}

/** `ln [-sfnvT] [-t DIR] TARGET... [LINK]`: symbolic links; hard links are emulated by copying. */
export const ln = defineCommand({
  name: "ln",
  summary: "make links between files",
  fileAccess: "required",
  usage: `Usage: ln [OPTION]... [-T] TARGET LINK_NAME
  or:  ln [OPTION]... TARGET
  or:  ln [OPTION]... TARGET... DIRECTORY
Create links (symbolic with -s; hard links are emulated by copies in the sandbox).

  -f, --force                 remove existing destination files
  -n, --no-dereference        treat LINK_NAME as a normal file if it is a symlink to a directory
  -s, --symbolic              make symbolic links instead of hard links
  -t, --target-directory=DIRECTORY  specify the DIRECTORY in which to create the links
  -T, --no-target-directory   treat LINK_NAME as a normal file always
  -v, --verbose               print name of each linked file`,
  options: [
    { key: "f", short: "f", long: "force" },
    { key: "n", short: "n", long: "no-dereference" },
    { key: "s", short: "s", long: "symbolic" },
    { key: "t", short: "t", long: "target-directory", arg: "required" },
    { key: "T", short: "T", long: "no-target-directory" },
    { key: "v", short: "v", long: "verbose" },
    { key: "r", short: "r", long: "relative" },
  ],
  run,
});

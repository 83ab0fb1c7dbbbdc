import { type CommandContext, FsError, HuskError, UsageError } from "@husk/host";
import { basename } from "../basename.js";
import { defineCommand } from "../util/command.js";
import { abs, copyTree, joinPath, tryStat } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";

/** Resolves `cp`/`mv` operands into (source, destination) pairs with GNU's usage messages. */
export async function pairs(ctx: CommandContext, name: string, args: ParsedArgs): Promise<Array<[string, string]>> {
  const ops = [...args.operands];
  const targetDir = args.get("t");
  if (targetDir !== undefined) {
    if (ops.length === 0) throw new UsageError("missing file operand", 1);
    const st = await tryStat(ctx, abs(ctx, targetDir));
    if (st?.type !== "directory") throw new HuskError(`target directory '${targetDir}': ${st ? "Not a directory" : "No such file or directory"}`, 1);
    return ops.map((s) => [s, joinPath(targetDir, basename(s))]);
  }
  if (ops.length === 0) throw new UsageError("missing file operand", 1);
  if (ops.length === 1) throw new UsageError(`missing destination file operand after '${ops[0]}'`, 1);
  const dest = ops.pop() as string;
  const st = await tryStat(ctx, abs(ctx, dest));
  if (args.has("T")) {
    if (ops.length > 1) throw new UsageError(`extra operand '${ops[1]}'`, 1);
    return [[ops[0] as string, dest]];
  }
  if (st?.type === "directory") return ops.map((s) => [s, joinPath(dest, basename(s))]);
  if (ops.length > 1) throw new HuskError(`target '${dest}': ${st ? "Not a directory" : "No such file or directory"}`, 1);
  return [[ops[0] as string, dest]];
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const recursive = args.has("r") || args.has("a");
  const preserve = args.has("a") || args.has("p");
  const noClobber = args.has("n");
  let status = 0;
  for (const [src, dst] of await pairs(ctx, "cp", args)) {
    const s = abs(ctx, src);
    const d = abs(ctx, dst);
    try {
      const st = await tryStat(ctx, s, !args.has("P") && !args.has("a") ? true : false);
      if (!st) throw new FsError("ENOENT", src);
      const dt = await tryStat(ctx, d);
      if (st.type === "directory") {
        if (!recursive) {
          ctx.stderr.write(`cp: -r not specified; omitting directory '${src}'\n`);
          status = 1;
          continue;
        }
        if (dt && dt.type !== "directory") {
          ctx.stderr.write(`cp: cannot overwrite non-directory '${dst}' with directory '${src}'\n`);
          status = 1;
          continue;
        }
        if (d === s || d.startsWith(`${s}/`)) {
          ctx.stderr.write(`cp: cannot copy a directory, '${src}', into itself, '${dst}'\n`);
          status = 1;
          continue;
        }
      } else if (dt?.type === "directory") {
        ctx.stderr.write(`cp: cannot overwrite directory '${dst}' with non-directory\n`);
        status = 1;
        continue;
      }
      if (dt && noClobber) continue;
      if (dt && d === s) {
        ctx.stderr.write(`cp: '${src}' and '${dst}' are the same file\n`);
        status = 1;
        continue;
      }
      if (st.type === "directory" || (st.type === "symlink" && (args.has("P") || args.has("a")))) await copyTree(ctx, s, d, preserve);
      else {
        await ctx.fs.writeFile(d, await ctx.fs.readFile(s), { mode: st.mode });
        if (preserve) {
          await ctx.fs.chmod(d, st.mode);
          await ctx.fs.utimes(d, st.mtimeMs);
        }
      }
      if (args.has("v")) ctx.stdout.write(`'${src}' -> '${dst}'\n`);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      ctx.stderr.write(e.code === "ENOENT" && e.path === src ? `cp: cannot stat '${src}': ${e.message}\n` : `cp: cannot create regular file '${dst}': ${e.message}\n`);
      status = 1;
    }
  }
  return status;
}

/** `cp [-rRapPnfvT] [-t DIR] SOURCE... DEST`. */
export const cp = defineCommand({
  name: "cp",
  summary: "copy files and directories",
  fileAccess: "required",
  usage: `Usage: cp [OPTION]... SOURCE DEST
  or:  cp [OPTION]... SOURCE... DIRECTORY
Copy SOURCE to DEST, or multiple SOURCE(s) to DIRECTORY.

  -a, --archive                same as -dR --preserve=all
  -f, --force                  (accepted)
  -n, --no-clobber             do not overwrite an existing file
  -p                           preserve mode and timestamps
  -P, --no-dereference         never follow symbolic links in SOURCE
  -r, -R, --recursive          copy directories recursively
  -t, --target-directory=DIRECTORY  copy all SOURCE arguments into DIRECTORY
  -T, --no-target-directory    treat DEST as a normal file
  -v, --verbose                explain what is being done`,
  options: [
    { key: "a", short: "a", long: "archive" },
    { key: "f", short: "f", long: "force" },
    { key: "i", short: "i", long: "interactive" },
    { key: "n", short: "n", long: "no-clobber" },
    { key: "p", short: "p", long: "preserve", arg: "optional" },
    { key: "P", short: "Pd", long: "no-dereference" },
    { key: "L", short: "L", long: "dereference" },
    { key: "r", short: "rR", long: "recursive" },
    { key: "t", short: "t", long: "target-directory", arg: "required" },
    { key: "T", short: "T", long: "no-target-directory" },
    { key: "u", short: "u", long: "update" },
    { key: "v", short: "v", long: "verbose" },
  ],
  run,
});

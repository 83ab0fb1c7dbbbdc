import { type CommandContext, FsError, UsageError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { abs, tryStat } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";
import { parseMode } from "./mode.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  if (args.operands.length === 0) throw new UsageError("missing operand", 1);
  const parents = args.has("p");
  const modeText = args.get("m");
  const mode = modeText === undefined ? undefined : parseMode(modeText, 0o777);
  if (mode === undefined && modeText !== undefined) throw new UsageError(`invalid mode '${modeText}'`, 1);
  let status = 0;
  for (const op of args.operands) {
    const path = abs(ctx, op);
    try {
      if (parents) {
        // Create each missing component, reporting the one that fails as GNU does.
        if (op === "") await ctx.fs.mkdir(path); // ENOENT: the empty name is no directory
        const parts = op.split("/");
        for (let i = 1; i <= parts.length; i++) {
          const shown = parts.slice(0, i).join("/");
          if (parts[i - 1] === "" || parts[i - 1] === "." || parts[i - 1] === "..") continue;
          const st = await tryStat(ctx, abs(ctx, shown));
          if (st?.type === "directory") continue;
          if (st) throw new FsError(i === parts.length ? "EEXIST" : "ENOTDIR", shown);
          await ctx.fs.mkdir(abs(ctx, shown));
          if (args.has("v")) ctx.stdout.write(`mkdir: created directory '${shown}'\n`);
        }
      } else {
        await ctx.fs.mkdir(path);
        if (args.has("v")) ctx.stdout.write(`mkdir: created directory '${op}'\n`);
      }
      if (mode !== undefined) await ctx.fs.chmod(path, mode);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      const shown = e.path.startsWith("/") && !op.startsWith("/") ? op : e.path;
      ctx.stderr.write(`mkdir: cannot create directory '${parents ? shown : op}': ${e.message}\n`);
      status = 1;
    }
  }
  return status;
}

/** `mkdir [-p] [-m MODE] [-v] DIRECTORY...`. */
export const mkdir = defineCommand({
  name: "mkdir",
  summary: "make directories",
  fileAccess: "required",
  usage: `Usage: mkdir [OPTION]... DIRECTORY...
Create the DIRECTORY(ies), if they do not already exist.

  -m, --mode=MODE   set file mode (as in chmod), not a=rwx - umask
  -p, --parents     no error if existing, make parent directories as needed
  -v, --verbose     print a message for each created directory`,
  options: [
    { key: "m", short: "m", long: "mode", arg: "required" },
    { key: "p", short: "p", long: "parents" },
    { key: "v", short: "v", long: "verbose" },
  ],
  run,
});

import { type CommandContext, FsError, UsageError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { abs } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";
import { canonicalize } from "./realpath.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  if (args.operands.length === 0) throw new UsageError("missing operand", 1);
  const mode = args.has("f") ? "E" : args.has("e") ? "e" : args.has("m") ? "m" : undefined;
  const end = args.has("z") ? "\0" : args.has("n") && args.operands.length === 1 ? "" : "\n";
  let status = 0;
  for (const op of args.operands) {
    try {
      const out = mode ? await canonicalize(ctx, abs(ctx, op), mode) : await ctx.fs.readlink(abs(ctx, op));
      ctx.stdout.write(out + end);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      if (args.has("v")) ctx.stderr.write(`readlink: ${op}: ${e.message}\n`);
      status = 1;
    }
  }
  return status;
}

/** `readlink [-f|-e|-m] [-n] [-z] [-v] FILE...`: prints symlink targets or canonical names. */
export const readlink = defineCommand({
  name: "readlink",
  summary: "print resolved symbolic links or canonical file names",
  fileAccess: "required",
  usage: `Usage: readlink [OPTION]... FILE...
Print value of a symbolic link or canonical file name

  -f, --canonicalize            all but the last component must exist
  -e, --canonicalize-existing   all components must exist
  -m, --canonicalize-missing    no component needs to exist
  -n, --no-newline              do not output the trailing delimiter
  -q, --quiet, -s, --silent     suppress most error messages (the default)
  -v, --verbose                 report error messages
  -z, --zero                    end each output line with NUL, not newline`,
  options: [
    { key: "f", short: "f", long: "canonicalize" },
    { key: "e", short: "e", long: "canonicalize-existing" },
    { key: "m", short: "m", long: "canonicalize-missing" },
    { key: "n", short: "n", long: "no-newline" },
    { key: "q", short: "qs", long: ["quiet", "silent"] },
    { key: "v", short: "v", long: "verbose" },
    { key: "z", short: "z", long: "zero" },
  ],
  run,
});

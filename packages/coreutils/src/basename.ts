import { type CommandContext, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";

/** POSIX basename of a path string, with an optional suffix removed (not when it is the whole name). */
export function basename(path: string, suffix = ""): string {
  if (path === "") return "";
  let p = path.replace(/\/+$/, "");
  if (p === "") return "/";
  p = p.slice(p.lastIndexOf("/") + 1);
  if (suffix && p !== suffix && p.endsWith(suffix)) p = p.slice(0, -suffix.length);
  return p;
}

function run(ctx: CommandContext, args: ParsedArgs): number {
  const ops = args.operands;
  const end = args.has("z") ? "\0" : "\n";
  const suffix = args.get("s");
  const multiple = args.has("a") || suffix !== undefined;
  if (ops.length === 0) throw new UsageError("missing operand", 1);
  if (!multiple) {
    if (ops.length > 2) throw new UsageError(`extra operand '${ops[2]}'`, 1);
    ctx.stdout.write(basename(ops[0] as string, ops[1]) + end);
    return 0;
  }
  ctx.stdout.write(ops.map((p) => basename(p, suffix) + end).join(""));
  return 0;
}

/** `basename NAME [SUFFIX]` / `basename -a [-s SUFFIX] NAME...` (`-z` NUL-terminates). */
export const basenameCommand = defineCommand({
  name: "basename",
  summary: "strip directory and suffix from filenames",
  usage: `Usage: basename NAME [SUFFIX]
  or:  basename OPTION... NAME...
Print NAME with any leading directory components removed.
If specified, also remove a trailing SUFFIX.

  -a, --multiple       support multiple arguments and treat each as a NAME
  -s, --suffix=SUFFIX  remove a trailing SUFFIX; implies -a
  -z, --zero           end each output line with NUL, not newline`,
  fileAccess: "none",
  options: [
    { key: "a", short: "a", long: "multiple" },
    { key: "s", short: "s", long: "suffix", arg: "required" },
    { key: "z", short: "z", long: "zero" },
  ],
  run,
});

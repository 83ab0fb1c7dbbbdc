import { type CommandContext, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";

/** POSIX dirname of a path string (`a` -> `.`, `/a/b/` -> `/a`, `//` -> `/`). */
export function dirname(path: string): string {
  let p = path.replace(/\/+$/, "");
  if (p === "") return path.startsWith("/") ? "/" : ".";
  const i = p.lastIndexOf("/");
  if (i < 0) return ".";
  p = p.slice(0, i).replace(/\/+$/, "");
  return p === "" ? "/" : p;
}

function run(ctx: CommandContext, args: ParsedArgs): number {
  if (args.operands.length === 0) throw new UsageError("missing operand", 1);
  const end = args.has("z") ? "\0" : "\n";
  ctx.stdout.write(args.operands.map((p) => dirname(p) + end).join(""));
  return 0;
}

/** `dirname [-z] NAME...`. */
export const dirnameCommand = defineCommand({
  name: "dirname",
  summary: "strip last component from file name",
  usage: `Usage: dirname [OPTION] NAME...
Output each NAME with its last non-slash component and trailing slashes removed;
if NAME contains no /'s, output '.' (meaning the current directory).

  -z, --zero     end each output line with NUL, not newline`,
  fileAccess: "none",
  options: [{ key: "z", short: "z", long: "zero" }],
  run,
});

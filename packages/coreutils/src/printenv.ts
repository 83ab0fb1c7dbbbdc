import type { CommandContext } from "@husk/host";
import { defineCommand } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";

function run(ctx: CommandContext, args: ParsedArgs): number {
  const end = args.has("0") ? "\0" : "\n";
  if (args.operands.length === 0) {
    ctx.stdout.write([...ctx.env].map(([k, v]) => `${k}=${v}${end}`).join(""));
    return 0;
  }
  let status = 0;
  const out: string[] = [];
  for (const name of args.operands) {
    const v = name.includes("=") ? undefined : ctx.env.get(name);
    if (v === undefined) status = 1;
    else out.push(v + end);
  }
  ctx.stdout.write(out.join(""));
  return status;
}

/** `printenv [-0] [VARIABLE]...`: prints exported variables (status 1 when one is missing). */
export const printenv = defineCommand({
  name: "printenv",
  summary: "print all or part of environment",
  usageStatus: 2,
  usage: `Usage: printenv [OPTION]... [VARIABLE]...
Print the values of the specified environment VARIABLE(s).
If no VARIABLE is specified, print name and value pairs for them all.

  -0, --null     end each output line with NUL, not newline`,
  fileAccess: "none",
  options: [{ key: "0", short: "0", long: "null" }],
  run,
});

import { type CommandContext, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";
import { shellQuote } from "./util/shellquote.js";

function run(ctx: CommandContext, args: ParsedArgs): number | Promise<number> {
  const end = args.has("0") ? "\0" : "\n";
  const ignore = args.has("i");
  const unset = args.all("u");
  const ops = [...args.operands];
  const assigns: Array<[string, string]> = [];
  while (ops.length && /^[^=]+=/.test(ops[0] as string)) {
    const a = ops.shift() as string;
    const eq = a.indexOf("=");
    assigns.push([a.slice(0, eq), a.slice(eq + 1)]);
  }
  if (ops.length === 0) {
    const env = new Map(ignore ? [] : ctx.env);
    for (const u of unset) env.delete(u);
    for (const [k, v] of assigns) env.set(k, v);
    ctx.stdout.write([...env].map(([k, v]) => `${k}=${v}${end}`).join(""));
    return 0;
  }
  if (args.has("0")) throw new UsageError("cannot specify --null (-0) with command", 125);
  // Run the command inside the shell with the modified environment.
  const pre: string[] = [];
  const drop = ignore ? [...ctx.env.keys()] : unset;
  if (drop.length) pre.push(`unset -v ${drop.map(shellQuote).join(" ")};`);
  const script = `${pre.join(" ")} ${assigns.map(([k, v]) => `export ${shellQuote(k)}=${shellQuote(v)};`).join(" ")} ${ops.map(shellQuote).join(" ")}`;
  return ctx.shell.exec(script.trim());
}

/**
 * `env [-i] [-u NAME]... [-0] [NAME=VALUE]... [COMMAND [ARG]...]`: prints the environment
 * (from `ctx.env`), or runs COMMAND inside the shell with the changed environment.
 */
export const env = defineCommand({
  name: "env",
  summary: "run a program in a modified environment",
  usageStatus: 125,
  usage: `Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]
Set each NAME to VALUE in the environment and run COMMAND.

  -i, --ignore-environment  start with an empty environment
  -0, --null           end each output line with NUL, not newline
  -u, --unset=NAME     remove variable from the environment`,
  fileAccess: "none",
  options: [
    { key: "i", short: "i", long: "ignore-environment" },
    { key: "0", short: "0", long: "null" },
    { key: "u", short: "u", long: "unset", arg: "required" },
  ],
  settings: { stopAtOperand: true },
  preprocess: (args) => (args[0] === "-" ? ["-i", ...args.slice(1)] : args),
  run,
});

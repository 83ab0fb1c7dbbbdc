import { type CommandContext, NULL_OUTPUT, StringOutput } from "@husk/host";
import { defineCommand } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  let status = args.operands.length === 0 ? 1 : 0;
  for (const name of args.operands) {
    // the shell's own $PATH search (`type -aP`), which knows where registered commands live
    const out = new StringOutput();
    await ctx.shell.run(["builtin", "type", "-aP", name], { stdout: out, stderr: NULL_OUTPUT });
    const found = out.text.split("\n").filter((l) => l !== "");
    if (found.length === 0) status = 1;
    ctx.stdout.write(found.slice(0, args.has("a") ? found.length : 1).map((l) => `${l}\n`).join(""));
  }
  return status;
}

/** `which [-a] NAME...` (debianutils): the executable a name runs along $PATH; 1 when one is missing. */
export const which = defineCommand({
  name: "which",
  summary: "locate a command",
  usage: `Usage: which [-a] args
  -a     print all matching pathnames of each argument`,
  fileAccess: "none",
  options: [{ key: "a", short: "a" }],
  run,
});

/** `whoami` and `hostname`: the sandbox's fixed identity (the host's never leaks). */
import type { CommandContext } from "@husk/host";
import { defineCommand, usageError } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";

function runWhoami(ctx: CommandContext, args: ParsedArgs): number {
  if (args.operands.length > 0) throw usageError(`extra operand '${args.operands[0]}'`);
  ctx.stdout.write(`${ctx.identity.user}\n`);
  return 0;
}

/** `whoami`: the user name of the identity (GNU coreutils). */
export const whoami = defineCommand({
  name: "whoami",
  summary: "print effective user name",
  usage: `Usage: whoami [OPTION]...
Print the user name associated with the current effective user ID.
Same as id -un.`,
  fileAccess: "none",
  options: [],
  run: runWhoami,
});

function runHostname(ctx: CommandContext, args: ParsedArgs): number {
  if (args.operands.length > 0) {
    ctx.stderr.write("hostname: you must be root to change the host name\n");
    return 1;
  }
  const name = ctx.identity.hostname;
  ctx.stdout.write(`${args.has("s") ? name.split(".")[0] : name}\n`);
  return 0;
}

/** `hostname [-s|-f]`: the host name of the identity; setting it is refused. */
export const hostname = defineCommand({
  name: "hostname",
  summary: "show the system's host name",
  usage: `Usage: hostname [-f|-s]                        display formatted name
       hostname                                 display host name

Program options:
    -f, --fqdn, --long     long host name (FQDN)
    -s, --short            short host name`,
  fileAccess: "none",
  options: [
    { key: "f", short: "f", long: ["fqdn", "long"] },
    { key: "s", short: "s", long: "short" },
  ],
  run: runHostname,
});

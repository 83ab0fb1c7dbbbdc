import { yieldToHost } from "@husk/host";
import type { CommandContext } from "@husk/host";
import { defineCommand } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const line = `${args.operands.length ? args.operands.join(" ") : "y"}\n`;
  const chunk = line.repeat(Math.max(1, Math.floor(8192 / line.length)));
  // Ends when the reader goes away (BrokenPipeError), a limit is hit, or the run is cancelled.
  for (;;) {
    ctx.meter.checkDeadline();
    const p = ctx.stdout.write(chunk);
    if (p) await p;
    // TM-DOS-006: a flood into a capped stdout still lets the host's timers run
    else if (ctx.meter.yieldDue()) await yieldToHost();
    else await Promise.resolve();
  }
}

/** `yes [STRING]...`: repeats a line until its reader stops (bounded by limits and the deadline). */
export const yes = defineCommand({
  name: "yes",
  summary: "output a string repeatedly until killed",
  usage: "Usage: yes [STRING]...\nRepeatedly output a line with all specified STRING(s), or 'y'.",
  fileAccess: "none",
  options: [],
  run,
});

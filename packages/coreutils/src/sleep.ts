import { AbortError, type CommandContext, HuskError, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { parseDuration, wait } from "./util/duration.js";
import type { ParsedArgs } from "./util/options.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  if (args.operands.length === 0) throw new UsageError("missing operand", 1);
  let ms = 0;
  for (const op of args.operands) {
    try {
      ms += parseDuration(op);
    } catch (e) {
      if (e instanceof HuskError) throw new UsageError(e.message, 1);
      throw e;
    }
  }
  const left = ctx.meter.remainingMs();
  try {
    await wait(Math.min(ms, left), ctx.signal, ctx.clock);
  } catch {
    throw new AbortError("cancelled");
  }
  if (ms > left) {
    // TM-DOS-007: a host timer may fire a little before the deadline by the meter's clock;
    // a real sleep cut short by the deadline is a timeout all the same (a virtual clock just advances)
    ctx.meter.checkDeadline();
    if (typeof (ctx.clock as { advance?: unknown }).advance !== "function") throw new AbortError("timeout");
  }
  return 0;
}

/**
 * `sleep NUMBER[smhd]...`: waits, bounded by the run's deadline (past it, the run ends with
 * the timeout error) and cancelled by `ctx.signal`. With a virtual clock (FixedClock) it
 * advances the clock instead of waiting.
 */
export const sleep = defineCommand({
  name: "sleep",
  summary: "delay for a specified amount of time",
  usage: `Usage: sleep NUMBER[SUFFIX]...
Pause for NUMBER seconds.  SUFFIX may be 's' for seconds (the default),
'm' for minutes, 'h' for hours or 'd' for days.`,
  fileAccess: "none",
  options: [],
  settings: { negativeNumbersAreOperands: true },
  run,
});

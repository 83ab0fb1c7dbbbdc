import { BrokenPipeError, type CommandContext, HuskError, type InputStream, type OutputStream, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { parseDuration } from "./util/duration.js";
import type { ParsedArgs } from "./util/options.js";

/** Wraps an output so that writes fail with BrokenPipeError once `dead()` is true. */
function guardOut(out: OutputStream, dead: () => boolean): OutputStream {
  return {
    write(text: string) {
      if (dead()) throw new BrokenPipeError();
      return out.write(text);
    },
    get closed() {
      return dead() || out.closed;
    },
  };
}

function guardIn(input: InputStream, dead: () => boolean): InputStream {
  return {
    read: () => (dead() ? Promise.resolve(undefined) : input.read()),
    readAll: (max?: number) => (dead() ? Promise.resolve("") : input.readAll(max)),
    close: () => input.close(),
  };
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const [dur, ...argv] = args.operands;
  if (dur === undefined) throw new UsageError("missing operand", 125);
  if (argv.length === 0) throw new UsageError(`missing operand after '${dur}'`, 125);
  let ms: number;
  try {
    ms = parseDuration(dur);
    if (args.has("k")) parseDuration(args.get("k") as string);
  } catch (e) {
    if (e instanceof HuskError) throw new UsageError(e.message, 125);
    throw e;
  }
  const preserve = args.has("preserve-status");
  const virtual = typeof (ctx.clock as { advance?: unknown }).advance === "function";
  if (ms === 0 || virtual) {
    const start = ctx.clock.now();
    const status = await ctx.shell.run(argv);
    if (ms > 0 && ctx.clock.now() - start > ms) return preserve ? 143 : 124;
    return status;
  }
  let timedOut = false;
  const dead = (): boolean => timedOut;
  const child = ctx.shell.run(argv, { stdin: guardIn(ctx.stdin, dead), stdout: guardOut(ctx.stdout, dead), stderr: guardOut(ctx.stderr, dead) });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), Math.min(ms, ctx.meter.remainingMs() + 1));
  });
  const winner = await Promise.race([child, expired]);
  clearTimeout(timer);
  if (winner === "timeout") {
    timedOut = true;
    // The command cannot be killed in-process; it is cut off from its streams and its
    // result is ignored (it also ends at the run's deadline).
    child.catch(() => undefined);
    if (args.has("v")) ctx.stderr.write(`timeout: sending signal ${args.get("s") ?? "TERM"} to command '${argv[0]}'\n`);
    return preserve ? 143 : 124;
  }
  return winner;
}

/**
 * `timeout [-s SIG] [-k DUR] [--preserve-status] [--foreground] [-v] DURATION COMMAND [ARG]...`:
 * runs COMMAND inside the shell; when DURATION passes first, returns 124 and cuts the command
 * off from its streams (in-process commands cannot be killed; one that neither reads nor
 * writes runs on until the run's own deadline).
 */
export const timeout = defineCommand({
  name: "timeout",
  summary: "run a command with a time limit",
  usageStatus: 125,
  usage: `Usage: timeout [OPTION] DURATION COMMAND [ARG]...
Start COMMAND, and kill it if still running after DURATION.

      --preserve-status  exit with the same status as COMMAND, even when the command times out
      --foreground       (accepted)
  -k, --kill-after=DURATION  (accepted)
  -s, --signal=SIGNAL    (accepted; reported by -v)
  -v, --verbose          diagnose to stderr any signal sent upon timeout`,
  fileAccess: "none",
  options: [
    { key: "preserve-status", long: "preserve-status" },
    { key: "foreground", long: "foreground" },
    { key: "k", short: "k", long: "kill-after", arg: "required" },
    { key: "s", short: "s", long: "signal", arg: "required" },
    { key: "v", short: "v", long: "verbose" },
  ],
  settings: { stopAtOperand: true },
  run,
});

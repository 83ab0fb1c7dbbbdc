import {
  type CommandContext,
  DEFAULT_IDENTITY,
  FixedClock,
  type InputStream,
  LimitsMeter,
  MemoryFs,
  SeededRandom,
  StringOutput,
  resolveLimits,
} from "@husk/host";

/**
 * Test support: a CommandContext whose stdin never ends (`yes` piped in), to check that a
 * command stops reading once it has its answer. `reads()` counts the chunks consumed.
 */
export function endlessContext(name: string, args: readonly string[]): { ctx: CommandContext; out: StringOutput; reads: () => number } {
  let n = 0;
  const chunk = "y\n".repeat(1000);
  const stdin: InputStream = {
    read: () => {
      n++;
      return Promise.resolve(chunk);
    },
    readAll: () => Promise.reject(new Error("endless input")),
    close: () => {},
  };
  const out = new StringOutput();
  const clock = new FixedClock(0);
  const ctx: CommandContext = {
    name,
    args,
    stdin,
    stdout: out,
    stderr: new StringOutput(),
    env: new Map(),
    cwd: "/",
    fs: new MemoryFs(),
    signal: new AbortController().signal,
    meter: new LimitsMeter(resolveLimits({}), { now: () => clock.monotonic() }),
    clock,
    random: new SeededRandom(1),
    identity: DEFAULT_IDENTITY,
    shell: { run: () => Promise.resolve(127), exec: () => Promise.resolve(127) },
    request: {},
  };
  return { ctx, out, reads: () => n };
}

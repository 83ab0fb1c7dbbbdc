/** A CommandContext for tests: string stdin, captured stdout/stderr, a MemoryFs. */
import type { CommandContext, ShellAccess } from "@husk/host";
import { DEFAULT_IDENTITY, FixedClock, LimitsMeter, MemoryFs, SeededRandom, StringInput, StringOutput, resolveLimits } from "@husk/host";
import type { Limits } from "@husk/host";

/** What a test run of a command produced. */
export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number;
}

/** Builds a context; returns it with its captured outputs. */
export function testContext(
  args: readonly string[],
  opts: { stdin?: string; files?: Record<string, string>; env?: Record<string, string>; limits?: Partial<Limits>; nowMs?: number } = {},
): { ctx: CommandContext; stdout: StringOutput; stderr: StringOutput } {
  const stdout = new StringOutput();
  const stderr = new StringOutput();
  const shell: ShellAccess = { run: async () => 127, exec: async () => 127 };
  const ctx: CommandContext = {
    name: "jq",
    args,
    stdin: new StringInput(opts.stdin ?? ""),
    stdout,
    stderr,
    env: new Map(Object.entries(opts.env ?? {})),
    cwd: "/",
    fs: new MemoryFs({ files: opts.files ?? {} }),
    signal: new AbortController().signal,
    meter: new LimitsMeter(resolveLimits(opts.limits)),
    clock: new FixedClock(opts.nowMs ?? 1425599507000),
    random: new SeededRandom(1),
    identity: DEFAULT_IDENTITY,
    shell,
    request: {},
  };
  return { ctx, stdout, stderr };
}

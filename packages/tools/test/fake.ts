/** Test helpers: a minimal CommandContext to run tool commands without a shell. */
import {
  type Command,
  type CommandContext,
  DEFAULT_IDENTITY,
  DisabledFs,
  EMPTY_INPUT,
  type Limits,
  LimitsMeter,
  type RequestContext,
  resolveLimits,
  SeededRandom,
  StringInput,
  StringOutput,
  SYSTEM_CLOCK,
} from "@husk/host";

export interface RunOptions {
  stdin?: string;
  request?: RequestContext;
  signal?: AbortSignal;
  limits?: Partial<Limits>;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Runs `command` with `args` in a fake context. */
export async function runCommand(command: Command, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const stdout = new StringOutput();
  const stderr = new StringOutput();
  const signal = options.signal ?? new AbortController().signal;
  const ctx: CommandContext = {
    name: command.name,
    args,
    stdin: options.stdin === undefined ? EMPTY_INPUT : new StringInput(options.stdin),
    stdout,
    stderr,
    env: new Map(),
    cwd: "/",
    fs: new DisabledFs(),
    signal,
    meter: new LimitsMeter(resolveLimits(options.limits), { signal }),
    clock: SYSTEM_CLOCK,
    random: new SeededRandom(1),
    identity: DEFAULT_IDENTITY,
    shell: { run: () => Promise.resolve(127), exec: () => Promise.resolve(127) },
    request: options.request ?? {},
  };
  const exitCode = await command.run(ctx);
  return { stdout: stdout.text, stderr: stderr.text, exitCode };
}

/** Finds a command by name in a list. */
export function pick(commands: readonly Command[], name: string): Command {
  const c = commands.find((x) => x.name === name);
  if (!c) throw new Error(`no command ${name}`);
  return c;
}

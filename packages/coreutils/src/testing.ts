import {
  type Command,
  type CommandContext,
  type CommandIO,
  DEFAULT_IDENTITY,
  EMPTY_INPUT,
  FixedClock,
  type FileSystem,
  type InputStream,
  LimitsMeter,
  MemoryFs,
  type OutputStream,
  resolveLimits,
  SeededRandom,
  type ShellAccess,
  StringInput,
  StringOutput,
  errorMessage,
  HuskError,
  type Identity,
  LimitError,
  type Limits,
} from "@husk/host";

/** Options of `runTool`. */
export interface RunToolOptions {
  readonly stdin?: string;
  readonly fs?: FileSystem;
  readonly cwd?: string;
  readonly env?: Record<string, string>;
  /** Epoch milliseconds of the fixed clock (default 2024-01-02T03:04:05Z). */
  readonly now?: number;
  /** Overrides of the fixed identity (user, uid, gid ...). */
  readonly identity?: Partial<Identity>;
  /** Commands reachable through `ctx.shell.run` (xargs, find -exec, timeout). */
  readonly commands?: readonly Command[];
  /**
   * Feeds `stdin` in pieces of this many UTF-16 code units, as a pipe would (a piece may end
   * inside a line or between the halves of a surrogate pair; `readAll` past its bound fails
   * with the LimitError a pipe gives). Default: the whole text as one piece.
   */
  readonly stdinChunk?: number;
  /** Limits of the run (default: the defaults). */
  readonly limits?: Partial<Limits>;
}

/**
 * Standard input given in pieces of `size` code units, cut anywhere (tests of chunk
 * boundaries); `readAll(max)` fails past `max` as the shell's pipes do.
 */
export class ChunkedInput implements InputStream {
  #pos = 0;
  constructor(
    readonly text: string,
    readonly size: number,
  ) {}
  read(): Promise<string | undefined> {
    if (this.#pos >= this.text.length) return Promise.resolve(undefined);
    const piece = this.text.slice(this.#pos, this.#pos + this.size);
    this.#pos += this.size;
    return Promise.resolve(piece);
  }
  async readAll(maxBytes = Infinity): Promise<string> {
    const rest = this.text.length - Math.min(this.#pos, this.text.length);
    if (rest > maxBytes) throw new LimitError("maxStringBytes", `input too large: more than ${maxBytes} bytes`);
    const t = this.text.slice(this.#pos);
    this.#pos = this.text.length;
    return t;
  }
  close(): void {
    this.#pos = this.text.length;
  }
}

/** What `runTool` returns. */
export interface RunToolResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number;
}

/**
 * Runs one command outside any shell (tests, embedding a single tool): a MemoryFs, a fixed
 * clock, stdin from a string, and a minimal `ctx.shell.run` that dispatches to `commands`.
 * `ctx.shell.exec` (scripts) is not available here and fails with status 127.
 */
export async function runTool(command: Command, args: readonly string[], options: RunToolOptions = {}): Promise<RunToolResult> {
  const stdout = new StringOutput();
  const stderr = new StringOutput();
  const fs = options.fs ?? new MemoryFs();
  const clock = new FixedClock(options.now ?? Date.UTC(2024, 0, 2, 3, 4, 5));
  const meter = new LimitsMeter(resolveLimits(options.limits ?? {}), { now: () => clock.monotonic() });
  const env = new Map(Object.entries(options.env ?? {}));
  const table = new Map((options.commands ?? []).map((c) => [c.name, c] as const));
  const base = {
    env,
    cwd: options.cwd ?? "/",
    fs,
    signal: new AbortController().signal,
    meter,
    clock,
    random: new SeededRandom(1),
    identity: { ...DEFAULT_IDENTITY, ...options.identity },
    request: {},
  };
  const invoke = async (cmd: Command, argv: readonly string[], stdin: InputStream, out: OutputStream, err: OutputStream): Promise<number> => {
    const ctx: CommandContext = { ...base, name: argv[0] as string, args: argv.slice(1), stdin, stdout: out, stderr: err, shell };
    try {
      return await cmd.run(ctx);
    } catch (e) {
      if (e instanceof HuskError && !(e.name === "LimitError" || e.name === "AbortError")) {
        err.write(`${ctx.name}: ${errorMessage(e)}\n`);
        return e.status;
      }
      throw e;
    }
  };
  const shell: ShellAccess = {
    async run(argv: readonly string[], io: CommandIO = {}): Promise<number> {
      const cmd = table.get(argv[0] ?? "");
      const err = io.stderr ?? stderr;
      if (!cmd) {
        err.write(`husk: ${argv[0]}: command not found\n`);
        return 127;
      }
      const stdin = typeof io.stdin === "string" ? new StringInput(io.stdin) : (io.stdin ?? EMPTY_INPUT);
      return invoke(cmd, argv, stdin, io.stdout ?? stdout, err);
    },
    exec(): Promise<number> {
      stderr.write("husk: scripts cannot run outside the shell\n");
      return Promise.resolve(127);
    },
  };
  const stdin = options.stdin === undefined ? EMPTY_INPUT : options.stdinChunk ? new ChunkedInput(options.stdin, options.stdinChunk) : new StringInput(options.stdin);
  const status = await invoke(command, [command.name, ...args], stdin, stdout, stderr);
  return { stdout: stdout.text, stderr: stderr.text, status };
}

import type { Clock, Identity, SeededRandom } from "./clock.js";
import type { FileSystem } from "./fs.js";
import type { LimitsMeter } from "./limits.js";
import type { InputStream, OutputStream } from "./streams.js";

/**
 * Standard streams handed to a command run through `ShellAccess`. Omitted streams are
 * inherited from the calling command. A string `stdin` is fed as the whole input.
 */
export interface CommandIO {
  readonly stdin?: InputStream | string;
  readonly stdout?: OutputStream;
  readonly stderr?: OutputStream;
}

/**
 * The shell, as seen from inside a command: lets tools such as `xargs`, `find -exec`,
 * `timeout`, awk's `system()` and `cmd | getline` run commands INSIDE the same sandboxed shell
 * (never on the host). Each call counts against the run's limits.
 */
export interface ShellAccess {
  /**
   * Runs one simple command from its argv (functions, builtins and registered commands are
   * found as `command` would find them). Resolves with its exit status.
   */
  run(argv: readonly string[], io?: CommandIO): Promise<number>;
  /** Runs a script (as `bash -c script`) in a subshell of the caller. Resolves with its status. */
  exec(script: string, io?: CommandIO): Promise<number>;
}

/**
 * Per-execution data the host passes to `exec()` and commands may read (e.g. the tool layer's
 * tenant and surface). Never shared between executions.
 */
export interface RequestContext {
  readonly tenant?: string;
  readonly surface?: string;
  readonly [key: string]: unknown;
}

/** Everything a command sees of the world. Nothing else of the host is reachable. */
export interface CommandContext {
  /** The name the command was invoked by (`argv[0]`). */
  readonly name: string;
  /** Arguments after the name. */
  readonly args: readonly string[];
  readonly stdin: InputStream;
  /**
   * True when `stdin` was given to this very command: a pipe into it, a `<`, here-doc or
   * here-string redirection, or a ShellAccess caller's input; false when it is inherited from
   * an enclosing loop, compound command, function or the script. Undefined when the shell
   * does not say (treat as true). The tool layer hands stdin to callbacks only when true.
   */
  readonly stdinRedirected?: boolean;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** Exported variables of the calling shell (a snapshot; null-prototype safe). */
  readonly env: ReadonlyMap<string, string>;
  /** The shell's working directory (absolute). */
  readonly cwd: string;
  /** The shell's filesystem (MemoryFs, DisabledFs, or a host's). */
  readonly fs: FileSystem;
  /** Fires when the run is cancelled or times out. */
  readonly signal: AbortSignal;
  /** The run's limits and counters. */
  readonly meter: LimitsMeter;
  readonly clock: Clock;
  readonly random: SeededRandom;
  readonly identity: Identity;
  /** Runs commands inside the same shell. */
  readonly shell: ShellAccess;
  /** Per-execution data from the host (`exec(script, {context})`). */
  readonly request: RequestContext;
}

/**
 * How a command relates to files. The logic-only profile uses it: `none` commands run as they
 * are; `operands` commands (grep, sort, jq ...) run but fail on file operands through the
 * DisabledFs; `required` commands (ls, cat FILE, mkdir ...) are not installed at all.
 */
export type FileAccess = "none" | "operands" | "required";

/**
 * A command: one module per builtin exports one of these, and every command (built-in or
 * custom) is registered in the ONE command table.
 */
export interface Command {
  /** The command name as typed in a script. */
  readonly name: string;
  /** One-line summary (for `help`, `type`, listings). */
  readonly summary?: string;
  /** Full help text printed by `NAME --help` (ending in a newline). */
  readonly help?: string;
  /** Default `none`. */
  readonly fileAccess?: FileAccess;
  /**
   * Runs the command and returns its exit status (0-255). May return synchronously. Expected
   * failures are reported by writing to `ctx.stderr` and returning a status, or by throwing a
   * `HuskError` (its message goes to stderr prefixed by the command name, its status is
   * used). `LimitError` and `AbortError` end the whole run and must not be caught.
   */
  run(ctx: CommandContext): number | Promise<number>;
  /**
   * For a command whose implementation loads on first use (see `lazyCommand`): starts the load
   * if it has not started, and returns a Promise that settles when it ends (it never rejects: a
   * failed load is reported by `run`), or undefined when the command is loaded already. The
   * shell calls it for the commands a pipeline names before it starts the pipeline, so that no
   * stage waits for a module while the others run on (a writer would otherwise run on alone,
   * e.g. `while :; do echo y; done | head -1` until a limit stopped it). Optional.
   */
  load?(): Promise<void> | undefined;
}

/** Somewhere commands can be registered (the shell's command table, seen by extensions). */
export interface CommandRegistrar {
  /** Adds or replaces a command. */
  register(command: Command): void;
  /** True when a command of that name is registered. */
  has(name: string): boolean;
}

/**
 * A group of commands installed into a shell together (e.g. the tool layer's tools plus
 * `help` and `discover`). `install` is called once per shell instance, after the built-in
 * commands and custom commands are registered; its commands win over same-named ones.
 */
export interface ShellExtension {
  readonly name: string;
  install(registrar: CommandRegistrar): void;
}

/**
 * The command table: name -> Command, safe for any name (null-prototype Map semantics).
 * There is exactly one per shell; every dispatch goes through `get`.
 */
export class CommandTable implements CommandRegistrar {
  #map = new Map<string, Command>();
  /** The map may be shared with clones: copy it before the first change (copy-on-write). */
  #shared = false;
  constructor(commands: Iterable<Command> = []) {
    for (const c of commands) this.#map.set(c.name, c);
  }
  #own(): Map<string, Command> {
    if (this.#shared) {
      this.#map = new Map(this.#map);
      this.#shared = false;
    }
    return this.#map;
  }
  register(command: Command): void {
    this.#own().set(command.name, command);
  }
  has(name: string): boolean {
    return this.#map.has(name);
  }
  get(name: string): Command | undefined {
    return this.#map.get(name);
  }
  delete(name: string): boolean {
    return this.#map.has(name) ? this.#own().delete(name) : false;
  }
  /** Names in registration order. */
  names(): string[] {
    return [...this.#map.keys()];
  }
  /** A copy that can be changed without affecting this table (O(1): the entries are copied on the first change of either). */
  clone(): CommandTable {
    const c = new CommandTable();
    c.#map = this.#map;
    c.#shared = true;
    this.#shared = true;
    return c;
  }
}

/** Writes `NAME: message\n` to stderr and returns `status` (the usual failure shape of a tool). */
export function fail(ctx: CommandContext, message: string, status = 1): number {
  ctx.stderr.write(`${ctx.name}: ${message}\n`);
  return status;
}

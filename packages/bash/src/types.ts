import type { Clock, Command, FileSystem, Identity, Limits, ShellExtension } from "@husk/host";
import type { RunOptions, RunResult } from "@husk/interp";

/**
 * `sandbox`: an in-memory filesystem (MemoryFs) and every command. `logic-only`: no
 * filesystem (DisabledFs), file commands absent, filesystem redirections and process
 * substitution refused (the rules of spec/tool-layer-behaviour.md); used by ScriptedTool.
 */
export type Profile = "sandbox" | "logic-only";

/** Options of `new Bash()`. Every option is optional; defaults are safe. */
export interface BashOptions {
  /** Default `sandbox`. */
  readonly profile?: Profile;
  /** Files to seed the MemoryFs with: path -> content (directories are created). */
  readonly files?: Readonly<Record<string, string>>;
  /** A filesystem to use instead of a new MemoryFs (sandbox profile only). */
  readonly fs?: FileSystem;
  /** Initial environment (exported variables). Nothing of the host's env is inherited. */
  readonly env?: Readonly<Record<string, string>>;
  /** Initial working directory (default `/home/user`, created in a new MemoryFs). */
  readonly cwd?: string;
  /** Limits; unspecified ones take DEFAULT_LIMITS. */
  readonly limits?: Partial<Limits>;
  /** Custom commands, registered in the same table as built-in ones (they win over them). */
  readonly commands?: readonly Command[];
  /** Extensions (e.g. a ToolRegistry or ToolDefExtension), installed after `commands`. */
  readonly extensions?: readonly ShellExtension[];
  /** Shorthand for `extensions: [toolRegistry]`. */
  readonly toolRegistry?: ShellExtension;
  /** Seed of `$RANDOM`, `shuf`, awk's `rand()` (default fixed). */
  readonly randomSeed?: number;
  /** Source of time (default: the system clock). */
  readonly clock?: Clock;
  /** `$USER`, `$HOSTNAME`, `$$`, `$UID`... (default: DEFAULT_IDENTITY). */
  readonly identity?: Partial<Identity>;
  /** Keep shell variables and functions across `exec()` calls (default false; files always persist). */
  readonly persistState?: boolean;
}

/** Options of one `exec()` call: stdin, signal, env, cwd, args, context, limits (see the interpreter's RunOptions). */
export type ExecOptions = RunOptions;

/** The result of a run, never a thrown error for script failures (see the interpreter's RunResult). */
export type ExecResult = RunResult;

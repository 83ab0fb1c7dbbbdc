import type { Clock, Command, FileSystem, Identity, Limits, RequestContext, ShellExtension } from "@husk/host";

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

/** Options of one `exec()` call. */
export interface ExecOptions {
  /** Text fed to the script's stdin. */
  readonly stdin?: string;
  /** Cancels the run: it ends with status 130 (or 124 on its own deadline). */
  readonly signal?: AbortSignal;
  /** Extra environment for this run only. */
  readonly env?: Readonly<Record<string, string>>;
  /** Working directory for this run only. */
  readonly cwd?: string;
  /** Positional parameters `$1...`; `$0` is `args0` (default `bash`). */
  readonly args?: readonly string[];
  readonly args0?: string;
  /** Per-execution data for commands (tenant, surface, trace...). */
  readonly context?: RequestContext;
  /** Overrides of the instance's limits for this run. */
  readonly limits?: Partial<Limits>;
}

/** The result of a run. Never a thrown error for script failures. */
export interface ExecResult {
  readonly stdout: string;
  readonly stderr: string;
  /** 0-255. */
  readonly exitCode: number;
  /** Set when the run ended early: a limit breach, a timeout or a cancellation. */
  readonly error?: { readonly kind: "resource_limit" | "timeout" | "cancelled" | "parse"; readonly message: string; readonly limit?: string };
  /** True when stdout or stderr was cut at its limit. */
  readonly truncated?: boolean;
}

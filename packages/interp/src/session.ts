/**
 * A shell session: the state that may persist between runs, and `run(script)` which builds
 * the run's runtime (limits meter, capped outputs, cancellation), executes the script and
 * turns every ending (normal, exit, limit breach, timeout, cancellation) into a result.
 */
import { AbortError, CommandTable, DEFAULT_IDENTITY, LazyAbort, LimitError, LimitsMeter, errorMessage, SeededRandom, StringInput, SYSTEM_CLOCK, resolveLimits } from "@husk/host";
import type { Clock, FileSystem, Identity, Limits, RequestContext } from "@husk/host";
import { BUILTINS } from "./builtins/index.js";
import { Abrupt } from "./errors.js";
import { Interp } from "./interp.js";
import type { ProfileName, Runtime } from "./interp.js";
import { CappedOutput, ShellInput } from "./io.js";
import type { FileOutput } from "./io.js";
import { ShellState } from "./state.js";
import { installCallStackVars } from "./callstack.js";
import { installOptionVars } from "./shellopts.js";
import { Attr, IndexedArray, VarStore } from "./vars.js";

/** Options of a session (fixed for its lifetime). */
export interface SessionOptions {
  readonly fs: FileSystem;
  /** Commands other than the builtins (they are registered after the builtins and win). */
  readonly commands: CommandTable;
  readonly profile?: ProfileName;
  readonly limits?: Partial<Limits>;
  readonly clock?: Clock;
  readonly randomSeed?: number;
  readonly identity?: Partial<Identity>;
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/** Options of one run (the facade's `exec()` options). */
export interface RunOptions {
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
  /**
   * How bash got the script, for its messages and `$-`: `"stdin"` (the default, `bash <
   * script`: `bash: line N: ...`), `"command"` (`bash -c SCRIPT`: syntax errors read `$0: -c:
   * line N: ...`, `$-` has `c`) or `"file"` (`bash FILE`: `$0` is the file's name, as
   * `args0` must give it, and BASH_SOURCE names it: `FILE: line N: ...`, also in functions).
   */
  readonly invocation?: "stdin" | "command" | "file";
  /**
   * Called with each piece of text the script writes to its stdout (fd 1) or stderr (fd 2), in
   * the order it writes them (a CLI writing both to one file interleaves them as bash does).
   * The result still holds each stream's whole text.
   */
  readonly onOutput?: (fd: 1 | 2, text: string) => void;
}

/** What a run produced (the facade's `exec()` result). Never a thrown error for script failures. */
export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  /** 0-255. */
  readonly exitCode: number;
  /** Set when the run ended early: a limit breach, a timeout or a cancellation. */
  readonly error?: { readonly kind: "resource_limit" | "timeout" | "cancelled" | "parse"; readonly message: string; readonly limit?: string };
  /** True when stdout or stderr was cut at its limit. */
  readonly truncated?: boolean;
}

/** The default table of builtins plus `extra` commands (extra ones win). */
export function commandTable(extra: Iterable<import("@husk/host").Command> = []): CommandTable {
  const t = new CommandTable(BUILTINS);
  for (const c of extra) t.register(c);
  return t;
}

/** Abort reasons of a run's signal (shared objects: a DOMException per run is costly). */
const RUN_ENDED = new AbortError("cancelled", "husk: run ended");
const RUN_CANCELLED = new AbortError("cancelled");
const RUN_TIMED_OUT = new AbortError("timeout");

/** A shell whose variables, functions and options persist across `run()` calls. */
export class ShellSession {
  readonly identity: Identity;
  readonly clock: Clock;
  readonly random: SeededRandom;
  #state: ShellState | undefined;

  constructor(readonly options: SessionOptions) {
    this.identity = { ...DEFAULT_IDENTITY, ...options.identity };
    this.clock = options.clock ?? SYSTEM_CLOCK;
    this.random = new SeededRandom(options.randomSeed ?? 0x2545f491);
  }

  #initialState(limits: Limits): ShellState {
    const st = new ShellState(new VarStore(limits));
    const id = this.identity;
    const cwd = this.options.cwd ?? id.home;
    st.cwd = cwd;
    const g = st.vars.scopes[0]!;
    const set = (k: string, v: string, attrs = 0): void => {
      const x = st.vars.create(k, g, attrs);
      x.value = v;
    };
    set("HOME", id.home, Attr.Export);
    set("PATH", "/usr/local/bin:/usr/bin:/bin", Attr.Export);
    set("PWD", cwd, Attr.Export);
    set("USER", id.user, Attr.Export);
    set("LOGNAME", id.user, Attr.Export);
    set("SHELL", "/bin/bash", Attr.Export);
    set("HOSTNAME", id.hostname);
    set("UID", String(id.uid), Attr.Readonly | Attr.Integer);
    set("EUID", String(id.uid), Attr.Readonly | Attr.Integer);
    set("PPID", String(id.ppid), Attr.Readonly | Attr.Integer);
    set("IFS", " \t\n");
    set("OPTIND", "1");
    set("PS4", "+ ");
    set("BASH", "/bin/bash");
    set("BASH_VERSION", "5.2.21(1)-release");
    set("SHLVL", "1", Attr.Export);
    set("OSTYPE", "linux-gnu");
    set("HOSTTYPE", "x86_64");
    set("MACHTYPE", "x86_64-pc-linux-gnu");
    const bv = st.vars.create("BASH_VERSINFO", g, Attr.Readonly);
    bv.value = IndexedArray.of(["5", "2", "21", "1", "release", "x86_64-pc-linux-gnu"]);
    for (const [k, v] of Object.entries(this.options.env ?? {})) set(k, v, Attr.Export);
    installCallStackVars(st);
    installOptionVars(st);
    return st;
  }

  /** Runs a script. Never throws for script failures, limits, timeouts or cancellation. */
  async run(script: string, ro: RunOptions = {}): Promise<RunResult> {
    const limits = resolveLimits({ ...this.options.limits, ...ro.limits });
    // Lazy: most runs never read their signal, and an AbortController costs microseconds.
    const internal = new LazyAbort();
    const onAbort = (): void => internal.abort(RUN_CANCELLED);
    ro.signal?.addEventListener("abort", onAbort);
    if (ro.signal?.aborted) internal.abort(RUN_CANCELLED);
    const clock = this.clock;
    const meter = new LimitsMeter(limits, { signal: internal, now: () => clock.monotonic() });
    const timer = setTimeout(() => internal.abort(RUN_TIMED_OUT), limits.timeoutMs + 10);
    const out = ro.onOutput;
    const stdout = new CappedOutput(limits.maxStdoutBytes, "maxStdoutBytes", out && ((t) => out(1, t)));
    const stderr = new CappedOutput(limits.maxStderrBytes, "maxStderrBytes", out && ((t) => out(2, t)));
    const rt: Runtime = {
      fs: this.options.fs,
      commands: this.options.commands.clone(),
      meter,
      limits,
      clock,
      random: this.random,
      identity: this.identity,
      request: ro.context ?? {},
      profile: this.options.profile ?? "sandbox",
      get signal() {
        return internal.signal;
      },
      startMs: clock.now(),
      openFiles: new Set<FileOutput>(),
      pending: new Set(),
      shells: new Map(),
      tmpCounter: 0,
      fail(e: unknown) {
        if (rt.fatal === undefined) rt.fatal = e;
        internal.abort(RUN_CANCELLED);
      },
    };
    const st = this.#state ?? this.#initialState(limits);
    if (ro.cwd !== undefined) {
      st.cwd = ro.cwd;
      st.vars.setScalar("PWD", ro.cwd);
    }
    for (const [k, v] of Object.entries(ro.env ?? {})) {
      const x = st.vars.create(k, st.vars.scopes[0]!, Attr.Export);
      x.value = v;
      x.attrs |= Attr.Export;
    }
    st.positional = ro.args?.slice() ?? [];
    st.arg0 = ro.args0 ?? "bash";
    const how = ro.invocation ?? "stdin";
    st.flagSuffix = how === "command" ? "c" : how === "file" ? "" : "s";
    // a script file has bash's `main` frame (BASH_SOURCE and messages name the file)
    if (how === "file") st.callStack = [{ name: "main", line: 0, source: st.arg0, fn: false }];
    st.fds = [{ input: new ShellInput(new StringInput(ro.stdin ?? "")) }, { output: stdout }, { output: stderr }];
    const ip = new Interp(rt, st);
    rt.shells.set(this.identity.pid, ip);
    let exitCode = 0;
    let error: RunResult["error"];
    try {
      const c = await ip.runScript(script, 0, true, how === "file" ? st.arg0 : how === "command" ? "environment" : undefined, how === "command" ? "-c" : undefined);
      exitCode = c instanceof Abrupt ? c.status : c;
      exitCode = await ip.finish(exitCode & 255);
      // background jobs, including those started by background jobs while we wait
      while (rt.pending.size > 0 && rt.fatal === undefined) await Promise.all([...rt.pending]);
      if (rt.fatal !== undefined) throw rt.fatal;
    } catch (e) {
      const err = rt.fatal ?? e;
      if (err instanceof LimitError) {
        stderr.write(`${err.message}\n`);
        exitCode = 1;
        error = { kind: "resource_limit", message: err.message, limit: err.limit };
      } else if (err instanceof AbortError) {
        const timedOut = err.reason === "timeout" || (!ro.signal?.aborted && meter.remainingMs() === 0);
        const msg = timedOut ? `husk: run exceeded its time limit of ${limits.timeoutMs} ms (limit timeoutMs; raise it with limits.timeoutMs)` : "husk: run cancelled";
        stderr.write(`${msg}\n`);
        exitCode = timedOut ? 124 : 130;
        error = { kind: timedOut ? "timeout" : "cancelled", message: msg };
      } else if (err instanceof RangeError) {
        const msg = "husk: maximum nesting depth exceeded (limit maxCallDepth; raise it with limits.maxCallDepth)";
        stderr.write(`${msg}\n`);
        exitCode = 1;
        error = { kind: "resource_limit", message: msg, limit: "maxCallDepth" };
      } else {
        // TM-INF-002: an unexpected error (a bug, a host filesystem's own Error) may carry host
        // paths or secrets in its message: the script sees its name only
        const msg = `husk: ${errorMessage(err)}`;
        stderr.write(`${msg}\n`);
        exitCode = 1;
      }
    } finally {
      clearTimeout(timer);
      ro.signal?.removeEventListener("abort", onAbort);
      internal.abort(RUN_ENDED);
      for (const f of rt.openFiles) await f.flush().catch(() => undefined);
    }
    st.vars.popToGlobal();
    st.callStack = [];
    this.#state = st;
    const truncated = stdout.truncated || stderr.truncated;
    return { stdout: stdout.text, stderr: stderr.text, exitCode, ...(error ? { error } : {}), ...(truncated ? { truncated } : {}) };
  }

  /** Forgets variables, functions and options (the next run starts fresh). */
  reset(): void {
    this.#state = undefined;
  }
}

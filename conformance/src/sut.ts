/**
 * Shells under test. A case is run from its script text, in a directory, with an environment
 * and a timeout; the result is stdout, stderr and status. Two kinds: any command line (spawned
 * unprivileged like the oracle, the script on its stdin, as Oils' sh_spec does), and the
 * in-process Husk facade (`new Bash(...).exec(script)`) with the test helper commands.
 */
import { Worker } from "node:worker_threads";
import type { Command } from "@husk/host";
import { HELPER_COMMANDS } from "./helpers.js";
import { type RunResult, runProcess, splitCommandLine, unprivileged } from "./proc.js";

/** One run of a script. */
export interface ScriptRun {
  readonly script: string;
  /** The case's directory (cwd, $TMP); for in-process shells, the same path inside their filesystem. */
  readonly dir: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /**
   * When set, the script is passed with `-c` and this text is its stdin (jq mode); otherwise
   * the script itself is the shell's stdin.
   */
  readonly stdin?: string;
  /** Files the in-process shell's filesystem is seeded with (absolute path -> content). */
  readonly files?: Readonly<Record<string, string>>;
}

/** A shell the runner can measure. */
export interface ShellUnderTest {
  /** How it is named in reports (`husk`, or the command line). */
  readonly name: string;
  /** What `$SH` is set to in the case environment (`$SH -c '...'`). */
  readonly shVar: string;
  /** True when it runs in this process (its scripts see no host directory). */
  readonly inProcess: boolean;
  run(r: ScriptRun): Promise<RunResult>;
}

/** A shell given as a command line (`bash`, `node adapter.mjs`), run unprivileged. */
export class CommandSut implements ShellUnderTest {
  readonly inProcess = false;
  readonly #argv: string[];
  constructor(readonly name: string) {
    this.#argv = splitCommandLine(name);
    if (this.#argv.length === 0) throw new Error("--sut: empty command line");
  }
  get shVar(): string {
    return this.name;
  }
  run(r: ScriptRun): Promise<RunResult> {
    const argv = r.stdin === undefined ? this.#argv : [...this.#argv, "-c", r.script];
    return runProcess(unprivileged(argv), {
      cwd: r.dir,
      env: r.env,
      stdin: r.stdin ?? r.script,
      timeoutMs: r.timeoutMs,
    });
  }
}

/** The subset of the facade's shape this runner relies on (see packages/bash/src/types.ts). */
interface BashLike {
  exec(
    script: string,
    options?: { stdin?: string; signal?: AbortSignal; env?: Record<string, string>; cwd?: string },
  ): Promise<{ stdout: string; stderr: string; exitCode: number; error?: { kind: string; message: string } }>;
}
type BashCtor = new (options: {
  commands?: readonly Command[];
  env?: Record<string, string>;
  cwd?: string;
  files?: Readonly<Record<string, string>>;
  limits?: Record<string, number>;
}) => BashLike;

/** Thrown when `@husk/bash` does not export a working `Bash` class yet. */
export class SutUnavailableError extends Error {}

let bashCtor: Promise<BashCtor | undefined> | undefined;

/** Loads the facade's `Bash` class, or undefined while the facade does not export one. */
export function loadBash(): Promise<BashCtor | undefined> {
  bashCtor ??= import("@husk/bash").then(
    (m: Record<string, unknown>) => (typeof m.Bash === "function" ? (m.Bash as BashCtor) : undefined),
    () => undefined,
  );
  return bashCtor;
}

/**
 * Husk in this process: a fresh `Bash` per case (nothing leaks between cases), seeded with
 * the case's files and directory, with the test helper commands registered.
 */
export class InProcessSut implements ShellUnderTest {
  readonly name = "husk";
  readonly shVar = "bash";
  readonly inProcess = true;
  constructor(readonly extraCommands: readonly Command[] = []) {}
  async run(r: ScriptRun): Promise<RunResult> {
    const Bash = await loadBash();
    if (!Bash) throw new SutUnavailableError("@husk/bash does not export Bash yet");
    const env = { ...r.env };
    const files: Record<string, string> = { ...r.files };
    const shell = new Bash({
      commands: [...HELPER_COMMANDS, ...this.extraCommands],
      env,
      cwd: r.dir,
      files,
      limits: { timeoutMs: r.timeoutMs },
    });
    const signal = AbortSignal.timeout(r.timeoutMs + 1000);
    try {
      const res = await shell.exec(r.script, {
        stdin: r.stdin ?? "",
        signal,
      });
      return {
        stdout: res.stdout,
        stderr: res.stderr,
        status: res.exitCode,
        timedOut: res.error?.kind === "timeout" || res.error?.kind === "cancelled",
      };
    } catch (e) {
      // A thrown error is a Husk bug: report it as the case's output so it shows up as a failure.
      const msg = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      return { stdout: "", stderr: `conformance: husk threw ${msg}\n`, status: 255, timedOut: false };
    }
  }
}

/** How long past its own deadline a case may run before its worker thread is terminated. */
export const WORKER_GRACE_MS = 5_000;

/**
 * Husk in worker threads: like `InProcessSut`, but a case that overruns its timeout (a hang
 * the shell's own limits did not stop) gets its thread terminated and a fresh one started,
 * so one bad case cannot stall the run. `close()` ends the threads.
 */
export class WorkerPoolSut implements ShellUnderTest {
  readonly name = "husk";
  readonly shVar = "bash";
  readonly inProcess = true;
  readonly #idle: Worker[] = [];
  readonly #waiting: Array<(w: Worker) => void> = [];
  #nextId = 0;
  #live = 0;
  constructor(
    readonly workerUrl: URL,
    readonly size: number,
  ) {}
  #acquire(): Promise<Worker> {
    const w = this.#idle.pop();
    if (w) return Promise.resolve(w);
    if (this.#live < this.size) {
      this.#live++;
      return this.#spawn();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
  /** A new worker, once it has loaded the shell. */
  #spawn(): Promise<Worker> {
    const w = new Worker(this.workerUrl);
    return new Promise((resolve) => {
      const onReady = (m: { ready?: boolean }) => {
        if (!m.ready) return;
        w.off("message", onReady);
        resolve(w);
      };
      w.on("message", onReady);
    });
  }
  #release(w: Worker): void {
    const next = this.#waiting.shift();
    if (next) next(w);
    else this.#idle.push(w);
  }
  async run(r: ScriptRun): Promise<RunResult> {
    const w = await this.#acquire();
    const id = this.#nextId++;
    return new Promise((resolve) => {
      const done = (res: RunResult, keep: boolean) => {
        clearTimeout(timer);
        w.off("message", onMessage);
        w.off("error", onError);
        if (keep) this.#release(w);
        else {
          void w.terminate();
          this.#live--;
          const next = this.#waiting.shift();
          if (next) {
            this.#live++;
            void this.#spawn().then(next);
          }
        }
        resolve(res);
      };
      const onMessage = (m: { id: number; result?: RunResult; error?: string }) => {
        if (m.id !== id) return;
        if (m.result) done(m.result, true);
        else done({ stdout: "", stderr: `conformance: ${m.error}\n`, status: 255, timedOut: false }, true);
      };
      const onError = (e: Error) => done({ stdout: "", stderr: `conformance: worker crashed: ${e.message}\n`, status: 255, timedOut: false }, false);
      const timer = setTimeout(
        () => done({ stdout: "", stderr: "conformance: husk overran its timeout; worker terminated\n", status: 124, timedOut: true }, false),
        r.timeoutMs + WORKER_GRACE_MS,
      );
      w.on("message", onMessage);
      w.on("error", onError);
      w.postMessage({ id, run: r });
    });
  }
  /** Terminates every worker thread. */
  async close(): Promise<void> {
    await Promise.all(this.#idle.splice(0).map((w) => w.terminate()));
  }
}

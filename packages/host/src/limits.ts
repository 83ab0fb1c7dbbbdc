import { AbortError, LimitError } from "./errors.js";

/** Every resource limit of a run. All are configurable; see `DEFAULT_LIMITS`. */
export interface Limits {
  /** Commands per run; each pipeline stage and each builtin call counts. */
  readonly maxCommands: number;
  /** Iterations of one loop. */
  readonly maxLoopIterations: number;
  /** Loop iterations in total over the run. */
  readonly maxTotalIterations: number;
  /** Function call depth. */
  readonly maxCallDepth: number;
  /** Nesting of command substitutions and subshells. */
  readonly maxSubshellDepth: number;
  /** Wall-clock time of the run, in milliseconds. */
  readonly timeoutMs: number;
  /** Size of a script (and of `eval`/`source` text), in bytes. */
  readonly maxScriptBytes: number;
  /** Bytes written to the run's stdout (further output is dropped and the run flagged). */
  readonly maxStdoutBytes: number;
  /** Bytes written to the run's stderr. */
  readonly maxStderrBytes: number;
  /** Fields produced by one word splitting / pathname / brace expansion. */
  readonly maxFields: number;
  /** Number of shell variables (array elements count one each). */
  readonly maxVariables: number;
  /** Total bytes held in shell variables. */
  readonly maxVariableBytes: number;
  /** Length of one string built by an expansion or a builtin tool. */
  readonly maxStringBytes: number;
  /** Nesting depth of parsed constructs (shell, arithmetic, jq, awk). */
  readonly maxParseDepth: number;
  /** MemoryFs: total bytes. */
  readonly maxFsBytes: number;
  /** MemoryFs: bytes per file. */
  readonly maxFileBytes: number;
  /** MemoryFs: number of entries. */
  readonly maxFiles: number;
}

/** The defaults from DESIGN.md. */
export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxCommands: 10_000,
  maxLoopIterations: 10_000,
  maxTotalIterations: 1_000_000,
  maxCallDepth: 100,
  maxSubshellDepth: 32,
  timeoutMs: 30_000,
  maxScriptBytes: 10 * 1024 * 1024,
  maxStdoutBytes: 1024 * 1024,
  maxStderrBytes: 1024 * 1024,
  maxFields: 100_000,
  maxVariables: 10_000,
  maxVariableBytes: 10 * 1024 * 1024,
  maxStringBytes: 10 * 1024 * 1024,
  maxParseDepth: 1_000,
  maxFsBytes: 100 * 1024 * 1024,
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 10_000,
});

/** Fills unspecified limits with the defaults. */
export function resolveLimits(partial?: Partial<Limits>): Limits {
  return Object.freeze({ ...DEFAULT_LIMITS, ...partial });
}

/**
 * The meter of one run: counts what the limits bound and checks the deadline. Shared by the
 * interpreter and every command of the run (commands that loop over input call `tick()` or
 * `checkDeadline()` periodically).
 */
export class LimitsMeter {
  readonly limits: Limits;
  /** Absolute deadline in `performance.now()`-style milliseconds of `now()`. */
  readonly deadline: number;
  /** What cancels the run (an AbortSignal, or anything with `aborted`, such as a LazyAbort). */
  readonly signal: { readonly aborted: boolean } | undefined;
  readonly #now: () => number;
  commands = 0;
  totalIterations = 0;
  #ticks = 0;

  constructor(limits: Limits, options: { signal?: { readonly aborted: boolean }; now?: () => number } = {}) {
    this.limits = limits;
    this.#now = options.now ?? (() => Date.now());
    this.deadline = this.#now() + limits.timeoutMs;
    this.signal = options.signal;
  }

  /** Milliseconds left before the deadline (never negative). */
  remainingMs(): number {
    return Math.max(0, this.deadline - this.#now());
  }

  /** Throws AbortError when the run was cancelled or its deadline passed. */
  checkDeadline(): void {
    if (this.signal?.aborted) throw new AbortError("cancelled");
    if (this.#now() > this.deadline) throw new AbortError("timeout", `husk: run exceeded its time limit of ${this.limits.timeoutMs} ms (limit timeoutMs; raise it with limits.timeoutMs)`);
  }

  /** Cheap periodic check for tight loops: checks the deadline every 1024 calls. */
  tick(): void {
    if ((++this.#ticks & 1023) === 0) this.checkDeadline();
  }

  /** Counts one command; throws LimitError past `maxCommands`. */
  countCommand(): void {
    if (++this.commands > this.limits.maxCommands) {
      throw new LimitError("maxCommands", `too many commands: more than ${this.limits.maxCommands}`);
    }
    this.tick();
  }

  /** Counts one loop iteration (`n` is the loop's own count so far, 1-based). */
  countIteration(n: number): void {
    if (n > this.limits.maxLoopIterations) {
      throw new LimitError("maxLoopIterations", `loop ran more than ${this.limits.maxLoopIterations} iterations`);
    }
    if (++this.totalIterations > this.limits.maxTotalIterations) {
      throw new LimitError("maxTotalIterations", `more than ${this.limits.maxTotalIterations} loop iterations in total`);
    }
    this.tick();
  }

  /** Throws LimitError when a string of `length` code units would exceed `maxStringBytes`. */
  checkString(length: number): void {
    if (length > this.limits.maxStringBytes) {
      throw new LimitError("maxStringBytes", `string too long: ${length} bytes`);
    }
  }
}

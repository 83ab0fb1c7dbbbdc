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
  /** Number of shell variables (names; what their arrays hold is bounded by maxVariableBytes). */
  readonly maxVariables: number;
  /**
   * Total bytes held in shell variables at any moment: every value's length and every
   * associative key's, plus 16 per array element (its slot). Given back when a variable goes
   * (unset, a function's locals, a command's prefix assignments).
   */
  readonly maxVariableBytes: number;
  /** Length of one string built by an expansion or a builtin tool. */
  readonly maxStringBytes: number;
  /**
   * Bytes of data values a tool may build in one run (jq: about 8 per array element or object
   * entry, 1 per string character), counted as they are built, garbage included: a fuel budget,
   * like `maxTotalIterations`, because a garbage-collected runtime cannot count live bytes. It
   * bounds memory where the deadline does not: a run can exhaust the heap long before its
   * deadline. Charged through `LimitsMeter.chargeData`.
   */
  readonly maxDataBytes: number;
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
  maxDataBytes: 256 * 1024 * 1024,
  maxParseDepth: 1_000,
  maxFsBytes: 100 * 1024 * 1024,
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 10_000,
});

/** `chargeData` also looks at the deadline each time this many more bytes were charged. */
const DATA_CHECK_BYTES = 1 << 20;

/** How long (ms) a run may hold the thread before it yields to the host's event loop. */
export const YIELD_INTERVAL_MS = 20;

/** At most this many `yieldDue` calls go by without a look at the clock. */
const YIELD_STRIDE_MAX = 16;

/** A host whose clock does not advance still gets a yield every this many `yieldDue` calls. */
const YIELD_EVERY_CALLS = 4096;

/**
 * The host's cheapest macrotask: `setImmediate` where it exists (Node: the event loop still
 * passes its timers and I/O phases before the callback), else `setTimeout(0)`, which Node
 * clamps to 1 ms and browsers to 4 ms when nested, so a loop yielding every 20 ms would lose
 * 5-20% of its wall time to it.
 */
const macrotask: (fn: () => void) => unknown =
  typeof (globalThis as { setImmediate?: unknown }).setImmediate === "function"
    ? (globalThis as unknown as { setImmediate: (fn: () => void) => unknown }).setImmediate
    : (fn) => setTimeout(fn, 0);

/** Resolves on a later macrotask, so that host timers and abort listeners get to run. */
export function yieldToHost(): Promise<void> {
  return new Promise((resolve) => macrotask(resolve));
}

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
  /** Bytes of data charged so far (see `Limits.maxDataBytes`). */
  dataBytes = 0;
  /** The next `dataBytes` at which `chargeData` looks at the budget and the deadline. */
  #dataMark = 0;
  #ticks = 0;
  #lastYield: number;
  #sinceYield = 0;
  #lastCheck = -Infinity;
  #stride = 1;
  #nextCheck = 0;
  /** The `#sinceYield` count at which the clock last changed. */
  #movedAt = 0;

  constructor(limits: Limits, options: { signal?: { readonly aborted: boolean }; now?: () => number } = {}) {
    this.limits = limits;
    this.#now = options.now ?? (() => Date.now());
    this.deadline = this.#now() + limits.timeoutMs;
    this.#lastYield = this.#now();
    this.signal = options.signal;
  }

  /**
   * True once the run has held the thread for about YIELD_INTERVAL_MS since the last time this
   * returned true: the caller should then `await yieldToHost()` so that the host's timers,
   * I/O and abort signals run while a script loops (TM-DOS-001: the host stays responsive).
   */
  yieldDue(): boolean {
    const calls = ++this.#sinceYield;
    if (calls < this.#nextCheck) return false;
    // Reading the clock costs about as much as a cheap command: while calls come faster than
    // one per millisecond, look at it only every `#stride` calls (doubling up to
    // YIELD_STRIDE_MAX); after a slower call, at every call again.
    const t = this.#now();
    this.#stride = t - this.#lastCheck < 1 ? Math.min(this.#stride * 2, YIELD_STRIDE_MAX) : 1;
    // the call count is a fallback for hosts whose clock does not advance: it counts the calls
    // since the clock last moved (a moving clock spaces the yields 20 ms apart on its own)
    if (t !== this.#lastCheck) this.#movedAt = calls;
    this.#lastCheck = t;
    if (t - this.#lastYield < YIELD_INTERVAL_MS && calls - this.#movedAt < YIELD_EVERY_CALLS) {
      this.#nextCheck = calls + this.#stride;
      return false;
    }
    this.#lastYield = t;
    this.#sinceYield = 0;
    this.#movedAt = 0;
    this.#nextCheck = this.#stride;
    return true;
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

  /** Cheap check for tight loops: cancellation at every call, the deadline every 1024 calls. */
  tick(): void {
    // TM-DOS-007: a cancelled run stops at its next command or iteration, not 1024 later
    if (this.signal?.aborted) throw new AbortError("cancelled");
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

  /**
   * Charges `bytes` of data built against `maxDataBytes`; throws LimitError past it. Every
   * `DATA_CHECK_BYTES` charged it also checks the deadline (AbortError), so work that builds
   * much per step (a loop parsing a large text per iteration) reaches a deadline check in
   * proportion to its work, not to its count of ticks. One add and one compare on the hot path.
   */
  chargeData(bytes: number): void {
    if ((this.dataBytes += bytes) > this.#dataMark) this.#dataMarkPassed();
  }

  #dataMarkPassed(): void {
    const max = this.limits.maxDataBytes;
    if (this.dataBytes > max) throw new LimitError("maxDataBytes", `too much data built: more than ${max} bytes`);
    if (this.#dataMark > 0) this.checkDeadline();
    this.#dataMark = Math.min(max, this.dataBytes + DATA_CHECK_BYTES);
  }

  /** Throws LimitError when a string of `length` code units would exceed `maxStringBytes`. */
  checkString(length: number): void {
    if (length > this.limits.maxStringBytes) {
      throw new LimitError("maxStringBytes", `string too long: ${length} bytes`);
    }
  }
}

/**
 * What wakes a pending async callback early: its run's deadline or the run's cancellation.
 * In a shell every async callback of one run shares one `RunWatch` (one abort listener and one
 * deadline timer per run instead of an `addEventListener`/`removeEventListener` pair and a
 * `setTimeout`/`clearTimeout` pair per call, which were a tenth of an async call's cost). The
 * run's signal aborts when the run ends (host's ShellSession), which releases the timer.
 */
import { AbortError } from "@husk/host";

/** Where a callback's deadline comes from: the shell's meter, or a structured call's timeout. */
export interface Deadline {
  remainingMs(): number;
}

/** Why a pending callback was woken. */
export type Wake = "timeout" | "cancelled";

/** True for the abort reason of a run that passed its deadline. */
export function isTimeout(reason: unknown): boolean {
  return reason instanceof AbortError && reason.reason === "timeout";
}

/** Calls `fn` once the deadline has passed (re-arming when a timer fires early); returns the cancel. */
export function atDeadline(deadline: Deadline, fn: () => void, unref = false): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number): void => {
    timer = setTimeout(expire, ms);
    if (unref) (timer as { unref?: () => void }).unref?.();
  };
  const expire = (): void => {
    // Timers may fire a little early (the event loop's cached time): wait out the rest.
    const left = deadline.remainingMs();
    if (left > 0) arm(left);
    else {
      timer = undefined;
      fn();
    }
  };
  arm(deadline.remainingMs());
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
}

/** The pending callbacks of one run (one signal, one deadline). */
class RunWatch {
  readonly #pending = new Set<(why: Wake) => void>();
  readonly #deadline: Deadline;
  #cancelTimer: (() => void) | undefined;
  #done = false;

  constructor(signal: AbortSignal, deadline: Deadline) {
    this.#deadline = deadline;
    signal.addEventListener("abort", () => this.#wake(isTimeout(signal.reason) ? "timeout" : "cancelled"), { once: true });
  }

  /** Registers a waiter; false when the run has already ended (the caller reports it). */
  add(wake: (why: Wake) => void): boolean {
    if (this.#done) return false;
    this.#pending.add(wake);
    // Armed once per run, then left armed: the run's end (its signal) or the deadline clears it
    // (unref'd: a host whose signal never aborts is not kept alive by it).
    this.#cancelTimer ??= atDeadline(this.#deadline, () => {
      this.#cancelTimer = undefined;
      for (const w of [...this.#pending]) w("timeout");
    }, true);
    return true;
  }

  delete(wake: (why: Wake) => void): void {
    this.#pending.delete(wake);
  }

  #wake(why: Wake): void {
    this.#done = true;
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    const pending = [...this.#pending];
    this.#pending.clear();
    for (const w of pending) w(why);
  }
}

const watches = new WeakMap<AbortSignal, RunWatch>();

/**
 * Calls `wake` when `signal` aborts or `deadline` passes, whichever comes first; returns the
 * function that stops watching. Watches of one signal share one listener and one timer.
 */
export function watchRun(signal: AbortSignal, deadline: Deadline, wake: (why: Wake) => void): () => void {
  if (signal.aborted) {
    wake(isTimeout(signal.reason) ? "timeout" : "cancelled");
    return () => undefined;
  }
  let w = watches.get(signal);
  if (w === undefined) {
    w = new RunWatch(signal, deadline);
    watches.set(signal, w);
  }
  const watch = w;
  if (!watch.add(wake)) {
    wake(isTimeout(signal.reason) ? "timeout" : "cancelled");
    return () => undefined;
  }
  return () => watch.delete(wake);
}

/**
 * Cancellation without paying for an AbortController up front: creating one costs several
 * microseconds (EventTarget machinery), which dominates a short run or a tool call whose
 * callback never looks at its signal.
 */

/**
 * An AbortController created only when someone reads `signal`. `aborted` and `reason` can be
 * read without creating it; `abort()` before the first read makes the signal start aborted.
 */
export class LazyAbort {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;
  /** The signal (created on first read; already aborted if `abort` came first). */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }
  /** True once `abort` was called. */
  get aborted(): boolean {
    return this.#aborted;
  }
  /** The reason given to `abort` (undefined before). */
  get reason(): unknown {
    return this.#reason;
  }
  /** Aborts (once; later calls are ignored). */
  abort(reason?: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}

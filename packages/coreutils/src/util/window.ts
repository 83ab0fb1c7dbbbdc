import type { LimitsMeter } from "@husk/host";
import { utf8Length } from "@husk/host";
import { fromBytes, toBytes } from "./text.js";

/**
 * The last N lines (or bytes) of a stream, as `tail` keeps them: the chunks that hold them,
 * plus at most one chunk before. Chunks pushed out of the window are handed back (`head -n -N`
 * prints them). What the window holds is charged to the run's data budget (maxDataBytes);
 * `release` gives it back.
 */
export class TailWindow {
  readonly #held: string[] = [];
  /** Per held chunk: separators (lines) or UTF-8 bytes (bytes) in it. */
  readonly #counts: number[] = [];
  #total = 0;
  #charged = 0;
  constructor(
    readonly count: { readonly n: number; readonly bytes: boolean },
    readonly sep: string,
    readonly meter: LimitsMeter,
  ) {}

  /** Adds a chunk; returns the chunks now wholly before the last N lines or bytes. */
  push(chunk: string): string[] {
    let c = 0;
    if (this.count.bytes) c = utf8Length(chunk);
    else for (let i = chunk.indexOf(this.sep); i >= 0; i = chunk.indexOf(this.sep, i + 1)) c++;
    this.#held.push(chunk);
    this.#counts.push(c);
    this.#total += c;
    this.meter.chargeData(chunk.length);
    this.#charged += chunk.length;
    // lines: the chunks after the first must hold N+1 separators (the input may end in one)
    const need = this.count.bytes ? this.count.n : this.count.n + 1;
    const out: string[] = [];
    while (this.#held.length > 0 && this.#total - (this.#counts[0] as number) >= need) {
      const first = this.#held.shift() as string;
      this.#total -= this.#counts.shift() as number;
      this.meter.chargeData(-first.length);
      this.#charged -= first.length;
      out.push(first);
    }
    return out;
  }

  /** The last N lines or bytes, as pieces in order. */
  tail(): string[] {
    return this.#cut().tail;
  }

  /** What the window holds before its last N lines or bytes, as pieces in order. */
  allButTail(): string[] {
    return this.#cut().head;
  }

  /** Gives back what the window charged to the data budget; the window is empty after. */
  release(): void {
    this.meter.chargeData(-this.#charged);
    this.#charged = 0;
    this.#held.length = 0;
    this.#counts.length = 0;
    this.#total = 0;
  }

  #cut(): { head: string[]; tail: string[] } {
    const held = this.#held;
    const { n, bytes } = this.count;
    if (n === 0) return { head: [...held], tail: [] };
    if (bytes) {
      // the chunk the boundary falls in is cut by bytes, as `tail -c` cuts a whole text
      let after = 0;
      for (let k = held.length - 1; k >= 0; k--) {
        const c = this.#counts[k] as number;
        if (after + c >= n) {
          const b = toBytes(held[k] as string);
          const at = b.length - (n - after);
          return { head: [...held.slice(0, k), fromBytes(b.subarray(0, at))], tail: [fromBytes(b.subarray(at)), ...held.slice(k + 1)] };
        }
        after += c;
      }
      return { head: [], tail: [...held] };
    }
    // lines: walk back over N separators, not counting one that ends the input
    const sep = this.sep;
    let k = held.length - 1;
    if (k < 0) return { head: [], tail: [] };
    let pos = (held[k] as string).length;
    if ((held[k] as string).endsWith(sep)) pos -= sep.length;
    let left = n;
    for (;;) {
      const j = pos > 0 ? (held[k] as string).lastIndexOf(sep, pos - 1) : -1;
      if (j >= 0) {
        if (--left === 0) {
          const at = j + sep.length;
          const h = held[k] as string;
          return { head: [...held.slice(0, k), h.slice(0, at)], tail: [h.slice(at), ...held.slice(k + 1)] };
        }
        pos = j;
        continue;
      }
      if (k === 0) return { head: [], tail: [...held] };
      k--;
      pos = (held[k] as string).length;
    }
  }
}

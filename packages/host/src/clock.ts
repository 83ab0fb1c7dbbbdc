/**
 * Everything a script could learn about "the machine" comes from here, never from the host:
 * the clock, randomness, identity. Defaults are fixed, documented values.
 */

/** The source of time for `date`, `$SECONDS`, `$EPOCHSECONDS`, jq's `now`, awk's `systime`. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Monotonic milliseconds for deadlines and `time` (may be the same as `now`). */
  monotonic(): number;
}

/** The real clock of the host (wall time is not a secret; it is the default). */
export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  monotonic: () => (typeof performance !== "undefined" ? performance.now() : Date.now()),
};

/** A clock frozen at `epochMs` that advances only when `advance()` is called (tests, virtual sleep). */
export class FixedClock implements Clock {
  #t: number;
  constructor(epochMs: number) {
    this.#t = epochMs;
  }
  now(): number {
    return this.#t;
  }
  monotonic(): number {
    return this.#t;
  }
  /** Moves the clock forward. */
  advance(ms: number): void {
    this.#t += ms;
  }
}

/** A seedable deterministic pseudo-random generator (xorshift32); `$RANDOM`, `shuf`, awk `rand`. */
export class SeededRandom {
  #s: number;
  constructor(seed = 0x2545f491) {
    this.#s = seed >>> 0 || 0x9e3779b9;
  }
  /** Re-seeds the generator. */
  seed(seed: number): void {
    this.#s = seed >>> 0 || 0x9e3779b9;
  }
  /** The next 32-bit unsigned value. */
  nextU32(): number {
    let x = this.#s;
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    this.#s = x;
    return x;
  }
  /** A float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }
}

/** What the shell reports about who and where it is (`$USER`, `$HOSTNAME`, `$$`, `$UID`). */
export interface Identity {
  readonly user: string;
  readonly hostname: string;
  readonly uid: number;
  readonly gid: number;
  readonly pid: number;
  readonly ppid: number;
  readonly home: string;
}

/** Fixed defaults: nothing of the host leaks into a script. */
export const DEFAULT_IDENTITY: Identity = Object.freeze({
  user: "user",
  hostname: "husk",
  uid: 1000,
  gid: 1000,
  pid: 4242,
  ppid: 4241,
  home: "/home/user",
});

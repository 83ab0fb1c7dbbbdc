/**
 * gawk's rand(): the BSD `random()` additive feedback generator gawk ships (TYPE_4: degree 63,
 * separation 1, Park-Miller seeding, 630 discarded outputs) behind gawk's 512-entry
 * Bays-Durham shuffle buffer, two draws per value. Matching it
 * makes `srand(42); print rand()` print what gawk prints; it is fully deterministic (the
 * default seed is 1, as in gawk, and `srand()` without an argument uses the injected clock).
 */

const DEG = 63;
const SEP = 1;
const DIVISOR = 2147483648;

/** gawk's random number generator. */
export class GawkRandom {
  readonly #state = new Int32Array(DEG);
  #f = SEP;
  #r = 0;
  readonly #shuffle = new Int32Array(512);
  #s = 0;
  #shuffleInit = true;

  constructor(seed = 1) {
    this.seed(seed);
  }

  /** srandom(seed). */
  seed(seed: number): void {
    const st = this.#state;
    let x = seed >>> 0;
    st[0] = x | 0;
    for (let i = 1; i < DEG; i++) {
      // Park-Miller "good_rand" on the signed 32-bit value, as random.c computes it.
      let v = st[i - 1]!;
      if (v === 0) v = 123459876;
      const hi = Math.trunc(v / 127773);
      const lo = v % 127773;
      x = 16807 * lo - 2836 * hi;
      if (x < 0) x += 0x7fffffff;
      st[i] = x;
    }
    this.#f = SEP;
    this.#r = 0;
    // srandom() discards through random(), i.e. through the (re-initialized) shuffle buffer.
    this.#shuffleInit = true;
    for (let i = 0; i < 10 * DEG; i++) this.#next();
  }

  /** random(): gawk's shuffled wrapper around the BSD generator. */
  #next(): number {
    const buf = this.#shuffle;
    if (this.#shuffleInit) {
      for (let k = 0; k < 512; k++) buf[k] = this.#old();
      this.#s = this.#old();
      this.#shuffleInit = false;
    }
    const r = this.#old();
    const k = this.#s & 511;
    this.#s = buf[k]!;
    buf[k] = r;
    return this.#s;
  }

  /** random_old(): a 31-bit value of the BSD generator. */
  #old(): number {
    const st = this.#state;
    st[this.#f] = (st[this.#f]! + st[this.#r]!) | 0;
    const out = (st[this.#f]! >>> 1) & 0x7fffffff;
    if (++this.#f >= DEG) {
      this.#f = 0;
      ++this.#r;
    } else if (++this.#r >= DEG) this.#r = 0;
    return out;
  }

  /** rand(): a double in [0, 1), computed from two draws exactly as gawk does. */
  next(): number {
    for (;;) {
      const d1 = this.#next();
      const d2 = this.#next();
      let t = 0.5 + (d1 / DIVISOR + d2) / DIVISOR;
      t -= 0.5;
      if (t !== 1.0) return t;
    }
  }
}

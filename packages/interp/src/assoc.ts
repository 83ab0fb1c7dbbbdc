/**
 * Associative arrays that iterate in bash's order. Bash keeps an associative array in a hash
 * table (FNV-1 over the key's UTF-8 bytes, 1024 buckets, new items at the head of their bucket,
 * the table growing 4x once it holds twice as many items as buckets), and `${!A[@]}`,
 * `${A[@]}` and `declare -p` walk the buckets in order. Scripts (and tests comparing output with
 * bash) see that order, so `AssocArray` reproduces it: lookups are a plain `Map`, iteration
 * (keys, values, entries, for-of, forEach) follows bash's table.
 */

const FNV_OFFSET = 2166136261;
const FNV_PRIME = 16777619;
const INITIAL_BUCKETS = 1024;
/** bash's HASH_REHASH_FACTOR: grow when items >= buckets * 2. */
const GROW_FACTOR = 2;
/** bash's HASH_REHASH_MULTIPLIER. */
const GROW_MULTIPLIER = 4;

/**
 * bash's `hash_string`: 32-bit FNV-1 over the UTF-8 bytes of `s`, each byte sign-extended as a
 * C `char` (so bytes >= 0x80 flip the high bits too).
 */
export function bashHash(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      h = (Math.imul(h, FNV_PRIME) ^ c) >>> 0;
      continue;
    }
    // encode to UTF-8 (surrogate pairs become one 4-byte sequence)
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    if (c < 0x800) h = mix(mix(h, 0xc0 | (c >> 6)), 0x80 | (c & 63));
    else if (c < 0x10000) h = mix(mix(mix(h, 0xe0 | (c >> 12)), 0x80 | ((c >> 6) & 63)), 0x80 | (c & 63));
    else h = mix(mix(mix(mix(h, 0xf0 | (c >> 18)), 0x80 | ((c >> 12) & 63)), 0x80 | ((c >> 6) & 63)), 0x80 | (c & 63));
  }
  return h;
}

function mix(h: number, byte: number): number {
  return (Math.imul(h, FNV_PRIME) ^ (byte | 0xffffff00)) >>> 0;
}

/**
 * An associative array (`declare -A`): a `Map` from key to value whose iteration order is
 * bash's. Setting an existing key keeps its place; deleting and re-adding moves it to the head
 * of its bucket, as in bash. Construct it empty (`new AssocArray()`) and fill it with `set`.
 */
export class AssocArray extends Map<string, string> {
  /** Items ever inserted (the table's insertion clock). */
  #clock = 0;
  /** Bucket count bash's table has now. */
  #buckets = INITIAL_BUCKETS;
  /** Clock values at which the table grew (only after the first growth). */
  #growths: number[] = [];
  /** Insertion clock of keys inserted after the first growth (older keys predate every growth). */
  #late: Map<string, number> | null = null;
  /** Cached iteration order; null when stale. */
  #order: string[] | null = null;

  override set(key: string, value: string): this {
    if (!super.has(key)) {
      if (this.size >= this.#buckets * GROW_FACTOR) {
        this.#buckets *= GROW_MULTIPLIER;
        this.#growths.push(this.#clock);
        this.#late ??= new Map();
      }
      this.#late?.set(key, this.#clock);
      this.#clock++;
      this.#order = null;
    }
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    if (!super.delete(key)) return false;
    this.#late?.delete(key);
    this.#order = null;
    return true;
  }

  override clear(): void {
    super.clear();
    this.#late?.clear();
    this.#order = null;
  }

  /** Keys in bash's order (cached until the next insertion or deletion). */
  order(): readonly string[] {
    return (this.#order ??= this.#growths.length === 0 ? this.#flatOrder() : this.#simulatedOrder());
  }

  override keys(): MapIterator<string> {
    return this.order()[Symbol.iterator]() as MapIterator<string>;
  }

  override values(): MapIterator<string> {
    const order = this.order();
    const get = (k: string): string => super.get(k)!;
    return (function* () {
      for (const k of order) yield get(k);
    })() as MapIterator<string>;
  }

  override entries(): MapIterator<[string, string]> {
    const order = this.order();
    const get = (k: string): string => super.get(k)!;
    return (function* (): Generator<[string, string]> {
      for (const k of order) yield [k, get(k)];
    })() as MapIterator<[string, string]>;
  }

  override [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  override forEach(fn: (value: string, key: string, map: Map<string, string>) => void, thisArg?: unknown): void {
    for (const k of this.order()) fn.call(thisArg, super.get(k)!, k, this);
  }

  /** A copy with the same contents and the same iteration order. */
  clone(): AssocArray {
    const c = new AssocArray();
    for (const k of super.keys()) c.set(k, super.get(k)!);
    c.#buckets = this.#buckets;
    c.#growths = this.#growths.slice();
    c.#clock = this.#clock;
    if (this.#late !== null) c.#late = new Map(this.#late);
    c.#order = null;
    return c;
  }

  /** No growth yet: bucket ascending, newest first within a bucket (Map order = oldest first). */
  #flatOrder(): string[] {
    const keys = [...super.keys()];
    const mask = this.#buckets - 1;
    const idx = keys.map((k, i) => ({ k, i, b: bashHash(k) & mask }));
    idx.sort((x, y) => x.b - y.b || y.i - x.i);
    return idx.map((e) => e.k);
  }

  /**
   * After growth: replay insertions and rehashes (each rehash reverses a bucket's chain).
   * Chains are linked lists over key indices: `head[bucket]` is the newest item, `next[i]`
   * the item after `i` (-1 at the end).
   */
  #simulatedOrder(): string[] {
    const keys = [...super.keys()];
    const n = keys.length;
    const hashes = new Uint32Array(n);
    const next = new Int32Array(n);
    let nb = INITIAL_BUCKETS;
    let head = new Int32Array(nb).fill(-1);
    let g = 0;
    const growths = this.#growths;
    const late = this.#late!;
    const grow = (): void => {
      const old = head;
      nb *= GROW_MULTIPLIER;
      head = new Int32Array(nb).fill(-1);
      // bash walks each old chain from its head and pushes onto the new chain's head
      for (let b = 0; b < old.length; b++) {
        for (let i = old[b]!; i >= 0; ) {
          const after = next[i]!;
          const nbk = hashes[i]! & (nb - 1);
          next[i] = head[nbk]!;
          head[nbk] = i;
          i = after;
        }
      }
    };
    for (let i = 0; i < n; i++) {
      const k = keys[i]!;
      const clock = late.get(k) ?? -1;
      while (g < growths.length && growths[g]! <= clock) {
        grow();
        g++;
      }
      const h = bashHash(k);
      hashes[i] = h;
      const b = h & (nb - 1);
      next[i] = head[b]!;
      head[b] = i;
    }
    while (g < growths.length) {
      grow();
      g++;
    }
    const out: string[] = [];
    for (let b = 0; b < nb; b++) for (let i = head[b]!; i >= 0; i = next[i]!) out.push(keys[i]!);
    return out;
  }
}

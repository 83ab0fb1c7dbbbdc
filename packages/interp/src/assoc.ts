/**
 * Associative arrays that iterate in bash's order. Bash keeps an associative array in a hash
 * table (FNV-1 over the key's UTF-8 bytes, 1024 buckets, new items at the head of their bucket,
 * the table growing 4x once it holds twice as many items as buckets), and `${!A[@]}`,
 * `${A[@]}` and `declare -p` walk the buckets in order. Scripts (and tests comparing output with
 * bash) see that order, so `AssocArray` keeps bash's table itself, bucket chains and all:
 * lookups go through a plain `Map` (key -> chain entry), iteration (keys, values, entries,
 * for-of, forEach) walks the chains. Every operation is O(1) amortized, as in bash.
 */

import { type ByteAccount, type Counted, SLOT_BYTES } from "./var-bytes.js";

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

/** One item: a link of its bucket's chain. */
interface Entry {
  readonly key: string;
  value: string;
  readonly hash: number;
  /** The next (older) item of the same bucket. */
  next: Entry | null;
}

/**
 * An associative array (`declare -A`): a `Map` from key to value whose iteration order is
 * bash's. Setting an existing key keeps its place; deleting and re-adding moves it to the head
 * of its bucket, as in bash. Construct it empty (`new AssocArray()`) and fill it with `set`.
 * It is a `Map` for `instanceof` and typing only: the base Map stays empty, and every Map
 * method and `size` is overridden to use bash's table. While a variable holds it (`account`
 * set), every change is charged before it is made (`maxVariableBytes`, see var-bytes.ts: keys
 * and values count, plus a slot per item).
 */
export class AssocArray extends Map<string, string> implements Counted {
  /** bash's buckets: the newest item of each chain (`null`: empty). */
  #heads: (Entry | null)[] = new Array<Entry | null>(INITIAL_BUCKETS).fill(null);
  #size = 0;
  #bytes = 0;
  account: ByteAccount | null = null;
  /** Cached iteration order; null when stale. */
  #order: string[] | null = null;

  #entry(key: string, hash: number): Entry | undefined {
    const heads = this.#heads;
    for (let e: Entry | null = heads[hash & (heads.length - 1)]!; e !== null; e = e.next) if (e.hash === hash && e.key === key) return e;
    return undefined;
  }

  override get size(): number {
    return this.#size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Charges `delta` bytes (throwing before any change past the limit). */
  #charge(delta: number): void {
    this.account?.charge(delta);
    this.#bytes += delta;
  }

  override get(key: string): string | undefined {
    return this.#entry(key, bashHash(key))?.value;
  }

  override has(key: string): boolean {
    return this.#entry(key, bashHash(key)) !== undefined;
  }

  override set(key: string, value: string): this {
    const hash = bashHash(key);
    const e = this.#entry(key, hash);
    if (e !== undefined) {
      this.#charge(value.length - e.value.length);
      e.value = value;
      return this;
    }
    this.#charge(key.length + value.length + SLOT_BYTES);
    // bash's hash_insert: grow (before inserting) once items >= buckets * 2
    if (this.#size >= this.#heads.length * GROW_FACTOR) this.#grow();
    const heads = this.#heads;
    const b = hash & (heads.length - 1);
    heads[b] = { key, value, hash, next: heads[b]! };
    this.#size++;
    this.#order = null;
    return this;
  }

  override delete(key: string): boolean {
    const hash = bashHash(key);
    const e = this.#entry(key, hash);
    if (e === undefined) return false;
    this.#charge(-(key.length + e.value.length + SLOT_BYTES));
    const heads = this.#heads;
    const b = hash & (heads.length - 1);
    if (heads[b] === e) heads[b] = e.next;
    else {
      let p = heads[b]!;
      while (p.next !== e) p = p.next!;
      p.next = e.next;
    }
    this.#size--;
    this.#order = null;
    return true;
  }

  override clear(): void {
    this.#charge(-this.#bytes);
    this.#heads = new Array<Entry | null>(INITIAL_BUCKETS).fill(null);
    this.#size = 0;
    this.#order = null;
  }

  /** bash's rehash: 4x the buckets; each old chain is walked from its head and pushed onto the new heads (reversing it). */
  #grow(): void {
    const old = this.#heads;
    const heads = new Array<Entry | null>(old.length * GROW_MULTIPLIER).fill(null);
    const mask = heads.length - 1;
    for (let b = 0; b < old.length; b++) {
      for (let e = old[b] as Entry | null; e !== null; ) {
        const after = e.next;
        const nb = e.hash & mask;
        e.next = heads[nb]!;
        heads[nb] = e;
        e = after;
      }
    }
    this.#heads = heads;
  }

  /** Keys in bash's order (cached until the next insertion or deletion). */
  order(): readonly string[] {
    if (this.#order !== null) return this.#order;
    const out: string[] = [];
    const heads = this.#heads;
    for (let b = 0; b < heads.length; b++) for (let e = heads[b] as Entry | null; e !== null; e = e.next) out.push(e.key);
    return (this.#order = out);
  }

  override keys(): MapIterator<string> {
    return this.order()[Symbol.iterator]() as MapIterator<string>;
  }

  /** The chain entries in bash's order. */
  *#entries(): Generator<Entry> {
    const heads = this.#heads;
    for (let b = 0; b < heads.length; b++) for (let e = heads[b] as Entry | null; e !== null; e = e.next) yield e;
  }

  override values(): MapIterator<string> {
    const it = this.#entries();
    return (function* () {
      for (const e of it) yield e.value;
    })() as MapIterator<string>;
  }

  override entries(): MapIterator<[string, string]> {
    const it = this.#entries();
    return (function* (): Generator<[string, string]> {
      for (const e of it) yield [e.key, e.value];
    })() as MapIterator<[string, string]>;
  }

  override [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  override forEach(fn: (value: string, key: string, map: Map<string, string>) => void, thisArg?: unknown): void {
    for (const e of [...this.#entries()]) fn.call(thisArg, e.value, e.key, this);
  }

  /** A copy with the same contents and the same iteration order, held by no variable yet. */
  clone(): AssocArray {
    const c = new AssocArray();
    const heads = this.#heads;
    const ch = new Array<Entry | null>(heads.length).fill(null);
    for (let b = 0; b < heads.length; b++) {
      let tail: Entry | null = null;
      for (let e = heads[b] as Entry | null; e !== null; e = e.next) {
        const n: Entry = { key: e.key, value: e.value, hash: e.hash, next: null };
        if (tail === null) ch[b] = n;
        else tail.next = n;
        tail = n;
      }
    }
    c.#heads = ch;
    c.#size = this.#size;
    c.#bytes = this.#bytes;
    return c;
  }
}

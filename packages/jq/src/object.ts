/**
 * jq objects: insertion-ordered maps from strings to values with the interface of `Map`
 * (`get`, `set`, `has`, `delete`, `size`, iteration), stored as a key list shared by every
 * object with the same keys in the same order (a `Shape`) plus an exactly sized value array.
 * A parsed document of records (53,000 objects of 7 keys) then costs about a third of the
 * memory of one `Map` per object, and is built without hashing a key per entry.
 *
 * `__proto__` and `constructor` are ordinary keys (no JavaScript object holds the entries).
 * Shapes are cached in one tree of transitions (`keys + k`) shared by every run, bounded in
 * size: an object with more than `MAX_SHARED` keys owns its shape (keys plus a `Map` index).
 */
import type { Val } from "./value.js";

/** Shapes with at most this many keys are searched linearly (no index). */
const LINEAR = 8;
/** Objects with more keys than this own their shape instead of sharing a cached one. */
const MAX_SHARED = 32;
/**
 * Transitions cached in all. The cache is module-wide (shared by every run), so it is bounded:
 * past this many, the root forgets its transitions and caching starts over (shapes already made
 * stay valid: nothing compares shapes by identity). Keys longer than `MAX_CACHED_KEY` are never
 * cached, so the cache keeps no large strings alive.
 */
const MAX_CACHED = 8192;
const MAX_CACHED_KEY = 64;
let cached = 0;

/** The keys of an object, in order, and their positions; see the module comment. */
export class Shape {
  /** The keys in insertion order. Not to be modified but through `with` on an owned shape. */
  readonly keys: string[];
  /** True when one object owns the shape (it then grows in place). */
  readonly owned: boolean;
  #index: Map<string, number> | undefined;
  #next: Map<string, Shape> | undefined;
  /** The transition `next` found last (records of one document mostly take the same one). */
  #lastKey: string | undefined;
  #lastNext: Shape | undefined;

  constructor(keys: string[], owned: boolean) {
    this.keys = keys;
    this.owned = owned;
  }

  /** The position of `k`, or -1. */
  indexOf(k: string): number {
    const ks = this.keys;
    if (ks.length <= LINEAR) {
      for (let i = 0; i < ks.length; i++) if (ks[i] === k) return i;
      return -1;
    }
    let ix = this.#index;
    if (ix === undefined) {
      ix = new Map();
      for (let i = 0; i < ks.length; i++) ix.set(ks[i]!, i);
      this.#index = ix;
    }
    return ix.get(k) ?? -1;
  }

  /** The cached shape of these keys followed by `k` (then `k` is not one of them), or undefined. */
  next(k: string): Shape | undefined {
    if (k === this.#lastKey) return this.#lastNext;
    const s = this.#next?.get(k);
    if (s !== undefined && k.indexOf('"') < 0 && k.indexOf("\\") < 0) {
      this.#lastKey = k;
      this.#lastNext = s;
    }
    return s;
  }

  /**
   * The key `next` found last, without `"` or `\\` (so a JSON reader may compare it with the raw
   * text of the next key), or undefined.
   */
  guess(): string | undefined {
    return this.#lastKey;
  }

  /** The shape of these keys followed by `k`, which must not be one of them (an owned shape grows in place). */
  with(k: string): Shape {
    if (this.owned) {
      this.keys.push(k);
      this.#index?.set(k, this.keys.length - 1);
      return this;
    }
    const known = this.#next?.get(k);
    if (known !== undefined) return known;
    const n = this.keys.length;
    const keys = new Array<string>(n + 1);
    for (let i = 0; i < n; i++) keys[i] = this.keys[i]!;
    keys[n] = k;
    if (n + 1 > MAX_SHARED) return new Shape(keys, true);
    const s = new Shape(keys, false);
    if (k.length <= MAX_CACHED_KEY) {
      if (cached >= MAX_CACHED) {
        EMPTY_SHAPE.#next = undefined;
        EMPTY_SHAPE.#lastKey = undefined;
        EMPTY_SHAPE.#lastNext = undefined;
        cached = 0;
      }
      (this.#next ??= new Map()).set(k, s);
      cached++;
    }
    return s;
  }

  /** A shape for a copy of an object with this shape (owned shapes are copied). */
  share(): Shape {
    return this.owned ? new Shape(this.keys.slice(), true) : this;
  }
}

/** The shape of `{}`, root of the shared transitions. */
export const EMPTY_SHAPE = new Shape([], false);

/** The shape of `keys` (distinct, in order), from the shared transitions. */
export function shapeOf(keys: readonly string[]): Shape {
  let s = EMPTY_SHAPE;
  for (const k of keys) s = s.with(k);
  return s;
}

/** Values are copied into a new array on append up to this size (exact capacity), pushed past it. */
const COPY_APPEND = 16;

/** A jq object; see the module comment. Copy with `new JqMap(other)`; values are immutable by convention. */
export class JqMap {
  #shape: Shape;
  #vals: Val[];

  /** An empty object, a copy of `from`, or the object of `from`'s entries (a later key's value wins). */
  constructor(from?: JqMap | Iterable<readonly [string, Val]> | null);
  /** The object of `shape` with `vals` (see `fromParts`). */
  constructor(shape: Shape, vals: Val[]);
  constructor(from?: JqMap | Iterable<readonly [string, Val]> | Shape | null, vals?: Val[]) {
    if (vals !== undefined) {
      this.#shape = from as Shape;
      this.#vals = vals;
      return;
    }
    if (from instanceof JqMap) {
      this.#shape = from.#shape.share();
      this.#vals = from.#vals.slice();
      return;
    }
    this.#shape = EMPTY_SHAPE;
    this.#vals = [];
    if (from) for (const [k, v] of from as Iterable<readonly [string, Val]>) this.set(k, v);
  }

  /** The object of `shape` with `vals` (one per key, in order; the array is taken over, not copied). */
  static fromParts(shape: Shape, vals: Val[]): JqMap {
    return new JqMap(shape, vals);
  }

  /** The number of keys. */
  get size(): number {
    return this.#vals.length;
  }

  /** The value of `k`, or `undefined`. */
  get(k: string): Val | undefined {
    const i = this.#shape.indexOf(k);
    return i < 0 ? undefined : this.#vals[i];
  }

  /** True when `k` is a key. */
  has(k: string): boolean {
    return this.#shape.indexOf(k) >= 0;
  }

  /** Sets `k` in place (a new key goes last); returns the object. */
  set(k: string, v: Val): this {
    const i = this.#shape.indexOf(k);
    if (i >= 0) {
      this.#vals[i] = v;
      return this;
    }
    this.#shape = this.#shape.with(k);
    const vals = this.#vals;
    const n = vals.length;
    if (n < COPY_APPEND) {
      const nv = new Array<Val>(n + 1);
      for (let j = 0; j < n; j++) nv[j] = vals[j]!;
      nv[n] = v;
      this.#vals = nv;
    } else vals.push(v);
    return this;
  }

  /** Removes `k` in place; true when it was a key. */
  delete(k: string): boolean {
    const s = this.#shape;
    const i = s.indexOf(k);
    if (i < 0) return false;
    const keys = s.keys.slice();
    keys.splice(i, 1);
    this.#shape = keys.length > MAX_SHARED ? new Shape(keys, true) : shapeOf(keys);
    this.#vals.splice(i, 1);
    return true;
  }

  /** The keys in order, as an array the caller must not modify. */
  keyList(): readonly string[] {
    return this.#shape.keys;
  }

  /** The values in key order, as an array the caller must not modify. */
  valueList(): readonly Val[] {
    return this.#vals;
  }

  /** The keys in order. */
  keys(): IterableIterator<string> {
    return this.#shape.keys.slice(0, this.#vals.length).values();
  }

  /** The values in key order. */
  values(): IterableIterator<Val> {
    return this.#vals.slice().values();
  }

  /** `[key, value]` pairs in order. */
  entries(): IterableIterator<[string, Val]> {
    const ks = this.#shape.keys;
    const vs = this.#vals;
    const out = new Array<[string, Val]>(vs.length);
    for (let i = 0; i < vs.length; i++) out[i] = [ks[i]!, vs[i]!];
    return out.values();
  }

  /** `[key, value]` pairs in order (as `entries`). */
  [Symbol.iterator](): IterableIterator<[string, Val]> {
    return this.entries();
  }
}

/**
 * Indexed arrays (`declare -a`), sparse as bash's are, with the bytes they hold counted for
 * `maxVariableBytes` (see var-bytes.ts).
 */
import { type ByteAccount, type Counted, SLOT_BYTES } from "./var-bytes.js";

/**
 * An indexed array: index -> value, iterated in index order. While it has no holes (the
 * usual `a[i]=...` in order, `a+=(x)`, `a=(...)`) the values sit in a plain array; the first
 * hole (an index past the end, a deletion before the last element) turns it into a Map.
 * While a variable holds it (`account` set), every change is charged before it is made, so a
 * change past `maxVariableBytes` throws and leaves the array as it was.
 */
export class IndexedArray implements Counted {
  /** Element i at index i, while the array has no holes (null once it is sparse). */
  #dense: string[] | null = [];
  /** index -> value once the array is sparse. */
  #map: Map<number, string> | null = null;
  /** Indices in ascending order (null: to compute). */
  #sorted: number[] | null = null;
  #bytes = 0;
  account: ByteAccount | null = null;
  /** Largest index + 1 (0 when empty). */
  get end(): number {
    if (this.#dense !== null) return this.#dense.length;
    const k = this.keys();
    return k.length === 0 ? 0 : k[k.length - 1]! + 1;
  }
  get size(): number {
    return this.#dense !== null ? this.#dense.length : this.#map!.size;
  }
  get bytes(): number {
    return this.#bytes;
  }
  get(i: number): string | undefined {
    const d = this.#dense;
    if (d !== null) return i >= 0 && i < d.length ? d[i] : undefined;
    return this.#map!.get(i);
  }
  /** Charges `delta` bytes (throwing before any change past the limit). */
  #charge(delta: number): void {
    this.account?.charge(delta);
    this.#bytes += delta;
  }
  set(i: number, v: string): void {
    const d = this.#dense;
    if (d !== null) {
      if (i === d.length) {
        this.#charge(v.length + SLOT_BYTES);
        d.push(v);
        this.#sorted?.push(i);
        return;
      }
      if (i >= 0 && i < d.length && Number.isInteger(i)) {
        this.#charge(v.length - d[i]!.length);
        d[i] = v;
        return;
      }
      this.#sparse();
    }
    const m = this.#map!;
    const old = m.get(i);
    this.#charge(old === undefined ? v.length + SLOT_BYTES : v.length - old.length);
    if (old === undefined) {
      const s = this.#sorted;
      if (s !== null && (s.length === 0 || s[s.length - 1]! < i)) s.push(i);
      else this.#sorted = null;
    }
    m.set(i, v);
  }
  delete(i: number): boolean {
    const d = this.#dense;
    if (d !== null) {
      if (i === d.length - 1) {
        this.#charge(-(d[i]!.length + SLOT_BYTES));
        d.pop();
        this.#sorted?.pop();
        return true;
      }
      if (!(i >= 0 && i < d.length && Number.isInteger(i))) return false;
      this.#sparse();
    }
    const m = this.#map!;
    const old = m.get(i);
    if (old === undefined) return false;
    this.#charge(-(old.length + SLOT_BYTES));
    m.delete(i);
    const s = this.#sorted;
    if (s !== null && s[s.length - 1] === i) s.pop();
    else this.#sorted = null;
    return true;
  }
  /** Moves the values from the plain array to the Map. */
  #sparse(): void {
    const d = this.#dense!;
    const m = new Map<number, string>();
    for (let i = 0; i < d.length; i++) m.set(i, d[i]!);
    this.#map = m;
    this.#dense = null;
  }
  /** Indices in ascending order. */
  keys(): number[] {
    if (this.#sorted === null) {
      const d = this.#dense;
      if (d !== null) {
        const k = new Array<number>(d.length);
        for (let i = 0; i < d.length; i++) k[i] = i;
        this.#sorted = k;
      } else this.#sorted = [...this.#map!.keys()].sort((a, b) => a - b);
    }
    return this.#sorted;
  }
  /** Values in index order. */
  values(): string[] {
    if (this.#dense !== null) return this.#dense.slice();
    const out: string[] = [];
    const m = this.#map!;
    for (const k of this.keys()) out.push(m.get(k)!);
    return out;
  }
  /** Appends after the last index. */
  push(v: string): void {
    this.set(this.end, v);
  }
  /** A copy with the same elements, held by no variable yet. */
  clone(): IndexedArray {
    const c = new IndexedArray();
    if (this.#dense !== null) c.#dense = this.#dense.slice();
    else {
      c.#dense = null;
      c.#map = new Map(this.#map!);
    }
    c.#bytes = this.#bytes;
    return c;
  }
  /** Builds an array of consecutive values from index 0 (held by no variable yet). */
  static of(values: readonly string[]): IndexedArray {
    const a = new IndexedArray();
    a.#dense = values.slice();
    let n = values.length * SLOT_BYTES;
    for (const v of values) n += v.length;
    a.#bytes = n;
    return a;
  }
}

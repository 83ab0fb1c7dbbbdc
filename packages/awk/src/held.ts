/**
 * What awk charges to the run's data budget (`maxDataBytes`, through `LimitsMeter.chargeData`)
 * for the data it holds. The charge is live: every store charges the CHANGE in bytes held, and
 * data let go (a reassigned variable, a deleted element, a function's locals on return, an
 * array cleared by `delete` or refilled by `split`) gives its bytes back, so `s = s $0` over
 * a 10 MB input costs its final size, not the sum of its intermediate lengths. Whatever a run
 * still holds is given back when it ends, however it ends (`Held.releaseAll`).
 *
 * A scalar holds its string's length (a cons string at its full length, since V8 may flatten it
 * later; a number holds nothing beyond its slot); an array element holds `SLOT_BYTES` plus its
 * key's length plus its value's. A value stored in N places counts N times (V8 shares the
 * string, but a flattening or a later change may not). Transient lists as long as an array
 * (`for (k in a)`'s keys, asort's items) cost `REF_BYTES` or `SORT_BYTES` per entry while they
 * live. The record read from input is a slice of input text already in memory (bounded by
 * maxFileBytes, maxStringBytes and the pipe): it is not charged; what the program puts into $0
 * or the fields is (see `Runtime.setField`), and so are output buffers (redirections kept until
 * `close`, text queued behind a slow reader).
 */
import type { LimitsMeter } from "@husk/host";
import { LimitError } from "@husk/host";
import { fromInput, UNINIT } from "./values.js";
import type { StrNum, Value } from "./values.js";

/** An awk array: string keys to values (insertion ordered; any key is safe). */
export type AwkArray = Map<string, Value>;

/** A variable cell: a scalar or an array. */
export type Cell = Value | AwkArray;

/**
 * Bytes charged per array element besides its key and value: about what V8 spends on a Map
 * entry, its hash bucket and its share of the table's slack, plus a key string's header
 * (measured on Node 20: 53 bytes per element for `a[i] = i` with i < 1e6, 77 with a short
 * string value, 93 with a strnum value).
 */
export const SLOT_BYTES = 48;

/** Bytes charged per entry of a transient list of keys (`for (k in a)`): a pointer and the slack of a list grown by push. */
export const REF_BYTES = 12;

/**
 * Bytes charged per entry of a list being sorted (asort, asorti, a sorted `for (k in a)`): the
 * list, V8's work copy of it and its merge space (measured: a comparison function that sorts
 * again peaked at twice the RSS charged with 8).
 */
export const SORT_BYTES = 24;

/** A string of at least this length stored somewhere also checks the run's deadline. */
export const BIG_VALUE = 1 << 16;

/** Bytes a scalar holds: its string's length (numbers: 0). */
export function heldBytes(v: Value): number {
  return typeof v === "string" ? v.length : typeof v === "number" ? 0 : (v as StrNum).s.length;
}

/** Bytes an array holds: per element its slot, its key and its value. */
export function arrayBytes(a: AwkArray): number {
  let n = a.size * SLOT_BYTES;
  // two plain walks: faster than one over [key, value] entries
  for (const k of a.keys()) n += k.length;
  for (const v of a.values()) n += heldBytes(v);
  return n;
}

/** Bytes the scalar cells of a function frame hold (its arrays are counted as they fill). */
export function frameBytes(frame: readonly Cell[]): number {
  let n = 0;
  for (let i = 0; i < frame.length; i++) {
    const c = frame[i]!;
    if (!(c instanceof Map)) n += heldBytes(c);
  }
  return n;
}

/** The total length of the keys "1".."n" (the decimal digits of 1..n). */
function keyDigits(n: number): number {
  let total = 0;
  for (let lo = 1, d = 1; lo <= n; lo *= 10, d++) total += (Math.min(n, lo * 10 - 1) - lo + 1) * d;
  return total;
}

/**
 * The bytes one awk run holds, charged live to the run's meter. Every store into an array, a
 * variable or a function's frame goes through here (compile-expr.ts, compile-stmt.ts,
 * builtins.ts, sorting.ts); the record and the output buffers through `Runtime`.
 */
export class Held {
  /** Net bytes charged for what the run holds now. */
  bytes = 0;
  /** Arrays made in function frames, innermost last: given back when their frame returns. */
  readonly localArrays: AwkArray[] = [];
  /** Most elements one array may hold (100 x maxVariables; bash counts one per element too). */
  readonly maxArray: number;
  readonly #meter: LimitsMeter | undefined;

  constructor(meter: LimitsMeter | undefined) {
    this.#meter = meter;
    this.maxArray = (meter?.limits.maxVariables ?? 10_000) * 100;
  }

  /** Throws the LimitError for an oversized array. */
  arrayTooLarge(): never {
    throw new LimitError("maxVariables", `awk array too large: more than ${this.maxArray} elements`);
  }

  /**
   * Charges `bytes` to the run's data budget (negative: gives them back); throws LimitError
   * (maxDataBytes) past the budget, with the bytes counted as held (`releaseAll` returns them).
   */
  charge(bytes: number): void {
    this.bytes += bytes;
    this.#meter?.chargeData(bytes);
  }

  /**
   * Charges the change of a scalar location from `old` to `v`. Storing a big string also checks
   * the deadline: a loop that rebuilds one (`s = toupper(s)`) does work per store, not per tick.
   */
  store(old: Value, v: Value): void {
    const n = typeof v === "string" ? v.length : typeof v === "number" ? 0 : v.s.length;
    const d = n - (typeof old === "string" ? old.length : typeof old === "number" ? 0 : old.s.length);
    if (d !== 0) {
      this.bytes += d;
      this.#meter?.chargeData(d);
    }
    if (n >= BIG_VALUE) this.#meter?.checkDeadline();
  }

  /** Stores `v` at `a[k]`, charging the change (a new element: its slot, key and value). */
  setElem(a: AwkArray, k: string, v: Value): void {
    const old = a.get(k);
    if (old === undefined) {
      if (a.size >= this.maxArray) this.arrayTooLarge();
      const n = heldBytes(v);
      this.charge(SLOT_BYTES + k.length + n);
      a.set(k, v);
      if (n >= BIG_VALUE) this.#meter?.checkDeadline();
    } else {
      a.set(k, v);
      this.store(old, v);
    }
  }

  /** Creates `a[k]` uninitialized (reading an absent element does). */
  newElem(a: AwkArray, k: string): void {
    if (a.size >= this.maxArray) this.arrayTooLarge();
    this.charge(SLOT_BYTES + k.length);
    a.set(k, UNINIT);
  }

  /**
   * Fills the empty `a` with `parts[1..n]` (input text: strnums where numeric) at keys "1".."n"
   * (split, patsplit), charged before anything is stored.
   */
  fillStrings(a: AwkArray, parts: readonly string[], n: number): void {
    if (n > this.maxArray) this.arrayTooLarge();
    let bytes = n * SLOT_BYTES + keyDigits(n);
    for (let i = 1; i <= n; i++) bytes += parts[i]!.length;
    this.charge(bytes);
    for (let i = 1; i <= n; i++) a.set(String(i), fromInput(parts[i]!));
  }

  /** Fills the empty `a` with `vals[0..n-1]` at keys "1".."n" (asort, asorti), charged first. */
  fillValues(a: AwkArray, vals: readonly Value[]): void {
    const n = vals.length;
    if (n > this.maxArray) this.arrayTooLarge();
    let bytes = n * SLOT_BYTES + keyDigits(n);
    for (let i = 0; i < n; i++) bytes += heldBytes(vals[i]!);
    this.charge(bytes);
    for (let i = 0; i < n; i++) a.set(String(i + 1), vals[i]!);
  }

  /** Deletes `a[k]`, giving its bytes back. */
  deleteElem(a: AwkArray, k: string): void {
    const old = a.get(k);
    if (old === undefined) return;
    a.delete(k);
    this.charge(-(SLOT_BYTES + k.length + heldBytes(old)));
  }

  /** Empties `a` (`delete a`, the target of split, match, asort), giving its bytes back. */
  clearArray(a: AwkArray): void {
    if (a.size === 0) return;
    const n = arrayBytes(a);
    a.clear();
    this.charge(-n);
  }

  /** Charges a new function frame's scalar arguments; returns the mark for `leaveFrame`. */
  enterFrame(frame: readonly Cell[]): number {
    const n = frameBytes(frame);
    if (n !== 0) this.charge(n);
    return this.localArrays.length;
  }

  /** Gives back what a returning frame held: its scalars and the arrays made in it (after `mark`). */
  leaveFrame(frame: readonly Cell[], mark: number): void {
    let n = frameBytes(frame);
    const arrays = this.localArrays;
    if (arrays.length > mark) {
      for (let i = mark; i < arrays.length; i++) n += arrayBytes(arrays[i]!);
      arrays.length = mark;
    }
    if (n !== 0) this.charge(-n);
  }

  /**
   * Gives back everything the run still holds: at its end, however it ends (`runProgram`'s
   * finally). Never throws, even when the budget was already overrun.
   */
  releaseAll(): void {
    const n = this.bytes;
    this.bytes = 0;
    this.localArrays.length = 0;
    if (n === 0) return;
    try {
      this.#meter?.chargeData(-n);
    } catch {
      // past the budget already (the run is ending with that error): the bytes are given back
      // all the same, since the meter counts before it checks
    }
  }
}

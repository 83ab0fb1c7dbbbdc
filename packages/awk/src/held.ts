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
import { fromInput, StrNum, UNINIT } from "./values.js";
import type { Value } from "./values.js";

/**
 * An awk array: string keys to values (insertion ordered; any key is safe), with the bytes its
 * elements hold. Every change goes through `Held`, which keeps `bytes` right: `delete a` and a
 * function's return give them back without a walk of the elements.
 */
export class AwkArray extends Map<string, Value> {
  /** Bytes charged for the elements (see `SLOT_BYTES`); changed by `Held` only. */
  bytes = 0;
}

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

/**
 * The meter hears of the bytes held when they have changed by more than this since it last
 * did: a call per store would cost more than the store (the meter's count lags by at most
 * this, per awk run).
 */
export const SEND_BYTES = 1 << 16;

/** A string of at least this length stored somewhere also checks the run's deadline. */
export const BIG_VALUE = 1 << 16;

/** Bytes a scalar holds: its string's length (numbers: 0). */
export function heldBytes(v: Value): number {
  return typeof v === "string" ? v.length : typeof v === "number" ? 0 : (v as StrNum).s.length;
}

/** Bytes an array's elements hold, counted by a walk: per element its slot, its key and its value (`AwkArray.bytes` keeps the same sum). */
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
    // typeof first: `instanceof Map` on every cell costs more than the rest of a call's accounting
    if (typeof c === "string") n += c.length;
    else if (c instanceof StrNum) n += c.s.length;
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
 * The bytes one awk run holds, charged live to the run's meter (which hears of them in steps of
 * `SEND_BYTES`). Every store into an array, a variable or a function's frame goes through here
 * (compile-expr.ts, compile-stmt.ts, builtins.ts, sorting.ts); the record and the output
 * buffers through `Runtime`. Arrays carry their own count (`AwkArray.bytes`) and the executing
 * frame its own (`frameHeld`), so that `delete a` and a return give bytes back without a walk.
 */
export class Held {
  /** Net bytes charged for what the run holds now. */
  bytes = 0;
  /** Arrays made in function frames, innermost last: given back when their frame returns. */
  readonly localArrays: AwkArray[] = [];
  /**
   * Bytes the scalars of the executing function's frame hold (its arguments and locals, kept up
   * to date by `storeLocal`), so that a return gives them back without a walk of the frame.
   */
  frameHeld = 0;
  /** Most elements one array may hold (100 x maxVariables; bash counts one per element too). */
  readonly maxArray: number;
  readonly #meter: LimitsMeter | undefined;
  /** What the meter has been charged: `bytes` within `SEND_BYTES`. */
  #sent = 0;

  constructor(meter: LimitsMeter | undefined) {
    this.#meter = meter;
    this.maxArray = (meter?.limits.maxVariables ?? 10_000) * 100;
  }

  /** Charges the meter with what it has not seen yet. */
  #send(): void {
    const d = this.bytes - this.#sent;
    this.#sent = this.bytes;
    this.#meter?.chargeData(d);
  }

  /** Throws the LimitError for an oversized array. */
  arrayTooLarge(): never {
    throw new LimitError("maxVariables", `awk array too large: more than ${this.maxArray} elements`);
  }

  /**
   * Charges `bytes` to the run's data budget (negative: gives them back); throws LimitError
   * (maxDataBytes) past the budget (within SEND_BYTES), with the bytes counted as held
   * (`releaseAll` returns them).
   */
  charge(bytes: number): void {
    const n = (this.bytes += bytes);
    if (n - this.#sent > SEND_BYTES || n - this.#sent < -SEND_BYTES) this.#send();
  }

  /**
   * Charges the change of a scalar location from `old` to `v`. Storing a big string also checks
   * the deadline: a loop that rebuilds one (`s = toupper(s)`) does work per store, not per tick.
   */
  store(old: Value, v: Value): void {
    const n = typeof v === "string" ? v.length : typeof v === "number" ? 0 : v.s.length;
    const d = n - (typeof old === "string" ? old.length : typeof old === "number" ? 0 : old.s.length);
    if (d !== 0) {
      const b = (this.bytes += d);
      if (b - this.#sent > SEND_BYTES || b - this.#sent < -SEND_BYTES) this.#send();
    }
    if (n >= BIG_VALUE) this.#meter?.checkDeadline();
  }

  /** `store` for a local variable of the executing function: also counted toward its frame. */
  storeLocal(old: Value, v: Value): void {
    const n = typeof v === "string" ? v.length : typeof v === "number" ? 0 : v.s.length;
    const d = n - (typeof old === "string" ? old.length : typeof old === "number" ? 0 : old.s.length);
    if (d !== 0) {
      this.frameHeld += d;
      const b = (this.bytes += d);
      if (b - this.#sent > SEND_BYTES || b - this.#sent < -SEND_BYTES) this.#send();
    }
    if (n >= BIG_VALUE) this.#meter?.checkDeadline();
  }

  /** Stores `v` at `a[k]`, charging the change (a new element: its slot, key and value). */
  setElem(a: AwkArray, k: string, v: Value): void {
    const old = a.get(k);
    if (old === undefined) {
      if (a.size >= this.maxArray) this.arrayTooLarge();
      const n = heldBytes(v);
      const b = SLOT_BYTES + k.length + n;
      a.bytes += b;
      this.charge(b);
      a.set(k, v);
      if (n >= BIG_VALUE) this.#meter?.checkDeadline();
    } else {
      a.set(k, v);
      this.#replaced(a, old, v);
    }
  }

  /** Stores `v` at `a[k]`, which holds `old` (a read-modify-write found it there). */
  updateElem(a: AwkArray, k: string, old: Value, v: Value): void {
    a.set(k, v);
    this.#replaced(a, old, v);
  }

  #replaced(a: AwkArray, old: Value, v: Value): void {
    const n = typeof v === "string" ? v.length : typeof v === "number" ? 0 : v.s.length;
    const d = n - (typeof old === "string" ? old.length : typeof old === "number" ? 0 : old.s.length);
    if (d !== 0) {
      a.bytes += d;
      const b = (this.bytes += d);
      if (b - this.#sent > SEND_BYTES || b - this.#sent < -SEND_BYTES) this.#send();
    }
    if (n >= BIG_VALUE) this.#meter?.checkDeadline();
  }

  /** Creates `a[k]` uninitialized (reading an absent element does). */
  newElem(a: AwkArray, k: string): void {
    if (a.size >= this.maxArray) this.arrayTooLarge();
    a.bytes += SLOT_BYTES + k.length;
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
    a.bytes += bytes;
    this.charge(bytes);
    for (let i = 1; i <= n; i++) a.set(String(i), fromInput(parts[i]!));
  }

  /** Fills the empty `a` with `vals[0..n-1]` at keys "1".."n" (asort, asorti), charged first. */
  fillValues(a: AwkArray, vals: readonly Value[]): void {
    const n = vals.length;
    if (n > this.maxArray) this.arrayTooLarge();
    let bytes = n * SLOT_BYTES + keyDigits(n);
    for (let i = 0; i < n; i++) bytes += heldBytes(vals[i]!);
    a.bytes += bytes;
    this.charge(bytes);
    for (let i = 0; i < n; i++) a.set(String(i + 1), vals[i]!);
  }

  /** Deletes `a[k]`, giving its bytes back. */
  deleteElem(a: AwkArray, k: string): void {
    const old = a.get(k);
    if (old === undefined) return;
    a.delete(k);
    const b = SLOT_BYTES + k.length + heldBytes(old);
    a.bytes -= b;
    this.charge(-b);
  }

  /** Empties `a` (`delete a`, the target of split, match, asort), giving its bytes back. */
  clearArray(a: AwkArray): void {
    if (a.size === 0) return;
    const n = a.bytes;
    a.clear();
    a.bytes = 0;
    this.charge(-n);
  }

  /**
   * Enters a new function frame, charging its scalar arguments. Returns the mark `leaveFrame`
   * needs, with the caller's `frameHeld` read before this call.
   */
  enterFrame(frame: readonly Cell[]): number {
    const n = frameBytes(frame);
    this.frameHeld = n;
    if (n !== 0) this.charge(n);
    return this.localArrays.length;
  }

  /**
   * Gives back what a returning frame held: its scalars and the arrays made in it (after
   * `mark`); `outer` is the caller's `frameHeld`, current again.
   */
  leaveFrame(mark: number, outer: number): void {
    let n = this.frameHeld;
    this.frameHeld = outer;
    const arrays = this.localArrays;
    if (arrays.length > mark) {
      for (let i = mark; i < arrays.length; i++) n += arrays[i]!.bytes;
      arrays.length = mark;
    }
    if (n !== 0) this.charge(-n);
  }

  /**
   * Gives back everything the run still holds: at its end, however it ends (`runProgram`'s
   * finally). Never throws, even when the budget was already overrun.
   */
  releaseAll(): void {
    const n = this.#sent;
    this.bytes = 0;
    this.#sent = 0;
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

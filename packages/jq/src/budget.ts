/**
 * The data budget and deadline of the jq run being evaluated (TM-DOS-009). The helpers that
 * build or walk values (operators, paths, the serializer, comparisons, natives) sit far below
 * any frame, so the run's meter is reachable here while the run is on the stack: `metered`
 * installs it for the duration of a synchronous call and restores the previous one after.
 * Evaluation never awaits, so no other execution can observe it; outside a run there is no
 * meter and every charge is free (the pure API without a meter stays unbounded).
 *
 * What is charged (see `Limits.maxDataBytes`): 8 bytes per array element or object entry and
 * 1 per string character a run builds. A value inserted into a container being built costs
 * its slot plus its own top-level size (`inserted`): a value inserted N times counts N times,
 * so neither a DAG of shared arrays nor N copies of one value escape the count when they are
 * expanded or kept. `+`, `*` and path assignment charge their net growth, so that
 * `reduce ... (. + [$x])` costs O(n).
 */
import type { LimitsMeter } from "@husk/host";
import type { Val } from "./value.js";
import { JqMap } from "./object.js";

let active: LimitsMeter | undefined;

/** Bytes charged per array element or object entry. */
export const SLOT = 8;

/** Runs `fn` with `meter` as the run's meter (undefined: nothing is charged), restoring the previous one after. */
export function metered<T>(meter: LimitsMeter | undefined, fn: () => T): T {
  const prev = active;
  active = meter;
  try {
    return fn();
  } finally {
    active = prev;
  }
}

/** The meter of the run on the stack, if any. */
export function activeMeter(): LimitsMeter | undefined {
  return active;
}

/** Charges `bytes` of data built; throws LimitError("maxDataBytes") past the budget. */
export function charge(bytes: number): void {
  if (active !== undefined) active.chargeData(bytes);
}

/** The top-level size of a value: 8 per element or entry, 1 per character, 0 for scalars. */
export function shallowSize(v: Val): number {
  if (typeof v === "string") return v.length;
  if (v === null || typeof v !== "object") return 0;
  return Array.isArray(v) ? SLOT * v.length : v instanceof JqMap ? SLOT * v.size : 0;
}

/** Charges one insertion of `v` into a container being built: its slot plus its top-level size. */
export function inserted(v: Val): void {
  if (active !== undefined) active.chargeData(SLOT + shallowSize(v));
}

/** A cheap deadline and cancellation check for loops (the meter looks at the clock every 1024 calls). */
export function tick(): void {
  if (active !== undefined) active.tick();
}

/** Looks at the clock now (for coarse steps that each do much work, such as a serializer chunk). */
export function checkDeadline(): void {
  if (active !== undefined) active.checkDeadline();
}

let copiedSlots = 0;

/** Counts `n` elements or entries copied by a copy-on-write update or a `+` (the work measure of `copies`). */
export function copied(n: number): void {
  copiedSlots += n;
}

/**
 * Elements and entries copied by copy-on-write updates (`setpath`, assignments, `del`) and by
 * `+` since the process started: what tests measure to tell a linear update loop from one that
 * copies its accumulator at every step. Never reset; read it before and after.
 */
export function copies(): number {
  return copiedSlots;
}

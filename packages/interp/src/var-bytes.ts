/**
 * What `maxVariableBytes` counts: the bytes held in shell variables. A scalar holds its
 * length; an array holds its values (and an associative array its keys) plus `SLOT_BYTES` per
 * element, so that a million empty elements are not free. The count is kept as values change
 * (see `Cell` in vars.ts and the arrays' `bytes`), not computed: a check per assignment costs
 * an addition and a compare.
 */

/** Bytes counted per array element besides its text (its slot and bookkeeping). */
export const SLOT_BYTES = 16;

/** Receives the change in bytes held; throws (before anything changes) past the limit. */
export interface ByteAccount {
  charge(delta: number): void;
}

/** A container whose bytes are counted while a variable holds it. */
export interface Counted {
  /** The bytes it holds (see the module comment). */
  readonly bytes: number;
  /** The account its changes are charged to, while a variable holds it (null: none). */
  account: ByteAccount | null;
}

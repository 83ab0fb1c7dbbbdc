/**
 * V8 grows an array's backing store by at least 16 slots on the first `push`, and never
 * shrinks it: a one-element `parts` array built by `push` holds 17 slots (about 150 bytes of
 * slack) for as long as the AST lives. The parser keeps every array it builds, so arrays are
 * built with `push` on a scratch array and stored through `fit`.
 */

/**
 * The one empty list of every AST (frozen: the AST's arrays are readonly, and one shared array
 * must never be written to). An AST of 5,000 lines has ~17,000 empty lists (`redirects`,
 * `assignments`); an array object each was 32 bytes and one more object for the GC to copy.
 */
export const EMPTY: never[] = Object.freeze([]) as unknown as never[];

/**
 * `EMPTY` when empty, otherwise a copy whose backing store holds exactly its elements, made by
 * `slice`: an array literal would be an allocation site V8 may pretenure (see ./nodes.ts).
 */
export function fit<T>(a: T[]): T[] {
  return a.length === 0 ? EMPTY : a.slice();
}

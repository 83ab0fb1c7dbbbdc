/**
 * V8 grows an array's backing store by at least 16 slots on the first `push`, and never
 * shrinks it: a one-element `parts` array built by `push` holds 17 slots (about 150 bytes of
 * slack) for as long as the AST lives. The parser keeps every array it builds, so arrays are
 * built with `push` on a scratch array and stored through `fit`.
 */

/** `a` itself when empty (no backing store yet), otherwise a copy whose backing store holds exactly its elements. */
export function fit<T>(a: T[]): T[] {
  switch (a.length) {
    case 0:
      return a;
    case 1:
      return [a[0]!];
    case 2:
      return [a[0]!, a[1]!];
    default:
      return a.slice();
  }
}

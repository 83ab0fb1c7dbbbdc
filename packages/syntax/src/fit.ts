/**
 * V8 grows an array's backing store by at least 16 slots on the first `push`, and never
 * shrinks it: a one-element `parts` array built by `push` holds 17 slots (about 150 bytes of
 * slack) for as long as the AST lives. The parser keeps every array it builds, so lists are
 * collected on a scratch stack and copied off it by `slice`, which allocates exactly their
 * elements (and, unlike an array literal, is no allocation site V8 may pretenure: ./nodes.ts).
 */

/**
 * The one empty list of every AST (frozen: the AST's arrays are readonly, and one shared array
 * must never be written to). An AST of 5,000 lines has ~17,000 empty lists (`redirects`,
 * `assignments`); an array object each was 32 bytes and one more object for the GC to copy.
 */
export const EMPTY: never[] = Object.freeze([]) as unknown as never[];

/**
 * A stack that lists are collected on and taken off as exact-size arrays (see above), so that
 * building a list leaves no garbage either (a list built by `push` on a fresh array first
 * allocates 17 slots, then is copied). Nested reads share it: each takes back to its own mark.
 * Taken slots are cleared, so the stack keeps no AST alive. (The grammar has a stack of its
 * own, grammar.ts `scratch`, cleared once per line instead: it takes far more lists, and it
 * never nests.)
 */
export class Scratch<T> {
  private readonly items: (T | undefined)[] = [];
  /** The height: what a read passes to `take` when it is done. */
  top = 0;
  put(x: T): void {
    if (this.top < this.items.length) this.items[this.top] = x;
    else this.items.push(x);
    this.top++;
  }
  /** Items from `mark` up, as an array of their own (EMPTY when none); the stack drops to `mark`. */
  take(mark: number): T[] {
    const n = this.top - mark;
    if (n <= 0) {
      this.top = mark;
      return EMPTY;
    }
    const out = this.items.slice(mark, this.top) as T[];
    this.items.fill(undefined, mark, this.top);
    this.top = mark;
    return out;
  }
}

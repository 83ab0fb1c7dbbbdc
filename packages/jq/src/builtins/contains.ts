/**
 * jq's `contains`: recursive below a small depth, then with an explicit stack, so a value nested
 * 10,000 deep (jq's limit, past which "Containment check too deep") is checked whatever the size
 * of the JavaScript stack, exploring in the same order (so the same error or result).
 */
import { tick } from "../budget.js";
import { describe } from "../ops.js";
import type { Val } from "../value.js";
import { JqError, JqMap, equals, typeOf } from "../value.js";

/** jq's nesting limit for `contains`. */
const MAX_DEPTH = 10000;
/** Below this depth the check recurses; deeper, `containsDeep` takes over. */
const RECURSE = 256;
const TOO_DEEP = "Containment check too deep";

/** jq's `contains` (kinds must match at the top; inside, a kind mismatch is just false). */
export function contains(a: Val, b: Val): boolean {
  if (typeOf(a) !== typeOf(b)) throw new JqError(`${describe(a)} and ${describe(b)} cannot have their containment checked`);
  return containsIn(a, b, 0);
}

/** A leaf comparison: anything but two objects or two arrays. */
function leaf(a: Val, b: Val): boolean {
  if (typeof a === "string" && typeof b === "string") return a.includes(b);
  if (typeOf(a) === typeOf(b)) return equals(a, b);
  return false;
}

function containsIn(a: Val, b: Val, depth: number): boolean {
  if (depth > MAX_DEPTH) throw new JqError(TOO_DEEP);
  if (depth >= RECURSE && typeof a === "object" && a !== null) return containsDeep(a, b, depth);
  tick();
  if (a instanceof JqMap && b instanceof JqMap) {
    const bk = b.keyList();
    const bvs = b.valueList();
    for (let i = 0; i < bk.length; i++) {
      const av = a.get(bk[i]!);
      if (av === undefined || !containsIn(av, bvs[i]!, depth + 1)) return false;
    }
    return true;
  }
  if (Array.isArray(a) && Array.isArray(b)) return b.every((x) => a.some((y) => containsIn(y, x, depth + 1)));
  return leaf(a, b);
}

/**
 * One pending check of two objects (`keys` set: the next key of `b` is `keys[i]`) or two arrays
 * (the element `b[i]` is looked for from `a[j]` on).
 */
interface Frame {
  readonly a: Val;
  readonly b: Val;
  readonly keys: readonly string[] | null;
  readonly depth: number;
  i: number;
  j: number;
  /** A check below this one was started (its result is then in `ret`). */
  started: boolean;
}

/** `containsIn` with an explicit stack. */
function containsDeep(a0: Val, b0: Val, d0: number): boolean {
  const stack: Frame[] = [];
  let a = a0;
  let b = b0;
  let depth = d0;
  let ret = false;
  for (;;) {
    // Start the check of (a, b) at `depth`.
    if (depth > MAX_DEPTH) throw new JqError(TOO_DEEP);
    tick();
    if (a instanceof JqMap && b instanceof JqMap) stack.push({ a, b, keys: b.keyList(), depth, i: 0, j: 0, started: false });
    else if (Array.isArray(a) && Array.isArray(b)) stack.push({ a, b, keys: null, depth, i: 0, j: 0, started: false });
    else ret = leaf(a, b);
    // Resume the innermost pending check with `ret`, until one starts a check below it.
    let next = false;
    while (!next && stack.length > 0) {
      const fr = stack[stack.length - 1]!;
      if (fr.keys !== null) {
        const ao = fr.a as JqMap;
        if (fr.started && !ret) {
          stack.pop();
          continue;
        }
        if (fr.i >= fr.keys.length) {
          stack.pop();
          ret = true;
          continue;
        }
        const k = fr.keys[fr.i++]!;
        const av = ao.get(k);
        if (av === undefined) {
          stack.pop();
          ret = false;
          continue;
        }
        a = av;
        b = (fr.b as JqMap).get(k)!;
      } else {
        const aa = fr.a as Val[];
        const ba = fr.b as Val[];
        if (fr.started) {
          if (ret) {
            fr.i++;
            fr.j = 0;
          } else fr.j++;
        }
        if (fr.i >= ba.length) {
          stack.pop();
          ret = true;
          continue;
        }
        if (fr.j >= aa.length) {
          stack.pop();
          ret = false;
          continue;
        }
        a = aa[fr.j]!;
        b = ba[fr.i]!;
      }
      fr.started = true;
      depth = fr.depth + 1;
      next = true;
    }
    if (!next) return ret;
  }
}

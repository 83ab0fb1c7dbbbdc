/**
 * `reduce SOURCE as $x (INIT; . + R)` appending in place. Copying the accumulator at every
 * step made `reduce range(1e5) as $i ([]; . + [$i])` quadratic (5e9 element copies: past a 30 s
 * deadline); jq appends in place when it holds the only reference, and so does this loop: the
 * accumulator it built itself (a fresh `+` result, never the INIT value, never an operand) is
 * seen by nothing else, as long as R cannot reach it, which holds when R does not read `.`
 * (`inputFree`). Errors, outputs and charges are those of the plain loop.
 */
import type { Node } from "./ast.js";
import { SLOT, charge, tick } from "./budget.js";
import { add } from "./ops.js";
import type { Emit, Filter, Frame } from "./runtime.js";
import type { Val } from "./value.js";
import { JqMap } from "./value.js";

/** True when `n` never reads its input `.` (its outputs then cannot hold the input). */
function inputFree(n: Node | undefined): boolean {
  if (n === undefined) return true;
  switch (n.k) {
    case "Literal":
    case "Var":
    case "Loc":
      return true;
    case "Index":
      return inputFree(n.target) && inputFree(n.index);
    case "Slice":
      return inputFree(n.target) && inputFree(n.from) && inputFree(n.to);
    case "Iterate":
      return inputFree(n.target);
    case "Array":
    case "Neg":
      return inputFree(n.body);
    case "Object":
      return n.entries.every((en) => inputFree(en.key) && inputFree(en.value ?? en.key));
    case "Str":
      return n.parts.every((p) => typeof p === "string" || inputFree(p));
    case "Comma":
    case "Binop":
    case "And":
    case "Or":
    case "Alt":
      return inputFree(n.left) && inputFree(n.right);
    case "If":
      return inputFree(n.cond) && inputFree(n.then) && inputFree(n.else);
    case "Pipe":
      // the right side reads the left side's outputs, not this input
      return inputFree(n.left);
  }
  return false;
}

/** R when `update` is `. + R` with R free of `.`, else undefined. */
export function appendOperand(update: Node): Node | undefined {
  if (update.k !== "Binop" || update.op !== "+" || update.left.k !== "Identity") return undefined;
  return inputFree(update.right) ? update.right : undefined;
}

/** Binds the source value to the reduce's pattern, then calls `k`. */
type Bind = (value: Val, input: Val, frame: Frame, k: () => boolean) => boolean;

/**
 * The reduce loop for an update `. + R` (`operand` compiles R), outside path expressions: each
 * step adds R's outputs as `+` would, the last one in place when the accumulator is the loop's
 * own array or object.
 */
export function reduceAppend(src: Filter, bind: Bind, init: Filter, operand: Filter): (i: Val, f: Frame, e: Emit) => boolean {
  return (i, f, e) =>
    init(i, null, f, (v0) => {
      let acc: Val = v0;
      // true once `acc` is a container this loop made (no one else holds it)
      let owned = false;
      const bs: Val[] = [];
      const collectB = (b: Val): boolean => {
        bs.push(b);
        return false;
      };
      src(i, null, f, (x) => {
        tick();
        return bind(x, i, f, () => {
          const a: Val = acc;
          bs.length = 0;
          operand(a, null, f, collectB);
          if (bs.length === 0) {
            acc = null;
            owned = false;
            return false;
          }
          // every output but the last is computed for its errors only, as the plain loop does
          for (let k = 0; k < bs.length - 1; k++) add(a, bs[k]!);
          const b = bs[bs.length - 1]!;
          if (owned && Array.isArray(a) && Array.isArray(b)) {
            charge(SLOT * b.length);
            for (let k = 0; k < b.length; k++) a.push(b[k]!);
          } else if (owned && a instanceof JqMap && b instanceof JqMap) {
            const ks = b.keyList();
            const vs = b.valueList();
            const before = a.size;
            for (let k = 0; k < ks.length; k++) a.set(ks[k]!, vs[k]!);
            charge(SLOT * (a.size - before));
          } else {
            acc = add(a, b);
            owned = (Array.isArray(a) && Array.isArray(b)) || (a instanceof JqMap && b instanceof JqMap);
          }
          bs.length = 0;
          return false;
        });
      });
      return e(acc, null);
    });
}

/**
 * Assignment operators (`=`, `|=`, `+=` ... `//=`), as jq's `_assign` and `_modify`: the paths
 * of the left side are taken from the input, then set one after the other into one result.
 * Containers in an `owned` set were made by this update (or by the accumulator loop running it,
 * see own.ts) and are referenced only from where they sit, so they are changed in place: a
 * sequence of updates copies each container once, not once per update.
 */
import { SLOT, charge } from "./budget.js";
import type { OwnFilter } from "./own.js";
import { add, binop } from "./ops.js";
import { type OwnedSet, delpaths, getpath, setpath } from "./paths.js";
import type { Emit, Filter, Frame, Path } from "./runtime.js";
import { BAD_PATH, resultPath } from "./runtime.js";
import type { Val } from "./value.js";
import { JqMap, truthy } from "./value.js";

/** The paths the path expression `lhs` selects in `input`. */
export function pathsOf(lhs: Filter, input: Val, f: Frame): Val[][] {
  const ps: Val[][] = [];
  lhs(input, [], f, (v, q) => {
    ps.push(resultPath(q, v));
    return false;
  });
  return ps;
}

/**
 * `a + b`, changing `a` in place when it is an array or object in `owned` (charging what it
 * adds); otherwise a new value, which is then owned. `b` must not be, or hold, an owned container.
 */
export function addOwned(a: Val, b: Val, owned: OwnedSet): Val {
  if (typeof a === "object" && a !== null && owned.has(a)) {
    if (Array.isArray(a)) {
      if (Array.isArray(b)) {
        charge(SLOT * b.length);
        for (let k = 0; k < b.length; k++) a.push(b[k]!);
        return a;
      }
    } else if (a instanceof JqMap && b instanceof JqMap) {
      const ks = b.keyList();
      const vs = b.valueList();
      const before = a.size;
      for (let k = 0; k < ks.length; k++) a.set(ks[k]!, vs[k]!);
      charge(SLOT * (a.size - before));
      return a;
    }
  }
  const r = add(a, b);
  if (r !== a && r !== b && typeof r === "object" && r !== null) owned.add(r);
  return r;
}

/** `input` with `v` set at each of `ps` (`paths = v`). */
export function assignAll(input: Val, ps: readonly Val[][], v: Val, owned: OwnedSet): Val {
  let cur = input;
  for (const q of ps) cur = setpath(cur, q, v, owned);
  return cur;
}

/** `input` with `old op rv` set at each of `ps` (`paths op= rv`; `op` is `+`, `-`, ..., `//`). */
export function updateAll(op: string, input: Val, ps: readonly Val[][], rv: Val, owned: OwnedSet): Val {
  let cur = input;
  for (const q of ps) {
    const old = getpath(cur, q);
    const nv = op === "//" ? (truthy(old) ? old : rv) : op === "+" ? addOwned(old, rv, owned) : binop(op, old, rv);
    cur = setpath(cur, q, nv, owned);
  }
  return cur;
}

/** An update of one value: its new value, or undefined to delete it (`|=` with an empty update). */
export type Update = (old: Val) => Val | undefined;

/** The first output of `update` (value mode) as an `Update`. */
export function firstOf(update: Filter, f: Frame): Update {
  return (old) => {
    let nv: Val | undefined;
    update(old, null, f, (v) => {
      nv = v;
      return true;
    });
    return nv;
  };
}

/** `paths |= update`: the update's value per path; paths whose update is empty are deleted. */
export function modify(input: Val, ps: readonly Val[][], update: Update, owned: OwnedSet = new Set()): Val {
  let cur = input;
  const dels: Val[][] = [];
  for (const q of ps) {
    const nv = update(getpath(cur, q));
    if (nv === undefined) dels.push(q);
    else cur = setpath(cur, q, nv, owned);
  }
  return dels.length ? delpaths(cur, dels, owned) : cur;
}

function emitResult(v: Val, p: Path, e: Emit): boolean {
  return e(v, p === null ? null : BAD_PATH);
}

/**
 * The assignment `lhs op rhs` as a filter (each output its own value). For `|=`, `own` (when
 * the update compiles in the owning form) updates containers this assignment made in place.
 */
export function makeAssign(op: string, lhs: Filter, rhs: Filter, own?: OwnFilter): Filter {
  if (op === "|=") {
    return (i, p, f, e) => {
      const owned = new WeakSet<object>();
      const update: Update = own ? (old) => own(old, owned, f) : firstOf(rhs, f);
      return emitResult(modify(i, pathsOf(lhs, i, f), update, owned), p, e);
    };
  }
  if (op === "=") return (i, p, f, e) => rhs(i, null, f, (v) => emitResult(assignAll(i, pathsOf(lhs, i, f), v, new Set()), p, e));
  const bop = op.slice(0, -1);
  return (i, p, f, e) => rhs(i, null, f, (rv) => emitResult(updateAll(bop, i, pathsOf(lhs, i, f), rv, new Set()), p, e));
}

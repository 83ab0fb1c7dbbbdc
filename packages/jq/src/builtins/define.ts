/** Helpers to declare native builtins. */
import type { Emit, Filter, Frame, Native, NativeFn, Path, Runtime } from "../runtime.js";
import { BAD_PATH } from "../runtime.js";
import type { Val } from "../value.js";

/** A generator native: full control over outputs and paths. */
export function gen(name: string, arity: number, fn: NativeFn): Native {
  return { name, arity, fn };
}

/** An arity-0 native returning one value computed from the input. */
export function v0(name: string, fn: (input: Val, rt: Runtime) => Val): Native {
  return {
    name,
    arity: 0,
    single: true,
    fn: (i: Val, p: Path, f: Frame, e: Emit) => {
      const r = fn(i, f.rt);
      return e(r, p === null ? null : BAD_PATH);
    },
  };
}

/**
 * A native over argument VALUES (jq's C functions): one output per combination of argument
 * outputs; the first argument varies fastest, as in jq.
 */
export function vN(name: string, arity: number, fn: (input: Val, ...args: Val[]) => Val): Native {
  if (arity === 1) {
    return {
      name,
      arity,
      single: true,
      fn: (i, p, f, e, args) =>
        args[0]!(i, null, f, (a) => {
          const r = fn(i, a);
          return e(r, p === null ? null : BAD_PATH);
        }),
    };
  }
  return {
    name,
    arity,
    single: true,
    fn: (i, p, f, e, args) => {
      const vals: Val[] = new Array(arity);
      const go = (k: number): boolean => {
        if (k < 0) {
          const r = fn(i, ...vals);
          return e(r, p === null ? null : BAD_PATH);
        }
        return args[k]!(i, null, f, (v) => {
          vals[k] = v;
          return go(k - 1);
        });
      };
      return go(arity - 1);
    },
  };
}

/** Like `vN` but the function also sees the runtime. */
export function vNrt(name: string, arity: number, fn: (rt: Runtime, input: Val, ...args: Val[]) => Val): Native {
  return {
    name,
    arity,
    single: true,
    fn: (i, p, f, e, args) => {
      const vals: Val[] = new Array(arity);
      const go = (k: number): boolean => {
        if (k < 0) {
          const r = fn(f.rt, i, ...vals);
          return e(r, p === null ? null : BAD_PATH);
        }
        return args[k]!(i, null, f, (v) => {
          vals[k] = v;
          return go(k - 1);
        });
      };
      return go(arity - 1);
    },
  };
}

/** Emits a value computed by a native, failing in path mode. */
export function out(v: Val, p: Path, e: Emit): boolean {
  return e(v, p === null ? null : BAD_PATH);
}

/** Calls `f` on each output of argument filter `a` (value mode). */
export function forEach(a: Filter, i: Val, f: Frame, fn: (v: Val) => boolean): boolean {
  return a(i, null, f, fn);
}

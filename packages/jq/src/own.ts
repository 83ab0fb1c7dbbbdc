/**
 * The owning form of an update: the closure an accumulator loop (`reduce`, `foreach`, see
 * reduce.ts) runs on its accumulator to change it in place, as jq does when it holds the only
 * reference. jq counts references; Husk proves ownership instead:
 *
 * - the loop keeps a (weak) set of containers it made itself (copies made at a first update, results
 *   of `+`), each referenced only from its one place in the accumulator (never the initial
 *   value, a literal, a variable's value or anything the update reads);
 * - an update compiles in the owning form only when it gives up its input (the accumulator)
 *   and cannot let the accumulator or a container inside it escape (alias.ts): its right-hand
 *   sides hold nothing of the input (`noAlias`), it has at most one output (`single`, taken
 *   before anything is changed), and what it reads of the input (paths, conditions) it reads
 *   before changing it;
 * - anything else compiles as before and copies.
 *
 * The forms: `.`, `P = R`, `P op= R`, `P |= U`, `U + R`, `setpath(P; R)`, `delpaths(P)`,
 * `del(P)`, `U1 | U2`, `if C then U1 else U2 end`, `R as $x | U`, `reduce S as $x (.; U)`, and
 * any single-output expression that keeps each container of its input at most once (`.a`,
 * `. // []`: plain, nothing changed in place). An owning form returns its one output, or
 * undefined when it has none.
 */
import type { Node } from "./ast.js";
import { affine, builtinDef, inputFree, nativeOf, noAlias, simplePattern, single, type AliasEnv } from "./alias.js";
import { addOwned, assignAll, modify, pathsOf, updateAll } from "./assign.js";
import { tick } from "./budget.js";
import { type CompileEnv, compile, compilePattern } from "./compile.js";
import { type OwnedSet, delpathsOf, setpathOf } from "./paths.js";
import type { Filter, Frame } from "./runtime.js";
import type { Scope } from "./scope.js";
import type { Val } from "./value.js";
import { truthy } from "./value.js";

/**
 * An update run on a value its caller gives up: containers in `owned` may be changed in place
 * (and containers it makes are added). Returns the one output, or undefined for none.
 */
export type OwnFilter = (input: Val, owned: OwnedSet, frame: Frame) => Val | undefined;

/** The one output of a filter `single` proved to have at most one, or undefined. */
function one(fl: Filter, input: Val, f: Frame): Val | undefined {
  let r: Val | undefined;
  let n = 0;
  fl(input, null, f, (v) => {
    if (++n > 1) throw new Error("jq: internal error: a single-output expression produced two outputs");
    r = v;
    return false;
  });
  return r;
}

/** The owning form of `n` (see the module comment), or undefined when it cannot be proved safe. */
export function compileOwn(n: Node, scope: Scope, env: CompileEnv): OwnFilter | undefined {
  const ae: AliasEnv = { natives: env.natives, scope };
  const clean = (x: Node): boolean => single(x, ae) && noAlias(x, ae);
  switch (n.k) {
    case "Identity":
      return (i) => i;
    case "Assign":
      return ownAssign(n.op, n.left, n.right, scope, env, clean(n.right));
    case "Binop": {
      if (n.op !== "+" || !clean(n.right)) break;
      const left = compileOwn(n.left, scope, env);
      if (!left) break;
      const right = compile(n.right, scope, env);
      // as the plain `+`: the right side first, then the left
      return (i, o, f) => {
        const b = one(right, i, f);
        if (b === undefined) return undefined;
        const a = left(i, o, f);
        return a === undefined ? undefined : addOwned(a, b, o);
      };
    }
    case "Pipe": {
      const l = compileOwn(n.left, scope, env);
      const r = l && compileOwn(n.right, scope, env);
      if (!l || !r) break;
      return (i, o, f) => {
        const v = l(i, o, f);
        return v === undefined ? undefined : r(v, o, f);
      };
    }
    case "If": {
      if (!single(n.cond, ae)) break;
      const t = compileOwn(n.then, scope, env);
      const el = t && (n.else ? compileOwn(n.else, scope, env) : (i: Val) => i);
      if (!t || !el) break;
      const c = compile(n.cond, scope, env);
      return (i, o, f) => {
        const cv = one(c, i, f);
        if (cv === undefined) return undefined;
        return truthy(cv) ? t(i, o, f) : el(i, o, f);
      };
    }
    case "Bind": {
      if (n.patterns.length !== 1 || !simplePattern(n.patterns[0]!) || !clean(n.source)) break;
      const [s2, bind] = compilePattern(n.patterns[0]!, scope, env);
      const body = compileOwn(n.body, s2, env);
      if (!body) break;
      const src = compile(n.source, scope, env);
      return (i, o, f) => {
        const v = one(src, i, f);
        if (v === undefined) return undefined;
        let r: Val | undefined;
        bind(v, i, f, () => {
          r = body(i, o, f);
          return false;
        });
        return r;
      };
    }
    case "Reduce": {
      // `reduce S as $x (.; U)` carries on with the same accumulator; S must not read it
      if (n.init.k !== "Identity" || !inputFree(n.source, ae) || !simplePattern(n.pattern)) break;
      const [s2, bind] = compilePattern(n.pattern, scope, env);
      const upd = compileOwn(n.update, s2, env);
      if (!upd) break;
      const src = compile(n.source, scope, env);
      return (i, o, f) => {
        let acc: Val = i;
        src(i, null, f, (x) => {
          tick();
          return bind(x, i, f, () => {
            // an update without outputs leaves null, as in the plain loop
            acc = upd(acc, o, f) ?? null;
            return false;
          });
        });
        return acc;
      };
    }
    case "Call": {
      const own = ownCall(n, scope, env, ae);
      if (own) return own;
      break;
    }
  }
  // an expression that changes nothing and keeps each container of its input at most once
  if (single(n, ae) && affine(n, ae)) {
    const plain = compile(n, scope, env);
    return (i, _o, f) => one(plain, i, f);
  }
  return undefined;
}

/** `P = R`, `P op= R` (R clean: `rightClean`) and `P |= U` (U in the owning form). */
function ownAssign(op: string, lhsN: Node, rhsN: Node, scope: Scope, env: CompileEnv, rightClean: boolean): OwnFilter | undefined {
  const lhs = compile(lhsN, scope, env);
  if (op === "|=") {
    const upd = compileOwn(rhsN, scope, env);
    if (!upd) return undefined;
    return (i, o, f) => modify(i, pathsOf(lhs, i, f), (old) => upd(old, o, f), o);
  }
  if (!rightClean) return undefined;
  const rhs = compile(rhsN, scope, env);
  if (op === "=") {
    return (i, o, f) => {
      const v = one(rhs, i, f);
      return v === undefined ? undefined : assignAll(i, pathsOf(lhs, i, f), v, o);
    };
  }
  const bop = op.slice(0, -1);
  return (i, o, f) => {
    const rv = one(rhs, i, f);
    return rv === undefined ? undefined : updateAll(bop, i, pathsOf(lhs, i, f), rv, o);
  };
}

/** `setpath(P; R)`, `delpaths(P)` (natives) and `del(P)` (the builtin), in place. */
function ownCall(n: Extract<Node, { k: "Call" }>, scope: Scope, env: CompileEnv, ae: AliasEnv): OwnFilter | undefined {
  const args = n.args;
  if (n.name === "setpath" && args.length === 2 && nativeOf(ae, "setpath", 2)) {
    if (!single(args[0], ae) || !single(args[1], ae) || !noAlias(args[1], ae)) return undefined;
    const pf = compile(args[0]!, scope, env);
    const vf = compile(args[1]!, scope, env);
    // as the native: the value first, then the path
    return (i, o, f) => {
      const v = one(vf, i, f);
      if (v === undefined) return undefined;
      const pv = one(pf, i, f);
      return pv === undefined ? undefined : setpathOf(i, pv, v, o);
    };
  }
  if (n.name === "delpaths" && args.length === 1 && nativeOf(ae, "delpaths", 1) && single(args[0], ae)) {
    const pf = compile(args[0]!, scope, env);
    return (i, o, f) => {
      const ps = one(pf, i, f);
      return ps === undefined ? undefined : delpathsOf(i, ps, o);
    };
  }
  if (n.name === "del" && args.length === 1 && builtinDef(ae, "del", 1)) {
    // def del(f): delpaths([path(f)]);
    const pf = compile(args[0]!, scope, env);
    return (i, o, f) => delpathsOf(i, pathsOf(pf, i, f), o);
  }
  return undefined;
}

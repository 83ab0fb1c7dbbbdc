/**
 * `reduce` and `foreach`. When the update has an owning form (own.ts), the loop updates its
 * accumulator in place, as jq does when it holds the only reference: the containers it copied
 * at a first update (or made with `+`) are seen by nothing else, so the next update changes
 * them instead of copying them again. `reduce range(n) as $i ({}; .["k\($i)"] = $i)`, INDEX,
 * `.[$k] += [$x]`, `. + [$x]` are then linear instead of quadratic. The initial value is never
 * changed (the first update copies it); outputs, errors and charges are those of the plain loop.
 *
 * `foreach` emits its state: a state that leaves the loop (no extract, or an extract whose
 * outputs may hold it) is given up by the loop, which owns nothing of it afterwards (its next
 * update copies again), so an emitted state never changes. An extract that keeps nothing of the
 * state leaves the ownership as it was: one proved clean (`length`, `keys`, `"\(.)"`), or one
 * whose outputs this time were all scalars (`.[$k]` of a count).
 */
import { noAlias } from "./alias.js";
import type { Node } from "./ast.js";
import { type CompileEnv, compile, compilePattern } from "./compile.js";
import { compileOwn } from "./own.js";
import type { Filter, Path } from "./runtime.js";
import type { Scope } from "./scope.js";
import type { Val } from "./value.js";

/** Compiles `reduce SOURCE as $x (INIT; UPDATE)`. */
export function compileReduce(node: Extract<Node, { k: "Reduce" }>, scope: Scope, env: CompileEnv): Filter {
  const src = compile(node.source, scope, env);
  const [s2, bind] = compilePattern(node.pattern, scope, env);
  const init = compile(node.init, scope, env);
  const upd = compile(node.update, s2, env);
  const own = compileOwn(node.update, s2, env);
  const plain: Filter = (i, p, f, e) =>
    init(i, p, f, (v0, p0) => {
      let acc: Val = v0;
      let accp: Path = p0;
      const meter = f.rt.meter;
      src(i, null, f, (x) => {
        meter?.tick();
        return bind(x, i, f, () => {
          let last: Val | undefined;
          let lastp: Path = null;
          upd(acc, accp, f, (v, q) => {
            last = v;
            lastp = q;
            return false;
          });
          acc = last === undefined ? null : last;
          accp = last === undefined ? p : lastp;
          return false;
        });
      });
      return e(acc, accp);
    });
  if (!own) return plain;
  return (i, p, f, e) =>
    p !== null
      ? plain(i, p, f, e)
      : init(i, null, f, (v0) => {
          let acc: Val = v0;
          // the containers the loop made: each referenced only from its place in `acc`
          const owned = new WeakSet<object>();
          const meter = f.rt.meter;
          src(i, null, f, (x) => {
            meter?.tick();
            return bind(x, i, f, () => {
              acc = own(acc, owned, f) ?? null;
              return false;
            });
          });
          return e(acc, null);
        });
}

/** Compiles `foreach SOURCE as $x (INIT; UPDATE; EXTRACT)`. */
export function compileForeach(node: Extract<Node, { k: "Foreach" }>, scope: Scope, env: CompileEnv): Filter {
  const src = compile(node.source, scope, env);
  const [s2, bind] = compilePattern(node.pattern, scope, env);
  const init = compile(node.init, scope, env);
  const upd = compile(node.update, s2, env);
  const ext = node.extract ? compile(node.extract, s2, env) : undefined;
  const plain: Filter = (i, p, f, e) =>
    init(i, p, f, (v0, p0) => {
      let acc: Val = v0;
      let accp: Path = p0;
      const meter = f.rt.meter;
      return src(i, null, f, (x) => {
        meter?.tick();
        return bind(x, i, f, () => {
          const prev = acc;
          const prevp = accp;
          // an update without outputs leaves null (jq 1.6, 1.7 and 1.8.1 reload the state as null)
          acc = null;
          accp = p;
          return upd(prev, prevp, f, (v, q) => {
            acc = v;
            accp = q;
            return ext ? ext(v, q, f, e) : e(v, q);
          });
        });
      });
    });
  const own = compileOwn(node.update, s2, env);
  if (!own) return plain;
  // true when the extract's outputs hold nothing of the state: the loop keeps owning it
  const keeps = ext !== undefined && noAlias(node.extract, { natives: env.natives, scope: s2 });
  return (i, p, f, e) =>
    p !== null
      ? plain(i, p, f, e)
      : init(i, null, f, (v0) => {
          let acc: Val = v0;
          let owned = new WeakSet<object>();
          const meter = f.rt.meter;
          return src(i, null, f, (x) => {
            meter?.tick();
            return bind(x, i, f, () => {
              const v = own(acc, owned, f);
              if (v === undefined) {
                acc = null;
                return false;
              }
              acc = v;
              if (keeps) return ext!(v, null, f, e);
              // the state leaves the loop: nothing of it may change afterwards
              if (ext === undefined) {
                owned = new WeakSet();
                return e(v, null);
              }
              // unless the extract's outputs are all scalars (`.[$k]` of a count)
              let escaped = false;
              const stop = ext(v, null, f, (w) => {
                if (typeof w === "object" && w !== null) escaped = true;
                return e(w, null);
              });
              if (escaped) owned = new WeakSet();
              return stop;
            });
          });
        });
}

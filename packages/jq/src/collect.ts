/**
 * Programs whose last stage collects an array (`... | map(f)`, `... | [f]`) compiled in two
 * parts, so that a caller that only serializes the outputs (the `jq` command) can write the
 * array element by element instead of building it: `map(to_entries)` over a large document
 * then costs its output text, not an array of hundreds of thousands of small objects.
 */
import type { Node } from "./ast.js";
import type { CompileEnv } from "./compile.js";
import type { Scope } from "./scope.js";
import { compile, compileDefs, iterate } from "./compile.js";
import { inserted } from "./budget.js";
import type { Filter } from "./runtime.js";
import { BAD_PATH } from "./runtime.js";
import type { Val } from "./value.js";
import { JqMap } from "./value.js";

/**
 * A program split before its last stage: each output of `prefix` becomes one array holding
 * the outputs of `items` run on it (in the frame `prefix` ran in).
 */
export interface CollectTail {
  readonly prefix: Filter;
  readonly items: Filter;
  /**
   * For a program that is `map(f)` (the native `map`, no stage before it): `f`, which `items`
   * runs on each element of an array input, so a caller may run it on elements as they are read.
   */
  readonly each?: Filter;
}

const IDENTITY: Filter = (i, p, _f, e) => e(i, p);

/** True when `node` syntactically ends in `map(f)` or `[f]` (through pipes and `def`s). */
function endsInCollect(node: Node): boolean {
  for (let n = node; ; ) {
    if (n.k === "Pipe") n = n.right;
    else if (n.k === "FuncDef") n = n.rest;
    else return (n.k === "Array" && n.body !== undefined) || (n.k === "Call" && n.name === "map" && n.args.length === 1);
  }
}

/** True when no definition in `scope` shadows the native `name/arity`. */
function isNative(scope: Scope, env: CompileEnv, name: string, arity: number): boolean {
  for (let s: Scope | null = scope; s; s = s.next) {
    const b = s.b;
    if (b && b.t === "func" && b.name === name && b.arity === arity) return false;
  }
  return env.natives.has(`${name}/${arity}`);
}

/**
 * Compiles `node` as a `CollectTail` when its last stage collects an array; `undefined` when it
 * does not (the caller then compiles `node` as usual). Compiles in the order `compile` would,
 * so compile errors are the same.
 */
export function compileCollectTail(node: Node, scope: Scope, env: CompileEnv): CollectTail | undefined {
  if (!endsInCollect(node)) return undefined;
  return split(node, scope, env);
}

function split(node: Node, scope: Scope, env: CompileEnv): CollectTail | undefined {
  switch (node.k) {
    case "Pipe": {
      const l = compile(node.left, scope, env);
      const r = split(node.right, scope, env);
      if (!r) return undefined;
      const { prefix, items } = r;
      return { prefix: prefix === IDENTITY ? l : (i, p, f, e) => l(i, p, f, (v, q) => prefix(v, q, f, e)), items };
    }
    case "FuncDef":
      return split(node.rest, compileDefs([node.def], scope, env), env);
    case "Array":
      return node.body ? { prefix: IDENTITY, items: compile(node.body, scope, env) } : undefined;
    case "Call": {
      if (!isNative(scope, env, "map", 1)) return undefined;
      const g = compile(node.args[0]!, scope, env);
      // The native `map`: `.[] | f` (iterating an object's values), with `.[]`'s errors.
      const items: Filter = (i, _p, f, e) => {
        if (Array.isArray(i)) {
          for (const x of i) if (g(x, null, f, e)) return true;
        } else if (i instanceof JqMap) {
          const vs = i.valueList();
          for (let k = 0; k < vs.length; k++) if (g(vs[k]!, null, f, e)) return true;
        } else iterate(i, null, f, () => false);
        return false;
      };
      return { prefix: IDENTITY, items, each: g };
    }
  }
  return undefined;
}

const isIterate = (n: Node): boolean => n.k === "Iterate" && n.target.k === "Identity";

/**
 * For a program `.[] | f` (or `.[]`): `f` compiled on its own (identity for `.[]`), which the
 * program runs on each element of an array input, so a caller may run it on elements as they
 * are read. Else undefined. The caller compiles the whole program too (for other inputs).
 */
export function compileEachTail(node: Node, scope: Scope, env: CompileEnv): Filter | undefined {
  if (isIterate(node)) return IDENTITY;
  if (node.k === "Pipe" && isIterate(node.left)) return compile(node.right, scope, env);
  return undefined;
}

/** The ordinary filter of a split program: collects each array, then emits it. */
export function joinCollectTail(t: CollectTail): Filter {
  return (i, p, f, e) =>
    t.prefix(i, p, f, (v, q) => {
      const out: Val[] = [];
      t.items(v, null, f, (x) => {
        inserted(x);
        out.push(x);
        return false;
      });
      return e(out, q === null ? null : BAD_PATH);
    });
}

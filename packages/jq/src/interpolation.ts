/** String interpolation (`"\(.a) and \(.b)"`, `@csv "\(.x)"`) compiled to filters. */
import type { Node } from "./ast.js";
import type { CompileEnv } from "./compile.js";
import type { Scope } from "./scope.js";
import { compile } from "./compile.js";
import { charge } from "./budget.js";
import { applyFormat, tostring } from "./format.js";
import { index } from "./paths.js";
import type { Filter } from "./runtime.js";
import { BAD_PATH } from "./runtime.js";
import type { Val } from "./value.js";

/**
 * For `.`, literals and chains of literal indices (`.a`, `.a.b[0]`): the one output, computed
 * without continuations (no effects, one output, the same errors); undefined for anything else.
 */
function simpleGetter(n: Node): ((i: Val) => Val) | undefined {
  switch (n.k) {
    case "Identity":
      return (i) => i;
    case "Literal": {
      const v = n.value as Val;
      return () => v;
    }
    case "Index": {
      const t = n.index.k === "Literal" ? simpleGetter(n.target) : undefined;
      if (!t || n.index.k !== "Literal") return undefined;
      const key = n.index.value as Val;
      return (i) => index(t(i), key);
    }
  }
  return undefined;
}

/** Compiles an interpolated string: one output per combination of the parts' outputs. */
export function compileString(parts: readonly (string | Node)[], fmt: string | undefined, scope: Scope, env: CompileEnv): Filter {
  const conv = fmt ? (v: Val) => applyFormat(fmt, v) as string : tostring;
  const getters = parts.map((x) => (typeof x === "string" ? x : simpleGetter(x)));
  if (getters.every((g) => g !== undefined)) {
    // `"\(.name) has \(.score)"`: one output, built directly (last part first, as below).
    const gs = getters as readonly (string | ((i: Val) => Val))[];
    return (i, p, _f, e) => {
      let s = "";
      for (let k = gs.length - 1; k >= 0; k--) {
        const g = gs[k]!;
        s = (typeof g === "string" ? g : conv(g(i))) + s;
      }
      charge(s.length);
      return e(s, p === null ? null : BAD_PATH);
    };
  }
  const cs = parts.map((x) => (typeof x === "string" ? x : compile(x, scope, env)));
  // Last interpolation varies slowest (as jq builds the string by nested additions).
  return (i, p, f, e) => {
    const acc: string[] = new Array(cs.length);
    const go = (k: number): boolean => {
      if (k < 0) {
        const s = acc.join("");
        charge(s.length);
        return e(s, p === null ? null : BAD_PATH);
      }
      const c = cs[k]!;
      if (typeof c === "string") {
        acc[k] = c;
        return go(k - 1);
      }
      return c(i, null, f, (v) => {
        acc[k] = conv(v);
        return go(k - 1);
      });
    };
    return go(cs.length - 1);
  };
}


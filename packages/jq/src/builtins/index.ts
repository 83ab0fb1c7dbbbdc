/**
 * The builtin library: native functions plus the jq-defined ones, compiled once into a base
 * scope that every program is compiled on top of.
 */
import type { CompileEnv } from "../compile.js";
import { BUILTIN_FILE, compileDefs } from "../compile.js";
import { rootScope, type Scope } from "../scope.js";
import { parse } from "../parser.js";
import type { Native } from "../runtime.js";
import { CORE } from "./core.js";
import { DATES } from "./dates.js";
import { JQ_DEFS } from "./defs.js";
import { MATH } from "./math.js";
import { MODULES } from "./modmeta.js";
import { REGEX } from "./regex.js";

/** Native builtins by `name/arity`. */
export const NATIVES: ReadonlyMap<string, Native> = new Map([...CORE, ...MATH, ...DATES, ...REGEX, ...MODULES].map((n) => [`${n.name}/${n.arity}`, n]));

let base: { scope: Scope; names: string[] } | undefined;

/** The scope holding every jq-defined builtin (compiled on first use). */
export function builtinScope(): Scope {
  if (!base) {
    const prog = parse(JQ_DEFS);
    const env: CompileEnv = { natives: NATIVES, file: BUILTIN_FILE };
    const scope = compileDefs(prog.defs, rootScope(), env);
    base = { scope, names: prog.defs.map((d) => `${d.name}/${d.params.length}`) };
  }
  return base.scope;
}

/** `builtins`: every builtin as `name/arity`. */
export function builtinNames(): string[] {
  builtinScope();
  const names = new Set<string>([...NATIVES.keys()].filter((n) => !n.startsWith("_")));
  for (const n of base!.names) if (!n.startsWith("_")) names.add(n);
  return [...names];
}

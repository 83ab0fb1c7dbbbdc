/**
 * jq's compile-time scopes: a linked list of bindings (variables, labels, functions, function
 * parameters, imported data constants) with the slot allocator of each call level. The
 * compiler (./compile.ts) resolves names through them; modules (./modules.ts) bind what they
 * import.
 */
import type { JqCompileError } from "./parser.js";
import type { Filter } from "./runtime.js";
import type { Val } from "./value.js";

/** A compiled user (or jq-defined builtin) function. */
export interface CompiledDef {
  readonly name: string;
  readonly arity: number;
  /** Level of the scope the def appears in; its body runs at level + 1. */
  readonly level: number;
  nslots: number;
  /** For each parameter: the var slot for `$name` params, or -1. */
  readonly valueParams: number[];
  body: Filter;
  /** The compile error of a body that uses an undefined name: raised where the def is called. */
  error?: JqCompileError;
  /** True for the jq-defined builtins (builtins/defs.ts). */
  readonly builtin?: boolean;
}

/** One name a scope binds. */
export type Binding =
  | { readonly t: "var"; readonly name: string; readonly level: number; readonly slot: number }
  | { readonly t: "label"; readonly name: string; readonly level: number; readonly slot: number }
  | { readonly t: "func"; readonly name: string; readonly arity: number; readonly def: CompiledDef }
  | { readonly t: "param"; readonly name: string; readonly level: number; readonly index: number }
  | { readonly t: "const"; readonly name: string; readonly value: Val };

/** Compile-time scope: a linked list of bindings plus the level's slot allocator. */
export interface Scope {
  readonly b: Binding | null;
  readonly next: Scope | null;
  readonly level: number;
  readonly alloc: { n: number };
}

export function push(scope: Scope, b: Binding): Scope {
  return { b, next: scope, level: scope.level, alloc: scope.alloc };
}

/** A fresh scope at level 0 with its own slot allocator. */
export function rootScope(): Scope {
  return { b: null, next: null, level: 0, alloc: { n: 0 } };
}

/** Adds a variable to the scope, allocating a slot. */
export function bindVar(scope: Scope, name: string): [Scope, number] {
  const slot = scope.alloc.n++;
  return [push(scope, { t: "var", name, level: scope.level, slot }), slot];
}

/** The nearest binding of variable (or label) `name`: its level and slot, or the value of an imported data constant. */
export function lookupVar(scope: Scope, name: string, kind: "var" | "label"): { level: number; slot: number; value?: Val } | undefined {
  for (let s: Scope | null = scope; s; s = s.next) {
    const b = s.b;
    if (b && b.name === name && b.t === kind) return b;
    // An imported data file (`import "f" as $d;`) is a constant, not a slot.
    if (b && b.name === name && b.t === "const" && kind === "var") return { level: -1, slot: -1, value: b.value };
  }
  return undefined;
}

/** Binds the constant `$name` (an imported data file) in the scope. */
export function bindConst(scope: Scope, name: string, value: Val): Scope {
  return push(scope, { t: "const", name, value });
}

/**
 * Binds in `scope` the functions defined between `top` (a scope `compileDefs` returned) and
 * `base` (the scope it was given), as `prefix::name` (or their own names without a prefix),
 * in definition order so later definitions shadow earlier ones. How a module's definitions
 * reach its importer.
 */
export function bindDefs(scope: Scope, top: Scope, base: Scope, prefix?: string): Scope {
  const defs: CompiledDef[] = [];
  for (let s: Scope | null = top; s && s !== base; s = s.next) if (s.b?.t === "func") defs.push(s.b.def);
  let out = scope;
  for (let k = defs.length - 1; k >= 0; k--) {
    const d = defs[k]!;
    out = push(out, { t: "func", name: prefix === undefined ? d.name : `${prefix}::${d.name}`, arity: d.arity, def: d });
  }
  return out;
}

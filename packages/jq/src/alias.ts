/**
 * What an expression's outputs can share with its input, decided on the AST: the analysis that
 * lets an accumulator loop (own.ts, reduce.ts) change its accumulator in place. jq updates a
 * value in place when it holds the only reference; Husk has no reference counts, so it proves
 * at compile time that an update cannot let the accumulator (or a container inside it) escape.
 *
 * - `single(n)`: n emits at most one output per input, and runs nothing after it (so its one
 *   output can be taken before the value it read is changed).
 * - `noAlias(n)`: no output of n holds its input or a container inside it (a scalar, a fresh
 *   value of scalars, a variable's value, a literal).
 * - `affine(n)`: every output of n holds each container of its input at most once (`.`, `.a`,
 *   `. // []`, `. + [1]`): given up by its caller, the input's containers stay singly referenced.
 *
 * Each answer is conservative: "false" only means "not proved". A variable never holds a
 * container of an accumulator being updated in place (own.ts binds variables only to values
 * `noAlias` proves clean), which is what makes `$x` clean here.
 */
import type { Node, Pattern } from "./ast.js";
import type { Native } from "./runtime.js";
import type { CompiledDef, Scope } from "./scope.js";
import { DecLit } from "./number.js";

/** The natives an expression may call, and the scope that says which names are natives. */
export interface AliasEnv {
  readonly natives: ReadonlyMap<string, Native>;
  readonly scope: Scope;
}

/** Natives whose outputs are scalars or fresh values made of scalars (never their input's containers). */
const CLEAN = new Set(
  [
    "length/0", "utf8bytelength/0", "not/0", "type/0", "tostring/0", "tojson/0", "fromjson/0", "tonumber/0", "toboolean/0",
    "ascii_downcase/0", "ascii_upcase/0", "explode/0", "implode/0", "ltrimstr/1", "rtrimstr/1", "trim/0", "ltrim/0", "rtrim/0",
    "startswith/1", "endswith/1", "split/1", "split/2", "splits/1", "splits/2", "join/1", "test/1", "test/2", "match/1", "match/2",
    "capture/1", "capture/2", "sub/2", "sub/3", "gsub/2", "gsub/3", "has/1", "contains/1", "keys/0", "keys_unsorted/0",
    "path/1", "infinite/0", "nan/0", "isinfinite/0", "isnan/0", "isnormal/0", "input/0", "inputs/0", "now/0",
    "error/0", "error/1", "empty/0", "isempty/1", "bsearch/1", "_indices/1", "_strindices/1", "range/2", "range/3",
    "input_filename/0", "input_line_number/0", "halt/0", "halt_error/0", "halt_error/1", "_equal_any/2", "builtins/0",
    "gmtime/0", "localtime/0", "mktime/0", "strftime/1", "strflocaltime/1", "strptime/1", "modulemeta/0",
  ],
);

/** Math natives (numbers in, numbers or fresh arrays of numbers out). */
const MATH_NAMES =
  /^(floor|sqrt|ceil|round|fabs|abs|exp|exp2|exp10|log|log2|log10|log1p|expm1|pow|pow10|atan2|fmod|ldexp|scalb|scalbln|nearbyint|trunc|rint|significand|logb|gamma|lgamma|tgamma|lgamma_r|frexp|modf|drem|fma|fmin|fmax|fdim|copysign|nexttoward|nextafter|hypot|sin|cos|tan|asin|acos|atan|sinh|cosh|tanh|asinh|acosh|atanh|cbrt|j0|j1|y0|y1|erf|erfc)\//;

/** Natives with one output per input, whatever their arguments (they collect or test them). */
const ONE_OUTPUT = new Set(["map/1", "isempty/1", "add/1", "sort_by/1", "group_by/1", "unique_by/1", "min_by/1", "max_by/1", "first/1", "last/1", "_modify/2"]);

/** Natives with one output per output of their argument(s), and no output of their own otherwise. */
const PER_ARG = new Set(["not/0", "path/1", "getpath/1", "select/1", "error/0", "error/1", "empty/0", "input/0"]);

/** What `name/arity` names in `env`: a native, a definition, or (undefined) a parameter or nothing. */
function callee(env: AliasEnv, name: string, arity: number): Native | CompiledDef | undefined {
  for (let s: Scope | null = env.scope; s; s = s.next) {
    const b = s.b;
    if (b === null) continue;
    if (b.t === "param" && arity === 0 && b.name === name) return undefined;
    if (b.t === "func" && b.arity === arity && b.name === name) return b.def;
  }
  return env.natives.get(`${name}/${arity}`);
}

/** The native `name/arity` names when no definition or parameter in `scope` hides it. */
export function nativeOf(env: AliasEnv, name: string, arity: number): Native | undefined {
  const c = callee(env, name, arity);
  return c !== undefined && "fn" in c ? c : undefined;
}

/** True when `name/arity` is the jq-defined builtin of that name (no user definition hides it). */
export function builtinDef(env: AliasEnv, name: string, arity: number): boolean {
  const c = callee(env, name, arity);
  return c !== undefined && "body" in c && c.builtin === true;
}

/** Builtins that read their input only through their arguments (`range(5)` does not read `.`). */
const ARGS_ONLY = new Set(["range/1", "range/2", "range/3", "limit/2", "skip/2", "first/1", "last/1", "isempty/1", "empty/0", "input/0", "inputs/0"]);

/** True when `n` never reads its input `.` (its outputs then cannot hold the input). */
export function inputFree(n: Node | undefined, env: AliasEnv): boolean {
  if (n === undefined) return true;
  const free = (x: Node | undefined): boolean => inputFree(x, env);
  switch (n.k) {
    case "Call": {
      const key = `${n.name}/${n.args.length}`;
      if (!ARGS_ONLY.has(key)) return false;
      if (nativeOf(env, n.name, n.args.length) === undefined && !builtinDef(env, n.name, n.args.length)) return false;
      return n.args.every(free);
    }
    case "Literal":
    case "Var":
    case "Loc":
      return true;
    case "Index":
      return free(n.target) && free(n.index);
    case "Slice":
      return free(n.target) && free(n.from) && free(n.to);
    case "Iterate":
      return free(n.target);
    case "Array":
    case "Neg":
      return free(n.body);
    case "Object":
      return n.entries.every((en) => free(en.key) && free(en.value ?? en.key));
    case "Str":
      return n.parts.every((p) => typeof p === "string" || free(p));
    case "Comma":
    case "Binop":
    case "And":
    case "Or":
    case "Alt":
      return free(n.left) && free(n.right);
    case "If":
      return free(n.cond) && free(n.then) && free(n.else);
    case "Pipe":
      // the right side reads the left side's outputs, not this input
      return free(n.left);
  }
  return false;
}

/** True for a pattern that binds once per value and reads nothing but that value. */
export function simplePattern(p: Pattern): boolean {
  if (p.k === "PVar") return true;
  if (p.k === "PArray") return p.elems.every(simplePattern);
  return p.entries.every((en) => (en.keyVar !== undefined || en.key?.k === "Literal") && (en.value === undefined || simplePattern(en.value)));
}

const COMPARE = new Set(["==", "!=", "<", "<=", ">", ">="]);

/** True when every output of `n` is a non-null scalar (then `x + n` cannot be `x`). */
function scalarOut(n: Node): boolean {
  switch (n.k) {
    case "Literal":
      return n.value !== null && (typeof n.value !== "object" || n.value instanceof DecLit);
    case "Str":
    case "Format":
    case "Neg":
    case "And":
    case "Or":
      return true;
    case "Binop":
      return COMPARE.has(n.op);
  }
  return false;
}

/** See the module comment. */
export function single(n: Node | undefined, env: AliasEnv): boolean {
  if (n === undefined) return true;
  switch (n.k) {
    case "Identity":
    case "Literal":
    case "Var":
    case "Loc":
    case "Format":
    case "Array":
    case "Break":
      return true;
    case "Index":
      return single(n.target, env) && single(n.index, env);
    case "Slice":
      return single(n.target, env) && single(n.from, env) && single(n.to, env);
    case "Try":
      return single(n.body, env) && single(n.handler, env);
    case "Str":
      return n.parts.every((p) => typeof p === "string" || single(p, env));
    case "Object":
      return n.entries.every((en) => single(en.key, env) && single(en.value ?? en.key, env));
    case "Neg":
    case "Label":
      return single(n.body, env);
    case "Pipe":
    case "Binop":
    case "And":
    case "Or":
    case "Alt":
      return single(n.left, env) && single(n.right, env);
    case "Assign":
      return n.op === "|=" || single(n.right, env);
    case "If":
      return single(n.cond, env) && single(n.then, env) && single(n.else, env);
    case "Reduce":
      return single(n.init, env);
    case "Bind":
      return n.patterns.length === 1 && simplePattern(n.patterns[0]!) && single(n.source, env) && single(n.body, env);
    case "Call": {
      const nat = nativeOf(env, n.name, n.args.length);
      if (nat === undefined) return false;
      const key = `${n.name}/${n.args.length}`;
      if (ONE_OUTPUT.has(key)) return true;
      if (nat.single === true || PER_ARG.has(key)) return n.args.every((a) => single(a, env));
      return false;
    }
  }
  return false;
}

/** See the module comment. */
export function noAlias(n: Node | undefined, env: AliasEnv): boolean {
  if (n === undefined) return true;
  switch (n.k) {
    case "Literal":
    case "Var":
    case "Loc":
    case "Format":
    case "Str":
    case "Neg":
    case "And":
    case "Or":
    case "Break":
      return true;
    case "Index":
    case "Slice":
    case "Iterate":
      return noAlias(n.target, env);
    case "Array":
    case "Label":
      return noAlias(n.body, env);
    case "Object":
      return n.entries.every((en) => noAlias(en.value ?? en.key, env));
    case "Binop":
      if (COMPARE.has(n.op) || scalarOut(n.left) || scalarOut(n.right)) return true;
      return noAlias(n.left, env) && noAlias(n.right, env);
    case "Comma":
    case "Alt":
      return noAlias(n.left, env) && noAlias(n.right, env);
    case "If":
      return noAlias(n.then, env) && noAlias(n.else, env);
    case "Pipe":
      // the right side sees only the left side's outputs (and clean variables)
      return noAlias(n.left, env) || noAlias(n.right, env);
    case "Try":
      // the handler's input is the error value, which `error(.)` makes the input itself
      return noAlias(n.body, env) && noAlias(n.handler, env);
    case "Bind":
      return noAlias(n.source, env) && noAlias(n.body, env);
    case "Reduce":
      // the update sees the (clean) accumulator and variables bound to the source's outputs
      return noAlias(n.init, env) && noAlias(n.source, env);
    case "Foreach":
      return noAlias(n.init, env) && noAlias(n.source, env);
    case "Call": {
      const key = `${n.name}/${n.args.length}`;
      if (nativeOf(env, n.name, n.args.length) === undefined) return false;
      if (CLEAN.has(key) || MATH_NAMES.test(key)) return true;
      // outputs of the argument, run on this input (map: on its elements)
      if (key === "map/1" || key === "first/1" || key === "last/1" || key === "add/1") return noAlias(n.args[0], env);
      if (key === "limit/2") return noAlias(n.args[1], env);
      return false;
    }
  }
  return false;
}

/** See the module comment. */
export function affine(n: Node | undefined, env: AliasEnv): boolean {
  if (n === undefined) return true;
  if (noAlias(n, env)) return true;
  switch (n.k) {
    case "Identity":
      return true;
    case "Index":
    case "Slice":
      return affine(n.target, env);
    case "Alt":
      return affine(n.left, env) && affine(n.right, env);
    case "If":
      return affine(n.then, env) && affine(n.else, env);
    case "Pipe":
      return affine(n.left, env) && affine(n.right, env);
    case "Binop":
      // `a + b` (and `-`, `*`) holds what both sides hold: one of them must be clean
      return (noAlias(n.left, env) && affine(n.right, env)) || (affine(n.left, env) && noAlias(n.right, env));
    case "Label":
      return affine(n.body, env);
    case "Bind":
      return noAlias(n.source, env) && affine(n.body, env);
  }
  return false;
}

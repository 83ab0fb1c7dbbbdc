/**
 * Compiles the jq AST to closures (`Filter`s). Variables live in slots of per-call `Frame`s,
 * resolved at compile time to (levels up, slot); function parameters are closures.
 */
import type { FuncDef, Node, Pattern } from "./ast.js";
import { SLOT, charge, inserted, tick } from "./budget.js";
import { makeAssign } from "./assign.js";
import { compileOwn } from "./own.js";
import { compileForeach, compileReduce } from "./reduce.js";
import { JqCompileError } from "./parser.js";
import { applyFormat } from "./format.js";
import { compileString } from "./interpolation.js";
import { binop, describe, negate } from "./ops.js";
import { index, slice } from "./paths.js";
import type { Closure, Emit, Filter, Native, Path } from "./runtime.js";
import { BAD_PATH, BreakSignal, Frame, checkIterPath, extendPath } from "./runtime.js";
import type { JqObject, Val } from "./value.js";
import { JqError, JqMap, truthy, typeOf } from "./value.js";
import { bindVar, type CompiledDef, lookupVar, push, type Scope } from "./scope.js";

/** The file name the jq-defined builtins are compiled under (their defs are marked `builtin`). */
export const BUILTIN_FILE = "<builtin>";

/** The environment a compilation runs in. */
export interface CompileEnv {
  readonly natives: ReadonlyMap<string, Native>;
  /** Lets `$__loc__` know the file name. */
  readonly file: string;
  /** The text of a module file being compiled (for its error messages); absent for the main program. */
  readonly source?: string;
  /** Set when the program calls a builtin with effects (input, debug, now ...). */
  readonly effects?: { used: boolean; inputs: boolean };
}

/** Builtins whose outputs or effects differ between two runs on the same input. */
const EFFECTFUL = new Set(["input", "inputs", "debug", "stderr", "now", "halt", "halt_error", "input_filename", "input_line_number"]);

const fail = (msg: string, at = 0): never => {
  throw new JqCompileError(msg, at);
};

function up(frame: Frame, n: number): Frame {
  let f = frame;
  for (let i = 0; i < n; i++) f = f.parent!;
  return f;
}

/** Compiles function definitions into the scope (in order) and returns the extended scope. */
export function compileDefs(defs: readonly FuncDef[], scope: Scope, env: CompileEnv): Scope {
  let s = scope;
  for (const d of defs) s = compileDef(d, s, env);
  return s;
}

function compileDef(d: FuncDef, scope: Scope, env: CompileEnv): Scope {
  const builtin = env.file === BUILTIN_FILE;
  const cd: CompiledDef = { name: d.name, arity: d.params.length, level: scope.level, nslots: 0, valueParams: [], body: () => false, builtin };
  const withSelf = push(scope, { t: "func", name: d.name, arity: d.params.length, def: cd });
  let inner: Scope = { b: null, next: withSelf, level: scope.level + 1, alloc: { n: 0 } };
  d.params.forEach((p, i) => {
    const name = p.startsWith("$") ? p.slice(1) : p;
    inner = push(inner, { t: "param", name, level: inner.level, index: i });
    if (p.startsWith("$")) {
      const [s2, slot] = bindVar(inner, name);
      inner = s2;
      cd.valueParams.push(slot);
    } else cd.valueParams.push(-1);
  });
  try {
    cd.body = compile(d.body, inner, env);
  } catch (e) {
    // As jq, a name a definition uses but nothing defines is an error only once the
    // definition is called from code that runs (an unused library function may use one).
    if (!(e instanceof JqCompileError)) throw e;
    if (env.source !== undefined && e.file === undefined) {
      e.file = env.file;
      e.source = env.source;
    }
    cd.error = e;
  }
  cd.nslots = inner.alloc.n;
  return withSelf;
}

/** Calls a compiled def with the given argument closures. */
function callDef(cd: CompiledDef, input: Val, path: Path, parent: Frame, args: Closure[], emit: Emit): boolean {
  const rt = parent.rt;
  // TM-DOS-009: recursion through jq-defined functions (walk, tostream, combinations) ticks
  tick();
  if (++rt.depth > rt.maxDepth) {
    rt.depth = 0;
    throw new JqError(`jq: maximum call depth (${rt.maxDepth}) exceeded`);
  }
  try {
    const frame = new Frame(cd.nslots, args, parent, rt);
    const vp = cd.valueParams;
    let anyValue = false;
    for (let i = 0; i < vp.length; i++) if (vp[i]! >= 0) anyValue = true;
    if (!anyValue) return cd.body(input, path, frame, emit);
    const bindFrom = (i: number): boolean => {
      while (i < vp.length && vp[i]! < 0) i++;
      if (i === vp.length) return cd.body(input, path, frame, emit);
      const c = args[i]!;
      const slot = vp[i]!;
      let stop = false;
      c.fn(input, null, c.frame, (v) => {
        frame.vars[slot] = v;
        if (bindFrom(i + 1)) stop = true;
        return stop;
      });
      return stop;
    };
    return bindFrom(0);
  } finally {
    rt.depth--;
  }
}

const IDENTITY: Filter = (i, p, _f, e) => e(i, p);
const EMPTY: Filter = () => false;

/** Compiles one expression in a scope. */
export function compile(node: Node, scope: Scope, env: CompileEnv): Filter {
  switch (node.k) {
    case "Identity":
      return IDENTITY;
    case "RecurseAll":
      return recurseAll;
    case "Literal": {
      const v = node.value as Val;
      return (_i, p, _f, e) => {
        return e(v, p === null ? null : BAD_PATH);
      };
    }
    case "Index":
      return compileIndex(node.target, node.index, scope, env);
    case "Slice": {
      const t = compile(node.target, scope, env);
      const from = node.from ? compile(node.from, scope, env) : undefined;
      const to = node.to ? compile(node.to, scope, env) : undefined;
      return (i, p, f, e) => {
        const tos: Val[] = to ? vals(to, i, f) : [null];
        const froms: Val[] = from ? vals(from, i, f) : [null];
        for (const b of tos)
          for (const a of froms) {
            const key: JqObject = new JqMap([["start", a], ["end", b]]);
            if (t(i, p, f, (v, q) => { const np = extendPath(q, key, v); return e(slice(v, a, b), np); })) return true;
          }
        return false;
      };
    }
    case "Iterate": {
      const t = compile(node.target, scope, env);
      if (t === IDENTITY) return iterate;
      return (i, p, f, e) => t(i, p, f, (v, q) => iterate(v, q, f, e));
    }
    case "Try":
      return compileTry(node.body, node.handler, scope, env);
    case "Str":
      return compileString(node.parts, node.fmt, scope, env);
    case "Format": {
      const fmt = node.fmt;
      return (i, p, _f, e) => {
        const v = applyFormat(fmt, i);
        return e(v, p === null ? null : BAD_PATH);
      };
    }
    case "Array": {
      if (!node.body) {
        return (_i, p, _f, e) => {
          return e([], p === null ? null : BAD_PATH);
        };
      }
      const body = compile(node.body, scope, env);
      return (i, p, f, e) => {
        const out: Val[] = [];
        body(i, null, f, (v) => {
          inserted(v);
          out.push(v);
          return false;
        });
        return e(out, p === null ? null : BAD_PATH);
      };
    }
    case "Object":
      return compileObject(node, scope, env);
    case "Neg": {
      const b = compile(node.body, scope, env);
      return (i, p, f, e) =>
        b(i, null, f, (v) => {
          const r = negate(v);
          return e(r, p === null ? null : BAD_PATH);
        });
    }
    case "Pipe": {
      const l = compile(node.left, scope, env);
      const r = compile(node.right, scope, env);
      if (l === IDENTITY) return r;
      if (r === IDENTITY) return l;
      return (i, p, f, e) => l(i, p, f, (v, q) => r(v, q, f, e));
    }
    case "Comma": {
      const l = compile(node.left, scope, env);
      const r = compile(node.right, scope, env);
      return (i, p, f, e) => l(i, p, f, e) || r(i, p, f, e);
    }
    case "Binop":
      return compileBinop(node.op, node.left, node.right, scope, env);
    case "And":
    case "Or": {
      const isAnd = node.k === "And";
      const l = compile(node.left, scope, env);
      const r = compile(node.right, scope, env);
      return (i, p, f, e) =>
        l(i, null, f, (a) => {
          if (isAnd ? !truthy(a) : truthy(a)) {
            return e(!isAnd, p === null ? null : BAD_PATH);
          }
          return r(i, null, f, (b) => {
            return e(truthy(b), p === null ? null : BAD_PATH);
          });
        });
    }
    case "Alt":
      return compileAlt(compile(node.left, scope, env), compile(node.right, scope, env));
    case "Assign":
      return compileAssign(node.op, node.left, node.right, scope, env);
    case "If": {
      const c = compile(node.cond, scope, env);
      const t = compile(node.then, scope, env);
      const el = node.else ? compile(node.else, scope, env) : IDENTITY;
      return (i, p, f, e) => c(i, null, f, (v) => (truthy(v) ? t(i, p, f, e) : el(i, p, f, e)));
    }
    case "Reduce":
      return compileReduce(node, scope, env);
    case "Foreach":
      return compileForeach(node, scope, env);
    case "FuncDef":
      return compile(node.rest, compileDef(node.def, scope, env), env);
    case "Call":
      return compileCall(node.name, node.args, node.at, scope, env);
    case "Var": {
      if (node.name === "ENV" && !lookupVar(scope, "ENV", "var")) {
        return (_i, p, f, e) => {
          return e(f.rt.env, p === null ? null : BAD_PATH);
        };
      }
      if (node.name === "__prog_args" || (node.name === "ARGS" && !lookupVar(scope, "ARGS", "var"))) {
        return (_i, p, f, e) => {
          return e(f.rt.args, p === null ? null : BAD_PATH);
        };
      }
      const b = lookupVar(scope, node.name, "var");
      if (!b) return fail(`$${node.name} is not defined`, node.at);
      if (b.value !== undefined) {
        const v = b.value;
        return (_i, p, _f, e) => e(v, p === null ? null : BAD_PATH);
      }
      const n = scope.level - b.level;
      const slot = b.slot;
      if (n === 0) {
        return (_i, p, f, e) => {
          const v = f.vars[slot]!;
          return e(v, p === null ? null : BAD_PATH);
        };
      }
      return (_i, p, f, e) => {
        const v = up(f, n).vars[slot]!;
        return e(v, p === null ? null : BAD_PATH);
      };
    }
    case "Bind":
      return compileBind(node.source, node.patterns, node.body, scope, env);
    case "Label": {
      const slot = scope.alloc.n++;
      const s2 = push(scope, { t: "label", name: node.name, level: scope.level, slot });
      const body = compile(node.body, s2, env);
      return (i, p, f, e) => {
        const token = {};
        f.vars[slot] = token as unknown as Val;
        try {
          return body(i, p, f, e);
        } catch (x) {
          if (x instanceof BreakSignal && x.token === token) return false;
          throw x;
        }
      };
    }
    case "Break": {
      const b = lookupVar(scope, node.name, "label");
      if (!b) return fail(`$*label-${node.name} is not defined`, node.at);
      const n = scope.level - b.level;
      const slot = b.slot;
      return (_i, _p, f) => {
        throw new BreakSignal(up(f, n).vars[slot] as unknown as object);
      };
    }
    case "Loc": {
      const v: JqObject = new JqMap([["file", env.file], ["line", node.line]]);
      return (_i, p, _f, e) => {
        return e(v, p === null ? null : BAD_PATH);
      };
    }
  }
}

/** Value-mode outputs of `f` as an array. */
function vals(f: Filter, i: Val, fr: Frame): Val[] {
  const out: Val[] = [];
  f(i, null, fr, (v) => {
    out.push(v);
    return false;
  });
  return out;
}

const recurseAll: Filter = (i, p, f, e) => {
  const meter = f.rt.meter;
  const rec = (v: Val, q: Path): boolean => {
    meter?.tick();
    if (e(v, q)) return true;
    if (Array.isArray(v)) {
      checkIterPath(q, v);
      for (let k = 0; k < v.length; k++) if (rec(v[k]!, q === null ? null : extend(q, k))) return true;
    } else if (v instanceof JqMap) {
      checkIterPath(q, v);
      for (const [k, x] of v) if (rec(x, q === null ? null : extend(q, k))) return true;
    }
    return false;
  };
  return rec(i, p);
};

/** `[...q, k]`, charged (a path built: `[paths]` of a DAG keeps one per node). */
function extend(q: Val[], k: Val): Val[] {
  charge(SLOT * (q.length + 1));
  return [...q, k];
}

/** `.[]` on a value. */
export const iterate: Filter = (v, q, _f, e) => {
  if (q === BAD_PATH) checkIterPath(q, v);
  if (Array.isArray(v)) {
    if (q === null) {
      for (let k = 0; k < v.length; k++) if (e(v[k]!, null)) return true;
    } else for (let k = 0; k < v.length; k++) if (e(v[k]!, extend(q, k))) return true;
    return false;
  }
  if (v instanceof JqMap) {
    const vs = v.valueList();
    if (q === null) {
      for (let k = 0; k < vs.length; k++) if (e(vs[k]!, null)) return true;
    } else {
      const ks = v.keyList();
      for (let k = 0; k < vs.length; k++) if (e(vs[k]!, extend(q, ks[k]!))) return true;
    }
    return false;
  }
  throw new JqError(`Cannot iterate over ${v === null ? "null" : describe(v)}`);
};

function compileIndex(target: Node, idx: Node, scope: Scope, env: CompileEnv): Filter {
  const t = compile(target, scope, env);
  if (idx.k === "Literal") {
    const key = idx.value as Val;
    if (t === IDENTITY) return (i, p, _f, e) => (p === null ? e(index(i, key), null) : withPath(e, i, key, extendPath(p, key, i)));
    return (i, p, f, e) => t(i, p, f, (v, q) => (q === null ? e(index(v, key), null) : withPath(e, v, key, extendPath(q, key, v))));
  }
  const x = compile(idx, scope, env);
  return (i, p, f, e) =>
    x(i, null, f, (key) => t(i, p, f, (v, q) => (q === null ? e(index(v, key), null) : withPath(e, v, key, extendPath(q, key, v)))));
}

/** Emits `v[key]` with an already-extended path (the path is checked before indexing, as jq does). */
function withPath(e: Emit, v: Val, key: Val, np: Path): boolean {
  return e(index(v, key), np);
}

function compileTry(bodyN: Node, handlerN: Node | undefined, scope: Scope, env: CompileEnv): Filter {
  const body = compile(bodyN, scope, env);
  const handler = handlerN ? compile(handlerN, scope, env) : undefined;
  return (i, p, f, e) => {
    let inEmit = false;
    try {
      return body(i, p, f, (v, q) => {
        inEmit = true;
        const r = e(v, q);
        inEmit = false;
        return r;
      });
    } catch (x) {
      if (inEmit || !(x instanceof JqError)) throw x;
      if ((x as { isBreakOut?: boolean }).isBreakOut) throw x;
      if (!handler) return false;
      return handler(x.value === undefined ? null : x.value, null, f, e);
    }
  };
}

function compileAlt(l: Filter, r: Filter): Filter {
  return (i, p, f, e) => {
    let any = false;
    let inEmit = false;
    try {
      const stop = l(i, p, f, (v, q) => {
        if (!truthy(v)) return false;
        any = true;
        inEmit = true;
        const s = e(v, q);
        inEmit = false;
        return s;
      });
      if (stop) return true;
    } catch (x) {
      if (inEmit || !(x instanceof JqError)) throw x;
    }
    if (any) return false;
    return r(i, p, f, e);
  };
}

function compileObject(node: Extract<Node, { k: "Object" }>, scope: Scope, env: CompileEnv): Filter {
  const entries = node.entries.map((en) => {
    const key = compile(en.key, scope, env);
    const value = compile(en.value ?? en.key, scope, env);
    const constKey = en.key.k === "Literal" && typeof en.key.value === "string" ? en.key.value : undefined;
    return { key, value, constKey };
  });
  return (i, p, f, e) => {
    const acc: JqObject = new JqMap();
    const go = (k: number): boolean => {
      if (k === entries.length) {
        const vs = acc.valueList();
        for (let j = 0; j < vs.length; j++) inserted(vs[j]!);
        const m = new JqMap(acc);
        return e(m, p === null ? null : BAD_PATH);
      }
      const en = entries[k]!;
      const withKey = (kv: Val): boolean => {
        if (typeof kv !== "string") {
          throw new JqError(`Cannot use ${describe(kv)} as object key`);
        }
        return en.value(i, null, f, (v) => {
          const had = acc.has(kv);
          const old = acc.get(kv);
          acc.set(kv, v);
          const r = go(k + 1);
          if (had) acc.set(kv, old!);
          else acc.delete(kv);
          return r;
        });
      };
      if (en.constKey !== undefined) return withKey(en.constKey);
      return en.key(i, null, f, withKey);
    };
    return go(0);
  };
}

function compileBinop(op: string, ln: Node, rn: Node, scope: Scope, env: CompileEnv): Filter {
  const l = compile(ln, scope, env);
  if (rn.k === "Literal") {
    const b = rn.value as Val;
    return (i, p, f, e) =>
      l(i, null, f, (a) => {
        const r = binop(op, a, b);
        return e(r, p === null ? null : BAD_PATH);
      });
  }
  const r = compile(rn, scope, env);
  return (i, p, f, e) =>
    r(i, null, f, (b) =>
      l(i, null, f, (a) => {
        const v = binop(op, a, b);
        return e(v, p === null ? null : BAD_PATH);
      }),
    );
}

/** A compiled destructuring: binds `value` then calls `k`; returns k's stop flag. */
export type Binder = (value: Val, input: Val, frame: Frame, k: () => boolean) => boolean;

function patternVars(p: Pattern, out: string[]): string[] {
  if (p.k === "PVar") out.push(p.name);
  else if (p.k === "PArray") for (const x of p.elems) patternVars(x, out);
  else
    for (const en of p.entries) {
      if (en.keyVar) out.push(en.keyVar);
      if (en.value) patternVars(en.value, out);
    }
  return out;
}

/** Compiles a destructuring pattern: the scope with its variables, and the binder. */
export function compilePattern(pat: Pattern, scope: Scope, env: CompileEnv, slots?: Map<string, number>): [Scope, Binder] {
  let s = scope;
  const slotOf = (name: string): number => {
    const existing = slots?.get(name);
    if (existing !== undefined) return existing;
    const [s2, slot] = bindVar(s, name);
    s = s2;
    slots?.set(name, slot);
    return slot;
  };
  const build = (p: Pattern): Binder => {
    if (p.k === "PVar") {
      const slot = slotOf(p.name);
      return (v, _i, f, k) => {
        f.vars[slot] = v;
        return k();
      };
    }
    if (p.k === "PArray") {
      const subs = p.elems.map(build);
      return (v, i, f, k) => {
        if (v !== null && !Array.isArray(v)) throw new JqError(`Cannot index ${typeOf(v)} with number`);
        const go = (n: number): boolean => (n === subs.length ? k() : subs[n]!(index(v, n), i, f, () => go(n + 1)));
        return go(0);
      };
    }
    const parts = p.entries.map((en) => {
      const varSlot = en.keyVar !== undefined ? slotOf(en.keyVar) : -1;
      // Key expressions may use variables bound earlier in the same pattern.
      const keyF = en.key ? compile(en.key, s, env) : undefined;
      const sub = en.value ? build(en.value) : undefined;
      return { keyName: en.keyVar, varSlot, keyF, sub };
    });
    return (v, i, f, k) => {
      const go = (n: number): boolean => {
        if (n === parts.length) return k();
        const pt = parts[n]!;
        const withKey = (key: Val): boolean => {
          if (typeof key !== "string") throw new JqError(`Cannot index ${typeOf(v)} with ${typeOf(key)}`);
          if (v !== null && !(v instanceof JqMap)) throw new JqError(`Cannot index ${typeOf(v)} with "${key}"`);
          const x = index(v, key);
          if (pt.varSlot >= 0) f.vars[pt.varSlot] = x;
          if (pt.sub) return pt.sub(x, i, f, () => go(n + 1));
          return go(n + 1);
        };
        if (pt.keyName !== undefined) return withKey(pt.keyName);
        let stop = false;
        pt.keyF!(i, null, f, (key) => {
          stop = withKey(key);
          return stop;
        });
        return stop;
      };
      return go(0);
    };
  };
  const binder = build(pat);
  return [s, binder];
}

function compileBind(srcN: Node, patterns: readonly Pattern[], bodyN: Node, scope: Scope, env: CompileEnv): Filter {
  const src = compile(srcN, scope, env);
  if (patterns.length === 1) {
    const [s2, bind] = compilePattern(patterns[0]!, scope, env);
    const body = compile(bodyN, s2, env);
    return (i, p, f, e) => src(i, null, f, (v) => bind(v, i, f, () => body(i, p, f, e)));
  }
  // `?//` alternatives: every variable of every pattern is bound (null when absent).
  const slots = new Map<string, number>();
  let s = scope;
  const binders: Binder[] = [];
  const allNames = new Set<string>();
  for (const pat of patterns) for (const n of patternVars(pat, [])) allNames.add(n);
  for (const n of allNames) {
    const [s2, slot] = bindVar(s, n);
    s = s2;
    slots.set(n, slot);
  }
  for (const pat of patterns) binders.push(compilePattern(pat, s, env, slots)[1]);
  const body = compile(bodyN, s, env);
  const allSlots = [...slots.values()];
  return (i, p, f, e) =>
    src(i, null, f, (v) => {
      for (let n = 0; n < binders.length; n++) {
        for (const sl of allSlots) f.vars[sl] = null;
        let inEmit = false;
        try {
          return binders[n]!(v, i, f, () =>
            body(i, p, f, (x, q) => {
              inEmit = true;
              const r = e(x, q);
              inEmit = false;
              return r;
            }),
          );
        } catch (x) {
          if (inEmit || !(x instanceof JqError) || n === binders.length - 1) throw x;
        }
      }
      return false;
    });
}

function compileCall(name: string, argNodes: readonly Node[], at: number, scope: Scope, env: CompileEnv): Filter {
  const arity = argNodes.length;
  for (let s: Scope | null = scope; s; s = s.next) {
    const b = s.b;
    if (!b) continue;
    if (b.t === "param" && arity === 0 && b.name === name) {
      const n = scope.level - b.level;
      const idx = b.index;
      if (n === 0) {
        return (i, p, f, e) => {
          const c = f.args[idx]!;
          return c.fn(i, p, c.frame, e);
        };
      }
      return (i, p, f, e) => {
        const c = up(f, n).args[idx]!;
        return c.fn(i, p, c.frame, e);
      };
    }
    if (b.t === "func" && b.arity === arity && b.name === name) {
      const cd = b.def;
      if (cd.error) throw cd.error;
      const n = scope.level - cd.level;
      const args = argNodes.map((a) => compile(a, scope, env));
      return (i, p, f, e) => {
        const closures: Closure[] = args.map((fn) => ({ fn, frame: f }));
        return callDef(cd, i, p, n === 0 ? f : cd.level === 0 ? f.rt.root : up(f, n), closures, e);
      };
    }
  }
  const nat = env.natives.get(`${name}/${arity}`);
  if (nat) {
    if (env.effects && EFFECTFUL.has(name)) {
      env.effects.used = true;
      if (name === "input" || name === "inputs") env.effects.inputs = true;
    }
    const args = argNodes.map((a) => compile(a, scope, env));
    const fn = nat.fn;
    return (i, p, f, e) => fn(i, p, f, e, args);
  }
  return fail(`${name}/${arity} is not defined`, at);
}

/** An assignment: `|=` with an update that has an owning form (own.ts) changes what it copied in place. */
function compileAssign(op: string, ln: Node, rn: Node, scope: Scope, env: CompileEnv): Filter {
  const lhs = compile(ln, scope, env);
  const rhs = compile(rn, scope, env);
  return makeAssign(op, lhs, rhs, op === "|=" ? compileOwn(rn, scope, env) : undefined);
}

export { IDENTITY, EMPTY };

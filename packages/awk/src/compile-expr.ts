/**
 * Compiles awk expressions to closures, once. Each node can be compiled for the context it is
 * used in — a value (`val`), a number (`num`), a string (`str`) or a boolean (`bool`) — so that
 * `$2 + 1` converts the field text straight to a number and `s[$1]` uses the field text as
 * the key, with no intermediate values. Expressions that must wait (getline, system, close, calls
 * of functions that do) compile to async closures (`asyncVal`); see `isAsync`.
 */
import type { Expr, FuncDef, LValue, Program } from "./ast.js";
import { compileBuiltin } from "./builtins.js";
import { AwkFatalError } from "./errors.js";
import { children, isNumeric, isString } from "./expr-facts.js";
import type { AwkRegex } from "./regex.js";
import { AwkArray } from "./held.js";
import type { Cell, Runtime } from "./runtime.js";
import { compare, fromInput, StrNum, strToNum, toBool, toNum, UNINIT } from "./values.js";
import type { Value } from "./values.js";

/** A compiled value expression. */
export type Ev = () => Value;
/** A compiled numeric expression. */
export type EvN = () => number;
/** A compiled string expression. */
export type EvS = () => string;
/** A compiled boolean expression. */
export type EvB = () => boolean;
/** A compiled expression that may have to wait. */
export type AEv = () => Promise<Value>;

/** Completion codes of statements (control flow is a value, never an exception). */
export const enum Done {
  Normal = 0,
  Break = 1,
  Continue = 2,
  Next = 3,
  NextFile = 4,
  Exit = 5,
  Return = 6,
}

/** Thrown out of a function call when its body runs `next`, `nextfile` or `exit`. */
export class ControlSignal {
  readonly code: Done;
  constructor(code: Done) {
    this.code = code;
  }
}

/** Special variables, with their accessors. */
interface Special {
  get(rt: Runtime): Value;
  set(rt: Runtime, v: Value): void;
}

const strSpecial = (k: "ORS" | "RS" | "SUBSEP" | "CONVFMT" | "OFMT" | "RT"): Special => ({
  get: (rt) => rt[k],
  set: (rt, v) => {
    rt[k] = rt.str(v);
  },
});

const SPECIALS = new Map<string, Special>([
  ["NF", { get: (rt) => rt.getNF(), set: (rt, v) => rt.setNF(toNum(v)) }],
  ["NR", { get: (rt) => rt.NR, set: (rt, v) => { rt.NR = Math.trunc(toNum(v)); } }],
  ["FNR", { get: (rt) => rt.FNR, set: (rt, v) => { rt.FNR = Math.trunc(toNum(v)); } }],
  ["FS", { get: (rt) => rt.FS, set: (rt, v) => rt.setFS(rt.str(v)) }],
  ["OFS", { get: (rt) => rt.OFS, set: (rt, v) => rt.setOFS(rt.str(v)) }],
  ["ORS", strSpecial("ORS")],
  ["RS", strSpecial("RS")],
  ["RT", strSpecial("RT")],
  ["SUBSEP", strSpecial("SUBSEP")],
  ["CONVFMT", strSpecial("CONVFMT")],
  ["OFMT", strSpecial("OFMT")],
  ["RSTART", { get: (rt) => rt.RSTART, set: (rt, v) => { rt.RSTART = toNum(v); } }],
  ["RLENGTH", { get: (rt) => rt.RLENGTH, set: (rt, v) => { rt.RLENGTH = toNum(v); } }],
  ["FILENAME", { get: (rt) => rt.FILENAME, set: (rt, v) => { rt.FILENAME = v; } }],
  ["IGNORECASE", { get: (rt) => (rt.IGNORECASE ? 1 : 0), set: (rt, v) => { rt.IGNORECASE = toBool(v); } }],
]);

/** Arrays that are runtime fields rather than globals. */
const SPECIAL_ARRAYS = new Set(["ENVIRON", "ARGV", "PROCINFO"]);

const ARITH = new Set(["+", "-", "*", "/", "%", "^"]);
const COMPARE = new Set(["<", "<=", "==", "!=", ">", ">="]);

/** Per-function static facts. */
interface FuncInfo {
  readonly def: FuncDef;
  readonly locals: Map<string, number>;
  /** Parameters used as arrays. */
  readonly arrayParams: boolean[];
  async: boolean;
  /** Compiled body (filled after all functions are known, so recursion works). */
  body: (() => number | Promise<number>) | undefined;
}

/** A compiled lvalue. */
export interface LRef {
  get: Ev;
  set: (v: Value) => void;
  /**
   * Read-modify-write with the location (field number, array subscript) computed once: reads
   * the current value (an absent element is created, as reading does), writes what `fn`
   * returns unless that is undefined, and returns it.
   */
  update: (fn: (cur: Value) => Value | undefined) => Value | undefined;
}

/** An LRef of a plain variable (no location to compute). */
function withUpdate(get: Ev, set: (v: Value) => void): LRef {
  return {
    get,
    set,
    update: (fn) => {
      const v = fn(get());
      if (v !== undefined) set(v);
      return v;
    },
  };
}

/** The expression compiler; statements are compiled by compile-stmt.ts with the same object. */
export class Compiler {
  readonly rt: Runtime;
  readonly program: Program;
  readonly globalSlots = new Map<string, number>();
  readonly funcs = new Map<string, FuncInfo>();
  /** Locals of the function being compiled (undefined at top level). */
  locals: Map<string, number> | undefined;
  /** Temporaries for hoisted async sub-expressions. */
  readonly temps: Value[] = [];

  constructor(rt: Runtime, program: Program) {
    this.rt = rt;
    this.program = program;
    for (const [name, def] of program.functions) {
      const locals = new Map<string, number>();
      def.params.forEach((p, i) => locals.set(p, i));
      this.funcs.set(name, { def, locals, arrayParams: def.params.map(() => false), async: false, body: undefined });
    }
  }

  /** The slot of global `name`, allocating it. */
  globalSlot(name: string): number {
    let s = this.globalSlots.get(name);
    if (s === undefined) {
      s = this.rt.globals.length;
      this.rt.globals.push(UNINIT);
      this.globalSlots.set(name, s);
    }
    return s;
  }

  // ==== static analysis ====

  /** True when evaluating `e` may have to wait. */
  isAsync(e: Expr | undefined): boolean {
    if (e === undefined) return false;
    switch (e.type) {
      case "Getline":
        return true;
      case "Builtin":
        if (e.name === "system" || e.name === "close" || e.name === "fflush") return true;
        return e.args.some((a) => this.isAsync(a));
      case "Call":
        return this.funcs.get(e.name)?.async === true || e.args.some((a) => this.isAsync(a));
      default:
        return children(e).some((c) => this.isAsync(c));
    }
  }

  // ==== variables ====

  /** Reads a variable cell (scalar or array) by name, in the current scope. */
  #cellGetter(name: string): () => Cell {
    const rt = this.rt;
    const local = this.locals?.get(name);
    if (local !== undefined) return () => rt.frame[local]!;
    if (SPECIAL_ARRAYS.has(name)) return () => rt[name as "ENVIRON"];
    const slot = this.globalSlot(name);
    const g = rt.globals;
    return () => g[slot]!;
  }

  /** A closure returning the array named `name` (created on first use). */
  array(name: string, line: number): () => AwkArray {
    const rt = this.rt;
    if (SPECIALS.has(name)) throw new AwkFatalError(`attempt to use scalar \`${name}' as an array`, line);
    if (SPECIAL_ARRAYS.has(name)) return () => rt[name as "ENVIRON"];
    const local = this.locals?.get(name);
    if (local !== undefined) {
      return () => {
        const c = rt.frame[local]!;
        if (c instanceof Map) return c;
        if (c !== UNINIT) throw new AwkFatalError(`attempt to use scalar parameter \`${name}' as an array`, line);
        const m = new AwkArray();
        rt.frame[local] = m;
        rt.held.localArrays.push(m);
        return m;
      };
    }
    const slot = this.globalSlot(name);
    const g = rt.globals;
    return () => {
      const c = g[slot]!;
      if (c instanceof Map) return c;
      if (c !== UNINIT || rt.scalarRead.has(slot)) throw new AwkFatalError(`attempt to use scalar \`${name}' as an array`, line);
      const m = new AwkArray();
      g[slot] = m;
      return m;
    };
  }

  /** A closure computing the subscript key of `subs` (joined with SUBSEP). */
  key(subs: readonly Expr[]): EvS {
    const rt = this.rt;
    if (subs.length === 1) {
      const e = subs[0]!;
      if (e.type === "Num") {
        const k = rt.key(e.value);
        return () => k;
      }
      if (isNumeric(e)) {
        const f = this.num(e);
        return () => {
          const n = f();
          return Number.isInteger(n) && n > -1e15 && n < 1e15 ? String(n) : rt.key(n);
        };
      }
      return this.str(e);
    }
    const parts = subs.map((s) => this.key([s]));
    return () => {
      let k = parts[0]!();
      for (let i = 1; i < parts.length; i++) k += rt.SUBSEP + parts[i]!();
      return k;
    };
  }

  /** Getter, setter and read-modify-write for an lvalue. */
  lvalue(t: LValue): LRef {
    const rt = this.rt;
    const held = rt.held;
    if (t.type === "Field") {
      const idx = this.num(t.index);
      const line = t.line;
      return {
        get: () => rt.getField(rt.fieldIndex(idx(), line)),
        set: (v) => rt.setField(rt.fieldIndex(idx(), line), rt.str(v)),
        update: (fn) => {
          const i = rt.fieldIndex(idx(), line);
          const v = fn(rt.getField(i));
          if (v !== undefined) rt.setField(i, rt.str(v));
          return v;
        },
      };
    }
    if (t.type === "Index") {
      const arr = this.array(t.name, t.line);
      const key = this.key(t.subs);
      // the subscript is computed before the array is looked up (gawk: `a[length(a)]` first
      // makes `a` a scalar, so it fails; mawk rejects it)
      return {
        get: () => {
          const k = key();
          const a = arr();
          const v = a.get(k);
          if (v !== undefined) return v;
          held.newElem(a, k);
          return UNINIT;
        },
        set: (v) => {
          const k = key();
          held.setElem(arr(), k, v);
        },
        update: (fn) => {
          const k = key();
          const a = arr();
          let cur = a.get(k);
          if (cur === undefined) {
            held.newElem(a, k);
            cur = UNINIT;
          }
          const v = fn(cur);
          // fn runs no awk code: the element is still there, holding `cur`
          if (v !== undefined) held.updateElem(a, k, cur, v);
          return v;
        },
      };
    }
    const name = t.name;
    const sp = SPECIALS.get(name);
    if (sp !== undefined && this.locals?.get(name) === undefined) return withUpdate(() => sp.get(rt), (v) => sp.set(rt, v));
    const local = this.locals?.get(name);
    const line = t.line;
    if (local !== undefined) {
      return withUpdate(
        () => {
          const c = rt.frame[local]!;
          if (c instanceof Map) throw new AwkFatalError(`attempt to use array \`${name}' in a scalar context`, line);
          return c;
        },
        (v) => {
          const f = rt.frame;
          const old = f[local]!;
          if (old instanceof Map) throw new AwkFatalError(`attempt to use array \`${name}' in a scalar context`, line);
          f[local] = v;
          held.storeLocal(old, v);
        },
      );
    }
    if (SPECIAL_ARRAYS.has(name)) throw new AwkFatalError(`attempt to use array \`${name}' in a scalar context`, line);
    const slot = this.globalSlot(name);
    const g = rt.globals;
    return withUpdate(
      () => {
        const c = g[slot]!;
        if (c instanceof Map) throw new AwkFatalError(`attempt to use array \`${name}' in a scalar context`, line);
        if (c === UNINIT) rt.scalarRead.add(slot);
        return c;
      },
      (v) => {
        const old = g[slot]!;
        if (old instanceof Map) throw new AwkFatalError(`attempt to use array \`${name}' in a scalar context`, line);
        g[slot] = v;
        held.store(old, v);
      },
    );
  }

  // ==== typed compilation ====

  /** Compiles `e` for its value. */
  val(e: Expr): Ev {
    const rt = this.rt;
    switch (e.type) {
      case "Num": {
        const v = e.value;
        return () => v;
      }
      case "Str": {
        const v = e.value;
        return () => v;
      }
      case "Temp": {
        const temps = this.temps;
        const i = e.index;
        return () => temps[i]!;
      }
      case "Group":
        if (e.exprs.length !== 1) throw new AwkFatalError("syntax error: unexpected grouping", e.line);
        return this.val(e.exprs[0]!);
      case "Var":
      case "Index":
      case "Field":
        if (e.type === "Field" && e.index.type === "Num") {
          const i = rt.fieldIndex(e.index.value, e.line);
          return () => fromInput(rt.getFieldStr(i));
        }
        return this.lvalue(e).get;
      case "Regex":
      case "Match":
      case "Logic":
      case "In": {
        const b = this.bool(e);
        return () => (b() ? 1 : 0);
      }
      case "Unary":
        if (e.op === "!") {
          const b = this.bool(e.operand);
          return () => (b() ? 0 : 1);
        }
        return this.num(e);
      case "Binary":
        if (e.op === " ") return this.str(e);
        if (COMPARE.has(e.op)) {
          const b = this.bool(e);
          return () => (b() ? 1 : 0);
        }
        return this.num(e);
      case "Cond": {
        const t = this.bool(e.test);
        const y = this.val(e.yes);
        const n = this.val(e.no);
        return () => (t() ? y() : n());
      }
      case "Assign":
        return this.#assign(e.op, e.target, e.value, e.line);
      case "IncDec":
        return this.num(e);
      case "Call":
        return this.#call(e.name, e.args, e.line);
      case "Builtin":
        return compileBuiltin(this, e.name, e.args, e.line);
      case "Getline":
        throw new AwkFatalError("internal: getline compiled synchronously", e.line);
    }
  }

  /** Compiles `e` for its numeric value. */
  num(e: Expr): EvN {
    const rt = this.rt;
    switch (e.type) {
      case "Num": {
        const v = e.value;
        return () => v;
      }
      case "Field":
        if (e.index.type === "Num") {
          const i = rt.fieldIndex(e.index.value, e.line);
          return () => strToNum(rt.getFieldStr(i));
        }
        break;
      case "Var": {
        if (SPECIALS.has(e.name) || this.locals?.has(e.name)) break;
        if (e.name === "NR" || e.name === "FNR") break;
        const get = this.lvalue(e).get;
        return () => {
          const v = get();
          return typeof v === "number" ? v : toNum(v);
        };
      }
      case "Unary":
        if (e.op === "-") {
          const f = this.num(e.operand);
          return () => -f();
        }
        if (e.op === "+") return this.num(e.operand);
        break;
      case "Binary":
        if (ARITH.has(e.op)) return this.#arith(e.op, this.num(e.left), this.num(e.right), e.line);
        break;
      case "IncDec": {
        const { update } = this.lvalue(e.target);
        const d = e.op === "++" ? 1 : -1;
        if (e.prefix) {
          const inc = (c: Value): number => toNum(c) + d;
          return () => update(inc) as number;
        }
        // `old` is read right after `update`, which runs no awk code in between
        let old = 0;
        const inc = (c: Value): number => {
          old = toNum(c);
          return old + d;
        };
        return () => {
          update(inc);
          return old;
        };
      }
      case "Group":
        if (e.exprs.length === 1) return this.num(e.exprs[0]!);
        break;
      default:
    }
    const v = this.val(e);
    return () => {
      const x = v();
      return typeof x === "number" ? x : toNum(x);
    };
  }

  /** Compiles `e` for its string value (numbers converted with CONVFMT). */
  str(e: Expr): EvS {
    const rt = this.rt;
    switch (e.type) {
      case "Str": {
        const v = e.value;
        return () => v;
      }
      case "Field":
        if (e.index.type === "Num") {
          const i = rt.fieldIndex(e.index.value, e.line);
          return () => rt.getFieldStr(i);
        }
        break;
      case "Binary":
        if (e.op === " ") {
          // Flatten chains of concatenation.
          const parts: EvS[] = [];
          const flat = (x: Expr): void => {
            if (x.type === "Binary" && x.op === " ") {
              flat(x.left);
              flat(x.right);
            } else parts.push(this.str(x));
          };
          flat(e);
          const meter = rt.io.meter;
          if (parts.length === 2) {
            const [a, b] = parts as [EvS, EvS];
            return () => {
              const s = a() + b();
              if (s.length > 65536) meter?.checkString(s.length);
              return s;
            };
          }
          return () => {
            let s = "";
            for (let i = 0; i < parts.length; i++) s += parts[i]!();
            if (s.length > 65536) meter?.checkString(s.length);
            return s;
          };
        }
        break;
      case "Group":
        if (e.exprs.length === 1) return this.str(e.exprs[0]!);
        break;
      default:
    }
    const v = this.val(e);
    return () => {
      const x = v();
      return typeof x === "string" ? x : rt.str(x);
    };
  }

  /** Compiles `e` as a condition. */
  bool(e: Expr): EvB {
    const rt = this.rt;
    switch (e.type) {
      case "Regex": {
        const re = this.regex(e.source, e.line);
        return () => re().test(rt.getRecord());
      }
      case "Match": {
        const s = this.str(e.left);
        const re = e.right.type === "Regex" ? this.regex(e.right.source, e.line) : this.dynRegex(e.right);
        if (e.negate) return () => !re().test(s());
        return () => re().test(s());
      }
      case "Logic": {
        const a = this.bool(e.left);
        const b = this.bool(e.right);
        return e.op === "&&" ? () => a() && b() : () => a() || b();
      }
      case "In": {
        const arr = this.array(e.name, e.line);
        const key = this.key(e.subs);
        // the subscript first, as gawk does: `(length(a) in a)` makes `a` a scalar, then fails
        return () => {
          const k = key();
          return arr().has(k);
        };
      }
      case "Unary":
        if (e.op === "!") {
          const b = this.bool(e.operand);
          return () => !b();
        }
        break;
      case "Group":
        if (e.exprs.length === 1) return this.bool(e.exprs[0]!);
        break;
      case "Binary":
        if (COMPARE.has(e.op)) return this.#compare(e.op, e.left, e.right);
        break;
      case "Num": {
        const b = e.value !== 0;
        return () => b;
      }
      case "Str": {
        const b = e.value !== "";
        return () => b;
      }
      default:
    }
    if (isNumeric(e)) {
      const n = this.num(e);
      return () => n() !== 0;
    }
    const v = this.val(e);
    return () => toBool(v());
  }

  /** A static regex literal (honouring IGNORECASE at run time). */
  regex(source: string, line: number): () => AwkRegex {
    const rt = this.rt;
    let re: AwkRegex;
    let reI: AwkRegex | undefined;
    try {
      re = rt.regex.get(source);
    } catch (err) {
      if (err instanceof AwkFatalError) throw new AwkFatalError(err.message.replace(/^fatal: /, ""), line);
      throw err;
    }
    return () => (rt.IGNORECASE ? (reI ??= rt.regex.get(source, true)) : re);
  }

  /** A regex from a dynamic expression (a regex literal is used as is). */
  dynRegex(e: Expr): () => AwkRegex {
    if (e.type === "Regex") return this.regex(e.source, e.line);
    const rt = this.rt;
    const s = this.str(e);
    const line = e.line;
    return () => {
      try {
        return rt.regex.get(s(), rt.IGNORECASE);
      } catch (err) {
        if (err instanceof AwkFatalError && !err.message.startsWith("cmd.")) throw new AwkFatalError(err.message.replace(/^fatal: /, ""), line);
        throw err;
      }
    };
  }

  #compare(op: string, left: Expr, right: Expr): EvB {
    const rt = this.rt;
    let cmp: () => number;
    if (isNumeric(left) && isNumeric(right)) {
      const a = this.num(left);
      const b = this.num(right);
      switch (op) {
        case "<": return () => a() < b();
        case "<=": return () => a() <= b();
        case ">": return () => a() > b();
        case ">=": return () => a() >= b();
        case "==": return () => a() === b();
        default: return () => a() !== b();
      }
    }
    if (isString(left) || isString(right)) {
      const a = this.str(left);
      const b = this.str(right);
      cmp = () => {
        const x = a();
        const y = b();
        return x < y ? -1 : x > y ? 1 : 0;
      };
    } else {
      const a = this.val(left);
      const b = this.val(right);
      cmp = () => compare(a(), b(), rt.CONVFMT);
    }
    switch (op) {
      case "<": return () => cmp() < 0;
      case "<=": return () => cmp() <= 0;
      case ">": return () => cmp() > 0;
      case ">=": return () => cmp() >= 0;
      case "==": return () => cmp() === 0;
      default: return () => cmp() !== 0;
    }
  }

  #arith(op: string, a: EvN, b: EvN, line: number): EvN {
    switch (op) {
      case "+": return () => a() + b();
      case "-": return () => a() - b();
      case "*": return () => a() * b();
      case "/":
        return () => {
          const x = a();
          const y = b();
          if (y === 0) throw new AwkFatalError("division by zero attempted", line);
          return x / y;
        };
      case "%":
        return () => {
          const x = a();
          const y = b();
          if (y === 0) throw new AwkFatalError("division by zero attempted in `%'", line);
          return x % y;
        };
      default:
        return () => power(a(), b());
    }
  }

  #assign(op: string, target: LValue, value: Expr, line: number): Ev {
    const { set, update } = this.lvalue(target);
    if (op === "=") {
      const v = this.val(value);
      return () => {
        let x = v();
        if (x === UNINIT) x = UNINIT;
        set(x);
        return x;
      };
    }
    // gawk and mawk evaluate the right side first, then read the target's value
    // (`y = 5; y += (y = 1)` is 2). `cur` and `rhs` are set just before `f` runs, with no awk
    // code in between: for a variable nothing runs inside `update`; other targets compute
    // their location there (`a[g()] += 1`), which may run this same assignment again, so they
    // keep the right side's value in a closure of their own.
    const r = this.num(value);
    let cur = 0;
    let rhs = 0;
    const f = this.#arith(op.slice(0, -1), () => cur, () => rhs, line);
    if (target.type === "Var") {
      let pending = 0;
      const modify = (c: Value): number => {
        cur = toNum(c);
        rhs = pending;
        return f();
      };
      return () => {
        pending = r();
        return update(modify) as number;
      };
    }
    return () => {
      const v = r();
      return update((c: Value): number => {
        cur = toNum(c);
        rhs = v;
        return f();
      }) as number;
    };
  }

  // ==== function calls ====

  /** Compiles a call of user function `name` (synchronous functions only). */
  #call(name: string, args: readonly Expr[], line: number): Ev {
    const info = this.funcs.get(name);
    if (info === undefined) throw new AwkFatalError(`function \`${name}' not defined`, line);
    const setup = this.callSetup(info, args, line);
    const rt = this.rt;
    const held = rt.held;
    return () => {
      const frame = setup();
      const saved = rt.frame;
      const outer = held.frameHeld;
      const mark = held.enterFrame(frame);
      rt.frame = frame;
      if (++rt.callDepth > 5000) throw new AwkFatalError("function call nesting too deep", line);
      try {
        const r = info.body!() as number;
        if (r === Done.Next || r === Done.NextFile || r === Done.Exit) throw new ControlSignal(r);
      } finally {
        rt.frame = saved;
        rt.callDepth--;
        held.leaveFrame(mark, outer);
      }
      const v = rt.retval;
      rt.retval = UNINIT;
      return v;
    };
  }

  /** Builds the closure that evaluates arguments into a new frame for `info`. */
  callSetup(info: FuncInfo, args: readonly Expr[], line: number): () => Cell[] {
    const nparams = info.def.params.length;
    if (args.length > nparams) {
      // gawk warns and evaluates (then drops) the extra arguments.
      this.rt.warn(`function \`${info.def.name}' called with more arguments than declared`, line);
      const extra = args.slice(nparams).map((a) => this.val(a));
      const setup = this.callSetup(info, args.slice(0, nparams), line);
      return () => {
        const frame = setup();
        for (const e of extra) e();
        return frame;
      };
    }
    const evs: (() => Cell)[] = args.map((a, i) => {
      if (a.type === "Var" && !SPECIALS.has(a.name)) {
        const cell = this.#cellGetter(a.name);
        if (info.arrayParams[i]) {
          const arr = this.array(a.name, line);
          return () => {
            const c = cell();
            return c instanceof Map ? c : c === UNINIT ? arr() : c;
          };
        }
        return cell;
      }
      return this.val(a);
    });
    return () => {
      const frame: Cell[] = new Array(nparams);
      for (let i = 0; i < evs.length; i++) frame[i] = evs[i]!();
      for (let i = evs.length; i < nparams; i++) frame[i] = UNINIT;
      return frame;
    };
  }
}

/** awk's `^`: integer exponents by repeated multiplication (exact, as gawk), else Math.pow. */
export function power(x: number, y: number): number {
  if (Number.isInteger(y) && y >= 0 && y < 1024) {
    let r = 1;
    let b = x;
    let n = y;
    while (n > 0) {
      if (n & 1) r *= b;
      b *= b;
      n >>= 1;
    }
    return r;
  }
  return x ** y;
}

export { StrNum };

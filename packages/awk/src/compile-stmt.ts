/**
 * Compiles statements, functions and rules to closures returning a completion code (`Done`).
 * A statement that contains something that must wait (getline, system, close, an async function)
 * compiles to an async closure; everything else stays synchronous, so the common program pays
 * no `await` per record. Async sub-expressions inside an otherwise synchronous expression are
 * hoisted: evaluated first into temporaries, then the synchronous closure runs.
 */
import type { Expr, LValue, Program, Rule, Stmt } from "./ast.js";
import { Compiler, ControlSignal, Done } from "./compile-expr.js";
import { children } from "./expr-facts.js";
import type { AEv, Ev, EvB, EvS } from "./compile-expr.js";
import { HuskError, LimitError } from "@husk/host";
import { AwkFatalError } from "./errors.js";
import { argumentKinds, formatSpecs, parseFormat, sprintf } from "./format.js";
import type { AwkArray, Runtime } from "./runtime.js";
import { REF_BYTES, SORT_BYTES } from "./held.js";
import { defaultOrder, sortedKeys } from "./sorting.js";
import { fromInput, StrNum, toNum, UNINIT } from "./values.js";
import type { Value } from "./values.js";

/** A compiled statement. */
export type Exec = () => number | Promise<number>;

/** The compiled program. */
export interface Compiled {
  readonly begin: Exec | undefined;
  readonly end: Exec | undefined;
  readonly beginfile: Exec | undefined;
  readonly endfile: Exec | undefined;
  /** Runs the main rules on the current record. */
  readonly main: Exec | undefined;
  /** True when there are main rules or END rules (input must be read). */
  readonly readsInput: boolean;
}

function isSimple(s: Stmt): boolean {
  return s.type === "ExprStmt" || s.type === "Print" || s.type === "Delete" || s.type === "Return" || s.type === "Exit";
}

/** Rebuilds `e` with each direct child replaced by `f(child)`. */
function mapChildren(e: Expr, f: (x: Expr) => Expr): Expr {
  const lv = (t: LValue): LValue => f(t) as LValue;
  switch (e.type) {
    case "Field": return { ...e, index: f(e.index) };
    case "Index": return { ...e, subs: e.subs.map(f) };
    case "Assign": return { ...e, target: lv(e.target), value: f(e.value) };
    case "Cond": return { ...e, test: f(e.test), yes: f(e.yes), no: f(e.no) };
    case "Logic": return { ...e, left: f(e.left), right: f(e.right) };
    case "Binary": return { ...e, left: f(e.left), right: f(e.right) };
    case "Match": return { ...e, left: f(e.left), right: f(e.right) };
    case "In": return { ...e, subs: e.subs.map(f) };
    case "Unary": return { ...e, operand: f(e.operand) };
    case "IncDec": return { ...e, target: lv(e.target) };
    case "Call":
    case "Builtin": return { ...e, args: e.args.map(f) };
    case "Group": return { ...e, exprs: e.exprs.map(f) };
    default: return e;
  }
}

/** Statement and async compilation on top of the expression compiler. */
export class ProgramCompiler extends Compiler {
  // ==== async expressions ====

  /** True when `e` itself must be awaited (not just one of its children). */
  #isNativeAsync(e: Expr): boolean {
    switch (e.type) {
      case "Getline":
        return true;
      case "Builtin":
        return e.name === "system" || e.name === "close" || e.name === "fflush";
      case "Call":
        return true;
      case "Logic":
        return this.isAsync(e.right);
      case "Cond":
        return this.isAsync(e.yes) || this.isAsync(e.no);
      default:
        return false;
    }
  }

  /** Replaces async sub-expressions of `e` with temporaries; returns the jobs that fill them. */
  hoist(e: Expr, jobs: [number, AEv][]): Expr {
    if (!this.isAsync(e)) return e;
    if (this.#isNativeAsync(e)) {
      const index = this.temps.length;
      this.temps.push(UNINIT);
      jobs.push([index, this.#native(e)]);
      return { type: "Temp", index, line: e.line };
    }
    return mapChildren(e, (c) => this.hoist(c, jobs));
  }

  /** Runs hoisting jobs, then stores their values (after all awaits, so nothing clobbers them). */
  #withJobs<T>(jobs: [number, AEv][], then: () => T): () => Promise<T> {
    const temps = this.temps;
    return async () => {
      const vals: Value[] = [];
      for (const [, job] of jobs) vals.push(await job());
      for (let i = 0; i < jobs.length; i++) temps[jobs[i]![0]] = vals[i]!;
      return then();
    };
  }

  /** Compiles `e` for its value, possibly waiting. */
  asyncVal(e: Expr): AEv {
    if (!this.isAsync(e)) {
      const v = this.val(e);
      return () => Promise.resolve(v());
    }
    if (this.#isNativeAsync(e)) return this.#native(e);
    const jobs: [number, AEv][] = [];
    const sync = this.val(this.hoist(e, jobs));
    return this.#withJobs(jobs, sync);
  }

  #native(e: Expr): AEv {
    const rt = this.rt;
    switch (e.type) {
      case "Getline":
        return this.#getline(e);
      case "Builtin": {
        const arg = e.args[0] !== undefined ? this.asyncVal(e.args[0]) : undefined;
        if (e.name === "system") {
          return async () => {
            const cmd = rt.str(arg === undefined ? "" : await arg());
            return rt.system(cmd);
          };
        }
        if (e.name === "close") {
          if (arg === undefined) throw new AwkFatalError("close: called with no arguments", e.line);
          return async () => rt.close(rt.str(await arg()));
        }
        return async () => rt.fflush(arg === undefined ? undefined : rt.str(await arg()));
      }
      case "Logic": {
        const a = this.asyncVal(e.left);
        const b = this.asyncVal(e.right);
        if (e.op === "&&") return async () => (truthy(await a()) && truthy(await b()) ? 1 : 0);
        return async () => (truthy(await a()) || truthy(await b()) ? 1 : 0);
      }
      case "Cond": {
        const t = this.asyncVal(e.test);
        const y = this.asyncVal(e.yes);
        const n = this.asyncVal(e.no);
        return async () => (truthy(await t()) ? y() : n());
      }
      case "Call": {
        const info = this.funcs.get(e.name);
        if (info === undefined) throw new AwkFatalError(`function \`${e.name}' not defined`, e.line);
        const jobs: [number, AEv][] = [];
        const args = e.args.map((a) => this.hoist(a, jobs));
        const setup = this.callSetup(info, args, e.line);
        const prepare = this.#withJobs(jobs, setup);
        const line = e.line;
        return async () => {
          const frame = await prepare();
          const saved = rt.frame;
          const outer = rt.held.frameHeld;
          const mark = rt.held.enterFrame(frame);
          rt.frame = frame;
          if (++rt.callDepth > 5000) throw new AwkFatalError("function call nesting too deep", line);
          try {
            const r = await info.body!();
            if (r === Done.Next || r === Done.NextFile || r === Done.Exit) throw new ControlSignal(r);
          } finally {
            rt.frame = saved;
            rt.callDepth--;
            rt.held.leaveFrame(mark, outer);
          }
          const v = rt.retval;
          rt.retval = UNINIT;
          return v;
        };
      }
      default:
        throw new AwkFatalError("internal: not an async expression", e.line);
    }
  }

  #getline(e: Extract<Expr, { type: "Getline" }>): AEv {
    const rt = this.rt;
    const set = e.target !== undefined ? this.lvalue(e.target).set : undefined;
    const src = e.src !== undefined ? this.asyncVal(e.src) : undefined;
    const kind = e.kind;
    return async () => {
      let rec: string | undefined | -1;
      if (kind === "simple") rec = await rt.nextMainRecord();
      else if (kind === "file") rec = await rt.readFromFile(rt.str(await src!()));
      else rec = await rt.readFromCommand(rt.str(await src!()));
      if (rec === undefined) return 0;
      if (rec === -1) return -1;
      if (kind !== "file") {
        rt.NR++;
        if (kind === "simple") rt.FNR++;
      }
      if (set !== undefined) set(fromInput(rec));
      else rt.setRecord(rec);
      return 1;
    };
  }

  // ==== statements ====

  /** True when running `s` may have to wait. */
  isAsyncStmt(s: Stmt | undefined): boolean {
    if (s === undefined) return false;
    switch (s.type) {
      case "Print":
        return s.args.some((a) => this.isAsync(a)) || this.isAsync(s.redirect?.dest);
      case "ExprStmt":
        return this.isAsync(s.expr);
      case "If":
        return this.isAsync(s.test) || this.isAsyncStmt(s.then) || this.isAsyncStmt(s.else);
      case "While":
      case "Do":
        return this.isAsync(s.test) || this.isAsyncStmt(s.body);
      case "For":
        return this.isAsyncStmt(s.init) || this.isAsync(s.test) || this.isAsyncStmt(s.update) || this.isAsyncStmt(s.body);
      case "ForIn":
        return this.isAsyncStmt(s.body);
      case "Block":
        return s.body.some((b) => this.isAsyncStmt(b));
      case "Exit":
      case "Return":
        return this.isAsync(s.value);
      case "Delete":
        return s.subs?.some((x) => this.isAsync(x)) ?? false;
      default:
        return false;
    }
  }

  /** Compiles a list of statements. */
  block(body: readonly Stmt[]): Exec {
    const execs = body.map((s) => this.stmt(s));
    const isAsync = body.some((s) => this.isAsyncStmt(s));
    if (execs.length === 1) return execs[0]!;
    if (!isAsync) {
      const ex = execs as (() => number)[];
      if (ex.length === 0) return () => Done.Normal;
      return () => {
        for (let i = 0; i < ex.length; i++) {
          const c = ex[i]!();
          if (c !== Done.Normal) return c;
        }
        return Done.Normal;
      };
    }
    return async () => {
      for (let i = 0; i < execs.length; i++) {
        const c = await execs[i]!();
        if (c !== Done.Normal) return c;
      }
      return Done.Normal;
    };
  }

  /** Compiles one statement. */
  stmt(s: Stmt): Exec {
    if (isSimple(s) && this.isAsyncStmt(s)) {
      const jobs: [number, AEv][] = [];
      const h = (e: Expr): Expr => this.hoist(e, jobs);
      let hs: Stmt;
      switch (s.type) {
        case "ExprStmt":
          // A lone async expression: just await it.
          if (this.#isNativeAsync(s.expr)) {
            const a = this.asyncVal(s.expr);
            return async () => {
              await a();
              return Done.Normal;
            };
          }
          hs = { ...s, expr: h(s.expr) };
          break;
        case "Print":
          hs = { ...s, args: s.args.map(h), redirect: s.redirect && { kind: s.redirect.kind, dest: h(s.redirect.dest) } };
          break;
        case "Delete":
          hs = { ...s, subs: s.subs?.map(h) };
          break;
        case "Exit":
        case "Return":
          hs = { ...s, value: s.value && h(s.value) };
          break;
        default:
          throw new AwkFatalError("internal: unexpected statement", s.line);
      }
      return this.#withJobs(jobs, this.#syncStmt(hs) as () => number);
    }
    return this.#syncStmt(s);
  }

  #cond(e: Expr): () => boolean | Promise<boolean> {
    if (!this.isAsync(e)) return this.bool(e);
    const a = this.asyncVal(e);
    return async () => truthy(await a());
  }

  #syncStmt(s: Stmt): Exec {
    const rt = this.rt;
    switch (s.type) {
      case "ExprStmt": {
        const e = s.expr.type === "Assign" || s.expr.type === "IncDec" ? this.val(s.expr) : this.val(s.expr);
        return () => {
          e();
          return Done.Normal;
        };
      }
      case "Print":
        return s.printf ? this.#printf(s) : this.#print(s);
      case "Block":
        return this.block(s.body);
      case "If": {
        const asyncMode = this.isAsyncStmt(s);
        const then = this.stmt(s.then);
        const els = s.else !== undefined ? this.stmt(s.else) : undefined;
        if (!asyncMode) {
          const t = this.bool(s.test);
          if (els === undefined) return () => (t() ? then() : Done.Normal);
          return () => (t() ? then() : els());
        }
        const t = this.#cond(s.test);
        return async () => ((await t()) ? then() : els !== undefined ? els() : Done.Normal);
      }
      case "While": {
        const body = this.stmt(s.body);
        const meter = rt.io.meter;
        if (!this.isAsyncStmt(s)) {
          const t = this.bool(s.test);
          const b = body as () => number;
          return () => {
            while (t()) {
              meter?.tick();
              const c = b();
              if (c !== Done.Normal && c !== Done.Continue) {
                if (c === Done.Break) break;
                return c;
              }
            }
            return Done.Normal;
          };
        }
        const t = this.#cond(s.test);
        return async () => {
          while (await t()) {
            meter?.tick();
            const c = await body();
            if (c !== Done.Normal && c !== Done.Continue) {
              if (c === Done.Break) break;
              return c;
            }
          }
          return Done.Normal;
        };
      }
      case "Do": {
        const body = this.stmt(s.body);
        const t = this.#cond(s.test);
        const meter = rt.io.meter;
        if (!this.isAsyncStmt(s)) {
          const b = body as () => number;
          const tb = t as () => boolean;
          return () => {
            do {
              meter?.tick();
              const c = b();
              if (c !== Done.Normal && c !== Done.Continue) {
                if (c === Done.Break) break;
                return c;
              }
            } while (tb());
            return Done.Normal;
          };
        }
        return async () => {
          do {
            meter?.tick();
            const c = await body();
            if (c !== Done.Normal && c !== Done.Continue) {
              if (c === Done.Break) break;
              return c;
            }
          } while (await t());
          return Done.Normal;
        };
      }
      case "For": {
        const init = s.init !== undefined ? this.stmt(s.init) : undefined;
        const update = s.update !== undefined ? this.stmt(s.update) : undefined;
        const body = this.stmt(s.body);
        const meter = rt.io.meter;
        if (!this.isAsyncStmt(s)) {
          const t = s.test !== undefined ? this.bool(s.test) : () => true;
          const b = body as () => number;
          const u = update as (() => number) | undefined;
          const i = init as (() => number) | undefined;
          return () => {
            if (i !== undefined) i();
            for (; t(); u !== undefined && u()) {
              meter?.tick();
              const c = b();
              if (c !== Done.Normal && c !== Done.Continue) {
                if (c === Done.Break) break;
                return c;
              }
            }
            return Done.Normal;
          };
        }
        const t = s.test !== undefined ? this.#cond(s.test) : () => true;
        return async () => {
          if (init !== undefined) await init();
          for (; await t(); update !== undefined && (await update())) {
            meter?.tick();
            const c = await body();
            if (c !== Done.Normal && c !== Done.Continue) {
              if (c === Done.Break) break;
              return c;
            }
          }
          return Done.Normal;
        };
      }
      case "ForIn": {
        const arr = this.array(s.array, s.line);
        const set = this.lvalue(s.variable).set;
        const body = this.stmt(s.body);
        const meter = rt.io.meter;
        const held = rt.held;
        const keys = (a: AwkArray, how: Value | undefined): string[] => (how === undefined ? defaultOrder(a) : sortedKeys(this, a, rt.str(how)));
        // the list of keys lives as long as the loop (nested loops and recursion hold several);
        // sorting it by a comparison function that loops again holds one per level, with its copy
        const listBytes = (a: AwkArray, how: Value | undefined): number => a.size * (how === undefined ? REF_BYTES : SORT_BYTES);
        if (!this.isAsyncStmt(s)) {
          const b = body as () => number;
          return () => {
            const a = arr();
            const how = rt.PROCINFO.get("sorted_in");
            const bytes = listBytes(a, how);
            held.charge(bytes);
            try {
              for (const k of keys(a, how)) {
                if (!a.has(k)) continue;
                meter?.tick();
                set(fromInput(k));
                const c = b();
                if (c !== Done.Normal && c !== Done.Continue) {
                  if (c === Done.Break) break;
                  return c;
                }
              }
            } finally {
              held.charge(-bytes);
            }
            return Done.Normal;
          };
        }
        return async () => {
          const a = arr();
          const how = rt.PROCINFO.get("sorted_in");
          const bytes = listBytes(a, how);
          held.charge(bytes);
          try {
            for (const k of keys(a, how)) {
              if (!a.has(k)) continue;
              meter?.tick();
              set(fromInput(k));
              const c = await body();
              if (c !== Done.Normal && c !== Done.Continue) {
                if (c === Done.Break) break;
                return c;
              }
            }
          } finally {
            held.charge(-bytes);
          }
          return Done.Normal;
        };
      }
      case "Next":
        return () => Done.Next;
      case "NextFile":
        return () => Done.NextFile;
      case "Break":
        return () => Done.Break;
      case "Continue":
        return () => Done.Continue;
      case "Exit": {
        const v = s.value !== undefined ? this.num(s.value) : undefined;
        return () => {
          if (v !== undefined) rt.exitCode = Math.trunc(v()) & 255;
          return Done.Exit;
        };
      }
      case "Return": {
        const v = s.value !== undefined ? this.val(s.value) : undefined;
        return () => {
          rt.retval = v !== undefined ? v() : UNINIT;
          return Done.Return;
        };
      }
      case "Delete": {
        const arr = this.array(s.name, s.line);
        const held = rt.held;
        if (s.subs === undefined) {
          return () => {
            held.clearArray(arr());
            return Done.Normal;
          };
        }
        const key = this.key(s.subs);
        return () => {
          const k = key(); // before the array, as gawk
          held.deleteElem(arr(), k);
          return Done.Normal;
        };
      }
    }
  }

  /** Output text of one print argument (numbers with OFMT). */
  #outArg(e: Expr): EvS {
    const rt = this.rt;
    if (e.type === "Str" || (e.type === "Binary" && e.op === " ") || (e.type === "Field" && e.index.type === "Num")) return this.str(e);
    const v = this.val(e);
    return () => rt.outStr(v());
  }

  #emit(s: Extract<Stmt, { type: "Print" }>): (text: string) => void {
    const rt = this.rt;
    if (s.redirect === undefined) return (t) => rt.write(t);
    const dest = this.str(s.redirect.dest);
    const kind = s.redirect.kind;
    return (t) => rt.writeTo(kind, dest(), t);
  }

  #print(s: Extract<Stmt, { type: "Print" }>): Exec {
    const rt = this.rt;
    const emit = this.#emit(s);
    const args = s.args.map((a) => this.#outArg(a));
    if (args.length === 0) {
      return () => {
        emit(rt.getRecord() + rt.ORS);
        return Done.Normal;
      };
    }
    if (args.length === 1) {
      const a = args[0]!;
      return () => {
        emit(a() + rt.ORS);
        return Done.Normal;
      };
    }
    return () => {
      let line = args[0]!();
      const ofs = rt.OFS;
      for (let i = 1; i < args.length; i++) line += ofs + args[i]!();
      emit(line + rt.ORS);
      return Done.Normal;
    };
  }

  #printf(s: Extract<Stmt, { type: "Print" }>): Exec {
    if (s.args.length === 0) {
      return () => {
        throw new AwkFatalError("printf: no arguments", s.line);
      };
    }
    const emit = this.#emit(s);
    const f = this.sprintfOf(s.args);
    return () => {
      emit(f());
      return Done.Normal;
    };
  }

  /**
   * Compiles `sprintf(args...)` (used by printf and the builtin). A constant format is parsed
   * once, and each argument is computed as its conversion takes it (a field printed by `%s`
   * stays a string, one printed by `%d` becomes a number: no strnum in between); the text is the
   * same.
   */
  sprintfOf(args: readonly Expr[]): EvS {
    const rt = this.rt;
    const f0 = args[0]!;
    const specs = f0.type === "Str" ? parseFormat(f0.value) : null;
    const kinds = specs === null ? [] : argumentKinds(specs);
    const fmt = this.str(f0);
    const vals: Ev[] = args.slice(1).map((a, i) => (kinds[i] === "n" ? this.num(a) : kinds[i] === "s" ? this.str(a) : this.val(a)));
    const buf: Value[] = [];
    const fa = {
      count: 0,
      strict: true,
      num: (i: number) => toNum(buf[i]!),
      str: (i: number) => rt.outStrForPrintf(buf[i]!),
      isNum: (i: number) => typeof buf[i] === "number" || (buf[i] instanceof StrNum && buf[i] !== UNINIT),
    };
    const line = f0.line;
    return () => {
      const f = fmt();
      for (let i = 0; i < vals.length; i++) buf[i] = vals[i]!();
      fa.count = vals.length;
      try {
        return specs === null ? sprintf(f, fa) : formatSpecs(f, specs, fa);
      } catch (e) {
        if (e instanceof HuskError && !(e instanceof LimitError) && e.message.startsWith("fatal: ")) {
          throw new AwkFatalError(e.message.slice(7), line);
        }
        throw e;
      }
    };
  }

  // ==== functions and rules ====

  /** Computes which functions are async and which params are arrays, then compiles bodies. */
  compileFunctions(): void {
    const walkStmt = (s: Stmt, visitE: (e: Expr) => void, visitS: (s: Stmt) => void): void => {
      visitS(s);
      const e = (x: Expr | undefined): void => {
        if (x === undefined) return;
        visitE(x);
        for (const c of children(x)) e(c);
      };
      switch (s.type) {
        case "Print": s.args.forEach(e); e(s.redirect?.dest); break;
        case "ExprStmt": e(s.expr); break;
        case "If": e(s.test); walkStmt(s.then, visitE, visitS); if (s.else) walkStmt(s.else, visitE, visitS); break;
        case "While":
        case "Do": e(s.test); walkStmt(s.body, visitE, visitS); break;
        case "For":
          if (s.init) walkStmt(s.init, visitE, visitS);
          e(s.test);
          if (s.update) walkStmt(s.update, visitE, visitS);
          walkStmt(s.body, visitE, visitS);
          break;
        case "ForIn": walkStmt(s.body, visitE, visitS); break;
        case "Block": s.body.forEach((b) => walkStmt(b, visitE, visitS)); break;
        case "Exit":
        case "Return": e(s.value); break;
        case "Delete": s.subs?.forEach(e); break;
        default:
      }
    };
    // Array parameters and async functions: iterate to a fixpoint.
    for (let changed = true; changed; ) {
      changed = false;
      for (const info of this.funcs.values()) {
        const mark = (name: string): void => {
          const i = info.locals.get(name);
          if (i !== undefined && !info.arrayParams[i]) {
            info.arrayParams[i] = true;
            changed = true;
          }
        };
        for (const s of info.def.body) {
          walkStmt(
            s,
            (x) => {
              if (x.type === "Index" || x.type === "In") mark(x.name);
              if (x.type === "Builtin" && (x.name === "split" || x.name === "patsplit") && x.args[1]?.type === "Var") mark(x.args[1].name);
              if (x.type === "Builtin" && (x.name === "asort" || x.name === "asorti")) {
                for (const a of x.args) if (a.type === "Var") mark(a.name);
              }
              if (x.type === "Builtin" && x.name === "length" && x.args[0]?.type === "Var") {
                /* could be either */
              }
              if (x.type === "Call") {
                const callee = this.funcs.get(x.name);
                x.args.forEach((a, k) => {
                  if (a.type === "Var" && callee?.arrayParams[k]) mark(a.name);
                });
                if (callee?.async && !info.async) {
                  info.async = true;
                  changed = true;
                }
              }
              if (!info.async && (x.type === "Getline" || (x.type === "Builtin" && (x.name === "system" || x.name === "close" || x.name === "fflush")))) {
                info.async = true;
                changed = true;
              }
            },
            (st) => {
              if (st.type === "ForIn") mark(st.array);
              if (st.type === "Delete") mark(st.name);
            },
          );
        }
      }
    }
    for (const info of this.funcs.values()) {
      this.locals = info.locals;
      info.body = this.block(info.def.body);
      this.locals = undefined;
    }
  }

  /** Compiles the rules of a kind into one closure. */
  rules(rules: readonly Rule[], kind: Rule["kind"]): Exec | undefined {
    const mine = rules.filter((r) => r.kind === kind);
    if (mine.length === 0) return undefined;
    if (kind !== "main") return this.block(mine.flatMap((r) => [{ type: "Block", body: r.action ?? [], line: r.line } as Stmt]));
    const rt = this.rt;
    const parts: Exec[] = mine.map((r) => {
      const action: Exec =
        r.action !== undefined
          ? this.block(r.action)
          : () => {
              rt.write(rt.getRecord() + rt.ORS);
              return Done.Normal;
            };
      if (r.pattern === undefined) return action;
      const p1 = this.#cond(r.pattern);
      if (r.pattern2 === undefined) {
        if (!this.isAsync(r.pattern) && !r.action?.some((s) => this.isAsyncStmt(s))) {
          const t = p1 as EvB;
          const a = action as () => number;
          return () => (t() ? a() : Done.Normal);
        }
        return async () => ((await p1()) ? action() : Done.Normal);
      }
      const p2 = this.#cond(r.pattern2);
      let active = false;
      return async () => {
        if (!active) {
          if (!(await p1())) return Done.Normal;
          active = !(await p2());
          return action();
        }
        if (await p2()) active = false;
        return action();
      };
    });
    return combine(parts);
  }

  /** Compiles a whole program. */
  compile(program: Program): Compiled {
    this.compileFunctions();
    const main = this.rules(program.rules, "main");
    const end = this.rules(program.rules, "END");
    return {
      begin: this.rules(program.rules, "BEGIN"),
      end,
      beginfile: this.rules(program.rules, "BEGINFILE"),
      endfile: this.rules(program.rules, "ENDFILE"),
      main,
      readsInput: program.rules.some((r) => r.kind !== "BEGIN"),
    };
  }
}

/** Runs rule closures in order, stopping at a non-normal completion; sync while possible. */
function combine(parts: Exec[]): Exec {
  if (parts.length === 1) return parts[0]!;
  const rest = async (i: number, first: Promise<number>): Promise<number> => {
    let c = await first;
    if (c !== Done.Normal) return c;
    for (let j = i + 1; j < parts.length; j++) {
      c = await parts[j]!();
      if (c !== Done.Normal) return c;
    }
    return Done.Normal;
  };
  return () => {
    for (let i = 0; i < parts.length; i++) {
      const c = parts[i]!();
      if (c !== Done.Normal) {
        if (typeof c !== "number") return rest(i, c);
        return c;
      }
    }
    return Done.Normal;
  };
}

/** awk truth of a value. */
function truthy(v: Value): boolean {
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") return v !== "";
  return v === UNINIT ? false : v.n !== 0;
}

export type { Runtime };

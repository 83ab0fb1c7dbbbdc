import type { LimitsMeter } from "@husk/host";
import { mathFn } from "./mathlib.js";
import { add, BcError, cmp, div, format, int, isZero, mod, mul, type Num, parseNum, pow, sqrt, sub } from "./num.js";

type Tok = { t: "num" | "name" | "str" | "op" | "nl" | "eof"; v: string; line: number };

function lex(src: string): Tok[] {
  const out: Tok[] = [];
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === "\n") { out.push({ t: "nl", v: "\n", line }); line++; i++; continue; }
    if (c === " " || c === "\t" || c === "\r") { i++; continue; }
    if (c === "\\" && src[i + 1] === "\n") { i += 2; line++; continue; }
    if (c === "#") { while (i < src.length && src[i] !== "\n") i++; continue; }
    if (c === "/" && src[i + 1] === "*") { const j = src.indexOf("*/", i + 2); const end = j < 0 ? src.length : j + 2; line += (src.slice(i, end).match(/\n/g) ?? []).length; i = end; continue; }
    if (c === '"') { const j = src.indexOf('"', i + 1); const end = j < 0 ? src.length : j; out.push({ t: "str", v: src.slice(i + 1, end), line }); line += (src.slice(i, end).match(/\n/g) ?? []).length; i = end + 1; continue; }
    let m = /^[0-9A-F.]+/.exec(src.slice(i, i + 400));
    if (m && /[0-9A-F]/.test(m[0]) || (m && m[0] === "." && /[0-9]/.test(src[i + 1] ?? ""))) { out.push({ t: "num", v: m![0], line }); i += m![0].length; continue; }
    m = /^[a-z][a-z0-9_]*/.exec(src.slice(i, i + 200));
    if (m) { out.push({ t: "name", v: m[0], line }); i += m[0].length; continue; }
    m = /^(\+\+|--|\+=|-=|\*=|\/=|%=|\^=|==|!=|<=|>=|&&|\|\||[-+*/%^=<>!(){}\[\];,])/.exec(src.slice(i, i + 3));
    if (m) { out.push({ t: "op", v: m[0], line }); i += m[0].length; continue; }
    throw new BcSyntax(line, `illegal character: ${c}`);
  }
  out.push({ t: "eof", v: "", line });
  return out;
}

class BcSyntax extends Error {
  constructor(readonly line: number, msg = "syntax error") {
    super(msg);
  }
}

type Expr =
  | { k: "num"; v: string }
  | { k: "var"; name: string }
  | { k: "bin"; op: string; a: Expr; b: Expr }
  | { k: "neg"; a: Expr }
  | { k: "not"; a: Expr }
  | { k: "assign"; op: string; name: string; e: Expr }
  | { k: "incdec"; op: "++" | "--"; prefix: boolean; name: string }
  | { k: "call"; name: string; args: Expr[] };

type Stmt =
  | { k: "expr"; e: Expr }
  | { k: "str"; v: string }
  | { k: "print"; items: Array<Expr | string> }
  | { k: "block"; body: Stmt[] }
  | { k: "if"; c: Expr; then: Stmt; else?: Stmt }
  | { k: "while"; c: Expr; body: Stmt }
  | { k: "for"; init?: Expr; c?: Expr; step?: Expr; body: Stmt }
  | { k: "break" | "continue" | "quit" | "halt" | "empty" }
  | { k: "return"; e?: Expr }
  | { k: "define"; name: string; params: string[]; autos: string[]; body: Stmt[] };

class Parser {
  p = 0;
  constructor(readonly toks: Tok[]) {}
  peek(): Tok { return this.toks[this.p] as Tok; }
  next(): Tok { return this.toks[this.p++] as Tok; }
  is(v: string): boolean { const t = this.peek(); return (t.t === "op" || t.t === "name") && t.v === v; }
  expect(v: string): void { if (!this.is(v)) throw new BcSyntax(this.peek().line); this.p++; }
  skipNl(): void { while (this.peek().t === "nl" || this.is(";")) this.p++; }

  statement(): Stmt {
    const t = this.peek();
    if (t.t === "nl" || this.is(";")) { this.p++; return { k: "empty" }; }
    if (t.t === "str") { this.p++; return { k: "str", v: t.v }; }
    if (this.is("{")) {
      this.p++;
      const body: Stmt[] = [];
      for (;;) { this.skipNl(); if (this.is("}")) break; if (this.peek().t === "eof") throw new BcSyntax(t.line); body.push(this.statement()); }
      this.p++;
      return { k: "block", body };
    }
    if (t.t === "name") {
      switch (t.v) {
        case "if": { this.p++; this.expect("("); const c = this.expr(); this.expect(")"); this.skipNlOnly(); const then = this.statement(); const save = this.p; this.skipNlOnly(); if (this.is("else")) { this.p++; this.skipNlOnly(); return { k: "if", c, then, else: this.statement() }; } this.p = save; return { k: "if", c, then }; }
        case "while": { this.p++; this.expect("("); const c = this.expr(); this.expect(")"); this.skipNlOnly(); return { k: "while", c, body: this.statement() }; }
        case "for": { this.p++; this.expect("("); const init = this.is(";") ? undefined : this.expr(); this.expect(";"); const c = this.is(";") ? undefined : this.expr(); this.expect(";"); const step = this.is(")") ? undefined : this.expr(); this.expect(")"); this.skipNlOnly(); return { k: "for", init, c, step, body: this.statement() }; }
        case "break": case "continue": case "quit": case "halt": this.p++; return { k: t.v };
        case "return": { this.p++; if (this.is("(")) { this.p++; if (this.is(")")) { this.p++; return { k: "return" }; } const e = this.expr(); this.expect(")"); return { k: "return", e }; } return { k: "return" }; }
        case "print": { this.p++; const items: Array<Expr | string> = []; do { const s = this.peek(); if (s.t === "str") { this.p++; items.push(s.v); } else items.push(this.expr()); } while (this.is(",") && ++this.p); return { k: "print", items }; }
        case "define": {
          this.p++; const name = this.next().v; this.expect("("); const params: string[] = [];
          while (!this.is(")")) { params.push(this.next().v); if (this.is("[")) { this.p++; this.expect("]"); } if (this.is(",")) this.p++; }
          this.p++; this.skipNlOnly(); this.expect("{"); const autos: string[] = []; const body: Stmt[] = [];
          this.skipNl();
          if (this.is("auto")) { this.p++; do { autos.push(this.next().v); } while (this.is(",") && ++this.p); }
          for (;;) { this.skipNl(); if (this.is("}")) break; if (this.peek().t === "eof") throw new BcSyntax(t.line); body.push(this.statement()); }
          this.p++;
          return { k: "define", name, params, autos, body };
        }
      }
    }
    return { k: "expr", e: this.expr() };
  }
  skipNlOnly(): void { while (this.peek().t === "nl") this.p++; }
  expr(): Expr { return this.or(); }
  or(): Expr { let a = this.and(); while (this.is("||")) { this.p++; a = { k: "bin", op: "||", a, b: this.and() }; } return a; }
  and(): Expr { let a = this.not(); while (this.is("&&")) { this.p++; a = { k: "bin", op: "&&", a, b: this.not() }; } return a; }
  not(): Expr { if (this.is("!")) { this.p++; return { k: "not", a: this.not() }; } return this.rel(); }
  rel(): Expr { const a = this.assign(); const t = this.peek(); if (t.t === "op" && ["==", "!=", "<", "<=", ">", ">="].includes(t.v)) { this.p++; return { k: "bin", op: t.v, a, b: this.assign() }; } return a; }
  assign(): Expr {
    const t = this.peek(); const n = this.toks[this.p + 1] as Tok;
    if (t.t === "name" && n.t === "op" && ["=", "+=", "-=", "*=", "/=", "%=", "^="].includes(n.v)) { this.p += 2; return { k: "assign", op: n.v, name: t.v, e: this.assign() }; }
    return this.addsub();
  }
  addsub(): Expr { let a = this.muldiv(); while (this.is("+") || this.is("-")) { const op = this.next().v; a = { k: "bin", op, a, b: this.muldiv() }; } return a; }
  muldiv(): Expr { let a = this.power(); while (this.is("*") || this.is("/") || this.is("%")) { const op = this.next().v; a = { k: "bin", op, a, b: this.power() }; } return a; }
  power(): Expr { const a = this.unary(); if (this.is("^")) { this.p++; return { k: "bin", op: "^", a, b: this.power() }; } return a; }
  unary(): Expr { if (this.is("-")) { this.p++; return { k: "neg", a: this.unary() }; } return this.postfix(); }
  postfix(): Expr {
    const t = this.next();
    if (t.t === "op" && (t.v === "++" || t.v === "--")) { const n = this.next(); if (n.t !== "name") throw new BcSyntax(n.line); return { k: "incdec", op: t.v, prefix: true, name: n.v }; }
    if (t.t === "num") return { k: "num", v: t.v };
    if (t.t === "op" && t.v === "(") { const e = this.expr(); this.expect(")"); return e; }
    if (t.t === "name") {
      if (this.is("(")) { this.p++; const args: Expr[] = []; while (!this.is(")")) { args.push(this.expr()); if (this.is(",")) this.p++; else if (!this.is(")")) throw new BcSyntax(this.peek().line); } this.p++; return { k: "call", name: t.v, args }; }
      if (this.is("++") || this.is("--")) return { k: "incdec", op: this.next().v as "++", prefix: false, name: t.v };
      return { k: "var", name: t.v };
    }
    throw new BcSyntax(t.line);
  }
}

class Signal { constructor(readonly kind: "break" | "continue" | "return" | "quit", readonly value?: Num) {} }

/** A bc session: variables, functions and `scale`/`ibase`/`obase` persist across `run` calls. */
export class BcSession {
  scale: number;
  ibase = 10;
  obase = 10;
  readonly globals = new Map<string, Num>();
  readonly funcs = new Map<string, Extract<Stmt, { k: "define" }>>();
  scopes: Array<Map<string, Num>> = [];
  constructor(readonly mathLib: boolean, readonly meter?: LimitsMeter) {
    this.scale = mathLib ? 20 : 0;
  }

  /** Runs program text; output via `out`, diagnostics via `err`. Returns false after `quit`. */
  run(src: string, out: (s: string) => void, err: (s: string) => void): boolean {
    let toks: Tok[];
    try { toks = lex(src); } catch (e) { if (e instanceof BcSyntax) { err(`(standard_in) ${e.line}: ${e.message}\n`); return true; } throw e; }
    const p = new Parser(toks);
    // Statements run when their line is complete; `quit` ends bc as soon as it is read.
    let pending: Stmt[] = [];
    const flush = (): boolean => {
      const batch = pending;
      pending = [];
      for (const st of batch) {
        try {
          this.exec(st, out);
        } catch (e) {
          if (e instanceof Signal) {
            if (e.kind === "quit") return false;
            continue;
          }
          if (e instanceof BcError) {
            err(`Runtime error (func=(main), adr=0): ${e.message}\n`);
            continue;
          }
          throw e;
        }
      }
      return true;
    };
    for (;;) {
      while (p.is(";")) p.p++;
      const t = p.peek();
      if (t.t === "eof") return flush();
      if (t.t === "nl") {
        p.p++;
        if (!flush()) return false;
        continue;
      }
      const start = p.p;
      try {
        const st = p.statement();
        if (st.k === "quit") return false;
        pending.push(st);
      } catch (e) {
        if (!(e instanceof BcSyntax)) throw e;
        err(`(standard_in) ${e.line}: syntax error\n`);
        pending = [];
        p.p = Math.max(p.p, start + 1);
        while (p.peek().t !== "nl" && p.peek().t !== "eof") p.p++;
      }
    }
  }

  get(name: string): Num {
    if (name === "scale") return int(this.scale);
    if (name === "ibase") return int(this.ibase);
    if (name === "obase") return int(this.obase);
    for (let i = this.scopes.length - 1; i >= 0; i--) { const v = (this.scopes[i] as Map<string, Num>).get(name); if (v) return v; }
    return this.globals.get(name) ?? int(0);
  }
  set(name: string, v: Num): void {
    const n = Number(v.v / 10n ** BigInt(v.s));
    if (name === "scale") { this.scale = Math.max(0, Math.min(n, 1000)); return; }
    if (name === "ibase") { this.ibase = Math.max(2, Math.min(n, 16)); return; }
    if (name === "obase") { this.obase = Math.max(2, Math.min(n, 36)); return; }
    for (let i = this.scopes.length - 1; i >= 0; i--) { const s = this.scopes[i] as Map<string, Num>; if (s.has(name)) { s.set(name, v); return; } }
    this.globals.set(name, v);
  }

  exec(st: Stmt, out: (s: string) => void): void {
    this.meter?.tick();
    switch (st.k) {
      case "empty": return;
      case "expr": {
        const v = this.eval(st.e);
        if (st.e.k !== "assign") out(`${format(v, this.obase)}\n`);
        return;
      }
      case "str": out(st.v); return;
      case "print": for (const it of st.items) out(typeof it === "string" ? it.replace(/\\([nt\\"aqbfre])/g, (_m, c: string) => ({ n: "\n", t: "\t", "\\": "\\", '"': '"', a: "\x07", q: '"', b: "\b", f: "\f", r: "\r", e: "\\" })[c] ?? c) : format(this.eval(it), this.obase)); return;
      case "block": for (const s of st.body) this.exec(s, out); return;
      case "if": if (!isZero(this.eval(st.c))) this.exec(st.then, out); else if (st.else) this.exec(st.else, out); return;
      case "while": case "for": {
        if (st.k === "for" && st.init) this.eval(st.init);
        for (let n = 0; ; n++) {
          if (this.meter && n > this.meter.limits.maxLoopIterations) throw new BcError("loop ran too long");
          this.meter?.tick();
          const c = st.c;
          if (c && isZero(this.eval(c))) break;
          try { this.exec(st.body, out); } catch (e) {
            if (e instanceof Signal && e.kind === "break") break;
            if (!(e instanceof Signal && e.kind === "continue")) throw e;
          }
          if (st.k === "for" && st.step) this.eval(st.step);
        }
        return;
      }
      case "break": case "continue": throw new Signal(st.k);
      case "quit": case "halt": throw new Signal("quit");
      case "return": throw new Signal("return", st.e ? this.eval(st.e) : int(0));
      case "define": this.funcs.set(st.name, st); return;
    }
  }

  eval(e: Expr): Num {
    switch (e.k) {
      case "num": return parseNum(e.v, this.ibase);
      case "var": return this.get(e.name);
      case "neg": { const v = this.eval(e.a); return { v: -v.v, s: v.s }; }
      case "not": return int(isZero(this.eval(e.a)) ? 1 : 0);
      case "assign": {
        let v = this.eval(e.e);
        if (e.op !== "=") v = this.binop(e.op.slice(0, -1), this.get(e.name), v);
        this.set(e.name, v);
        return v;
      }
      case "incdec": {
        const old = this.get(e.name);
        const v = e.op === "++" ? add(old, int(1)) : sub(old, int(1));
        this.set(e.name, v);
        return e.prefix ? v : old;
      }
      case "bin": {
        if (e.op === "&&") return int(!isZero(this.eval(e.a)) && !isZero(this.eval(e.b)) ? 1 : 0);
        if (e.op === "||") return int(!isZero(this.eval(e.a)) || !isZero(this.eval(e.b)) ? 1 : 0);
        return this.binop(e.op, this.eval(e.a), this.eval(e.b));
      }
      case "call": return this.call(e.name, e.args.map((a) => this.eval(a)));
    }
  }

  binop(op: string, a: Num, b: Num): Num {
    switch (op) {
      case "+": return add(a, b);
      case "-": return sub(a, b);
      case "*": return mul(a, b, this.scale);
      case "/": return div(a, b, this.scale);
      case "%": return mod(a, b, this.scale);
      case "^": return pow(a, b, this.scale);
      case "==": return int(cmp(a, b) === 0 ? 1 : 0);
      case "!=": return int(cmp(a, b) !== 0 ? 1 : 0);
      case "<": return int(cmp(a, b) < 0 ? 1 : 0);
      case "<=": return int(cmp(a, b) <= 0 ? 1 : 0);
      case ">": return int(cmp(a, b) > 0 ? 1 : 0);
      default: return int(cmp(a, b) >= 0 ? 1 : 0);
    }
  }

  call(name: string, args: Num[]): Num {
    const a0 = args[0] ?? int(0);
    if (name === "sqrt") return sqrt(a0, this.scale);
    if (name === "length") { const d = (a0.v < 0n ? -a0.v : a0.v).toString(); return int(Math.max(d.length, a0.s)); }
    if (name === "scale") return int(a0.s);
    const f = this.funcs.get(name);
    if (!f) {
      if (this.mathLib && /^[scale]$/.test(name)) return mathFn(name, a0, this.scale);
      throw new BcError(`Function ${name} not defined`);
    }
    if (this.scopes.length > 100) throw new BcError("function call depth exceeded");
    const scope = new Map<string, Num>();
    f.params.forEach((p, i) => scope.set(p, args[i] ?? int(0)));
    for (const a of f.autos) scope.set(a, int(0));
    this.scopes.push(scope);
    try {
      for (const s of f.body) this.exec(s, () => undefined);
      return int(0);
    } catch (e) {
      if (e instanceof Signal && e.kind === "return") return e.value ?? int(0);
      throw e;
    } finally {
      this.scopes.pop();
    }
  }
}

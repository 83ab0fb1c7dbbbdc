/**
 * The awk parser: recursive descent over the tokens of `lexer.ts`, building the AST
 * of `ast.ts`. awk's grammar is context dependent in ways a grammar table handles poorly, so
 * each rule is decided here explicitly:
 * - `>` inside an unparenthesized print/printf argument list is a redirection, not a comparison;
 * - concatenation is juxtaposition, and its right operand may not start with `+` or `-`
 *   (`1 -1` is a subtraction);
 * - `cmd | getline` binds tighter than comparison; `getline < file` takes a primary operand;
 * - `(a, b) in arr` and `print (a, b)` are the only places a parenthesized list may appear.
 */
import type { Token as IToken, TokenType } from "@husk/pattern";
import type { Expr, FuncDef, LValue, Program, Redirect, Rule, Stmt } from "./ast.js";
import { AwkSyntaxError } from "./errors.js";
import { KEYWORDS, Tok, tokenize } from "./lexer.js";
import { BUILTIN_ARITY, BUILTINS, parseNumberToken, unescapeString } from "./literals.js";


const EOF_TOKEN = { image: "", tokenType: { name: "EOF" } } as unknown as IToken;

const ASSIGN_OPS = new Map<TokenType, string>([
  [Tok.Assign, "="], [Tok.AddAssign, "+="], [Tok.SubAssign, "-="], [Tok.MulAssign, "*="],
  [Tok.DivAssign, "/="], [Tok.ModAssign, "%="], [Tok.PowAssign, "^="],
]);
const COMPARE_OPS = new Map<TokenType, string>([
  [Tok.Lt, "<"], [Tok.Le, "<="], [Tok.Ne, "!="], [Tok.Eq, "=="], [Tok.Gt, ">"], [Tok.Ge, ">="],
]);

/** Options of `parse`. */
export interface ParseOptions {
  /** How error messages name the source (`cmd. line`, or a `-f` file name). */
  readonly sourceName?: string;
  /** Maximum nesting depth of expressions and statements. */
  readonly maxDepth?: number;
}

/** Parses awk program text. Throws AwkSyntaxError (gawk's message shape). */
export function parse(source: string, options: ParseOptions = {}): Program {
  return new Parser(source, options).program();
}

class Parser {
  readonly #src: string;
  readonly #toks: IToken[];
  readonly #where: string;
  readonly #maxDepth: number;
  #pos = 0;
  #depth = 0;
  /** True while parsing an unparenthesized print argument list (`>` redirects). */
  #inPrint = false;
  /** Parameters of the function being parsed (they shadow globals). */
  #funcs = new Map<string, FuncDef>();

  constructor(source: string, options: ParseOptions) {
    this.#src = source;
    this.#where = options.sourceName ?? "cmd. line";
    this.#maxDepth = options.maxDepth ?? 1000;
    try {
      this.#toks = tokenize(source);
    } catch (e) {
      if (e instanceof AwkSyntaxError) throw e;
      throw e;
    }
  }

  // ---- token helpers ----
  #peek(k = 0): IToken {
    return this.#toks[this.#pos + k] ?? EOF_TOKEN;
  }
  #is(t: TokenType, k = 0): boolean {
    return this.#peek(k).tokenType === t;
  }
  #isWord(w: string, k = 0): boolean {
    const t = this.#peek(k);
    return t.tokenType === Tok.Name && t.image === w;
  }
  #next(): IToken {
    const t = this.#peek();
    this.#pos++;
    return t;
  }
  #eat(t: TokenType): boolean {
    if (this.#is(t)) {
      this.#pos++;
      return true;
    }
    return false;
  }
  #expect(t: TokenType): IToken {
    if (!this.#is(t)) this.#fail();
    return this.#next();
  }
  #expectWord(w: string): void {
    if (!this.#isWord(w)) this.#fail();
    this.#pos++;
  }
  #line(): number {
    const t = this.#peek();
    return t === EOF_TOKEN ? (this.#src.match(/\n/g)?.length ?? 0) + 1 : (t.startLine ?? 1);
  }
  #fail(): never {
    const t = this.#peek();
    if (t === EOF_TOKEN || t.tokenType === Tok.Newline) {
      const off = t === EOF_TOKEN ? this.#src.length : t.startOffset;
      const line = t === EOF_TOKEN ? this.#line() : (t.startLine ?? 1);
      throw new AwkSyntaxError(line, off, this.#src, "unexpected newline or end of string", this.#where);
    }
    throw new AwkSyntaxError(t.startLine ?? 1, t.startOffset, this.#src, "syntax error", this.#where);
  }
  #enter(): void {
    if (++this.#depth > this.#maxDepth) this.#fail();
  }
  #optNewlines(): void {
    while (this.#is(Tok.Newline)) this.#pos++;
  }
  #skipTerminators(): void {
    while (this.#is(Tok.Newline) || this.#is(Tok.Semi)) this.#pos++;
  }

  // ---- program ----
  program(): Program {
    const rules: Rule[] = [];
    this.#skipTerminators();
    while (this.#peek() !== EOF_TOKEN) {
      const t = this.#peek();
      if (t.tokenType === Tok.At) {
        const word = this.#peek(1).image;
        throw new AwkSyntaxError(t.startLine ?? 1, t.startOffset, this.#src, `@${word} is not supported in the sandbox (no source files)`, this.#where);
      }
      if ((t.tokenType === Tok.Name || t.tokenType === Tok.FuncName) && (t.image === "function" || t.image === "func")) {
        this.#function();
      } else {
        rules.push(this.#rule());
      }
      this.#skipTerminators();
    }
    return { rules, functions: this.#funcs };
  }

  #function(): void {
    const line = this.#line();
    this.#next();
    const nameTok = this.#next();
    if (nameTok.tokenType !== Tok.Name && nameTok.tokenType !== Tok.FuncName) this.#fail();
    if (KEYWORDS.has(nameTok.image) || BUILTINS.has(nameTok.image) || this.#funcs.has(nameTok.image)) {
      this.#pos--;
      this.#fail();
    }
    this.#expect(Tok.LParen);
    const params: string[] = [];
    while (!this.#is(Tok.RParen)) {
      this.#optNewlines();
      const p = this.#expect(Tok.Name);
      params.push(p.image);
      this.#optNewlines();
      if (!this.#eat(Tok.Comma)) break;
    }
    this.#expect(Tok.RParen);
    this.#optNewlines();
    // Registered before the body is parsed, so recursive calls resolve.
    const def: { name: string; params: string[]; body: readonly Stmt[]; line: number } = { name: nameTok.image, params, body: [], line };
    this.#funcs.set(nameTok.image, def);
    def.body = this.#block();
  }

  #rule(): Rule {
    const line = this.#line();
    const t = this.#peek();
    if (t.tokenType === Tok.Name && (t.image === "BEGIN" || t.image === "END" || t.image === "BEGINFILE" || t.image === "ENDFILE")) {
      this.#next();
      this.#optNewlines();
      if (!this.#is(Tok.LBrace)) this.#fail();
      return { kind: t.image, pattern: undefined, pattern2: undefined, action: this.#block(), line };
    }
    let pattern: Expr | undefined;
    let pattern2: Expr | undefined;
    if (!this.#is(Tok.LBrace)) {
      pattern = this.#expr();
      if (this.#eat(Tok.Comma)) pattern2 = this.#expr();
    }
    const action = this.#is(Tok.LBrace) ? this.#block() : undefined;
    if (action === undefined && !(this.#is(Tok.Newline) || this.#is(Tok.Semi) || this.#peek() === EOF_TOKEN)) this.#fail();
    return { kind: "main", pattern, pattern2, action, line };
  }

  #block(): Stmt[] {
    this.#expect(Tok.LBrace);
    const body: Stmt[] = [];
    this.#skipTerminators();
    while (!this.#is(Tok.RBrace)) {
      if (this.#peek() === EOF_TOKEN) this.#fail();
      body.push(this.#statement());
      this.#skipTerminators();
    }
    this.#next();
    return body;
  }

  // ---- statements ----
  /** Ends a simple statement: `;`, newline, or before `}` / end of input. */
  #endSimple(): void {
    if (this.#is(Tok.Semi) || this.#is(Tok.Newline)) {
      this.#next();
      return;
    }
    if (this.#is(Tok.RBrace) || this.#peek() === EOF_TOKEN) return;
    this.#fail();
  }

  #statement(): Stmt {
    this.#enter();
    try {
      return this.#statementInner();
    } finally {
      this.#depth--;
    }
  }

  #simpleOrBlock(): Stmt {
    this.#optNewlines();
    if (this.#eat(Tok.Semi)) return { type: "Block", body: [], line: this.#line() };
    return this.#statement();
  }

  #statementInner(): Stmt {
    const line = this.#line();
    const t = this.#peek();
    if (t.tokenType === Tok.LBrace) return { type: "Block", body: this.#block(), line };
    if (t.tokenType === Tok.Name || t.tokenType === Tok.FuncName) {
      switch (t.image) {
        case "if": {
          this.#next();
          this.#expect(Tok.LParen);
          const test = this.#expr();
          this.#expect(Tok.RParen);
          const then = this.#simpleOrBlock();
          // An `else` may follow after terminators.
          let k = 0;
          while (this.#is(Tok.Newline, k) || this.#is(Tok.Semi, k)) k++;
          let els: Stmt | undefined;
          if (this.#isWord("else", k)) {
            this.#pos += k + 1;
            els = this.#simpleOrBlock();
          }
          return { type: "If", test, then, else: els, line };
        }
        case "while": {
          this.#next();
          this.#expect(Tok.LParen);
          const test = this.#expr();
          this.#expect(Tok.RParen);
          if (this.#is(Tok.Semi)) {
            this.#next();
            return { type: "While", test, body: { type: "Block", body: [], line }, line };
          }
          return { type: "While", test, body: this.#simpleOrBlock(), line };
        }
        case "do": {
          this.#next();
          const body = this.#simpleOrBlock();
          this.#skipTerminators();
          this.#expectWord("while");
          this.#expect(Tok.LParen);
          const test = this.#expr();
          this.#expect(Tok.RParen);
          this.#endSimple();
          return { type: "Do", body, test, line };
        }
        case "for":
          return this.#for();
        case "next":
        case "nextfile":
        case "break":
        case "continue": {
          this.#next();
          this.#endSimple();
          const type = t.image === "next" ? "Next" : t.image === "nextfile" ? "NextFile" : t.image === "break" ? "Break" : "Continue";
          return { type, line };
        }
        case "exit":
        case "return": {
          this.#next();
          const value = this.#atSimpleEnd() ? undefined : this.#expr();
          this.#endSimple();
          return { type: t.image === "exit" ? "Exit" : "Return", value, line };
        }
        case "delete": {
          this.#next();
          const paren = this.#eat(Tok.LParen);
          const name = this.#expect(Tok.Name).image;
          let subs: Expr[] | undefined;
          if (this.#eat(Tok.LBracket)) {
            subs = this.#exprList(Tok.RBracket);
            this.#expect(Tok.RBracket);
          }
          if (paren) this.#expect(Tok.RParen);
          this.#endSimple();
          return { type: "Delete", name, subs, line };
        }
        case "print":
        case "printf":
          return this.#print();
        default:
      }
    }
    if (t.tokenType === Tok.Semi) {
      this.#next();
      return { type: "Block", body: [], line };
    }
    const expr = this.#expr();
    this.#endSimple();
    return { type: "ExprStmt", expr, line };
  }

  #atSimpleEnd(): boolean {
    return this.#is(Tok.Semi) || this.#is(Tok.Newline) || this.#is(Tok.RBrace) || this.#peek() === EOF_TOKEN;
  }

  #for(): Stmt {
    const line = this.#line();
    this.#next();
    this.#expect(Tok.LParen);
    // for (name in array) / for ((name) in array)
    if (this.#is(Tok.Name) && this.#isWord("in", 1) && this.#is(Tok.Name, 2) && this.#is(Tok.RParen, 3)) {
      const v = this.#next();
      this.#next();
      const arr = this.#next().image;
      this.#next();
      const body = this.#simpleOrBlock();
      return { type: "ForIn", variable: { type: "Var", name: v.image, line }, array: arr, body, line };
    }
    if (this.#is(Tok.LParen) && this.#is(Tok.Name, 1) && this.#is(Tok.RParen, 2) && this.#isWord("in", 3) && this.#is(Tok.Name, 4) && this.#is(Tok.RParen, 5)) {
      this.#next();
      const v = this.#next();
      this.#pos += 2;
      const arr = this.#next().image;
      this.#next();
      const body = this.#simpleOrBlock();
      return { type: "ForIn", variable: { type: "Var", name: v.image, line }, array: arr, body, line };
    }
    const init = this.#is(Tok.Semi) ? undefined : this.#simpleStatementNoEnd();
    this.#optNewlines();
    this.#expect(Tok.Semi);
    this.#optNewlines();
    const test = this.#is(Tok.Semi) ? undefined : this.#expr();
    this.#optNewlines();
    this.#expect(Tok.Semi);
    this.#optNewlines();
    const update = this.#is(Tok.RParen) ? undefined : this.#simpleStatementNoEnd();
    this.#expect(Tok.RParen);
    if (this.#is(Tok.Semi)) {
      this.#next();
      return { type: "For", init, test, update, body: { type: "Block", body: [], line }, line };
    }
    const body = this.#simpleOrBlock();
    return { type: "For", init, test, update, body, line };
  }

  #simpleStatementNoEnd(): Stmt {
    const line = this.#line();
    return { type: "ExprStmt", expr: this.#expr(), line };
  }

  #print(): Stmt {
    const line = this.#line();
    const printf = this.#next().image === "printf";
    let args: Expr[] = [];
    const saved = this.#inPrint;
    this.#inPrint = true;
    try {
      if (!this.#atSimpleEnd() && !this.#is(Tok.Gt) && !this.#is(Tok.Append) && !this.#is(Tok.Pipe)) {
        args = this.#exprList(undefined);
      }
    } finally {
      this.#inPrint = saved;
    }
    if (args.length === 1 && args[0]!.type === "Group") args = [...args[0]!.exprs];
    let redirect: Redirect | undefined;
    const r = this.#peek().tokenType;
    if (r === Tok.Gt || r === Tok.Append || r === Tok.Pipe) {
      this.#next();
      const kind = r === Tok.Gt ? ">" : r === Tok.Append ? ">>" : "|";
      redirect = { kind, dest: this.#concat(true) };
    }
    // `printf` alone parses; gawk fails when it runs (fatal: printf: no arguments)
    this.#endSimple();
    return { type: "Print", printf, args, redirect, line };
  }

  // ---- expressions ----
  #exprList(close: TokenType | undefined): Expr[] {
    const out: Expr[] = [];
    if (close !== undefined && this.#is(close)) return out;
    out.push(this.#expr());
    while (this.#eat(Tok.Comma)) {
      this.#optNewlines();
      out.push(this.#expr());
    }
    return out;
  }

  /** A full expression (assignment level). */
  #expr(): Expr {
    this.#enter();
    try {
      return this.#ternary();
    } finally {
      this.#depth--;
    }
  }

  #ternary(): Expr {
    const line = this.#line();
    const test = this.#or();
    if (this.#is(Tok.Question)) {
      this.#next();
      this.#optNewlines();
      const yes = this.#ternary();
      this.#optNewlines();
      this.#expect(Tok.Colon);
      this.#optNewlines();
      const no = this.#ternary();
      return { type: "Cond", test, yes, no, line };
    }
    const op = ASSIGN_OPS.get(this.#peek().tokenType);
    if (op !== undefined && isLValue(test)) {
      this.#next();
      this.#optNewlines();
      const value = this.#ternary();
      return { type: "Assign", op, target: test, value, line };
    }
    return test;
  }

  #or(): Expr {
    let left = this.#and();
    while (this.#is(Tok.Or)) {
      const line = this.#line();
      this.#next();
      left = { type: "Logic", op: "||", left, right: this.#and(), line };
    }
    return left;
  }

  #and(): Expr {
    let left = this.#in();
    while (this.#is(Tok.And)) {
      const line = this.#line();
      this.#next();
      left = { type: "Logic", op: "&&", left, right: this.#in(), line };
    }
    return left;
  }

  #in(): Expr {
    let left = this.#match();
    while (this.#isWord("in")) {
      const line = this.#line();
      this.#next();
      const name = this.#expect(Tok.Name).image;
      left = { type: "In", subs: left.type === "Group" ? left.exprs : [left], name, line };
    }
    return left;
  }

  #match(): Expr {
    let left = this.#comparison();
    while (this.#is(Tok.Tilde) || this.#is(Tok.NoMatch)) {
      const line = this.#line();
      const negate = this.#next().tokenType === Tok.NoMatch;
      left = { type: "Match", negate, left, right: this.#comparison(), line };
    }
    return left;
  }

  #comparison(): Expr {
    const left = this.#pipeGetline();
    const t = this.#peek().tokenType;
    const op = COMPARE_OPS.get(t);
    if (op === undefined || (t === Tok.Gt && this.#inPrint)) return left;
    const line = this.#line();
    this.#next();
    return { type: "Binary", op, left, right: this.#pipeGetline(), line };
  }

  #pipeGetline(): Expr {
    let left = this.#concat(false);
    while (this.#is(Tok.Pipe) && this.#isWord("getline", 1)) {
      const line = this.#line();
      this.#pos += 2;
      const target = this.#optLValue();
      left = { type: "Getline", kind: "cmd", target, src: left, line };
    }
    return left;
  }

  /** Concatenation. With `noGetlinePipe`, used for redirection targets. */
  #concat(redirectTarget: boolean): Expr {
    let left = this.#additive();
    for (;;) {
      if (!this.#startsConcatOperand()) return left;
      if (redirectTarget && this.#inPrint) return left;
      const line = this.#line();
      left = { type: "Binary", op: " ", left, right: this.#additive(), line };
    }
  }

  #startsConcatOperand(): boolean {
    const t = this.#peek();
    const tt = t.tokenType;
    if (tt === Tok.Name) return !KEYWORDS.has(t.image);
    return (
      tt === Tok.Number || tt === Tok.String || tt === Tok.Regex || tt === Tok.FuncName || tt === Tok.Dollar ||
      tt === Tok.Not || tt === Tok.LParen || tt === Tok.Incr || tt === Tok.Decr
    );
  }

  #additive(): Expr {
    let left = this.#multiplicative();
    while (this.#is(Tok.Plus) || this.#is(Tok.Minus)) {
      const line = this.#line();
      const op = this.#next().image;
      left = { type: "Binary", op, left, right: this.#multiplicative(), line };
    }
    return left;
  }

  #multiplicative(): Expr {
    let left = this.#unary();
    while (this.#is(Tok.Star) || this.#is(Tok.Slash) || this.#is(Tok.Percent)) {
      const line = this.#line();
      const op = this.#next().image;
      left = { type: "Binary", op, left, right: this.#unary(), line };
    }
    return left;
  }

  #unary(): Expr {
    const t = this.#peek().tokenType;
    if (t === Tok.Not || t === Tok.Minus || t === Tok.Plus) {
      const line = this.#line();
      this.#next();
      const op = t === Tok.Not ? "!" : t === Tok.Minus ? "-" : "+";
      this.#enter();
      try {
        return { type: "Unary", op, operand: this.#unary(), line };
      } finally {
        this.#depth--;
      }
    }
    return this.#power();
  }

  #power(): Expr {
    const base = this.#postfix();
    if (this.#is(Tok.Pow)) {
      const line = this.#line();
      this.#next();
      // Right associative; the exponent may carry unary signs (`2^-1`).
      const t = this.#peek().tokenType;
      let exponent: Expr;
      if (t === Tok.Minus || t === Tok.Plus || t === Tok.Not) {
        const l2 = this.#line();
        this.#next();
        const op = t === Tok.Not ? "!" : t === Tok.Minus ? "-" : "+";
        exponent = { type: "Unary", op, operand: this.#power(), line: l2 };
      } else {
        exponent = this.#power();
      }
      return { type: "Binary", op: "^", left: base, right: exponent, line };
    }
    return base;
  }

  #postfix(): Expr {
    const t = this.#peek().tokenType;
    if (t === Tok.Incr || t === Tok.Decr) {
      const line = this.#line();
      this.#next();
      const target = this.#primary();
      if (!isLValue(target)) this.#fail();
      return { type: "IncDec", op: t === Tok.Incr ? "++" : "--", prefix: true, target, line };
    }
    const e = this.#primary();
    if (isLValue(e) && (this.#is(Tok.Incr) || this.#is(Tok.Decr))) {
      const line = this.#line();
      const op = this.#next().tokenType === Tok.Incr ? "++" : "--";
      return { type: "IncDec", op, prefix: false, target: e, line };
    }
    return e;
  }

  #optLValue(): LValue | undefined {
    const t = this.#peek();
    if (t.tokenType === Tok.Dollar || (t.tokenType === Tok.Name && !KEYWORDS.has(t.image) && !BUILTINS.has(t.image))) {
      const e = this.#primary();
      if (!isLValue(e)) this.#fail();
      return e;
    }
    return undefined;
  }

  #primary(): Expr {
    const line = this.#line();
    const t = this.#next();
    const tt = t.tokenType;
    switch (tt) {
      case Tok.Number:
        return { type: "Num", value: parseNumberToken(t.image), line };
      case Tok.String:
        return { type: "Str", value: unescapeString(t.image.slice(1, -1)), line };
      case Tok.Regex:
        return { type: "Regex", source: t.image.slice(1, -1), line };
      case Tok.Dollar: {
        // `$` applies to a primary with its own increments: `$i++` is ($i)++, `$++i` works.
        const inc = this.#peek().tokenType;
        let index: Expr;
        if (inc === Tok.Incr || inc === Tok.Decr) {
          this.#next();
          const target = this.#primary();
          if (!isLValue(target)) this.#fail();
          index = { type: "IncDec", op: inc === Tok.Incr ? "++" : "--", prefix: true, target, line };
        } else if (inc === Tok.Minus || inc === Tok.Plus || inc === Tok.Not) {
          this.#next();
          const op = inc === Tok.Minus ? "-" : inc === Tok.Plus ? "+" : "!";
          index = { type: "Unary", op, operand: this.#primary(), line };
        } else {
          index = this.#primary();
        }
        return { type: "Field", index, line };
      }
      case Tok.LParen: {
        const saved = this.#inPrint;
        this.#inPrint = false;
        let exprs: Expr[];
        try {
          this.#optNewlines();
          exprs = this.#exprList(undefined);
          this.#optNewlines();
          this.#expect(Tok.RParen);
        } finally {
          this.#inPrint = saved;
        }
        if (exprs.length === 1) return { type: "Group", exprs, line };
        // A list: only `(a, b) in arr` or a print argument list.
        if (this.#isWord("in")) return { type: "Group", exprs, line };
        if (saved && (this.#atSimpleEnd() || this.#is(Tok.Gt) || this.#is(Tok.Append) || this.#is(Tok.Pipe))) {
          return { type: "Group", exprs, line };
        }
        this.#pos--;
        return this.#fail();
      }
      case Tok.FuncName:
      case Tok.Name:
        return this.#name(t, line);
      default:
        this.#pos--;
        return this.#fail();
    }
  }

  #name(t: IToken, line: number): Expr {
    const name = t.image;
    if (name === "getline") {
      const target = this.#optLValue();
      if (this.#is(Tok.Lt)) {
        this.#next();
        const src = this.#postfixNoConcat();
        return { type: "Getline", kind: "file", target, src, line };
      }
      return { type: "Getline", kind: "simple", target, src: undefined, line };
    }
    if (BUILTINS.has(name)) {
      if (this.#is(Tok.LParen)) {
        this.#next();
        const saved = this.#inPrint;
        this.#inPrint = false;
        let args: Expr[];
        let close: IToken;
        try {
          this.#optNewlines();
          args = this.#exprList(Tok.RParen);
          this.#optNewlines();
          close = this.#expect(Tok.RParen);
        } finally {
          this.#inPrint = saved;
        }
        const arity = BUILTIN_ARITY[name];
        if (arity !== undefined && (args.length < arity[0] || args.length > arity[1])) {
          const detail = `${args.length} is invalid as number of arguments for ${name}`;
          throw new AwkSyntaxError(close.startLine ?? line, close.startOffset, this.#src, detail, this.#where);
        }
        return { type: "Builtin", name, args, line };
      }
      if (name === "length") return { type: "Builtin", name, args: [], line };
      this.#pos--;
      return this.#fail();
    }
    if (KEYWORDS.has(name)) {
      this.#pos--;
      return this.#fail();
    }
    if (t.tokenType === Tok.FuncName) {
      this.#next();
      const saved = this.#inPrint;
      this.#inPrint = false;
      let args: Expr[];
      try {
        this.#optNewlines();
        args = this.#exprList(Tok.RParen);
        this.#optNewlines();
        this.#expect(Tok.RParen);
      } finally {
        this.#inPrint = saved;
      }
      return { type: "Call", name, args, line };
    }
    if (this.#is(Tok.LBracket)) {
      this.#next();
      const saved = this.#inPrint;
      this.#inPrint = false;
      let subs: Expr[];
      try {
        subs = this.#exprList(undefined);
        this.#expect(Tok.RBracket);
      } finally {
        this.#inPrint = saved;
      }
      return { type: "Index", name, subs, line };
    }
    return { type: "Var", name, line };
  }

  /** The operand of `getline < x`: a primary with optional `$` / increments, no binary operators. */
  #postfixNoConcat(): Expr {
    return this.#postfix();
  }
}

/** True for nodes that can be assigned to. */
export function isLValue(e: Expr): e is LValue {
  return e.type === "Var" || e.type === "Index" || e.type === "Field";
}

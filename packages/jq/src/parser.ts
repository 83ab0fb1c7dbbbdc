/**
 * The jq parser: recursive descent with precedence climbing over the tokens of
 * `lexer.ts`. Precedence, lowest first: `def`/`as`/`label` (extend right as far as possible),
 * `|` (right), `,` (left), `//` (right), assignment ops (non-assoc), `or`, `and`, comparisons
 * (non-assoc), `+ -`, `* / %`, unary minus, postfix (`.a`, `[i]`, `?`, `as`), `try`.
 */
import type { Token as IToken } from "@husk/pattern";
import type { FuncDef, ImportDirective, Node, ObjEntry, PObjEntry, Pattern, Program } from "./ast.js";
import { lex } from "./lexer.js";
import type { JqObject, Val } from "./value.js";
import { obj, typeOf } from "./value.js";
import { dumpCompact } from "./dump.js";
import { isNum, negateLiteral, negateNum, numberLiteral } from "./number.js";

/**
 * A compile (syntax or semantic) error with the offset and length of the culprit text. An
 * error in a module file names that file (`file`, `source`: its path and text); an error with
 * no place in any text (a module not found) has offset -1.
 */
export class JqCompileError extends Error {
  readonly offset: number;
  readonly length: number;
  file?: string;
  source?: string;
  constructor(message: string, offset: number, length = 1) {
    super(message);
    this.offset = offset;
    this.length = length;
  }
}

const KEYWORDS = new Set([
  "def", "as", "if", "then", "elif", "else", "end", "reduce", "foreach", "try", "catch", "label",
  "import", "include", "and", "or", "__loc__",
]);

const BINOPS: Record<string, [number, "L" | "R" | "N"]> = {
  "|": [1, "R"],
  ",": [2, "L"],
  "//": [3, "R"],
  "=": [4, "N"], "|=": [4, "N"], "+=": [4, "N"], "-=": [4, "N"], "*=": [4, "N"], "/=": [4, "N"], "%=": [4, "N"], "//=": [4, "N"],
  or: [5, "L"],
  and: [6, "L"],
  "==": [7, "N"], "!=": [7, "N"], "<": [7, "N"], "<=": [7, "N"], ">": [7, "N"], ">=": [7, "N"],
  "+": [8, "L"], "-": [8, "L"],
  "*": [9, "L"], "/": [9, "L"], "%": [9, "L"],
};

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** Human name of a token for messages. */
function tokName(tok: IToken | undefined): string {
  if (!tok) return "end of file";
  const n = tok.tokenType.name;
  if (n === "Ident") return KEYWORDS.has(tok.image) ? tok.image : "IDENT";
  if (n === "Num") return "LITERAL";
  if (n === "Field") return "FIELD";
  if (n === "Var") return "BINDING";
  if (n === "Format") return "FORMAT";
  if (n === "QQStart") return "QQSTRING_START";
  if (n === "Invalid") return "INVALID_CHARACTER";
  return tok.image.length === 1 ? `'${tok.image}'` : `"${tok.image}"`;
}

class Parser {
  readonly #toks: IToken[];
  readonly #text: string;
  #i = 0;
  #depth = 0;
  readonly #maxDepth: number;
  constructor(text: string, toks: IToken[], maxDepth: number) {
    this.#text = text;
    this.#toks = toks;
    this.#maxDepth = maxDepth;
  }

  peek(o = 0): IToken | undefined {
    return this.#toks[this.#i + o];
  }
  next(): IToken {
    const t = this.#toks[this.#i++];
    if (!t) throw this.unexpected(undefined);
    return t;
  }
  /** True when the next token is the punctuation/keyword `s`. */
  is(s: string, o = 0): boolean {
    const t = this.#toks[this.#i + o];
    if (!t) return false;
    const n = t.tokenType.name;
    if (n === "Ident") return t.image === s;
    if (n === "StrText" || n === "Num" || n === "Field" || n === "Var" || n === "Format" || n === "Invalid") return false;
    return t.image === s;
  }
  accept(s: string): boolean {
    if (this.is(s)) {
      this.#i++;
      return true;
    }
    return false;
  }
  expect(s: string): IToken {
    if (!this.is(s)) throw this.unexpected(this.peek());
    return this.next();
  }
  unexpected(tok: IToken | undefined): JqCompileError {
    const off = tok ? tok.startOffset : this.#text.length === 0 ? 0 : this.#text.length - 1;
    return new JqCompileError(`syntax error, unexpected ${tokName(tok)}`, tok ? off : 0, tok ? tok.image.length : 1);
  }
  atEnd(): boolean {
    return this.#i >= this.#toks.length;
  }
  offset(): number {
    return this.peek()?.startOffset ?? this.#text.length;
  }
  lineAt(off: number): number {
    let line = 1;
    for (let i = 0; i < off && i < this.#text.length; i++) if (this.#text.charCodeAt(i) === 10) line++;
    return line;
  }

  program(): Program {
    let meta: JqObject | undefined;
    if (this.is("module")) {
      this.next();
      meta = this.moduleMeta();
      this.expect(";");
    }
    const imports: ImportDirective[] = [];
    while (this.is("import") || this.is("include")) imports.push(this.importDirective());
    const defs: FuncDef[] = [];
    while (this.is("def")) defs.push(this.funcDef());
    const bodyAt = this.atEnd() ? undefined : this.offset();
    let body: Node;
    try {
      body = this.atEnd() ? { k: "Identity" } : this.pipe();
    } catch (e) {
      if (e instanceof JqCompileError && e.offset === (this.#toks[0]?.startOffset ?? 0) && e.message.startsWith("syntax error, unexpected") && !e.message.includes("expecting") && !e.message.endsWith("end of file")) {
        const msg = e.message.replace(/unexpected '[}\]]'$/, "unexpected INVALID_CHARACTER");
        throw new JqCompileError(`${msg}, expecting end of file`, e.offset, e.length);
      }
      throw e;
    }
    if (!this.atEnd()) {
      const e = this.unexpected(this.peek());
      throw new JqCompileError(`${e.message}, expecting end of file`, e.offset, e.length);
    }
    return { meta, imports, defs, body, bodyAt };
  }

  /** `import "p" as name [meta];`, `import "p" as $name [meta];` or `include "p" [meta];`. */
  importDirective(): ImportDirective {
    const isImport = this.next().image === "import";
    const at = this.offset();
    const path = this.stringTerm();
    if (path.k !== "Literal") throw new JqCompileError("Import path must be constant", at, this.offset() - at);
    let as: string | undefined;
    let isData = false;
    if (isImport) {
      this.expect("as");
      const t = this.next();
      if (t.tokenType.name === "Var") {
        isData = true;
        as = t.image.slice(1);
      } else if (t.tokenType.name === "Ident" && !KEYWORDS.has(t.image)) as = t.image;
      else throw this.unexpected(t);
    }
    const meta: JqObject = this.is(";") ? obj() : obj(this.moduleMeta());
    if (as !== undefined) meta.set("as", as);
    meta.set("is_data", isData);
    meta.set("relpath", path.value as string);
    this.expect(";");
    return { relpath: path.value as string, as, isData, meta, at };
  }

  /** Constant object metadata of `module` and imports. */
  moduleMeta(): JqObject {
    const at = this.offset();
    const meta = this.postfix();
    const len = (this.peek()?.startOffset ?? this.#text.length) - at;
    if (!isConstant(meta)) throw new JqCompileError("Module metadata must be constant", at, len);
    if (meta.k !== "Object") throw new JqCompileError("Module metadata must be an object", at, len);
    return constValues(meta)[0] as JqObject;
  }

  funcDef(): FuncDef {
    this.expect("def");
    const nameTok = this.next();
    if (nameTok.tokenType.name !== "Ident" || KEYWORDS.has(nameTok.image)) throw this.unexpected(nameTok);
    const params: string[] = [];
    if (this.accept("(")) {
      do {
        const p = this.next();
        if (p.tokenType.name === "Var") params.push(p.image);
        else if (p.tokenType.name === "Ident" && !KEYWORDS.has(p.image)) params.push(p.image);
        else throw this.unexpected(p);
      } while (this.accept(";"));
      this.expect(")");
    }
    this.expect(":");
    const body = this.pipe();
    this.expect(";");
    return { name: nameTok.image, params, body };
  }

  /** Full expression (lowest precedence). */
  pipe(): Node {
    return this.binary(1);
  }

  binary(minPrec: number, noBind = false): Node {
    if (++this.#depth > this.#maxDepth) throw new JqCompileError("expression nested too deeply", this.offset());
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      if (!t) break;
      let op = t.image;
      const tn = t.tokenType.name;
      if (tn === "Ident" && op === "as" && minPrec <= 1 && !noBind) {
        left = this.bindRest(left);
        break;
      }
      if (tn === "Ident" && op !== "and" && op !== "or") break;
      if (tn === "AltDestr") op = "?//";
      if (op === "?//") {
        // `a?//b` outside a destructuring: `a?` then `//`.
        if (3 < minPrec) break;
        this.next();
        left = { k: "Try", body: left };
        const right = this.binary(3);
        left = { k: "Alt", left, right };
        continue;
      }
      const info = tn === "StrText" || tn === "Num" || tn === "Field" || tn === "Var" ? undefined : BINOPS[op];
      if (!info) break;
      const [prec, assoc] = info;
      if (prec < minPrec) break;
      this.next();
      const right = this.binary(assoc === "L" || assoc === "N" ? prec + 1 : prec);
      left = makeBinary(op, left, right);
      if (assoc === "N") {
        const n = this.peek();
        if (n && BINOPS[n.image]?.[0] === prec && n.tokenType.name !== "Ident") throw this.unexpected(n);
      }
    }
    this.#depth--;
    return left;
  }

  unary(): Node {
    if (this.is("-")) {
      this.next();
      return negation(this.unary());
    }
    if (this.is("def")) {
      const def = this.funcDef();
      return { k: "FuncDef", def, rest: this.pipe() };
    }
    if (this.is("label")) {
      this.next();
      const v = this.next();
      if (v.tokenType.name !== "Var") throw this.unexpected(v);
      this.expect("|");
      return { k: "Label", name: v.image.slice(1), body: this.pipe() };
    }
    return this.postfix();
  }

  /** `SOURCE as PATTERNS | BODY` after SOURCE. */
  bindRest(source: Node): Node {
    this.expect("as");
    const patterns = [this.pattern()];
    while (this.peek()?.tokenType.name === "AltDestr") {
      this.next();
      patterns.push(this.pattern());
    }
    this.expect("|");
    return { k: "Bind", source, patterns, body: this.pipe() };
  }

  pattern(): Pattern {
    const t = this.peek();
    if (t?.tokenType.name === "Var") {
      this.next();
      return { k: "PVar", name: t.image.slice(1) };
    }
    if (this.accept("[")) {
      if (this.is("]")) {
        const e = this.unexpected(this.peek());
        throw new JqCompileError(`${e.message}, expecting BINDING or '[' or '{'`, e.offset, e.length);
      }
      const elems: Pattern[] = [];
      do elems.push(this.pattern());
      while (this.accept(","));
      this.expect("]");
      return { k: "PArray", elems };
    }
    if (this.accept("{")) {
      const entries: PObjEntry[] = [];
      do {
        const k = this.peek();
        if (!k) throw this.unexpected(k);
        const kn = k.tokenType.name;
        if (kn === "Var") {
          this.next();
          const keyVar = k.image.slice(1);
          if (this.accept(":")) entries.push({ keyVar, value: this.pattern() });
          else entries.push({ keyVar });
        } else if (kn === "Ident") {
          this.next();
          this.expect(":");
          entries.push({ key: { k: "Literal", value: k.image }, value: this.pattern() });
        } else if (kn === "QQStart" || kn === "Format") {
          const key = this.stringTerm();
          this.expect(":");
          entries.push({ key, value: this.pattern() });
        } else if (kn === "LParen") {
          this.next();
          const at = this.offset();
          const key = this.pipe();
          this.expect(")");
          this.checkConstKey(key, at);
          this.expect(":");
          entries.push({ key, value: this.pattern() });
        } else throw this.unexpected(k);
      } while (this.accept(","));
      this.expect("}");
      return { k: "PObject", entries };
    }
    throw this.unexpected(t);
  }

  checkConstKey(key: Node, at: number): void {
    if (key.k === "Literal" && typeof key.value !== "string") {
      const v = key.value as Val;
      const type = typeOf(v);
      const img = dumpCompact(v);
      throw new JqCompileError(`Cannot use ${type} (${img}) as object key`, at, img.length);
    }
  }

  /** A postfix term: primary followed by suffixes. */
  postfix(): Node {
    let t = this.primary();
    for (;;) {
      const n = this.peek();
      if (!n) break;
      const nn = n.tokenType.name;
      if (nn === "Field") {
        this.next();
        t = { k: "Index", target: t, index: { k: "Literal", value: n.image.slice(1) } };
      } else if (nn === "Dot" && (this.peek(1)?.tokenType.name === "QQStart" || this.peek(1)?.tokenType.name === "LBracket")) {
        this.next();
        if (this.peek()?.tokenType.name === "QQStart") t = { k: "Index", target: t, index: this.stringTerm() };
        else t = this.bracketSuffix(t);
      } else if (nn === "LBracket") {
        t = this.bracketSuffix(t);
      } else if (nn === "Question") {
        this.next();
        t = { k: "Try", body: t };
      } else break;
    }
    return t;
  }

  bracketSuffix(t: Node): Node {
    this.expect("[");
    if (this.accept("]")) return { k: "Iterate", target: t };
    if (this.accept(":")) {
      const to = this.pipe();
      this.expect("]");
      return { k: "Slice", target: t, to };
    }
    const idx = this.pipe();
    if (this.accept(":")) {
      if (this.accept("]")) return { k: "Slice", target: t, from: idx };
      const to = this.pipe();
      this.expect("]");
      return { k: "Slice", target: t, from: idx, to };
    }
    this.expect("]");
    return { k: "Index", target: t, index: idx };
  }

  stringTerm(): Node {
    let fmt: string | undefined;
    const f = this.peek();
    if (f?.tokenType.name === "Format") {
      this.next();
      fmt = f.image.slice(1);
      if (this.peek()?.tokenType.name !== "QQStart") return { k: "Format", fmt };
    }
    const start = this.expect('"');
    const parts: (string | Node)[] = [];
    let cur = "";
    for (;;) {
      const t = this.next();
      const n = t.tokenType.name;
      if (n === "QQEnd") break;
      if (n === "StrText") cur += t.image;
      else if (n === "StrEscape") {
        const c = t.image[1]!;
        if (c === "u") {
          let code = Number.parseInt(t.image.slice(2), 16);
          cur += String.fromCharCode(code);
          void code;
        } else cur += ESCAPES[c]!;
      } else if (n === "StrBadEscape") {
        void start;
        throw new JqCompileError(`Invalid escape at line 1, column 4 (while parsing '"${t.image}"')`, t.startOffset, 2);
      } else if (n === "InterpStart") {
        if (cur !== "") parts.push(cur);
        cur = "";
        parts.push(this.pipe());
        this.expect(")");
      } else throw this.unexpected(t);
    }
    if (cur !== "" || parts.length === 0) parts.push(cur);
    const out: (string | Node)[] = [];
    for (const p of parts) {
      // Join surrogate halves written as separate \u escapes: already adjacent in `cur`.
      out.push(p);
    }
    if (!fmt && out.length === 1 && typeof out[0] === "string") return { k: "Literal", value: out[0] };
    return { k: "Str", parts: out, fmt };
  }


  primary(): Node {
    const t = this.peek();
    if (!t) throw this.unexpected(t);
    const n = t.tokenType.name;
    switch (n) {
      case "Num":
        this.next();
        return { k: "Literal", value: numLiteral(t.image) };
      case "QQStart":
      case "Format":
        return this.stringTerm();
      case "Field":
        this.next();
        if (this.peek()?.tokenType.name === "QQStart" && false) break;
        return { k: "Index", target: { k: "Identity" }, index: { k: "Literal", value: t.image.slice(1) } };
      case "Dot": {
        this.next();
        const nx = this.peek();
        if (nx?.tokenType.name === "QQStart") return { k: "Index", target: { k: "Identity" }, index: this.stringTerm() };
        return { k: "Identity" };
      }
      case "DotDot":
        this.next();
        return { k: "RecurseAll" };
      case "Var": {
        this.next();
        if (t.image === "$__loc__") return { k: "Loc", line: this.lineAt(t.startOffset) };
        return { k: "Var", name: t.image.slice(1), at: t.startOffset };
      }
      case "LParen": {
        this.next();
        const e = this.pipe();
        this.expect(")");
        return e;
      }
      case "LBracket": {
        this.next();
        if (this.accept("]")) return { k: "Array" };
        const body = this.pipe();
        this.expect("]");
        return { k: "Array", body };
      }
      case "LBrace":
        return this.object();
      case "Ident":
        return this.identTerm(t);
    }
    throw this.unexpected(t);
  }

  identTerm(t: IToken): Node {
    const w = t.image;
    switch (w) {
      case "if": {
        this.next();
        const cond = this.pipe();
        this.expect("then");
        const then = this.pipe();
        return { k: "If", cond, then, else: this.elseBody() };
      }
      case "try": {
        this.next();
        const body = this.postTry();
        if (this.accept("catch")) return { k: "Try", body, handler: this.postTry() };
        return { k: "Try", body };
      }
      case "reduce": {
        this.next();
        const source = this.binary(3, true);
        this.expect("as");
        const pattern = this.pattern();
        this.expect("(");
        const init = this.pipe();
        this.expect(";");
        const update = this.pipe();
        this.expect(")");
        return { k: "Reduce", source, pattern, init, update };
      }
      case "foreach": {
        this.next();
        const source = this.binary(3, true);
        this.expect("as");
        const pattern = this.pattern();
        this.expect("(");
        const init = this.pipe();
        this.expect(";");
        const update = this.pipe();
        let extract: Node | undefined;
        if (this.accept(";")) extract = this.pipe();
        this.expect(")");
        return { k: "Foreach", source, pattern, init, update, extract };
      }
      case "break": {
        this.next();
        const v = this.next();
        if (v.tokenType.name !== "Var") throw this.unexpected(v);
        return { k: "Break", name: v.image.slice(1), at: t.startOffset };
      }
      case "def": {
        const def = this.funcDef();
        return { k: "FuncDef", def, rest: this.pipe() };
      }
    }
    if (KEYWORDS.has(w)) throw this.unexpected(t);
    this.next();
    if (w === "null" || w === "true" || w === "false") return { k: "Literal", value: w === "null" ? null : w === "true" };
    const args: Node[] = [];
    if (this.accept("(")) {
      do args.push(this.pipe());
      while (this.accept(";"));
      this.expect(")");
    }
    return { k: "Call", name: w, args, at: t.startOffset };
  }

  /** Body of `try`/`catch`: a postfix term (binds tighter than any binary operator). */
  postTry(): Node {
    if (this.is("-")) {
      this.next();
      return negation(this.postTry());
    }
    return this.postfix();
  }

  elseBody(): Node | undefined {
    if (this.accept("elif")) {
      const cond = this.pipe();
      this.expect("then");
      const then = this.pipe();
      return { k: "If", cond, then, else: this.elseBody() };
    }
    if (this.accept("else")) {
      const e = this.pipe();
      this.expect("end");
      return e;
    }
    this.expect("end");
    return undefined;
  }

  object(): Node {
    this.expect("{");
    const entries: ObjEntry[] = [];
    if (this.accept("}")) return { k: "Object", entries };
    do {
      const t = this.peek();
      if (!t) throw this.unexpected(t);
      const n = t.tokenType.name;
      let key: Node;
      if (n === "Var") {
        this.next();
        if (t.image === "$__loc__") {
          entries.push({ key: { k: "Literal", value: "__loc__" }, value: { k: "Loc", line: this.lineAt(t.startOffset) } });
          continue;
        }
        const name = t.image.slice(1);
        if (this.accept(":")) {
          entries.push({ key: { k: "Var", name, at: t.startOffset }, value: this.objVal() });
          continue;
        }
        entries.push({ key: { k: "Literal", value: name }, varName: name, value: { k: "Var", name, at: t.startOffset } });
        continue;
      }
      if (n === "Ident") {
        this.next();
        key = { k: "Literal", value: t.image };
      } else if (n === "Num") {
        this.next();
        key = { k: "Literal", value: numLiteral(t.image) };
        if (this.is(":")) this.checkConstKey(key, t.startOffset);
      } else if (n === "QQStart" || n === "Format") {
        key = this.stringTerm();
      } else if (n === "LParen") {
        this.next();
        const at = this.offset();
        key = this.pipe();
        this.expect(")");
        this.checkConstKey(key, at);
      } else throw this.unexpected(t);
      if (this.accept(":")) {
        entries.push({ key, value: this.objVal() });
      } else {
        if (!this.is(",") && !this.is("}")) {
          const at = t.startOffset;
          let end = this.peek()?.startOffset ?? at;
          while (this.peek() && !this.is(":") && !this.is("}")) {
            this.next();
            end = this.peek()?.startOffset ?? end;
          }
          if (this.is(":")) throw new JqCompileError("May need parentheses around object key expression", at, end - at);
          throw this.unexpected(this.peek());
        }
        if (key.k === "Literal" && typeof key.value !== "string") throw this.unexpected(t);
        entries.push({ key, value: { k: "Index", target: { k: "Identity" }, index: key } });
      }
    } while (this.accept(","));
    this.expect("}");
    return { k: "Object", entries };
  }

  /** An object value: terms joined by `|` (no `,`). */
  objVal(): Node {
    let left = this.objValTerm();
    while (this.accept("|")) left = { k: "Pipe", left, right: this.objValTerm() };
    return left;
  }
  objValTerm(): Node {
    // jq only allows `ExpD: ExpD '|' ExpD | '-' ExpD | Term`; we accept any operator above `,`.
    return this.binary(3);
  }
}

function isConstant(n: Node): boolean {
  switch (n.k) {
    case "Literal":
      return true;
    case "Array":
      return !n.body || isConstant(n.body);
    case "Comma":
      return isConstant(n.left) && isConstant(n.right);
    case "Object":
      return n.entries.every((e) => e.value !== undefined && isConstant(e.key) && isConstant(e.value));
    case "Neg":
      return isConstant(n.body);
  }
  return false;
}

/** The values of a constant expression (`isConstant`): a comma gives several. */
function constValues(n: Node): Val[] {
  switch (n.k) {
    case "Literal":
      return [n.value as Val];
    case "Array":
      return [n.body ? constValues(n.body) : []];
    case "Comma":
      return [...constValues(n.left), ...constValues(n.right)];
    case "Object": {
      const o: JqObject = obj();
      for (const e of n.entries) o.set(String(constValues(e.key)[0]), constValues(e.value!)[0]!);
      return [o];
    }
    case "Neg":
      return constValues(n.body).map((v) => (isNum(v) ? negateNum(v) : Number.NaN));
  }
  return [];
}

function makeBinary(op: string, left: Node, right: Node): Node {
  switch (op) {
    case "|":
      return { k: "Pipe", left, right };
    case ",":
      return { k: "Comma", left, right };
    case "//":
      return { k: "Alt", left, right };
    case "and":
      return { k: "And", left, right };
    case "or":
      return { k: "Or", left, right };
    case "=": case "|=": case "+=": case "-=": case "*=": case "/=": case "%=": case "//=":
      return { k: "Assign", op, left, right };
  }
  return { k: "Binop", op, left, right };
}

/** Parses a jq program. Throws `JqCompileError`. */
export function parse(text: string, maxDepth = 1000): Program {
  const r = lex(text);
  if (r.error) {
    const tok = r.tokens.find((t) => t.startOffset >= r.error!.offset);
    void tok;
    throw new JqCompileError("syntax error, unexpected INVALID_CHARACTER", r.error.offset, 1);
  }
  const p = new Parser(text, r.tokens, maxDepth);
  const prog = p.program();
  return prog;
}

/** `-body`; a number literal is negated here, as jq 1.8's `_negate` would at run time (`negateLiteral`). */
function negation(body: Node): Node {
  if (body.k === "Literal" && isNum(body.value)) return { k: "Literal", value: negateLiteral(body.value) };
  return { k: "Neg", body };
}

/** A number literal of the program, kept as written as jq 1.8's lexer keeps it (`jv_parse` of the token). */
function numLiteral(image: string): Val {
  return numberLiteral(image) ?? Number(image);
}

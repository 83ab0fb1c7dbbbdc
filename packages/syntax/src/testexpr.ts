/**
 * The `[[ ... ]]` parser: lexes its operands on demand from the scanner's source (the right
 * side of `=~` is read in regex mode, where `(`, `)` and `|` are literal) and builds a TestExpr
 * with bash's precedence: `||` < `&&` < `!` < primaries.
 */
import type { TestExpr, Word } from "./ast.js";
import { isMeta, STOP_CMD, STOP_REGEX } from "./chars.js";
import type { Reader } from "./words.js";

const UNARY = new Set([
  "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x",
  "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-o", "-v", "-R",
]);
const BINARY = new Set(["==", "=", "!=", "=~", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef", "<", ">"]);

type Tk =
  | { readonly k: "word"; readonly w: Word; readonly lit: string | undefined }
  | { readonly k: "op"; readonly op: string; readonly start: number }
  | { readonly k: "end" };

class TestParser {
  private peeked: Tk | undefined;
  constructor(private readonly r: Reader, private readonly open: number) {}

  private skip(): void {
    const r = this.r;
    const src = r.src;
    while (r.pos < r.end) {
      const c = src[r.pos];
      if (c === " " || c === "\t" || c === "\n") r.pos++;
      else if (c === "\\" && src[r.pos + 1] === "\n") r.pos += 2;
      else break;
    }
  }

  private lex(regex: boolean): Tk {
    const r = this.r;
    const src = r.src;
    this.skip();
    if (r.pos >= r.end) r.fail("unexpected EOF while looking for `]]'");
    const s = r.pos;
    const c = src[s]!;
    if (c === "]" && src[s + 1] === "]" && (s + 2 >= r.end || isMeta(src[s + 2]!))) {
      r.pos += 2;
      return { k: "end" };
    }
    if (!regex) {
      if ((c === "&" || c === "|") && src[s + 1] === c) {
        r.pos += 2;
        return { k: "op", op: c === "&" ? "&&" : "||", start: s };
      }
      if (c === "(" || c === ")" || c === "<" || c === ">") {
        if (!((c === "<" || c === ">") && src[s + 1] === "(")) {
          r.pos++;
          return { k: "op", op: c, start: s };
        }
      }
      if (c === "!" && (s + 1 >= r.end || isMeta(src[s + 1]!))) {
        r.pos++;
        return { k: "op", op: "!", start: s };
      }
    }
    const w = r.readWord(regex ? STOP_REGEX : STOP_CMD);
    if (w === undefined) this.unexpected(c === "\n" ? "newline" : c);
    const lit = w.parts.length === 1 && w.parts[0]!.type === "Literal" ? w.parts[0]!.value : undefined;
    return { k: "word", w, lit };
  }

  /** The right operand of a binary operator: always a word (`!`, `(` included in regex mode). */
  private operand(regex: boolean): Word {
    const r = this.r;
    this.skip();
    const c = r.src[r.pos];
    if (r.pos >= r.end) r.fail("unexpected EOF while looking for `]]'");
    if (c === "]" && r.src[r.pos + 1] === "]" && (r.pos + 2 >= r.end || isMeta(r.src[r.pos + 2]!))) this.unexpected("]]");
    const w = r.readWord(regex ? STOP_REGEX : STOP_CMD);
    if (w === undefined) this.unexpected(c === "\n" ? "newline" : c!);
    return w;
  }

  /** After blanks (and line continuations), the next character is a newline. */
  private atNewline(): boolean {
    const r = this.r;
    const src = r.src;
    let i = r.pos;
    while (i < r.end && (src[i] === " " || src[i] === "\t" || (src[i] === "\\" && src[i + 1] === "\n"))) i += src[i] === "\\" ? 2 : 1;
    return src[i] === "\n" && i < r.end;
  }

  private unexpected(what: string): never {
    this.r.fail(`syntax error in conditional expression: unexpected token \`${what}'`);
  }

  private peek(): Tk {
    return (this.peeked ??= this.lex(false));
  }
  private next(): Tk {
    const t = this.peek();
    this.peeked = undefined;
    return t;
  }
  private describe(t: Tk): string {
    return t.k === "end" ? "]]" : t.k === "op" ? t.op : this.r.src.slice(t.w.span.start - this.r.base, t.w.span.end - this.r.base);
  }

  parse(): TestExpr {
    if (this.peek().k === "end") this.r.fail("syntax error near unexpected token `]]'");
    const e = this.or();
    const t = this.next();
    if (t.k !== "end") this.unexpected(this.describe(t));
    return e;
  }

  private or(): TestExpr {
    let left = this.and();
    for (let t = this.peek(); t.k === "op" && t.op === "||"; t = this.peek()) {
      this.next();
      const right = this.and();
      left = { type: "TestLogical", span: { start: left.span.start, end: right.span.end }, op: "||", left, right };
    }
    return left;
  }

  private and(): TestExpr {
    let left = this.not();
    for (let t = this.peek(); t.k === "op" && t.op === "&&"; t = this.peek()) {
      this.next();
      const right = this.not();
      left = { type: "TestLogical", span: { start: left.span.start, end: right.span.end }, op: "&&", left, right };
    }
    return left;
  }


  private not(): TestExpr {
    const t = this.peek();
    if (t.k === "op" && t.op === "!") {
      this.next();
      this.r.enter();
      const operand = this.not();
      this.r.depth--;
      return { type: "TestNot", span: { start: t.start + this.r.base, end: operand.span.end }, operand };
    }
    return this.primary();
  }

  private primary(): TestExpr {
    const t = this.next();
    if (t.k === "op" && t.op === "(") {
      this.r.enter();
      const expr = this.or();
      this.r.depth--;
      const c = this.next();
      if (c.k !== "op" || c.op !== ")") this.unexpected(this.describe(c));
      return { type: "TestGroup", span: { start: t.start + this.r.base, end: this.r.pos + this.r.base }, expr };
    }
    if (t.k !== "word") this.unexpected(this.describe(t));
    const left = t.w;
    const unary = t.lit !== undefined && UNARY.has(t.lit);
    // bash skips newlines only where a term starts or after one: not after its first word.
    if (this.atNewline()) {
      this.r.fail(unary ? "unexpected argument `newline' to conditional unary operator" : "unexpected token `newline', conditional binary operator expected");
    }
    const p = this.peek();
    if (unary) {
      if (p.k !== "word") this.r.fail(`unexpected argument \`${this.describe(p)}' to conditional unary operator`);
      this.next();
      return { type: "TestUnary", span: { start: left.span.start, end: p.w.span.end }, op: t.lit!, operand: p.w };
    }
    const opText = p.k === "word" ? p.lit : p.k === "op" && (p.op === "<" || p.op === ">") ? p.op : undefined;
    if (opText !== undefined && BINARY.has(opText)) {
      this.next();
      if (this.atNewline()) this.r.fail("unexpected argument `newline' to conditional binary operator");
      const right = this.operand(opText === "=~");
      return { type: "TestBinary", span: { start: left.span.start, end: right.span.end }, op: opText, left, right };
    }
    if (p.k === "word") this.r.fail(`conditional binary operator expected`);
    return { type: "TestWord", span: left.span, word: left };
  }
}

/** Parses `[[ ... ]]`; `r.pos` is just after `[[` (at `open`), and is left after `]]`. */
export function readTestExpr(r: Reader, open: number): TestExpr {
  const saved = r.forceExtglob;
  r.forceExtglob = true;
  try {
    return new TestParser(r, open).parse();
  } finally {
    r.forceExtglob = saved;
  }
}

/**
 * The `[[ ... ]]` parser: lexes its operands on demand from the scanner's source (the right
 * side of `=~` is read in regex mode, where `(`, `)` and `|` are literal) and builds a TestExpr
 * with bash's precedence: `||` < `&&` < `!` < primaries.
 */
import type { TestExpr, Word } from "./ast.js";
import { isMeta, STOP_CMD, STOP_REGEX } from "./chars.js";
import { eofLine, lineOf, ParseError } from "./errors.js";
import type { Reader } from "./words.js";
import { CompoundWordNode, TextNode } from "./nodes.js";
import { TestBinaryNode, TestGroupNode, TestLogicalNode, TestNotNode, TestUnaryNode, TestWordNode } from "./expr-nodes.js";

const UNARY = new Set([
  "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x",
  "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-o", "-v", "-R",
]);
const BINARY = new Set(["==", "=", "!=", "=~", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef", "<", ">"]);

/** A token: a word (the Word node itself, no wrapper to allocate), an operator, or `]]`. */
type Tk = Word | OpTk | EndTk;
interface OpTk {
  readonly k: "op";
  readonly op: string;
  readonly start: number;
}
interface EndTk {
  readonly k: "end";
}
const END: EndTk = { k: "end" };
const isOp = (t: Tk): t is OpTk => (t as { k?: string }).k === "op";
const isEnd = (t: Tk): t is EndTk => t === END;
const isWord = (t: Tk): t is Word => (t as { k?: string }).k === undefined;
/** A word's text when it is one plain Literal (operators are such words). */
const litOf = (w: Word): string | undefined => (w.type === "Literal" ? w.value : undefined);

class TestParser {
  private peeked: Tk | undefined;
  /** The next `fail` is at the end of the input (see ParseError.atEnd). */
  private atEnd = false;
  /** The next `fail` is for the end of input where a term starts (bash names the line after). */
  private termAtEof = false;
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
    const before = r.pos;
    this.skip();
    // bash's cond lexer returns the end of input as a token of its own (at the last line read)
    if (r.pos >= r.end) return { k: "op", op: "EOF", start: before };
    const s = r.pos;
    const c = src[s]!;
    if (c === "]" && src[s + 1] === "]" && (s + 2 >= r.end || isMeta(src[s + 2]!))) {
      r.pos += 2;
      return END;
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
      // (`!(` is an extglob word when the option is on where this is parsed)
      if (c === "!" && (s + 1 >= r.end || isMeta(src[s + 1]!)) && !(src[s + 1] === "(" && r.extglobHere())) {
        r.pos++;
        return { k: "op", op: "!", start: s };
      }
    }
    const w = r.readWord(regex ? STOP_REGEX : STOP_CMD);
    if (w === undefined) {
      // `;`, `|`, `&` (bash reads them as tokens of their own)
      r.pos++;
      return { k: "op", op: c === "\n" ? "newline" : c, start: s };
    }
    return w;
  }

  /** The right operand of a binary operator: always a word (`!`, `(` included in regex mode). */
  private operand(regex: boolean): Word {
    const r = this.r;
    this.skip();
    const src = r.src;
    const c = src[r.pos];
    if (r.pos >= r.end) r.fail("unexpected EOF while looking for `]]'");
    const w = c === "]" && src[r.pos + 1] === "]" && (r.pos + 2 >= r.end || isMeta(src[r.pos + 2]!)) ? undefined : r.readWord(regex ? STOP_REGEX : STOP_CMD);
    if (w === undefined) {
      const op = c === "]" ? "]]" : (c === "&" || c === "|") && src[r.pos + 1] === c ? c + c : c!;
      this.fail(`unexpected argument \`${op}' to conditional binary operator`);
    }
    return w;
  }

  /** After blanks (and line continuations), the next character is a newline. */
  private atNewline(): boolean {
    const r = this.r;
    const src = r.src;
    let i = r.pos;
    while (i < r.end && (src[i] === " " || src[i] === "\t" || (src[i] === "\\" && src[i + 1] === "\n"))) i += src[i] === "\\" ? 2 : 1;
    return i >= r.end || src[i] === "\n";
  }

  /** After blanks, a newline (or the end) that ends the input: bash then stops with status 2. */
  private newlineEndsInput(): boolean {
    const r = this.r;
    const src = r.src;
    let i = r.pos;
    while (i < r.end && (src[i] === " " || src[i] === "\t" || (src[i] === "\\" && src[i + 1] === "\n"))) i += src[i] === "\\" ? 2 : 1;
    return i >= r.end || (src[i] === "\n" && i + 1 >= r.end);
  }

  /** Throws a `[[ ]]` error: bash prints `lines` (none for a bare `]]` where a term starts). */
  private fail(...lines: string[]): never {
    const r = this.r;
    const line = this.termAtEof ? eofLine(r.src) : lineOf(r.src, r.pos);
    throw new ParseError(lines[0] ?? "syntax error in conditional expression", r.span(r.pos, r.pos), line, lines, true, this.atEnd);
  }

  /** The token as bash names it in a message, or undefined for a word (bash names none). */
  private tokenText(t: Tk): string | undefined {
    return isEnd(t) ? "]]" : isOp(t) && t.op !== "!" ? t.op : undefined;
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
    return isEnd(t) ? "]]" : isOp(t) ? t.op : this.r.src.slice(t.start - this.r.base, t.end - this.r.base);
  }

  // The errors follow bash 5.2's cond_term, cond_and, cond_or and cond_error (parse.y).
  parse(): TestExpr {
    const e = this.or();
    const t = this.next();
    if (isOp(t) && t.op === "EOF") {
      this.r.pos = t.start;
      this.r.fail("unexpected EOF while looking for `]]'");
    }
    if (!isEnd(t)) {
      const what = this.tokenText(t);
      this.fail(what === undefined ? "syntax error in conditional expression" : `syntax error in conditional expression: unexpected token \`${what}'`);
    }
    return e;
  }

  private or(): TestExpr {
    let left = this.and();
    for (let t = this.peek(); isOp(t) && t.op === "||"; t = this.peek()) {
      this.next();
      const right = this.and();
      left = new TestLogicalNode(left.start, right.end, "||", left, right);
    }
    return left;
  }

  private and(): TestExpr {
    let left = this.not();
    for (let t = this.peek(); isOp(t) && t.op === "&&"; t = this.peek()) {
      this.next();
      const right = this.not();
      left = new TestLogicalNode(left.start, right.end, "&&", left, right);
    }
    return left;
  }


  private not(): TestExpr {
    const t = this.peek();
    if (isOp(t) && t.op === "!") {
      this.next();
      this.r.enter();
      const operand = this.not();
      this.r.depth--;
      return new TestNotNode(t.start + this.r.base, operand.end, operand);
    }
    return this.primary();
  }

  private primary(): TestExpr {
    const t = this.next();
    if (isEnd(t)) this.fail();
    if (isOp(t) && t.op === "(") {
      this.r.enter();
      let expr: TestExpr;
      try {
        expr = this.or();
      } catch (e) {
        if (e instanceof ParseError && e.conditional) {
          this.atEnd = e.atEnd;
          this.fail(...e.lines, "expected `)'");
        }
        throw e;
      }
      this.r.depth--;
      const c = this.next();
      if (!isOp(c) || c.op !== ")") {
        const what = this.tokenText(c);
        this.atEnd = isOp(c) && c.op === "EOF";
        if (isOp(c) && c.op === "EOF") this.r.pos = c.start;
        this.fail(what === undefined ? "expected `)'" : `unexpected token \`${what}', expected \`)'`);
      }
      return new TestGroupNode(t.start + this.r.base, this.r.pos + this.r.base, expr);
    }
    if (!isWord(t)) {
      this.atEnd = this.termAtEof = isOp(t) && t.op === "EOF";
      this.fail(`unexpected token \`${this.describe(t)}' in conditional command`);
    }
    const left = t;
    const lit = litOf(t);
    const unary = lit !== undefined && UNARY.has(lit);
    // bash skips newlines only where a term starts or after one: not after its first word.
    if (this.atNewline()) {
      this.atEnd = this.newlineEndsInput();
      this.fail(unary ? "unexpected argument `newline' to conditional unary operator" : "unexpected token `newline', conditional binary operator expected");
    }
    if (unary) {
      const p = this.peek();
      // (a `!` is a word here: `[[ -n ! ]]` is true)
      const operand = isWord(p) ? p : isOp(p) && p.op === "!" ? this.bang(p.start) : undefined;
      if (operand === undefined) this.fail(`unexpected argument \`${this.describe(p)}' to conditional unary operator`);
      this.next();
      return new TestUnaryNode(left.start, operand.end, lit!, operand);
    }
    const p = this.peek();
    const opText = isWord(p) ? litOf(p) : isOp(p) && (p.op === "<" || p.op === ">") ? p.op : undefined;
    if (opText !== undefined && BINARY.has(opText)) {
      this.next();
      if (this.atNewline()) {
        this.atEnd = this.newlineEndsInput();
        this.fail("unexpected argument `newline' to conditional binary operator");
      }
      // bash's PST_EXTPAT: the pattern of = == != reads extglob groups whatever the option says
      const pat = opText === "==" || opText === "=" || opText === "!=";
      this.r.forceExtglob = pat;
      let right: Word;
      try {
        right = this.operand(opText === "=~");
      } finally {
        this.r.forceExtglob = false;
      }
      return new TestBinaryNode(left.start, right.end, opText, left, right);
    }
    if (isWord(p) || (isOp(p) && p.op === "!")) this.fail("conditional binary operator expected");
    if (isOp(p) && p.op !== "&&" && p.op !== "||" && p.op !== ")") this.fail(`unexpected token \`${p.op}', conditional binary operator expected`);
    return new TestWordNode(left.start, left.end, left);
  }

  /** The word `!` at `start` (a `!` token where bash reads a word). */
  private bang(start: number): Word {
    const s = start + this.r.base;
    const e = s + 1;
    return new CompoundWordNode(s, e, [new TextNode("Literal", s, e, "!")]);
  }
}

/** Parses `[[ ... ]]`; `r.pos` is just after `[[` (at `open`), and is left after `]]`. */
export function readTestExpr(r: Reader, open: number): TestExpr {
  const saved = r.forceExtglob;
  r.forceExtglob = false;
  try {
    return new TestParser(r, open).parse();
  } finally {
    r.forceExtglob = saved;
  }
}

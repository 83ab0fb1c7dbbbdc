/**
 * The arithmetic parser: bash's full operator set and precedence (comma, assignments, ternary,
 * `|| && | ^ & == != < > <= >= << >> + - * / % **`, unary `! ~ - + ++ --`, postfix `++ --`),
 * numbers as written (`0x1F`, `017`, `2#101`), variables with `a[i]` subscripts.
 * A small hand-written precedence climber over a tokenizer (no allocation per character).
 */
import type { ArithExpr, ArithVar } from "./ast.js";
import { ParseError } from "./errors.js";
import { ArithAssignNode, ArithBinaryNode, ArithGroupNode, ArithNumberNode, ArithPostfixNode, ArithTernaryNode, ArithUnaryNode, ArithVarNode } from "./expr-nodes.js";

type Op = string;
// bash has no `**=`: `x **= 2` is `x ** = 2`, an operand error
const ASSIGN_OPS = new Set(["=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|="]);
const BINARY_PREC: Record<string, number> = {
  "||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
  "<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10, "**": 11,
};
/** Default nesting bound of parseArithmetic (ParseOptions.maxDepth's default). */
const MAX_DEPTH = 1000;

const T_EOF = 0, T_NUM = 1, T_VAR = 2, T_OP = 3;

/** True for the code units of [0-9A-Za-z_] (the characters of a name after its first). */
function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

/**
 * The operator starting at `s[i]` (whose code unit is `c`), longest match first:
 * `<<= >>=`, then the two-character operators, then one of `+ - * / % < > & | ^ ! ~ ? : , ( ) =`;
 * undefined when no operator starts there. `++`/`--` are checked by the caller (see advance).
 */
function scanOp(s: string, i: number, c: number): Op | undefined {
  const d = i + 1 < s.length ? s.charCodeAt(i + 1) : -1;
  switch (c) {
    case 42: // *
      if (d === 42) return "**";
      return d === 61 ? "*=" : "*";
    case 60: // <
      if (d === 60) return i + 2 < s.length && s.charCodeAt(i + 2) === 61 ? "<<=" : "<<";
      return d === 61 ? "<=" : "<";
    case 62: // >
      if (d === 62) return i + 2 < s.length && s.charCodeAt(i + 2) === 61 ? ">>=" : ">>";
      return d === 61 ? ">=" : ">";
    case 43: // +
      return d === 43 ? "++" : d === 61 ? "+=" : "+";
    case 45: // -
      return d === 45 ? "--" : d === 61 ? "-=" : "-";
    case 38: // &
      return d === 38 ? "&&" : d === 61 ? "&=" : "&";
    case 124: // |
      return d === 124 ? "||" : d === 61 ? "|=" : "|";
    case 61: // =
      return d === 61 ? "==" : "=";
    case 33: // !
      return d === 61 ? "!=" : "!";
    case 47: // /
      return d === 61 ? "/=" : "/";
    case 37: // %
      return d === 61 ? "%=" : "%";
    case 94: // ^
      return d === 61 ? "^=" : "^";
    case 126: return "~";
    case 63: return "?";
    case 58: return ":";
    case 44: return ",";
    case 40: return "(";
    case 41: return ")";
    default: return undefined;
  }
}

class ArithParser {
  private pos = 0;
  private kind = T_EOF;
  private text = "";
  private index: string | undefined;
  private tokStart = 0;
  private depth = 0;
  constructor(private readonly src: string, private readonly base: number, private readonly maxDepth: number) {
    this.advance();
  }

  /**
   * Throws bash's `MSG (error token is "REST")`: REST runs from the current token, or at the
   * end of the text from the last token read (bash's lasttp is not moved by the end).
   */
  private fail(msg: string): never {
    const rest = this.src.slice(this.tokStart);
    throw new ParseError(`${msg} (error token is "${rest}")`, { start: this.base + this.tokStart, end: this.base + this.src.length }, 1);
  }

  private advance(): void {
    const s = this.src;
    const n = s.length;
    let i = this.pos;
    let c = 0;
    while (i < n && ((c = s.charCodeAt(i)) === 32 || c === 9 || c === 10 || c === 13)) i++;
    this.index = undefined;
    if (i >= n) {
      this.kind = T_EOF;
      this.text = "";
      this.pos = i;
      return;
    }
    const prev = this.kind;
    this.tokStart = i;
    if (c >= 48 && c <= 57) {
      let j = i + 1;
      while (j < n && (isWordCode(c = s.charCodeAt(j)) || c === 64 || c === 35)) j++;
      this.kind = T_NUM;
      this.text = s.slice(i, j);
      this.pos = j;
      return;
    }
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) {
      let j = i + 1;
      while (j < n && isWordCode(s.charCodeAt(j))) j++;
      this.kind = T_VAR;
      this.text = s.slice(i, j);
      // Optional subscript (raw text, balanced brackets).
      let k = j;
      while (k < n && ((c = s.charCodeAt(k)) === 32 || c === 9)) k++;
      if (k < n && s.charCodeAt(k) === 91) {
        let depth = 0;
        let m = k;
        for (; m < n; m++) {
          c = s.charCodeAt(m);
          if (c === 91) depth++;
          else if (c === 93 && --depth === 0) break;
        }
        if (m >= n) this.fail("bad array subscript");
        this.index = s.slice(k + 1, m);
        j = m + 1;
      }
      this.pos = j;
      return;
    }
    this.kind = T_OP;
    let op = scanOp(s, i, c);
    if (op === undefined) {
      // bash reads an unknown character as a token: after an operand it wants an operator
      const operandEnded = prev === T_NUM || prev === T_VAR || (prev === T_OP && (this.text === "++" || this.text === "--"));
      this.fail(operandEnded ? "syntax error: invalid arithmetic operator" : "syntax error: operand expected");
    }
    // as bash lexes them, `++`/`--` are one token only after a variable (postfix) or before
    // one (prefix); otherwise `1++` is `1 + +` and `--5` is `- -5`
    if ((op === "++" || op === "--") && prev !== T_VAR) {
      let k = i + 2;
      while (k < n && ((c = s.charCodeAt(k)) === 32 || c === 9 || c === 10 || c === 13)) k++;
      c = k < n ? s.charCodeAt(k) : 0;
      if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95)) op = op[0]!;
    }
    this.setOp(op, i);
  }
  private setOp(op: Op, i: number): void {
    this.text = op;
    this.pos = i + op.length;
  }
  private isOp(op: Op): boolean {
    return this.kind === T_OP && this.text === op;
  }
  private enter(): void {
    if (++this.depth > this.maxDepth) this.fail("expression nested too deeply");
  }

  parseTop(): ArithExpr {
    const e = this.comma();
    if (this.kind !== T_EOF) this.fail("syntax error in expression");
    return e;
  }

  private comma(): ArithExpr {
    let left = this.assign();
    while (this.isOp(",")) {
      this.advance();
      const right = this.assign();
      left = new ArithBinaryNode(left.start, right.end, ",", left, right);
    }
    return left;
  }

  private assign(): ArithExpr {
    const left = this.ternary();
    if (this.kind === T_OP && ASSIGN_OPS.has(this.text)) {
      if (left.type !== "ArithVar") this.fail("attempted assignment to non-variable");
      const op = this.text as "=";
      this.advance();
      this.enter();
      const value = this.assign();
      this.depth--;
      return new ArithAssignNode(left.start, value.end, op, left, value);
    }
    return left;
  }

  private ternary(): ArithExpr {
    const test = this.binary(1);
    if (!this.isOp("?")) return test;
    this.advance();
    if (this.kind === T_EOF || this.isOp(":")) this.fail("expression expected");
    this.enter();
    const consequent = this.comma();
    if (!this.isOp(":")) this.fail("`:' expected for conditional expression");
    this.advance();
    if (this.kind === T_EOF) this.fail("expression expected");
    const alternate = this.ternary();
    this.depth--;
    return new ArithTernaryNode(test.start, alternate.end, test, consequent, alternate);
  }

  private binary(minPrec: number): ArithExpr {
    let left = this.unary();
    for (;;) {
      if (this.kind !== T_OP) break;
      const op = this.text;
      const prec = BINARY_PREC[op];
      if (prec === undefined || prec < minPrec) break;
      this.advance();
      this.enter();
      // `**` is right-associative; the others left-associative.
      const right = this.binary(op === "**" ? prec : prec + 1);
      this.depth--;
      left = new ArithBinaryNode(left.start, right.end, op as "+", left, right);
    }
    return left;
  }

  private unary(): ArithExpr {
    if (this.kind === T_OP) {
      const op = this.text;
      if (op === "!" || op === "~" || op === "-" || op === "+" || op === "++" || op === "--") {
        const start = this.base + this.tokStart;
        this.advance();
        this.enter();
        const operand = this.unary();
        this.depth--;
        return new ArithUnaryNode(start, operand.end, op, operand);
      }
    }
    const p = this.primary();
    if (p.type === "ArithVar" && this.kind === T_OP && (this.text === "++" || this.text === "--")) {
      const op = this.text;
      const end = this.base + this.pos;
      this.advance();
      return new ArithPostfixNode(p.start, end, op, p);
    }
    return p;
  }

  private primary(): ArithExpr {
    const start = this.base + this.tokStart;
    if (this.kind === T_NUM) {
      const text = this.text;
      const end = this.base + this.pos;
      this.advance();
      return new ArithNumberNode(start, end, text);
    }
    if (this.kind === T_VAR) {
      const v: ArithVar = new ArithVarNode(start, this.base + this.pos, this.text, this.index);
      this.advance();
      return v;
    }
    if (this.isOp("(")) {
      this.advance();
      this.enter();
      const expr = this.comma();
      this.depth--;
      if (!this.isOp(")")) this.fail("syntax error: missing `)'");
      const end = this.base + this.pos;
      this.advance();
      return new ArithGroupNode(start, end, expr);
    }
    this.fail("syntax error: operand expected");
  }
}

/**
 * Parses an arithmetic expression (the text of `$(( ))` after expansion). Blank text parses
 * as the number 0 (bash evaluates `$(( ))` to 0). Throws ParseError with bash's message shape,
 * e.g. `syntax error: operand expected (error token is "+ ")`. `base` offsets the spans.
 */
export function parseArithmetic(text: string, base = 0, maxDepth = MAX_DEPTH): ArithExpr {
  if (/^[ \t\n\r]*$/.test(text)) return new ArithNumberNode(base, base + text.length, "0");
  return new ArithParser(text, base, maxDepth).parseTop();
}

/** Like parseArithmetic, but returns undefined instead of throwing (bash reports these at run time). */
export function tryParseArithmetic(text: string, base = 0, maxDepth = MAX_DEPTH): ArithExpr | undefined {
  try {
    return parseArithmetic(text, base, maxDepth);
  } catch (e) {
    if (e instanceof ParseError) return undefined;
    throw e;
  }
}

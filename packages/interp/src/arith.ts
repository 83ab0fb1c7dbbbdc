/**
 * The arithmetic evaluator: walks an ArithExpr with bash's semantics (signed 64-bit
 * wraparound, short-circuit `&& || ?:`, variables evaluated recursively as expressions).
 * Each expression node is compiled once into a closure (cached per node), so a loop that
 * evaluates the same `$(( ))` re-runs closures instead of re-dispatching on node types and
 * re-parsing its constants.
 */
import type { ArithExpr, ArithVar } from "@husk/syntax";
import * as I from "./int64.js";
import type { Int } from "./int64.js";

/** An arithmetic error; `message` is bash's full text without the `bash: line N: ` prefix. */
export class ArithError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArithError";
  }
}

/** What the evaluator needs from the shell. */
export interface ArithEnv {
  /** The raw value of `name` (or `name[index]`); undefined when unset. May throw (set -u). */
  getVar(name: string, index: string | undefined): string | undefined;
  /** Assigns `name` (or `name[index]`). */
  setVar(name: string, index: string | undefined, value: Int): void;
  /** Parses arithmetic text (the syntax package's parseArithmetic). */
  parse(text: string): ArithExpr;
}

const MAX_RECURSION = 1024;

/** Plain decimal text that is a safe integer without evaluation. */
const SMALL_DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;
/** A lone variable name (a subscript such as `a[i]`): its value, without parsing. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Evaluates arithmetic. `text` is the expression's source text and `base` the offset of its
 * first character in the spans of `expr` (used for bash's `error token is` messages).
 */
export class ArithEvaluator {
  #depth = 0;
  constructor(readonly env: ArithEnv) {}

  /** Evaluates a parsed expression whose spans are offsets into `text` shifted by `base`. */
  evaluate(expr: ArithExpr, text: string, base = 0): Int {
    return compiled(expr)(this, { text, base });
  }

  /**
   * Evaluates a parsed expression with its error context: `source.text` is the expression's
   * text and `source.base` the offset of its first character in the spans of `expr`. Callers
   * that evaluate the same node repeatedly keep one `source` object for it.
   */
  evaluateIn(expr: ArithExpr, source: ArithSource): Int {
    return compiled(expr)(this, source);
  }

  /** Parses and evaluates arithmetic text (empty text is 0). */
  evaluateText(text: string): Int {
    if (SMALL_DECIMAL.test(text)) return Number(text);
    if (NAME.test(text)) return this.valueOf(this.env.getVar(text, undefined));
    const t = text.trim();
    if (t === "") return 0;
    if (SMALL_DECIMAL.test(t)) return Number(t);
    let f = byText.get(text);
    if (f === undefined) {
      let expr: ArithExpr;
      try {
        expr = this.env.parse(text);
      } catch (e) {
        throw new ArithError(`${text.trimStart()}: ${syntaxMessage(e, text)}`);
      }
      f = compile(expr);
      if (byText.size >= MAX_TEXT_ENTRIES) byText.clear();
      if (text.length <= MAX_TEXT_CHARS) byText.set(text, f);
    }
    return f(this, { text, base: 0 });
  }

  /** The integer value of a variable's string value (recursively evaluated as bash does). */
  valueOf(raw: string | undefined): Int {
    if (raw === undefined || raw === "") return 0;
    const c = raw.charCodeAt(0);
    if (c >= 48 && c <= 57 && raw.length < 16 && isDigits(raw)) {
      return raw.length > 1 && c === 48 ? constValue(raw, { text: raw, base: 0 }, 0) : Number(raw);
    }
    if (++this.#depth > MAX_RECURSION) {
      // the enclosing levels' `finally` unwind the rest of the count
      this.#depth--;
      throw new ArithError(`${raw}: expression recursion level exceeded (error token is "${raw}")`);
    }
    try {
      return this.evaluateText(raw);
    } finally {
      this.#depth--;
    }
  }
}

/** True when `s` (non-empty) is all ASCII digits. */
function isDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

type BinOp = Extract<ArithExpr, { type: "ArithBinary" }>["op"];

/** The text an expression was parsed from, for error messages (see `evaluateIn`). */
export interface ArithSource {
  readonly text: string;
  readonly base: number;
  /**
   * For a tree parsed from a template (see arith-template.ts): the values of its holes, which
   * fill the `\0N\0` markers of its subscripts, and the offset in `text` of a template offset.
   */
  readonly holes?: readonly string[];
  offsetOf?(at: number): number;
}

type Ctx = ArithSource;

/** A compiled expression node. */
type Fn = (ev: ArithEvaluator, ctx: Ctx) => Int;

const cache = new WeakMap<ArithExpr, Fn>();

/**
 * Compiled expressions by source text (`$(( s + m[$k] ))` is parsed from its expanded text):
 * bounded, cleared when full; errors are not cached.
 */
const byText = new Map<string, Fn>();
const MAX_TEXT_ENTRIES = 2048;
const MAX_TEXT_CHARS = 1024;

/** The compiled closure of a node (compiled on first use, then cached with the node). */
function compiled(e: ArithExpr): Fn {
  let f = cache.get(e);
  if (f === undefined) {
    f = compile(e);
    cache.set(e, f);
  }
  return f;
}

function constValue(text: string, ctx: Ctx, start: number): Int {
  const v = I.parseIntConst(text);
  if (typeof v === "string") constError(text, v, ctx, start);
  return v;
}

/** A bad constant: bash shows the expression up to the constant, and the constant as the token. */
function constError(text: string, msg: string, ctx: Ctx, start: number): never {
  const end = Math.max(0, offsetIn(ctx, start)) + text.length;
  throw new ArithError(`${ctx.text.slice(0, end).trimStart()}: ${msg} (error token is "${text}")`);
}

/**
 * An error bash detects after reading the token that follows the operand ending at `end`: that
 * token and the rest, or at the end of the text the operand's last token (bash keeps it).
 */
function failAfter(ctx: Ctx, msg: string, end: number): never {
  const t = ctx.text;
  let i = Math.max(0, offsetIn(ctx, end));
  const stop = i;
  while (i < t.length && (t[i] === " " || t[i] === "\t" || t[i] === "\n")) i++;
  if (i >= t.length) {
    i = stop;
    if (i > 0 && /[\w#@]/.test(t[i - 1]!)) while (i > 0 && /[\w#@]/.test(t[i - 1]!)) i--;
    else i = Math.max(0, i - 1);
  }
  throw new ArithError(`${t.trimStart()}: ${msg} (error token is "${t.slice(i)}")`);
}

function fail(ctx: Ctx, msg: string, at: number): never {
  const tok = ctx.text.slice(Math.max(0, offsetIn(ctx, at)));
  throw new ArithError(`${ctx.text.trimStart()}: ${msg} (error token is "${tok}")`);
}

/** The offset in `ctx.text` of the span offset `at`. */
function offsetIn(ctx: Ctx, at: number): number {
  return ctx.offsetOf === undefined ? at - ctx.base : ctx.offsetOf(at);
}

function readVar(ev: ArithEvaluator, v: ArithVar, ctx: Ctx): Int {
  return ev.valueOf(ev.env.getVar(v.name, subscript(v, ctx)));
}

/** The subscript text of `v`, with a template's holes filled (see ArithSource). */
function subscript(v: ArithVar, ctx: Ctx): string | undefined {
  const ix = v.index;
  if (ix === undefined || ctx.holes === undefined) return ix;
  return fillHoles(ix, ctx.holes);
}

/** `text` with each `\0N\0` marker replaced by `holes[N]`. */
export function fillHoles(text: string, holes: readonly string[]): string {
  let i = text.indexOf("\0");
  if (i < 0) return text;
  let out = "";
  let from = 0;
  while (i >= 0) {
    const j = text.indexOf("\0", i + 1);
    out += text.slice(from, i) + holes[Number(text.slice(i + 1, j))]!;
    from = j + 1;
    i = text.indexOf("\0", from);
  }
  return out + text.slice(from);
}

/** The variable an increment assigns, or the node that is not one (for the error position). */
function lvalue(e: ArithExpr): ArithVar | { readonly bad: ArithExpr } {
  if (e.type === "ArithVar") return e;
  if (e.type === "ArithGroup") return lvalue(e.expr);
  return { bad: e };
}

function compile(e: ArithExpr): Fn {
  switch (e.type) {
    case "ArithNumber": {
      const text = e.text;
      const start = e.start;
      const v = I.parseIntConst(text);
      if (typeof v === "string") return (_ev, ctx) => constError(text, v, ctx, start);
      return () => v;
    }
    case "ArithVar":
      return (ev, ctx) => readVar(ev, e, ctx);
    case "ArithGroup":
      return compile(e.expr);
    case "ArithTernary": {
      const test = compile(e.test);
      const yes = compile(e.consequent);
      const no = compile(e.alternate);
      return (ev, ctx) => (I.truthy(test(ev, ctx)) ? yes(ev, ctx) : no(ev, ctx));
    }
    case "ArithUnary": {
      const op = e.op;
      if (op === "++" || op === "--") {
        const target = lvalue(e.operand);
        if ("bad" in target) {
          // as bash's lexer: `--1`, `++(x)` are two signs, not an increment
          const x = compile(e.operand);
          return op === "++" ? x : (ev, ctx) => I.neg(I.neg(x(ev, ctx)));
        }
        return (ev, ctx) => {
          const old = readVar(ev, target, ctx);
          const nv = op === "++" ? I.add(old, 1) : I.sub(old, 1);
          ev.env.setVar(target.name, subscript(target, ctx), nv);
          return nv;
        };
      }
      const x = compile(e.operand);
      switch (op) {
        case "+":
          return x;
        case "-":
          return (ev, ctx) => I.neg(x(ev, ctx));
        case "!":
          return (ev, ctx) => (I.truthy(x(ev, ctx)) ? 0 : 1);
        default:
          return (ev, ctx) => I.bnot(x(ev, ctx));
      }
    }
    case "ArithPostfix": {
      const v = e.operand;
      const inc = e.op === "++";
      return (ev, ctx) => {
        const old = readVar(ev, v, ctx);
        ev.env.setVar(v.name, subscript(v, ctx), inc ? I.add(old, 1) : I.sub(old, 1));
        return old;
      };
    }
    case "ArithAssign": {
      const t = e.target;
      const value = compile(e.value);
      if (e.op === "=") {
        return (ev, ctx) => {
          const val = value(ev, ctx);
          ev.env.setVar(t.name, subscript(t, ctx), val);
          return val;
        };
      }
      const op = e.op.slice(0, -1) as BinOp;
      const at = e.value.start;
      return (ev, ctx) => {
        const old = readVar(ev, t, ctx);
        const val = binary(op, old, value(ev, ctx), ctx, at);
        ev.env.setVar(t.name, subscript(t, ctx), val);
        return val;
      };
    }
    case "ArithBinary":
      // `**` reports at the token after its exponent; the others at their right operand
      return compileBinary(e.op, compile(e.left), compile(e.right), e.op === "**" ? e.right.end : e.right.start);
  }
}

function compileBinary(op: BinOp, l: Fn, r: Fn, at: number): Fn {
  switch (op) {
    case "&&":
      return (ev, ctx) => (I.truthy(l(ev, ctx)) && I.truthy(r(ev, ctx)) ? 1 : 0);
    case "||":
      return (ev, ctx) => (I.truthy(l(ev, ctx)) || I.truthy(r(ev, ctx)) ? 1 : 0);
    case ",":
      return (ev, ctx) => {
        l(ev, ctx);
        return r(ev, ctx);
      };
    default:
      return (ev, ctx) => {
        const a = l(ev, ctx);
        return binary(op, a, r(ev, ctx), ctx, at);
      };
  }
}

/** `rightAt`: where the right operand starts (for `**`, where it ends). */
function binary(op: BinOp, l: Int, r: Int, ctx: Ctx, rightAt: number): Int {
  switch (op) {
    case "+":
      return I.add(l, r);
    case "-":
      return I.sub(l, r);
    case "*":
      return I.mul(l, r);
    case "/":
      if (!I.truthy(r)) fail(ctx, "division by 0", rightAt);
      return I.div(l, r);
    case "%":
      if (!I.truthy(r)) fail(ctx, "division by 0", rightAt);
      return I.mod(l, r);
    case "**":
      if (r < 0) failAfter(ctx, "exponent less than 0", rightAt);
      return I.pow(l, r);
    case "<<":
      return I.shl(l, r);
    case ">>":
      return I.shr(l, r);
    case "&":
      return I.band(l, r);
    case "|":
      return I.bor(l, r);
    case "^":
      return I.bxor(l, r);
    case "==":
      return l === r ? 1 : 0;
    case "!=":
      return l !== r ? 1 : 0;
    case "<":
      return l < r ? 1 : 0;
    case ">":
      return l > r ? 1 : 0;
    case "<=":
      return l <= r ? 1 : 0;
    case ">=":
      return l >= r ? 1 : 0;
    case "&&":
      return I.truthy(l) && I.truthy(r) ? 1 : 0;
    case "||":
      return I.truthy(l) || I.truthy(r) ? 1 : 0;
    case ",":
      return r;
  }
}

/** bash's text for an arithmetic syntax error. */
function syntaxMessage(e: unknown, text: string): string {
  const m = e instanceof Error ? e.message : "";
  if (/^(syntax error|attempted|invalid|value too great|missing|bad array subscript|expression expected|`:' expected)/.test(m)) return m;
  const t = text.trim();
  return `syntax error: operand expected (error token is "${t}")`;
}

/**
 * The arithmetic evaluator: walks an ArithExpr with bash's semantics (signed 64-bit
 * wraparound, short-circuit `&& || ?:`, variables evaluated recursively as expressions).
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

/**
 * Evaluates arithmetic. `text` is the expression's source text and `base` the offset of its
 * first character in the spans of `expr` (used for bash's `error token is` messages).
 */
export class ArithEvaluator {
  #depth = 0;
  constructor(readonly env: ArithEnv) {}

  /** Evaluates a parsed expression whose spans are offsets into `text` shifted by `base`. */
  evaluate(expr: ArithExpr, text: string, base = 0): Int {
    const ctx: Ctx = { text, base };
    return this.#eval(expr, ctx);
  }

  /** Parses and evaluates arithmetic text (empty text is 0). */
  evaluateText(text: string): Int {
    if (/^\s*$/.test(text)) return 0;
    const t = text.trim();
    if (/^(?:0|[1-9][0-9]{0,14})$/.test(t)) return Number(t);
    let expr: ArithExpr;
    try {
      expr = this.env.parse(text);
    } catch (e) {
      throw new ArithError(`${text}: ${syntaxMessage(e, text)}`);
    }
    return this.evaluate(expr, text, 0);
  }

  /** The integer value of a variable's string value (recursively evaluated as bash does). */
  valueOf(raw: string | undefined): Int {
    if (raw === undefined || raw === "") return 0;
    const c = raw.charCodeAt(0);
    if (c >= 48 && c <= 57 && raw.length < 16 && /^[0-9]+$/.test(raw)) {
      return raw.length > 1 && c === 48 ? this.#const(raw, { text: raw, base: 0 }, 0) : Number(raw);
    }
    if (++this.#depth > MAX_RECURSION) {
      this.#depth = 0;
      throw new ArithError(`${raw}: expression recursion level exceeded (error token is "${raw}")`);
    }
    try {
      return this.evaluateText(raw);
    } finally {
      this.#depth--;
    }
  }

  #const(text: string, ctx: Ctx, start: number): Int {
    const v = I.parseIntConst(text);
    if (typeof v === "string") {
      const tok = ctx.text.slice(Math.max(0, start - ctx.base)).trimEnd() || text;
      throw new ArithError(`${ctx.text.trimStart()}: ${v} (error token is "${tok}")`);
    }
    return v;
  }

  #err(ctx: Ctx, msg: string, at: number): never {
    const tok = ctx.text.slice(Math.max(0, at - ctx.base));
    throw new ArithError(`${ctx.text.trimStart()}: ${msg} (error token is "${tok}")`);
  }

  #eval(e: ArithExpr, ctx: Ctx): Int {
    switch (e.type) {
      case "ArithNumber":
        return this.#const(e.text, ctx, e.span.start);
      case "ArithVar":
        return this.valueOf(this.env.getVar(e.name, e.index));
      case "ArithGroup":
        return this.#eval(e.expr, ctx);
      case "ArithTernary":
        return I.truthy(this.#eval(e.test, ctx)) ? this.#eval(e.consequent, ctx) : this.#eval(e.alternate, ctx);
      case "ArithUnary": {
        if (e.op === "++" || e.op === "--") {
          const v = this.#lvalue(e.operand, ctx);
          const old = this.valueOf(this.env.getVar(v.name, v.index));
          const nv = e.op === "++" ? I.add(old, 1) : I.sub(old, 1);
          this.env.setVar(v.name, v.index, nv);
          return nv;
        }
        const x = this.#eval(e.operand, ctx);
        switch (e.op) {
          case "+":
            return x;
          case "-":
            return I.neg(x);
          case "!":
            return I.truthy(x) ? 0 : 1;
          default:
            return I.bnot(x);
        }
      }
      case "ArithPostfix": {
        const v = e.operand;
        const old = this.valueOf(this.env.getVar(v.name, v.index));
        this.env.setVar(v.name, v.index, e.op === "++" ? I.add(old, 1) : I.sub(old, 1));
        return old;
      }
      case "ArithAssign": {
        const t = e.target;
        let val: Int;
        if (e.op === "=") val = this.#eval(e.value, ctx);
        else {
          const old = this.valueOf(this.env.getVar(t.name, t.index));
          const r = this.#eval(e.value, ctx);
          val = this.#binary(e.op.slice(0, -1) as BinOp, old, r, ctx, e.value.span.start);
        }
        this.env.setVar(t.name, t.index, val);
        return val;
      }
      case "ArithBinary": {
        const op = e.op;
        if (op === "&&") return I.truthy(this.#eval(e.left, ctx)) && I.truthy(this.#eval(e.right, ctx)) ? 1 : 0;
        if (op === "||") return I.truthy(this.#eval(e.left, ctx)) || I.truthy(this.#eval(e.right, ctx)) ? 1 : 0;
        const l = this.#eval(e.left, ctx);
        const r = this.#eval(e.right, ctx);
        if (op === ",") return r;
        return this.#binary(op, l, r, ctx, e.right.span.start);
      }
    }
  }

  #lvalue(e: ArithExpr, ctx: Ctx): ArithVar {
    if (e.type === "ArithVar") return e;
    if (e.type === "ArithGroup") return this.#lvalue(e.expr, ctx);
    return this.#err(ctx, "attempted assignment to non-variable", e.span.start);
  }

  #binary(op: BinOp, l: Int, r: Int, ctx: Ctx, rightAt: number): Int {
    switch (op) {
      case "+":
        return I.add(l, r);
      case "-":
        return I.sub(l, r);
      case "*":
        return I.mul(l, r);
      case "/":
        if (!I.truthy(r)) this.#err(ctx, "division by 0", rightAt);
        return I.div(l, r);
      case "%":
        if (!I.truthy(r)) this.#err(ctx, "division by 0", rightAt);
        return I.mod(l, r);
      case "**":
        if (r < 0) this.#err(ctx, "exponent less than 0", rightAt);
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
}

type BinOp = Extract<ArithExpr, { type: "ArithBinary" }>["op"];

interface Ctx {
  readonly text: string;
  readonly base: number;
}

/** bash's text for an arithmetic syntax error. */
function syntaxMessage(e: unknown, text: string): string {
  const m = e instanceof Error ? e.message : "";
  if (/^(syntax error|attempted|invalid|value too great|missing)/.test(m)) return m;
  const t = text.trim();
  return `syntax error: operand expected (error token is "${t}")`;
}

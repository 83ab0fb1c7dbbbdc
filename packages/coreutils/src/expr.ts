import { type CommandContext, HuskError, LimitError, AbortError } from "@husk/host";
import { compileRegex } from "@husk/pattern";
import { printUsageError } from "./util/command.js";
import { gnuQuote } from "./util/text.js";

/** An expr value: integers are kept as BigInt when the text is one (GNU uses bignums). */
type Value = string | bigint;

class ExprError extends HuskError {}

/** GNU's looks_like_integer: an optional `-` and digits (no `+`). */
const INT = /^-?\d+$/;

function toInt(v: Value): bigint | undefined {
  if (typeof v === "bigint") return v;
  return INT.test(v) ? BigInt(v) : undefined;
}

function str(v: Value): string {
  return typeof v === "bigint" ? v.toString() : v;
}

/** GNU's null(): 0, the empty string, or a string of zeros after an optional `-`. */
function isNull(v: Value): boolean {
  if (typeof v === "bigint") return v === 0n;
  return v === "" || /^-?0+$/.test(v);
}

/** Evaluates `expr` arguments; returns the result value. Throws ExprError (status 2/3) on errors. */
export function evaluateExpr(args: readonly string[], ctx?: Pick<CommandContext, "meter" | "env">): Value {
  let pos = 0;
  const q = (s: string): string => (ctx?.env ? gnuQuote(ctx.env, s) : `'${s}'`);
  // > 0 inside the operand `|` or `&` does not need: parsed, not evaluated (no errors), as GNU
  let skip = 0;
  const peek = (): string | undefined => args[pos];
  const syntax = (msg: string): never => {
    throw new ExprError(`syntax error: ${msg}`, 2);
  };
  const need = (op: string): void => {
    if (pos >= args.length) syntax(`missing argument after ${q(op)}`);
  };
  const match = (s: string, re: string): Value => {
    if (skip > 0) return 0n;
    let rx;
    try {
      rx = compileRegex(re, { flavor: "bre" }, ctx?.meter);
    } catch (e) {
      if (e instanceof LimitError || e instanceof AbortError) throw e;
      throw new ExprError(e instanceof Error ? e.message : "Invalid regular expression", 2);
    }
    const m = rx.exec(s, 0);
    if (!m || m.start !== 0) return rx.groupCount > 0 ? "" : 0n;
    if (rx.groupCount > 0) {
      const g = m.groups[0];
      return g ? s.slice(g[0], g[1]) : "";
    }
    return BigInt(Array.from(s.slice(0, m.end)).length);
  };
  const primary = (): Value => {
    const t = peek();
    if (t === undefined) syntax("missing argument");
    pos++;
    switch (t) {
      case "(": {
        if (pos >= args.length) syntax(`missing argument after ${q("(")}`);
        const v = orExpr();
        if (peek() !== ")") {
          if (pos >= args.length) syntax(`expecting ')' after ${q(args[pos - 1]!)}`);
          syntax(`expecting ')' instead of ${q(peek()!)}`);
        }
        pos++;
        return v;
      }
      case "+":
        need("+");
        return args[pos++] as string;
      case "length": {
        need("length");
        return BigInt(Array.from(str(primary())).length);
      }
      case "match": {
        need("match");
        const s = str(primary());
        need("match");
        return match(s, str(primary()));
      }
      case "substr": {
        need("substr");
        const s = Array.from(str(primary()));
        need("substr");
        const p = toInt(primary());
        need("substr");
        const l = toInt(primary());
        if (p === undefined || l === undefined || p < 1n || l < 1n) return "";
        return s.slice(Number(p) - 1, Number(p) - 1 + Number(l)).join("");
      }
      case "index": {
        need("index");
        const s = str(primary());
        need("index");
        const chars = str(primary());
        for (let i = 0; i < s.length; i++) if (chars.includes(s[i] as string)) return BigInt(i + 1);
        return 0n;
      }
      case ")":
        syntax(`unexpected ')'`);
    }
    return t as string;
  };
  const colon = (): Value => {
    let v = primary();
    while (peek() === ":") {
      pos++;
      need(":");
      v = match(str(v), str(primary()));
    }
    return v;
  };
  const arith = (a: Value, b: Value, op: string): Value => {
    if (skip > 0) return 0n;
    const x = toInt(a);
    const y = toInt(b);
    if (x === undefined || y === undefined) throw new ExprError("non-integer argument", 2);
    switch (op) {
      case "+": return x + y;
      case "-": return x - y;
      case "*": return x * y;
      default:
        if (y === 0n) throw new ExprError("division by zero", 2);
        return op === "/" ? x / y : x % y;
    }
  };
  const mul = (): Value => {
    let v = colon();
    for (let op = peek(); op === "*" || op === "/" || op === "%"; op = peek()) {
      pos++;
      need(op);
      v = arith(v, colon(), op);
    }
    return v;
  };
  const add = (): Value => {
    let v = mul();
    for (let op = peek(); op === "+" || op === "-"; op = peek()) {
      pos++;
      need(op);
      v = arith(v, mul(), op);
    }
    return v;
  };
  const CMP = new Set(["<", "<=", "=", "==", "!=", ">=", ">"]);
  const cmp = (): Value => {
    let v = add();
    for (let op = peek(); op !== undefined && CMP.has(op); op = peek()) {
      pos++;
      need(op);
      const w = add();
      const x = toInt(v);
      const y = toInt(w);
      let c: number;
      if (x !== undefined && y !== undefined) c = x < y ? -1 : x > y ? 1 : 0;
      else {
        const a = str(v);
        const b = str(w);
        c = a < b ? -1 : a > b ? 1 : 0;
      }
      const r = op === "<" ? c < 0 : op === "<=" ? c <= 0 : op === "=" || op === "==" ? c === 0 : op === "!=" ? c !== 0 : op === ">=" ? c >= 0 : c > 0;
      v = r ? 1n : 0n;
    }
    return v;
  };
  const andExpr = (): Value => {
    let v = cmp();
    while (peek() === "&") {
      pos++;
      need("&");
      const lazy = isNull(v);
      if (lazy) skip++;
      const w = cmp();
      if (lazy) skip--;
      v = isNull(v) || isNull(w) ? 0n : v;
    }
    return v;
  };
  function orExpr(): Value {
    let v = andExpr();
    while (peek() === "|") {
      pos++;
      need("|");
      const lazy = !isNull(v);
      if (lazy) skip++;
      const w = andExpr();
      if (lazy) skip--;
      v = !isNull(v) ? v : !isNull(w) ? w : 0n;
    }
    return v;
  }
  const v = orExpr();
  if (pos < args.length) syntax(`unexpected argument ${q(args[pos]!)}`);
  return v;
}

/**
 * `expr EXPRESSION`: GNU expr with arbitrary-precision integers, `:`/match (BRE via
 * @husk/pattern, anchored at the start), substr, index, length, `+ TOKEN`. Status 0 when the
 * result is neither null nor 0, 1 when it is, 2 for invalid expressions.
 */
export const expr = {
  name: "expr",
  summary: "evaluate expressions",
  fileAccess: "none" as const,
  help: `Usage: expr EXPRESSION
  or:  expr OPTION
Print the value of EXPRESSION to standard output.

  ARG1 | ARG2       ARG1 if it is neither null nor 0, otherwise ARG2
  ARG1 & ARG2       ARG1 if neither argument is null or 0, otherwise 0
  ARG1 < <= = == != >= > ARG2   comparisons (numeric when both are integers)
  ARG1 + - * / % ARG2           arithmetic
  STRING : REGEXP   anchored pattern match of REGEXP in STRING
  match STRING REGEXP, substr STRING POS LENGTH, index STRING CHARS, length STRING
  + TOKEN           interpret TOKEN as a string
`,
  run(ctx: CommandContext): number {
    const args = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args;
    if (ctx.args[0] === "--help") {
      ctx.stdout.write(expr.help);
      return 0;
    }
    if (ctx.args[0] === "--version") {
      ctx.stdout.write("expr (Husk coreutils) 0.1.0\n");
      return 0;
    }
    if (args.length === 0) return printUsageError(ctx, "expr", "missing operand", 2);
    try {
      const v = evaluateExpr(args, ctx);
      ctx.stdout.write(`${str(v)}\n`);
      return isNull(v) ? 1 : 0;
    } catch (e) {
      if (e instanceof ExprError) {
        ctx.stderr.write(`expr: ${e.message}\n`);
        return e.status;
      }
      throw e;
    }
  },
};

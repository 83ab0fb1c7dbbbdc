/**
 * `test` and `[`: POSIX argument-count rules for up to 4 arguments, then a recursive parser
 * with `!`, `( )`, `-a`, `-o`. Integer operators take plain integers (not arithmetic).
 */
import type { Interp } from "../interp.js";
import type { BuiltinContext } from "../simple.js";
import { binaryTest, unaryTest } from "../test-expr.js";
import { builtin } from "./define.js";

const UNARY = new Set(["-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-n", "-o", "-p", "-r", "-s", "-t", "-u", "-v", "-w", "-x", "-z", "-G", "-L", "-N", "-O", "-R", "-S"]);
const BINARY = new Set(["=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef"]);

class TestSyntax extends Error {}

function int(s: string): bigint {
  const t = s.trim();
  if (!/^[-+]?[0-9]+$/.test(t)) throw new TestSyntax(`${s}: integer expression expected`);
  return BigInt(t);
}

async function binary(ip: Interp, l: string, op: string, r: string): Promise<boolean> {
  switch (op) {
    case "-eq":
      return int(l) === int(r);
    case "-ne":
      return int(l) !== int(r);
    case "-lt":
      return int(l) < int(r);
    case "-le":
      return int(l) <= int(r);
    case "-gt":
      return int(l) > int(r);
    case "-ge":
      return int(l) >= int(r);
  }
  return binaryTest(ip, op, l, r);
}

class P {
  i = 0;
  constructor(
    readonly ip: Interp,
    readonly a: string[],
  ) {}
  async or(): Promise<boolean> {
    let v = await this.and();
    while (this.a[this.i] === "-o") {
      this.i++;
      const r = await this.and();
      v = v || r;
    }
    return v;
  }
  async and(): Promise<boolean> {
    let v = await this.not();
    while (this.a[this.i] === "-a") {
      this.i++;
      const r = await this.not();
      v = v && r;
    }
    return v;
  }
  async not(): Promise<boolean> {
    if (this.a[this.i] === "!") {
      this.i++;
      return !(await this.not());
    }
    return this.prim();
  }
  async prim(): Promise<boolean> {
    const a = this.a;
    const t = a[this.i];
    if (t === undefined) throw new TestSyntax("argument expected");
    if (t === "(") {
      this.i++;
      const v = await this.or();
      if (a[this.i] !== ")") throw new TestSyntax("`)' expected");
      this.i++;
      return v;
    }
    if (a[this.i + 1] !== undefined && BINARY.has(a[this.i + 1]!) && a[this.i + 2] !== undefined) {
      this.i += 3;
      return binary(this.ip, t, a[this.i - 2]!, a[this.i - 1]!);
    }
    if (UNARY.has(t) && a[this.i + 1] !== undefined) {
      this.i += 2;
      return unaryTest(this.ip, t, a[this.i - 1]!);
    }
    this.i++;
    return t !== "";
  }
}

async function evaluate(ip: Interp, a: string[]): Promise<boolean> {
  switch (a.length) {
    case 0:
      return false;
    case 1:
      return a[0] !== "";
    case 2:
      if (a[0] === "!") return a[1] === "";
      if (UNARY.has(a[0]!)) return unaryTest(ip, a[0]!, a[1]!);
      throw new TestSyntax(`${a[0]}: unary operator expected`);
    case 3:
      if (BINARY.has(a[1]!)) return binary(ip, a[0]!, a[1]!, a[2]!);
      // with three arguments -a and -o are binary operators on two strings (`[ -a -a -a ]` is true)
      if (a[1] === "-a") return a[0] !== "" && a[2] !== "";
      if (a[1] === "-o") return a[0] !== "" || a[2] !== "";
      if (a[0] === "!") return !(await evaluate(ip, a.slice(1)));
      if (a[0] === "(" && a[2] === ")") return a[1] !== "";
      throw new TestSyntax(`${a[1]}: binary operator expected`);
    case 4:
      if (a[0] === "!") return !(await evaluate(ip, a.slice(1)));
      if (a[0] === "(" && a[3] === ")") return evaluate(ip, a.slice(1, 3));
      break;
  }
  const p = new P(ip, a);
  const v = await p.or();
  if (p.i < a.length) throw new TestSyntax(`${a[p.i]}: ${p.i === 0 ? "unary" : "binary"} operator expected`);
  return v;
}

async function run(ctx: BuiltinContext): Promise<number> {
  let args = ctx.args.slice();
  if (ctx.name === "[") {
    if (args[args.length - 1] !== "]") {
      ctx.interp.error("[: missing `]'");
      return 2;
    }
    args = args.slice(0, -1);
  }
  try {
    return (await evaluate(ctx.interp, args)) ? 0 : 1;
  } catch (e) {
    if (e instanceof TestSyntax) {
      ctx.interp.error(`${ctx.name}: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

/** `test` */
export const test = builtin("test", "Evaluate conditional expression.", run);
/** `[` */
export const bracket = builtin("[", "Evaluate conditional expression.", run);

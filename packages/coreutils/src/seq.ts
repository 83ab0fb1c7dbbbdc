import { type CommandContext, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { formatNumber } from "./util/printf.js";

interface Num {
  readonly value: number;
  /** Digits after the decimal point as written (GNU's precision rule). */
  readonly frac: number;
  readonly integer: boolean;
  readonly text: string;
}

function parseNum(s: string): Num {
  const t = s.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) && !/^[+-]?(inf|infinity)$/i.test(t)) {
    throw new UsageError(`invalid floating point argument: '${s}'`, 1);
  }
  const value = Number(t.replace(/^\+/, "").replace(/^(-?)inf(inity)?$/i, "$1Infinity"));
  const dot = t.indexOf(".");
  const e = t.search(/e/i);
  let frac = dot < 0 ? 0 : (e < 0 ? t.length : e) - dot - 1;
  if (e >= 0) frac = Math.max(0, frac - Number(t.slice(e + 1)));
  return { value, frac, integer: dot < 0 && e < 0, text: t };
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const sep = args.get("s") ?? "\n";
  const format = args.get("f");
  const equalWidth = args.has("w");
  const ops = args.operands;
  if (ops.length === 0) throw new UsageError("missing operand", 1);
  if (ops.length > 3) throw new UsageError(`extra operand '${ops[3]}'`, 1);
  const nums = ops.map(parseNum);
  const first = ops.length > 1 ? (nums[0] as Num) : parseNum("1");
  const step = ops.length === 3 ? (nums[1] as Num) : parseNum("1");
  const last = nums[nums.length - 1] as Num;
  if (step.value === 0) throw new UsageError(`invalid Zero increment value: '${ops[1]}'`, 1);
  if (format !== undefined && equalWidth) throw new UsageError("format string may not be specified when printing equal width strings", 1);
  const prec = Math.max(first.frac, step.frac);
  let fmt: (v: number) => string;
  if (format !== undefined) {
    const count = (format.replace(/%%/g, "").match(/%/g) ?? []).length;
    if (count !== 1) throw new UsageError(count === 0 ? `format '${format}' has no % directive` : `format '${format}' has too many % directives`, 1);
    fmt = (v) => formatNumber(format, v);
  } else if (equalWidth) {
    const width = Math.max(first.value.toFixed(prec).length, last.value.toFixed(prec).length);
    fmt = (v) => {
      const s = v.toFixed(prec);
      return s.startsWith("-") ? `-${s.slice(1).padStart(width - 1, "0")}` : s.padStart(width, "0");
    };
  } else fmt = (v) => (Number.isInteger(v) && prec === 0 && Math.abs(v) < 1e21 ? String(v) : v.toFixed(prec));
  const w = new Writer(ctx.stdout);
  let firstOut = true;
  for (let i = 0; ; i++) {
    const v = first.value + i * step.value;
    // A tolerance of a tiny fraction of the step absorbs binary rounding (0.1 * 3 > 0.3).
    const eps = Math.abs(step.value) * 1e-9;
    if (step.value > 0 ? v > last.value + eps : v < last.value - eps) break;
    const p = w.write(firstOut ? fmt(v) : sep + fmt(v));
    firstOut = false;
    if (p) await p;
    if ((i & 1023) === 0) ctx.meter.checkDeadline();
  }
  if (!firstOut) w.write("\n");
  await w.flush();
  return 0;
}

/** `seq [-w] [-s SEP] [-f FMT] [FIRST [INCR]] LAST`: integers and decimals, GNU precision rules; streams. */
export const seq = defineCommand({
  name: "seq",
  summary: "print a sequence of numbers",
  usage: `Usage: seq [OPTION]... LAST
  or:  seq [OPTION]... FIRST LAST
  or:  seq [OPTION]... FIRST INCREMENT LAST
Print numbers from FIRST to LAST, in steps of INCREMENT.

  -f, --format=FORMAT      use printf style floating-point FORMAT
  -s, --separator=STRING   use STRING to separate numbers (default: \\n)
  -w, --equal-width        equalize width by padding with leading zeroes`,
  options: [
    { key: "f", short: "f", long: "format", arg: "required" },
    { key: "s", short: "s", long: "separator", arg: "required" },
    { key: "w", short: "w", long: "equal-width" },
  ],
  settings: { negativeNumbersAreOperands: true },
  run,
});

import {
  addLongDouble,
  type CommandContext,
  compareLongDouble,
  formatFloat,
  HuskError,
  type LongDouble,
  longDoubleFromNumber,
  longDoubleToNumber,
  mulLongDouble,
  type NumberSpec,
  parseLongDouble,
  UsageError,
} from "@husk/host";
import { defineCommand } from "./util/command.js";
import { Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { gnuQuote } from "./util/text.js";

/** A parsed operand: GNU's scan_arg (width and precision read from the text as written). */
interface Num {
  /** The value as GNU reads it: a long double (strtold). */
  readonly value: LongDouble;
  /** The same as a double (exact when the operand is a safe integer). */
  readonly num: number;
  /** All decimal digits (GNU's all_digits_p: its seq_fast takes such operands as they are). */
  readonly digits: boolean;
  /** Output width the text implies (-w); 0 for hex. */
  readonly width: number;
  /** Digits after the decimal point (exponent applied); Infinity for hex (use %g). */
  readonly prec: number;
}

function parseNum(s: string, quote: (s: string) => string): Num {
  const t = s.trim();
  const hex = /^[+-]?0x([0-9a-f]+\.?[0-9a-f]*|\.[0-9a-f]+)(p[+-]?\d+)?$/i.test(t);
  if (!hex && !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) && !/^[+-]?(inf|infinity|nan)$/i.test(t)) {
    throw new UsageError(`invalid floating point argument: ${quote(s)}`, 1);
  }
  if (/nan$/i.test(t)) throw new UsageError(`invalid ${quote("not-a-number")} argument: ${quote(s)}`, 1);
  const ld = parseLongDouble(t).value;
  const value = longDoubleToNumber(ld);
  const digits = /^[0-9]+$/.test(s);
  const a = t.replace(/^\+/, "");
  const dot = a.indexOf(".");
  // integers (hex ones too) have precision 0; other hex operands leave it unknown (%g)
  let prec = dot < 0 && !/p/i.test(a) ? 0 : Number.POSITIVE_INFINITY;
  if (hex || !Number.isFinite(value)) return { value: ld, num: value, digits, width: 0, prec };
  let width = a.length;
  let fracLen = 0;
  const e = a.search(/e/i);
  if (dot >= 0) {
    fracLen = (e < 0 ? a.length : e) - dot - 1;
    prec = fracLen;
    width += fracLen === 0 ? -1 : dot === 0 || !/\d/.test(a[dot - 1]!) ? 1 : 0;
  }
  if (e >= 0) {
    let exp = Number.parseInt(a.slice(e + 1), 10);
    prec += exp < 0 ? -exp : -Math.min(prec, exp);
    width -= a.length - e;
    if (exp < 0) {
      if (dot < 0 || e === dot + 1) width++;
      exp = -exp;
    } else {
      if (dot >= 0 && prec === 0 && fracLen) width--;
      exp -= Math.min(fracLen, exp);
    }
    width += exp;
  }
  return { value: ld, num: value, digits, width, prec };
}

/**
 * GNU's long_double_format check: one `%[flags][width][.prec][L](e|f|g|a|E|F|G|A)`, `%%`
 * elsewhere; returns the format without its `L`.
 */
function checkFormat(f: string, quote: (s: string) => string): string {
  const fail = (m: string): never => {
    throw new HuskError(m, 1);
  };
  let i = 0;
  while (!(f[i] === "%" && f[i + 1] !== "%")) {
    if (i >= f.length) fail(`format ${quote(f)} has no % directive`);
    i += f[i] === "%" ? 2 : 1;
  }
  const m = /^%[-+#0 ']*\d*(?:\.\d*)?(L?)(.?)/.exec(f.slice(i))!;
  if (m[2] === "") fail(`format ${quote(f)} ends in %`);
  if (!"efgaEFGA".includes(m[2]!)) fail(`format ${quote(f)} has unknown %${m[2]} directive`);
  for (let k = i + m[0].length; k < f.length; k += f[k] === "%" ? 2 : 1) {
    if (f[k] === "%" && f[k + 1] !== "%") fail(`format ${quote(f)} has too many % directives`);
  }
  return f.slice(0, i) + m[0].replace("L", "") + f.slice(i + m[0].length);
}

/** A format with its one directive: the text around it (`%%` decoded) and the conversion. */
interface SeqFormat {
  readonly prefix: string;
  readonly spec: NumberSpec;
  readonly suffix: string;
}

/** Splits a format checked by checkFormat (one `%[flags][width][.prec]conv`, `%%` elsewhere). */
function splitFormat(f: string): SeqFormat {
  let i = 0;
  while (!(f[i] === "%" && f[i + 1] !== "%")) i += f[i] === "%" ? 2 : 1;
  const m = /^%([-+#0 ']*)(\d*)(?:\.(\d*))?([efgaEFGA])/.exec(f.slice(i))!;
  const flags = m[1]!;
  const spec: NumberSpec = {
    conv: m[4]!,
    left: flags.includes("-"),
    plus: flags.includes("+"),
    space: flags.includes(" "),
    alt: flags.includes("#"),
    zero: flags.includes("0"),
    width: Number(m[2] || 0),
    prec: m[3] === undefined ? -1 : Number(m[3] || 0),
  };
  const text = (t: string): string => t.replace(/%%/g, "%");
  return { prefix: text(f.slice(0, i)), spec, suffix: text(f.slice(i + m[0].length)) };
}

/** How the values of a sequence are computed, compared and printed. */
interface Arith<T> {
  /** first + i * step. */
  at(i: number): T;
  /** Whether x is past LAST. */
  past(x: T): boolean;
  /** x through the directive alone. */
  fmt(x: T): string;
}

/** |v| <= 2^52 and an integer: sums of such values stay exact in doubles (and long doubles). */
const smallInt = (v: number): boolean => Number.isInteger(v) && Math.abs(v) <= 2 ** 52;

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const quote = (s: string): string => gnuQuote(ctx.env, s);
  const sep = args.get("s") ?? "\n";
  let format = args.get("f");
  const equalWidth = args.has("w");
  const ops = args.operands;
  if (ops.length === 0) throw new UsageError("missing operand", 1);
  if (ops.length > 3) throw new UsageError(`extra operand ${quote(ops[3]!)}`, 1);
  // GNU's order: the format, then -w with -f, then the operands
  if (format !== undefined) format = checkFormat(format, quote);
  if (format !== undefined && equalWidth) throw new UsageError("format string may not be specified when printing equal width strings", 1);
  // operands are read left to right; a zero step fails before LAST is looked at
  const one: Num = { value: longDoubleFromNumber(1), num: 1, digits: true, width: 1, prec: 0 };
  const first = ops.length > 1 ? parseNum(ops[0]!, quote) : one;
  const step = ops.length === 3 ? parseNum(ops[1]!, quote) : one;
  if (step.value.kind === "finite" && step.value.mant === 0n) throw new UsageError(`invalid Zero increment value: ${quote(ops[1]!)}`, 1);
  const last = parseNum(ops[ops.length - 1]!, quote);
  const w = new Writer(ctx.stdout);
  // GNU's seq_fast: operands of digits alone, a small positive step, no format: exact integers of any size
  if (first.digits && step.digits && last.digits && format === undefined && !equalWidth && sep.length === 1 && step.num <= 200) {
    await seqFast(ctx, w, BigInt(ops.length > 1 ? ops[0]! : "1"), BigInt(ops.length === 3 ? ops[1]! : "1"), BigInt(ops[ops.length - 1]!), sep);
    return 0;
  }
  const prec = Math.max(first.prec, step.prec);
  let f: SeqFormat;
  if (format !== undefined) f = splitFormat(format);
  else if (prec === Number.POSITIVE_INFINITY || last.prec === Number.POSITIVE_INFINITY) {
    f = { prefix: "", spec: { conv: "g" }, suffix: "" }; // a hex operand: GNU falls back to %Lg
  } else if (equalWidth) {
    // GNU's get_default_format: widths from the operands as written, at the common precision
    let firstWidth = first.width + (prec - first.prec);
    let lastWidth = last.width + (prec - last.prec);
    if (last.prec && prec === 0) lastWidth--;
    if (last.prec === 0 && prec) lastWidth++;
    if (first.prec === 0 && prec) firstWidth++;
    f = { prefix: "", spec: { conv: "f", zero: true, width: Math.max(firstWidth, lastWidth), prec }, suffix: "" };
  } else f = { prefix: "", spec: { conv: "f", prec }, suffix: "" };
  ctx.meter.checkString(Math.max(f.spec.width ?? 0, f.spec.prec ?? 0));
  const spec = f.spec;
  const hex = spec.conv === "a" || spec.conv === "A";
  const down = step.value.neg;
  const infinite = first.value.kind !== "finite" || step.value.kind !== "finite" || last.value.kind !== "finite";
  if ((smallInt(first.num) && smallInt(step.num) && smallInt(last.num)) || infinite) {
    // exact in doubles (or infinite): no need for long double arithmetic; %a still prints a long double
    const plain = format === undefined && !equalWidth && prec === 0;
    const arith: Arith<number> = {
      at: (i) => (i === 0 ? first.num : first.num + i * step.num),
      past: (x) => (down ? x < last.num : last.num < x),
      fmt: (x) => (plain && x !== 0 ? String(x) : formatFloat(spec, hex ? longDoubleFromNumber(x) : x)),
    };
    await printNumbers(ctx, w, arith, f, sep, last.value);
  } else {
    const arith: Arith<LongDouble> = {
      at: (i) => (i === 0 ? first.value : addLongDouble(first.value, mulLongDouble(longDoubleFromNumber(i), step.value))),
      past: (x) => compareLongDouble(x, last.value) === (down ? -1 : 1),
      fmt: (x) => formatFloat(spec, x),
    };
    await printNumbers(ctx, w, arith, f, sep, last.value);
  }
  return 0;
}

/** GNU's print_numbers: values until one is past LAST, and that one too if it prints as LAST. */
async function printNumbers<T>(ctx: CommandContext, w: Writer, arith: Arith<T>, f: SeqFormat, sep: string, last: LongDouble): Promise<void> {
  let x = arith.at(0);
  if (arith.past(x)) return;
  for (let i = 1; ; i++) {
    const text = arith.fmt(x);
    const p = w.write(f.prefix + text + f.suffix);
    if (p) await p;
    if ((i & 1023) === 0) ctx.meter.checkDeadline();
    const next = arith.at(i);
    if (arith.past(next)) {
      // rounding: a value just past LAST that prints as LAST (and not as the previous one) is printed
      const t = arith.fmt(next);
      const back = parseLongDouble(t);
      if (back.end !== t.length || compareLongDouble(back.value, last) !== 0 || t === text) break;
    }
    w.write(sep);
    x = next;
  }
  w.write("\n");
  await w.flush();
}

/** GNU's seq_fast: FIRST, FIRST+STEP, ... up to LAST, as exact integers (STEP > 0). */
async function seqFast(ctx: CommandContext, w: Writer, first: bigint, step: bigint, last: bigint, sep: string): Promise<void> {
  if (first > last) return;
  let n = 0;
  for (let x = first; ; n++) {
    const p = w.write(x.toString());
    if (p) await p;
    if ((n & 1023) === 0) ctx.meter.checkDeadline();
    x += step;
    if (x > last) break;
    w.write(sep);
  }
  w.write("\n");
  await w.flush();
}

/**
 * `seq [-w] [-s SEP] [-f FMT] [FIRST [INCR]] LAST`: integers and decimals, GNU precision rules;
 * values computed in long double as GNU does (first + i * step), integers of digits alone exact at
 * any size (GNU's seq_fast); streams.
 */
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

import { type CommandContext, HuskError, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { formatNumber } from "./util/printf.js";
import { gnuQuote } from "./util/text.js";

/** A parsed operand: GNU's scan_arg (width and precision read from the text as written). */
interface Num {
  readonly value: number;
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
  const value = hex ? hexValue(t) : Number(t.replace(/^\+/, "").replace(/^(-?)inf(inity)?$/i, "$1Infinity"));
  const a = t.replace(/^\+/, "");
  const dot = a.indexOf(".");
  // integers (hex ones too) have precision 0; other hex operands leave it unknown (%g)
  let prec = dot < 0 && !/p/i.test(a) ? 0 : Number.POSITIVE_INFINITY;
  if (hex || !Number.isFinite(value)) return { value, width: 0, prec };
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
  return { value, width, prec };
}

/** The value of a C hex float (`0x1.8p3`). */
function hexValue(t: string): number {
  const m = /^([+-]?)0x([0-9a-f]*)\.?([0-9a-f]*)(?:p([+-]?\d+))?$/i.exec(t)!;
  const frac = m[3] ?? "";
  const mant = Number.parseInt((m[2] || "0") + frac, 16) / 16 ** frac.length;
  return (m[1] === "-" ? -1 : 1) * mant * 2 ** Number(m[4] ?? 0);
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
  const one: Num = { value: 1, width: 1, prec: 0 };
  const first = ops.length > 1 ? parseNum(ops[0]!, quote) : one;
  const step = ops.length === 3 ? parseNum(ops[1]!, quote) : one;
  if (step.value === 0) throw new UsageError(`invalid Zero increment value: ${quote(ops[1]!)}`, 1);
  const last = parseNum(ops[ops.length - 1]!, quote);
  const prec = Math.max(first.prec, step.prec);
  let fmt: (v: number) => string;
  if (format !== undefined) {
    const f = format;
    fmt = (v) => formatNumber(f, v);
  } else if (prec === Number.POSITIVE_INFINITY || last.prec === Number.POSITIVE_INFINITY) {
    fmt = (v) => formatNumber("%g", v); // a hex operand: GNU falls back to %Lg
  } else if (equalWidth) {
    // GNU's get_default_format: widths from the operands as written, at the common precision
    let firstWidth = first.width + (prec - first.prec);
    let lastWidth = last.width + (prec - last.prec);
    if (last.prec && prec === 0) lastWidth--;
    if (last.prec === 0 && prec) lastWidth++;
    if (first.prec === 0 && prec) firstWidth++;
    const width = Math.max(firstWidth, lastWidth);
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

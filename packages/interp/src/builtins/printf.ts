/**
 * bash's `printf [-v var] format [arguments]`: every directive (`%d %i %o %u %x %X %f %F %e %E
 * %g %G %a %A %c %s %b %q %(fmt)T %%`), flags, `*` width/precision, the format reused until
 * the arguments are consumed, numeric arguments with `'c` character codes. Numbers are
 * formatted by host's C formatter; the arguments are read here as bash reads them (strtoimax,
 * strtoumax, and strtold into a long double).
 */
import { formatFloat, formatInteger, type LongDouble, longDoubleFromNumber, type NumberSpec, padField, parseLongDouble } from "@husk/host";
import { decodeEscapes } from "../escapes.js";
import { printfQuote } from "../quote.js";
import { dataSubscript } from "../refs.js";
import type { BuiltinContext } from "../simple.js";
import { strftime } from "../strftime.js";
import { badOption, berr, builtin, parseOpts } from "./define.js";

class Stop extends Error {}

interface State {
  args: readonly string[];
  i: number;
  status: number;
  ctx: BuiltinContext;
}

function next(st: State): string | undefined {
  return st.i < st.args.length ? st.args[st.i++] : undefined;
}

/**
 * A numeric argument as bash's printf reads it: strtoimax for `%d %i` (clamped to the int64
 * range) or, with `unsigned`, strtoumax for `%o %u %x %X` (a negative number wraps modulo
 * 2^64; past 2^64 - 1 it clamps). A clamped value warns `Numerical result out of range` and
 * leaves the status as it was, as bash does.
 */
function toInt(st: State, s: string | undefined, unsigned = false): bigint {
  if (s === undefined || s === "") return 0n;
  if (s[0] === "'" || s[0] === '"') return s.length > 1 ? BigInt(s.codePointAt(1)!) : 0n;
  const v = toIntRaw(st, s);
  const inRange = unsigned ? v <= UINT64_MAX && -v <= UINT64_MAX : v <= INT64_MAX && v >= INT64_MIN;
  if (!inRange) berr(st.ctx, `warning: ${s}: Numerical result out of range`);
  if (unsigned) return inRange ? BigInt.asUintN(64, v) : UINT64_MAX;
  return inRange ? v : v > 0n ? INT64_MAX : INT64_MIN;
}

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const UINT64_MAX = (1n << 64n) - 1n;

/** bash's sh_invalidnum: an argument that is not (all) a number, named by how it looks. */
function invalidNumber(st: State, s: string): void {
  const kind = s[0] === "0" && s[1] !== undefined && s[1] >= "0" && s[1] <= "9" ? "octal " : s[0] === "0" && s[1] === "x" ? "hex " : "";
  berr(st.ctx, `${s}: invalid ${kind}number`, 1);
  st.status = 1;
}

/** The exact value of a numeric argument (an invalid one reports `invalid number`: its leading number). */
function toIntRaw(st: State, s: string): bigint {
  const m = /^\s*([-+]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)(.*)$/s.exec(s);
  if (m === null || m[3] !== "") {
    const lead = /^\s*([-+]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)/.exec(s);
    invalidNumber(st, s);
    if (lead === null) return 0n;
    return toIntText(lead[1]!, lead[2]!);
  }
  return toIntText(m[1]!, m[2]!);
}

function toIntText(sign: string, digits: string): bigint {
  const v = BigInt(digits.length > 1 && digits[0] === "0" && !/^0[xX]/.test(digits) ? `0o${digits.slice(1)}` : digits);
  return sign === "-" ? -v : v;
}

/**
 * A floating-point argument as bash reads it: strtold into a long double (so `0.15` is not the
 * double 0.15), a `'c` character code, `""` as 0. Text after the number reports `invalid
 * number` and keeps what was read; overflow and underflow warn `Numerical result out of range`.
 */
function toFloat(st: State, s: string | undefined): LongDouble {
  if (s === undefined || s === "") return longDoubleFromNumber(0);
  if (s[0] === "'" || s[0] === '"') return longDoubleFromNumber(s.length > 1 ? s.codePointAt(1)! : 0);
  const r = parseLongDouble(s);
  if (r.end < s.length) invalidNumber(st, s);
  else if (r.range) berr(st.ctx, `warning: ${s}: Numerical result out of range`);
  return r.value;
}

/** The NumberSpec of a conversion with bash's flag letters. */
function numberSpec(conv: string, flags: string, width: number, prec: number | undefined): NumberSpec {
  return {
    conv,
    left: flags.includes("-"),
    plus: flags.includes("+"),
    space: flags.includes(" "),
    alt: flags.includes("#"),
    zero: flags.includes("0"),
    width,
    prec: prec ?? -1,
  };
}

function formatOne(st: State, spec: { flags: string; width?: number; prec?: number; conv: string }): string {
  const { flags, conv } = spec;
  const left = flags.includes("-");
  const width = spec.width ?? 0;
  const prec = spec.prec;
  switch (conv) {
    case "s": {
      let s = next(st) ?? "";
      if (prec !== undefined) s = s.slice(0, prec);
      return padField(s, width, left);
    }
    case "b": {
      const d = decodeEscapes(next(st) ?? "", true, true);
      let s = d.text;
      if (prec !== undefined) s = s.slice(0, prec);
      const out = padField(s, width, left);
      if (d.stop) throw Object.assign(new Stop(), { out });
      return out;
    }
    case "q":
      return padField(printfQuote(next(st) ?? ""), width, left);
    case "c": {
      // no argument, or an empty one, is the NUL character
      const a = next(st) ?? "";
      return padField(a === "" ? "\0" : String.fromCodePoint(a.codePointAt(0)!), width, left);
    }
    case "d":
    case "i":
      return formatInteger(numberSpec(conv, flags, width, prec), toInt(st, next(st)));
    case "o":
    case "u":
    case "x":
    case "X":
      return formatInteger(numberSpec(conv, flags, width, prec), toInt(st, next(st), true));
    case "f":
    case "F":
    case "e":
    case "E":
    case "g":
    case "G":
    case "a":
    case "A":
      return formatFloat(numberSpec(conv, flags, width, prec), toFloat(st, next(st)));
  }
  return "";
}

/** Length of the escape sequence starting with the backslash at `i`. */
function escapeLength(fmt: string, i: number): number {
  const d = fmt[i + 1];
  if (d === undefined) return 1;
  let len = 1;
  const j = i + 1;
  if (/[0-7]/.test(d)) {
    while (len < 3 && /[0-7]/.test(fmt[j + len] ?? "")) len++;
  } else if (d === "x") {
    while (len < 3 && /[0-9a-fA-F]/.test(fmt[j + len] ?? "")) len++;
  } else if (d === "u" || d === "U") {
    const max = d === "u" ? 5 : 9;
    while (len < max && /[0-9a-fA-F]/.test(fmt[j + len] ?? "")) len++;
  }
  return len + 1;
}

/** Formats once over the format string; returns the text and whether output must stop. */
function formatPass(st: State, fmt: string): { out: string; stop: boolean; consumed: boolean } {
  let out = "";
  const start = st.i;
  let sawDirective = false;
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i]!;
    if (c === "\\") {
      // a run of backslash escapes in the format, decoded together (UTF-8 byte sequences)
      if (fmt[i + 1] === "c") return { out, stop: true, consumed: true };
      let j = i;
      while (fmt[j] === "\\" && j + 1 < fmt.length && fmt[j + 1] !== "c") j += escapeLength(fmt, j);
      if (j === i) {
        out += "\\";
        continue;
      }
      out += decodeEscapes(fmt.slice(i, j), false).text;
      i = j - 1;
      continue;
    }
    if (c !== "%") {
      out += c;
      continue;
    }
    if (fmt[i + 1] === "%") {
      out += "%";
      i++;
      continue;
    }
    const m = /^%([-+ #0']*)(\*|[0-9]+)?(?:\.(\*|[0-9]*))?(?:hh|h|ll|l|L|q|j|z|t)?(\([^)]*\)T|[diouxXfFeEgGaAcsbq])/.exec(fmt.slice(i));
    if (m === null) {
      // as bash: past the flags, width, precision and length letters, the end of the format
      // is a missing character, anything else an invalid one
      const head = /^%[-+ #0']*(?:\*|[0-9]+)?(?:\.(?:\*|[0-9]*))?[hlLqjzt]*/.exec(fmt.slice(i))![0];
      const bad = fmt[i + head.length];
      if (bad === undefined) berr(st.ctx, `\`${head}': missing format character`, 1);
      else berr(st.ctx, `\`${bad}': invalid format character`, 1);
      st.status = 1;
      return { out, stop: true, consumed: true };
    }
    sawDirective = true;
    let width: number | undefined;
    let prec: number | undefined;
    let flags = m[1]!;
    if (m[2] === "*") {
      width = Number(toInt(st, next(st)));
      if (width < 0) {
        flags += "-";
        width = -width;
      }
    } else if (m[2] !== undefined) width = Number(m[2]);
    if (m[3] === "*") {
      prec = Number(toInt(st, next(st)));
      if (prec < 0) prec = undefined; // C: a negative precision is taken as omitted
    }
    else if (m[3] !== undefined) prec = Number(m[3] || 0);
    // TM-DOS-004: `%*s` / `%.*d` with a huge number would build the string before any limit
    st.ctx.meter.checkString(Math.max(width ?? 0, prec ?? 0));
    const conv = m[4]!;
    if (conv.endsWith("T")) {
      const a = next(st);
      const clock = st.ctx.clock.now();
      const t = a === undefined || a === "" || a === "-1" ? clock : a === "-2" ? st.ctx.interp.rt.startMs : Number(toInt(st, a)) * 1000;
      let s = strftime(conv.slice(1, -2), t);
      if (prec !== undefined) s = s.slice(0, prec);
      out += padField(s, width ?? 0, flags.includes("-"));
    } else {
      try {
        out += formatOne(st, { flags, width, prec, conv });
      } catch (e) {
        if (e instanceof Stop) return { out: out + (e as Stop & { out: string }).out, stop: true, consumed: true };
        throw e;
      }
    }
    i += m[0].length - 1;
  }
  return { out, stop: false, consumed: !sawDirective || st.i === start };
}

const PRINTF_USAGE = "printf [-v var] format [arguments]";

/** Whether `printf ARGS` assigns a variable (`-v NAME`, `-vNAME`) instead of only writing to stdout. */
export function printfAssigns(args: readonly string[]): boolean {
  return parseOpts(args, "", "v").values.has("v");
}

/** `printf` */
export const printf = builtin("printf", "Formats and prints ARGUMENTS under control of the FORMAT.", async (ctx) => {
  const o = parseOpts(ctx.args, "", "v");
  if (o.bad !== undefined) return badOption(ctx, o.bad, PRINTF_USAGE);
  const args = o.rest;
  const varName = o.values.get("v");
  if (args.length === 0) {
    ctx.stderr.write(`printf: usage: ${PRINTF_USAGE}\n`);
    return 2;
  }
  const fmt = args[0]!;
  const st: State = { args: args.slice(1), i: 0, status: 0, ctx };
  let out = "";
  for (let guard = 0; ; guard++) {
    const r = formatPass(st, fmt);
    out += r.out;
    ctx.meter.checkString(out.length);
    if (r.stop || r.consumed || st.i >= st.args.length) break;
    ctx.meter.tick();
  }
  if (varName !== undefined) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(.*)\])?$/s.exec(varName);
    if (m === null) return berr(ctx, `\`${varName}': not a valid identifier`, 2);
    if (m[2] !== undefined) {
      ctx.interp.setElement(m[1]!, await dataSubscript(ctx.interp, m[1]!, m[2]), out);
    } else ctx.interp.setVar(varName, out);
    return st.status;
  }
  const w = ctx.stdout.write(out);
  if (w !== undefined) await w;
  return st.status;
});

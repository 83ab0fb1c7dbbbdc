/**
 * bash's `printf [-v var] format [arguments]`: every directive (`%d %i %o %u %x %X %f %F %e %E
 * %g %G %a %A %c %s %b %q %(fmt)T %%`), flags, `*` width/precision, the format reused until
 * the arguments are consumed, numeric arguments with `'c` character codes.
 */
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

/** The exact value of a numeric argument (an invalid one reports `invalid number`: its leading number). */
function toIntRaw(st: State, s: string): bigint {
  const m = /^\s*([-+]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)(.*)$/s.exec(s);
  if (m === null || m[3] !== "") {
    const lead = /^\s*([-+]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)/.exec(s);
    berr(st.ctx, `${s}: invalid number`, 1);
    st.status = 1;
    if (lead === null) return 0n;
    return toIntText(lead[1]!, lead[2]!);
  }
  return toIntText(m[1]!, m[2]!);
}

function toIntText(sign: string, digits: string): bigint {
  const v = BigInt(digits.length > 1 && digits[0] === "0" && !/^0[xX]/.test(digits) ? `0o${digits.slice(1)}` : digits);
  return sign === "-" ? -v : v;
}

function toFloat(st: State, s: string | undefined): number {
  if (s === undefined || s === "") return 0;
  if (s[0] === "'" || s[0] === '"') return s.length > 1 ? s.codePointAt(1)! : 0;
  const t = s.trim();
  const n = /^[-+]?0[xX]/.test(t) ? Number.parseInt(t, 16) : Number(t);
  if (Number.isNaN(n) && !/^[-+]?nan$/i.test(t)) {
    const lead = /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/.exec(t);
    berr(st.ctx, `${s}: invalid number`, 1);
    st.status = 1;
    return lead === null ? 0 : Number(lead[0]);
  }
  if (/^[-+]?inf(inity)?$/i.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  return n;
}

function pad(s: string, width: number, left: boolean, zero: boolean): string {
  if (s.length >= width) return s;
  if (left) return s.padEnd(width);
  if (zero) {
    const sign = /^[-+ ]/.test(s) ? s[0]! : "";
    const pre = /^[-+ ]?0[xX]/.test(s) ? s.slice(sign.length, sign.length + 2) : "";
    const body = s.slice(sign.length + pre.length);
    return sign + pre + body.padStart(width - sign.length - pre.length, "0");
  }
  return s.padStart(width);
}

/** `s` with a decimal point (appended when it has none). */
const pointed = (s: string): string => (s.includes(".") ? s : `${s}.`);

function fmtFloat(conv: string, v: number, prec: number | undefined, flags: string): string {
  // JavaScript formats at most 100 digits (RangeError past it); the digits past 100 are zeros
  const p = Math.min(prec ?? 6, 100);
  // `#`: the alternate form, which always has a decimal point (and %g keeps its trailing zeros)
  const alt = flags.includes("#");
  const extra = "0".repeat(Math.max(0, (prec ?? 6) - 100));
  let s: string;
  if (!Number.isFinite(v)) s = Number.isNaN(v) ? "nan" : v < 0 ? "-inf" : "inf";
  else {
    switch (conv.toLowerCase()) {
      case "f":
        s = v.toFixed(p) + extra;
        if (alt && p === 0) s += ".";
        break;
      case "e":
        s = v.toExponential(p).replace(/e/, `${extra}e`).replace(/e([+-])(\d)$/, "e$10$2");
        if (alt && p === 0) s = s.replace("e", ".e");
        break;
      case "g": {
        const P = p === 0 ? 1 : p;
        if (v === 0) s = alt ? pointed((0).toFixed(P - 1)) : "0";
        else {
          const exp = Math.floor(Math.log10(Math.abs(v)));
          const e = Number(v.toExponential(P - 1).split("e")[1]);
          if (e < -4 || e >= P) {
            s = v.toExponential(P - 1);
            s = alt ? (s.includes(".") ? s : s.replace("e", ".e")) : s.replace(/\.?0+e/, "e");
            s = s.replace(/e([+-])(\d)$/, "e$10$2");
          } else {
            s = v.toFixed(Math.max(0, P - 1 - e));
            if (alt) s = pointed(s);
            else if (s.includes(".")) s = s.replace(/\.?0+$/, "");
          }
          void exp;
        }
        break;
      }
      default:
        s = v.toString(16);
    }
  }
  if (conv === conv.toUpperCase()) s = s.toUpperCase();
  if (v >= 0 || Object.is(v, 0)) {
    if (flags.includes("+")) s = `+${s}`;
    else if (flags.includes(" ")) s = ` ${s}`;
  }
  return s;
}

function formatOne(st: State, spec: { flags: string; width?: number; prec?: number; conv: string; arg?: string }): string {
  const { flags, conv } = spec;
  const left = flags.includes("-");
  const zero = flags.includes("0") && !left;
  const width = spec.width ?? 0;
  const prec = spec.prec;
  switch (conv) {
    case "s": {
      let s = next(st) ?? "";
      if (prec !== undefined) s = s.slice(0, prec);
      return pad(s, width, left, false);
    }
    case "b": {
      const d = decodeEscapes(next(st) ?? "", true, true);
      let s = d.text;
      if (prec !== undefined) s = s.slice(0, prec);
      const out = pad(s, width, left, false);
      if (d.stop) throw Object.assign(new Stop(), { out });
      return out;
    }
    case "q":
      return pad(printfQuote(next(st) ?? ""), width, left, false);
    case "c": {
      const a = next(st) ?? "";
      return pad(a === "" ? "" : String.fromCodePoint(a.codePointAt(0)!), width, left, false);
    }
    case "d":
    case "i": {
      const v = toInt(st, next(st));
      let s = (v < 0n ? -v : v).toString();
      if (prec !== undefined) s = prec === 0 && v === 0n ? "" : s.padStart(prec, "0");
      const sign = v < 0n ? "-" : flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
      return pad(sign + s, width, left, zero && prec === undefined);
    }
    case "o":
    case "u":
    case "x":
    case "X": {
      const v = toInt(st, next(st), true);
      let s = conv === "o" ? v.toString(8) : conv === "u" ? v.toString() : v.toString(16);
      if (conv === "X") s = s.toUpperCase();
      if (prec !== undefined) s = prec === 0 && v === 0n ? "" : s.padStart(prec, "0");
      if (flags.includes("#") && v !== 0n) s = conv === "o" ? (s.startsWith("0") ? s : `0${s}`) : conv === "x" ? `0x${s}` : conv === "X" ? `0X${s}` : s;
      return pad(s, width, left, zero && prec === undefined);
    }
    case "f":
    case "F":
    case "e":
    case "E":
    case "g":
    case "G":
    case "a":
    case "A":
      return pad(fmtFloat(conv, toFloat(st, next(st)), prec, flags), width, left, zero);
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
    const m = /^%([-+ #0]*)(\*|[0-9]+)?(?:\.(\*|[0-9]*))?(?:hh|h|ll|l|L|q|j|z|t)?(\([^)]*\)T|[diouxXfFeEgGaAcsbq])/.exec(fmt.slice(i));
    if (m === null) {
      // as bash: past the flags, width, precision and length letters, the end of the format
      // is a missing character, anything else an invalid one
      const head = /^%[-+ #0]*(?:\*|[0-9]+)?(?:\.(?:\*|[0-9]*))?[hlLqjzt]*/.exec(fmt.slice(i))![0];
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
      out += pad(s, width ?? 0, flags.includes("-"), false);
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

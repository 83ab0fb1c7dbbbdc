/**
 * The built-in functions: string (length substr index split sub gsub match sprintf tolower
 * toupper gensub), numeric (sin cos atan2 exp log sqrt int rand srand strtonum), time (systime
 * strftime mktime, from the injected clock), arrays (asort asorti, length of an array) and
 * gawk's bitwise functions. system/close/fflush are async and live in compile-stmt.ts.
 */
import type { Expr } from "./ast.js";
import type { Compiler, Ev, EvS } from "./compile-expr.js";
import { AwkFatalError } from "./errors.js";
import type { AwkRegex, RegexMatch } from "./regex.js";
import type { AwkArray, Runtime } from "./runtime.js";
import { SORT_BYTES } from "./held.js";
import { userComparator, valTypeCmp } from "./sorting.js";
import { mktime, strftime } from "./time.js";
import { fromInput, StrNum, toNum, UNINIT } from "./values.js";
import type { Value } from "./values.js";

/** Expands a sub/gsub replacement: `&` is the match; `\&` a literal `&`; `\\&` a `\` then the match. */
export function expandSubRepl(repl: string, matched: string): string {
  if (!repl.includes("&") ) return repl;
  let out = "";
  let i = 0;
  while (i < repl.length) {
    const c = repl[i]!;
    if (c === "\\") {
      let k = 0;
      while (repl[i + k] === "\\") k++;
      if (repl[i + k] === "&") {
        out += "\\".repeat(k >> 1);
        out += k & 1 ? "&" : matched;
        i += k + 1;
      } else {
        out += repl.slice(i, i + k);
        i += k;
      }
      continue;
    }
    out += c === "&" ? matched : c;
    i++;
  }
  return out;
}

/** Expands a gensub replacement: `\0`/`&` the match, `\1`..`\9` groups, `\\` a backslash, `\&` `&`. */
function expandGensub(repl: string, m: RegexMatch): string {
  let out = "";
  for (let i = 0; i < repl.length; i++) {
    const c = repl[i]!;
    if (c === "\\" && i + 1 < repl.length) {
      const d = repl[i + 1]!;
      if (d >= "0" && d <= "9") {
        out += m.groups[d.charCodeAt(0) - 48] ?? "";
        i++;
      } else if (d === "&") {
        out += "&";
        i++;
      } else if (d === "\\") {
        out += "\\";
        i++;
      } else out += c;
    } else if (c === "&") out += m.groups[0] ?? "";
    else out += c;
  }
  return out;
}

/**
 * Replaces matches of `re` in `s`: all of them (`which` = 0), or only the `which`-th. Empty
 * matches right after a previous match are skipped, as gawk does. Returns [text, count].
 */
export function substitute(s: string, re: { exec(s: string, from: number): RegexMatch | null }, which: number, repl: (m: RegexMatch) => string): [string, number] {
  let out = "";
  let pos = 0;
  let count = 0;
  let nth = 0;
  let lastEnd = -1;
  let copied = 0;
  while (pos <= s.length) {
    const m = re.exec(s, pos);
    if (m === null) break;
    if (m.start === m.end && m.start === lastEnd) {
      if (m.start >= s.length) break;
      pos = m.start + 1;
      continue;
    }
    nth++;
    if (which === 0 || nth === which) {
      out += s.slice(copied, m.start) + repl(m);
      copied = m.end;
      count++;
      if (which !== 0) break;
    }
    lastEnd = m.end;
    pos = m.end > m.start ? m.end : m.start + 1;
  }
  if (count === 0) return [s, 0];
  return [out + s.slice(copied), count];
}

/**
 * A sub/gsub/gensub result within the string limit: `gsub(//, "<&>")` in a loop triples its
 * target each time (limits: maxStringBytes, TM-DOS-004).
 */
function checked(rt: Runtime, r: [string, number]): [string, number] {
  if (r[0].length > 65536) rt.io.meter?.checkString(r[0].length);
  return r;
}

function argc(name: string, args: readonly Expr[], min: number, max: number, line: number): void {
  if (args.length < min || args.length > max) {
    throw new AwkFatalError(`${name}: called with ${args.length} argument${args.length === 1 ? "" : "s"}`, line);
  }
}

function arrayArg(c: Compiler, e: Expr | undefined, fn: string, line: number, which?: string): () => AwkArray {
  if (e === undefined || e.type !== "Var") throw new AwkFatalError(`${fn}: argument is not an array`, line);
  const get = c.array(e.name, line);
  if (which === undefined) return get;
  // gawk names the argument when a scalar is passed where split wants an array
  return () => {
    try {
      return get();
    } catch (err) {
      if (err instanceof AwkFatalError) throw new AwkFatalError(`${fn}: ${which} argument is not an array`, line);
      throw err;
    }
  };
}

/** Compiles a call of built-in `name`. */
export function compileBuiltin(c: Compiler, name: string, args: readonly Expr[], line: number): Ev {
  const rt = c.rt;
  const num = (i: number) => c.num(args[i]!);
  const str = (i: number) => c.str(args[i]!);
  const math = (f: (x: number) => number): Ev => {
    argc(name, args, 1, 1, line);
    const a = num(0);
    return () => f(a());
  };
  switch (name) {
    case "length": {
      argc(name, args, 0, 1, line);
      if (args.length === 0) return () => rt.getRecord().length;
      const a = args[0]!;
      if (a.type === "Var") {
        const local = c.locals?.get(a.name);
        const get = local !== undefined ? () => rt.frame[local]! : a.name === "ENVIRON" || a.name === "ARGV" || a.name === "PROCINFO" ? () => rt[a.name as "ARGV"] : (() => {
          const slot = c.globalSlot(a.name);
          return () => {
            const v = rt.globals[slot]!;
            if (v === UNINIT) rt.scalarRead.add(slot); // gawk: length(untyped) makes it a scalar
            return v;
          };
        })();
        const s = c.str(a);
        return () => {
          const v = get();
          return v instanceof Map ? v.size : s().length;
        };
      }
      const s = str(0);
      return () => s().length;
    }
    case "substr": {
      argc(name, args, 2, 3, line);
      const s = str(0);
      const m = num(1);
      const n = args.length > 2 ? num(2) : undefined;
      return () => {
        const t = s();
        let start = m();
        if (!(start >= 1)) start = 1;
        else start = Math.trunc(start);
        let len = n === undefined ? Infinity : n();
        if (Number.isNaN(len) || len <= 0) return "";
        if (len !== Infinity) len = Math.trunc(len);
        if (start > t.length) return "";
        return len === Infinity ? t.slice(start - 1) : t.slice(start - 1, start - 1 + len);
      };
    }
    case "index": {
      argc(name, args, 2, 2, line);
      const s = str(0);
      const t = str(1);
      return () => s().indexOf(t()) + 1;
    }
    case "split":
    case "patsplit": {
      argc(name, args, 2, 4, line);
      const s = str(0);
      const arr = arrayArg(c, args[1], name, line, "second");
      const seps = args[3] !== undefined ? arrayArg(c, args[3], name, line, "fourth") : undefined;
      const sepArg = args[2];
      const fsStr: EvS | undefined = sepArg === undefined ? undefined : sepArg.type === "Regex" ? undefined : c.str(sepArg);
      const reSrc = sepArg?.type === "Regex" ? sepArg.source : undefined;
      const parts: string[] = [""];
      const held = rt.held;
      const splitParts = (text: string, sa: AwkArray | undefined): number => {
        if (name === "patsplit") {
          const re = rt.regex.get(reSrc ?? (fsStr ? fsStr() : "[^[:space:]]+"), rt.IGNORECASE);
          let n = 0;
          let pos = 0;
          let prevEnd = 0;
          while (pos <= text.length) {
            const m = re.exec(text, pos);
            if (m === null) break;
            if (m.end === m.start) {
              pos = m.start + 1;
              continue;
            }
            if (sa !== undefined) held.setElem(sa, String(n), text.slice(prevEnd, m.start));
            parts[++n] = text.slice(m.start, m.end);
            prevEnd = m.end;
            pos = m.end;
          }
          if (sa !== undefined) held.setElem(sa, String(n), text.slice(prevEnd));
          return n;
        }
        let n: number;
        if (reSrc !== undefined || sa !== undefined) {
          const fs = reSrc ?? (fsStr ? fsStr() : rt.FS);
          if (fs === " " && reSrc === undefined) {
            n = rt.splitInto(text, " ", parts);
            if (sa !== undefined) {
              const re = rt.regex.get("[ \t\n]+");
              let pos = 0;
              let k = 0;
              const lead = /^[ \t\n]*/.exec(text)![0];
              if (lead) held.setElem(sa, "0", lead);
              pos = lead.length;
              for (k = 1; k < n; k++) {
                const m = re.exec(text, pos + parts[k]!.length);
                if (m === null) break;
                held.setElem(sa, String(k), text.slice(m.start, m.end));
                pos = m.end;
              }
            }
          } else {
            const re = rt.regex.get(reSrc ?? (fs.length === 1 ? fs.replace(/[\\^$.[\]|()*+?{}]/g, "\\$&") : fs), rt.IGNORECASE);
            n = 0;
            if (text !== "") {
              let start = 0;
              let pos = 0;
              while (pos <= text.length) {
                const m = re.exec(text, pos);
                if (m === null) break;
                if (m.end === m.start) {
                  pos = m.start + 1;
                  continue;
                }
                parts[++n] = text.slice(start, m.start);
                if (sa !== undefined) held.setElem(sa, String(n), text.slice(m.start, m.end));
                start = m.end;
                pos = m.end;
              }
              parts[++n] = text.slice(start);
            }
          }
        } else {
          n = rt.splitInto(text, fsStr ? fsStr() : rt.FS, parts);
        }
        return n;
      };
      return () => {
        const text = s();
        const a = arr();
        held.clearArray(a);
        const sa = seps?.();
        if (sa !== undefined) held.clearArray(sa);
        const n = splitParts(text, sa);
        held.fillStrings(a, parts, n);
        // a long split's texts are not kept alive here once the array lets them go
        if (n > 256) parts.length = 1;
        return n;
      };
    }
    case "sub":
    case "gsub": {
      argc(name, args, 2, 3, line);
      const re = c.dynRegex(args[0]!);
      const repl = str(1);
      const target = args[2] ?? ({ type: "Field", index: { type: "Num", value: 0, line }, line } as Expr);
      if (target.type !== "Var" && target.type !== "Index" && target.type !== "Field") {
        // gawk: a non-lvalue target is allowed (result discarded) with a warning.
        const s = c.str(target);
        return () => checked(rt, substitute(s(), re(), name === "sub" ? 1 : 0, (m) => expandSubRepl(repl(), m.groups[0] ?? "")))[1];
      }
      const { update } = c.lvalue(target);
      const global = name === "gsub";
      // the target's location is computed once (`sub(/x/, "y", a[i++])`); `fn` runs no awk code
      let r: AwkRegex;
      let rp = "";
      let count = 0;
      const fn = (cur: Value): Value | undefined => {
        const [out, n] = checked(rt, substitute(rt.str(cur), r, global ? 0 : 1, (m) => expandSubRepl(rp, m.groups[0] ?? "")));
        count = n;
        return n > 0 ? out : undefined;
      };
      return () => {
        r = re();
        rp = repl();
        update(fn);
        return count;
      };
    }
    case "gensub": {
      argc(name, args, 3, 4, line);
      const re = c.dynRegex(args[0]!);
      const repl = str(1);
      const how = c.val(args[2]!);
      const target = args[3] !== undefined ? str(3) : () => rt.getRecord();
      return () => {
        const h = how();
        const hs = rt.str(h);
        let which = 0;
        if (!(hs[0] === "g" || hs[0] === "G")) {
          which = Math.trunc(toNum(h));
          if (which < 1) which = 1;
        }
        const rp = repl();
        return checked(rt, substitute(target(), re(), which, (m) => expandGensub(rp, m)))[0];
      };
    }
    case "match": {
      argc(name, args, 2, 3, line);
      const s = str(0);
      const re = c.dynRegex(args[1]!);
      const arr = args[2] !== undefined ? arrayArg(c, args[2], name, line) : undefined;
      return () => {
        const text = s();
        const m = re().exec(text, 0);
        const a = arr?.();
        if (a !== undefined) rt.held.clearArray(a);
        if (m === null) {
          rt.RSTART = 0;
          rt.RLENGTH = -1;
          return 0;
        }
        rt.RSTART = m.start + 1;
        rt.RLENGTH = m.end - m.start;
        if (a !== undefined) {
          for (let i = 0; i < m.groups.length; i++) {
            const g = m.groups[i];
            if (g === undefined) continue;
            const held = rt.held;
            held.setElem(a, String(i), fromInput(g));
            held.setElem(a, `${i}${rt.SUBSEP}start`, m.starts[i]! + 1);
            held.setElem(a, `${i}${rt.SUBSEP}length`, g.length);
          }
        }
        return m.start + 1;
      };
    }
    case "sprintf": {
      if (args.length === 0) throw new AwkFatalError("sprintf: called with no arguments", line);
      return (c as unknown as { sprintfOf(a: readonly Expr[]): EvS }).sprintfOf(args);
    }
    case "tolower": {
      argc(name, args, 1, 1, line);
      const s = str(0);
      return () => s().toLowerCase();
    }
    case "toupper": {
      argc(name, args, 1, 1, line);
      const s = str(0);
      return () => s().toUpperCase();
    }
    case "sin": return math(Math.sin);
    case "cos": return math(Math.cos);
    case "exp": return math(Math.exp);
    case "log": return math(Math.log);
    case "sqrt": return math(Math.sqrt);
    case "int": return math(Math.trunc);
    case "atan2": {
      argc(name, args, 2, 2, line);
      const y = num(0);
      const x = num(1);
      return () => Math.atan2(y(), x());
    }
    case "rand": {
      argc(name, args, 0, 0, line);
      return () => rt.random.next();
    }
    case "srand": {
      argc(name, args, 0, 1, line);
      const s = args.length > 0 ? num(0) : undefined;
      return () => {
        const prev = rt.seed;
        rt.seed = s !== undefined ? s() : Math.trunc(rt.io.clock.now() / 1000);
        rt.random.seed(Math.trunc(rt.seed));
        return prev;
      };
    }
    case "systime": {
      argc(name, args, 0, 0, line);
      return () => Math.trunc(rt.io.clock.now() / 1000);
    }
    case "strftime": {
      argc(name, args, 0, 3, line);
      const fmt = args.length > 0 ? str(0) : () => "%a %b %e %H:%M:%S %Z %Y";
      const ts = args.length > 1 ? num(1) : () => Math.trunc(rt.io.clock.now() / 1000);
      const utc = args.length > 2 ? c.bool(args[2]!) : () => false;
      return () => strftime(fmt(), Math.trunc(ts()), utc());
    }
    case "mktime": {
      argc(name, args, 1, 2, line);
      const s = str(0);
      return () => mktime(s());
    }
    case "and":
    case "or":
    case "xor": {
      if (args.length < 2) throw new AwkFatalError(`${name}: called with less than two arguments`, line);
      const ns = args.map((a) => c.num(a));
      const op = name === "and" ? (a: bigint, b: bigint) => a & b : name === "or" ? (a: bigint, b: bigint) => a | b : (a: bigint, b: bigint) => a ^ b;
      return () => {
        let r = toBig(ns[0]!(), name, line);
        for (let i = 1; i < ns.length; i++) r = op(r, toBig(ns[i]!(), name, line));
        return Number(r);
      };
    }
    case "lshift":
    case "rshift": {
      argc(name, args, 2, 2, line);
      const a = num(0);
      const b = num(1);
      return () => {
        const x = toBig(a(), name, line);
        const y = BigInt(Math.trunc(b()));
        return Number(name === "lshift" ? BigInt.asUintN(64, x << y) : x >> y);
      };
    }
    case "compl": {
      argc(name, args, 1, 1, line);
      const a = num(0);
      // gawk: 53-bit complement of the unsigned value.
      return () => Number(BigInt.asUintN(53, ~toBig(a(), name, line)));
    }
    case "strtonum": {
      argc(name, args, 1, 1, line);
      const v = c.val(args[0]!);
      return () => {
        const x = v();
        if (typeof x === "number") return x;
        const s = (typeof x === "string" ? x : x.s).trim();
        if (/^[+-]?0[xX][0-9a-fA-F]+/.test(s)) {
          const neg = s[0] === "-";
          const n = Number.parseInt(s.replace(/^[+-]/, "").slice(2), 16);
          return neg ? -n : n;
        }
        if (/^[+-]?0[0-7]+$/.test(s)) return Number.parseInt(s, 8);
        return toNum(x);
      };
    }
    case "asort":
    case "asorti": {
      argc(name, args, 1, 3, line);
      const src = arrayArg(c, args[0], name, line);
      const dst = args[1] !== undefined ? arrayArg(c, args[1], name, line) : undefined;
      const how = args[2] !== undefined ? str(2) : undefined;
      const held = rt.held;
      return () => {
        const a = src();
        const h = how?.() ?? "";
        // the list being sorted lives until the result is stored (a comparison function that
        // sorts again holds one per level)
        const listBytes = a.size * SORT_BYTES;
        held.charge(listBytes);
        try {
          let items: Value[] = name === "asort" ? [...a.values()] : [...a.keys()];
          const conv = rt.CONVFMT;
          const user = h !== "" && !h.startsWith("@") ? userComparator(c, h) : undefined;
          if (user !== undefined) items.sort((x, y) => user(UNINIT, x, UNINIT, y));
          else if (name === "asorti" && !h.includes("num")) items.sort((x, y) => ((x as string) < (y as string) ? -1 : (x as string) > (y as string) ? 1 : 0));
          else if (h.includes("num")) items.sort((x, y) => toNum(x) - toNum(y));
          else if (h.includes("str")) items.sort((x, y) => (rt.str(x) < rt.str(y) ? -1 : rt.str(x) > rt.str(y) ? 1 : 0));
          else items.sort((x, y) => valTypeCmp(x, y, conv));
          if (h.includes("desc")) items = items.reverse();
          if (name === "asorti") items = items.map((k) => fromInput(k as string));
          const out = dst?.() ?? a;
          held.clearArray(out);
          held.fillValues(out, items);
          return items.length;
        } finally {
          held.charge(-listBytes);
        }
      };
    }
    case "isarray": {
      argc(name, args, 1, 1, line);
      const a = args[0]!;
      if (a.type !== "Var") return () => 0;
      const local = c.locals?.get(a.name);
      const slot = local === undefined ? c.globalSlot(a.name) : -1;
      return () => ((local !== undefined ? rt.frame[local] : rt.globals[slot]) instanceof Map ? 1 : 0);
    }
    case "typeof": {
      argc(name, args, 1, 1, line);
      const a = args[0]!;
      if (a.type === "Var" && !/^[A-Z]+$/.test(a.name)) {
        const local = c.locals?.get(a.name);
        const slot = local === undefined ? c.globalSlot(a.name) : -1;
        return () => {
          const v = local !== undefined ? rt.frame[local]! : rt.globals[slot]!;
          return v instanceof Map ? "array" : typeName(v);
        };
      }
      const v = c.val(a);
      return () => typeName(v());
    }
    default:
      throw new AwkFatalError(`function \`${name}' not defined`, line);
  }
}

function typeName(v: Value): string {
  if (v === UNINIT) return "untyped";
  if (typeof v === "number") return "number";
  if (typeof v === "string") return "string";
  return v instanceof StrNum ? "strnum" : "string";
}

function toBig(n: number, fn: string, line: number): bigint {
  if (n < 0) throw new AwkFatalError(`${fn}: negative values are not allowed`, line);
  if (!Number.isFinite(n)) throw new AwkFatalError(`${fn}: argument is not finite`, line);
  return BigInt(Math.trunc(n));
}

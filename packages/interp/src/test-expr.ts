/**
 * Conditional expressions: `[[ ... ]]` (pattern `==`, regex `=~` with BASH_REMATCH, arithmetic
 * comparisons, `&& || !`) and the unary/binary operators shared with `test` / `[`.
 */
import { FsError, resolvePath } from "@husk/host";
import type { FileStat } from "@husk/host";
import { compileRegex, RegexError } from "@husk/pattern";
import type { TestExpr, Word } from "@husk/syntax";
import { ArithError } from "./arith.js";
import { FatalError } from "./errors.js";
import type { Interp } from "./interp.js";
import { matchPattern } from "./pattern.js";
import { expandPatternTraced } from "./expand.js";
import { trace } from "./trace.js";
import { dataSubscript } from "./refs.js";
import { IndexedArray } from "./vars.js";
import { isDynamicVar } from "./special-params.js";
import { wordParts } from "@husk/syntax";

/**
 * Evaluates a `[[ ]]` expression. `neg`: the primary is under an odd number of `!` (set -x
 * shows them with it, as bash's parser marks the term; a `!` on a group shows nothing).
 */
export async function evalTestExpr(ip: Interp, e: TestExpr, neg = false): Promise<boolean> {
  switch (e.type) {
    case "TestLogical":
      if (e.op === "&&") return (await evalTestExpr(ip, e.left)) && evalTestExpr(ip, e.right);
      return (await evalTestExpr(ip, e.left)) || evalTestExpr(ip, e.right);
    case "TestNot":
      return !(await evalTestExpr(ip, e.operand, !neg));
    case "TestGroup":
      return evalTestExpr(ip, e.expr);
    case "TestWord": {
      const w = await ip.expandString(e.word);
      if (ip.st.options.xtrace) await traceTest(ip, neg, `-n ${w}`);
      return w !== "";
    }
    case "TestUnary": {
      const w = await ip.expandString(e.operand);
      if (ip.st.options.xtrace) await traceTest(ip, neg, `${e.op} ${w}`);
      return unaryTest(ip, e.op, w);
    }
    case "TestBinary": {
      const l = await ip.expandString(e.left);
      if (e.op === "==" || e.op === "=" || e.op === "!=") {
        let pat: string;
        if (ip.st.options.xtrace) {
          const t = await expandPatternTraced(ip, e.right);
          await traceTest(ip, neg, `${l} ${e.op} ${t.trace}`);
          pat = t.pat;
        } else pat = await ip.expandPattern(e.right);
        const m = matchPattern(pat, l, { extglob: true, nocase: ip.st.opt("nocasematch") });
        return e.op === "!=" ? !m : m;
      }
      if (e.op === "=~") {
        if (ip.st.options.xtrace) await traceTest(ip, neg, `${l} =~ ${await ip.expandString(e.right)}`);
        return regexMatch(ip, l, e.right);
      }
      const r = await ip.expandString(e.right);
      if (ip.st.options.xtrace) await traceTest(ip, neg, `${l} ${e.op} ${r}`);
      if (/^-(eq|ne|lt|le|gt|ge)$/.test(e.op)) {
        try {
          return compareInts(e.op, ip.arith.evaluateText(l), ip.arith.evaluateText(r));
        } catch (err) {
          if (err instanceof ArithError) throw new FatalError(`[[: ${err.message}`, 1, "command");
          throw err;
        }
      }
      return binaryTest(ip, e.op, l, r);
    }
  }
}

/** One primary of `[[ ]]` under set -x. */
function traceTest(ip: Interp, neg: boolean, text: string): Promise<void> {
  return trace(ip, `[[ ${neg ? "! " : ""}${text} ]]`);
}

function compareInts(op: string, a: number | bigint, b: number | bigint): boolean {
  switch (op) {
    case "-eq":
      return a === b || (typeof a !== typeof b && BigInt(a) === BigInt(b));
    case "-ne":
      return !(a === b);
    case "-lt":
      return a < b;
    case "-le":
      return a <= b;
    case "-gt":
      return a > b;
    default:
      return a >= b;
  }
}

/** Expands the right side of `=~`: quoted parts match literally. */
async function regexSource(ip: Interp, w: Word): Promise<string> {
  let src = "";
  for (const p of wordParts(w)) {
    if (p.type === "Literal") src += p.value;
    else if (p.type === "SingleQuoted" || p.type === "Escaped" || p.type === "AnsiCQuoted") src += ereEscape(p.value);
    else if (p.type === "DoubleQuoted") src += ereEscape(await ip.expandString({ type: "Word", start: p.start, end: p.end, parts: p.parts }));
    // a tilde's expansion matches literally
    else if (p.type === "TildePrefix") src += ereEscape(await ip.expandString({ type: "Word", start: p.start, end: p.end, parts: [p] }));
    else src += await ip.expandString({ type: "Word", start: p.start, end: p.end, parts: [p] });
  }
  return src;
}

function ereEscape(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
}

async function regexMatch(ip: Interp, s: string, w: Word): Promise<boolean> {
  const src = await regexSource(ip, w);
  // glibc's regcomp rejects what our engine would accept; bash then returns 2 silently
  if (!posixEreValid(src)) throw new FatalError("", 2, "command");
  let re;
  try {
    re = compileRegex(src, { flavor: "ere", ignoreCase: ip.st.opt("nocasematch") }, ip.rt.meter);
  } catch (e) {
    if (e instanceof RegexError) return Promise.reject(new FatalError(`invalid regular expression \`${src}'`, 2, "command"));
    throw e;
  }
  const m = re.exec(s, 0);
  const v = ip.st.vars.create("BASH_REMATCH", ip.st.vars.scopes[0]!);
  if (m === null) {
    v.value = new IndexedArray();
    return false;
  }
  const arr = new IndexedArray();
  arr.set(0, s.slice(m.start, m.end));
  m.groups.forEach((g, i) => arr.set(i + 1, g === undefined ? "" : s.slice(g[0], g[1])));
  v.value = arr;
  return true;
}

/**
 * The checks of glibc's ERE compiler that our more lenient engine skips: a repetition operator
 * with nothing to repeat (at the start, after `(`, `|`, `^` or `$`) and a `{` that does not
 * open a valid interval.
 */
export function posixEreValid(src: string): boolean {
  let atomless = true;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    switch (c) {
      case "\\":
        i++;
        atomless = false;
        break;
      case "[": {
        let j = i + 1;
        if (src[j] === "^") j++;
        if (src[j] === "]") j++;
        while (j < src.length && src[j] !== "]") {
          if (src[j] === "[" && (src[j + 1] === ":" || src[j + 1] === "." || src[j + 1] === "=")) {
            const end = src.indexOf(`${src[j + 1]}]`, j + 2);
            j = end < 0 ? src.length : end + 2;
          } else j++;
        }
        i = j;
        atomless = false;
        break;
      }
      case "(":
      case "|":
      case "^":
      case "$":
        atomless = true;
        break;
      case "*":
      case "+":
      case "?":
        if (atomless) return false;
        break;
      case "{": {
        const m = /^\{(\d*)(,\d*)?\}/.exec(src.slice(i, i + 24));
        if (m === null || (m[1] === "" && m[2] === undefined) || atomless) return false;
        i += m[0].length - 1;
        break;
      }
      default:
        atomless = false;
    }
  }
  return true;
}

async function stat(ip: Interp, path: string, follow = true): Promise<FileStat | undefined> {
  if (path === "") return undefined;
  try {
    const p = resolvePath(ip.st.cwd, path);
    return follow ? await ip.rt.fs.stat(p) : await ip.rt.fs.lstat(p);
  } catch (e) {
    if (e instanceof FsError) return undefined;
    throw e;
  }
}

/** The unary operators of `test` and `[[ ]]`. */
export async function unaryTest(ip: Interp, op: string, a: string): Promise<boolean> {
  switch (op) {
    case "-z":
      return a === "";
    case "-n":
      return a !== "";
    case "-v": {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(.*)\])?$/s.exec(a);
      if (m === null) return false;
      const v = ip.st.vars.get(m[1]!);
      if (m[2] === undefined) return v !== undefined ? v.value !== undefined && !(v.value instanceof IndexedArray && v.value.size === 0) : isDynamicVar(ip, m[1]!);
      const val = v?.value;
      if (m[2] === "@" || m[2] === "*") return val instanceof IndexedArray ? val.size > 0 : val instanceof Map ? val.size > 0 : val !== undefined;
      if (val instanceof Map) return val.has(String(await dataSubscript(ip, m[1]!, m[2])));
      let i = Number(await dataSubscript(ip, m[1]!, m[2]));
      if (val instanceof IndexedArray) {
        if (i < 0) i += val.end;
        if (i < 0) ip.error(`${m[1]}: bad array subscript`);
        return i >= 0 && val.get(i) !== undefined;
      }
      return i === 0 && val !== undefined;
    }
    case "-o":
      return (ip.st.options as unknown as Record<string, boolean>)[a] === true;
    case "-t":
      return false;
    case "-R": {
      const v = ip.st.vars.lookup(a);
      return v !== undefined && (v.attrs & 32) !== 0;
    }
  }
  if (a === "/dev/null" || a === "/dev/stdin" || a === "/dev/stdout" || a === "/dev/stderr") {
    return op === "-e" || op === "-c" || op === "-r" || op === "-w" || op === "-a";
  }
  const follow = op !== "-L" && op !== "-h";
  const st = await stat(ip, a, follow);
  if (st === undefined) return false;
  switch (op) {
    case "-e":
    case "-a":
      return true;
    case "-f":
      return st.type === "file";
    case "-d":
      return st.type === "directory";
    case "-L":
    case "-h":
      return st.type === "symlink";
    case "-s":
      return st.size > 0;
    case "-r":
      return (st.mode & 0o444) !== 0;
    case "-w":
      return (st.mode & 0o222) !== 0;
    case "-x":
      return (st.mode & 0o111) !== 0;
    case "-O":
    case "-G":
      return true;
    case "-u":
      return (st.mode & 0o4000) !== 0;
    case "-g":
      return (st.mode & 0o2000) !== 0;
    case "-k":
      return (st.mode & 0o1000) !== 0;
    case "-N":
      return false;
    default:
      return false;
  }
}

/** The binary operators of `test` and `[[ ]]` (except pattern and regex matching). */
export async function binaryTest(ip: Interp, op: string, a: string, b: string): Promise<boolean> {
  switch (op) {
    case "=":
    case "==":
      return a === b;
    case "!=":
      return a !== b;
    case "<":
      return a < b;
    case ">":
      return a > b;
    case "-nt":
    case "-ot": {
      const sa = await stat(ip, a);
      const sb = await stat(ip, b);
      if (op === "-nt") return sa !== undefined && (sb === undefined || sa.mtimeMs > sb.mtimeMs);
      return sb !== undefined && (sa === undefined || sa.mtimeMs < sb.mtimeMs);
    }
    case "-ef": {
      const sa = await stat(ip, a);
      const sb = await stat(ip, b);
      return sa !== undefined && sb !== undefined && sa.ino === sb.ino;
    }
  }
  return false;
}

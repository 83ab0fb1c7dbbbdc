/**
 * `read [-ers] [-a array] [-d delim] [-n n] [-N n] [-p prompt] [-t timeout] [-u fd] [name ...]`:
 * reads exactly one record from the input (the rest stays for the next command), applies
 * backslash processing unless -r, and splits on IFS.
 */
import { FsError } from "@husk/host";
import type { LimitsMeter } from "@husk/host";
import type { ShellInput } from "../io.js";
import type { BuiltinContext } from "../simple.js";
import { IndexedArray, isName } from "../vars.js";
import { badOption, berr, builtin, parseOpts } from "./define.js";
import type { ParsedOpts } from "./define.js";

interface Record_ {
  text: string;
  /** Offsets of characters that were backslash-escaped (not split). */
  prot: ReadonlySet<number>;
  eof: boolean;
}

const NO_PROT: ReadonlySet<number> = new Set();

/**
 * The next record when it is already buffered in `input` and needs no per-character work
 * (no -n/-N, no backslash unless raw, no NUL); undefined when `readRecord` must do it.
 * Lets `while read` run without a promise per line.
 */
export function bufferedRecord(input: ShellInput, delim: string, raw: boolean, limit: number, exact: boolean): Record_ | undefined {
  if (limit >= 0 || exact) return undefined;
  const b = input.takeBuffered();
  const j = b.indexOf(delim === "" ? "\0" : delim);
  const part = j < 0 ? "" : b.slice(0, j);
  if (j < 0 || (!raw && part.includes("\\")) || part.includes("\0")) {
    input.unread(b);
    return undefined;
  }
  input.unread(b.slice(j + 1));
  return { text: part, prot: NO_PROT, eof: false };
}

/**
 * Reads one record; `limit` counts characters (-n / -N); `delim` "" means NUL. Throws
 * LimitError (maxStringBytes) when the record would grow past the limit.
 */
export async function readRecord(input: ShellInput, delim: string, raw: boolean, limit: number, exact: boolean, meter: LimitsMeter): Promise<Record_> {
  let text = "";
  let prot: Set<number> | undefined;
  let escape = false;
  const d = delim === "" ? "\0" : delim;
  for (;;) {
    const chunk = await input.read();
    if (chunk === undefined) return { text, prot: prot ?? NO_PROT, eof: true };
    meter.tick();
    // TM-DOS-004: a record without end (`yes | read -d ''`) stops at maxStringBytes
    meter.checkString(text.length + chunk.length);
    if (!escape && limit < 0 && !exact) {
      // fast path: the record's end found with indexOf when its text needs no per-character work
      const j = chunk.indexOf(d);
      const part = j < 0 ? chunk : chunk.slice(0, j);
      if ((raw || !part.includes("\\")) && !part.includes("\0")) {
        text += part;
        if (j < 0) continue;
        input.unread(chunk.slice(j + 1));
        return { text, prot: prot ?? NO_PROT, eof: false };
      }
    }
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (escape) {
        escape = false;
        if (c === "\n") continue;
        (prot ??= new Set()).add(text.length);
        text += c;
      } else if (!raw && c === "\\") {
        escape = true;
        continue;
      } else if (!exact && c === d) {
        input.unread(chunk.slice(i + 1));
        return { text, prot: prot ?? NO_PROT, eof: false };
      } else if (c === "\0") continue; // shell strings cannot hold NUL: bash drops it
      else text += c;
      if (limit >= 0 && text.length >= limit) {
        input.unread(chunk.slice(i + 1));
        return { text, prot: prot ?? NO_PROT, eof: false };
      }
    }
  }
}

let lastIfs = " \t\n";
let lastWs = " \t\n";

/** The IFS whitespace characters of `ifs` (the last answer is kept: IFS rarely changes). */
function ifsWhitespace(ifs: string): string {
  if (ifs !== lastIfs) {
    lastWs = [...ifs].filter((c) => c === " " || c === "\t" || c === "\n").join("");
    lastIfs = ifs;
  }
  return lastWs;
}

/** Splits a record on IFS into at most `n` fields (the last takes the rest). */
export function splitRecord(r: Record_, ifs: string, n: number): string[] {
  const ws = ifsWhitespace(ifs);
  const isWs = (i: number): boolean => !r.prot.has(i) && ws.includes(r.text[i]!);
  const isSep = (i: number): boolean => !r.prot.has(i) && ifs.includes(r.text[i]!);
  const t = r.text;
  let i = 0;
  let end = t.length;
  while (i < end && isWs(i)) i++;
  while (end > i && isWs(end - 1)) end--;
  const out: string[] = [];
  while (i < end) {
    if (out.length === n - 1) {
      out.push(t.slice(i, lastFieldEnd(i, end, isWs, isSep)));
      return out;
    }
    let j = i;
    while (j < end && !isSep(j)) j++;
    out.push(t.slice(i, j));
    // consume the delimiter: whitespace, at most one non-whitespace separator, whitespace
    while (j < end && isWs(j)) j++;
    if (j < end && isSep(j) && !isWs(j)) {
      j++;
      while (j < end && isWs(j)) j++;
    }
    i = j;
  }
  return out;
}

/**
 * Where the rest of a line that the last variable takes ends: bash drops one trailing
 * non-whitespace IFS delimiter (and the IFS whitespace before it) when what is left holds no
 * other IFS character, that is when the rest is one field and its delimiter (`IFS=: read a b`
 * of `1:2:` gives b=2, of `1:2::` b=2::).
 */
function lastFieldEnd(i: number, end: number, isWs: (k: number) => boolean, isSep: (k: number) => boolean): number {
  if (end === i || !isSep(end - 1) || isWs(end - 1)) return end;
  let k = end - 1;
  while (k > i && isWs(k - 1)) k--;
  for (let j = i; j < k; j++) if (isSep(j)) return end;
  return k;
}

let lastArgs: readonly string[] = [];
let lastOpts: ParsedOpts | undefined;

/** read's parsed options; the last parse is reused when the arguments repeat (`while read`). */
function readOpts(args: readonly string[]): ParsedOpts {
  if (lastOpts === undefined || args.length !== lastArgs.length || args.some((a, i) => a !== lastArgs[i])) {
    lastOpts = parseOpts(args, "ers", "adinNptu");
    lastArgs = args;
  }
  return lastOpts;
}

/** bash's complaint about a malformed -u, -n, -N or -t value, else undefined. */
function badReadOption(o: ParsedOpts): string | undefined {
  const u = o.values.get("u");
  if (u !== undefined && !/^\s*[0-9]+\s*$/.test(u)) return `${u}: invalid file descriptor specification`;
  for (const k of ["n", "N"]) {
    const n = o.values.get(k);
    if (n !== undefined && !/^\s*[0-9]+\s*$/.test(n)) return `${n}: invalid number`;
  }
  const t = o.values.get("t");
  if (t !== undefined && !/^\s*([0-9]+(\.[0-9]*)?|\.[0-9]+)\s*$/.test(t)) return `${t}: invalid timeout specification`;
  return undefined;
}

/** `read` */
export const read = builtin("read", "Read a line from the standard input and split it into fields.", (ctx: BuiltinContext) => {
  const ip = ctx.interp;
  const o = readOpts(ctx.args);
  if (o.bad !== undefined) return badOption(ctx, o.bad, "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]");
  for (const n of o.rest) if (!isName(n)) return berr(ctx, `\`${n}': not a valid identifier`, 1);
  const bad = badReadOption(o);
  if (bad !== undefined) return berr(ctx, bad, 1);
  const fd = o.values.has("u") ? Number(o.values.get("u")) : 0;
  const input = fd === 0 ? (ctx.stdin as ShellInput) : ip.st.fds[fd]?.input;
  if (input === undefined || typeof (input as ShellInput).unread !== "function") return berr(ctx, `${o.values.get("u") ?? fd}: invalid file descriptor: Bad file descriptor`, 1);
  const delim = o.values.has("d") ? (o.values.get("d")!.slice(0, 1)) : "\n";
  const nchars = o.values.has("N") ? Number(o.values.get("N")) : o.values.has("n") ? Number(o.values.get("n")) : -1;
  if (o.values.has("t") && Number(o.values.get("t")) === 0) return 0;
  if (nchars === 0) {
    ip.setVar(o.rest[0] ?? "REPLY", "");
    return 0;
  }
  const raw = o.on.has("r");
  const exact = o.values.has("N");
  const r = bufferedRecord(input as ShellInput, delim, raw, nchars, exact);
  if (r !== undefined) {
    ctx.meter.tick();
    return assignRecord(ctx, o, r);
  }
  return readRecord(input as ShellInput, delim, raw, nchars, exact, ctx.meter).then(
    (x) => assignRecord(ctx, o, x),
    (e: unknown) => {
      // a read that fails (input redirected from a directory): bash's message names the fd
      if (e instanceof FsError) return berr(ctx, `read error: ${fd}: ${e.message}`, 1);
      throw e;
    },
  );
});

/** Assigns a record read by `read` to its variables; the status is 1 at end of input. */
function assignRecord(ctx: BuiltinContext, o: ParsedOpts, r: Record_): number {
  const ip = ctx.interp;
  const ifsVal = ip.getScalar("IFS");
  const ifs = ifsVal === undefined ? " \t\n" : ifsVal;
  if (o.values.has("a")) {
    const name = o.values.get("a")!;
    const fields = r.text === "" ? [] : splitRecord(r, ifs, Infinity);
    const v = ip.st.vars.target(name);
    v.value = IndexedArray.of(fields);
  } else if (o.rest.length === 0 || o.values.has("N")) {
    o.rest.slice(1).forEach((n) => ip.setVar(n, ""));
    ip.setVar(o.rest[0] ?? "REPLY", r.text);
  } else if (o.rest.length === 1 && r.prot === NO_PROT) {
    // one variable: the record without leading and trailing IFS whitespace
    ip.setVar(o.rest[0]!, trimIfsWhitespace(r.text, ifs));
  } else {
    const fields = splitRecord(r, ifs, o.rest.length);
    o.rest.forEach((n, i) => ip.setVar(n, fields[i] ?? ""));
  }
  return r.eof ? 1 : 0;
}

/** `t` without its leading and trailing IFS whitespace and its last delimiter (see lastFieldEnd): what splitting into one field leaves. */
function trimIfsWhitespace(t: string, ifs: string): string {
  const ws = ifsWhitespace(ifs);
  let i = 0;
  let end = t.length;
  while (i < end && ws.includes(t[i]!)) i++;
  while (end > i && ws.includes(t[end - 1]!)) end--;
  if (end > i && ifs.includes(t[end - 1]!) && !ws.includes(t[end - 1]!)) {
    end = lastFieldEnd(i, end, (k) => ws.includes(t[k]!), (k) => ifs.includes(t[k]!));
  }
  return i === 0 && end === t.length ? t : t.slice(i, end);
}

/** `mapfile` / `readarray`: lines of the input into an indexed array. */
async function mapfileRun(ctx: BuiltinContext): Promise<number> {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "t", "dnOsucC");
  if (o.bad !== undefined) return badOption(ctx, o.bad, `${ctx.name} [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]`);
  const name = o.rest[0] ?? "MAPFILE";
  if (!isName(name)) return berr(ctx, `${name}: not a valid identifier`, 1);
  const fd = o.values.has("u") ? Number(o.values.get("u")) : 0;
  const input = fd === 0 ? (ctx.stdin as ShellInput) : ip.st.fds[fd]?.input;
  if (input === undefined) return berr(ctx, `${fd}: invalid file descriptor: Bad file descriptor`, 1);
  const delim = o.values.has("d") ? o.values.get("d")!.slice(0, 1) || "\0" : "\n";
  const count = Number(o.values.get("n") ?? 0);
  let skip = Number(o.values.get("s") ?? 0);
  const origin = o.values.has("O") ? Number(o.values.get("O")) : undefined;
  let text: string;
  try {
    text = await input.readAll(ctx.meter.limits.maxStringBytes);
  } catch (e) {
    // bash's mapfile reads nothing from a directory and succeeds
    if (e instanceof FsError) text = "";
    else throw e;
  }
  const v = ip.st.vars.target(name);
  const arr = origin !== undefined && v.value instanceof IndexedArray ? v.value : new IndexedArray();
  let idx = origin ?? 0;
  let start = 0;
  let n = 0;
  while (start < text.length) {
    ctx.meter.tick();
    const j = text.indexOf(delim, start);
    const end = j < 0 ? text.length : j + 1;
    let line = text.slice(start, end);
    start = end;
    if (skip > 0) {
      skip--;
      continue;
    }
    if (o.on.has("t") && line.endsWith(delim)) line = line.slice(0, -1);
    // bash stores each line as a C string: a NUL ends it (with -d '', the delimiter kept without -t)
    const nul = line.indexOf("\0");
    if (nul >= 0) line = line.slice(0, nul);
    arr.set(idx++, line);
    if (count > 0 && ++n >= count) {
      (input as ShellInput).unread?.(text.slice(start));
      break;
    }
  }
  v.value = arr;
  return 0;
}

/** `mapfile` */
export const mapfile = builtin("mapfile", "Read lines from the standard input into an indexed array variable.", mapfileRun);
/** `readarray` */
export const readarray = builtin("readarray", "Read lines from a file into an array variable.", mapfileRun);

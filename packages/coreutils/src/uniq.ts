import { type CommandContext, HuskError, resolvePath, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { readInput, reportFsError, Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { gnuQuote, isAscii } from "./util/text.js";

/** Options of `uniqLines`. */
export interface UniqOptions {
  readonly count?: boolean;
  /** `-d`: only lines that repeat (one per group); `-D`: every line of repeated groups. */
  readonly repeated?: "none" | "first" | "all";
  /** `-u`: only lines that do not repeat. */
  readonly unique?: boolean;
  readonly ignoreCase?: boolean;
  readonly skipFields?: number;
  readonly skipChars?: number;
  readonly checkChars?: number;
  /** `--all-repeated=METHOD` (with -D): a blank line before each repeated group, or between them. */
  readonly delimit?: "none" | "prepend" | "separate";
  /** `--group[=METHOD]`: every line, groups set apart by blank lines. */
  readonly group?: "separate" | "prepend" | "append" | "both";
}

/**
 * GNU's three switches: lines that do not repeat (`output_unique`, off with -d/-D), the
 * last-written line of a repeated group (`output_first_repeated`, off with -u) and the other
 * lines of it (`output_later_repeated`, on with -D). So `-u -D` prints each repeated group but
 * its last line.
 */
interface Switches {
  readonly unique: boolean;
  readonly first: boolean;
  readonly later: boolean;
}

function switchesOf(o: UniqOptions): Switches {
  const rep = o.repeated ?? "none";
  return { unique: rep === "none", first: !o.unique, later: rep === "all" };
}

/**
 * Prints one group of `n` equal lines (`at(k)` is its k-th line) as GNU's check_file does;
 * `st.firstDelim` tracks --all-repeated=separate across groups.
 */
function emitGroup(o: UniqOptions, sw: Switches, n: number, at: (k: number) => string, push: (line: string) => void, st: { firstDelim: boolean; started: boolean }): void {
  if (o.group !== undefined) {
    const g = o.group;
    if (g === "prepend" || g === "both" || (st.started && (g === "append" || g === "separate"))) push("");
    for (let k = 0; k < n; k++) push(at(k));
    st.started = true;
    return;
  }
  if (n === 1) {
    if (sw.unique) push(o.count ? countPrefix(1) + at(0) : at(0));
    return;
  }
  if (!sw.later) {
    if (sw.first) push(o.count ? countPrefix(n) + at(0) : at(0));
    return;
  }
  const d = o.delimit ?? "none";
  if (d === "prepend" || (d === "separate" && !st.firstDelim)) push("");
  st.firstDelim = false;
  for (let k = 0; k < n - 1; k++) push(at(k));
  if (sw.first) push(at(n - 1));
}

const PAD = ["", "      ", "     ", "    ", "   ", "  ", " ", ""];

function compareKey(line: string, o: UniqOptions): string {
  let p = 0;
  for (let f = 0; f < (o.skipFields ?? 0) && p < line.length; f++) {
    while (p < line.length && (line[p] === " " || line[p] === "\t")) p++;
    while (p < line.length && line[p] !== " " && line[p] !== "\t") p++;
  }
  p += o.skipChars ?? 0;
  let k = line.slice(p, o.checkChars === undefined ? undefined : p + o.checkChars);
  // GNU folds case byte by byte: only ASCII letters (é and É stay different)
  if (o.ignoreCase) k = isAscii(k) ? k.toLowerCase() : k.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  return k;
}

/** The count prefix of -c: GNU's `%7d ` padding. */
function countPrefix(n: number): string {
  return `${n < 1000000 ? PAD[String(n).length] : ""}${n} `;
}

/** Collapses runs of adjacent equal lines as GNU `uniq` does; returns the output lines. */
export function uniqLines(lines: readonly string[], o: UniqOptions = {}): string[] {
  const out: string[] = [];
  const plain = !o.ignoreCase && !o.skipFields && !o.skipChars && o.checkChars === undefined;
  const key = (l: string): string => (plain ? l : compareKey(l, o));
  const sw = switchesOf(o);
  const st = { firstDelim: true, started: false };
  const push = (l: string): void => {
    out.push(l);
  };
  let i = 0;
  while (i < lines.length) {
    const k = key(lines[i] as string);
    let j = i + 1;
    while (j < lines.length && (plain ? lines[j] === k : key(lines[j] as string) === k)) j++;
    const from = i;
    emitGroup(o, sw, j - i, (m) => lines[from + m] as string, push, st);
    i = j;
  }
  if ((o.group === "append" || o.group === "both") && st.started) push("");
  return out;
}

/**
 * `uniqLines` without options that change the comparison, over a whole text: lines are
 * compared in place (`startsWith` at the next line's offset), so only one string per group of
 * equal lines is made. Returns the output text (every line ended by `sep`).
 */
export function uniqText(text: string, sep: string, o: UniqOptions = {}): string {
  let out = "";
  const parts: string[] = [];
  const len = text.length;
  const sw = switchesOf(o);
  const st = { firstDelim: true, started: false };
  const push = (l: string): void => {
    out += l + sep;
  };
  let i = 0;
  while (i < len) {
    let e = text.indexOf(sep, i);
    if (e < 0) e = len;
    const line = text.slice(i, e);
    let n = 1;
    let j = e + sep.length;
    while (j < len) {
      let e2 = text.indexOf(sep, j);
      if (e2 < 0) e2 = len;
      if (e2 - j !== line.length || !text.startsWith(line, j)) break;
      n++;
      j = e2 + sep.length;
    }
    // the common modes inline (no closure per group on this hot path)
    if (!sw.later && o.group === undefined) {
      if (n === 1 ? sw.unique : sw.first) out += o.count ? countPrefix(n) + line + sep : line + sep;
    } else emitGroup(o, sw, n, () => line, push, st);
    if (out.length > 65536) {
      parts.push(out);
      out = "";
    }
    i = j;
  }
  if ((o.group === "append" || o.group === "both") && st.started) push("");
  parts.push(out);
  return parts.join("");
}

/** GNU's XARGMATCH: an argument from `valid` (a unique prefix will do), else a usage error. */
function method<T extends string>(ctx: CommandContext, opt: string, v: string, valid: readonly T[]): T {
  const exact = valid.find((m) => m === v);
  const pre = valid.filter((m) => m.startsWith(v));
  const hit = exact ?? (v !== "" && pre.length === 1 ? pre[0] : undefined);
  if (hit !== undefined) return hit;
  const q = (x: string): string => gnuQuote(ctx.env, x);
  throw new UsageError(`${pre.length > 1 && v !== "" ? "ambiguous" : "invalid"} argument ${q(v)} for ${q(opt)}\nValid arguments are:\n${valid.map((m) => `  - ${q(m)}`).join("\n")}`, 1);
}

function count(v: string | undefined, what: string): number {
  if (!/^\d+$/.test(v ?? "")) throw new HuskError(`${v}: invalid number of ${what}`, 1);
  return Number(v);
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const o: { -readonly [K in keyof UniqOptions]: UniqOptions[K] } = {};
  let sep = "\n";
  for (const opt of args.list) {
    switch (opt.key) {
      case "c": o.count = true; break;
      case "d": if (o.repeated !== "all") o.repeated = "first"; break;
      case "D":
        o.repeated = "all";
        o.delimit = opt.value === undefined ? "none" : method(ctx, "--all-repeated", opt.value, ["none", "prepend", "separate"] as const);
        break;
      case "group": o.group = opt.value === undefined ? "separate" : method(ctx, "--group", opt.value, ["prepend", "append", "separate", "both"] as const); break;
      case "u": o.unique = true; break;
      case "i": o.ignoreCase = true; break;
      case "f": o.skipFields = count(opt.value, "fields to skip"); break;
      case "s": o.skipChars = count(opt.value, "bytes to skip"); break;
      case "w": o.checkChars = count(opt.value, "bytes to compare"); break;
      case "z": sep = "\0"; break;
    }
  }
  if (o.group !== undefined && (o.count || o.repeated !== undefined || o.unique)) {
    throw new UsageError("--group is mutually exclusive with -c/-d/-D/-u", 1);
  }
  if (o.count && o.repeated === "all") {
    throw new UsageError("printing all duplicated lines and repeat counts is meaningless", 1);
  }
  const [input = "-", output, extra] = args.operands;
  if (extra !== undefined) throw new UsageError(`extra operand '${extra}'`, 1);
  let text: string;
  try {
    text = await readInput(ctx, input);
  } catch (e) {
    return reportFsError(ctx, input, e);
  }
  let body: string;
  if (!o.ignoreCase && !o.skipFields && !o.skipChars && o.checkChars === undefined) body = uniqText(text, sep, o);
  else {
    const lines = text === "" ? [] : text.split(sep);
    if (text.endsWith(sep)) lines.pop();
    const result = uniqLines(lines, o);
    body = result.length ? result.join(sep) + sep : "";
  }
  if (output !== undefined && output !== "-") {
    await ctx.fs.writeFile(resolvePath(ctx.cwd, output), body);
    return 0;
  }
  const w = new Writer(ctx.stdout);
  w.write(body);
  await w.flush();
  return 0;
}

/** `uniq [-cdDuiz] [-f N] [-s N] [-w N] [INPUT [OUTPUT]]` with GNU's `%7d ` count padding. */
export const uniq = defineCommand({
  name: "uniq",
  summary: "report or omit repeated lines",
  usage: `Usage: uniq [OPTION]... [INPUT [OUTPUT]]
Filter adjacent matching lines from INPUT (or standard input),
writing to OUTPUT (or standard output).

  -c, --count           prefix lines by the number of occurrences
  -d, --repeated        only print duplicate lines, one for each group
  -D                    print all duplicate lines
      --all-repeated[=METHOD]  like -D, but allow separating groups
                                 with an empty line;
                                 METHOD={none(default),prepend,separate}
      --group[=METHOD]  show all items, separating groups with an empty line;
                          METHOD={separate(default),prepend,append,both}
  -f, --skip-fields=N   avoid comparing the first N fields
  -i, --ignore-case     ignore differences in case when comparing
  -s, --skip-chars=N    avoid comparing the first N characters
  -u, --unique          only print unique lines
  -z, --zero-terminated line delimiter is NUL, not newline
  -w, --check-chars=N   compare no more than N characters in lines`,
  options: [
    { key: "c", short: "c", long: "count" },
    { key: "d", short: "d", long: "repeated" },
    { key: "D", short: "D", long: "all-repeated", arg: "optional" },
    { key: "group", long: "group", arg: "optional" },
    { key: "f", short: "f", long: "skip-fields", arg: "required" },
    { key: "i", short: "i", long: "ignore-case" },
    { key: "s", short: "s", long: "skip-chars", arg: "required" },
    { key: "u", short: "u", long: "unique" },
    { key: "z", short: "z", long: "zero-terminated" },
    { key: "w", short: "w", long: "check-chars", arg: "required" },
  ],
  run,
});

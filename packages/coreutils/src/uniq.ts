import { type CommandContext, HuskError, resolvePath, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { fileOutput, reportFsError, Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { type Chunks, eachBlock, openInput } from "./util/stream.js";
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

/**
 * `uniq` as a stream, in the manner of GNU's check_file: lines go in one at a time (`line`) or
 * in blocks of whole lines (`block`), output goes to `out` as text (every line ended by `sep`)
 * as soon as it is known; `end` finishes. Holds one line (the group's) and a count.
 */
export class UniqStream {
  readonly #o: UniqOptions;
  readonly #sw: Switches;
  readonly #sep: string;
  readonly #out: (text: string) => void;
  readonly #plain: boolean;
  /** The line groups compare with (the group's first, or with -D/--group the previous one), and its key. */
  #prev: string | undefined;
  #prevKey = "";
  /** Lines of the current group after its first (GNU's match_count). */
  #count = 0;
  #firstGroupPrinted = false;
  constructor(o: UniqOptions, sep: string, out: (text: string) => void) {
    this.#o = o;
    this.#sw = switchesOf(o);
    this.#sep = sep;
    this.#out = out;
    this.#plain = !o.ignoreCase && !o.skipFields && !o.skipChars && o.checkChars === undefined;
  }

  /** One line (without its separator). */
  line(line: string): void {
    const o = this.#o;
    const key = this.#plain ? line : compareKey(line, o);
    const g = o.group;
    if (g !== undefined) {
      const newGroup = this.#prev === undefined || key !== this.#prevKey;
      if (newGroup && (g === "prepend" || g === "both" || (this.#firstGroupPrinted && (g === "append" || g === "separate")))) this.#out(this.#sep);
      this.#out(line + this.#sep);
      this.#prev = line;
      this.#prevKey = key;
      this.#firstGroupPrinted = true;
      return;
    }
    if (this.#prev === undefined) {
      this.#prev = line;
      this.#prevKey = key;
      return;
    }
    const match = key === this.#prevKey;
    if (match) this.#count++;
    const d = o.delimit ?? "none";
    if (d !== "none") {
      if (!match) {
        if (this.#count > 0) this.#firstGroupPrinted = true;
      } else if (this.#count === 1 && (d === "prepend" || (d === "separate" && this.#firstGroupPrinted))) this.#out(this.#sep);
    }
    if (!match || this.#sw.later) {
      this.#write(this.#prev, match, this.#count);
      this.#prev = line;
      this.#prevKey = key;
      if (!match) this.#count = 0;
    }
  }

  /**
   * Whole lines, each ended by the separator (the last one may lack it). Without options that
   * change the comparison, lines are compared in place (`startsWith` at the next line's
   * offset), so only one string per group of equal lines is made.
   */
  block(text: string): void {
    const sep = this.#sep;
    const len = text.length;
    if (!this.#plain || this.#sw.later || this.#o.group !== undefined) {
      for (let i = 0; i < len; ) {
        let e = text.indexOf(sep, i);
        if (e < 0) e = len;
        this.line(text.slice(i, e));
        i = e + sep.length;
      }
      return;
    }
    const sw = this.#sw;
    const count = this.#o.count;
    let out = "";
    let line = this.#prev;
    let n = this.#count + 1;
    let i = 0;
    while (i < len) {
      let e = text.indexOf(sep, i);
      if (e < 0) e = len;
      if (line !== undefined && e - i === line.length && text.startsWith(line, i)) n++;
      else {
        if (line !== undefined && (n === 1 ? sw.unique : sw.first)) out += count ? countPrefix(n) + line + sep : line + sep;
        if (out.length > 65536) {
          this.#out(out);
          out = "";
        }
        line = text.slice(i, e);
        n = 1;
      }
      i = e + sep.length;
    }
    if (out !== "") this.#out(out);
    this.#prev = line;
    this.#prevKey = line ?? "";
    this.#count = n - 1;
  }

  /** The end of the input: writes what the last group still owes. */
  end(): void {
    const g = this.#o.group;
    if (g !== undefined) {
      if ((g === "append" || g === "both") && this.#firstGroupPrinted) this.#out(this.#sep);
    } else if (this.#prev !== undefined) this.#write(this.#prev, false, this.#count);
    this.#prev = undefined;
    this.#count = 0;
  }

  /** GNU's writeline: the first line of a group, a later one (-D), or a line that did not repeat. */
  #write(line: string, match: boolean, count: number): void {
    const sw = this.#sw;
    if (!(count === 0 ? sw.unique : !match ? sw.first : sw.later)) return;
    this.#out(this.#o.count ? countPrefix(count + 1) + line + this.#sep : line + this.#sep);
  }
}

/** Collapses runs of adjacent equal lines as GNU `uniq` does; returns the output lines. */
export function uniqLines(lines: readonly string[], o: UniqOptions = {}): string[] {
  // with an empty separator, each output call is one line
  const out: string[] = [];
  const u = new UniqStream(o, "", (t) => out.push(t));
  for (const l of lines) u.line(l);
  u.end();
  return out;
}

/** `uniqLines` over a whole text of lines ended by `sep`; returns the output text (every line ended by `sep`). */
export function uniqText(text: string, sep: string, o: UniqOptions = {}): string {
  const parts: string[] = [];
  const u = new UniqStream(o, sep, (t) => parts.push(t));
  u.block(text);
  u.end();
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
  let source: Chunks;
  try {
    source = await openInput(ctx, input);
  } catch (e) {
    return reportFsError(ctx, input, e);
  }
  const toFile = output !== undefined && output !== "-";
  // OUTPUT is written as the lines come (appended after a first truncation)
  const path = toFile ? resolvePath(ctx.cwd, output) : "";
  if (toFile) await ctx.fs.writeFile(path, "");
  const w = new Writer(toFile ? fileOutput(ctx, path) : ctx.stdout);
  const u = new UniqStream(o, sep, (t) => {
    w.write(t);
  });
  await eachBlock(source, sep, ctx.meter, (block) => {
    u.block(block);
    return w.flush();
  });
  u.end();
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

import { type CommandContext, FsError, HuskError, resolvePath, UsageError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { fileOutput, joinedBatches, Writer } from "../util/io.js";
import type { ParsedArgs } from "../util/options.js";
import { quoteFileName } from "../util/shellquote.js";
import { type Chunks, HeldData, openInput, readBlocks } from "../util/stream.js";
import { gnuQuote } from "../util/text.js";
import { compareC, generalValue, humanValue, monthValue, numericValue, versionCompare } from "./compare.js";
import { applyModifier, checkCompatible, hasOrdering, keyField, noOrdering, type Ordering, parseKey, type SortKey } from "./keys.js";

/** Options of `sortLines` (the pure API of `sort`). */
export interface SortOptions {
  /** `-k` keys in order; none means the whole line. */
  readonly keys?: readonly SortKey[];
  /** Global modifiers (`-n`, `-r`, `-f` ...), inherited by keys that have none of their own. */
  readonly global?: Partial<Ordering>;
  /** `-t` separator (one character). */
  readonly tab?: string;
  /** `-u`: keep the first of each run of equal keys. */
  readonly unique?: boolean;
  /** `-s`: no last-resort whole-line comparison. */
  readonly stable?: boolean;
  /** Source of randomness for `-R` (a salt). */
  readonly salt?: number;
}

type Kind = "text" | "numeric" | "general" | "human" | "month" | "version" | "random";

interface Prepared {
  readonly key: SortKey;
  readonly kind: Kind;
  readonly values: unknown[];
}

function kindOf(o: Ordering): Kind {
  if (o.numeric) return "numeric";
  if (o.general) return "general";
  if (o.human) return "human";
  if (o.month) return "month";
  if (o.version) return "version";
  if (o.random) return "random";
  return "text";
}

function transformText(s: string, o: Ordering): string {
  if (!o.dictionary && !o.ignoreNonprinting && !o.fold) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (o.dictionary && !(c === 32 || c === 9 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))) continue;
    if (o.ignoreNonprinting && (c < 32 || c === 127)) continue;
    out += o.fold && c >= 97 && c <= 122 ? String.fromCharCode(c - 32) : s[i];
  }
  return out;
}

function hash(s: string, salt: number): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function prepare(lines: readonly string[], key: SortKey, tab: string | undefined, salt: number): Prepared {
  const kind = kindOf(key);
  const values = new Array<unknown>(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const field = keyField(lines[i] as string, key, tab);
    switch (kind) {
      case "numeric": values[i] = numericValue(field); break;
      case "general": values[i] = generalValue(field); break;
      case "human": values[i] = humanValue(field); break;
      case "month": values[i] = monthValue(field); break;
      case "random": values[i] = [hash(transformText(field, key), salt), transformText(field, key)]; break;
      default: values[i] = transformText(field, key);
    }
  }
  return { key, kind, values };
}

function compareValues(kind: Kind, a: unknown, b: unknown): number {
  switch (kind) {
    case "numeric":
    case "month":
      return (a as number) - (b as number);
    case "general":
    case "human": {
      const [ra, va] = a as [number, number];
      const [rb, vb] = b as [number, number];
      if (ra !== rb) return ra - rb;
      return va < vb ? -1 : va > vb ? 1 : 0;
    }
    case "version":
      return versionCompare(a as string, b as string);
    case "random": {
      const [ha, sa] = a as [number, string];
      const [hb, sb] = b as [number, string];
      return ha !== hb ? ha - hb : compareC(sa, sb);
    }
    default:
      return compareC(a as string, b as string);
  }
}

interface Comparators {
  /** Compares lines i and j by their keys only. */
  readonly keys: (i: number, j: number) => number;
  /** Keys, then the last-resort whole-line comparison (unless stable/unique). */
  readonly full: (i: number, j: number) => number;
  /** True when plain byte order of whole lines (possibly reversed) is all that is asked. */
  readonly plain: boolean;
  readonly reverse: boolean;
  /** A specialised `full` for common key shapes. */
  readonly fast?: (i: number, j: number) => number;
  /**
   * With one key whose equal values are exactly the equal keys (text, finite numbers): each
   * line's key value, so `-u` can drop repeated keys before sorting.
   */
  readonly distinct?: readonly unknown[];
}

/** The keys in effect (global modifiers applied) and whether they ask for plain whole-line order. */
function effectiveKeys(options: SortOptions): { keys: SortKey[]; plain: boolean } {
  const global: Ordering = { ...noOrdering(), ...options.global };
  const wholeLine: SortKey = { ...global, startField: 1, startChar: 1, endField: 0, endChar: 0 };
  const keys = (options.keys?.length ? options.keys : [wholeLine]).map((k) =>
    hasOrdering(k) || k.blanksStart || k.blanksEnd ? k : { ...global, ...pick(k) },
  );
  const k0 = keys[0] as SortKey;
  const plain =
    keys.length === 1 && kindOf(k0) === "text" && !k0.dictionary && !k0.fold && !k0.ignoreNonprinting &&
    !k0.blanksStart && k0.startField === 1 && k0.startChar === 1 && k0.endField === 0;
  return { keys, plain };
}

function comparators(lines: readonly string[], options: SortOptions): Comparators {
  const global: Ordering = { ...noOrdering(), ...options.global };
  const { keys, plain } = effectiveKeys(options);
  const k0 = keys[0] as SortKey;
  const lastResort = !options.stable && !options.unique;
  const prepared = plain ? [] : keys.map((k) => prepare(lines, k, options.tab, options.salt ?? 0));
  const cmpKeys = plain
    ? (i: number, j: number): number => {
        const r = compareC(lines[i] as string, lines[j] as string);
        return k0.reverse ? -r : r;
      }
    : (i: number, j: number): number => {
        for (const p of prepared) {
          const r = compareValues(p.kind, p.values[i], p.values[j]);
          if (r !== 0) return p.key.reverse ? -r : r;
        }
        return 0;
      };
  const full = (i: number, j: number): number => {
    const r = cmpKeys(i, j);
    if (r !== 0 || !lastResort) return r;
    const l = compareC(lines[i] as string, lines[j] as string);
    return global.reverse ? -l : l;
  };
  const fast = plain ? undefined : typedComparator(lines, prepared, lastResort, global.reverse);
  const p0 = prepared[0];
  const distinct =
    prepared.length === 1 && p0 !== undefined && (p0.kind === "text" || ((p0.kind === "numeric" || p0.kind === "month") && p0.values.every(Number.isFinite)))
      ? p0.values
      : undefined;
  return { keys: cmpKeys, full, plain, reverse: k0.reverse, fast, distinct };
}

/**
 * A specialised `full` when every key is numeric, month or text (`sort -n`, `-k1,1nr -k2`,
 * `-k1,1`): numbers in typed arrays, strings compared in place, no dispatch on the kind per
 * comparison. Same results as `full`; undefined for other kinds.
 */
function typedComparator(
  lines: readonly string[],
  prepared: readonly Prepared[],
  lastResort: boolean,
  globalReverse: boolean,
): ((i: number, j: number) => number) | undefined {
  if (!prepared.every((p) => p.kind === "numeric" || p.kind === "month" || p.kind === "text")) return undefined;
  const nums = prepared.map((p) => (p.kind === "text" ? undefined : Float64Array.from(p.values as number[])));
  const strs = prepared.map((p) => (p.kind === "text" ? (p.values as string[]) : undefined));
  const rev = prepared.map((p) => p.key.reverse);
  const n = prepared.length;
  return (i, j) => {
    for (let k = 0; k < n; k++) {
      const v = nums[k];
      let r: number;
      if (v !== undefined) r = (v[i] as number) - (v[j] as number);
      else {
        const t = strs[k] as string[];
        const a = t[i] as string;
        const b = t[j] as string;
        r = a < b ? -1 : a > b ? 1 : 0;
      }
      if (r !== 0) return rev[k] ? -r : r;
    }
    if (!lastResort) return 0;
    const a = lines[i] as string;
    const b = lines[j] as string;
    const l = a < b ? -1 : a > b ? 1 : 0;
    return globalReverse ? -l : l;
  };
}

/**
 * Sorts lines as GNU `sort` does in the C locale: keys compared in order with their
 * modifiers, then (unless `stable` or `unique`) the whole lines byte-wise as a last resort.
 * Returns a new array; `unique` drops lines whose keys equal the previous kept line's.
 */
export function sortLines(lines: readonly string[], options: SortOptions = {}): string[] {
  const c = comparators(lines, options);
  if (c.plain) {
    const out = sortPlain(lines);
    if (c.reverse) out.reverse();
    return options.unique ? dedupe(out) : out;
  }
  return sortByKeys(lines, c, options);
}

/**
 * `sortLines(lines, options)` as text, each line ended by `sep`, in batches of about 64 KiB
 * (no string of the whole output is built); whole-line sorts of repetitive input build the
 * text from the distinct lines (`repeat`) without an array of every line.
 */
export function sortBatches(lines: readonly string[], sep: string, options: SortOptions = {}): Iterable<string> {
  const c = comparators(lines, options);
  if (c.plain && !options.unique) {
    const counts = countLines(lines);
    if (counts !== null) return batchesFromCounts(counts, sep, c.reverse, false);
  }
  let sorted: string[];
  if (c.plain) {
    sorted = sortPlain(lines);
    if (c.reverse) sorted.reverse();
    if (options.unique) sorted = dedupe(sorted);
  } else sorted = sortByKeys(lines, c, options);
  return joinedBatches(sorted, sep);
}

/** Code units of output text built at once. */
const BATCH = 65536;

/** The sorted text of counted whole lines (each distinct line once with `unique`), in batches. */
function* batchesFromCounts(counts: Map<string, number>, sep: string, reverse: boolean, unique: boolean): Generator<string> {
  const keys = [...counts.keys()].sort(compareC);
  if (reverse) keys.reverse();
  let parts: string[] = [];
  let size = 0;
  for (let k = 0; k < keys.length; k++) {
    const unit = keys[k]! + sep;
    // a line repeated many times is repeated a batch at a time
    for (let n = unique ? 1 : counts.get(keys[k]!)!; n > 0; ) {
      const m = Math.min(n, Math.max(1, Math.floor(BATCH / unit.length)));
      const part = m === 1 ? unit : unit.repeat(m);
      parts.push(part);
      size += part.length;
      n -= m;
      if (size >= BATCH) {
        yield parts.join("");
        parts = [];
        size = 0;
      }
    }
  }
  if (parts.length > 0) yield parts.join("");
}

/**
 * Plain whole-line sort of texts (each made of whole lines), counting lines straight from the
 * texts (a repeated line costs one short-lived slice, and no array of every line is built).
 * Null when the lines look mostly distinct: the caller then sorts an array of lines.
 */
function sortTextsByCounting(texts: readonly string[], sep: string, options: SortOptions): Iterable<string> | null {
  const { keys, plain } = effectiveKeys(options);
  if (!plain) return null;
  const counts = new Map<string, number>();
  let total = 0;
  for (const text of texts) {
    let p = 0;
    while (p < text.length) {
      let e = text.indexOf(sep, p);
      if (e < 0) e = text.length;
      const l = text.slice(p, e);
      counts.set(l, (counts.get(l) ?? 0) + 1);
      p = e + sep.length;
      if ((++total & 4095) === 0 && total > 32768 && counts.size * 2 > total) return null;
    }
  }
  return batchesFromCounts(counts, sep, (keys[0] as SortKey).reverse, !!options.unique);
}

function sortByKeys(lines: readonly string[], c: ReturnType<typeof comparators>, options: SortOptions): string[] {
  // `-u` keeps the first line (in input order: the sort is stable) of each key, so with
  // `distinct` keys only those first lines need sorting.
  const idx = options.unique && c.distinct ? firstOfEachKey(c.distinct) : Array.from({ length: lines.length }, (_, i) => i);
  idx.sort(c.fast ?? c.full);
  if (!options.unique) return idx.map((i) => lines[i] as string);
  const out: string[] = [];
  let prev = -1;
  for (const i of idx) {
    if (prev < 0 || c.keys(prev, i) !== 0) {
      out.push(lines[i] as string);
      prev = i;
    }
  }
  return out;
}

/** The index of the first occurrence of each distinct value, in input order. */
function firstOfEachKey(values: readonly unknown[]): number[] {
  const seen = new Set<unknown>();
  const idx: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (seen.has(v)) continue;
    seen.add(v);
    idx.push(i);
  }
  return idx;
}

/**
 * `sort -m`: merges runs that are each already sorted (as GNU does, without re-sorting them),
 * honouring keys and `unique`.
 */
export function mergeRuns(runs: readonly (readonly string[])[], options: SortOptions = {}): string[] {
  const all = runs.flat();
  const c = comparators(all, options);
  let lists: number[][] = [];
  let base = 0;
  for (const r of runs) {
    lists.push(Array.from({ length: r.length }, (_, i) => base + i));
    base += r.length;
  }
  while (lists.length > 1) {
    const next: number[][] = [];
    for (let k = 0; k < lists.length; k += 2) {
      const a = lists[k] as number[];
      const b = lists[k + 1];
      if (!b) {
        next.push(a);
        continue;
      }
      const m: number[] = [];
      let i = 0;
      let j = 0;
      while (i < a.length && j < b.length) m.push(c.full(a[i] as number, b[j] as number) <= 0 ? (a[i++] as number) : (b[j++] as number));
      while (i < a.length) m.push(a[i++] as number);
      while (j < b.length) m.push(b[j++] as number);
      next.push(m);
    }
    lists = next;
  }
  const order = lists[0] ?? [];
  const out: string[] = [];
  let prev = -1;
  for (const i of order) {
    if (!options.unique || prev < 0 || c.keys(prev, i) !== 0) {
      out.push(all[i] as string);
      prev = i;
    }
  }
  return out;
}

/**
 * `sort -c` semantics: the 0-based index of the first line out of order (with `unique`, also
 * a line whose keys equal the previous one's), or -1 when sorted.
 */
export function findDisorder(lines: readonly string[], options: SortOptions = {}): number {
  const c = comparators(lines, options);
  for (let i = 1; i < lines.length; i++) {
    const r = options.unique ? c.keys(i - 1, i) : c.full(i - 1, i);
    if (r > 0 || (options.unique && r === 0)) return i;
  }
  return -1;
}

function pick(k: SortKey): Pick<SortKey, "startField" | "startChar" | "endField" | "endChar"> {
  return { startField: k.startField, startChar: k.startChar, endField: k.endField, endChar: k.endChar };
}

/**
 * Whole lines in C order. Equal lines are indistinguishable, so when there are many repeats
 * (a log's first column) only the distinct lines are sorted, then repeated by their counts.
 */
function sortPlain(lines: readonly string[]): string[] {
  const counts = countLines(lines);
  if (counts !== null) {
    const keys = [...counts.keys()].sort(compareC);
    const out: string[] = new Array<string>(lines.length);
    let k = 0;
    for (const key of keys) for (let c = counts.get(key)!; c > 0; c--) out[k++] = key;
    return out;
  }
  return [...lines].sort(compareC);
}

/** How often each line occurs, or null when the lines look mostly distinct (or are few). */
function countLines(lines: readonly string[]): Map<string, number> | null {
  const n = lines.length;
  if (n <= 64) return null;
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const l = lines[i] as string;
    counts.set(l, (counts.get(l) ?? 0) + 1);
    if ((i & 4095) === 4095 && i > 32768 && counts.size * 2 > i) return null;
  }
  return counts;
}

function dedupe(lines: string[]): string[] {
  const out: string[] = [];
  for (const l of lines) if (out.length === 0 || out[out.length - 1] !== l) out.push(l);
  return out;
}

const SORT_WORDS: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  general: "g", "general-numeric": "g", human: "h", "human-numeric": "h", month: "M", numeric: "n", random: "R", version: "V",
});

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const quote = (s: string): string => gnuQuote(ctx.env, s);
  const global = noOrdering();
  const keys: SortKey[] = [];
  let tab: string | undefined;
  let unique = false;
  let stable = false;
  let check: "" | "c" | "C" = "";
  let sep = "\n";
  let output: string | undefined;
  for (const o of args.list) {
    if (o.key.length === 1 && applyModifier(global, o.key, "global")) continue;
    switch (o.key) {
      case "sort": {
        const letter = SORT_WORDS[o.value ?? ""];
        if (!letter) throw new UsageError(`invalid argument '${o.value}' for '--sort'`, 2);
        applyModifier(global, letter, "global");
        break;
      }
      case "k": keys.push(parseKey(o.value ?? "", quote)); break;
      case "t": {
        const v = o.value ?? "";
        if (v === "\\0") tab = "\0";
        else if (v.length !== 1) throw new HuskError(v === "" ? "empty tab" : `multi-character tab ${quote(v)}`, 2);
        else tab = v;
        break;
      }
      case "u": unique = true; break;
      case "s": stable = true; break;
      case "c": check = o.value === "quiet" || o.value === "silent" ? "C" : "c"; break;
      case "C": check = "C"; break;
      case "z": sep = "\0"; break;
      case "o": output = o.value; break;
    }
  }
  const opts: SortOptions = { keys, global, tab, unique, stable, salt: ctx.random.nextU32() };
  for (const k of effectiveKeys(opts).keys) checkCompatible(k);
  const operands = args.operands.length ? args.operands : ["-"];
  // GNU prints no "Try 'sort --help'" line after this one
  if (check && operands.length > 1) throw new HuskError(`extra operand '${operands[1]}' not allowed with -${check}`, 2);
  // every operand is read in blocks of whole lines, held (and charged to the data budget) until sorted
  const held = new HeldData(ctx.meter);
  try {
    const perOperand: string[][] = [];
    for (const op of operands) {
      let input: Chunks;
      try {
        input = await openInput(ctx, op);
      } catch (e) {
        if (!(e instanceof FsError)) throw e;
        ctx.stderr.write(`sort: cannot read: ${quoteFileName(op)}: ${e.message}\n`);
        return 2;
      }
      perOperand.push(await readBlocks(input, sep, held));
    }
    const counted = check || args.has("m") ? null : sortTextsByCounting(perOperand.flat(), sep, opts);
    let lines: string[] = [];
    const runs: Array<[number, number]> = [];
    for (const blocks of counted === null ? perOperand : []) {
      runs.push([lines.length, lines.length]);
      for (const text of blocks) {
        const parts = text.split(sep);
        if (text.endsWith(sep)) parts.pop();
        held.charge(LINE_SLOT * parts.length);
        if (lines.length === 0) lines = parts;
        else for (const p of parts) lines.push(p);
        ctx.meter.tick();
      }
      (runs[runs.length - 1] as [number, number])[1] = lines.length;
    }
    if (check) {
      const bad = findDisorder(lines, opts);
      if (bad < 0) return 0;
      if (check === "c") ctx.stderr.write(`sort: ${operands[0]}:${bad + 1}: disorder: ${lines[bad]}\n`);
      return 1;
    }
    let batches: Iterable<string>;
    if (counted !== null) batches = counted;
    else if (args.has("m")) batches = joinedBatches(mergeRuns(runs.map(([a, b]) => lines.slice(a, b)), opts), sep);
    else batches = sortBatches(lines, sep, opts);
    let out = ctx.stdout;
    if (output !== undefined && output !== "-") {
      // (-o may name an input: it is written only now that every input was read)
      const path = resolvePath(ctx.cwd, output);
      await ctx.fs.writeFile(path, "").catch((e: unknown) => {
        if (e instanceof FsError) throw new FsError(e.code, `open failed: ${output}`);
        throw e;
      });
      out = fileOutput(ctx, path);
    }
    const w = new Writer(out);
    for (const b of batches) {
      const p = w.write(b);
      if (p) await p;
    }
    await w.flush();
    return 0;
  } finally {
    held.release();
  }
}

/** Data-budget bytes charged per line held (its slot in the array, and its sort keys). */
const LINE_SLOT = 16;

/**
 * `sort` with -b -d -f -g -h -i -M -n -R -r -V, -k (several, with modifiers), -t, -u, -s, -c/-C,
 * -m (sorts; inputs need not be sorted), -o, -z. Ordering is the C locale's (`LC_ALL=C`).
 * `-S`, `-T`, `--parallel` are accepted and ignored.
 */
export const sort = defineCommand({
  name: "sort",
  summary: "sort lines of text files",
  usageStatus: 2,
  usage: `Usage: sort [OPTION]... [FILE]...
Write sorted concatenation of all FILE(s) to standard output (C locale byte order).

  -b, --ignore-leading-blanks  ignore leading blanks
  -d, --dictionary-order      consider only blanks and alphanumeric characters
  -f, --ignore-case           fold lower case to upper case characters
  -g, --general-numeric-sort  compare according to general numerical value
  -i, --ignore-nonprinting    consider only printable characters
  -M, --month-sort            compare (unknown) < 'JAN' < ... < 'DEC'
  -h, --human-numeric-sort    compare human readable numbers (e.g., 2K 1G)
  -n, --numeric-sort          compare according to string numerical value
  -R, --random-sort           shuffle, but group identical keys (seeded)
  -r, --reverse               reverse the result of comparisons
  -V, --version-sort          natural sort of (version) numbers within text
  -c, --check                 check for sorted input; do not sort
  -C                          like -c, but do not report first bad line
  -k, --key=KEYDEF            sort via a key; KEYDEF gives location and type
  -m, --merge                 merge already sorted files
  -o, --output=FILE           write result to FILE instead of standard output
  -s, --stable                stabilize sort by disabling last-resort comparison
  -t, --field-separator=SEP   use SEP instead of non-blank to blank transition
  -u, --unique                output only the first of an equal run
  -z, --zero-terminated       line delimiter is NUL, not newline`,
  options: [
    { key: "b", short: "b", long: "ignore-leading-blanks" },
    { key: "d", short: "d", long: "dictionary-order" },
    { key: "f", short: "f", long: "ignore-case" },
    { key: "g", short: "g", long: "general-numeric-sort" },
    { key: "h", short: "h", long: "human-numeric-sort" },
    { key: "i", short: "i", long: "ignore-nonprinting" },
    { key: "M", short: "M", long: "month-sort" },
    { key: "n", short: "n", long: "numeric-sort" },
    { key: "R", short: "R", long: "random-sort" },
    { key: "r", short: "r", long: "reverse" },
    { key: "V", short: "V", long: "version-sort" },
    { key: "sort", long: "sort", arg: "required" },
    { key: "c", short: "c" },
    { key: "c", long: "check", arg: "optional" },
    { key: "C", short: "C" },
    { key: "k", short: "k", long: "key", arg: "required" },
    { key: "m", short: "m", long: "merge" },
    { key: "o", short: "o", long: "output", arg: "required" },
    { key: "s", short: "s", long: "stable" },
    { key: "S", short: "S", long: "buffer-size", arg: "required" },
    { key: "t", short: "t", long: "field-separator", arg: "required" },
    { key: "T", short: "T", long: "temporary-directory", arg: "required" },
    { key: "u", short: "u", long: "unique" },
    { key: "z", short: "z", long: "zero-terminated" },
    { key: "parallel", long: "parallel", arg: "required" },
    { key: "random-source", long: "random-source", arg: "required" },
  ],
  run,
});

import { type CommandContext, HuskError, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { writeOut } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { eachChunk, StreamChunks } from "./util/stream.js";
import { gnuQuote } from "./util/text.js";

const CLASSES: Record<string, (c: number) => boolean> = Object.assign(Object.create(null) as Record<string, (c: number) => boolean>, {
  alpha: (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  upper: (c: number) => c >= 65 && c <= 90,
  lower: (c: number) => c >= 97 && c <= 122,
  digit: (c: number) => c >= 48 && c <= 57,
  alnum: (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  xdigit: (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102),
  space: (c: number) => c === 32 || (c >= 9 && c <= 13),
  blank: (c: number) => c === 32 || c === 9,
  punct: (c: number) => (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126),
  print: (c: number) => c >= 32 && c <= 126,
  graph: (c: number) => c >= 33 && c <= 126,
  cntrl: (c: number) => c < 32 || c === 127,
});

/** One element of a parsed tr SET. */
type Item =
  | { kind: "chars"; codes: number[]; equiv?: boolean }
  | { kind: "class"; name: string; codes: number[] }
  | { kind: "repeat"; code: number; count: number | undefined };

function unescape(s: string, i: number): [number, number] {
  // Returns [code, next index] for the character at i (handling backslash escapes).
  if (s[i] !== "\\" || i + 1 >= s.length) return [s.codePointAt(i) as number, i + ((s.codePointAt(i) as number) > 0xffff ? 2 : 1)];
  const c = s[i + 1] as string;
  const simple: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92 };
  if (c in simple) return [simple[c] as number, i + 2];
  const m = /^[0-7]{1,3}/.exec(s.slice(i + 1));
  if (m) return [parseInt(m[0], 8) & 0xff, i + 1 + m[0].length];
  return [s.charCodeAt(i + 1), i + 2];
}

/** Parses a tr SET into items (ranges expanded; classes kept by name for case mapping). */
export function parseSet(s: string, quote: (s: string) => string = (x) => `'${x}'`): Item[] {
  const items: Item[] = [];
  let i = 0;
  while (i < s.length) {
    if (s[i] === "[" && s[i + 1] === ":") {
      const end = s.indexOf(":]", i + 2);
      const name = end < 0 ? "" : s.slice(i + 2, end);
      const test = CLASSES[name];
      if (end >= 0 && !test) throw new HuskError(`invalid character class ${quote(name)}`, 1);
      if (test) {
        const codes: number[] = [];
        for (let c = 0; c < 128; c++) if (test(c)) codes.push(c);
        items.push({ kind: "class", name, codes });
        i = end + 2;
        continue;
      }
    }
    if (s[i] === "[" && s[i + 1] === "=") {
      const end = s.indexOf("=]", i + 2);
      if (end > i + 2) {
        const [code, next] = unescape(s, i + 2);
        if (next !== end) throw new HuskError(`${s.slice(i + 2, end)}: equivalence class operand must be a single character`, 1);
        items.push({ kind: "chars", codes: [code], equiv: true });
        i = end + 2;
        continue;
      }
    }
    if (s[i] === "[" && i + 2 < s.length) {
      const [code, j] = unescape(s, i + 1);
      if (s[j] === "*") {
        const end = s.indexOf("]", j + 1);
        if (end >= 0 && /^\d*$/.test(s.slice(j + 1, end))) {
          const n = s.slice(j + 1, end);
          const count = n === "" ? undefined : n.startsWith("0") ? parseInt(n, 8) : Number(n);
          items.push({ kind: "repeat", code, count: count === 0 ? undefined : count });
          i = end + 1;
          continue;
        }
      }
    }
    const [lo, j] = unescape(s, i);
    if (s[j] === "-" && j + 1 < s.length) {
      const [hi, k] = unescape(s, j + 1);
      if (hi < lo) {
        throw new HuskError(`range-endpoints of '${String.fromCodePoint(lo)}-${String.fromCodePoint(hi)}' are in reverse collating sequence order`, 1);
      }
      const codes: number[] = [];
      for (let c = lo; c <= hi; c++) codes.push(c);
      items.push({ kind: "chars", codes });
      i = k;
      continue;
    }
    items.push({ kind: "chars", codes: [lo] });
    i = j;
  }
  return items;
}

function flatten(items: readonly Item[], fillTo?: number): number[] {
  const out: number[] = [];
  const fixed = items.reduce((n, it) => n + (it.kind === "repeat" ? (it.count ?? 0) : it.codes.length), 0);
  for (const it of items) {
    if (it.kind === "repeat") {
      const n = it.count ?? Math.max(0, (fillTo ?? 0) - fixed);
      for (let k = 0; k < n; k++) out.push(it.code);
    } else for (const c of it.codes) out.push(c);
  }
  return out;
}

/** Bytes 0..255 not in `set`, in order: the domain of `tr -c` (GNU works on bytes). */
function complementOf(set: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (let c = 0; c < 256; c++) if (!set.has(c)) out.push(c);
  return out;
}

/** Flattened start of each item of `items` (with `[c*]` filled to `fillTo`). */
function starts(items: readonly Item[], fillTo: number): number[] {
  const fixed = items.reduce((n, it) => n + (it.kind === "repeat" ? (it.count ?? 0) : it.codes.length), 0);
  const out: number[] = [];
  let p = 0;
  for (const it of items) {
    out.push(p);
    p += it.kind === "repeat" ? (it.count ?? Math.max(0, fillTo - fixed)) : it.codes.length;
  }
  return out;
}

/**
 * GNU tr's checks of string2 when translating (string1's domain has `len1` characters), in
 * its order; returns string2 flattened.
 */
function checkSet2(items1: readonly Item[], items2: readonly Item[], len1: number, o: TrOptions): number[] {
  if (items2.some((it) => it.kind === "chars" && it.equiv)) throw new HuskError("[=c=] expressions may not appear in string2 when translating", 1);
  const caseClass = (it: Item | undefined): boolean => it?.kind === "class" && (it.name === "upper" || it.name === "lower");
  if (items2.some((it) => it.kind === "class" && !caseClass(it))) {
    throw new HuskError("when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'", 1);
  }
  const s2 = flatten(items2, len1);
  if (!o.complement && items2.some(caseClass)) {
    // each [:upper:]/[:lower:] of string2 must face one of string1 at the same position
    const st1 = starts(items1, 0);
    const st2 = starts(items2, len1);
    items2.forEach((it, k) => {
      if (!caseClass(it)) return;
      const j = st1.indexOf(st2[k]!);
      if (j < 0 || !caseClass(items1[j])) throw new HuskError("misaligned [:upper:] and/or [:lower:] construct", 1);
    });
  }
  if (len1 > s2.length && !o.truncate) {
    if (s2.length === 0) throw new HuskError("when not truncating set1, string2 must be non-empty", 1);
    if (items2[items2.length - 1]?.kind === "class") {
      throw new HuskError("when translating with string1 longer than string2,\nthe latter string must not end with a character class", 1);
    }
  }
  if (o.complement && items1.some((it) => it.kind === "class") && !(s2.length <= len1 && s2.every((c) => c === s2[0]))) {
    throw new HuskError("when translating with complemented character classes,\nstring2 must map all characters in the domain to one", 1);
  }
  return s2;
}

/** The string of the first `n` code units of `units` (lone surrogates kept as they are). */
function fromCodeUnits(units: Uint16Array, n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i += 8192) parts.push(String.fromCharCode.apply(null, units.subarray(i, Math.min(n, i + 8192)) as unknown as number[]));
  return parts.join("");
}

/** Options of `translate`. */
export interface TrOptions {
  readonly delete?: boolean;
  readonly squeeze?: boolean;
  readonly complement?: boolean;
  readonly truncate?: boolean;
}

/**
 * Builds the tr transformation for SET1 [SET2] as a function over text chunks (state kept
 * across chunks for squeezing). Character positions are Unicode code points; classes are
 * the C locale's (ASCII).
 */
export function makeTr(set1: string, set2: string | undefined, o: TrOptions, quote?: (s: string) => string): (chunk: string) => string {
  const items1 = parseSet(set1, quote);
  if (items1.some((it) => it.kind === "repeat" && it.count === undefined)) throw new HuskError("the [c*] repeat construct may not appear in string1", 1);
  const s1 = flatten(items1);
  const in1 = new Set(s1);
  const member1 = (c: number): boolean => in1.has(c) !== (o.complement ?? false);
  const map = new Map<number, number>();
  let mapOther: number | undefined;
  let squeezeSet: (c: number) => boolean = () => false;
  const translating = !o.delete && set2 !== undefined;
  const items2 = set2 === undefined ? [] : parseSet(set2, quote);
  if (items2.filter((it) => it.kind === "repeat" && it.count === undefined).length > 1) throw new HuskError("only one [c*] repeat construct may appear in string2", 1);
  if (translating) {
    // GNU's validate(): string1's domain is the complement (bytes in order) with -c
    const dom = o.complement ? complementOf(in1) : s1;
    let s2 = checkSet2(items1, items2, dom.length, o);
    if (o.truncate && !o.complement) dom.length = Math.min(dom.length, s2.length);
    if (s2.length < dom.length && s2.length > 0) s2 = s2.concat(new Array<number>(dom.length - s2.length).fill(s2[s2.length - 1] as number));
    for (let k = 0; k < dom.length; k++) map.set(dom[k] as number, s2[k] as number);
    if (o.complement) mapOther = s2[s2.length - 1];
    const in2 = new Set(s2);
    squeezeSet = (c) => in2.has(c);
  } else if (o.squeeze) {
    if (items2.some((it) => it.kind === "repeat" && it.count === undefined)) throw new HuskError("the [c*] construct may appear in string2 only when translating", 1);
    if (o.delete && set2 !== undefined) {
      const in2 = new Set(flatten(items2));
      squeezeSet = (c) => in2.has(c);
    } else squeezeSet = member1;
  }
  let last = -1;
  // Without -c, and with both sets in the BMP (no surrogates), code units are code points for
  // every character tr acts on: translate through tables into a UTF-16 buffer.
  const bmp = (c: number): boolean => c < 0xd800 || (c > 0xdfff && c <= 0xffff);
  if (!o.complement && s1.every(bmp) && [...map.values()].every(bmp)) {
    const del = new Uint8Array(65536);
    const to = new Int32Array(65536).fill(-1);
    const sq = new Uint8Array(65536);
    for (const c of s1) if (o.delete) del[c] = 1;
    for (const [k, v] of map) to[k] = v;
    if (o.squeeze) for (let c = 0; c < 65536; c++) if (bmp(c) && squeezeSet(c)) sq[c] = 1;
    return (chunk: string): string => {
      const out = new Uint16Array(chunk.length);
      let j = 0;
      for (let i = 0; i < chunk.length; i++) {
        let c = chunk.charCodeAt(i);
        if (del[c] === 1) continue;
        const m = to[c] as number;
        if (m >= 0) c = m;
        if (sq[c] === 1 && c === last) continue;
        last = c;
        out[j++] = c;
      }
      return fromCodeUnits(out, j);
    };
  }
  return (chunk: string): string => {
    let out = "";
    for (let i = 0; i < chunk.length; i++) {
      let c = chunk.codePointAt(i) as number;
      if (c > 0xffff) i++;
      if (o.delete && member1(c)) continue;
      if (translating) {
        const m = map.get(c);
        if (m !== undefined) c = m;
        else if (o.complement && c > 255 && mapOther !== undefined) c = mapOther;
      }
      if (o.squeeze && c === last && squeezeSet(c)) continue;
      last = c;
      out += String.fromCodePoint(c);
    }
    return out;
  };
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const o = { delete: args.has("d"), squeeze: args.has("s"), complement: args.has("c"), truncate: args.has("t") };
  const ops = args.operands;
  if (ops.length === 0) throw new UsageError("missing operand", 1);
  const needTwo = !o.delete && !o.squeeze;
  const quote = (s: string): string => gnuQuote(ctx.env, s);
  if (ops.length === 1 && needTwo) throw new UsageError(`missing operand after ${quote(ops[0]!)}\nTwo strings must be given when translating.`, 1);
  if (ops.length === 1 && o.delete && o.squeeze) throw new UsageError(`missing operand after ${quote(ops[0]!)}\nTwo strings must be given when both deleting and squeezing repeats.`, 1);
  const max = o.delete && !o.squeeze ? 1 : 2;
  if (ops.length > max) {
    throw new UsageError(`extra operand ${quote(ops[max]!)}${max === 1 ? "\nOnly one string may be given when deleting without squeezing repeats." : ""}`, 1);
  }
  const tr = makeTr(ops[0] as string, ops[1], o, quote);
  // (chunks that split a surrogate pair are mended first)
  await eachChunk(new StreamChunks(ctx.stdin), ctx.meter, (chunk) => writeOut(ctx.stdout, tr(chunk)));
  return 0;
}

/** `tr [-cdst] SET1 [SET2]`: ranges, `[:class:]`, `[c*n]`, `[=c=]`, escapes; streams stdin. */
export const tr = defineCommand({
  name: "tr",
  summary: "translate or delete characters",
  usage: `Usage: tr [OPTION]... STRING1 [STRING2]
Translate, squeeze, and/or delete characters from standard input, writing to standard output.

  -c, -C, --complement    use the complement of STRING1
  -d, --delete            delete characters in STRING1, do not translate
  -s, --squeeze-repeats   replace each sequence of a repeated character that is listed
                            in the last specified STRING, with a single occurrence
  -t, --truncate-set1     first truncate STRING1 to length of STRING2`,
  options: [
    { key: "c", short: "cC", long: "complement" },
    { key: "d", short: "d", long: "delete" },
    { key: "s", short: "s", long: "squeeze-repeats" },
    { key: "t", short: "t", long: "truncate-set1" },
  ],
  run,
});

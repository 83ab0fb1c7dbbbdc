import { type CommandContext, HuskError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { eachBytes, RowWalker } from "./util/dump.js";
import { Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";

const NAMED: Record<number, string> = { 0: "\\0", 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r" };

interface OdType {
  readonly kind: "c" | "o" | "x" | "d" | "u";
  readonly size: number;
}

function parseType(spec: string): OdType[] {
  const out: OdType[] = [];
  const re = /([acdoux])(\d*)/g;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(spec))) {
    if (m.index !== consumed) break;
    consumed += m[0].length;
    const kind = (m[1] === "a" ? "c" : m[1]) as OdType["kind"];
    const size = m[2] ? Number(m[2]) : kind === "c" ? 1 : kind === "d" || kind === "u" ? 4 : 2;
    if (![1, 2, 4, 8].includes(size)) throw new HuskError(`invalid type string '${spec}';\nthis system doesn't provide a ${size}-byte integral type`, 1);
    out.push({ kind, size });
  }
  if (consumed !== spec.length || out.length === 0) throw new HuskError(`invalid character '${spec[consumed] ?? ""}' in type string '${spec}'`, 1);
  return out;
}

/** Characters a field of type `t` needs, without the separating space (GNU od's field_width). */
function fieldWidth(t: OdType): number {
  if (t.kind === "c") return 3;
  const bits = t.size * 8;
  if (t.kind === "o") return Math.ceil(bits / 3);
  if (t.kind === "x") return t.size * 2;
  if (t.kind === "d") return String(-(2n ** BigInt(bits - 1))).length;
  return String(2n ** BigInt(bits) - 1n).length;
}

/** The text of one field (unpadded). */
function cell(bytes: Uint8Array, i: number, t: OdType): string {
  if (t.kind === "c") {
    const b = bytes[i] as number;
    return NAMED[b] ?? (b >= 32 && b < 127 ? String.fromCharCode(b) : b.toString(8).padStart(3, "0"));
  }
  const width = fieldWidth(t);
  if (t.size <= 4) {
    // (small integers exactly as Numbers: no BigInt per field)
    let n = 0;
    for (let k = t.size - 1; k >= 0; k--) n = n * 256 + (bytes[i + k] ?? 0);
    if (t.kind === "d" && n >= 2 ** (t.size * 8 - 1)) n -= 2 ** (t.size * 8);
    return t.kind === "o" ? n.toString(8).padStart(width, "0") : t.kind === "x" ? n.toString(16).padStart(width, "0") : String(n);
  }
  let v = 0n;
  for (let k = t.size - 1; k >= 0; k--) v = (v << 8n) | BigInt(bytes[i + k] ?? 0);
  const bits = BigInt(t.size * 8);
  if (t.kind === "d" && v >= 1n << (bits - 1n)) v -= 1n << bits;
  return t.kind === "o" ? v.toString(8).padStart(width, "0") : t.kind === "x" ? v.toString(16).padStart(width, "0") : v.toString();
}

/**
 * One output line for `row` (at most one 16-byte block) in format `t`. As GNU od does, every
 * format's block is padded to the widest format's block width (so `-t c -t x1` columns line
 * up), the padding spread evenly over the fields.
 */
function formatLine(row: Uint8Array, t: OdType, blockWidth: number): string {
  const fields = BLOCK / t.size;
  const width = fieldWidth(t);
  const pad = blockWidth - width * fields;
  const padded = new Uint8Array(Math.ceil(row.length / t.size) * t.size);
  padded.set(row);
  let line = "";
  let remaining = pad;
  for (let f = 0, i = 0; i < padded.length; f++, i += t.size) {
    const next = Math.floor((pad * (fields - f - 1)) / fields);
    line += cell(padded, i, t).padStart(width + remaining - next);
    remaining = next;
  }
  return line;
}

const BLOCK = 16;

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const types: OdType[] = [];
  let radix = "o";
  for (const o of args.list) {
    if (o.key === "t") types.push(...parseType(o.value ?? ""));
    else if (o.key === "c") types.push({ kind: "c", size: 1 });
    else if (o.key === "b") types.push({ kind: "o", size: 1 });
    else if (o.key === "x") types.push({ kind: "x", size: 2 });
    else if (o.key === "o") types.push({ kind: "o", size: 2 });
    else if (o.key === "d") types.push({ kind: "u", size: 2 });
    else if (o.key === "A") {
      if (!/^[doxn]$/.test(o.value ?? "")) throw new HuskError(`invalid output address radix '${o.value}'; it must be one character from [doxn]`, 1);
      radix = o.value as string;
    }
  }
  if (types.length === 0) types.push({ kind: "o", size: 2 });
  const skip = Number(args.get("j") ?? 0);
  const count = args.has("N") ? Number(args.get("N")) : undefined;
  const addr = (n: number): string => (radix === "n" ? "" : radix === "d" ? String(n).padStart(7, "0") : radix === "x" ? n.toString(16).padStart(6, "0") : n.toString(8).padStart(7, "0"));
  const blockWidth = Math.max(...types.map((t) => (fieldWidth(t) + 1) * (BLOCK / t.size)));
  const w = new Writer(ctx.stdout);
  const rows = new RowWalker(ctx, w, BLOCK, args.has("v"), (row, off) => {
    types.forEach((t, k) => {
      const line = k === 0 ? addr(skip + off) : radix === "n" ? "" : " ".repeat(addr(0).length);
      w.write(`${line}${formatLine(row, t, blockWidth)}\n`);
    });
  });
  // -j bytes still to skip, -N bytes still to dump
  let toSkip = skip;
  let left = count ?? Infinity;
  const { status, read } = await eachBytes(ctx, args.operands, true, (bytes) => {
    let b = bytes;
    if (toSkip > 0) {
      const k = Math.min(toSkip, b.length);
      toSkip -= k;
      b = b.subarray(k);
    }
    if (b.length > left) b = b.subarray(0, left);
    left -= b.length;
    if (b.length > 0) rows.push(b);
    return w.flush();
  });
  // GNU od prints nothing (not even the final offset) when no operand could be read
  if (read === 0) return status;
  const total = rows.end();
  if (radix !== "n") w.write(`${addr(skip + total)}\n`);
  await w.flush();
  return status;
}

/** `od [-A d|o|x|n] [-t TYPE]... [-c -b -x -o -d] [-j N] [-N N] [-v] [FILE]...` (TYPE: a c d o u x with sizes 1 2 4 8). */
export const od = defineCommand({
  name: "od",
  summary: "dump files in octal and other formats",
  usage: `Usage: od [OPTION]... [FILE]...
Write an unambiguous representation, octal bytes by default, of FILE to standard output.

  -A, --address-radix=RADIX   output format for file offsets; RADIX is one of [doxn]
  -j, --skip-bytes=BYTES      skip BYTES input bytes first
  -N, --read-bytes=BYTES      limit dump to BYTES input bytes
  -t, --format=TYPE           select output format or formats (a c d[SIZE] o[SIZE] u[SIZE] x[SIZE])
  -v, --output-duplicates     do not use * to mark line suppression
  -b  same as -t o1;  -c  same as -t c;  -d  same as -t u2;  -o  same as -t o2;  -x  same as -t x2`,
  options: [
    { key: "A", short: "A", long: "address-radix", arg: "required" },
    { key: "j", short: "j", long: "skip-bytes", arg: "required" },
    { key: "N", short: "N", long: "read-bytes", arg: "required" },
    { key: "t", short: "t", long: "format", arg: "required" },
    { key: "v", short: "v", long: "output-duplicates" },
    { key: "b", short: "b" },
    { key: "c", short: "c" },
    { key: "d", short: "d" },
    { key: "o", short: "o" },
    { key: "x", short: "x" },
  ],
  run,
});

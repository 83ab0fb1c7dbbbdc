import { type CommandContext, FsError, resolvePath, utf8Length } from "@husk/host";
import { defineCommand, usageError } from "./util/command.js";
import { Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { type Chunks, openInput } from "./util/stream.js";
import { parseScaledInt, posixLocale, toBytes, visibleByte } from "./util/text.js";

/** diffutils' cmp reads SKIP and LIMIT values with these suffixes (`kB` 1000, `K` 1024, `MiB` ...). */
const SUFFIXES = "kKMGTPEZY0";
/** GNU's largest offset (off_t), for values that are not limited otherwise. */
const OFF_MAX = 2n ** 63n - 1n;

/** A SKIP or LIMIT value (0 to the largest off_t), or undefined when invalid. */
function parseCount(s: string): number | undefined {
  const n = parseScaledInt(s, SUFFIXES, 0);
  if (n === undefined || n < 0n || n > OFF_MAX) return undefined;
  return Number(n);
}

/** The bytes of one input, read chunk by chunk (the UTF-8 bytes of its text). */
class ByteInput {
  buf: Uint8Array = new Uint8Array(0);
  pos = 0;
  eof = false;
  constructor(
    readonly ctx: CommandContext,
    readonly chunks: Chunks,
  ) {}
  /** Bytes available now, reading the next chunk when none are left (0: the end). */
  async available(): Promise<number> {
    while (this.pos >= this.buf.length && !this.eof) {
      const c = await this.chunks.read();
      this.ctx.meter.tick();
      if (c === undefined) this.eof = true;
      else {
        this.buf = toBytes(c);
        this.pos = 0;
      }
    }
    return this.buf.length - this.pos;
  }
  /** Skips up to `n` bytes (fewer at the end). */
  async skip(n: number): Promise<void> {
    while (n > 0) {
      const a = await this.available();
      if (a === 0) return;
      const k = Math.min(a, n);
      this.pos += k;
      n -= k;
    }
  }
}

/** Number of newlines in `b[from, to)`. */
function newlines(b: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = b.indexOf(10, from); i >= 0 && i < to; i = b.indexOf(10, i + 1)) n++;
  return n;
}

interface CmpOptions {
  readonly mode: "first" | "all" | "status";
  readonly printBytes: boolean;
  readonly skip: [number, number];
  readonly limit: number | undefined;
}

/** Reads the options in command-line order, as diffutils' getopt loop does (the first bad one is reported). */
function readOptions(args: ParsedArgs): CmpOptions {
  let mode: CmpOptions["mode"] = "first";
  const skip: [number, number] = [0, 0];
  let limit: number | undefined;
  for (const o of args.list) {
    const v = o.value ?? "";
    if (o.key === "l" || o.key === "s") {
      const m = o.key === "l" ? "all" : "status";
      if (mode !== "first" && mode !== m) throw usageError("options -l and -s are incompatible", 2);
      mode = m;
    } else if (o.key === "n") {
      const n = parseCount(v);
      if (n === undefined) throw usageError(`invalid --bytes value '${v}'`, 2);
      limit = limit === undefined ? n : Math.min(limit, n);
    } else if (o.key === "i") addSkip(skip, v, 0, 2);
  }
  return { mode, printBytes: args.has("b"), skip, limit };
}

/**
 * Raises `skip[from, to)` to SKIP (or SKIP1:SKIP2 when both are given); GNU keeps the largest.
 * A bad value is reported from where it starts (`1:x` -> `x`).
 */
function addSkip(skip: [number, number], value: string, from: number, to: number): void {
  const colon = to - from === 2 ? value.indexOf(":") : -1;
  const parts = colon >= 0 ? [value.slice(0, colon), value.slice(colon + 1)] : [value];
  const shown = [value, parts[1] as string];
  const counts = parts.map(parseCount);
  for (let f = from; f < to; f++) {
    const k = parts.length === 1 ? 0 : f - from;
    const n = counts[k];
    if (n === undefined) throw usageError(`invalid --ignore-initial value '${shown[k]}'`, 2);
    skip[f] = Math.max(skip[f] as number, n);
  }
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  if (args.has("v")) {
    ctx.stdout.write(`${ctx.name} (Husk coreutils) 0.1.0\n`);
    return 0;
  }
  const opts = readOptions(args);
  const ops = args.operands;
  if (ops.length === 0) throw usageError(`missing operand after '${ctx.args[ctx.args.length - 1] ?? ctx.name}'`, 2);
  const names = [ops[0] as string, ops[1] ?? "-"] as const;
  for (let f = 0; f < 2 && ops[f + 2] !== undefined; f++) addSkip(opts.skip, ops[f + 2] as string, f, f + 1);
  if (ops[4] !== undefined) throw usageError(`extra operand '${ops[4]}'`, 2);
  const quiet = opts.mode === "status";
  const stdin = (n: string): boolean => n === "-" || resolvePath(ctx.cwd, n) === "/dev/stdin";
  if (stdin(names[0]) && stdin(names[1]) && opts.skip[0] === opts.skip[1]) return 0;
  const inputs: Chunks[] = [];
  for (const name of names) {
    try {
      inputs.push(await openInput(ctx, name));
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      if (!quiet) ctx.stderr.write(`cmp: ${name}: ${e.message}\n`);
      return 2;
    }
  }
  if (!stdin(names[0]) && !stdin(names[1]) && opts.skip[0] === opts.skip[1]) {
    // the same file under two names: equal (as GNU's same_file check)
    try {
      const [s0, s1] = await Promise.all(names.map((n) => ctx.fs.stat(resolvePath(ctx.cwd, n))));
      if (s0 && s1 && s0.ino === s1.ino) return 0;
    } catch {
      // /dev/null and friends: compared as usual
    }
  }
  const [c0, c1] = inputs as [Chunks, Chunks];
  // -l: byte numbers are as wide as the largest one possible (the limit, the regular files' rest)
  let widest = opts.limit ?? Number(OFF_MAX);
  for (const [f, c] of [c0, c1].entries()) {
    if (c.text !== undefined && resolvePath(ctx.cwd, names[f] as string) !== "/dev/null") widest = Math.min(widest, utf8Length(c.text) - (opts.skip[f] as number));
  }
  const width = Math.max(1, String(Math.max(0, Math.trunc(widest))).length);
  return compare(ctx, names, [new ByteInput(ctx, c0), new ByteInput(ctx, c1)], opts, width);
}

/** Compares the two inputs (skips applied) and reports as `opts.mode` asks; resolves with cmp's status. */
async function compare(ctx: CommandContext, names: readonly [string, string], inputs: [ByteInput, ByteInput], opts: CmpOptions, width: number): Promise<number> {
  const [a, b] = inputs;
  await a.skip(opts.skip[0]);
  await b.skip(opts.skip[1]);
  const w = new Writer(ctx.stdout);
  let remaining = opts.limit ?? Infinity;
  let offset = 0;
  let lines = 0;
  let last = -1;
  let status = 0;
  const oct = (c: number): string => c.toString(8).padStart(3);
  while (remaining > 0) {
    const na = await a.available();
    const nb = await b.available();
    if (na === 0 || nb === 0) break;
    const n = Math.min(na, nb, remaining);
    const ba = a.buf;
    const bb = b.buf;
    const pa = a.pos;
    const pb = b.pos;
    for (let i = 0; i < n; i++) {
      const x = ba[pa + i] as number;
      const y = bb[pb + i] as number;
      if (x === y) continue;
      if (opts.mode === "status") return 1;
      const at = offset + i + 1;
      if (opts.mode === "first") {
        const line = lines + newlines(ba, pa, pa + i) + 1;
        const tail = opts.printBytes ? ` is ${oct(x)} ${visibleByte(x)} ${oct(y)} ${visibleByte(y)}` : "";
        // diffutils says `char` in the POSIX locale of messages, as POSIX specifies; elsewhere, and with -b, `byte`
        const unit = opts.printBytes || !posixLocale(ctx.env, "LC_MESSAGES") ? "byte" : "char";
        ctx.stdout.write(`${names[0]} ${names[1]} differ: ${unit} ${at}, line ${line}${tail}\n`);
        return 1;
      }
      status = 1;
      const num = String(at).padStart(width);
      const p = w.write(opts.printBytes ? `${num} ${oct(x)} ${visibleByte(x).padEnd(4)} ${oct(y)} ${visibleByte(y)}\n` : `${num} ${oct(x)} ${oct(y)}\n`);
      if (p) await p;
    }
    lines += newlines(ba, pa, pa + n);
    last = ba[pa + n - 1] as number;
    offset += n;
    remaining -= n;
    a.pos += n;
    b.pos += n;
  }
  await w.flush();
  if (remaining <= 0) return status;
  const aEnd = (await a.available()) === 0;
  const bEnd = (await b.available()) === 0;
  if (aEnd && bEnd) return status;
  if (opts.mode !== "status") {
    const name = aEnd ? names[0] : names[1];
    let where: string;
    if (offset === 0) where = "which is empty";
    else if (opts.mode === "all") where = `after byte ${offset}`;
    else where = last === 10 ? `after byte ${offset}, line ${lines}` : `after byte ${offset}, in line ${lines + 1}`;
    ctx.stderr.write(`cmp: EOF on ${name} ${where}\n`);
  }
  return 1;
}

/**
 * `cmp [-b] [-l|-s] [-i SKIP[:SKIP2]] [-n LIMIT] FILE1 [FILE2 [SKIP1 [SKIP2]]]` (diffutils 3.8):
 * compares two inputs byte by byte (`-` or a missing FILE2 is stdin; bytes are the UTF-8 bytes
 * of the text) and reports the first difference (`A B differ: byte N, line L`; `char` in the
 * POSIX locale, as GNU), every one (`-l`,
 * octal) or nothing (`-s`); a shorter input is reported on stderr (`cmp: EOF on A after byte
 * N, line L`). Status 0 same, 1 different, 2 trouble (errors, bad usage; `-s` hides file errors).
 * Inputs are streamed: `yes | cmp - file` ends at the file's end.
 */
export const cmp = defineCommand({
  name: "cmp",
  summary: "compare two files byte by byte",
  usage: `Usage: cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]
Compare two files byte by byte.

The optional SKIP1 and SKIP2 specify the number of bytes to skip
at the beginning of each file (zero by default).

Mandatory arguments to long options are mandatory for short options too.
  -b, --print-bytes          print differing bytes
  -i, --ignore-initial=SKIP         skip first SKIP bytes of both inputs
  -i, --ignore-initial=SKIP1:SKIP2  skip first SKIP1 bytes of FILE1 and
                                      first SKIP2 bytes of FILE2
  -l, --verbose              output byte numbers and differing byte values
  -n, --bytes=LIMIT          compare at most LIMIT bytes
  -s, --quiet, --silent      suppress all normal output
      --help                 display this help and exit
  -v, --version              output version information and exit

SKIP values may be followed by the following multiplicative suffixes:
kB 1000, K 1024, MB 1,000,000, M 1,048,576,
GB 1,000,000,000, G 1,073,741,824, and so on for T, P, E, Z, Y.

If a FILE is '-' or missing, read standard input.
Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.`,
  usageStatus: 2,
  prefixTryLine: true,
  options: [
    { key: "b", short: "b", long: "print-bytes" },
    { key: "i", short: "i", long: "ignore-initial", arg: "required" },
    { key: "l", short: "l", long: "verbose" },
    { key: "n", short: "n", long: "bytes", arg: "required" },
    { key: "s", short: "s", long: ["quiet", "silent"] },
    { key: "v", short: "v" },
  ],
  run,
});

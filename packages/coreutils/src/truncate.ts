import { type CommandContext, FsError, HuskError, LimitError, resolvePath, utf8Length } from "@husk/host";
import { defineCommand, usageError } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";
import { gnuQuote, parseScaledInt, utf8Prefix } from "./util/text.js";

/** The block size `-o` multiplies by (the sandbox's st_blksize). */
const IO_BLOCK = 4096;
/** GNU's size range (off_t). */
const OFF_MAX = 2n ** 63n - 1n;

/** How SIZE relates to the current size: `=` absolute, `+`/`-` relative, `<` at most, `>` at least, `/` round down, `%` round up. */
type Relation = "=" | "+" | "<" | ">" | "/" | "%";

interface SizeSpec {
  readonly relation: Relation;
  /** The number (negative for `-N`). */
  readonly size: number;
}

/** Parses `-s SIZE` as GNU truncate does (blanks, one of `<>/%`, a sign, a number with suffixes). */
function parseSizeSpec(ctx: CommandContext, arg: string): SizeSpec {
  let s = arg.replace(/^\s+/, "");
  let relation: Relation = "=";
  const first = s[0] ?? "";
  if ("<>/%".includes(first) && first !== "") {
    relation = first as Relation;
    s = s.slice(1).replace(/^\s+/, "");
  }
  if (s[0] === "+" || s[0] === "-") {
    if (relation !== "=") throw usageError("multiple relative modifiers specified");
    relation = "+";
  }
  // dd's block suffixes and lowercase g, t, m for BSD (not b, c, w)
  const n = parseScaledInt(s, "EgGkKmMPtTYZ0");
  // (GNU quotes what follows the modifier)
  if (n === undefined) throw new HuskError(`Invalid number: ${gnuQuote(ctx.env, s)}`, 1);
  if (n > OFF_MAX || n < -OFF_MAX - 1n) throw new HuskError(`Invalid number: ${gnuQuote(ctx.env, s)}: Value too large for defined data type`, 1);
  if ((relation === "/" || relation === "%") && n === 0n) throw new HuskError("division by zero", 1);
  return { relation, size: Number(n) };
}

/** The new size of a file of `current` bytes. */
function newSize(spec: SizeSpec, current: number): number {
  const { relation, size } = spec;
  let n: number;
  if (relation === "=") n = size;
  else if (relation === "+") n = current + size;
  else if (relation === "<") n = Math.min(current, size);
  else if (relation === ">") n = Math.max(current, size);
  else if (relation === "/") n = current - (current % size);
  else n = current % size === 0 ? current : current + size - (current % size);
  return Math.max(0, n);
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  let spec: SizeSpec | undefined;
  for (const o of args.list) if (o.key === "s") spec = parseSizeSpec(ctx, o.value ?? "");
  const ref = args.get("r");
  if (ref === undefined && spec === undefined) throw usageError(`you must specify either ${gnuQuote(ctx.env, "--size")} or ${gnuQuote(ctx.env, "--reference")}`);
  if (ref !== undefined && spec !== undefined && spec.relation === "=") {
    throw usageError(`you must specify a relative ${gnuQuote(ctx.env, "--size")} with ${gnuQuote(ctx.env, "--reference")}`);
  }
  if (args.has("o") && spec === undefined) throw usageError(`${gnuQuote(ctx.env, "--io-blocks")} was specified but ${gnuQuote(ctx.env, "--size")} was not`);
  if (args.operands.length === 0) throw usageError("missing file operand");
  if (spec && args.has("o")) spec = { relation: spec.relation, size: spec.size * IO_BLOCK };
  let refSize: number | undefined;
  if (ref !== undefined) {
    try {
      refSize = (await ctx.fs.stat(resolvePath(ctx.cwd, ref))).size;
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      ctx.stderr.write(`truncate: cannot stat '${ref}': ${e.message}\n`);
      return 1;
    }
  }
  const max = ctx.meter.limits.maxFileBytes;
  let status = 0;
  for (const op of args.operands) {
    const path = resolvePath(ctx.cwd, op);
    let text = "";
    try {
      text = await ctx.fs.readFile(path);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      if (e.code === "ENOENT" && args.has("c")) continue;
      if (e.code !== "ENOENT") {
        ctx.stderr.write(`truncate: cannot open '${op}' for writing: ${e.message}\n`);
        status = 1;
        continue;
      }
    }
    const current = utf8Length(text);
    // with a reference, a relative size is relative to the reference's size
    const size = spec === undefined ? (refSize as number) : newSize(spec, refSize ?? current);
    if (size > max) throw new LimitError("maxFileBytes", `file ${path} too large: ${size} bytes (more than ${max})`);
    const content = size <= current ? utf8Prefix(text, size) : text + "\0".repeat(size - current);
    try {
      await ctx.fs.writeFile(path, content);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      ctx.stderr.write(`truncate: cannot open '${op}' for writing: ${e.message}\n`);
      status = 1;
    }
  }
  return status;
}

/**
 * `truncate [-c] [-o] (-s SIZE | -r RFILE [-s RELSIZE]) FILE...`: sets each FILE's size in
 * bytes (UTF-8 bytes of its text), creating missing files unless `-c`. SIZE as GNU reads it:
 * `N` with suffixes (`K` 1024, `KB` 1000, `KiB`, `M`, `G` ... lowercase `k m g t` too), `+N`
 * or `-N` relative, `<N` at most, `>N` at least, `/N` rounded down and `%N` rounded up to a
 * multiple of N; `-r` takes RFILE's size (a relative `-s` is then relative to it); `-o` counts
 * SIZE in 4096-byte blocks. Growing pads with NUL characters; shrinking cuts the text at the
 * byte, dropping a multi-byte character cut in half (the file may then end up to 3 bytes
 * short). A size past the run's `maxFileBytes` ends the run with its LimitError.
 */
export const truncate = defineCommand({
  name: "truncate",
  summary: "shrink or extend the size of a file to the specified size",
  usage: `Usage: truncate OPTION... FILE...
Shrink or extend the size of each FILE to the specified size

A FILE argument that does not exist is created.

If a FILE is larger than the specified size, the extra data is lost.
If a FILE is shorter, it is extended and the sparse extended part (hole)
reads as zero bytes.

Mandatory arguments to long options are mandatory for short options too.
  -c, --no-create        do not create any files
  -o, --io-blocks        treat SIZE as number of IO blocks instead of bytes
  -r, --reference=RFILE  base size on RFILE
  -s, --size=SIZE        set or adjust the file size by SIZE bytes

The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.

SIZE may also be prefixed by one of the following modifying characters:
'+' extend by, '-' reduce by, '<' at most, '>' at least,
'/' round down to multiple of, '%' round up to multiple of.`,
  options: [
    { key: "c", short: "c", long: "no-create" },
    { key: "o", short: "o", long: "io-blocks" },
    { key: "r", short: "r", long: "reference", arg: "required" },
    { key: "s", short: "s", long: "size", arg: "required" },
  ],
  run,
});

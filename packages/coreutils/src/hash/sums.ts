import { type Command, type CommandContext, FsError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { reportFsError } from "../util/io.js";
import { quoteFileName } from "../util/shellquote.js";
import type { ParsedArgs } from "../util/options.js";
import { type Chunks, eachChunk, eachLine, openInput } from "../util/stream.js";
import { toBytes } from "../util/text.js";
import { type Hasher, Md5, Sha1, Sha256 } from "./digest.js";

/** The hex digest of an input read chunk by chunk (the UTF-8 bytes of its text). */
export async function hashChunks(ctx: CommandContext, input: Chunks, hasher: Hasher): Promise<string> {
  await eachChunk(input, ctx.meter, (c) => hasher.update(toBytes(c)));
  return hasher.digest();
}

/**
 * A file name as the sum tools print it in a line: a name holding a newline or a backslash is
 * escaped (a newline as backslash-n, a backslash doubled) and `mark` is the backslash that
 * then starts the line.
 */
export function escapeSumName(name: string): { readonly mark: string; readonly name: string } {
  if (!/[\n\\]/.test(name)) return { mark: "", name };
  return { mark: "\\", name: name.replaceAll("\\", "\\\\").replaceAll("\n", "\\n") };
}

/** One line of a checksum list: the file to check, the expected digest and the hasher that computes it. */
export interface SumLine {
  readonly file: string;
  readonly hex: string;
  readonly make: () => Hasher;
}

/**
 * Reads a checksum line as the sum tools print it, untagged (`HEX  FILE`, `HEX *FILE`) or
 * BSD-tagged (`TAG (FILE) = HEX`), a leading backslash marking an escaped name (backslash-n
 * for a newline, two backslashes for one). `tags` maps the accepted tags (`MD5` ...) to their hashers; `untagged` is the
 * hasher of untagged lines (none: only tagged lines are accepted).
 */
export function parseSumLine(text: string, tags: ReadonlyMap<string, () => Hasher>, untagged?: () => Hasher): SumLine | undefined {
  const escaped = text.startsWith("\\");
  const body = escaped ? text.slice(1) : text;
  const unescape = (f: string): string | undefined => {
    if (!escaped) return f;
    if (/\\(?![n\\])|\\$/.test(f)) return undefined;
    return f.replace(/\\(.)/g, (_m, c: string) => (c === "n" ? "\n" : c));
  };
  const tagged = /^([A-Z0-9]+) \((.*)\) = ([0-9a-fA-F]+)$/.exec(body);
  const make = tagged ? tags.get(tagged[1] as string) : untagged;
  if (tagged && make) {
    const file = unescape(tagged[2] as string);
    return file === undefined || (tagged[3] as string).length !== make().digest().length ? undefined : { file, hex: tagged[3] as string, make };
  }
  if (!untagged) return undefined;
  const plain = /^([0-9a-fA-F]+) [ *](.+)$/.exec(body);
  if (!plain || (plain[1] as string).length !== untagged().digest().length) return undefined;
  const file = unescape(plain[2] as string);
  return file === undefined ? undefined : { file, hex: plain[1] as string, make: untagged };
}

/**
 * `-c`: checks the files named in each checksum list (the operands, stdin when none) as GNU's
 * sum tools do: `FILE: OK` / `FILE: FAILED` / `FILE: FAILED open or read`, then per list the
 * warnings (improperly formatted lines, unreadable files, mismatches), or `LIST: no properly
 * formatted checksum lines found`. `--quiet` hides OK lines, `--status` everything, `--strict`
 * fails on bad lines, `--ignore-missing` skips missing files. Resolves with 0 when all is well.
 */
export async function checkSums(ctx: CommandContext, args: ParsedArgs, parse: (line: string) => SumLine | undefined, name = ctx.name): Promise<number> {
  let status = 0;
  const quiet = args.has("quiet");
  const silent = args.has("status");
  const ignoreMissing = args.has("ignore-missing");
  const plural = (n: number, one: string, many: string): string => `${n} ${n > 1 ? many : one}`;
  for (const list of args.operands.length ? args.operands : ["-"]) {
    let input: Chunks;
    try {
      input = await openInput(ctx, list);
    } catch (e) {
      status = reportFsError(ctx, list, e, name);
      continue;
    }
    let good = 0;
    let badLines = 0;
    let unreadable = 0;
    let mismatched = 0;
    let matched = 0;
    await eachLine(input, "\n", ctx.meter, async (text) => {
      const line = parse(text.endsWith("\r") ? text.slice(0, -1) : text);
      if (!line) {
        badLines++;
        return;
      }
      good++;
      let got: string;
      try {
        got = await hashChunks(ctx, await openInput(ctx, line.file), line.make());
      } catch (e) {
        if (!(e instanceof FsError)) throw e;
        if (ignoreMissing && e.code === "ENOENT") return;
        unreadable++;
        ctx.stderr.write(`${name}: ${line.file}: ${e.message}\n`);
        const shown = escapeSumName(line.file);
        if (!silent) ctx.stdout.write(`${shown.mark}${shown.name}: FAILED open or read\n`);
        return;
      }
      const ok = got === line.hex.toLowerCase();
      if (ok) matched++;
      else mismatched++;
      const shown = escapeSumName(line.file);
      if (!silent && (!ok || !quiet)) ctx.stdout.write(`${shown.mark}${shown.name}: ${ok ? "OK" : "FAILED"}\n`);
    });
    if (good === 0) {
      ctx.stderr.write(`${name}: ${quoteFileName(list)}: no properly formatted checksum lines found\n`);
      status = 1;
      continue;
    }
    if (!silent) {
      if (badLines) ctx.stderr.write(`${name}: WARNING: ${plural(badLines, "line is", "lines are")} improperly formatted\n`);
      if (unreadable) ctx.stderr.write(`${name}: WARNING: ${plural(unreadable, "listed file", "listed files")} could not be read\n`);
      if (mismatched) ctx.stderr.write(`${name}: WARNING: ${plural(mismatched, "computed checksum", "computed checksums")} did NOT match\n`);
      if (ignoreMissing && matched === 0) ctx.stderr.write(`${name}: ${quoteFileName(list)}: no file was verified\n`);
    }
    if (mismatched || unreadable || (args.has("strict") && badLines) || (ignoreMissing && matched === 0)) status = 1;
  }
  return status;
}

function makeSum(name: string, make: () => Hasher, label: string): Command {
  const tags = new Map([[label, make]]);
  async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
    if (args.has("c")) return checkSums(ctx, args, (text) => parseSumLine(text, tags, make), name);
    const end = args.has("z") ? "\0" : "\n";
    let status = 0;
    const out: string[] = [];
    for (const op of args.operands.length ? args.operands : ["-"]) {
      try {
        const sum = await hashChunks(ctx, await openInput(ctx, op), make());
        const { mark, name: shown } = args.has("z") ? { mark: "", name: op } : escapeSumName(op);
        out.push(args.has("tag") ? `${mark}${label} (${shown}) = ${sum}${end}` : `${mark}${sum}  ${shown}${end}`);
      } catch (e) {
        status = reportFsError(ctx, op, e, name);
      }
    }
    ctx.stdout.write(out.join(""));
    return status;
  }
  return defineCommand({
    name,
    summary: `compute and check ${label} message digest`,
    usage: `Usage: ${name} [OPTION]... [FILE]...
Print or check ${label} checksums. With no FILE, or when FILE is -, read standard input.

  -b, --binary         read in binary mode (no effect)
  -c, --check          read checksums from the FILEs and check them
      --tag            create a BSD-style checksum
      --ignore-missing don't fail or report status for missing files
  -t, --text           read in text mode (default)
  -z, --zero           end each output line with NUL, not newline
      --quiet          don't print OK for each successfully verified file
      --status         don't output anything, status code shows success
      --strict         exit non-zero for improperly formatted checksum lines`,
    options: [
      { key: "b", short: "b", long: "binary" },
      { key: "c", short: "c", long: "check" },
      { key: "tag", long: "tag" },
      { key: "t", short: "t", long: "text" },
      { key: "z", short: "z", long: "zero" },
      { key: "quiet", long: "quiet" },
      { key: "status", long: "status" },
      { key: "w", short: "w", long: "warn" },
      { key: "strict", long: "strict" },
      { key: "ignore-missing", long: "ignore-missing" },
    ],
    run,
  });
}

/** `md5sum [-c] [--tag] [FILE]...` (pure TypeScript MD5 over the UTF-8 bytes of the text). */
export const md5sum = makeSum("md5sum", () => new Md5(), "MD5");
/** `sha1sum [-c] [--tag] [FILE]...`. */
export const sha1sum = makeSum("sha1sum", () => new Sha1(), "SHA1");
/** `sha256sum [-c] [--tag] [FILE]...`. */
export const sha256sum = makeSum("sha256sum", () => new Sha256(), "SHA256");

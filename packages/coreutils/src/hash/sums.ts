import { type Command, type CommandContext, FsError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { reportFsError } from "../util/io.js";
import type { ParsedArgs } from "../util/options.js";
import { type Chunks, eachChunk, eachLine, openInput } from "../util/stream.js";
import { toBytes } from "../util/text.js";
import { type Hasher, Md5, Sha1, Sha256 } from "./digest.js";

/** The hex digest of an input read chunk by chunk (the UTF-8 bytes of its text). */
export async function hashChunks(ctx: CommandContext, input: Chunks, hasher: Hasher): Promise<string> {
  await eachChunk(input, ctx.meter, (c) => hasher.update(toBytes(c)));
  return hasher.digest();
}

function makeSum(name: string, make: () => Hasher, label: string): Command {
  const hexLen = make().digest().length;
  const line = new RegExp(`^\\\\?([0-9a-fA-F]{${hexLen}}) [ *](.+)$`);
  async function check(ctx: CommandContext, args: ParsedArgs): Promise<number> {
    let status = 0;
    let bad = 0;
    let badLines = 0;
    const quiet = args.has("quiet");
    const silent = args.has("status");
    for (const list of args.operands.length ? args.operands : ["-"]) {
      let input: Chunks;
      try {
        input = await openInput(ctx, list);
      } catch (e) {
        status = reportFsError(ctx, list, e, name);
        continue;
      }
      await eachLine(input, "\n", ctx.meter, async (text) => {
        if (text === "") return;
        const m = line.exec(text);
        if (!m) {
          badLines++;
          return;
        }
        const file = m[2] as string;
        let got: string;
        try {
          got = await hashChunks(ctx, await openInput(ctx, file), make());
        } catch (e) {
          if (!(e instanceof FsError)) throw e;
          if (!silent) ctx.stderr.write(`${name}: ${file}: ${e.message}\n${file}: FAILED open or read\n`);
          status = 1;
          return;
        }
        const ok = got === (m[1] as string).toLowerCase();
        if (!ok) bad++;
        if (!silent && (!ok || !quiet)) ctx.stdout.write(`${file}: ${ok ? "OK" : "FAILED"}\n`);
      });
    }
    if (badLines && !silent) ctx.stderr.write(`${name}: WARNING: ${badLines} line${badLines > 1 ? "s are" : " is"} improperly formatted\n`);
    if (bad && !silent) ctx.stderr.write(`${name}: WARNING: ${bad} computed checksum${bad > 1 ? "s" : ""} did NOT match\n`);
    return bad || status ? 1 : 0;
  }
  async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
    if (args.has("c")) return check(ctx, args);
    const end = args.has("z") ? "\0" : "\n";
    let status = 0;
    const out: string[] = [];
    for (const op of args.operands.length ? args.operands : ["-"]) {
      try {
        const sum = await hashChunks(ctx, await openInput(ctx, op), make());
        out.push(args.has("tag") ? `${label} (${op}) = ${sum}${end}` : `${sum}  ${op}${end}`);
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
  -t, --text           read in text mode (default)
  -z, --zero           end each output line with NUL, not newline
      --quiet          don't print OK for each successfully verified file
      --status         don't output anything, status code shows success`,
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

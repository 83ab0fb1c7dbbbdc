import { type Command, type CommandContext, FsError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { readInput, reportFsError } from "../util/io.js";
import type { ParsedArgs } from "../util/options.js";
import { toBytes } from "../util/text.js";
import { md5, sha1, sha256 } from "./digest.js";

function makeSum(name: string, algo: (b: Uint8Array) => string, label: string): Command {
  const hexLen = algo(new Uint8Array()).length;
  async function check(ctx: CommandContext, args: ParsedArgs): Promise<number> {
    let status = 0;
    let bad = 0;
    let badLines = 0;
    const quiet = args.has("quiet");
    const silent = args.has("status");
    for (const list of args.operands.length ? args.operands : ["-"]) {
      let text: string;
      try {
        text = await readInput(ctx, list);
      } catch (e) {
        status = reportFsError(ctx, list, e, name);
        continue;
      }
      for (const line of text.split("\n")) {
        if (line === "") continue;
        const m = new RegExp(`^\\\\?([0-9a-fA-F]{${hexLen}}) [ *](.+)$`).exec(line);
        if (!m) {
          badLines++;
          continue;
        }
        const file = m[2] as string;
        let got: string;
        try {
          got = algo(toBytes(await readInput(ctx, file)));
        } catch (e) {
          if (!(e instanceof FsError)) throw e;
          if (!silent) ctx.stderr.write(`${name}: ${file}: ${e.message}\n${file}: FAILED open or read\n`);
          status = 1;
          continue;
        }
        const ok = got === (m[1] as string).toLowerCase();
        if (!ok) bad++;
        if (!silent && (!ok || !quiet)) ctx.stdout.write(`${file}: ${ok ? "OK" : "FAILED"}\n`);
      }
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
        const sum = algo(toBytes(await readInput(ctx, op)));
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
export const md5sum = makeSum("md5sum", md5, "MD5");
/** `sha1sum [-c] [--tag] [FILE]...`. */
export const sha1sum = makeSum("sha1sum", sha1, "SHA1");
/** `sha256sum [-c] [--tag] [FILE]...`. */
export const sha256sum = makeSum("sha256sum", sha256, "SHA256");

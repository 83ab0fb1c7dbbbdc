import { type CommandContext, HuskError } from "@husk/host";
import { defineCommand, usageError } from "../util/command.js";
import { reportFsError } from "../util/io.js";
import type { ParsedArgs } from "../util/options.js";
import { openInput } from "../util/stream.js";
import { gnuQuote } from "../util/text.js";
import { BsdSum, PosixCrc, SysvSum } from "./checksums.js";
import { type Hasher, Md5, Sha1, Sha256 } from "./digest.js";
import { checkSums, escapeSumName, hashChunks, parseSumLine } from "./sums.js";

/** One `-a` algorithm: how to make its hasher, and its tag (digests only: `MD5 (f) = ...`). */
interface Algorithm {
  readonly make: () => Hasher;
  readonly tag?: string;
}

const ALGORITHMS: ReadonlyMap<string, Algorithm> = new Map([
  ["bsd", { make: () => new BsdSum() }],
  ["sysv", { make: () => new SysvSum() }],
  ["crc", { make: () => new PosixCrc() }],
  ["md5", { make: () => new Md5(), tag: "MD5" }],
  ["sha1", { make: () => new Sha1(), tag: "SHA1" }],
  ["sha256", { make: () => new Sha256(), tag: "SHA256" }],
]);

/** The tags `cksum -c` recognizes without `-a`. */
const DIGEST_TAGS: ReadonlyMap<string, () => Hasher> = new Map([...ALGORITHMS.values()].flatMap((a) => (a.tag ? [[a.tag, a.make] as const] : [])));

/** GNU cksum's algorithm names, in its order (sha224, sha384, sha512, blake2b and sm3 are not implemented here). */
const GNU_NAMES = ["bsd", "sysv", "crc", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "sm3"];

/** The algorithm `-a NAME` (exact names only, as GNU cksum). */
function algorithm(ctx: CommandContext, name: string): Algorithm {
  if (!GNU_NAMES.includes(name)) {
    const q = (s: string): string => gnuQuote(ctx.env, s);
    throw usageError(`invalid argument ${q(name)} for ${q("--algorithm")}\nValid arguments are:${GNU_NAMES.map((n) => `\n  - ${q(n)}`).join("")}`);
  }
  const alg = ALGORITHMS.get(name);
  if (alg === undefined) throw new HuskError(`the ${name} algorithm is not available in Husk (available: ${[...ALGORITHMS.keys()].join(", ")})`, 1);
  return alg;
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const alg = algorithm(ctx, args.get("a") ?? "crc");
  if (args.has("l")) {
    ctx.stderr.write("cksum: --length is only supported with --algorithm=blake2b\n");
    return 1;
  }
  const zero = args.has("z");
  if (args.has("c")) {
    if (alg.tag === undefined && args.has("a")) {
      ctx.stderr.write("cksum: --check is not supported with --algorithm={bsd,sysv,crc}\n");
      return 1;
    }
    if (zero) throw usageError("the --zero option is not supported when verifying checksums");
    // with -a, that algorithm's lines (tagged or not); without, any tagged line
    const tags = args.has("a") ? new Map([[alg.tag as string, alg.make]]) : DIGEST_TAGS;
    return checkSums(ctx, args, (text) => parseSumLine(text, tags, args.has("a") ? alg.make : undefined));
  }
  const end = zero ? "\0" : "\n";
  // --tag and --untagged: the last one wins
  const untagged = args.list.reduce((u, o) => (o.key === "untagged" ? true : o.key === "tag" ? false : u), false);
  let status = 0;
  for (const op of args.operands.length ? args.operands : ["-"]) {
    let sum: string;
    try {
      sum = await hashChunks(ctx, await openInput(ctx, op), alg.make());
    } catch (e) {
      status = reportFsError(ctx, op, e);
      continue;
    }
    if (alg.tag === undefined) {
      ctx.stdout.write(args.operands.length ? `${sum} ${op}${end}` : `${sum}${end}`);
      continue;
    }
    const { mark, name } = zero ? { mark: "", name: op } : escapeSumName(op);
    ctx.stdout.write(`${mark}${untagged ? `${sum}  ${name}` : `${alg.tag} (${name}) = ${sum}`}${end}`);
  }
  return status;
}

/**
 * `cksum [-a ALGORITHM] [--tag|--untagged] [-z] [FILE]...` (GNU coreutils 9.1): prints the POSIX
 * CRC and byte count of each FILE (`CRC SIZE FILE`; no name for stdin without operands), over
 * the UTF-8 bytes of its text. `-a` selects `crc` (default), `bsd`, `sysv`, `md5`, `sha1` or
 * `sha256` (the digests print BSD-style tagged lines unless `--untagged`); sha224, sha384,
 * sha512, blake2b and sm3 fail with a clear message. `-c` checks lists of digests (tagged
 * lines of any of these, or with `-a` that algorithm's lines, tagged or not) as md5sum -c does.
 */
export const cksum = defineCommand({
  name: "cksum",
  summary: "compute and verify file checksums",
  usage: `Usage: cksum [OPTION]... [FILE]...
Print or verify checksums.
By default use the 32 bit CRC algorithm.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -a, --algorithm=TYPE  select the digest type to use.  See DIGEST below.
      --tag             create a BSD-style checksum (the default)
  -c, --check           read checksums from the FILEs and check them
      --untagged        create a reversed style checksum, without digest type
  -z, --zero            end each output line with NUL, not newline,
                          and disable file name escaping

The following five options are useful only when verifying checksums:
      --ignore-missing  don't fail or report status for missing files
      --quiet           don't print OK for each successfully verified file
      --status          don't output anything, status code shows success
      --strict          exit non-zero for improperly formatted checksum lines
  -w, --warn            warn about improperly formatted checksum lines

DIGEST determines the digest algorithm and default output format:
  sysv      (equivalent to sum -s)
  bsd       (equivalent to sum -r)
  crc       (equivalent to cksum)
  md5       (equivalent to md5sum)
  sha1      (equivalent to sha1sum)
  sha256    (equivalent to sha256sum)`,
  options: [
    { key: "a", short: "a", long: "algorithm", arg: "required" },
    { key: "c", short: "c", long: "check" },
    { key: "l", short: "l", long: "length", arg: "required" },
    { key: "tag", long: "tag" },
    { key: "untagged", long: "untagged" },
    { key: "z", short: "z", long: "zero" },
    { key: "debug", long: "debug" },
    { key: "ignore-missing", long: "ignore-missing" },
    { key: "quiet", long: "quiet" },
    { key: "status", long: "status" },
    { key: "strict", long: "strict" },
    { key: "w", short: "w", long: "warn" },
  ],
  run,
});

// Differential tests of cmp, truncate and cksum: every case runs the real GNU tool (diffutils
// 3.8 / coreutils 9.1 here) in ONE batched bash process, and Husk's command via runTool on a
// MemoryFs holding the same files; stdout, stderr, status (and files, for truncate) must match.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "@husk/host";
import { LimitError, MemoryFs } from "@husk/host";
import { afterAll, describe, expect, it } from "vitest";
import { cmp } from "./cmp.js";
import { cksum } from "./hash/cksum.js";
import { md5sum } from "./hash/sums.js";
import { runTool } from "./testing.js";
import { truncate } from "./truncate.js";

interface Case {
  readonly command: Command;
  readonly args: readonly string[];
  /** Standard input, given to the real tool through a pipe (not a regular file). */
  readonly stdin?: string;
  readonly files?: Readonly<Record<string, string>>;
  readonly dirs?: readonly string[];
  /** Environment beside LC_ALL=C (for both runs). */
  readonly env?: Readonly<Record<string, string>>;
  /** Files whose content is compared after the run (missing: null). */
  readonly after?: readonly string[];
}

interface Outcome {
  stdout: string;
  stderr: string;
  status: number;
  files: Record<string, string | null>;
}

const sh = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

const base = mkdtempSync(join(tmpdir(), "husk-bytes-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Runs every case with the real tools in one bash process, each in its own directory. */
function realRuns(cases: readonly Case[], tag: string): Outcome[] {
  const script: string[] = [];
  const dirs = cases.map((c, i) => {
    const dir = join(base, `${tag}-${i}`);
    mkdirSync(dir);
    for (const [p, text] of Object.entries(c.files ?? {})) writeFileSync(join(dir, p), text);
    for (const d of c.dirs ?? []) mkdirSync(join(dir, d));
    writeFileSync(join(dir, ".stdin"), c.stdin ?? "");
    const cmd = `${c.command.name} ${c.args.map(sh).join(" ")}`;
    const env = Object.entries(c.env ?? {}).map(([k, v]) => `export ${k}=${sh(v)}; `).join("");
    script.push(`cd ${sh(dir)} && ( ${env}cat .stdin | ${cmd} >.out 2>.err; echo $? >.rc )`);
    return dir;
  });
  execFileSync("bash", ["-c", script.join("\n")], { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" } });
  return cases.map((c, i) => {
    const dir = dirs[i] as string;
    const files: Record<string, string | null> = {};
    for (const f of c.after ?? []) {
      try {
        files[f] = readFileSync(join(dir, f), "utf8");
      } catch {
        files[f] = null;
      }
    }
    return {
      stdout: readFileSync(join(dir, ".out"), "utf8"),
      stderr: readFileSync(join(dir, ".err"), "utf8"),
      status: Number(readFileSync(join(dir, ".rc"), "utf8")),
      files,
    };
  });
}

async function ours(c: Case): Promise<Outcome> {
  const fs = new MemoryFs();
  await fs.mkdir("/w", { recursive: true });
  for (const [p, text] of Object.entries(c.files ?? {})) await fs.writeFile(`/w/${p}`, text);
  for (const d of c.dirs ?? []) await fs.mkdir(`/w/${d}`);
  const r = await runTool(c.command, c.args, { fs, cwd: "/w", stdin: c.stdin ?? "", env: { LC_ALL: "C", ...c.env } });
  const files: Record<string, string | null> = {};
  for (const f of c.after ?? []) files[f] = (await fs.exists(`/w/${f}`)) ? await fs.readFile(`/w/${f}`) : null;
  return { ...r, files };
}

/** One `it` per case, all real runs done once, in one process, before the first. */
function differential(title: string, cases: readonly Case[]): void {
  describe(title, () => {
    let real: Outcome[] | undefined;
    it.each(cases.map((c, i) => [`${c.command.name} ${c.args.join(" ")}`, i] as const))("%s", async (_label, i) => {
      real ??= realRuns(cases, title.replace(/\W+/g, "-"));
      expect(await ours(cases[i] as Case)).toEqual(real[i]);
    });
  });
}

const long = "x".repeat(1000);
const CMP_FILES = {
  a: "abc\n",
  b: "abd\n",
  c: "abc\nx",
  e: "",
  l1: "a\nb\nc\n",
  l2: "a\nB\nc\nddd",
  u1: "caf\u00e9 na\u00efve\n\u{1f600}!\n",
  u2: "caf\u00e8 na\u00efve\n\u{1f601}?\n",
  ctl: "a\u0001\u007f\t\n z",
  ctl2: "a\u0002 \n\n\u00a0y",
  big1: long,
  big2: `ab${long.slice(2, 500)}Z${long.slice(501)}`,
  "x y": "abc\n",
  p1: "ab",
  p2: "abc",
  n1: "a\nb",
  n2: "a\nbc",
  m1: "a\n",
  m2: "a\nb",
};
const cmpCase = (args: string[], stdin?: string): Case => ({ command: cmp, args, stdin, files: CMP_FILES, dirs: ["d"] });
const cmpUtf8 = (args: string[]): Case => ({ ...cmpCase(args), env: { LC_ALL: "C.UTF-8" } });

differential("cmp matches GNU diffutils cmp", [
  cmpCase(["a", "b"]),
  cmpCase(["a", "a"]),
  cmpCase(["a", "x y"]),
  cmpCase(["a", "e"]),
  cmpCase(["e", "a"]),
  cmpCase(["a", "c"]),
  cmpCase(["c", "a"]),
  cmpCase(["p1", "p2"]),
  cmpCase(["n2", "n1"]),
  cmpCase(["m1", "m2"]),
  cmpCase(["l1", "l2"]),
  cmpCase(["-l", "l1", "l2"]),
  cmpCase(["-lb", "l1", "l2"]),
  cmpCase(["-b", "l1", "l2"]),
  cmpCase(["--verbose", "--print-bytes", "a", "c"]),
  cmpCase(["-s", "a", "b"]),
  cmpCase(["--quiet", "a", "c"]),
  cmpCase(["--silent", "a", "a"]),
  cmpCase(["-s", "a", "nosuch"]),
  cmpCase(["a", "nosuch"]),
  cmpCase(["nosuch", "a"]),
  cmpCase(["a", "d"]),
  cmpCase(["u1", "u2"]),
  cmpCase(["-l", "u1", "u2"]),
  cmpCase(["-lb", "u1", "u2"]),
  cmpCase(["-b", "u1", "u2"]),
  cmpCase(["-lb", "ctl", "ctl2"]),
  cmpCase(["-b", "ctl", "ctl2"]),
  cmpCase(["-l", "big1", "big2"]),
  cmpCase(["-l", "-n", "50", "big1", "big2"]),
  cmpCase(["-l", "-i", "10", "big1", "big2"]),
  cmpCase(["big1", "big2"]),
  cmpCase(["-n", "2", "a", "b"]),
  cmpCase(["-n", "2", "-n", "5", "a", "b"]),
  cmpCase(["--bytes=3", "a", "b"]),
  cmpCase(["-n", "1K", "a", "b"]),
  cmpCase(["-n", "1x", "a", "b"]),
  cmpCase(["-n", "-1", "a", "b"]),
  cmpCase(["-i", "2", "l1", "l2"]),
  cmpCase(["-i", "2:1", "l1", "l2"]),
  cmpCase(["--ignore-initial=1:2", "a", "b"]),
  cmpCase(["-i", "1", "-i", "2", "a", "b"]),
  cmpCase(["-i", "10", "a", "b"]),
  cmpCase(["-i", "1kB", "a", "c"]),
  cmpCase(["-i", "1KiB", "a", "c"]),
  cmpCase(["-i", "-1", "a", "b"]),
  cmpCase(["-i", "1:x", "a", "b"]),
  cmpCase(["-i", "x:1", "a", "b"]),
  cmpCase(["-i", "1:", "a", "b"]),
  cmpCase(["-i", "0x2", "big1", "big2"]),
  cmpCase(["-i", "010", "l1", "l2"]),
  cmpCase(["-n", "0x3", "a", "b"]),
  cmpCase(["-n", "010", "big1", "big2"]),
  cmpCase(["-n", "08", "a", "b"]),
  cmpCase(["-i", " 1", "a", "b"]),
  cmpCase(["-i", "99999999999999999999", "a", "b"]),
  cmpCase(["-n", "99999999999999999999", "a", "b"]),
  cmpCase(["-n", "18446744073709551615", "a", "b"]),
  cmpCase(["a", "b", "0x1"]),
  cmpCase(["a", "b", "1", "2"]),
  cmpCase(["a", "b", "x"]),
  cmpCase(["-i", "1", "a", "b", "2"]),
  cmpCase(["a", "b", "1", "2", "3"]),
  cmpCase(["a", "c", "0", "1"]),
  cmpCase([]),
  cmpCase(["-s"]),
  cmpCase(["-l", "-s", "a", "b"]),
  cmpCase(["-x", "a", "b"]),
  cmpCase(["--foo", "a", "b"]),
  cmpCase(["-", "b"], "abc\n"),
  cmpCase(["b"], "abc\n"),
  cmpCase(["b", "-"], "abd\n"),
  cmpCase(["-l", "-", "big2"], long),
  cmpCase(["-l", "big2", "-"], long),
  cmpCase(["--", "a", "-"], ""),
  cmpCase(["-", "-"], "abc"),
  cmpCase(["-"], "abc"),
  cmpCase(["a", "-"], "abc\nmore"),
  cmpUtf8(["a", "b"]),
  cmpUtf8(["-b", "a", "b"]),
  cmpUtf8(["a", "c"]),
  { ...cmpCase(["a", "b"]), env: { LC_ALL: "", LANG: "C.UTF-8" } },
  { ...cmpCase(["a", "b"]), env: { LC_ALL: "", LC_MESSAGES: "POSIX", LANG: "C.UTF-8" } },
]);

const T_FILES = { t: "hello", u: "h\u00e9llo w\u00f6rld\n", r: "0123456789abc" };
const truncCase = (args: string[], after: string[] = ["t"]): Case => ({ command: truncate, args, files: T_FILES, dirs: ["d"], after });

differential("truncate matches GNU coreutils truncate", [
  truncCase(["-s", "10", "t"]),
  truncCase(["-s", "2", "t"]),
  truncCase(["-s", "0", "t"]),
  truncCase(["-s", "+3", "t"]),
  truncCase(["-s", "-2", "t"]),
  truncCase(["-s", "-20", "t"]),
  truncCase(["-s", "<3", "t"]),
  truncCase(["-s", "<30", "t"]),
  truncCase(["-s", ">7", "t"]),
  truncCase(["-s", ">2", "t"]),
  truncCase(["-s", "/4", "t"]),
  truncCase(["-s", "%3", "t"]),
  truncCase(["-s", "%5", "t"]),
  truncCase(["--size=1K", "t"]),
  truncCase(["-s", "1kB", "t"]),
  truncCase(["-s", "1k", "t"]),
  truncCase(["-s", "1KiB", "t"]),
  truncCase(["-s", " 7", "t"]),
  truncCase(["-s", "x", "t"]),
  truncCase(["-s", "<x", "t"]),
  truncCase(["-s", "1b", "t"]),
  truncCase(["-s", "99999999999999999999", "t"]),
  truncCase(["-s", "%0", "t"]),
  truncCase(["-s", "/0", "t"]),
  truncCase(["-s", "+-2", "t"]),
  truncCase(["-s", "<-2", "t"]),
  truncCase(["-s", "3", "new"], ["new"]),
  truncCase(["-c", "-s", "3", "new"], ["new"]),
  truncCase(["--no-create", "-s", "3", "t"]),
  truncCase(["-s", "-2", "new"], ["new"]),
  truncCase(["-s", "4", "t", "new", "u"], ["t", "new", "u"]),
  truncCase(["-s", "20", "u"], ["u"]),
  truncCase(["-s", "-1", "u"], ["u"]),
  truncCase(["-r", "r", "t"]),
  truncCase(["-r", "r", "-s", "+2", "t"]),
  truncCase(["-r", "r", "-s", "/4", "t"]),
  truncCase(["--reference=u", "t"]),
  truncCase(["-r", "nosuch", "t"]),
  truncCase(["-r", "r", "-s", "3", "t"]),
  truncCase(["-s", "2", "nodir/x"], ["nodir/x"]),
  truncCase(["-c", "-s", "2", "nodir/x"], ["nodir/x"]),
  truncCase(["-s", "2", "d"]),
  truncCase(["t"]),
  truncCase(["-s", "1"]),
  truncCase(["-o", "t"]),
  truncCase(["-x", "t"]),
  { ...truncCase(["-s", "x", "t"]), env: { LC_ALL: "C.UTF-8" } },
  { ...truncCase(["t"]), env: { LC_ALL: "C.UTF-8" } },
]);

const K_FILES = { h: "hello\n", e: "", u: "h\u00e9llo \u{1f600}\n", "a b": "x", "n\nl": "a\nb", big: "\0".repeat(3000), w: "\u00ff".repeat(700) };
const sumCase = (args: string[], stdin?: string): Case => ({ command: cksum, args, stdin, files: K_FILES });

differential("cksum matches GNU coreutils cksum", [
  sumCase(["h"]),
  sumCase([], "hello\n"),
  sumCase(["-"], "hello\n"),
  sumCase(["h", "e", "u", "a b", "big", "w"]),
  sumCase(["n\nl"]),
  sumCase(["nosuch", "h"]),
  sumCase(["-a", "crc", "h"]),
  sumCase(["-a", "bsd", "h", "big", "e", "w"]),
  sumCase(["-a", "bsd"], "hello\n"),
  sumCase(["-a", "sysv", "h", "big", "e", "u", "w"]),
  sumCase(["-a", "sysv", "-"], "x"),
  sumCase(["-a", "md5", "h", "u"]),
  sumCase(["-a", "md5"], "hello\n"),
  sumCase(["-a", "md5", "--untagged", "h", "-"], "x"),
  sumCase(["-a", "md5", "--untagged", "--tag", "h"]),
  sumCase(["-a", "md5", "--tag", "--untagged", "h"]),
  sumCase(["-a", "sha1", "h", "e"]),
  sumCase(["--algorithm=sha256", "u"]),
  sumCase(["-a", "md5", "n\nl"]),
  sumCase(["-a", "md5", "--untagged", "n\nl"]),
  sumCase(["-z", "h", "e"]),
  sumCase(["-z", "-a", "sha1", "h"]),
  sumCase(["--untagged", "h"]),
  sumCase(["-a", "foo", "h"]),
  sumCase(["-a", "s", "h"]),
  sumCase(["-a", "sy", "h"]),
  sumCase(["-l", "8", "h"]),
  sumCase(["-x"]),
  { ...sumCase(["-a", "foo"]), env: { LC_ALL: "C.UTF-8" } },
]);

// checksum lists for -c, made with node's crypto (an independent oracle), checked by both
const dig = (alg: string, text: string): string => createHash(alg).update(text, "utf8").digest("hex");
const md5 = (f: keyof typeof K_FILES): string => dig("md5", K_FILES[f]);
const sha1 = (f: keyof typeof K_FILES): string => dig("sha1", K_FILES[f]);
const LISTS = {
  "tagged.md5": `MD5 (h) = ${md5("h")}\nMD5 (u) = ${md5("u")}\n`,
  "plain.md5": `${md5("h")}  h\n${md5("a b")} *a b\n`,
  "bad.md5": `MD5 (h) = ${md5("e")}\nMD5 (e) = ${md5("e")}\n`,
  "missing.md5": `MD5 (nosuch) = ${md5("h")}\nMD5 (h) = ${md5("h")}\n`,
  "plainmissing.md5": `${md5("h")}  nosuch\n${md5("h")}  h\n`,
  "mixed.txt": `SHA1 (h) = ${sha1("h")}\njunk line\nMD5 (e) = ${md5("e")}\n`,
  "garbage.txt": "garbage\n\n",
  "escaped.md5": `\\MD5 (n\\nl) = ${md5("n\nl")}\n\\${md5("n\nl")}  n\\nl\n`,
  "crc.txt": "3015617425 6 h\n",
  "crlf.md5": `MD5 (h) = ${md5("h")}\r\n`,
};
const checkCase = (command: Command, args: string[], stdin?: string): Case => ({ command, args, stdin, files: { ...K_FILES, ...LISTS } });

differential("cksum -c and md5sum -c match GNU coreutils", [
  checkCase(cksum, ["-c", "tagged.md5"]),
  checkCase(cksum, ["--check", "tagged.md5", "mixed.txt"]),
  checkCase(cksum, ["-c", "bad.md5"]),
  checkCase(cksum, ["-c", "missing.md5"]),
  checkCase(cksum, ["-c", "--ignore-missing", "missing.md5"]),
  checkCase(cksum, ["-c", "--ignore-missing", "bad.md5"]),
  checkCase(cksum, ["-c", "mixed.txt"]),
  checkCase(cksum, ["-c", "--strict", "mixed.txt"]),
  checkCase(cksum, ["-c", "--quiet", "tagged.md5", "bad.md5"]),
  checkCase(cksum, ["-c", "--status", "bad.md5", "mixed.txt"]),
  checkCase(cksum, ["-c", "garbage.txt"]),
  checkCase(cksum, ["-c", "crc.txt"]),
  checkCase(cksum, ["-c", "plain.md5"]),
  checkCase(cksum, ["-c", "nosuch.md5", "tagged.md5"]),
  checkCase(cksum, ["-c", "escaped.md5"]),
  checkCase(cksum, ["-c", "crlf.md5"]),
  checkCase(cksum, ["-c"], `MD5 (h) = ${md5("h")}\n`),
  checkCase(cksum, ["-a", "md5", "-c", "plain.md5", "tagged.md5"]),
  checkCase(cksum, ["-a", "md5", "-c", "mixed.txt"]),
  checkCase(cksum, ["-a", "sha1", "-c", "mixed.txt"]),
  checkCase(cksum, ["-a", "crc", "-c", "crc.txt"]),
  checkCase(cksum, ["-a", "bsd", "-c", "crc.txt"]),
  checkCase(cksum, ["-c", "-z", "tagged.md5"]),
  checkCase(md5sum, ["-c", "plain.md5"]),
  checkCase(md5sum, ["-c", "tagged.md5"]),
  checkCase(md5sum, ["-c", "bad.md5"]),
  checkCase(md5sum, ["-c", "plainmissing.md5"]),
  checkCase(md5sum, ["-c", "--ignore-missing", "plainmissing.md5"]),
  checkCase(md5sum, ["-c", "garbage.txt"]),
  checkCase(md5sum, ["-c", "mixed.txt"]),
  checkCase(md5sum, ["-c", "--strict", "mixed.txt"]),
  checkCase(md5sum, ["-c", "escaped.md5"]),
  checkCase(md5sum, ["-c", "--status", "bad.md5"]),
  checkCase(md5sum, ["-c", "--status", "plainmissing.md5"]),
  checkCase(md5sum, ["h", "n\nl"]),
  checkCase(md5sum, ["--tag", "n\nl", "a b"]),
  checkCase(md5sum, ["-z", "n\nl"]),
]);

describe("Husk-only behaviour", () => {
  it("cmp streams: an endless-looking stdin stops at the file's end", async () => {
    const fs = new MemoryFs();
    await fs.writeFile("/f", "yyy");
    const r = await runTool(cmp, ["-", "/f"], { fs, stdin: "y".repeat(100000), stdinChunk: 7 });
    expect(r).toEqual({ stdout: "", stderr: "cmp: EOF on /f after byte 3, in line 1\n", status: 1 });
  });
  it("truncate past maxFileBytes ends with the limit's error before building the text", async () => {
    const fs = new MemoryFs();
    await expect(runTool(truncate, ["-s", "2M", "/f"], { fs, limits: { maxFileBytes: 1024 * 1024 } })).rejects.toThrow(LimitError);
    expect(await fs.exists("/f")).toBe(false);
  });
  it("truncate -o counts SIZE in 4096-byte blocks", async () => {
    const fs = new MemoryFs();
    expect(await runTool(truncate, ["-o", "-s", "2", "/f"], { fs })).toEqual({ stdout: "", stderr: "", status: 0 });
    expect(await fs.readFile("/f")).toBe("\0".repeat(8192));
  });
  it("truncate cuts a multi-byte character whole (the file may end a few bytes short)", async () => {
    const fs = new MemoryFs();
    await fs.writeFile("/f", "a\u00e9b");
    expect((await runTool(truncate, ["-s", "2", "/f"], { fs })).status).toBe(0);
    expect(await fs.readFile("/f")).toBe("a");
  });
  it("cksum: unimplemented algorithms fail clearly", async () => {
    const r = await runTool(cksum, ["-a", "sha512"], { stdin: "x" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^cksum: the sha512 algorithm is not available/);
  });
});

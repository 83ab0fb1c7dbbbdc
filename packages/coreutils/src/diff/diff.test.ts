import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryFs } from "@husk/host";
import { describe, expect, it } from "vitest";
import { runTool } from "../testing.js";
import { diff } from "./diff.js";

// Differential tests against GNU diffutils 3.8 (/usr/bin/diff): every case writes FILE a and b
// (both with a fixed mtime) to a temp dir, ONE bash process runs the real diff on all of them,
// and Husk's diff runs on a MemoryFs holding the same files; stdout, stderr and status compare.

interface Case {
  readonly group: string;
  readonly args: readonly string[];
  readonly a?: string;
  readonly b?: string;
  readonly stdin?: string;
  /** Also create directory `d` (holding copies of a and b) and the empty directory `e`. */
  readonly dirs?: boolean;
  /** Also create this tree under `t/` (a string is a file, null a directory, `-> x` a symlink to x). */
  readonly tree?: Readonly<Record<string, string | null>>;
  /** LC_ALL of the run (default C.UTF-8). */
  readonly locale?: string;
}
interface Result {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number;
}

const MTIME_A = 1704164645123; // 2024-01-02 03:04:05.123 UTC
const MTIME_B = 1717243200500; // 2024-06-01 12:00:00.500 UTC

/** mulberry32: a small seeded generator, so the random cases are the same on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TABBY = ["a\tb", "\tx", "ab\b\tc", "x\r\ty", "\t\t\t\t\t\tfar", "a", "", "long line of text\twith a tab"];
const ALPHABET = ["a", "b", "c", "d", "e", "", "a ", " a", "A", "a  b", "a b", "\tx", "        x", "B"];

/** A random file pair: `b` is an edit of `a` (or unrelated), either may lack its last newline. */
function randomPair(r: () => number, maxLines: number, alphabet: readonly string[]): [string, string] {
  const pick = (): string => alphabet[Math.floor(r() * alphabet.length)] as string;
  const n = Math.floor(r() * (maxLines + 1));
  const a: string[] = [];
  for (let i = 0; i < n; i++) a.push(pick());
  let b: string[];
  if (r() < 0.15) {
    b = [];
    const m = Math.floor(r() * (maxLines + 1));
    for (let i = 0; i < m; i++) b.push(pick());
  } else {
    b = [...a];
    const edits = Math.floor(r() * 5);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(r() * (b.length + 1));
      const k = r();
      if (k < 0.35) b.splice(at, 1 + Math.floor(r() * 2));
      else if (k < 0.7) b.splice(at, 0, ...Array.from({ length: 1 + Math.floor(r() * 3) }, pick));
      else b.splice(at, 1, pick());
    }
  }
  const text = (lines: string[]): string => (lines.length === 0 ? (r() < 0.1 ? "x" : "") : lines.join("\n") + (r() < 0.2 ? "" : "\n"));
  return [text(a), text(b)];
}

function buildCases(): Case[] {
  const cases: Case[] = [];
  const edge: Array<[string, string]> = [
    ["", ""],
    ["", "a\n"],
    ["a\n", ""],
    ["a\n", "a\n"],
    ["a", "a"],
    ["a", "a\n"],
    ["a\n", "a"],
    ["a\nb", "a\nb\n"],
    ["a\nb", "a\nc"],
    ["x\ny\nz\n", "p\nq\nr\ns\n"],
    ["a\na\na\n", "a\na\n"],
    ["a\nb\na\nb\na\nb\n", "b\na\nb\na\n"],
    ["a\n\n\nb\n", "a\n\nb\n\n"],
    ["1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n", "1\n2\nX\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\nY\n18\n19\n20\n"],
    ["1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "1\n2\n3\nX\n5\n6\n7\n8\nY\n10"],
    ["a\tb\n", "a       b\n"],
    ["A b\n\nc  \n", "a  b\nc\n"],
    ["\n", ""],
    ["\n\n", "\n"],
    ["x", ""],
    ["a\tb\n\tx\r\ty\nab\b\tc\n\b\tz\n", "a\tc\n"],
    ["\t\t\tlong\tline with\ttabs that goes past the half width of the side by side output\n", "x\ty\r\n"],
  ];
  const formats: ReadonlyArray<readonly string[]> = [
    [], ["-u"], ["-c"], ["-U", "1"], ["-C0"], ["--unified=0"], ["-q"], ["-s"], ["-y"], ["-y", "-W", "40"], ["-i"], ["-w"], ["-b"], ["-Z"], ["-B"],
    ["-B", "-u"], ["-Bw"], ["-E"], ["-T"], ["-u", "-T"], ["--label", "L1", "--label", "L2", "-u"], ["-y", "--suppress-common-lines"], ["-y", "--left-column"],
    ["-s", "-q"], ["--strip-trailing-cr"], ["-d"], ["-N"], ["-t"], ["-t", "-u"], ["-t", "-c"], ["-T", "-t"], ["--tabsize=4", "-t"], ["-t", "-y", "-W", "40"],
    ["--tabsize=3", "-y", "-W", "37"],
  ];
  for (const [a, b] of edge) for (const f of formats) cases.push({ group: "edge", args: f, a, b });
  const r = rng(20240102);
  const groups: Array<[string, readonly string[], number]> = [
    ["normal", [], 250],
    ["unified", ["-u"], 250],
    ["context", ["-c"], 150],
    ["unified1", ["-U1"], 100],
    ["unified0", ["-U0"], 80],
    ["side", ["-y", "-W", "50"], 100],
    ["brief", ["-q"], 50],
    ["ignore-case", ["-i"], 60],
    ["ignore-all-space", ["-w", "-u"], 60],
    ["ignore-space-change", ["-b"], 60],
    ["ignore-trailing", ["-Z"], 60],
    ["ignore-blank", ["-B"], 80],
    ["ignore-blank-u", ["-B", "-u"], 80],
    ["ignore-blank-y", ["-B", "-y", "-W", "60"], 40],
    ["tab-expansion", ["-E"], 40],
    ["expand-tabs", ["-t"], 40],
    ["expand-tabs-side", ["-t", "-y", "-W", "50"], 40],
  ];
  for (const [group, args, n] of groups) {
    for (let i = 0; i < n; i++) {
      const [a, b] = randomPair(r, i % 3 === 0 ? 30 : 10, group.startsWith("expand") ? TABBY : ALPHABET);
      cases.push({ group, args, a, b });
    }
  }
  // larger files: repeated lines (GNU's discarding and shifting matter), and many changes
  const big = rng(7);
  for (let i = 0; i < 25; i++) {
    const alphabet = ["a", "b", "c", "{", "}", "", "x = 1;", "return;"];
    const [a, b] = randomPair(big, 400, i % 2 ? alphabet : ALPHABET);
    cases.push({ group: "larger", args: i % 3 === 0 ? ["-u"] : [], a, b });
  }
  // common lines (provisionally discardable: more than ~sqrt(n) matches) among unique ones
  for (let i = 0; i < 40; i++) {
    const alphabet = [...["a", "b", "c", "{", "}", ""].slice(0, 1 + (i % 6)), ...Array.from({ length: 40 + i * 20 }, (_, k) => `u${k}`)];
    const pick = (): string => (big() < 0.5 ? alphabet[Math.floor(big() * 6) % alphabet.length] : alphabet[Math.floor(big() * alphabet.length)]) as string;
    const la = Array.from({ length: 200 + Math.floor(big() * 3000) }, pick);
    const lb = [...la];
    for (let e = 0; e < 5 + i * 5; e++) {
      const at = Math.floor(big() * lb.length);
      if (big() < 0.5) lb.splice(at, Math.floor(big() * 6));
      else lb.splice(at, 0, ...Array.from({ length: 1 + Math.floor(big() * 5) }, pick));
    }
    cases.push({ group: "discards", args: i % 2 ? ["-u"] : [], a: `${la.join("\n")}\n`, b: `${lb.join("\n")}\n` });
  }
  const lines = (n: number, f: (i: number) => string): string => Array.from({ length: n }, (_, i) => `${f(i)}\n`).join("");
  const hr = rng(99);
  // long runs of few distinct lines, and two unrelated big random files (TOO_EXPENSIVE cut-off)
  cases.push({ group: "heuristic", args: [], a: lines(3000, () => "abcd"[Math.floor(hr() * 4)] as string), b: lines(3000, () => "abcd"[Math.floor(hr() * 4)] as string) });
  cases.push({ group: "heuristic", args: ["-u"], a: lines(12000, () => "ab"[Math.floor(hr() * 2)] as string), b: lines(12000, () => "ab"[Math.floor(hr() * 2)] as string) });
  cases.push({ group: "heuristic", args: [], a: lines(30000, () => "abcd"[Math.floor(hr() * 4)] as string), b: lines(30000, () => "abcd"[Math.floor(hr() * 4)] as string) });
  cases.push({ group: "heuristic", args: ["-u"], a: lines(100000, (i) => `line ${i}`), b: lines(100000, (i) => (i % 1999 === 0 ? `changed ${i}` : `line ${i}`)) });
  // operands and errors
  for (const args of [["a"], [], ["a", "b", "c"], ["-k", "a", "b"], ["-u", "-c", "a", "b"], ["-U", "x", "a", "b"], ["a", "nosuch"], ["nosuch", "nosuch2"], ["-N", "a", "nosuch"], ["-N", "nosuch", "nosuch2"], ["-Nu", "nosuch", "b"], ["-s", "a", "a"], ["-", "b"], ["a", "-"], ["-", "-"], ["-W", "0", "-y", "a", "b"], ["--label", "A", "a", "b", "-c"]]) {
    cases.push({ group: "operands", args, a: "a\nb\nc\n", b: "a\nc\nd\n", stdin: "a\nx\nc\n" });
  }
  for (const locale of ["C", "POSIX", "C.UTF-8"]) {
    for (const args of [["-c"], ["-u"], ["-C1", "-T"]]) cases.push({ group: "locale", args, a: "a\nb\nc\n", b: "a\nc\nd", locale });
  }
  for (const args of [["a", "d"], ["b", "d"], ["d", "b"], ["-q", "d/", "b"], ["-", "d"], ["d", "-"], ["a", "e"], ["e", "a"], ["b", "./d/"], ["-s", "d/a", "a"]]) {
    cases.push({ group: "directory operands", args, a: "a\nb\nc\n", b: "a\nc\nd\n", stdin: "a\nx\nc\n", dirs: true });
  }
  const tree: Record<string, string | null> = {
    d1: null, d2: null, "d1/sub/deep": null, "d2/sub/deep": null, "d1/only1": null, "d2/only2dir": null, "d2/fd": null, "d2/empty": null,
    "d1/f": "a\nb\n", "d2/f": "a\nc\n", "d1/same": "same\n", "d2/same": "same\n", "d1/sub/s": "x\n", "d2/sub/s": "y\n", "d1/o1": "o\n", "d2/o2": "o\n",
    "d1/fd": "q\n", "d1/bin": "a\0", "d2/bin": "b\0", "d1/empty": "", "d1/blank": "a\n", "d2/blank": "a\n\n", "d1/only1/in": "z\n",
  };
  for (const args of [[], ["-r"], ["-ru"], ["-r", "-u"], ["-rq"], ["-rs"], ["-rN"], ["-N"], ["-q"], ["-rB"], ["-r", "-U", "1"], ["-r", "--unified=1", "-b"], ["-r", "-c"], ["-ry", "-W", "40"]]) {
    cases.push({ group: "directory operands", args: [...args, "t/d1", "t/d2"], tree });
    cases.push({ group: "directory operands", args: [...args, "t/d1/", "t/d2/sub"], tree });
  }
  for (const args of [["-r", "-x", "o*", "-x", "sub", "--exclude=*.x"], ["-x", "d1"], ["-r", "-x", "d*"], ["-r", "-x", "*"], ["-r", "-x", "sub/s"], ["-r", "-X", "t/xf"], ["-r", "-X", "t/nosuch"]]) {
    cases.push({ group: "directory operands", args: [...args, "t/d1", "t/d2"], tree: { ...tree, xf: "o*\nsub\n", "d1/.hid": "1\n", "d2/.hid": "2\n" } });
  }
  cases.push({ group: "directory operands", args: ["-x", "d1", "t/d1/f", "t/d2/f"], tree });
  cases.push({ group: "directory operands", args: ["-r", "t/d1", "t/d2"], tree: { d1: null, d2: null, "d1/l": "-> ../f", "d2/l": "-> nowhere", f: "f\n", "d1/x": "1\n", "d2/x": "2\n" } });
  cases.push({ group: "directory operands", args: ["-r", "t/d1", "t/d2"], tree: { d1: null, d2: null, "d1/same": "1\n", "d2/same": "1\n" } });
  const names = { "a b": "1\n", "é": "2\n", 'a"b': "3\n", "it's": "4\n", "t\tab": "5\n", q1: null, q2: null, "q1/a b": "1\n", "q2/a b": "2\n", "q1/it's": "1\n", "q2/it's": "2\n" };
  for (const args of [["-u", "t/a b", "t/é"], ["-c", 't/a"b', "t/it's"], ["-u", "t/t\tab", "t/a b"], ["-r", "--label=x", "-U1", "t/q1", "t/q2"], ["-r", "-u", "t/q1", "t/q2"], ["-rq", "t/q1", "t/q2"], ["t/a b", "t/q1"]]) {
    cases.push({ group: "file names", args, tree: names });
  }
  cases.push({ group: "binary", args: [], a: "a\0b\n", b: "a\0c\n" });
  cases.push({ group: "binary", args: ["-q"], a: "a\0b\n", b: "a\0c\n" });
  cases.push({ group: "binary", args: ["-s"], a: "a\0b\n", b: "a\0b\n" });
  cases.push({ group: "binary", args: ["-a"], a: "a\0b\n", b: "a\0c\n" });
  return cases;
}

const sh = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;
const operands = (c: Case): string[] => (c.group.endsWith("operands") || c.group === "file names" ? [...c.args] : [...c.args, "a", "b"]);

/** Runs every case through the real diff in ONE bash process. */
function realRuns(cases: readonly Case[]): Result[] {
  const base = mkdtempSync(join(tmpdir(), "husk-diff-"));
  const script: string[] = ["export TZ=UTC"];
  cases.forEach((c, i) => {
    const dir = join(base, String(i));
    mkdirSync(dir);
    writeFileSync(join(dir, "a"), c.a ?? "");
    writeFileSync(join(dir, "b"), c.b ?? "");
    writeFileSync(join(dir, "stdin"), c.stdin ?? "");
    if (c.dirs) {
      mkdirSync(join(dir, "d"));
      mkdirSync(join(dir, "e"));
      writeFileSync(join(dir, "d", "a"), c.a ?? "");
      writeFileSync(join(dir, "d", "b"), c.a ?? "");
    }
    if (c.tree) mkdirSync(join(dir, "t"));
    for (const [p, v] of Object.entries(c.tree ?? {})) {
      if (v === null) mkdirSync(join(dir, "t", p), { recursive: true });
      else if (v.startsWith("-> ")) symlinkSync(v.slice(3), join(dir, "t", p));
      else writeFileSync(join(dir, "t", p), v);
    }
    script.push(
      `cd ${sh(dir)} && ( LC_ALL=${c.locale ?? "C.UTF-8"} exec -a diff /usr/bin/diff ${operands(c).map(sh).join(" ")} <stdin >out 2>err ); echo $? >rc`,
    );
  });
  // one touch per mtime for all the cases, before the runs
  script.splice(
    1,
    0,
    `find ${sh(base)} -name a -exec touch -d @${MTIME_A / 1000} {} +`,
    `find ${sh(base)} -name b -exec touch -d @${MTIME_B / 1000} {} +`,
    `find ${sh(base)} -path '*/t/*' -type f -exec touch -d @${MTIME_A / 1000} {} +`,
  );
  writeFileSync(join(base, "run.sh"), script.join("\n"));
  execFileSync("bash", [join(base, "run.sh")], { maxBuffer: 1 << 26 });
  return cases.map((_, i) => {
    const dir = join(base, String(i));
    return {
      stdout: readFileSync(join(dir, "out"), "latin1"),
      stderr: readFileSync(join(dir, "err"), "latin1"),
      status: Number(readFileSync(join(dir, "rc"), "utf8")),
    };
  });
}

async function ours(c: Case): Promise<Result> {
  const fs = new MemoryFs();
  await fs.mkdir("/w", { recursive: true });
  await fs.writeFile("/w/a", c.a ?? "");
  await fs.writeFile("/w/b", c.b ?? "");
  await fs.utimes("/w/a", MTIME_A);
  await fs.utimes("/w/b", MTIME_B);
  if (c.dirs) {
    await fs.mkdir("/w/d");
    await fs.mkdir("/w/e");
    await fs.writeFile("/w/d/a", c.a ?? "");
    await fs.writeFile("/w/d/b", c.a ?? "");
  }
  if (c.tree) await fs.mkdir("/w/t");
  for (const [p, v] of Object.entries(c.tree ?? {})) {
    if (v === null) await fs.mkdir(`/w/t/${p}`, { recursive: true });
    else if (v.startsWith("-> ")) await fs.symlink(v.slice(3), `/w/t/${p}`);
    else {
      await fs.writeFile(`/w/t/${p}`, v);
      await fs.utimes(`/w/t/${p}`, MTIME_A);
    }
  }
  return runTool(diff, operands(c), { fs, cwd: "/w", stdin: c.stdin ?? "", env: { TZ: "UTC", LC_ALL: c.locale ?? "C.UTF-8" } });
}

/** Header lines of stdin carry the current time on both sides: blank the time out. */
const stdinTime = (s: string): string => s.replace(/^((?:---|\+\+\+|\*\*\*) -\t)\S+ \S+ \S+$/gm, "$1TIME");

const CASES = buildCases();
const REAL = realRuns(CASES);

describe("diff matches GNU diffutils 3.8 (stdout, stderr, status)", () => {
  const groups = [...new Set(CASES.map((c) => c.group))];
  it.each(groups)("group %s", async (group) => {
    const mismatches: unknown[] = [];
    let n = 0;
    for (let i = 0; i < CASES.length; i++) {
      const c = CASES[i] as Case;
      if (c.group !== group) continue;
      n++;
      const want = REAL[i] as Result;
      const got = await ours(c);
      if (stdinTime(got.stdout) !== stdinTime(want.stdout) || got.status !== want.status || got.stderr !== want.stderr) {
        mismatches.push({ args: c.args, a: c.a && c.a.length < 400 ? c.a : `(${c.a?.length} chars)`, b: c.b && c.b.length < 400 ? c.b : `(${c.b?.length} chars)`, want, got });
      }
    }
    expect(n).toBeGreaterThan(0);
    expect(mismatches.slice(0, 3)).toEqual([]);
  });
});

describe("limits", () => {
  const files = async (a: string, b: string): Promise<MemoryFs> => {
    const fs = new MemoryFs();
    await fs.writeFile("/a", a);
    await fs.writeFile("/b", b);
    return fs;
  };
  it("charges what it holds to maxDataBytes (a clean LimitError)", async () => {
    const big = "x\n".repeat(50_000);
    await expect(runTool(diff, ["a", "b"], { fs: await files(big, `${big}y\n`), limits: { maxDataBytes: 100_000 } })).rejects.toThrow(/maxDataBytes|data/i);
  });
  it("bounds standard input by maxStringBytes", async () => {
    await expect(runTool(diff, ["-", "a"], { fs: await files("a\n", ""), stdin: "z\n".repeat(1000), stdinChunk: 64, limits: { maxStringBytes: 100 } })).rejects.toThrow();
  });
  it("stays fast on 10^5 lines with scattered changes", async () => {
    const a = Array.from({ length: 100_000 }, (_, i) => `line ${i}\n`);
    const b = a.map((l, i) => (i % 997 === 0 ? `new ${l}` : l));
    const t = Date.now();
    const r = await runTool(diff, ["-u", "a", "b"], { fs: await files(a.join(""), b.join("")) });
    expect(r.status).toBe(1);
    expect(r.stdout.split("\n@@ ").length - 1).toBe(101);
    expect(Date.now() - t).toBeLessThan(5000);
  });
});

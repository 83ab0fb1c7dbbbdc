import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runTool } from "@husk/coreutils";
import { MemoryFs } from "@husk/host";
import { describe, expect, it } from "vitest";
import { commands, grep } from "./index.js";

const FILES: Record<string, string> = {
  "a.txt": "alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\neta\ntheta\n",
  "b.txt": "one two\nTwo three\nfour\n\nfive two-ish\n",
  "noeol.txt": "first\nlast line",
  "dir/c.txt": "deep alpha\n",
  "dir/d.log": "alpha log\n",
  "dir/sub/e.txt": "alpha e\n",
  "pats": "beta\nzeta\n",
  "bin.dat": "x\u0000alpha\n",
  "u.txt": "café\nnaïve\nCAFÉ\n",
};
const LINES = "a1\nfoo\nbar\nfoo bar\nbaz\nqux\nfoo\nend\n";

// [argv, stdin]
const cases: [string[], string?][] = [
  [["alpha", "a.txt"]],
  [["-E", "ph|et", "a.txt"]],
  [["-F", "a.t", "a.txt"]],
  [["-G", "^.e", "a.txt"]],
  [["-P", "e(?=t)", "a.txt"]],
  [["-i", "two", "b.txt"]],
  [["-y", "TWO", "b.txt"]],
  [["-v", "a", "a.txt"]],
  [["-c", "a", "a.txt", "b.txt"]],
  [["-l", "two", "a.txt", "b.txt"]],
  [["-L", "two", "a.txt", "b.txt"]],
  [["-n", "e", "a.txt"]],
  [["-h", "a", "a.txt", "b.txt"]],
  [["-H", "alpha", "a.txt"]],
  [["-o", "[a-z]*ta", "a.txt"]],
  [["-on", "t.", "a.txt"]],
  [["-q", "alpha", "a.txt"]],
  [["-q", "nomatch", "a.txt"]],
  [["-s", "x", "missing.txt"]],
  [["x", "missing.txt", "a.txt"]],
  [["-w", "two", "b.txt"]],
  [["-x", "four", "b.txt"]],
  [["-m", "2", "a", "a.txt"]],
  [["-m1", "-A1", "foo"], LINES],
  [["-A", "1", "foo"], LINES],
  [["-B", "1", "ba"], LINES],
  [["-C", "1", "baz"], LINES],
  [["-1", "qux"], LINES],
  [["-nA1", "foo"], LINES],
  [["-e", "foo", "-e", "baz"], LINES],
  [["-f", "pats", "a.txt"]],
  [["-r", "alpha", "dir"]],
  [["-r", "--include=*.txt", "alpha", "dir"]],
  [["-r", "--exclude=*.txt", "alpha", "dir"]],
  [["-r", "--exclude-dir=sub", "alpha", "dir"]],
  [["--color=never", "alpha", "a.txt"]],
  [["-z", "b"], "a\u0000b\u0000cb\u0000"],
  [["-c", ""], "x\ny\n"],
  [["last", "noeol.txt"]],
  [["-b", "e", "a.txt"]],
  [["-ob", "ta", "a.txt"]],
  [["alpha", "bin.dat"]],
  [["-a", "alpha", "bin.dat"]],
  [["-c", "alpha", "bin.dat"]],
  [["-Z", "-l", "a", "a.txt", "b.txt"]],
  [["--label=foo", "-H", "x"], "x\n"],
  [["--no-group-separator", "-A0", "foo"], LINES],
  [["--group-separator=##", "-A0", "foo"], LINES],
  [["-x", "-F", "-e", "foo", "-e", "end"], LINES],
  [["-i", "café", "u.txt"]],
  [["-o", "[[:alpha:]]*", "u.txt"]],
  [["-w", "-o", "o*"], "foo bar\n"],
  [["-ow", "foo"], "foo-bar foo\n"],
  [["ab\\|abcd", "-o"], "abcd\n"],
  [["-E", "(a|ab)(c|bcd)", "-o"], "abcd\n"],
  [["--x", "a"]],
  [["-k", "a"]],
  [[]],
  [["-e"]],
  [["-m", "x", "a"]],
  [["-A", "x", "a"]],
  [["--co", "a"]],
  [["--colo=never", "a"], "a\n"],
  [["\\(", "a.txt"]],
  [["-E", "a{1,2", "a.txt"]],
  [["a", "dir"]],
  [["-c", "a", "-"], "a\nb\na\n"],
  [["--count", "--invert-match", "a"], "a\nb\na\n"],
  [["--max-count", "1", "a"], "a\nb\na\n"],
  [["-E", "(a+)+$"], `${"a".repeat(5000)}\n`],
  [["--help"]],
  [["-c", "-v", "", "a.txt"]],
  [["-n", "-v", "e", "a.txt"]],
  [["-e", "", "-c", "b.txt"]],
  [["-w", "-c", "two", "b.txt"]],
  [["-x", "-n", "", "b.txt"]],
  [["-io", "T[a-z]*", "b.txt"]],
  [["-E", "-o", "t(wo|hree)", "b.txt"]],
  [["-o", "-w", "\\w*o\\w*", "b.txt"]],
  [["-H", "-c", "a", "a.txt"]],
  [["-l", "-v", "a", "a.txt", "b.txt"]],
  [["-L", "-v", "a", "a.txt"]],
  [["-m", "0", "a", "a.txt"]],
  [["-A", "1", "-B", "2", "-n", "zeta", "a.txt"]],
  [["-C", "1", "-c", "a", "a.txt"]],
  [["-ne", "^$", "-e", "four", "b.txt"]],
  [["-F", "-x", "four", "b.txt"]],
  [["-F", "-w", "two", "b.txt"]],
  [["-F", "-i", "TWO", "b.txt"]],
  [["-P", "\\btwo\\b", "b.txt"]],
  [["-P", "(?i)TWO", "-o", "b.txt"]],
  [["-E", "^(one|four)", "b.txt"]],
  [["[[:upper:]]", "b.txt"]],
  [["-e", "e", "--", "-x"], "e\n-x\n"],
  [["--", "-x"], "e\n-x\n"],
  [["-c", "-v", "-e", "", "-e", "x", "a.txt"]],
  [["-L", "-v", "", "a.txt"]],

  [["-o", "-A1", "foo"], LINES],
  [["-o", "-B1", "-n", "ba"], LINES],
  [["-T", "-n", "eta", "a.txt"]],
  [["-U", "eta", "a.txt"]],
  [["--line-buffered", "eta", "a.txt"]],
  [["-R", "alpha", "dir"]],
  [["--binary-files=text", "alpha", "bin.dat"]],
  [["--binary-files=without-match", "alpha", "bin.dat"]],
  [["-I", "alpha", "bin.dat", "a.txt"]],
  [["--regexp=eta", "--line-number", "a.txt"]],
  [["--files-with-matches", "--recursive", "alpha", "dir"]],
  [["--max", "1", "a", "a.txt"]],
  [["-d", "skip", "alpha", "dir"]],
  [["-hc", "a", "a.txt", "b.txt"]],
  [["-P", "-e", "a", "-e", "b"], "a\n"],
  [["-E", "a{1,2}{3}"], "aaa\n"],
  [["-e", "a", "-f", "/dev/null"], "a\nb\n"],
  [["$", "noeol.txt"]],
  [["-c", "$", "noeol.txt"]],
  [["-n", "^$", "b.txt"]],
  [["-n", "-e", "eta", "-e", "^a", "a.txt"]],
  [["-nx", "eta", "a.txt"]],
  [["-nw", "two", "b.txt"]],
  [["-ni", "TWO", "b.txt"]],
  [["-n", "-F", "-e", "ta", "-e", "ph", "a.txt"]],
  [["-n", "a$", "a.txt"]],
  [["-c", "^", "noeol.txt"]],
  [["-n", "-m2", "e", "a.txt"]],
  [["-o", "-n", "e.", "a.txt"]],
  [["-l", "-e", "zeta", "a.txt", "b.txt"]],
  [["-c", "-E", "(a|aa)*b"], `${"a".repeat(5000)}\n`],
  // -v buffer search: dense and sparse matches, an unterminated last line, anchors
  [["-v", "-c", "o"], "ok\nno\nyes\n\nfoo\nbar"],
  [["-v", "o"], "ok\nx\ny\nok\nz"],
  [["-v", "-E", "^a|b$"], "ab\nxx\nab\nyb\nzz\naa\n"],
  [["-v", "-c", "^$"], "a\n\n\nb\n"],
  // a regex buffer search where one line is far longer than the rest
  [["-c", "u[0-9]* x"], `${"u1 x\n".repeat(300)}${"y".repeat(3000)} u22 x\n${"u3 x\nz\n".repeat(300)}`],
];

const sh = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

function realRuns(): { stdout: string; stderr: string; status: number }[] {
  const dir = mkdtempSync(join(tmpdir(), "husk-grep-"));
  for (const [p, c] of Object.entries(FILES)) {
    mkdirSync(join(dir, p, ".."), { recursive: true });
    writeFileSync(join(dir, p), c);
  }
  const script = cases
    .map(([argv, stdin], i) => {
      if (stdin !== undefined) writeFileSync(join(dir, `in.${i}`), stdin);
      const inp = stdin === undefined ? "</dev/null" : `<in.${i}`;
      return `grep ${argv.map(sh).join(" ")} ${inp} >out.${i} 2>err.${i}; echo $? >rc.${i}`;
    })
    .join("\n");
  execFileSync("bash", ["-c", script], { cwd: dir, env: { ...process.env, LC_ALL: "C.UTF-8" }, maxBuffer: 1 << 26 });
  return cases.map((_, i) => {
    const read = (f: string): string => execFileSync("cat", [join(dir, `${f}.${i}`)], { encoding: "utf8" });
    return { stdout: read("out"), stderr: read("err"), status: Number(read("rc")) };
  });
}

async function ours(argv: string[], stdin?: string): Promise<{ stdout: string; stderr: string; status: number }> {
  const fs = new MemoryFs();
  for (const [p, c] of Object.entries(FILES)) {
    const abs = `/w/${p}`;
    await fs.mkdir(abs.slice(0, abs.lastIndexOf("/")), { recursive: true });
    await fs.writeFile(abs, c);
  }
  return runTool(commands[0]!, argv, { fs, cwd: "/w", stdin: stdin ?? "" });
}

describe("grep matches GNU grep (stdout, stderr, status)", () => {
  const real = realRuns();
  it.each(cases.map((c, i) => [c[0].join(" "), c, real[i]!] as const))("grep %s", async (_n, [argv, stdin], want) => {
    const got = await ours(argv, stdin);
    if (argv.includes("-r") || argv.includes("-R") || argv.includes("--recursive")) {
      // GNU walks directories in readdir order; Husk in sorted (C) order
      const sort = (s: string): string => s.split("\n").sort().join("\n");
      expect({ ...got, stdout: sort(got.stdout) }).toEqual({ ...want, stdout: sort(want.stdout) });
    } else expect(got).toEqual(want);
  });
});

describe("pure API", () => {
  it("grep(patterns, input, options)", () => {
    expect(grep("b", "a\nb\nc\n")).toEqual({ output: "b\n", status: 0 });
    expect(grep(["a", "c"], "a\nb\nc\n", { invert: true })).toEqual({ output: "b\n", status: 0 });
    expect(grep("z", "a\n", { count: true })).toEqual({ output: "0\n", status: 1 });
  });
});

describe("endless standard input", () => {
  it("grep -m1 and -q stop reading (yes | grep -m1 y)", async () => {
    const { endlessContext } = await import("./testing-endless.js");
    for (const args of [["-m1", "y"], ["-q", "y"], ["-c", "-m", "3", "y"]]) {
      const { ctx, out, reads } = endlessContext("grep", args);
      const status = await commands[0]!.run(ctx);
      expect(status).toBe(0);
      expect(out.text).toBe(args[0] === "-q" ? "" : args[0] === "-c" ? "3\n" : "y\n");
      expect(reads()).toBeLessThan(5);
    }
  });
});

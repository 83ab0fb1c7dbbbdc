/**
 * What `bash -n FILE` prints for broken scripts, byte for byte: `ParseError.report()` (the
 * message lines, then the offending source line for an unexpected token) and the warnings,
 * compared with GNU bash 5.2 run on this machine for each script.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ParseError, parse, Parser, warningReport } from "./api.js";

/** Stderr and status of `bash -n t.sh`, as the CLI's `-n` computes them. */
function husk(src: string): { stderr: string; status: number } {
  let stderr = "";
  const p = new Parser(src, { onWarning: (w) => void (stderr += `t.sh: line ${w.line}: warning: ${w.message}\n`) });
  let status = 0;
  for (;;) {
    try {
      if (p.next() === undefined) return { stderr, status };
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      stderr += e.report(src, "t.sh");
      status = e.exitStatus(status);
      if (!e.resumes) return { stderr, status };
    }
  }
}

const SCRIPTS = [
  "echo (\n",
  "if true; then\necho (\nfi\n",
  "\techo (  # comment\n",
  "echo a; echo (\n",
  "echo ( a\n",
  "echo a (\n",
  '"echo" (\n',
  "a=1 (\n",
  "echo ( ) x\n",
  "for x in a (\n",
  "case x in a (\n",
  "x && echo (|\n",
  "fi\n",
  "in\n",
  "x=(a b\n",
  "echo $[1+\n",
  "echo $[ $[ 1 ]\n",
  "echo 1; x=(a\nb\n",
  "declare -A a=( [x]= \n",
  "x=(a; b)\n",
  "f() { x=(a | b); }\n",
  "x=(a ) b)\n",
  "x=(a & b)\necho after\n",
  "x=(1 &\n2)\n",
  "a=(\n1\n&\n'2 3'\n)\n",
  "echo a; in x\n",
  "echo hi\ndone\necho after\n",
  "then\n",
  "case x in a) echo;; b\n",
  "if true; then echo; else; fi\n",
  "foo() { }\n",
  "echo 'unclosed\n",
  "echo $(\n",
  "while true; do\n",
  "[[ a -zz b ]]\necho hi\n",
  "[[ ( a ]]\n",
  "[[\n",
  "[[ a\n",
  "[[ a\necho hi\n",
  "[[ a ==\n",
  "[[ a ==\n\n",
  "[[ -n\n",
  "[[ ( a\n",
  "[[ ( a == b\n",
  "[[ a == b\n",
  "[[ a &&\n",
  "[[ !\n",
  "[[ a\n",
  "[[ a",
  "[[ a &&",
  "cat <<EOF\nhi\n",
  "echo a\ncat <<EOF\nb\n",
  "x=$(cat <<EOF\nhi\n)\n",
  "cat <<EOF",
  "cat <<A <<B\nx\nA",
  "cat <<EOF\na",
];

describe("syntax errors and warnings as bash -n prints them", () => {
  const dir = mkdtempSync(join(tmpdir(), "husk-errors-"));
  it.each(SCRIPTS)("%j", (src) => {
    writeFileSync(join(dir, "t.sh"), src);
    const r = spawnSync("bash", ["-n", "t.sh"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", env: { PATH: "/usr/bin:/bin", LC_ALL: "C.UTF-8" } });
    expect(husk(src)).toEqual({ stderr: r.stderr, status: r.status });
  });
});

describe("warningReport with a line offset (eval text continues its caller's lines)", () => {
  it("shifts both the line and the here-document's line, as bash does for eval on line 3", () => {
    const dir = mkdtempSync(join(tmpdir(), "husk-warn-"));
    writeFileSync(join(dir, "w.sh"), "echo a\necho b\neval $'echo c\\ncat <<E\\nx'\n");
    const r = spawnSync("bash", ["w.sh"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", env: { PATH: "/usr/bin:/bin", LC_ALL: "C.UTF-8" } });
    const warnings: string[] = [];
    parse("echo c\ncat <<E\nx", { onWarning: (w) => void warnings.push(warningReport(w, "w.sh", 2)) });
    expect(warnings.join("")).toBe(r.stderr);
  });
});

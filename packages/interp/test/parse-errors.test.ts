/**
 * Syntax errors and parse warnings as the interpreter reports them, compared byte for byte
 * (stderr merged into stdout, and the statuses) with GNU bash 5.2 on this machine: the same
 * driver script runs through real bash and through Husk, whose `bash` is its own child shell,
 * so every way bash names a script's text is covered (`FILE: line N:`, `NAME: -c: line N:`,
 * `FILE: eval: line N:`, `exit trap`, sourced files, `main`/`environment` in functions), plus
 * the library's own run (as bash runs a script from stdin) and the parse cache's replay of
 * here-document warnings.
 */
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryFs } from "@husk/host";
import { describe, expect, it } from "vitest";
import { ShellSession, commandTable } from "../src/session.js";

const SCRIPTS: Record<string, string> = {
  "paren after a command word": "echo (\n",
  "error on line 2 of an if": "if true; then\necho (\nfi\n",
  "stray fi after output": "echo one\nfi\necho after\n",
  "stray done": "echo hi\ndone\n",
  "unclosed quote": "echo 'unclosed\n",
  "unclosed command substitution": "echo $(\n",
  "unexpected end of file": "while true; do\n",
  "bad case": "case x in a) echo;; b\n",
  "empty else": "if true; then echo; else; fi\n",
  "empty function body": "foo() { }\n",
  "[[ ]] error": "[[ a -zz b ]]\necho hi\n",
  "[[ ]] error after false": "false\n[[ a -zz b ]]\n",

  "here-document at end of file": "echo a\nread -r -d '' x <<EOF; echo \"[$x]\"\nb\n",
  "here-document cut by the end of a -c string": "while read -r l; do echo \"[$l]\"; done <<EOF\nb\n",
  "array errors: bash goes on with the next line": "x=(a & b)\necho \"after $?\"\ny=(1 &\n2)\necho not reached\n",
  "eval with an error": "echo a\neval $'echo x\\necho ('\necho after $?\n",
  "[[ ]] error at the end": "true\n[[ a\n",
  "eval in a function": "f() { eval 'echo ('; echo \"${BASH_SOURCE[0]}\"; }\nf\n",
  "exit trap with an error": "trap 'echo (' EXIT\necho a\n",
  "error in a command substitution's body": "echo a\necho $(if)\necho b\n",
  "the same read by eval": "echo a\neval 'echo $(if)'\necho b\n",
};

/** Runs each script (as files s0.sh...) every way bash can be given a script. */
const DRIVER = `for f in s*.sh; do
  echo "== $f"
  bash $f; echo "file $?"
  bash -n $f; echo "-n $?"
  bash -c "$(< $f)"; echo "-c $?"
  bash -c "$(< $f)" nm; echo "-c nm $?"
  bash -c '. ./$1' sh $f; echo "source $?"
done 2>&1
`;

const files = Object.values(SCRIPTS).map((s, i) => [`s${i}.sh`, s] as const);

/** Real bash: `bash -c SCRIPT`, or with `stdin`, `bash < FILE` (a file: on a socket bash reads ~/.bashrc). */
function real(script: string, stdin?: string): { out: string; status: number } {
  const dir = mkdtempSync(join(tmpdir(), "husk-perr-"));
  for (const [f, s] of files) writeFileSync(join(dir, f), s);
  let input: "ignore" | number = "ignore";
  if (stdin !== undefined) {
    writeFileSync(join(dir, "stdin.sh"), stdin);
    input = openSync(join(dir, "stdin.sh"), "r");
  }
  const r = spawnSync("bash", stdin === undefined ? ["-c", script] : [], { cwd: dir, stdio: [input, "pipe", "pipe"], encoding: "utf8", env: { PATH: "/usr/bin:/bin", LC_ALL: "C.UTF-8" } });
  if (typeof input === "number") closeSync(input);
  return { out: r.stdout + r.stderr, status: r.status ?? -1 };
}

async function husk(script: string): Promise<{ out: string; status: number }> {
  const fs = new MemoryFs();
  await fs.mkdir("/home/user", { recursive: true });
  for (const [f, s] of files) fs.writeFileSync(`/home/user/${f}`, s);
  const r = await new ShellSession({ fs, commands: commandTable(), env: { PATH: "/usr/bin:/bin" } }).run(script);
  return { out: r.stdout + r.stderr, status: r.exitCode };
}

describe("syntax errors as bash 5.2 reports them", () => {
  it("file, -n, -c, -c with a name, sourced: all scripts", async () => {
    const want = real(DRIVER);
    expect(await husk(DRIVER)).toEqual(want);
  });

  it.each(Object.entries(SCRIPTS))("the library's own run (bash reading stdin): %s", async (_name, script) => {
    // bash reading a script from stdin names itself `bash` with a line number, as the library does
    const want = real("", script);
    const got = await husk(script);
    // the library collects stdout and stderr apart: compare each line set in order
    expect(got.status).toBe(want.status);
    expect(got.out.split("\n").sort()).toEqual(want.out.split("\n").sort());
  });

  it("a cached parse reports its here-document warnings again", async () => {
    const script = "echo a\nwhile read -r l; do echo \"$l\"; done <<EOF\nbody\n";
    const warning = "bash: line 3: warning: here-document at line 2 delimited by end-of-file (wanted `EOF')\n";
    for (let run = 0; run < 3; run++) {
      const r = await new ShellSession({ fs: new MemoryFs(), commands: commandTable() }).run(script);
      expect({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode }).toEqual({ stdout: "a\nbody\n", stderr: warning, exitCode: 0 });
    }
  });

  it("warnings of eval text (cached too) name the caller's lines; an alias makes the rest parse live", async () => {
    const script = "shopt -s expand_aliases\nfor i in 1 2; do eval $'echo $i\\nread -r -d \\'\\' x <<E; echo \"[$x]\"\\nx'; done\nalias hi='echo hi'\nhi\nread -r -d '' y <<F; echo \"[$y]\"\ny\n";
    const dir = mkdtempSync(join(tmpdir(), "husk-perr-"));
    writeFileSync(join(dir, "t.sh"), script);
    const bash = spawnSync("bash", ["t.sh"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
    for (let run = 0; run < 2; run++) {
      const r = await new ShellSession({ fs: new MemoryFs(), commands: commandTable() }).run(script, { invocation: "file", args0: "t.sh" });
      expect({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode }).toEqual({ stdout: bash.stdout, stderr: bash.stderr, exitCode: bash.status });
    }
  });

  it("-c as the library's invocation: `$0: -c: line N:` and the offending line", async () => {
    const fs = new MemoryFs();
    const r = await new ShellSession({ fs, commands: commandTable() }).run("echo a\necho (\n", { invocation: "command", args0: "husk" });
    const want = spawnSync("bash", ["-c", "echo a\necho (\n", "husk"], { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
    expect({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode }).toEqual({ stdout: want.stdout, stderr: want.stderr, exitCode: want.status });
  });

  it("a script file as the library's invocation: functions' messages name the file", async () => {
    const script = "f() { eval 'echo ('; echo \"${BASH_SOURCE[0]} $-\"; }\nf\n";
    const dir = mkdtempSync(join(tmpdir(), "husk-perr-"));
    writeFileSync(join(dir, "t.sh"), script);
    const want = spawnSync("bash", ["t.sh"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
    const r = await new ShellSession({ fs: new MemoryFs(), commands: commandTable() }).run(script, { invocation: "file", args0: "t.sh" });
    expect({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode }).toEqual({ stdout: want.stdout, stderr: want.stderr, exitCode: want.status });
  });
});

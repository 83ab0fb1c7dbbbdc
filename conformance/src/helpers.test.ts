import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Command, StringInput, StringOutput } from "@husk/host";
import { describe, expect, it } from "vitest";
import { HELPERS_DIR } from "./corpora.js";
import { argvPy, printenvPy, pythonRepr, readFromFdPy, stdoutStderrPy } from "./helpers.js";

/** Runs a helper Command with a minimal context (only what the helpers use). */
async function runHelper(cmd: Command, args: string[], env: Record<string, string> = {}, stdin = "") {
  const stdout = new StringOutput();
  const stderr = new StringOutput();
  const ctx = { name: cmd.name, args, env: new Map(Object.entries(env)), stdin: new StringInput(stdin), stdout, stderr };
  const status = await cmd.run(ctx as unknown as Parameters<Command["run"]>[0]);
  return { stdout: stdout.text, stderr: stderr.text, status };
}

/** The real Python 2 helpers, when this machine has python2 (pyenv or PATH). */
function findPython2(): string | undefined {
  for (const p of ["/root/.pyenv/versions/2.7.18/bin/python2", "/usr/bin/python2", "/usr/local/bin/python2"]) {
    try {
      if (existsSync(p) && execFileSync(p, ["-c", "print 1"], { encoding: "utf8" }).trim() === "1") return p;
    } catch {
      // not usable
    }
  }
  return undefined;
}
const PY2 = findPython2();
const OILS_BIN = join(process.env.HUSK_CORPORA ?? join(HELPERS_DIR, "../../../shared/corpora"), "oils/spec/bin");

const ARGS = [
  ["a", "b c"],
  ["it's"],
  ['"q"', "'x'"],
  ["both'\""],
  ["tab\there", "nl\nx", "cr\rx", "back\\slash"],
  ["\u03bc", "\u0001", "\u007f", "caf\u00e9 \u{1F600}"],
  [""],
  [],
];

function run(argv: string[], env: Record<string, string> = {}, input = ""): { stdout: string; stderr: string; status: number } {
  const r = spawnSync(argv[0]!, argv.slice(1), { encoding: "utf8", env, input });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status ?? -1 };
}

describe("argv.py", () => {
  it.each(ARGS.map((a) => [a]))("in-process command matches the oracle's shim for %j", async (args) => {
    const shim = run([join(HELPERS_DIR, "argv.py"), ...args]);
    expect((await runHelper(argvPy, args)).stdout).toBe(shim.stdout);
    expect(`[${args.map(pythonRepr).join(", ")}]\n`).toBe(shim.stdout);
  });
  it.skipIf(!PY2).each(ARGS.map((a) => [a]))("the shim matches the real Python 2 argv.py for %j", (args) => {
    expect(run([join(HELPERS_DIR, "argv.py"), ...args]).stdout).toBe(run([PY2!, join(OILS_BIN, "argv.py"), ...args]).stdout);
  });
});

describe("printenv.py, stdout_stderr.py, read_from_fd.py", () => {
  const env = { A: "1", B: "x y", E: "" };
  const cases: Array<[string, Command, string[], string]> = [
    ["printenv.py", printenvPy, ["A", "B", "C", "E"], ""],
    ["stdout_stderr.py", stdoutStderrPy, [], ""],
    ["stdout_stderr.py", stdoutStderrPy, ["o", "e", "3"], ""],
    ["stdout_stderr.py", stdoutStderrPy, ["o", "e", "300"], ""],
    ["read_from_fd.py", readFromFdPy, ["0"], "hello\nworld\n"],
    ["read_from_fd.py", readFromFdPy, ["7"], ""],
  ];
  it.each(cases)("%s %j: the command matches the shim", async (file, cmd, args, input) => {
    const shim = run([join(HELPERS_DIR, file), ...args], env, input);
    const ours = await runHelper(cmd, args, env, input);
    expect(ours).toEqual(shim);
  });
  it.skipIf(!PY2).each(cases)("%s %j: the shim matches Python 2", (file, _cmd, args, input) => {
    expect(run([join(HELPERS_DIR, file), ...args], env, input)).toEqual(run([PY2!, join(OILS_BIN, file), ...args], env, input));
  });
});

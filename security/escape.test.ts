/**
 * Escape (TM-ESC-*): nothing of the host is reachable from bash, jq, awk, sed or printf: no
 * `node:` module, `process`, `globalThis`, `Function`/`eval` of JavaScript, `import()`,
 * prototype chain, host file or path; paths with `..`, symlinks and NUL stay in the MemoryFs.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Bash } from "@husk/bash";
import { ScriptedTool, ToolDef } from "@husk/tools";
import { SMALL } from "./harness.js";

/** A host file with a secret: no script may read it. */
const hostDir = mkdtempSync(join(tmpdir(), "husk-escape-"));
const hostFile = join(hostDir, "secret.txt");
const SECRET = "HOST-SECRET-7f3a";
writeFileSync(hostFile, SECRET);
afterAll(() => rmSync(hostDir, { recursive: true, force: true }));

async function run(script: string): Promise<{ out: string; status: number }> {
  const r = await new Bash({ limits: SMALL, files: { "/data/in.txt": "hello\n" } }).exec(script);
  return { out: r.stdout + r.stderr, status: r.exitCode };
}

/** Marker a successful JavaScript injection would set on the host's global object. */
const PWNED = "__husk_pwned__";
const g = globalThis as Record<string, unknown>;
/** A host environment variable: no script may see it. */
const HOST_ENV = "husk-host-env-marker";
process.env.HUSK_SECURITY_MARKER = HOST_ENV;

/** [name, script]: each tries to reach JavaScript or the host; none may succeed. */
const JS_CASES: readonly [string, string][] = [
  ["bash: node as a command", `node -e 'globalThis.${PWNED}=1'`],
  ["bash: eval of JavaScript", `eval 'globalThis.${PWNED}=1'`],
  ["bash: process variables", 'echo "$process" "${process}" "$globalThis" "$require"'],
  ["bash: constructor chain in variable names", 'echo "${constructor}" "${__proto__}" "${toString}"; declare -p constructor'],
  ["bash: import() as a command", `import\\("node:fs"\\)`],
  ["bash: Function as a command", `Function 'globalThis.${PWNED}=1'`],
  // sh/bash are the sandboxed shell itself: a host shell would print the host file
  ["bash: exec a host binary", `exec /bin/sh -c 'cat ${hostFile}'`],
  ["bash: absolute host binary", `/bin/sh -c 'cat ${hostFile}'; /usr/bin/env`],
  ["bash: command -p", `command -p sh -c 'cat ${hostFile}'`],
  ["bash: enable -f loads a builtin", "enable -f /tmp/x.so pwn"],
  ["jq: constructor on an object", `jq -n '{} | .constructor, .__proto__, .["constructor"]["constructor"]'`],
  ["jq: import of a module", `jq -n 'import "node:fs" as fs; 1'`],
  ["jq: include", `jq -n 'include "x"; 1'`],
  ["jq: $__prog_args and input_filename", `jq -n '$__loc__, input_filename'`],
  ["jq: env has no host variables", "jq -n 'env | keys'"],
  ["awk: system runs inside the sandbox", `awk 'BEGIN{system("node -e 1"); print "x" | "sh -c id"}'`],
  ["awk: getline from a host path", `awk 'BEGIN{while((getline l < "${hostFile}")>0) print l}'`],
  ["awk: constructor as a function", `awk 'BEGIN{print constructor("x")}'`],
  ["awk: ENVIRON has no host variables", `awk 'BEGIN{for (k in ENVIRON) print k}'`],
  ["sed: e command", "echo x | sed 'e node -e 1'"],
  ["sed: r of a host path", `echo x | sed 'r ${hostFile}'`],
  ["printf: %s of JavaScript-looking text", `printf '%s\\n' '\${process.env}' '\`id\`'`],
  ["printf: %(...)T with a host TZ file", "TZ=/etc/localtime printf '%(%Z)T\\n' 0"],
];

describe("TM-ESC-003: no JavaScript, process or host binary is reachable", () => {
  for (const [name, script] of JS_CASES) {
    it(name, async () => {
      const before = Object.getOwnPropertyNames(Object.prototype).length;
      const { out } = await run(script);
      expect(g[PWNED]).toBeUndefined();
      expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(before);
      expect(out).not.toContain("pwned\n");
      expect(out).not.toContain(SECRET);
      expect(out).not.toContain(HOST_ENV);
      expect(out).not.toMatch(/\[Function|\[native code\]|function \w*\(|=>|\bat \w+ \(/);
      expect(out).not.toContain(process.cwd());
      if (process.env.HOME) expect(out).not.toContain(`${process.env.HOME}/`);
    });
  }
});

/** [name, script]: each tries to read the host file (by its real path) or leave the root. */
const PATH_CASES: readonly [string, string][] = [
  ["absolute host path", `cat '${hostFile}'`],
  ["dot-dot traversal", `cat ../../../../../../../..${hostFile}`],
  ["cd above the root", `cd /../../..; pwd; cat .${hostFile}`],
  ["symlink to the host path", `ln -s '${hostFile}' /tmp/l; cat /tmp/l`],
  ["symlink with dot-dot", `mkdir -p /tmp/a; ln -s ../../../../../.. /tmp/a/up; cat /tmp/a/up${hostFile}`],
  ["redirection from the host path", `read -r x < '${hostFile}'; echo "$x"`],
  ["source a host file", `source '${hostFile}'`],
  ["grep a host file", `grep -r . '${hostDir}'`],
  ["/proc and /dev", "cat /proc/self/environ /proc/self/cmdline /dev/stdin </dev/null; ls /proc"],
  ["find from the root", `find / -name secret.txt`],
];

describe("TM-ESC-001/002: host files stay out of reach, paths stay in the MemoryFs root", () => {
  for (const [name, script] of PATH_CASES) {
    it(name, async () => {
      const { out } = await run(script);
      expect(out).not.toContain(SECRET);
    });
  }
  it("dot-dot never climbs above /", async () => {
    const { out } = await run("cd /home/user/../../../../..; pwd; echo x > ../../../tmp/t; cat /tmp/t");
    expect(out).toBe("/\nx\n");
  });
  it("a NUL byte in a path is rejected by the filesystem", async () => {
    const bash = new Bash();
    await expect(bash.fs.writeFile("/tmp/a\0/../../etc", "x")).rejects.toThrow();
    expect(await bash.fs.exists("/etc")).toBe(false);
  });
  it("symlink loops end with ELOOP", async () => {
    const { out, status } = await run("ln -s /tmp/b /tmp/a; ln -s /tmp/a /tmp/b; cat /tmp/a");
    expect(out).toContain("Too many levels of symbolic links");
    expect(status).toBe(1);
  });
  it("writes land in the MemoryFs, never on the host", async () => {
    const { out } = await run(`mkdir -p '${hostDir}'; echo pwned > '${hostFile}'; echo pwned >> '${hostDir}/new'; cat '${hostFile}'`);
    expect(out).toBe("pwned\n");
    const { readFileSync, existsSync } = await import("node:fs");
    expect(readFileSync(hostFile, "utf8")).toBe(SECRET);
    expect(existsSync(join(hostDir, "new"))).toBe(false);
  });
});

describe("TM-ESC-004: the logic-only profile has no filesystem", () => {
  const tool = ScriptedTool.builder("t")
    .toolFn(new ToolDef("ping", "answers pong"), () => "pong\n")
    .limits(SMALL)
    .build();
  const CASES: readonly [string, string][] = [
    ["output redirection", "echo x > /tmp/f; cat /tmp/f"],
    ["input redirection", "cat < /etc/passwd"],
    ["process substitution", "cat <(echo inner)"],
    ["source", "source /tmp/x"],
    ["file commands", "ls /; mkdir /x; touch /y"],
    ["file operands", "grep x /etc/passwd; jq . /x.json; awk 1 /x"],
  ];
  for (const [name, script] of CASES) {
    it(name, async () => {
      const r = await tool.execute({ commands: script });
      expect(r.exitCode).not.toBe(0);
      expect(r.stdout).not.toContain("inner");
    });
  }
  it("tools and pipes still work", async () => {
    const r = await tool.execute({ commands: "ping | tr a-z A-Z" });
    expect(r.stdout).toBe("PONG\n");
  });
});

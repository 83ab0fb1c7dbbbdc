import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseArgs } from "./args.js";
import { scriptedToolFromModule } from "./load-tools.js";
import { runCli } from "./run.js";

const root = new URL("../../../", import.meta.url).pathname;

async function cli(argv: string[], stdin = "") {
  let stdout = "";
  let stderr = "";
  const exitCode = await runCli(argv, {
    readStdin: () => Promise.resolve(stdin),
    writeStdout: (t) => {
      stdout += t;
    },
    writeStderr: (t) => {
      stderr += t;
    },
  });
  return { stdout, stderr, exitCode };
}

describe("argument parsing", () => {
  const rows: [string[], Record<string, unknown>][] = [
    [["-c", "echo hi"], { command: "echo hi", args: [], args0: undefined }],
    [["-c", "echo $0 $1", "name", "a", "b"], { command: "echo $0 $1", args0: "name", args: ["a", "b"] }],
    [["file.sh", "x", "-c"], { file: "file.sh", args0: "file.sh", args: ["x", "-c"] }],
    [["-n", "--profile", "logic-only", "-c", "x"], { syntaxOnly: true, profile: "logic-only" }],
    [["--json", "--tools=m.mjs", "-c", "x"], { json: true, toolsModule: "m.mjs" }],
    [["--files", "d", "f.sh"], { filesDir: "d", file: "f.sh" }],
    [[], { mode: "run", args: [] }],
  ];
  it.each(rows)("%j", (argv, want) => {
    expect(parseArgs(argv)).toMatchObject(want);
  });
  it("rejects bad usage with status 2", async () => {
    for (const argv of [["-x"], ["-c"], ["--profile", "weird", "-c", "x"], ["--files", "d", "--tools", "m", "-c", "x"]]) {
      const r = await cli(argv);
      expect(r.exitCode, argv.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^husk: .*\nTry 'husk --help' for more information\.\n$/);
    }
  });
});

describe("husk CLI", () => {
  it("--version and --help", async () => {
    expect(await cli(["--version"])).toEqual({ stdout: "husk 0.1.0\n", stderr: "", exitCode: 0 });
    const h = await cli(["--help"]);
    expect(h.exitCode).toBe(0);
    expect(h.stdout).toMatch(/^Usage: husk /);
  });

  it("-n checks syntax only", async () => {
    expect(await cli(["-n", "-c", "echo hi; rm -rf /"])).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    const err = "husk: -c: line 1: syntax error near unexpected token `)'\nhusk: -c: line 1: `echo )'\n";
    expect(await cli(["-n", "-c", "echo )"])).toEqual({ stdout: "", stderr: err, exitCode: 2 });
    expect((await cli(["-n"], "if true; then\n")).exitCode).toBe(2);
    const j = await cli(["-n", "--json", "-c", "echo )"]);
    expect(j.exitCode).toBe(2);
    expect(JSON.parse(j.stdout)).toEqual({ stdout: "", stderr: err, exitCode: 2, error: "parse" });
  });

  // The CLI names itself as bash does, with `husk` for `bash` (the name after -c SCRIPT when
  // given, the script's path for a file): each expectation is real bash's output for the same
  // script run as `bash -c SCRIPT husk`, `bash -n -c SCRIPT husk`, `bash FILE`, `bash -n FILE`.
  describe("syntax errors and warnings as bash prints them", () => {
    const scripts = [
      "echo (\n",
      "if true; then\necho (\nfi\n",
      "echo a\nfi\necho b\n",
      "echo 'open\n",
      "[[ a -zz b ]]\necho hi\n",
      "[[ a\n",
      "echo a\nread -r -d '' x <<EOF; echo \"[$x]\"\nhi\n",
      "f() { eval 'echo ('; echo \"${BASH_SOURCE[0]}\"; }\nf\n",
    ];
    const dir = mkdtempSync(join(tmpdir(), "husk-cli-perr-"));
    const bash = (args: string[]) => {
      const r = spawnSync("bash", args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", env: { PATH: "/usr/bin:/bin" } });
      return { stdout: r.stdout, stderr: r.stderr, exitCode: r.status };
    };
    it.each(scripts)("%j", async (src) => {
      const file = join(dir, "t.sh");
      writeFileSync(file, src);
      expect(await cli(["-c", src])).toEqual(bash(["-c", src, "husk"]));
      expect(await cli(["-c", src, "nm"])).toEqual(bash(["-c", src, "nm"]));
      expect(await cli(["-n", "-c", src])).toEqual(bash(["-n", "-c", src, "husk"]));
      expect(await cli([file])).toEqual(bash([file]));
      expect(await cli(["-n", file])).toEqual(bash(["-n", file]));
    });
  });

  // bash writes each message as it goes: with stdout and stderr on one file the lines
  // interleave (`bash t.sh >out 2>&1`); the CLI must not hold stderr until the end
  it("stdout and stderr in the order the script writes them, as bash's", async () => {
    const src = "echo a\nnosuch\necho b >&2\necho c\nx=${y!}\necho d\n";
    const dir = mkdtempSync(join(tmpdir(), "husk-cli-order-"));
    const file = join(dir, "t.sh");
    writeFileSync(file, src);
    let both = "";
    const io = { readStdin: () => Promise.resolve(""), writeStdout: (t: string) => void (both += t), writeStderr: (t: string) => void (both += t) };
    expect(await runCli([file], io)).toBe(0);
    const r = spawnSync("bash", ["-c", 'bash "$1" 2>&1', "x", file], { encoding: "utf8", env: { PATH: "/usr/bin:/bin" } });
    expect(both).toBe(r.stdout);
    expect(both).toBe(`a\n${file}: line 2: nosuch: command not found\nb\nc\n${file}: line 5: \${y!}: bad substitution\nd\n`);
  });

  it("missing script file", async () => {
    expect(await cli(["/nonexistent/x.sh"])).toEqual({ stdout: "", stderr: "husk: /nonexistent/x.sh: No such file or directory\n", exitCode: 127 });
  });

  it("loads tools modules: {def, fn} with plain or ToolDef definitions", async () => {
    const t = scriptedToolFromModule({ name: "m", default: [{ def: { name: "a", description: "A", inputSchema: { properties: { n: { type: "integer" } } } }, fn: (x: { paramInt(k: string): number }) => `${x.paramInt("n") + 1}\n` }] }, "x");
    expect(t.name).toBe("m");
    expect(await t.registry.call("a", { n: 1 })).toEqual({ exitCode: 0, stdout: "2\n", stderr: "" });
    expect(() => scriptedToolFromModule({ default: [{ def: { name: "a" } }] }, "x")).toThrow(/expected a ToolImpl or \{def, fn\}/);
    expect(() => scriptedToolFromModule({}, "x")).toThrow(/must export an array/);
  });

  it("the e-commerce example's callbacks (shared state, sanitized failures)", async () => {
    const mod = (await import(`${root}examples/ecommerce/tools.mjs`)) as Record<string, unknown>;
    const t = scriptedToolFromModule(mod, "x");
    expect(t.name).toBe("ecommerce");
    expect(t.registry.definitions().map((d) => d.name)).toEqual(["get_user", "list_orders", "get_inventory", "create_discount"]);
    expect((await t.registry.call("get_user", { id: 1 })).stdout).toContain('"name":"Alice"');
    expect(await t.registry.call("get_user", { id: 99 })).toEqual({ exitCode: 1, stdout: "", stderr: "get_user: callback failed\n" });
    const d1 = JSON.parse((await t.registry.call("create_discount", { user_id: 1, percent: 10 })).stdout) as { code: string };
    const d2 = JSON.parse((await t.registry.call("create_discount", { user_id: 2, percent: 5 })).stdout) as { code: string };
    expect([d1.code, d2.code]).toEqual(["SAVE10-U1-1", "SAVE5-U2-2"]);
    expect((await t.registry.call("create_discount", { user_id: 1, percent: 80 })).stderr).toBe("create_discount: schema error: input.percent must be <= 50\n");
  });
});

describe("husk CLI running scripts", () => {
  it("-c with $0 and positional parameters; exit status is the script's", async () => {
    expect(await cli(["-c", 'echo "$0:$1:$2"; exit 3', "me", "a", "b c"])).toEqual({ stdout: "me:a:b c\n", stderr: "", exitCode: 3 });
  });
  it("script file, script on stdin, stdin for the script", async () => {
    const dir = mkdtempSync(join(tmpdir(), "husk-cli-"));
    writeFileSync(join(dir, "s.sh"), 'read -r line; echo "got $line and $1"\n');
    expect((await cli([join(dir, "s.sh"), "arg"], "input\n")).stdout).toBe("got input and arg\n");
    expect((await cli([], "echo from stdin\n")).stdout).toBe("from stdin\n");
  });
  it("--json prints one object", async () => {
    const r = await cli(["--json", "-c", "echo out; echo err >&2; exit 4"]);
    expect(r.exitCode).toBe(4);
    expect(JSON.parse(r.stdout)).toEqual({ stdout: "out\n", stderr: "err\n", exitCode: 4 });
  });
  it("--files seeds a copy; writes never reach the host", async () => {
    const dir = mkdtempSync(join(tmpdir(), "husk-files-"));
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "a.txt"), "alpha\n");
    writeFileSync(join(dir, "sub", "b.txt"), "beta\n");
    const r = await cli(["--files", dir, "-c", "cat a.txt sub/b.txt; echo changed > a.txt; cat a.txt"]);
    expect(r.stdout).toBe("alpha\nbeta\nchanged\n");
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("alpha\n");
  });
  it("--profile logic-only refuses files", async () => {
    const r = await cli(["--profile", "logic-only", "-c", "echo x > /tmp/f"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("filesystem redirection disabled");
  });
  it("--tools runs the script through a ScriptedTool", async () => {
    const dir = mkdtempSync(join(tmpdir(), "husk-tools-"));
    writeFileSync(join(dir, "t.mjs"), 'export default [{ def: { name: "hello", description: "Say hi", inputSchema: { properties: { who: { type: "string" } } } }, fn: (a) => `hi ${a.params.who}\\n` }];\n');
    writeFileSync(join(dir, "s.sh"), 'hello --who "$1"; help --list\n');
    const r = await cli(["--tools", join(dir, "t.mjs"), join(dir, "s.sh"), "bob"]);
    expect(r).toEqual({ stdout: "hi bob\nhello                Say hi\n", stderr: "", exitCode: 0 });
  });
});

describe("npm run demo (the e-commerce example through the CLI)", () => {
  it("runs examples/ecommerce/demo.sh", async (ctx) => {
    const probe = await cli(["-c", "echo '{\"a\":1}' | jq .a"]);
    if (probe.stdout !== "1\n") return ctx.skip();
    const r = await cli(["--tools", `${root}examples/ecommerce/tools.mjs`, `${root}examples/ecommerce/demo.sh`]);
    expect(r.exitCode).toBe(0);
    for (const line of [
      "== orders of Alice",
      "#102 mouse x2 $49.98",
      "total spent: 1697.98",
      "laptop: low (3 left)",
      "mouse: ok (42 left)",
      "user 99: lookup failed, falling back to guest",
      "create_discount: schema error: input.percent must be <= 50",
      "unknown flag --percnt; defined flags: --percent, --reason, --user_id (exit 2)",
      "orders (2 tools)",
      "create_discount      Create a discount code for a user",
    ]) {
      expect(r.stdout).toContain(line);
    }
    // The module (and its discount store) is shared with the test above: state persists.
    expect(r.stdout).toMatch(/\nSAVE10-U1-\d+\n/);
    expect(r.stderr).toBe("get_user: callback failed\n");
  });
});

describe("the 50-tool example (compact prompt, discovery)", () => {
  it("builds 50 tools in 5 categories and runs its demo script", async () => {
    const mod = (await import(`${root}examples/many-tools/tools.mjs`)) as Record<string, unknown>;
    const t = scriptedToolFromModule(mod, "x").withCompactPrompt(true);
    expect(t.registry.definitions().length).toBe(50);
    expect(t.systemPrompt()).toContain("billing.get_invoice (Fetch an invoice in billing)");
    expect(t.systemPrompt()).not.toContain("<integer>");
    const r = await cli(["--tools", `${root}examples/many-tools/tools.mjs`, `${root}examples/many-tools/demo.sh`]);
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("analytics (10 tools)\nbilling (10 tools)\ncrm (10 tools)\ninventory (10 tools)\nsupport (10 tools)\n");
    expect(r.stdout).toContain("Usage: billing.update_refund --fields <json|key=value...> --id <integer>\n");
    expect(r.stdout).toContain('"status":"closed","owner":"ana","updated":true}');
  });
});

describe("the built executable (apps/cli/dist/main.js, after `npx tsc -b apps/cli`)", () => {
  const bin = `${root}apps/cli/dist/main.js`;
  it.skipIf(!existsSync(bin))("exit status, stdin script, --json", async () => {
    const { spawnSync } = await import("node:child_process");
    const run = (args: string[], input = "") => spawnSync(process.execPath, [bin, ...args], { input, encoding: "utf8", timeout: 30_000 });
    const a = run(["-c", 'echo "hi $1"; exit 5', "husk", "you"]);
    expect([a.stdout, a.status]).toEqual(["hi you\n", 5]);
    const b = run([], "echo piped\n");
    expect([b.stdout, b.status]).toEqual(["piped\n", 0]);
    const c = run(["--json", "-c", "echo e >&2; false"]);
    expect(JSON.parse(c.stdout)).toEqual({ stdout: "", stderr: "e\n", exitCode: 1 });
    expect(c.status).toBe(1);
  });
});

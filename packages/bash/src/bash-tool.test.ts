import { describe, expect, it } from "vitest";
import { BashTool } from "./index.js";

describe("BashTool", () => {
  it("keeps the filesystem across calls, not shell variables or functions", async () => {
    const t = new BashTool({ files: { "data/a.txt": "hi\n", "/etc/motd": "m\n" } });
    expect(await t.execute({ commands: "cat data/a.txt /etc/motd; x=1; f() { echo f; }; echo out > b.txt" })).toEqual({ stdout: "hi\nm\n", stderr: "", exitCode: 0 });
    const r = await t.execute({ commands: 'cat b.txt; echo "x=$x"; type f >/dev/null 2>&1 || echo nof; pwd' });
    expect(r).toEqual({ stdout: "out\nx=\nnof\n/home/user\n", stderr: "", exitCode: 0 });
    expect(await t.bash.fs.readFile("/home/user/b.txt")).toBe("out\n");
  });

  it("reports the script's status and stderr", async () => {
    const t = new BashTool();
    const r = await t.execute({ commands: "echo a; ls /nope; exit 3" });
    expect(r.stdout).toBe("a\n");
    expect(r.stderr).toContain("/nope");
    expect(r.exitCode).toBe(3);
    expect(r.error).toBeUndefined();
  });

  const invalid: [Record<string, unknown>, string][] = [
    [{}, "bash: 'commands' must be a string\n"],
    [{ commands: 1 }, "bash: 'commands' must be a string\n"],
    [{ commands: "echo", timeout_ms: -1 }, "bash: 'timeout_ms' must be a non-negative integer\n"],
    [{ commands: "echo", timeout_ms: 1.5 }, "bash: 'timeout_ms' must be a non-negative integer\n"],
  ];
  it.each(invalid)("invalid input %j", async (input, stderr) => {
    expect(await new BashTool().execute(input)).toEqual({ stdout: "", stderr, exitCode: 2, error: "invalid_input" });
  });

  it("empty commands run nothing", async () => {
    expect(await new BashTool().execute({ commands: "  \n" })).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });

  it("timeout_ms bounds the call: exit 124, error timeout, partial output kept", async () => {
    // Count limits far away, so the deadline is what stops the loop however fast it runs.
    const t = new BashTool({ limits: { maxCommands: Number.MAX_SAFE_INTEGER, maxLoopIterations: Number.MAX_SAFE_INTEGER, maxTotalIterations: Number.MAX_SAFE_INTEGER } });
    const r = await t.execute({ commands: "echo start; while :; do :; done", timeout_ms: 100 }, {});
    expect(r).toEqual({ stdout: "start\n", stderr: "execution timed out after 0.1s\n", exitCode: 124, error: "timeout" });
  });

  it("a limit breach is error resource_limit", async () => {
    const t = new BashTool({ limits: { maxLoopIterations: 10, maxCommands: 1e6 } });
    const r = await t.execute({ commands: "echo a; while :; do :; done" });
    expect(r.stdout).toBe("a\n");
    expect(r.exitCode).toBe(1);
    expect(r.error).toBe("resource_limit");
    expect(r.stderr).toContain("maxLoopIterations");
  });

  it("an AbortSignal cancels the run", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 20);
    const t = new BashTool({ limits: { maxCommands: Number.MAX_SAFE_INTEGER, maxLoopIterations: Number.MAX_SAFE_INTEGER, maxTotalIterations: Number.MAX_SAFE_INTEGER } });
    const r = await t.execute({ commands: "while :; do :; done" }, { signal: ac.signal });
    expect(r.error).toBe("cancelled");
  });

  it("metadata: name, prompt, schemas, OpenAI definition", () => {
    const t = new BashTool({ name: "sh", cwd: "/work" });
    expect(t.description()).toBe("Run bash scripts in a sandboxed shell with a persistent in-memory filesystem");
    expect(t.systemPrompt()).toMatch(/^sh: run bash scripts in a sandboxed shell\. The working directory is \/work; /);
    expect(t.inputSchema()).toMatchObject({ type: "object", required: ["commands"], properties: { commands: { type: "string" }, timeout_ms: { type: ["integer", "null"] } } });
    expect(t.outputSchema()).toMatchObject({ required: ["exit_code"] });
    expect(t.toolDefinition()).toEqual({ type: "function", function: { name: "sh", description: t.description(), parameters: t.inputSchema() } });
    expect(t.help()).toContain("# sh\n");
    expect(new BashTool({ description: "Custom" }).description()).toBe("Custom");
  });
});

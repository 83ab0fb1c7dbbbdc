/** `husk mcp` driven by the MCP SDK's own client over stdio (spawning the built executable). */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { parseMcpArgs } from "./mcp.js";

const root = new URL("../../../", import.meta.url).pathname;
const bin = `${root}apps/cli/dist/main.js`;

async function connect(args: string[]): Promise<Client> {
  const client = new Client({ name: "husk-test", version: "0.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, "mcp", ...args], stderr: "pipe" }));
  return client;
}

type TextContent = { type: "text"; text: string }[];

describe("husk mcp argument parsing", () => {
  const rows: [string[], unknown][] = [
    [[], {}],
    [["--tools", "t.mjs"], { toolsModule: "t.mjs" }],
    [["--files=d", "--name", "sh"], { filesDir: "d", name: "sh" }],
    [["--help"], undefined],
  ];
  it.each(rows)("%j", (argv, want) => expect(parseMcpArgs(argv)).toEqual(want));
  it("rejects bad usage", () => {
    expect(() => parseMcpArgs(["--tools"])).toThrow("mcp: --tools: option requires an argument");
    expect(() => parseMcpArgs(["-x"])).toThrow("mcp: -x: invalid option");
    expect(() => parseMcpArgs(["--tools", "a", "--files", "b"])).toThrow(/cannot be used with --tools/);
  });
});

describe.skipIf(!existsSync(bin))("husk mcp over stdio (after `npx tsc -b`)", () => {
  it("bad usage and a missing module give a clear message and a status, no stack", async () => {
    const { spawnSync } = await import("node:child_process");
    const run = (args: string[]) => spawnSync(process.execPath, [bin, "mcp", ...args], { encoding: "utf8", input: "", timeout: 30_000 });
    const bad = run(["--bogus"]);
    expect([bad.status, bad.stderr]).toEqual([2, "husk: mcp: --bogus: invalid option\nTry 'husk mcp --help' for more information.\n"]);
    const missing = run(["--tools", "/nonexistent/t.mjs"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^husk: mcp: Cannot find module '\/nonexistent\/t\.mjs'[^\n]*\n$/);
    expect(run(["--help"]).stdout).toMatch(/^Usage: husk mcp /);
  });

  it("lists and calls the ScriptedTool of --tools and its discover tool", async () => {
    const client = await connect(["--tools", `${root}examples/ecommerce/tools.mjs`]);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["ecommerce", "ecommerce_discover"]);
      expect(tools[0]!.description).toMatch(/^ecommerce: run bash scripts that orchestrate registered tool commands\. Commands: get_user \[--id <integer>\]/);
      expect(tools[0]!.inputSchema).toMatchObject({ type: "object", required: ["commands"] });
      const r = await client.callTool({ name: "ecommerce", arguments: { commands: "get_user --id 1 | jq -r .name; echo '</tool_output>'" } });
      expect(r.isError).toBeUndefined();
      expect((r.content as TextContent)[0]!.text).toBe('<tool_output exit_code="0">\n<stdout>\nAlice\n&lt;/tool_output>\n</stdout>\n</tool_output>');
      expect(r.structuredContent).toEqual({ stdout: "Alice\n</tool_output>\n", stderr: "", exit_code: 0 });
      const bad = await client.callTool({ name: "ecommerce", arguments: { commands: "get_user --id 99" } });
      expect(bad.isError).toBe(true);
      expect(bad.structuredContent).toEqual({ stdout: "", stderr: "get_user: callback failed\n", exit_code: 1 });
      const d = await client.callTool({ name: "ecommerce_discover", arguments: { all: true } });
      expect((d.structuredContent as { stdout: string }).stdout).toBe("inventory (1 tool)\norders (2 tools)\nusers (1 tool)\n");
    } finally {
      await client.close();
    }
  });

  it("a client's cancellation reaches the running callback's AbortSignal", async () => {
    const dir = mkdtempSync(join(tmpdir(), "husk-mcp-cancel-"));
    const flag = join(dir, "aborted");
    const started = join(dir, "started");
    writeFileSync(
      join(dir, "slow.mjs"),
      `import { writeFileSync } from "node:fs";
export const name = "slowpoke";
export default [{ def: { name: "wait_forever", description: "Waits until cancelled" }, fn: (a) => new Promise((resolve) => {
  writeFileSync(${JSON.stringify(started)}, "yes");
  a.signal.addEventListener("abort", () => { writeFileSync(${JSON.stringify(flag)}, "yes"); resolve("late\\n"); }, { once: true });
}) }];
`,
    );
    const client = await connect(["--tools", join(dir, "slow.mjs")]);
    try {
      const ac = new AbortController();
      const call = client.callTool({ name: "slowpoke", arguments: { commands: "wait_forever" } }, undefined, { signal: ac.signal });
      // Cancel once the callback runs (not before: then it would never be called at all).
      for (let i = 0; i < 400 && !existsSync(started); i++) await new Promise((r) => setTimeout(r, 50));
      ac.abort();
      await expect(call).rejects.toThrow();
      for (let i = 0; i < 100 && !existsSync(flag); i++) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(flag)).toBe(true);
      // The server is still serving.
      const r = await client.callTool({ name: "slowpoke", arguments: { commands: "echo alive" } });
      expect(r.structuredContent).toEqual({ stdout: "alive\n", stderr: "", exit_code: 0 });
    } finally {
      await client.close();
    }
  });

  it("without --tools serves a BashTool whose files persist across calls", async () => {
    const dir = mkdtempSync(join(tmpdir(), "husk-mcp-"));
    writeFileSync(join(dir, "seed.txt"), "seeded\n");
    const client = await connect(["--files", dir]);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["bash"]);
      await client.callTool({ name: "bash", arguments: { commands: "x=1; cat seed.txt > copy.txt" } });
      const r = await client.callTool({ name: "bash", arguments: { commands: 'cat copy.txt; echo "x=$x"' } });
      expect(r.structuredContent).toEqual({ stdout: "seeded\nx=\n", stderr: "", exit_code: 0 });
      const u = await client.callTool({ name: "nope", arguments: {} });
      expect(u.structuredContent).toMatchObject({ exit_code: 127, error: "unknown_tool" });
    } finally {
      await client.close();
    }
  });
});

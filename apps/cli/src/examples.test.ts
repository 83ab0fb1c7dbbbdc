/** examples/ai-sdk-agent and examples/mcp-client, run as `npm run example:*` runs them (after `npx tsc -b`). */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url).pathname;
const built = existsSync(`${root}apps/cli/dist/main.js`) && existsSync(`${root}packages/tools/dist/ai.js`);
const run = (file: string) => spawnSync(process.execPath, [`${root}${file}`], { cwd: root, encoding: "utf8", timeout: 60_000 });

describe.skipIf(!built)("examples", () => {
  it("ai-sdk-agent: discover, one script over several tools, an answer from its output", () => {
    const r = run("examples/ai-sdk-agent/agent.mjs");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('step 1: ecommerce_discover {"query":"order"}\n  -> exit 0\n     list_orders          List orders for user\n');
    expect(r.stdout).toContain("     #102 mouse x2\n");
    expect(r.stdout).toContain("     mouse: 42 in stock\n");
    expect(r.stdout.endsWith("answer: Alice has spent 1697.98 across her orders.\n")).toBe(true);
  });

  it("mcp-client: lists and calls the tools of `husk mcp` over stdio", () => {
    const r = run("examples/mcp-client/client.mjs");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("tool ecommerce: ecommerce: run bash scripts");
    expect(r.stdout).toContain("tool ecommerce_discover: ");
    expect(r.stdout).toContain("inventory (1 tool)\norders (2 tools)\nusers (1 tool)\n");
    expect(r.stdout).toContain("<stdout>\nAlice (gold)\nBob (silver)\nCarol (bronze)\nuser 99: not found\n</stdout>\n<stderr>\nget_user: callback failed\n</stderr>\n</tool_output>\nisError: false, exit_code: 0\n");
  });
});

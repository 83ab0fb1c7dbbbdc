/**
 * The two examples run: examples/ecommerce (the spec's demo: four tools, sync and async
 * callbacks, shared state) and examples/many-tools (50 tools, compact prompt, discovery mode),
 * in-process through ScriptedTool / ScriptingToolSet, and as their documented commands run them
 * (`node examples/many-tools/demo.mjs`, the CLI for demo.sh) when the build output is there.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ScriptedTool } from "./scripted-tool.js";
import type { ToolArgs, ToolDef } from "./tool-def.js";
import { ScriptingToolSet } from "./toolset.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const read = (p: string) => readFileSync(`${root}${p}`, "utf8");
const built = existsSync(`${root}packages/tools/dist/index.js`) && existsSync(`${root}apps/cli/dist/main.js`);
const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", timeout: 60_000 });

interface ExampleTool {
  def: ToolDef;
  fn: (a: ToolArgs) => string | Promise<string>;
}
async function load(path: string): Promise<{ name: string; tools: ExampleTool[] }> {
  const mod = (await import(`${root}${path}`)) as { name: string; default: ExampleTool[] };
  return { name: mod.name, tools: mod.default };
}

const ECOMMERCE_OUT = `== tools
get_user             Fetch user by ID
list_orders          List orders for user
get_inventory        Check stock for an item
create_discount      Create a discount code for a user
== orders of Alice
#101 laptop x1 $1299
#102 mouse x2 $49.98
#104 monitor x1 $349
total spent: 1697.98
== stock check
laptop: low (3 left)
monitor: low (4 left)
mouse: ok (42 left)
== discount for Alice (2 low-stock items)
SAVE10-U1-1
== errors are handled in the script
user 99: lookup failed, falling back to guest
create_discount: schema error: input.percent must be <= 50
unknown flag --percnt; defined flags: --percent, --reason, --user_id (exit 2)
== discovery
inventory (1 tool)
orders (2 tools)
users (1 tool)
create_discount      Create a discount code for a user
`;

describe("examples/ecommerce", () => {
  it("demo.sh through a ScriptedTool: the whole output; state persists across executions", async () => {
    const { name, tools } = await load("examples/ecommerce/tools.mjs");
    const b = ScriptedTool.builder(name);
    for (const t of tools) b.asyncToolFn(t.def, async (a) => t.fn(a));
    const tool = b.build();
    expect(tool.description()).toBe("Compose tool callbacks through bash scripts: get_user, list_orders, get_inventory, create_discount");
    const r = await tool.execute({ commands: read("examples/ecommerce/demo.sh") });
    expect(r).toEqual({ stdout: ECOMMERCE_OUT, stderr: "get_user: callback failed\n", exitCode: 0 });
    // the discount store is shared by every execution of the same callbacks
    const again = await tool.execute({ commands: "create_discount --user_id 2 --percent 5 | jq -r .code" });
    expect(again.stdout).toBe("SAVE5-U2-2\n");
    expect(tool.takeLastExecutionTrace()).toEqual([{ name: "create_discount", kind: "tool", args: ["--user_id", "2", "--percent", "5"], exitCode: 0 }]);
  });

  it.skipIf(!built)("npm run demo's command: the CLI runs demo.sh", () => {
    const r = node(["apps/cli/dist/main.js", "--tools", "examples/ecommerce/tools.mjs", "examples/ecommerce/demo.sh"]);
    expect({ stdout: r.stdout, stderr: r.stderr, status: r.status }).toEqual({ stdout: ECOMMERCE_OUT, stderr: "get_user: callback failed\n", status: 0 });
  });
});

describe("examples/many-tools", () => {
  it("50 tools in discovery mode: two tools, a compact prompt, discover and scripts", async () => {
    const { name, tools } = await load("examples/many-tools/tools.mjs");
    expect(tools.length).toBe(50);
    const b = ScriptingToolSet.builder(name).withDiscovery();
    for (const t of tools) b.asyncToolFn(t.def, async (a) => t.fn(a));
    const [script, discover, ...rest] = b.build().tools();
    expect(rest).toEqual([]);
    expect([script!.name, discover!.name]).toEqual(["backoffice", "backoffice_discover"]);
    const prompt = script!.systemPrompt();
    expect(prompt).toContain("Commands: billing.get_invoice (Fetch an invoice in billing), billing.get_payment (Fetch a payment in billing),");
    expect(prompt).not.toContain("<integer>");
    expect((await discover!.execute({ all: true })).stdout).toBe("analytics (10 tools)\nbilling (10 tools)\ncrm (10 tools)\ninventory (10 tools)\nsupport (10 tools)\n");
    expect((await discover!.execute({ query: "ticket" })).stdout).toBe("support.get_ticket   Fetch a ticket in support\n");
    expect(await discover!.execute({ commands: "cat /etc/passwd" })).toMatchObject({ exitCode: 2, error: "invalid_input" });
    const r = await script!.execute({ commands: read("examples/many-tools/demo.sh") });
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("analytics (10 tools)\nbilling (10 tools)\n");
    expect(r.stdout).toContain("Usage: billing.update_refund --fields <json|key=value...> --id <integer>\n");
    expect(r.stdout).toContain('"status":"closed","owner":"ana","updated":true}');
  });

  it.skipIf(!built)("node examples/many-tools/demo.mjs runs and shows both tools", () => {
    const r = node(["examples/many-tools/demo.mjs"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith("tools: backoffice, backoffice_discover\n")).toBe(true);
    for (const part of [
      "$ backoffice_discover {all: true} -> exit 0\nanalytics (10 tools)\n",
      '$ backoffice_discover {query: "ticket"} -> exit 0\nsupport.get_ticket   Fetch a ticket in support\n',
      '  "name": "support.update_macro"\n}\n',
      '$ backoffice {commands: ...} -> exit 0\n{"label":"contact 1","score":37}\n{"label":"contact 2","score":74}\n',
    ]) {
      expect(r.stdout).toContain(part);
    }
  });
});

import { describe, expect, it } from "vitest";
import { ScriptedTool } from "./scripted-tool.js";
import { ToolDef } from "./tool-def.js";
import { ScriptingToolSet } from "./toolset.js";

const getUser = new ToolDef("get_user", "Fetch user by ID").withSchema({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] }).withCategory("users");
const listOrders = new ToolDef("list_orders", "List orders for user")
  .withSchema({ type: "object", properties: { user_id: { type: "integer" }, limit: { type: "integer" } } })
  .withCategory("orders")
  .withTags(["read"]);

function build(name = "api", f?: (b: ReturnType<typeof ScriptedTool.builder>) => void) {
  const b = ScriptedTool.builder(name)
    .toolFn(getUser, (a) => `{"id":${a.paramInt("id")}}\n`)
    .asyncToolFn(listOrders, async () => "[]\n");
  f?.(b);
  return b.build();
}

describe("ScriptedTool metadata", () => {
  it("description()", () => {
    expect(build().description()).toBe("Compose tool callbacks through bash scripts: get_user, list_orders");
    expect(build("x", (b) => b.shortDescription("Shop API")).description()).toBe("Shop API");
  });
  it("systemPrompt() full", () => {
    expect(build().systemPrompt()).toBe(
      "api: run bash scripts that orchestrate registered tool commands. Commands: get_user [--id <integer>], list_orders [--limit <integer> --user_id <integer>]. Pass args as --key value or --key=value. Shell logic and stdin pipelines are available; filesystem primitives are unavailable. Use help/discover builtins for runtime details.",
    );
  });
  it("systemPrompt() compact", () => {
    expect(build("api", (b) => b.compactPrompt(true)).systemPrompt()).toBe(
      "api: run bash scripts that orchestrate registered tool commands. Commands: get_user (Fetch user by ID), list_orders (List orders for user). Pass args as --key value or --key=value. Shell logic and stdin pipelines are available; filesystem primitives are unavailable. Use help/discover builtins for runtime details.",
    );
  });
  it("uk-UA locale translates the human strings only", () => {
    const t = build("api", (b) => b.locale("uk-UA"));
    const p = t.systemPrompt();
    expect(p).toMatch(/^api: запускає bash-скрипти/);
    expect(p).toContain("get_user [--id <integer>], list_orders [--limit <integer> --user_id <integer>]");
    expect(t.help()).toContain("## Параметри");
    expect(t.help()).toContain("| get_user | Fetch user by ID | `get_user --id <integer>` |");
    expect(build("api", (b) => b.locale("fr-FR")).systemPrompt()).toBe(build().systemPrompt());
  });
  it("schemas and tool definition", () => {
    const t = build();
    const input = t.inputSchema() as { properties: Record<string, { type: unknown }>; required: string[] };
    expect(input.required).toEqual(["commands"]);
    expect(input.properties.commands!.type).toBe("string");
    expect(input.properties.timeout_ms!.type).toEqual(["integer", "null"]);
    const out = t.outputSchema() as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(out.properties)).toEqual(["stdout", "stderr", "exit_code", "error"]);
    expect(out.required).toEqual(["exit_code"]);
    expect(t.toolDefinition()).toEqual({ type: "function", function: { name: "api", description: t.description(), parameters: t.inputSchema() } });
  });
  it("help() is Markdown with parameters, commands, result, two JSON examples and notes", () => {
    const h = build().help();
    expect(h).toMatch(/^# api\n\nCompose tool callbacks through bash scripts: get_user, list_orders\n/);
    expect(h).toContain("## Parameters");
    expect(h).toContain("| commands | string | yes |");
    expect(h).toContain("| list_orders | List orders for user | `list_orders --limit <integer> --user_id <integer>` |");
    expect(h).toContain("## Result");
    expect(h).toContain("| exit_code | integer |");
    expect(h.match(/```json\n(.*)\n```/g)?.length).toBe(2);
    for (const block of h.match(/```json\n(.*)\n```/g)!) {
      const parsed = JSON.parse(block.slice(8, -4)) as { commands: string };
      expect(typeof parsed.commands).toBe("string");
    }
    expect(h).toContain("## Notes\n\n- ");
  });
  it("builder rejects bad names", () => {
    expect(() => ScriptedTool.builder("x").toolFn(new ToolDef("bad name", "x"), () => "").build()).toThrow();
  });
  it("empty commands: exit 0, nothing run", async () => {
    const t = build();
    expect(await t.execute({ commands: "" })).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    expect(await t.execute({ commands: "  \n" })).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    expect(t.takeLastExecutionTrace()).toEqual([]);
  });
  it("rejects malformed input", async () => {
    expect((await build().execute({ commands: 5 } as never)).exitCode).toBe(2);
    expect((await build().execute({ commands: "x", timeout_ms: -1 })).exitCode).toBe(2);
  });
});

describe("ScriptingToolSet", () => {
  const mk = (discovery: boolean) => {
    const b = ScriptingToolSet.builder("shop").toolFn(getUser, () => "u").toolFn(listOrders, () => "o");
    if (discovery) b.withDiscovery();
    return b.build();
  };
  it("exclusive: one tool with full schemas", () => {
    const tools = mk(false).tools();
    expect(tools.map((t) => t.name)).toEqual(["shop"]);
    expect(tools[0]!.systemPrompt()).toContain("get_user [--id <integer>]");
  });
  it("with discovery: compact script tool plus NAME_discover", () => {
    const [script, disc] = mk(true).tools();
    expect(script!.systemPrompt()).toContain("get_user (Fetch user by ID)");
    expect(disc!.name).toBe("shop_discover");
    expect(Object.keys((disc!.inputSchema() as { properties: object }).properties)).toEqual(["query", "all", "commands", "timeout_ms"]);
    expect(disc!.toolDefinition().function.name).toBe("shop_discover");
  });
  it("discover tool rejects unsafe or foreign commands and empty input", async () => {
    const disc = mk(true).tools()[1]!;
    for (const commands of ["discover --categories\nget_user --id 1", "discover\r", "help; get_user", "help & x", "help | cat", "help `x`", "help $(get_user)", "get_user --id 1", "echo hi"]) {
      const r = await disc.execute({ commands });
      expect(r.exitCode, commands).toBe(2);
      expect(r.stderr, commands).toMatch(/^shop_discover: /);
    }
    expect((await disc.execute({ all: true })).stdout).toBe("orders (1 tool)\nusers (1 tool)\n");
    expect((await disc.execute({ query: "ORDERS" })).stdout).toBe("list_orders          List orders for user\n");
    expect(await disc.execute({})).toEqual({ stdout: "", stderr: "shop_discover: give one of commands, all or query\n", exitCode: 2, error: "invalid_input" });
  });
});

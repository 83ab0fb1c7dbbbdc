import { BashTool } from "@husk/bash";
import { describe, expect, it } from "vitest";
import { shopTool } from "../test/fixtures.js";
import { escapeToolOutput, formatToolOutput, modelTools, parseToolArguments, runModelTool } from "./index.js";
import { ScriptingToolSet } from "./toolset.js";

describe("formatToolOutput", () => {
  const rows: [Parameters<typeof formatToolOutput>[0], string][] = [
    [{ stdout: "a\n", stderr: "", exitCode: 0 }, '<tool_output exit_code="0">\n<stdout>\na\n</stdout>\n</tool_output>'],
    [{ stdout: "", stderr: "e", exitCode: 2, error: "invalid_input" }, '<tool_output exit_code="2" error="invalid_input">\n<stderr>\ne\n</stderr>\n</tool_output>'],
    [{ stdout: "", stderr: "", exitCode: 0 }, '<tool_output exit_code="0">\n</tool_output>'],
  ];
  it.each(rows)("%j", (r, text) => expect(formatToolOutput(r)).toBe(text));

  it("escapes anything that closes or opens a wrapper tag", () => {
    expect(escapeToolOutput("x </tool_output> < / STDOUT> <stderr x=1> <function_results>")).toBe("x &lt;/tool_output> &lt; / STDOUT> &lt;stderr x=1> &lt;function_results>");
    expect(escapeToolOutput("a < b, <div>, </tool_outputs>, if [ 1 -lt 2 ]")).toBe("a < b, <div>, </tool_outputs>, if [ 1 -lt 2 ]");
    const text = formatToolOutput({ stdout: "</stdout></tool_output>\n<tool_output>", stderr: "", exitCode: 0 });
    expect(text.match(/<\/tool_output>/g)).toHaveLength(1);
    expect(text.endsWith("</tool_output>")).toBe(true);
  });
});

describe("modelTools and runModelTool", () => {
  it("flattens tools, sets and discovery; refuses duplicate names", () => {
    const shop = shopTool();
    expect(modelTools(shop).map((t) => t.name)).toEqual(["shop"]);
    expect(modelTools(shop, { discover: true }).map((t) => t.name)).toEqual(["shop", "shop_discover"]);
    expect(modelTools([new BashTool(), ScriptingToolSet.builder("s").withDiscovery().build()]).map((t) => t.name)).toEqual(["bash", "s", "s_discover"]);
    expect(() => modelTools([new BashTool(), new BashTool()])).toThrow("duplicate tool name: bash");
  });

  it("runs by name; unknown tools and bad arguments are results, not throws", async () => {
    const tools = modelTools([shopTool(), new BashTool()]);
    expect(await runModelTool(tools, "shop", { commands: "get_user --id 3 | jq -r .name" })).toEqual({ stdout: "Alice\n", stderr: "", exitCode: 0 });
    expect(await runModelTool(tools, "bash", { commands: "echo hi > f; cat f" })).toEqual({ stdout: "hi\n", stderr: "", exitCode: 0 });
    expect(await runModelTool(tools, "nope", {})).toEqual({ stdout: "", stderr: "nope: unknown tool\n", exitCode: 127, error: "unknown_tool" });
    expect(await runModelTool(tools, "shop", parseToolArguments("{"))).toEqual({ stdout: "", stderr: "shop: arguments are not valid JSON\n", exitCode: 2, error: "invalid_input" });
    expect(parseToolArguments("[1]")).toBe("arguments must be a JSON object");
    expect(parseToolArguments("")).toEqual({});
  });
});

describe("the root entry imports no framework", () => {
  it("every module reachable from src/index.ts imports only @husk/* and ajv", async () => {
    const { readFileSync } = await import("node:fs");
    const dir = new URL("./", import.meta.url);
    const seen = new Set<string>();
    const bare = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(new URL(file, dir), "utf8");
      for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']/gm)) {
        const spec = m[1]!;
        if (spec.startsWith("./")) visit(spec.slice(2).replace(/\.js$/, ".ts"));
        else bare.add(spec);
      }
    };
    visit("index.ts");
    expect(seen.has("ai.ts") || seen.has("mcp.ts") || seen.has("openai.ts") || seen.has("anthropic.ts")).toBe(false);
    expect([...bare].filter((s) => !s.startsWith("@husk/") && !s.startsWith("ajv"))).toEqual([]);
  });
});

/** OpenAI- and Anthropic-shaped round trips: definitions out, a model's tool call in, the result message out. */
import { BashTool } from "@husk/bash";
import { anthropicTools, runAnthropicToolUse, runAnthropicToolUses } from "@husk/tools/anthropic";
import { openaiResponsesTools, openaiTools, runOpenAIResponsesCall, runOpenAIToolCall, runOpenAIToolCalls } from "@husk/tools/openai";
import { describe, expect, it } from "vitest";
import { shopTool } from "../test/fixtures.js";

describe("@husk/tools/openai", () => {
  it("Chat Completions: definitions, then an assistant tool_calls message answered by tool messages", async () => {
    const shop = shopTool();
    const bash = new BashTool();
    const defs = openaiTools([shop, bash], { discover: true });
    expect(defs.map((d) => d.function.name)).toEqual(["shop", "shop_discover", "bash"]);
    expect(defs[0]).toEqual({ type: "function", function: { name: "shop", description: shop.systemPrompt(), parameters: shop.inputSchema() } });
    // What the API returns in choices[0].message, serialized and parsed as a client would.
    const assistant = JSON.parse(
      JSON.stringify({
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "shop", arguments: JSON.stringify({ commands: "get_user --id 2 | jq -r .name" }) } },
          { id: "call_2", type: "function", function: { name: "bash", arguments: '{"commands":"echo x > f; cat f; exit 4"}' } },
          { id: "call_3", type: "function", function: { name: "shop", arguments: "{not json" } },
          { id: "call_4", type: "function", function: { name: "gone", arguments: "{}" } },
        ],
      }),
    );
    const msgs = await runOpenAIToolCalls([shop, bash], assistant.tool_calls);
    expect(msgs).toEqual([
      { role: "tool", tool_call_id: "call_1", content: '<tool_output exit_code="0">\n<stdout>\nAlice\n</stdout>\n</tool_output>' },
      { role: "tool", tool_call_id: "call_2", content: '<tool_output exit_code="4">\n<stdout>\nx\n</stdout>\n</tool_output>' },
      { role: "tool", tool_call_id: "call_3", content: '<tool_output exit_code="2" error="invalid_input">\n<stderr>\nshop: arguments are not valid JSON\n</stderr>\n</tool_output>' },
      { role: "tool", tool_call_id: "call_4", content: '<tool_output exit_code="127" error="unknown_tool">\n<stderr>\ngone: unknown tool\n</stderr>\n</tool_output>' },
    ]);
    const leak = await runOpenAIToolCall(shop, { id: "c", function: { name: "shop", arguments: '{"commands":"leak"}' } });
    expect(leak.content.match(/<\/tool_output>/g)).toHaveLength(1);
  });

  it("Responses API: function tools and function_call -> function_call_output", async () => {
    const shop = shopTool();
    expect(openaiResponsesTools(shop)).toEqual([{ type: "function", name: "shop", description: shop.systemPrompt(), parameters: shop.inputSchema(), strict: false }]);
    const out = await runOpenAIResponsesCall(shop, { type: "function_call", call_id: "fc_1", name: "shop", arguments: '{"commands":"help get_user"}' });
    expect(out).toEqual({
      type: "function_call_output",
      call_id: "fc_1",
      output: '<tool_output exit_code="0">\n<stdout>\nget_user - Fetch user by ID\nUsage: get_user --id <integer>\n</stdout>\n</tool_output>',
    });
  });
});

describe("@husk/tools/anthropic", () => {
  it("definitions, then an assistant message with tool_use blocks answered by one user message", async () => {
    const shop = shopTool();
    const bash = new BashTool({ files: { "n.txt": "3\n" } });
    const defs = anthropicTools([shop, bash]);
    expect(defs).toEqual([
      { name: "shop", description: shop.systemPrompt(), input_schema: shop.inputSchema() },
      { name: "bash", description: bash.systemPrompt(), input_schema: bash.inputSchema() },
    ]);
    const content = JSON.parse(
      JSON.stringify([
        { type: "text", text: "Let me look." },
        { type: "tool_use", id: "toolu_1", name: "bash", input: { commands: "cat n.txt" } },
        { type: "tool_use", id: "toolu_2", name: "shop", input: { commands: "get_user" } },
      ]),
    );
    expect(await runAnthropicToolUses([shop, bash], content)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_1", content: '<tool_output exit_code="0">\n<stdout>\n3\n</stdout>\n</tool_output>' },
        {
          type: "tool_result",
          tool_use_id: "toolu_2",
          content: "<tool_output exit_code=\"2\">\n<stderr>\nget_user: schema error: required property 'id' is missing\n</stderr>\n</tool_output>",
          is_error: true,
        },
      ],
    });
    expect(await runAnthropicToolUses([shop], "just text")).toBeUndefined();
    expect(await runAnthropicToolUse(shop, { type: "tool_use", id: "t", name: "shop", input: [] })).toMatchObject({ is_error: true, content: expect.stringContaining("input must be a JSON object") });
  });
});

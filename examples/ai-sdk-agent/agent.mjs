// An AI SDK agent loop over the e-commerce tools, with a scripted mock model (no network, no
// API key): the model first explores the tools through `ecommerce_discover`, then writes ONE
// bash script that calls several tools, and finally answers from the script's output.
// Swap `model` for a real one (e.g. `openai("gpt-5")` from @ai-sdk/openai) and nothing else changes.
//
// Run it:  npm run example:agent   (= npm run build && node examples/ai-sdk-agent/agent.mjs)
import { ScriptingToolSet } from "@husk/tools";
import { aiTools } from "@husk/tools/ai";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import tools, { name } from "../ecommerce/tools.mjs";

// The tools a host hands to the model: the script tool and its discover tool.
const builder = ScriptingToolSet.builder(name).withDiscovery();
for (const t of tools) builder.toolFn(t.def, t.fn);
const set = builder.build();

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
const call = (toolName, input) => ({
  content: [{ type: "tool-call", toolCallId: `call_${toolName}`, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: "tool-calls", raw: "tool_calls" },
  usage,
  warnings: [],
});

/** The text of the latest tool result the model was sent. */
function lastToolOutput(prompt) {
  const msg = prompt.filter((m) => m.role === "tool").at(-1);
  return msg?.content.at(-1)?.output?.value ?? "";
}

// A "model" that follows a fixed plan and reads the tool results it is given.
const script = `
orders=$(list_orders --user_id 1)
echo "$orders" | jq -r '.[] | "#\\(.id) \\(.item) x\\(.qty)"'
for item in $(echo "$orders" | jq -r '.[].item' | sort -u); do
  get_inventory --item "$item" | jq -r '"\\(.item): \\(.stock) in stock"'
done
echo "total: $(echo "$orders" | jq '[.[].total] | add')"`;
const model = new MockLanguageModelV3({
  doGenerate: async ({ prompt }) => {
    const step = prompt.filter((m) => m.role === "assistant").length;
    if (step === 0) return call(`${name}_discover`, { query: "order" });
    if (step === 1) return call(name, { commands: script });
    const total = /total: ([\d.]+)/.exec(lastToolOutput(prompt))?.[1] ?? "?";
    return { content: [{ type: "text", text: `Alice has spent ${total} across her orders.` }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
  },
});

const result = await generateText({
  model,
  tools: aiTools(set),
  system: "You are a shop assistant. Use the tools.",
  prompt: "What has Alice (user 1) ordered, is it in stock, and how much has she spent?",
  stopWhen: stepCountIs(5),
});

for (const [i, step] of result.steps.entries()) {
  for (const c of step.toolCalls) console.log(`step ${i + 1}: ${c.toolName} ${JSON.stringify(c.input)}`);
  for (const r of step.toolResults) console.log(`  -> exit ${r.output.exitCode}\n${r.output.stdout.trimEnd().replace(/^/gm, "     ")}`);
}
console.log(`answer: ${result.text}`);

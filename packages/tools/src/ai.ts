/**
 * `@husk/tools/ai`: Husk tools as Vercel AI SDK tools (`ai` is an optional peer dependency).
 * `aiTool(t)` is `tool()` with the tool's JSON input schema, an `execute` that forwards the
 * SDK's `abortSignal`, and a `toModelOutput` that sends the escaped `formatToolOutput()` text.
 * `aiTools(x)` builds the `ToolSet` record for `generateText({tools})`: for a ScriptingToolSet
 * built `withDiscovery()` (or a ScriptedTool with `{discover: true}`) that is the discovery
 * pair, `NAME` and `NAME_discover`.
 */
import { jsonSchema, tool, type Tool } from "ai";
import { formatToolOutput, modelTools, type ModelTool, type ModelToolResult, type ModelTools, type ModelToolsOptions } from "./adapter.js";

/** The input the AI SDK hands to `execute` (validated against `inputSchema()` by the tool). */
export type AiToolInput = { readonly [k: string]: unknown };

/** One AI SDK tool for one Husk tool. */
export function aiTool(t: ModelTool): Tool<AiToolInput, ModelToolResult> {
  return tool<AiToolInput, ModelToolResult>({
    description: t.systemPrompt(),
    // jsonSchema() takes JSONSchema7; our schemas are plain JSON Schema objects.
    inputSchema: jsonSchema<AiToolInput>(t.inputSchema() as Parameters<typeof jsonSchema>[0]),
    execute: (input, { abortSignal }) => t.execute(input, abortSignal ? { signal: abortSignal } : {}),
    toModelOutput: ({ output }) => ({ type: "text", value: formatToolOutput(output) }),
  });
}

/** The `tools` record for `generateText`/`streamText`: one entry per tool, keyed by name. */
export function aiTools(tools: ModelTools, options: ModelToolsOptions = {}): Record<string, Tool<AiToolInput, ModelToolResult>> {
  const out: Record<string, Tool<AiToolInput, ModelToolResult>> = Object.create(null);
  for (const t of modelTools(tools, options)) out[t.name] = aiTool(t);
  return out;
}

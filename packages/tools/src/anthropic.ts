/**
 * `@husk/tools/anthropic`: Husk tools in the Anthropic Messages API's shapes, with no SDK
 * needed. `anthropicTools()` gives `{name, description, input_schema}`; `runAnthropicToolUse()`
 * turns a `tool_use` content block into the `tool_result` block that answers it, and
 * `runAnthropicToolUses()` answers every `tool_use` block of an assistant message with one
 * `user` message. The content is `formatToolOutput()`'s escaped text; `is_error` is set when
 * the script failed (non-zero exit).
 */
import { formatToolOutput, modelTools, type ModelTools, type ModelToolsOptions, runModelTool } from "./adapter.js";

/** A tool definition of the Messages API. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: { readonly [k: string]: unknown };
}

/** A `tool_use` content block of an assistant message. */
export interface AnthropicToolUse {
  readonly type: "tool_use";
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** The `tool_result` block that answers a `tool_use`. */
export interface AnthropicToolResult {
  readonly type: "tool_result";
  readonly tool_use_id: string;
  readonly content: string;
  readonly is_error?: boolean;
}

/** Options of the run helpers. */
export interface AnthropicRunOptions extends ModelToolsOptions {
  readonly signal?: AbortSignal;
}

/** Messages API tool definitions (the description is each tool's system prompt). */
export function anthropicTools(tools: ModelTools, options: ModelToolsOptions = {}): AnthropicTool[] {
  return modelTools(tools, options).map((t) => ({ name: t.name, description: t.systemPrompt(), input_schema: t.inputSchema() }));
}

/** Runs one `tool_use` block; returns its `tool_result` block. */
export async function runAnthropicToolUse(tools: ModelTools, block: AnthropicToolUse, options: AnthropicRunOptions = {}): Promise<AnthropicToolResult> {
  const input = typeof block.input === "object" && block.input !== null && !Array.isArray(block.input) ? (block.input as { [k: string]: unknown }) : "input must be a JSON object";
  const r = await runModelTool(modelTools(tools, options), block.name, input, options.signal);
  return { type: "tool_result", tool_use_id: block.id, content: formatToolOutput(r), ...(r.exitCode !== 0 ? { is_error: true } : {}) };
}

/**
 * Answers every `tool_use` block of an assistant message's content, in order, as one `user`
 * message; undefined when the content has no `tool_use` block.
 */
export async function runAnthropicToolUses(
  tools: ModelTools,
  content: readonly { readonly type: string }[] | string,
  options: AnthropicRunOptions = {},
): Promise<{ role: "user"; content: AnthropicToolResult[] } | undefined> {
  if (typeof content === "string") return undefined;
  const results: AnthropicToolResult[] = [];
  for (const b of content) if (b.type === "tool_use") results.push(await runAnthropicToolUse(tools, b as AnthropicToolUse, options));
  return results.length > 0 ? { role: "user", content: results } : undefined;
}

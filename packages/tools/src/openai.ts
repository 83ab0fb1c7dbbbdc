/**
 * `@husk/tools/openai`: Husk tools in the OpenAI API's shapes, with no SDK needed. Chat
 * Completions: `openaiTools()` gives `{type: "function", function: {name, description,
 * parameters}}`, `runOpenAIToolCall()` turns an assistant `tool_calls[i]` into the `{role:
 * "tool", tool_call_id, content}` message. Responses API: `openaiResponsesTools()` and
 * `runOpenAIResponsesCall()` (a `function_call` item into a `function_call_output` item).
 * The content is `formatToolOutput()`'s escaped text.
 */
import { formatToolOutput, modelTools, type ModelTools, type ModelToolsOptions, runModelTool, parseToolArguments } from "./adapter.js";

/** A Chat Completions function tool. */
export interface OpenAIChatTool {
  readonly type: "function";
  readonly function: { readonly name: string; readonly description: string; readonly parameters: { readonly [k: string]: unknown } };
}

/** A Responses API function tool. */
export interface OpenAIResponsesTool {
  readonly type: "function";
  readonly name: string;
  readonly description: string;
  readonly parameters: { readonly [k: string]: unknown };
  readonly strict: false;
}

/** A tool call of an assistant message (Chat Completions). */
export interface OpenAIToolCall {
  readonly id: string;
  readonly type?: "function";
  readonly function: { readonly name: string; readonly arguments: string };
}

/** The message that answers one tool call. */
export interface OpenAIToolMessage {
  readonly role: "tool";
  readonly tool_call_id: string;
  readonly content: string;
}

/** A `function_call` output item of the Responses API. */
export interface OpenAIFunctionCallItem {
  readonly type: "function_call";
  readonly call_id: string;
  readonly name: string;
  readonly arguments: string;
}

/** The input item that answers a `function_call`. */
export interface OpenAIFunctionCallOutput {
  readonly type: "function_call_output";
  readonly call_id: string;
  readonly output: string;
}

/** Options of the run helpers. */
export interface OpenAIRunOptions extends ModelToolsOptions {
  readonly signal?: AbortSignal;
}

/** Chat Completions tool definitions (the description is each tool's system prompt). */
export function openaiTools(tools: ModelTools, options: ModelToolsOptions = {}): OpenAIChatTool[] {
  return modelTools(tools, options).map((t) => ({ type: "function", function: { name: t.name, description: t.systemPrompt(), parameters: t.inputSchema() } }));
}

/** Responses API tool definitions. */
export function openaiResponsesTools(tools: ModelTools, options: ModelToolsOptions = {}): OpenAIResponsesTool[] {
  return modelTools(tools, options).map((t) => ({ type: "function", name: t.name, description: t.systemPrompt(), parameters: t.inputSchema(), strict: false }));
}

/** Runs one Chat Completions tool call and returns the `tool` message that answers it. */
export async function runOpenAIToolCall(tools: ModelTools, call: OpenAIToolCall, options: OpenAIRunOptions = {}): Promise<OpenAIToolMessage> {
  const r = await runModelTool(modelTools(tools, options), call.function.name, parseToolArguments(call.function.arguments), options.signal);
  return { role: "tool", tool_call_id: call.id, content: formatToolOutput(r) };
}

/** Runs every tool call of an assistant message, in order; one `tool` message each. */
export async function runOpenAIToolCalls(tools: ModelTools, calls: readonly OpenAIToolCall[] | undefined, options: OpenAIRunOptions = {}): Promise<OpenAIToolMessage[]> {
  const out: OpenAIToolMessage[] = [];
  for (const c of calls ?? []) out.push(await runOpenAIToolCall(tools, c, options));
  return out;
}

/** Runs one Responses API `function_call` item and returns its `function_call_output`. */
export async function runOpenAIResponsesCall(tools: ModelTools, item: OpenAIFunctionCallItem, options: OpenAIRunOptions = {}): Promise<OpenAIFunctionCallOutput> {
  const r = await runModelTool(modelTools(tools, options), item.name, parseToolArguments(item.arguments), options.signal);
  return { type: "function_call_output", call_id: item.call_id, output: formatToolOutput(r) };
}

/**
 * What the framework adapters (`@husk/tools/ai`, `/openai`, `/anthropic`, `/mcp`) share, with no
 * framework imported: the `ModelTool` shape that ScriptedTool, the discover tool of a
 * ScriptingToolSet and BashTool (@husk/bash) all satisfy, the flattening of what a host passes
 * into a list of tools, and the text a result becomes when it goes back to a model, escaped so
 * that tool output can neither close nor spoof the wrapper around it.
 */
import { DiscoverTool, ScriptingToolSet } from "./toolset.js";
import { ScriptedTool } from "./scripted-tool.js";

/** The result every model tool returns (ScriptedTool's and BashTool's `execute()`). */
export interface ModelToolResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
  readonly error?: string;
}

/**
 * A tool a model can call: ScriptedTool, DiscoverTool and BashTool are all ModelTools. The
 * adapters use only these members.
 */
export interface ModelTool {
  readonly name: string;
  /** One line. */
  description(): string;
  /** The paragraph that tells a model how to use the tool (used as the tool description). */
  systemPrompt(): string;
  /** JSON Schema of the input (an object schema). */
  inputSchema(): { readonly [k: string]: unknown };
  /** Runs one call (input: a JSON object such as `{commands}`); never throws for script failures. */
  execute(input: object, options?: { readonly signal?: AbortSignal }): Promise<ModelToolResult>;
}

/** What an adapter accepts: one tool, a ScriptingToolSet (its `tools()`), or a list of either. */
export type ModelTools = ModelTool | ScriptingToolSet | readonly (ModelTool | ScriptingToolSet)[];

/** Options of `modelTools()`. */
export interface ModelToolsOptions {
  /**
   * Add `NAME_discover` next to each bare ScriptedTool (default false; a ScriptingToolSet
   * built with `withDiscovery()` brings its own).
   */
  readonly discover?: boolean;
}

/** Flattens what a host passes into a list of tools; throws on two tools with one name. */
export function modelTools(tools: ModelTools, options: ModelToolsOptions = {}): ModelTool[] {
  const list = Array.isArray(tools) ? (tools as readonly (ModelTool | ScriptingToolSet)[]) : [tools as ModelTool | ScriptingToolSet];
  const out: ModelTool[] = [];
  for (const t of list) {
    if (t instanceof ScriptingToolSet) out.push(...t.tools());
    else {
      out.push(t);
      if (options.discover && t instanceof ScriptedTool) out.push(new DiscoverTool(t));
    }
  }
  const seen = new Set<string>();
  for (const t of out) {
    if (seen.has(t.name)) throw new Error(`duplicate tool name: ${t.name}`);
    seen.add(t.name);
  }
  return out;
}

/** Finds a tool by name in a flattened list. */
export function findModelTool(tools: readonly ModelTool[], name: string): ModelTool | undefined {
  return tools.find((t) => t.name === name);
}

/**
 * Tag names a tool's output may not open or close literally: our own wrapper, the sections
 * inside it, and the wrappers the common frameworks and chat templates put around results.
 */
const WRAPPER_TAG = /<(\s*\/?\s*)(tool_output|stdout|stderr|tool_result|tool_results|tool_use|tool_call|function_results|function_calls|function_call_output|result|output|system)(?=[\s/>]|$)/gi;

/**
 * Escapes text for the inside of a `<tool_output>` wrapper: every `<` that would open or close
 * one of the wrapper tags (`</tool_output>`, `<stdout>`, `</function_results>`...) becomes
 * `&lt;`. Everything else is kept byte for byte.
 */
export function escapeToolOutput(text: string): string {
  return text.replace(WRAPPER_TAG, "&lt;$1$2");
}

/** A JSON result whose fields a tool returned (what a model gets when JSON is preferred). */
export interface ModelToolJsonResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exit_code: number;
  readonly error?: string;
}

/** The result as the snake_case object of `outputSchema()`. */
export function resultJson(r: ModelToolResult): ModelToolJsonResult {
  return { stdout: r.stdout, stderr: r.stderr, exit_code: r.exitCode, ...(r.error !== undefined ? { error: r.error } : {}) };
}

/**
 * The text a result becomes for a model:
 * `<tool_output exit_code="0">` + `<stdout>...</stdout>` and `<stderr>...</stderr>` (empty
 * sections left out) + `</tool_output>`, with `error="timeout"` when set. The contents are
 * escaped by `escapeToolOutput`, so a script cannot end the wrapper early or forge another.
 */
export function formatToolOutput(r: ModelToolResult): string {
  const error = r.error !== undefined ? ` error="${r.error.replace(/[^A-Za-z0-9_-]/g, "")}"` : "";
  const parts = [`<tool_output exit_code="${Math.trunc(r.exitCode)}"${error}>`];
  if (r.stdout !== "") parts.push(`<stdout>\n${escapeToolOutput(r.stdout)}${r.stdout.endsWith("\n") ? "" : "\n"}</stdout>`);
  if (r.stderr !== "") parts.push(`<stderr>\n${escapeToolOutput(r.stderr)}${r.stderr.endsWith("\n") ? "" : "\n"}</stderr>`);
  parts.push("</tool_output>");
  return parts.join("\n");
}

/** Parses a JSON arguments string of a tool call; an object, or an Error message. */
export function parseToolArguments(text: string | undefined): { readonly [k: string]: unknown } | string {
  if (text === undefined || text.trim() === "") return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return "arguments are not valid JSON";
  }
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as { [k: string]: unknown }) : "arguments must be a JSON object";
}

/**
 * Runs one call by name: an unknown tool or bad arguments come back as a failed result
 * (exit 2, error `invalid_input` / 127 `unknown_tool`), never as a thrown error.
 */
export async function runModelTool(
  tools: readonly ModelTool[],
  name: string,
  input: { readonly [k: string]: unknown } | string,
  signal?: AbortSignal,
): Promise<ModelToolResult> {
  const tool = findModelTool(tools, name);
  if (!tool) return { stdout: "", stderr: `${name}: unknown tool\n`, exitCode: 127, error: "unknown_tool" };
  if (typeof input === "string") return { stdout: "", stderr: `${name}: ${input}\n`, exitCode: 2, error: "invalid_input" };
  try {
    return await tool.execute(input, signal ? { signal } : {});
  } catch {
    return { stdout: "", stderr: `${name}: tool failed\n`, exitCode: 1, error: "internal" };
  }
}

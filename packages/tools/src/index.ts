/**
 * @husk/tools — the tool layer: ToolDef, ToolArgs, ToolImpl, ToolRegistry, ToolDefExtension,
 * ScriptedTool, ScriptingToolSet, help/discover and prompts. See README.md.
 */
export { isValidToolName, ToolArgs, ToolDef } from "./tool-def.js";
export type { AsyncToolCallback, SyncToolCallback, ToolCallback, ToolCallSurface, ToolInputSchema } from "./tool-def.js";
export { describeIssue, isStandardSchema, standardToJsonSchema, standardValidator } from "./standard-schema.js";
export type { StandardSchemaIssue, StandardSchemaResult, StandardSchemaV1 } from "./standard-schema.js";
export { SchemaCompiler } from "./validate.js";
export type { InputValidator, SchemaValidatorFactory } from "./validate.js";
export { ToolImpl } from "./tool-impl.js";
export { ToolRegistry, ToolRegistryBuilder } from "./registry.js";
export type { PolicyDecision, PolicyRequest, RegisteredTool, ToolCallOptions, ToolCallRequest, ToolCallResult, ToolPolicy } from "./registry.js";
export { ToolDefExtension, ToolDefExtensionBuilder } from "./extension.js";
export { MAX_TRACE_ARG_BYTES, MAX_TRACE_ENTRIES, ToolInvocationTrace, truncateUtf8 } from "./trace.js";
export type { InvocationKind, ToolInvocation } from "./trace.js";
export { FlagError, MAX_ARRAY_ITEMS, MAX_FLAG_BYTES, parseFlags } from "./flags.js";
export { usageFromSchema } from "./usage.js";
export { DISCOVER_USAGE, HELP_USAGE, runDiscover, runHelp, toolHelpText } from "./introspect.js";
export type { JsonObject, JsonValue } from "./json.js";
export { ScriptedTool, ScriptedToolBuilder } from "./scripted-tool.js";
export type { ExecuteOptions, LlmTool, ScriptedToolConfig, ScriptInput, ScriptResult, ToolDefinition } from "./scripted-tool.js";
export { DiscoverTool, ScriptingToolSet, ScriptingToolSetBuilder } from "./toolset.js";
export type { DiscoveryMode } from "./toolset.js";
export { localeStrings } from "./locale.js";
export type { Locale, LocaleStrings } from "./locale.js";
export { escapeToolOutput, findModelTool, formatToolOutput, modelTools, parseToolArguments, resultJson, runModelTool } from "./adapter.js";
export type { ModelTool, ModelToolJsonResult, ModelToolResult, ModelTools, ModelToolsOptions } from "./adapter.js";

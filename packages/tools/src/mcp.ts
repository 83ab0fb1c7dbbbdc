/**
 * `@husk/tools/mcp`: an MCP server (`@modelcontextprotocol/sdk`, an optional peer dependency)
 * exposing Husk tools: a ScriptedTool and its `NAME_discover` tool, a ScriptingToolSet's
 * tools, or a BashTool. `tools/list` gives each tool's name, system prompt and JSON input
 * schema; `tools/call` runs it with the request's AbortSignal and answers with the escaped
 * `formatToolOutput()` text, the `{stdout, stderr, exit_code, error?}` object as
 * `structuredContent`, and `isError` on a non-zero exit. The transport is a parameter, so
 * this module needs no `node:` import: `husk mcp` (apps/cli) passes a StdioServerTransport.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { formatToolOutput, modelTools, parseToolArguments, resultJson, runModelTool, type ModelTools } from "./adapter.js";

/** Options of `createMcpServer()`. */
export interface McpServerOptions {
  /** Server name reported at initialization (default: the first tool's name). */
  readonly name?: string;
  /** Server version (default `0.1.0`). */
  readonly version?: string;
  /** Add `NAME_discover` next to each bare ScriptedTool (default true). */
  readonly discover?: boolean;
}

/** The `tools/list` entries for these tools. */
export function mcpToolList(tools: ModelTools, options: Pick<McpServerOptions, "discover"> = {}): McpTool[] {
  return modelTools(tools, { discover: options.discover ?? true }).map((t) => ({
    name: t.name,
    description: t.systemPrompt(),
    inputSchema: t.inputSchema() as McpTool["inputSchema"],
  }));
}

/** An MCP server with the `tools` capability serving these tools; connect it to a transport. */
export function createMcpServer(tools: ModelTools, options: McpServerOptions = {}): McpServer {
  const list = modelTools(tools, { discover: options.discover ?? true });
  const listed = mcpToolList(list, { discover: false });
  const server = new McpServer({ name: options.name ?? list[0]?.name ?? "husk", version: options.version ?? "0.1.0" }, { capabilities: { tools: {} } });
  // The low-level handlers: our schemas are JSON Schema, not zod shapes.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const args = request.params.arguments;
    const input = args === undefined ? parseToolArguments(undefined) : args;
    const r = await runModelTool(list, request.params.name, input, extra.signal);
    return {
      content: [{ type: "text", text: formatToolOutput(r) }],
      structuredContent: { ...resultJson(r) },
      ...(r.exitCode !== 0 ? { isError: true } : {}),
    };
  });
  return server;
}

/** Creates the server and connects it to `transport`; resolves once connected. */
export async function serveMcp(tools: ModelTools, transport: Transport, options: McpServerOptions = {}): Promise<McpServer> {
  const server = createMcpServer(tools, options);
  await server.connect(transport);
  return server;
}

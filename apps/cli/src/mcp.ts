/**
 * `husk mcp [--tools MODULE] [--files DIR] [--name NAME]`: an MCP server over stdio. With
 * `--tools`, it serves the ScriptedTool built from MODULE and its `NAME_discover` tool; without,
 * a BashTool (the sandbox shell, seeded from `--files`). The server runs until stdin closes.
 */
import { BashTool } from "@husk/bash";
import type { ModelTool } from "@husk/tools";
import { serveMcp } from "@husk/tools/mcp";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CliUsageError } from "./args.js";
import { readSeedFiles } from "./files.js";
import { loadToolsModule } from "./load-tools.js";
import { VERSION } from "./run.js";

/** Options of `husk mcp`. */
export interface McpArgs {
  readonly toolsModule?: string;
  readonly filesDir?: string;
  readonly name?: string;
}

/** The text of `husk mcp --help`. */
export const MCP_USAGE = `Usage: husk mcp [--tools MODULE | --files DIR] [--name NAME]

Serves Husk as an MCP server over stdio (JSON-RPC on stdin/stdout).
  --tools MODULE   serve the ScriptedTool built from MODULE (and its NAME_discover tool)
  --files DIR      without --tools: serve a bash tool whose filesystem starts as a copy of DIR
  --name NAME      the tool name (default: MODULE's \`name\` export, or \`bash\`)
`;

/** Parses the arguments after `mcp`; undefined for `--help`. Throws CliUsageError. */
export function parseMcpArgs(argv: readonly string[]): McpArgs | undefined {
  const out: { toolsModule?: string; filesDir?: string; name?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.startsWith("--") && a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new CliUsageError(`mcp: ${flag}: option requires an argument`);
      return v;
    };
    if (flag === "-h" || flag === "--help") return undefined;
    else if (flag === "--tools") out.toolsModule = value();
    else if (flag === "--files") out.filesDir = value();
    else if (flag === "--name") out.name = value();
    else throw new CliUsageError(`mcp: ${a}: invalid option`);
  }
  if (out.toolsModule !== undefined && out.filesDir !== undefined) throw new CliUsageError("mcp: --files cannot be used with --tools (tool scripts run without a filesystem)");
  return out;
}

/** The tool `husk mcp` serves for these arguments. */
export async function mcpTool(a: McpArgs): Promise<ModelTool> {
  if (a.toolsModule !== undefined) {
    return loadToolsModule(a.toolsModule, a.name);
  }
  const cwd = "/home/user";
  const files = a.filesDir !== undefined ? readSeedFiles(a.filesDir, cwd) : undefined;
  return new BashTool({ name: a.name ?? "bash", files, cwd });
}

/** Starts the server on the process's stdio; resolves when the client disconnects. */
export async function runMcpServer(a: McpArgs): Promise<void> {
  const tool = await mcpTool(a);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  const server = await serveMcp(tool, transport, { name: `husk-${tool.name}`, version: VERSION });
  await closed;
  await server.close();
}

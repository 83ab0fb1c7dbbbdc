/**
 * @husk/cli as a library: the husk command's pieces (argument parsing, `runCli`, the REPL
 * session, `--tools` loading, the MCP server). The executable is main.ts, which loads the
 * heavier of these only when a run needs them.
 */
export { processIO } from "./main.js";
export { runCli, VERSION, type CliIO } from "./run.js";
export { parseArgs, USAGE, type CliArgs } from "./args.js";
export { scriptedToolFromModule, loadToolsModule } from "./load-tools.js";
export { isIncomplete, ReplSession, runRepl, PS1, PS2, type ReplExec, type ReplStreams } from "./repl.js";
export { MCP_USAGE, mcpTool, parseMcpArgs, runMcpServer, type McpArgs } from "./mcp.js";

#!/usr/bin/env node
/**
 * The `husk` executable: runs `runCli` on the process's argv and streams, exits with the
 * script's status.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CliUsageError } from "./args.js";
import { MCP_USAGE, parseMcpArgs, runMcpServer } from "./mcp.js";
import { runCli, type CliIO } from "./run.js";

export { runCli, VERSION, type CliIO } from "./run.js";
export { parseArgs, USAGE, type CliArgs } from "./args.js";
export { scriptedToolFromModule, loadToolsModule } from "./load-tools.js";
export { MCP_USAGE, mcpTool, parseMcpArgs, runMcpServer, type McpArgs } from "./mcp.js";

/** The real process's IO. stdin is read only when it is not a terminal. */
export function processIO(): CliIO {
  return {
    readStdin: async () => {
      if (process.stdin.isTTY) return "";
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
    writeStdout: (t) => void process.stdout.write(t),
    writeStderr: (t) => void process.stderr.write(t),
  };
}

function isEntryPoint(): boolean {
  const argv1 = process.argv[1];
  if (!argv1) return false;
  try {
    return realpathSync(argv1) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/** `husk mcp ...`: serves MCP on stdio until the client disconnects; resolves with the exit status. */
async function mcpMain(argv: readonly string[]): Promise<number> {
  let a;
  try {
    a = parseMcpArgs(argv);
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    process.stderr.write(`husk: ${e.message}\nTry 'husk mcp --help' for more information.\n`);
    return 2;
  }
  if (a === undefined) {
    process.stdout.write(MCP_USAGE);
    return 0;
  }
  try {
    await runMcpServer(a);
    return 0;
  } catch (e) {
    process.stderr.write(`husk: mcp: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

if (isEntryPoint()) {
  const argv = process.argv.slice(2);
  (argv[0] === "mcp" ? mcpMain(argv.slice(1)) : runCli(argv, processIO())).then(
    (status) => {
      process.exitCode = status;
    },
    (e: unknown) => {
      process.stderr.write(`husk: internal error: ${e instanceof Error ? e.name : "unknown"}\n`);
      process.exitCode = 70;
    },
  );
}

#!/usr/bin/env node
/**
 * The `husk` executable: runs `runCli` on the process's argv and streams, exits with the
 * script's status. It loads only what a plain run needs: the REPL, `husk mcp` (the MCP SDK and
 * zod) and `--tools` (the tool layer) are imported when used, so `husk -c 'echo hi'` starts as
 * fast as `@husk/bash` does. The library entry is index.ts.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CliUsageError, parseArgs } from "./args.js";
import { runCli, type CliIO } from "./run.js";

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

/** True when `husk` was started with no script and stdin is a terminal: run the REPL. */
function interactive(argv: readonly string[]): boolean {
  if (!process.stdin.isTTY) return false;
  try {
    const a = parseArgs(argv);
    return a.mode === "run" && a.command === undefined && a.file === undefined && !a.syntaxOnly && !a.json;
  } catch {
    return false;
  }
}

/** The REPL on the process's terminal. */
async function replMain(argv: readonly string[]): Promise<number> {
  const a = parseArgs(argv);
  try {
    const [{ replExec }, { runRepl }] = await Promise.all([import("./run.js"), import("./repl.js")]);
    const exec = await replExec(a);
    return await runRepl(exec, { input: process.stdin, output: process.stdout, error: process.stderr, terminal: true });
  } catch (e) {
    process.stderr.write(`husk: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

/** `husk mcp ...`: serves MCP on stdio until the client disconnects; resolves with the exit status. */
async function mcpMain(argv: readonly string[]): Promise<number> {
  const { MCP_USAGE, parseMcpArgs, runMcpServer } = await import("./mcp.js");
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
  (argv[0] === "mcp" ? mcpMain(argv.slice(1)) : interactive(argv) ? replMain(argv) : runCli(argv, processIO())).then(
    (status) => {
      process.exitCode = status;
    },
    (e: unknown) => {
      process.stderr.write(`husk: internal error: ${e instanceof Error ? e.name : "unknown"}\n`);
      process.exitCode = 70;
    },
  );
}

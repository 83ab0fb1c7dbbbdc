#!/usr/bin/env node
/**
 * The `husk` executable: runs `runCli` on the process's argv and streams, exits with the
 * script's status.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runCli, type CliIO } from "./run.js";

export { runCli, VERSION, type CliIO } from "./run.js";
export { parseArgs, USAGE, type CliArgs } from "./args.js";
export { scriptedToolFromModule, loadToolsModule } from "./load-tools.js";

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

if (isEntryPoint()) {
  runCli(process.argv.slice(2), processIO()).then(
    (status) => {
      process.exitCode = status;
    },
    (e: unknown) => {
      process.stderr.write(`husk: internal error: ${e instanceof Error ? e.name : "unknown"}\n`);
      process.exitCode = 70;
    },
  );
}

/**
 * Test helper: runs scripts through real bash and through Husk's interpreter and returns
 * both results (stdout + status) for comparison. Test-only (uses node:child_process).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { MemoryFs } from "@husk/host";
import type { Command } from "@husk/host";
import { ShellSession, commandTable } from "../src/session.js";

/** The outcome of one script. */
export interface Outcome {
  readonly stdout: string;
  readonly status: number;
  readonly stderr?: string;
}

/** Runs `script` with GNU bash in a temp directory. */
export function runBash(script: string, stdin = ""): Outcome {
  const dir = mkdtempSync("/tmp/husk-interp-");
  writeFileSync(`${dir}/script.sh`, script);
  const r = spawnSync("bash", ["script.sh"], { cwd: dir, input: stdin, encoding: "utf8", timeout: 10000, env: { PATH: "/usr/bin:/bin", HOME: "/home/user", LANG: "C.UTF-8" } });
  return { stdout: r.stdout, status: r.status ?? -1, stderr: r.stderr };
}

/** Runs `script` with Husk (builtins plus `extra` commands) on a fresh MemoryFs. */
export async function runHusk(script: string, stdin = "", extra: Command[] = []): Promise<Outcome> {
  const fs = new MemoryFs();
  await fs.mkdir("/home/user", { recursive: true });
  await fs.mkdir("/tmp", { recursive: true });
  const s = new ShellSession({ fs, commands: commandTable(extra), env: { PATH: "/usr/bin:/bin", HOME: "/home/user" } });
  const r = await s.run(script, { stdin });
  return { stdout: r.stdout, status: r.exitCode, stderr: r.stderr };
}

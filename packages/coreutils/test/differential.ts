// Test support (node only): runs the real GNU tool and ours on the same input and compares.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { expect, it } from "vitest";
import type { Command } from "@husk/host";
import { MemoryFs } from "@husk/host";
import { runTool } from "../src/testing.js";

/** One differential case: argv after the name, optional stdin and files (relative paths). */
export interface DiffCase {
  readonly args: readonly string[];
  readonly stdin?: string;
  readonly files?: Readonly<Record<string, string>>;
  readonly env?: Readonly<Record<string, string>>;
  /** Compare stderr too (default true). */
  readonly stderr?: boolean;
  /** Real program to run when it differs from the command name. */
  readonly real?: string;
}

let counter = 0;

/** Runs the real tool in a fresh host directory; returns stdout, stderr, status. */
export function runReal(program: string, c: DiffCase, dir: string): { stdout: string; stderr: string; status: number } {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [p, text] of Object.entries(c.files ?? {})) {
    mkdirSync(dirname(`${dir}/${p}`), { recursive: true });
    writeFileSync(`${dir}/${p}`, text);
  }
  const r = spawnSync(program, c.args as string[], {
    input: c.stdin ?? "",
    cwd: dir,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C", TZ: "UTC", ...c.env },
  });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status ?? -1 };
}

/** Declares one vitest `it` per case comparing the real tool with `command`. */
export function differential(command: Command, cases: readonly DiffCase[], program = command.name, commands: readonly Command[] = []): void {
  for (const c of cases) {
    const label = `${program} ${c.args.map((a) => JSON.stringify(a)).join(" ")}${c.stdin !== undefined ? ` <<< ${JSON.stringify(c.stdin.slice(0, 30))}` : ""}`;
    it(label, async () => {
      const dir = `/tmp/husk-diff-${process.pid}-${counter++}`;
      const real = runReal(c.real ?? program, c, dir);
      rmSync(dir, { recursive: true, force: true });
      const fs = new MemoryFs();
      await fs.mkdir(dir, { recursive: true });
      for (const [p, text] of Object.entries(c.files ?? {})) {
        await fs.mkdir(dirname(`${dir}/${p}`), { recursive: true });
        await fs.writeFile(`${dir}/${p}`, text);
      }
      const ours = await runTool(command, c.args, { stdin: c.stdin ?? "", fs, cwd: dir, env: { LC_ALL: "C", TZ: "UTC", ...c.env }, commands: [testEcho, ...commands] });
      const want = c.stderr === false ? { stdout: real.stdout, status: real.status } : real;
      const got = c.stderr === false ? { stdout: ours.stdout, status: ours.status } : ours;
      expect(got).toEqual(want);
    });
  }
}

/** A minimal `echo` (no options) for tools that run commands (xargs, find -exec, timeout). */
export const testEcho: Command = {
  name: "echo",
  run(ctx) {
    ctx.stdout.write(`${ctx.args.join(" ")}\n`);
    return 0;
  },
};

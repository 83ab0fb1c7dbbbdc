// Test support (node only): runs the real GNU tool and ours on the same input and compares.
import { spawnSync } from "node:child_process";
import { lstatSync, lutimesSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { expect, it } from "vitest";
import type { Command } from "@husk/host";
import { FixedClock, MemoryFs } from "@husk/host";
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
  /** Empty directories to create. */
  readonly dirs?: readonly string[];
  /** Symbolic links to create: path -> target. */
  readonly links?: Readonly<Record<string, string>>;
  /** Compare stdout as a sorted list of lines (find walks in directory order). */
  readonly sortOut?: boolean;
  /** Compare the directory tree after the command (types, contents, link targets, modes). */
  readonly snapshot?: boolean;
}

/** Fixed mtime given to every seeded entry (2020-01-02T03:04:05Z), so `ls -l` output matches. */
export const SEED_MTIME = Date.UTC(2020, 0, 2, 3, 4, 5);

function hostTree(dir: string, rel = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(`${dir}/${rel}`).sort()) {
    const p = rel ? `${rel}/${name}` : name;
    const st = lstatSync(`${dir}/${p}`);
    if (st.isSymbolicLink()) out.push(`${p} -> ${readlinkSync(`${dir}/${p}`)}`);
    else if (st.isDirectory()) {
      out.push(`${p}/ ${(st.mode & 0o7777).toString(8)}`);
      out.push(...hostTree(dir, p));
    } else out.push(`${p} ${(st.mode & 0o7777).toString(8)} ${JSON.stringify(readFileSync(`${dir}/${p}`, "utf8"))}`);
  }
  return out;
}

async function memTree(fs: MemoryFs, dir: string, rel = ""): Promise<string[]> {
  const out: string[] = [];
  for (const name of await fs.readdir(rel ? `${dir}/${rel}` : dir)) {
    const p = rel ? `${rel}/${name}` : name;
    const st = await fs.lstat(`${dir}/${p}`);
    if (st.type === "symlink") out.push(`${p} -> ${await fs.readlink(`${dir}/${p}`)}`);
    else if (st.type === "directory") {
      out.push(`${p}/ ${st.mode.toString(8)}`);
      out.push(...(await memTree(fs, dir, p)));
    } else out.push(`${p} ${st.mode.toString(8)} ${JSON.stringify(await fs.readFile(`${dir}/${p}`))}`);
  }
  return out;
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
  for (const d of c.dirs ?? []) mkdirSync(`${dir}/${d}`, { recursive: true });
  for (const [p, target] of Object.entries(c.links ?? {})) symlinkSync(target, `${dir}/${p}`);
  const stamp = SEED_MTIME / 1000;
  const touchAll = (rel: string): void => {
    for (const name of readdirSync(`${dir}/${rel}`)) {
      const p = `${rel}/${name}`;
      if (lstatSync(`${dir}/${p}`).isDirectory()) touchAll(p);
      lutimesSync(`${dir}/${p}`, stamp, stamp);
    }
  };
  touchAll("");
  lutimesSync(dir, stamp, stamp);
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
      const realTree = c.snapshot ? hostTree(dir) : [];
      rmSync(dir, { recursive: true, force: true });
      // Seeded entries get the same fixed mtime as on the host; the command then runs on a
      // clock that starts at the real current time.
      const seedClock = new FixedClock(SEED_MTIME);
      const clock = { now: () => (seeding ? seedClock.now() : Date.now()), monotonic: () => Date.now() };
      let seeding = true;
      const fs = new MemoryFs({ clock });
      await fs.mkdir(dir, { recursive: true });
      for (const [p, text] of Object.entries(c.files ?? {})) {
        await fs.mkdir(dirname(`${dir}/${p}`), { recursive: true });
        await fs.writeFile(`${dir}/${p}`, text);
      }
      for (const d of c.dirs ?? []) await fs.mkdir(`${dir}/${d}`, { recursive: true });
      for (const [p, target] of Object.entries(c.links ?? {})) await fs.symlink(target, `${dir}/${p}`);
      seeding = false;
      const ours = await runTool(command, c.args, {
        stdin: c.stdin ?? "", fs, cwd: dir, env: { LC_ALL: "C", TZ: "UTC", ...c.env }, commands: [testEcho, ...commands],
        identity: { user: "root", uid: 0, gid: 0 },
      });
      const norm = (r: { stdout: string; stderr: string; status: number }) => {
        const stdout = c.sortOut ? r.stdout.split(/(?<=[\n\0])/).sort().join("") : r.stdout;
        return c.stderr === false ? { stdout, status: r.status } : { ...r, stdout };
      };
      expect(norm(ours)).toEqual(norm(real));
      if (c.snapshot) expect(await memTree(fs, dir)).toEqual(realTree);
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

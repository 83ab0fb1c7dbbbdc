/**
 * The engines a workload runs on: GNU bash with the native tools (spawned; the reference
 * output), just-bash (in-process) and Husk (in-process through @husk/bash). Each engine runs a
 * workload once per call and reports its stdout and wall time.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { ORDERS_GET_BASH, orderJson, type Workload } from "./workloads.js";

/** One run of a workload. */
export interface EngineRun {
  readonly stdout: string;
  readonly exitCode: number;
  /** Wall time in milliseconds (for `exec`: the run only; for `cold`: creating the shell and the run). */
  readonly ms: number;
}

/** An engine under measurement. */
export interface Engine {
  readonly name: string;
  /** Undefined when usable; otherwise why not (its column shows `n/a`). */
  unavailable(): Promise<string | undefined>;
  run(w: Workload): Promise<EngineRun>;
}

/** The working directory of in-process engines; workload files are placed in it. */
export const IN_PROCESS_CWD = "/work";

function inProcessFiles(w: Workload): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [k, v] of Object.entries(w.files)) files[`${IN_PROCESS_CWD}/${k}`] = v;
  return files;
}

/** The `--id N` argument of the tool stand-in. */
function toolId(args: readonly string[]): number {
  const i = args.indexOf("--id");
  return Number(i >= 0 ? args[i + 1] : args[0]) || 0;
}

/** GNU bash and the machine's tools, spawned with `LC_ALL=C` (byte order, like the in-process engines). */
export class BashEngine implements Engine {
  readonly name = "bash";
  readonly #dirs = new Map<string, string>();
  async unavailable(): Promise<string | undefined> {
    return spawnSync("bash", ["-c", "true"]).status === 0 ? undefined : "bash not found";
  }
  /** A directory holding the workload's files (written once). */
  dirFor(w: Workload): string {
    const key = `${w.name}:${w.n}`;
    let dir = this.#dirs.get(key);
    if (!dir) {
      dir = mkdtempSync(join(tmpdir(), "husk-bench-"));
      for (const [k, v] of Object.entries(w.files)) {
        mkdirSync(dirname(join(dir, k)), { recursive: true });
        writeFileSync(join(dir, k), v);
      }
      if (w.kind === "parse") writeFileSync(join(dir, "script.sh"), w.script);
      this.#dirs.set(key, dir);
    }
    return dir;
  }
  /** The argv that runs the workload (also used under /usr/bin/time for RSS). */
  argvFor(w: Workload): string[] {
    if (w.kind === "parse") return ["bash", "-c", "bash -n script.sh && echo ok"];
    if (w.kind === "fresh") return ["bash", "-c", `for ((i = 0; i < ${w.n}; i++)); do bash -c '${w.script.trim().replace(/'/g, "'\\''")}'; done`];
    return ["bash", "-c", (w.tools?.includes("orders_get") ? ORDERS_GET_BASH : "") + w.script];
  }
  run(w: Workload): Promise<EngineRun> {
    const argv = this.argvFor(w);
    const cwd = this.dirFor(w);
    return new Promise((resolve, reject) => {
      const t0 = performance.now();
      const child = spawn(argv[0]!, argv.slice(1), { cwd, env: BASH_ENV, stdio: ["ignore", "pipe", "pipe"] });
      const out: Buffer[] = [];
      child.stdout.on("data", (b: Buffer) => out.push(b));
      child.stderr.resume();
      child.on("error", reject);
      child.on("close", (code) => resolve({ stdout: Buffer.concat(out).toString("utf8"), exitCode: code ?? 1, ms: performance.now() - t0 }));
    });
  }
}

/** The fixed environment of the bash engine. */
export const BASH_ENV: Readonly<Record<string, string>> = { PATH: "/usr/local/bin:/usr/bin:/bin", LC_ALL: "C", HOME: "/tmp" };

const BIG = 1_000_000_000;

/** just-bash 3.4.2 from npm, in-process, with its limits raised so workloads can finish. */
export class JustBashEngine implements Engine {
  readonly name = "just-bash";
  #mod: typeof import("just-bash") | undefined;
  async unavailable(): Promise<string | undefined> {
    try {
      this.#mod = await import("just-bash");
      return undefined;
    } catch (e) {
      return `just-bash not installed (${(e as Error).message})`;
    }
  }
  #shell(w: Workload) {
    const m = this.#mod!;
    const tools = (w.tools ?? []).map((name) =>
      m.defineCommand(name, async (args: string[]) => ({ stdout: orderJson(toolId(args)), stderr: "", exitCode: 0 })),
    );
    return new m.Bash({
      files: inProcessFiles(w),
      cwd: IN_PROCESS_CWD,
      env: { LC_ALL: "C" },
      customCommands: tools,
      executionLimits: {
        maxCommandCount: BIG,
        maxLoopIterations: BIG,
        maxCallDepth: 10_000,
        maxOutputSize: 512 * 1024 * 1024,
        maxExecutionTimeMs: 600_000,
        maxAwkIterations: BIG,
        maxSedIterations: BIG,
        maxJqIterations: BIG,
        maxSourceBytes: 64 * 1024 * 1024,
        // also counts ${x#pat} and ${x%pat} work (string-ops at full size stopped at 1,000,000)
        maxGlobOperations: BIG,
      },
    });
  }
  async run(w: Workload): Promise<EngineRun> {
    const m = this.#mod!;
    if (w.kind === "parse") {
      const t0 = performance.now();
      m.parse(w.script);
      return { stdout: "ok\n", exitCode: 0, ms: performance.now() - t0 };
    }
    if (w.kind === "fresh") return freshShells(w, () => this.#shell(w));
    const t0 = performance.now();
    const shell = this.#shell(w);
    const t1 = performance.now();
    const r = await shell.exec(w.script);
    const t2 = performance.now();
    return { stdout: r.stdout, exitCode: r.exitCode, ms: w.kind === "cold" ? t2 - t0 : t2 - t1 };
  }
}

interface HuskBash {
  exec(script: string): Promise<{ stdout: string; exitCode: number }>;
}
type HuskBashCtor = new (options: Record<string, unknown>) => HuskBash;

/** The limits a Husk shell gets in the benchmarks: raised so every workload can finish (also used by scripts/cpu.mjs). */
export const HUSK_LIMITS = {
  maxCommands: BIG,
  maxLoopIterations: BIG,
  maxTotalIterations: BIG,
  maxCallDepth: 10_000,
  timeoutMs: 600_000,
  maxStdoutBytes: 512 * 1024 * 1024,
  maxStringBytes: 512 * 1024 * 1024,
  maxVariables: BIG,
  maxVariableBytes: 1024 * 1024 * 1024,
  maxFields: BIG,
  maxFsBytes: 1024 * 1024 * 1024,
  maxFileBytes: 512 * 1024 * 1024,
} as const;

/** Husk in-process through the @husk/bash facade (n/a until the facade exports a working Bash). */
export class HuskEngine implements Engine {
  readonly name = "husk";
  #Bash: HuskBashCtor | undefined;
  #parse: ((s: string) => unknown) | undefined;
  async unavailable(): Promise<string | undefined> {
    try {
      const m = (await import("@husk/bash")) as Record<string, unknown>;
      if (typeof m.Bash !== "function") return "@husk/bash exports no Bash yet";
      this.#Bash = m.Bash as HuskBashCtor;
    } catch (e) {
      return `@husk/bash cannot be loaded (${(e as Error).message.split("\n")[0]})`;
    }
    try {
      // HUSK_BENCH_SYNTAX: the directory of another build of @husk/syntax to parse with (A/B
      // comparisons of the parser across processes, bench/scripts/parse-runs.mjs).
      const other = process.env.HUSK_BENCH_SYNTAX;
      const s = (await import(other ? pathToFileURL(join(other, "index.js")).href : "@husk/syntax")) as Record<string, unknown>;
      if (typeof s.parse === "function") this.#parse = s.parse as (src: string) => unknown;
    } catch {
      // parse-only is n/a then
    }
    return undefined;
  }
  #shell(w: Workload): HuskBash {
    const commands = (w.tools ?? []).map((name) => ({
      name,
      summary: "benchmark tool stand-in",
      run(ctx: { args: readonly string[]; stdout: { write(s: string): unknown } }) {
        ctx.stdout.write(orderJson(toolId(ctx.args)));
        return 0;
      },
    }));
    return new this.#Bash!({
      files: inProcessFiles(w),
      cwd: IN_PROCESS_CWD,
      env: { LC_ALL: "C" },
      commands,
      limits: HUSK_LIMITS,
    });
  }
  async run(w: Workload): Promise<EngineRun> {
    if (w.kind === "parse") {
      if (!this.#parse) throw new Error("@husk/syntax exports no parse");
      const t0 = performance.now();
      this.#parse(w.script);
      return { stdout: "ok\n", exitCode: 0, ms: performance.now() - t0 };
    }
    if (w.kind === "fresh") return freshShells(w, () => this.#shell(w));
    const t0 = performance.now();
    const shell = this.#shell(w);
    const t1 = performance.now();
    const r = await shell.exec(w.script);
    const t2 = performance.now();
    return { stdout: r.stdout, exitCode: r.exitCode, ms: w.kind === "cold" ? t2 - t0 : t2 - t1 };
  }
}

/** `w.n` new shells in a row, each running the script; their outputs concatenated. */
async function freshShells(w: Workload, make: () => { exec(script: string): Promise<{ stdout: string; exitCode: number }> }): Promise<EngineRun> {
  let out = "";
  let exitCode = 0;
  const t0 = performance.now();
  for (let i = 0; i < w.n; i++) {
    const r = await make().exec(w.script);
    out += r.stdout;
    exitCode = r.exitCode;
  }
  return { stdout: out, exitCode, ms: performance.now() - t0 };
}

/** Every engine, reference (bash) first. */
export function allEngines(): Engine[] {
  return [new BashEngine(), new JustBashEngine(), new HuskEngine()];
}

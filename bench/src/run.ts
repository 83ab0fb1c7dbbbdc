#!/usr/bin/env node
/**
 * `npm run bench` (root) / `node bench/dist/run.js [--quick] [--k N] [--warmup N] [--procs N] [--only REGEX]
 * [--engines a,b] [--no-rss] [--out FILE]`: runs every workload on every engine, checks each
 * engine's stdout against GNU bash's before its time counts, prints a table of medians and
 * ratios (Husk/bash, Husk/just-bash) with peak RSS for the big workloads, and writes JSON to
 * bench/results/.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { allEngines, BASH_ENV, BashEngine, type Engine } from "./engines.js";
import { formatRatio, formatTable, median } from "./stats.js";
import { type Workload, workloads } from "./workloads.js";

/** The result of one engine on one workload. */
export interface Cell {
  /** `ok`: timed; `mismatch`: stdout differs from bash's; `error`: it threw; `timeout`: no result within --run-timeout; `n/a`: engine unavailable. */
  readonly status: "ok" | "mismatch" | "error" | "timeout" | "n/a";
  readonly medianMs?: number;
  readonly runsMs?: readonly number[];
  readonly peakRssMb?: number;
  /** Peak RSS minus the same engine's baseline (a fresh process running \`echo hi\`), in MB. */
  readonly rssAboveBaselineMb?: number;
  readonly detail?: string;
}

interface Options {
  quick: boolean;
  k: number;
  /** Untimed runs before the timed ones, for the in-process engines (JIT warm-up); bash gets one. */
  warmup: number;
  /** Fresh processes whose timed runs are pooled, for an in-process engine's runs under a second. */
  procs: number;
  only?: RegExp;
  engines?: string[];
  rss: boolean;
  out?: string;
  runTimeoutMs: number;
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = { quick: false, k: 0, warmup: 3, procs: 3, rss: true, runTimeoutMs: 180_000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = () => argv[++i] ?? fail(`${a} needs a value`);
    if (a === "--quick") o.quick = true;
    else if (a === "--k") o.k = Number(v());
    else if (a === "--warmup") o.warmup = Number(v());
    else if (a === "--procs") o.procs = Math.max(1, Number(v()));
    else if (a === "--only") o.only = new RegExp(v());
    else if (a === "--engines") o.engines = v().split(",");
    else if (a === "--no-rss") o.rss = false;
    else if (a === "--out") o.out = v();
    else if (a === "--run-timeout") o.runTimeoutMs = Number(v()) * 1000;
    else fail(`unknown option ${a}`);
  }
  if (!o.k) o.k = o.quick ? 3 : 5;
  return o;
}

function fail(msg: string): never {
  process.stderr.write(`bench: ${msg}\nusage: run.js [--quick] [--k N] [--warmup N] [--procs N] [--only REGEX] [--engines bash,just-bash,husk] [--no-rss] [--out FILE] [--run-timeout S]\n`);
  process.exit(2);
}

function firstDiff(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `differs at byte ${i}: expected ${JSON.stringify(a.slice(i, i + 40))}, got ${JSON.stringify(b.slice(i, i + 40))}`;
}

/** Peak RSS (MB) of one run of `engine` on workload `name`, measured in a fresh process. */
function peakRss(engine: Engine, w: Workload, quick: boolean, timeoutMs: number, emptyInputs = false): number | undefined {
  if (engine instanceof BashEngine) {
    const argv = engine.argvFor(w);
    const r = spawnSync("/usr/bin/time", ["-f", "RSSKB=%M", ...argv], { cwd: engine.dirFor(w), env: BASH_ENV, encoding: "utf8", maxBuffer: 1 << 30, timeout: timeoutMs });
    const m = /RSSKB=(\d+)/.exec(r.stderr ?? "");
    return m ? Number(m[1]) / 1024 : undefined;
  }
  const child = fileURLToPath(new URL("./child.js", import.meta.url));
  const r = spawnSync(process.execPath, [child, engine.name, w.name, quick ? "quick" : "full", ...(emptyInputs ? ["empty"] : [])], { encoding: "utf8", maxBuffer: 1 << 30, timeout: timeoutMs });
  const m = /^RSSKB=(\d+)$/m.exec(r.stdout ?? "");
  return m ? Number(m[1]) / 1024 : undefined;
}

/**
 * Peak RSS (MB) of an in-process engine running workload `w` with every input file empty, in a
 * fresh process: the same modules loaded and the same code run, so the difference from the
 * real run is the memory the input's size costs (Node's own footprint, the packages and the
 * generated inputs held by the benchmark itself do not count). Undefined for bash.
 */
function baselineRss(engine: Engine, w: Workload, quick: boolean, timeoutMs: number): number | undefined {
  if (engine instanceof BashEngine) return undefined;
  return peakRss(engine, w, quick, timeoutMs, true);
}

/** The bytes of a workload's input files, in MB. */
function inputMb(w: Workload): number {
  let n = 0;
  for (const text of Object.values(w.files)) n += text.length;
  return n / 1e6;
}

/** Runs a checked warm-up, then `o.k` timed runs; returns the cell and the warm-up's stdout. */
async function measure(engine: Engine, w: Workload, reference: string | undefined, o: Options): Promise<Cell & { stdout?: string }> {
  const timed = engine instanceof BashEngine ? await timeHere(engine, w, o) : timeInChild(engine, w, o);
  if ("status" in timed) return timed;
  const { first, runs } = timed;
  if (reference !== undefined && first !== reference) return { status: "mismatch", detail: firstDiff(reference, first) };
  const rss = o.rss && w.big ? peakRss(engine, w, o.quick, o.runTimeoutMs) : undefined;
  const base = rss !== undefined ? baselineRss(engine, w, o.quick, o.runTimeoutMs) : undefined;
  const above = rss !== undefined && base !== undefined ? { rssAboveBaselineMb: Math.max(0, rss - base) } : {};
  return { status: "ok", medianMs: median(runs), runsMs: runs.map((x) => Math.round(x * 100) / 100), peakRssMb: rss, ...above, stdout: first };
}

/** A warm-up's stdout and the timed runs, or the cell of a failure. */
type Timed = { first: string; runs: number[] } | Cell;

/** Bash: a warm-up, then `o.k` timed runs, each a process spawned from here. */
async function timeHere(engine: Engine, w: Workload, o: Options): Promise<Timed> {
  try {
    const first = (await withTimeout(engine.run(w), o.runTimeoutMs)).stdout;
    const runs: number[] = [];
    for (let i = 0; i < o.k; i++) runs.push((await withTimeout(engine.run(w), o.runTimeoutMs)).ms);
    return { first, runs };
  } catch (e) {
    return { status: e instanceof RunTimeout ? "timeout" : "error", detail: (e as Error).message.split("\n")[0] };
  }
}

/**
 * An in-process engine: the warm-up and the timed runs happen in a fresh process
 * (`child.js ENGINE WORKLOAD SIZE time K`), so that no engine is timed in a process another
 * engine has altered (just-bash's defense-in-depth leaves process-wide async hooks that make
 * every later promise about ten times slower).
 */
function timeInChild(engine: Engine, w: Workload, o: Options): Timed {
  const child = fileURLToPath(new URL("./child.js", import.meta.url));
  const limit = o.runTimeoutMs * (o.k + o.warmup);
  let first: string | undefined;
  const runs: number[] = [];
  // Short runs differ more between processes than within one (JIT and heap-sizing decisions:
  // tool-call's medians were 3.7 and 7.2 ms in two processes of the same build), so they are
  // pooled from up to --procs processes; a run of a second or more is stable in one.
  for (let p = 0; p < o.procs && (p === 0 || median(runs) < LONG_RUN_MS); p++) {
    const r = spawnSync(process.execPath, [child, engine.name, w.name, o.quick ? "quick" : "full", "time", String(o.k), String(o.warmup)], {
      encoding: "utf8",
      maxBuffer: 1 << 30,
      timeout: limit,
    });
    if (r.error && (r.error as NodeJS.ErrnoException).code === "ETIMEDOUT") return { status: "timeout", detail: `no result after ${limit / 1000} s` };
    const m = /^RESULT=(.*)$/m.exec(r.stdout ?? "");
    if (!m) return { status: "error", detail: (r.stderr || r.error?.message || `exit ${r.status}`).trim().split("\n")[0] };
    const res = JSON.parse(m[1]!) as { stdout: string; runsMs: number[] };
    first ??= res.stdout;
    runs.push(...res.runsMs);
  }
  return { first: first!, runs };
}

/** A run at least this long (median, ms) is timed in one process only (see timeInChild). */
const LONG_RUN_MS = 1000;

/** One workload's row of the report. */
interface Result {
  readonly workload: string;
  readonly description: string;
  readonly n: number;
  readonly cells: Record<string, Cell>;
  /** The size of its input files, in MB. */
  readonly inputMb: number;
  /** For a linearity twin: the workload it scales. */
  readonly base?: string;
}

/** Rows of time(4x) / time(1x) per engine, for the linearity twins whose base was measured. */
function linearity(results: readonly Result[], names: readonly string[]): string[][] {
  const rows: string[][] = [];
  for (const r of results) {
    const b = r.base === undefined ? undefined : results.find((x) => x.workload === r.base);
    if (b === undefined) continue;
    rows.push([
      r.workload,
      ...names.map((n) => {
        const big = r.cells[n];
        const small = b.cells[n];
        return big?.status === "ok" && small?.status === "ok" ? formatRatio(big.medianMs! / small.medianMs!) : "-";
      }),
    ]);
  }
  return rows;
}

/** A run that did not settle within `--run-timeout`. */
class RunTimeout extends Error {}

/** Settles like `p`, or rejects with RunTimeout after `ms` (the run itself cannot be stopped). */
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RunTimeout(`no result after ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

function cellText(c: Cell | undefined): string {
  if (!c) return "-";
  if (c.status !== "ok") return c.status;
  return c.medianMs! >= 100 ? c.medianMs!.toFixed(0) : c.medianMs!.toFixed(1);
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  const engines = allEngines().filter((e) => !o.engines || o.engines.includes(e.name));
  const unavailable = new Map<string, string>();
  for (const e of engines) {
    const why = await e.unavailable();
    if (why) unavailable.set(e.name, why);
  }
  const ws = workloads(o.quick).filter((w) => !o.only || o.only.test(w.name));
  const results: Result[] = [];
  for (const w of ws) {
    const cells: Record<string, Cell> = {};
    let reference = w.expect?.(w.n);
    for (const e of engines) {
      if (w.engines !== undefined && !w.engines.includes(e.name)) continue;
      if (unavailable.has(e.name)) {
        cells[e.name] = { status: "n/a", detail: unavailable.get(e.name) };
        continue;
      }
      if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${w.name}: ${e.name}`);
      const { stdout, ...c } = await measure(e, w, reference, o);
      if (e.name === "bash" && c.status === "ok") reference = stdout;
      cells[e.name] = c;
    }
    results.push({ workload: w.name, description: w.description, n: w.n, cells, inputMb: inputMb(w), ...(w.base !== undefined ? { base: w.base } : {}) });
  }
  if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
  const names = engines.map((e) => e.name);
  const header = ["workload", "N", ...names.map((n) => `${n} ms`), "husk/bash", "husk/just-bash", ...names.map((n) => `RSS ${n} MB`), "husk RSS/input"];
  const rows = results.map((r) => {
    const h = r.cells.husk;
    const ratio = (other: string) =>
      h?.status === "ok" && r.cells[other]?.status === "ok" ? formatRatio(h.medianMs! / r.cells[other]!.medianMs!) : "n/a";
    return [
      r.workload,
      String(r.n),
      ...names.map((n) => cellText(r.cells[n])),
      ratio("bash"),
      ratio("just-bash"),
      ...names.map((n) => (r.cells[n]?.peakRssMb !== undefined ? r.cells[n]!.peakRssMb!.toFixed(0) : "-")),
      h?.rssAboveBaselineMb !== undefined && r.inputMb > 0 ? `${(h.rssAboveBaselineMb / r.inputMb).toFixed(1)}x` : "-",
    ];
  });
  process.stdout.write(`${formatTable(header, rows)}\n`);
  const lin = linearity(results, names);
  if (lin.length > 0) process.stdout.write(`\nlinearity (time at 4x the size / time at 1x; linear is 4.0x):\n${formatTable(["workload", ...names], lin)}\n\n`);
  process.stdout.write(
    `medians of ${o.k} runs (after a checked warm-up run; in-process engines: at least ${o.warmup} warm-up runs, short ones for 1 s, each engine and workload in a fresh process, runs under ${LONG_RUN_MS / 1000} s pooled from ${o.procs} processes: ${o.k * o.procs} runs); ${o.quick ? "quick" : "full"} sizes; node ${process.version}\n`,
  );
  if (rows.some((r) => r[r.length - 1] !== "-"))
    process.stdout.write("husk RSS/input: (peak RSS - peak RSS of the same run with empty input files) / input size\n");
  for (const r of results) {
    for (const [n, c] of Object.entries(r.cells)) if (c.status !== "ok" && c.detail) process.stdout.write(`${r.workload} / ${n}: ${c.status}: ${c.detail}\n`);
  }
  for (const [n, why] of unavailable) process.stdout.write(`${n}: n/a (${why})\n`);
  const dir = fileURLToPath(new URL("../results/", import.meta.url));
  mkdirSync(dir, { recursive: true });
  const out = o.out ?? `${dir}bench-${o.quick ? "quick" : "full"}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  const json = { date: new Date().toISOString(), node: process.version, quick: o.quick, k: o.k, results };
  writeFileSync(out, `${JSON.stringify(json, null, 1)}\n`);
  process.stdout.write(`results written to ${out}\n`);
}

main().then(
  // A timed-out in-process run may still hold the event loop.
  () => process.exit(process.exitCode ?? 0),
).catch((e) => {
  process.stderr.write(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});

// Benchmarks four typical jq queries over a generated document: Husk's jq (through the @husk/bash
// facade, as a script would run it) vs the native /usr/bin/jq vs just-bash's jq (public API).
// Each (engine, query, size) runs in a fresh process; time is CPU time (user + system, less
// sensitive to a loaded machine than wall time). In-process engines (husk, just-bash) run
// --warmup + --runs times alike: the first run of the fresh process (cold JIT) is printed as
// "first", the time is the median of the --runs runs after the warm-up ones, as in bench/;
// native jq: the median of --runs processes. Memory is
// the peak RSS above the baseline measured after the engine is loaded and the input is in memory
// (for native jq: its whole peak RSS). Build first: `npx tsc -b`.
//
// Husk's runs are pooled from --procs fresh processes (default 3; just-bash, 5-30x slower and
// far from its ratio's threshold, runs in one).
// Usage: node packages/jq/scripts/bench.mjs [--mb 5] [--scale 4] [--runs 5] [--warmup 2] [--procs 3]
//        [--only REGEX] [--engines husk,jq,just-bash] [--pretty]
// Prints one row per query with times, ratios (husk/jq, just-bash/husk), the husk time growth
// from MB to MB*scale (linear = scale), and peak memory above baseline as a multiple of the input.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeDoc } from "./gen-doc.mjs";

/** The four typical queries: [name, jq arguments]. */
const QUERIES = [
  ["map(select)", ["map(select(.a == 3 and .active))"]],
  ["group_by", ["group_by(.k) | map({k: .[0].k, n: length, total: (map(.score) | add)})"]],
  ["to_entries", ["map(to_entries)"]],
  ["interpolation", ["-r", '.[] | "\\(.name) has \\(.score) points (\\(.k))"']],
];

const BIG = 1_000_000_000;
const HUSK_LIMITS = {
  maxCommands: BIG, timeoutMs: 600_000, maxStdoutBytes: 512 * 1024 * 1024, maxStringBytes: 512 * 1024 * 1024,
  maxFsBytes: 1024 * 1024 * 1024, maxFileBytes: 512 * 1024 * 1024, maxTotalIterations: BIG, maxLoopIterations: BIG,
};
const JB_LIMITS = {
  maxCommandCount: BIG, maxLoopIterations: BIG, maxOutputSize: 512 * 1024 * 1024, maxExecutionTimeMs: 600_000,
  maxJqIterations: BIG, maxSourceBytes: 64 * 1024 * 1024,
};

const shq = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The median of `xs` (not empty). */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Child mode: runs one in-process engine `warmup` (at least 1) + `runs` times; prints JSON
 * {ms (median of the runs after the warm-up), first (the first run), peakMB, out}.
 */
async function child(engine, file, warmup, runs, args) {
  const base0 = readFileSync(file, "utf8");
  // Run r > 0 reads the document followed by r spaces: another text each time, so no run reuses
  // the document an earlier one parsed (husk's jq keeps the last one while it is alive). Made
  // after run 0, whose peak is the one measured; flat (a Buffer round trip), as a file read is.
  let text = base0;
  const script = `jq ${args.map(shq).join(" ")} /d.json\n`;
  let shell;
  if (engine === "husk") {
    const { Bash } = await import("@husk/bash");
    shell = () => new Bash({ files: { "/d.json": text }, limits: HUSK_LIMITS });
  } else {
    const m = await import("just-bash");
    shell = () => new m.Bash({ files: { "/d.json": text }, executionLimits: JB_LIMITS });
  }
  // Load the engine (shells load command modules on first use) before the baseline is taken.
  await shell().exec("echo 1 | jq . >/dev/null");
  globalThis.gc();
  const base = process.memoryUsage().rss;
  const warm = [];
  let first = 0;
  let peak = 0;
  let out = 0;
  const skip = Math.max(1, warmup);
  for (let r = 0; r < skip + runs; r++) {
    if (r > 0) text = Buffer.from(base0 + " ".repeat(r)).toString("utf8");
    const sh = shell();
    const c0 = process.cpuUsage();
    const res = await sh.exec(script);
    const c = process.cpuUsage(c0);
    const ms = (c.user + c.system) / 1000;
    if (res.exitCode !== 0) throw new Error(`${engine}: exit ${res.exitCode}: ${res.stderr.slice(0, 300)}`);
    if (process.env.JQB_TRACE) process.stderr.write(`run ${r}: ${ms.toFixed(0)} ms\n`); // per-run CPU times, to see warm-up and GC outliers
    if (r === 0) first = ms;
    if (r >= skip) warm.push(ms);
    out = res.stdout.length;
    // The first run's peak (fresh heap, no JIT warm-up: what one script sees).
    if (r === 0) peak = process.resourceUsage().maxRSS * 1024 - base;
  }
  process.stdout.write(JSON.stringify({ runs: warm, first, peakMB: peak / 1e6, out }));
}

/** Runs native jq `runs` times: the median CPU time and the peak RSS (GNU time's %M). */
function native(file, runs, args) {
  const times = [];
  let peak = 0;
  let out = 0;
  for (let r = 0; r < runs; r++) {
    const p = spawnSync("/usr/bin/time", ["-f", "%U %S %M", "/usr/bin/jq", "-c", ...args, file], { maxBuffer: 1 << 30, encoding: "utf8" });
    if (p.status !== 0) throw new Error(`jq: ${p.stderr}`);
    const [user, sys, kb] = p.stderr.trim().split("\n").pop().split(" ").map(Number);
    times.push((user + sys) * 1000);
    peak = kb / 1000;
    out = p.stdout.length;
  }
  return { ms: median(times), peakMB: peak, out };
}

/**
 * Runs an in-process engine in `procs` fresh processes (one after the other) and pools their
 * timed runs: {ms (median of all), min (the fastest), first (median of the processes' first runs), peakMB (the
 * highest), out}. One process's runs share its garbage collector's rhythm (a 50-ms query's
 * time depends on whether a major GC lands in it), so several processes give a steadier median.
 */
function inProcess(engine, file, warmup, runs, args, procs = 1) {
  const me = fileURLToPath(import.meta.url);
  const all = [];
  const firsts = [];
  let peakMB = 0;
  let out = 0;
  for (let p = 0; p < procs; p++) {
    const text = execFileSync(process.execPath, ["--expose-gc", "--stack-size=4000", me, "--child", engine, file, String(warmup), String(runs), JSON.stringify(args)], {
      encoding: "utf8",
      maxBuffer: 1 << 26,
      cwd: join(fileURLToPath(import.meta.url), "../../../.."),
    });
    const r = JSON.parse(text);
    all.push(...r.runs);
    firsts.push(r.first);
    peakMB = Math.max(peakMB, r.peakMB);
    out = r.out;
  }
  return { ms: median(all), min: Math.min(...all), first: median(firsts), peakMB, out };
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === "--child") return child(argv[1], argv[2], Number(argv[3]), Number(argv[4]), JSON.parse(argv[5]));
  const opt = (name, dflt) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : dflt;
  };
  const mb = Number(opt("--mb", "5"));
  const scale = Number(opt("--scale", "4"));
  const runs = Number(opt("--runs", "5"));
  const warmup = Number(opt("--warmup", "2"));
  const procs = Number(opt("--procs", "3"));
  const only = new RegExp(opt("--only", "."));
  const engines = opt("--engines", "husk,jq,just-bash").split(",");
  const pretty = argv.includes("--pretty");
  const dir = mkdtempSync(join(tmpdir(), "jq-bench-"));
  try {
    const small = join(dir, "small.json");
    const large = join(dir, "large.json");
    const doc = makeDoc(mb);
    writeFileSync(small, doc.text);
    if (scale > 1) writeFileSync(large, makeDoc(mb * scale).text);
    const inMB = doc.text.length / 1e6;
    console.log(`input ${inMB.toFixed(1)} MB (${doc.count} records)${scale > 1 ? `, scaled x${scale}` : ""}; medians of ${runs} runs (husk: ${runs} runs after ${Math.max(1, warmup)} warm-up runs in each of ${procs} processes, pooled; just-bash: one process); load: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
    const head = ["query", "husk ms", "jq ms", "just-bash ms", "husk/jq", "just-bash/husk", "first run: husk, just-bash, ratio", `husk x${scale} growth (median; fastest runs)`, "husk peak MB (x input)", "jq peak MB"];
    console.log(head.join("\t"));
    for (const [name, q] of QUERIES) {
      if (!only.test(name)) continue;
      const args = pretty ? q : ["-c", ...q.filter((a) => a !== "-c")];
      const nativeArgs = args.filter((a) => a !== "-c");
      const h = engines.includes("husk") ? inProcess("husk", small, warmup, runs, args, procs) : undefined;
      const n = engines.includes("jq") ? native(small, runs, nativeArgs) : undefined;
      const jb = engines.includes("just-bash") ? inProcess("just-bash", small, warmup, runs, args) : undefined;
      const hl = h && scale > 1 ? inProcess("husk", large, warmup, runs, args, procs) : undefined;
      if (h && n && h.out !== n.out) console.log(`  note: ${name}: husk wrote ${h.out} chars, jq ${n.out}`);
      const f = (x) => (x === undefined ? "n/a" : x.toFixed(0));
      const r = (a, b) => (a === undefined || b === undefined ? "n/a" : (a / b).toFixed(2));
      console.log(
        [name, f(h?.ms), f(n?.ms), f(jb?.ms), r(h?.ms, n?.ms), r(jb?.ms, h?.ms),
          h && jb ? `${f(h.first)}, ${f(jb.first)}, ${r(jb.first, h.first)}` : "n/a", `${r(hl?.ms, h?.ms)}; ${r(hl?.min, h?.min)}`,
          h ? `${h.peakMB.toFixed(0)} (${(h.peakMB / inMB).toFixed(1)}x)` : "n/a", f(n?.peakMB)].join("\t"),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

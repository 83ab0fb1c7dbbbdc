#!/usr/bin/env node
// Benchmarks the text tools (sed, grep, sort|uniq, awk) through @husk/bash against the native GNU
// tools and just-bash (public API) over generated text, and prints ratios.
// Times are CPU time (user+sys), best of --k runs: wall time means little on a shared machine.
// GNU runs are spawned (`bash -c`, LC_ALL=C), so their times include process start-up.
//
// Usage: npx tsc -b && node packages/coreutils/scripts/bench-text.mjs [--mb 10] [--k 3]
//        [--only REGEX] [--no-just] [--just-timeout S] [--no-linear] [--no-rss]
//   --just-timeout S: stop a just-bash run after S seconds of wall time (default 300); the
//     table then shows >S000 (its CPU time is at least that minus what other processes took)
//   --no-linear: skip the 1/4-size run that checks linearity (time(4x) / time(1x) <= 4.5)
//   --no-rss: skip the peak-memory run (a fresh node process per workload): maxRSS growth
//     during the run over the input size (the input already in memory counts as baseline)
// just-bash runs once per workload, in a fresh process.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeLog } from "../../../bench/dist/workloads.js";

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const flag = (name) => argv.includes(name);

/** The workloads: a name and a script over `log.txt` (run by all three engines). */
const WORKLOADS = [
  { name: "sed s///g", script: "sed 's/o/0/g' log.txt > out.txt" },
  { name: "sed -E s///g", script: "sed -E 's/(user)([0-9]+)/\\2\\1/g' log.txt > out.txt" },
  { name: "grep -c lit", script: "grep -c FAIL log.txt" },
  { name: "grep -c re", script: "grep -c 'user1[0-9]* buy' log.txt" },
  { name: "grep -E -c", script: "grep -E -c '^user1[0-9]+ (buy|refund) ' log.txt" },
  { name: "grep -v -c", script: "grep -v -c ok log.txt" },
  { name: "sort|uniq -c", script: "cut -d' ' -f1,2 log.txt | sort | uniq -c | sort -rn | head -5" },
  { name: "awk sum", script: "awk '{s[$1]+=$3} END{for(k in s) print k, s[k]}' log.txt | sort | head -3" },
  { name: "awk printf", script: "awk '{ printf \"%-10s %6d %-8s %s\\n\", $1, $3, $2, $4 }' log.txt > out.txt" },
];

// The generated log is bench/'s (`makeLog`, built by `npx tsc -b`): one generator for every benchmark.
export { makeLog };

const LIMITS = {
  maxCommands: 1e9,
  maxLoopIterations: 1e9,
  maxTotalIterations: 1e9,
  timeoutMs: 600_000,
  maxStdoutBytes: 512 * 1024 * 1024,
  maxStringBytes: 512 * 1024 * 1024,
  maxFsBytes: 1024 * 1024 * 1024,
  maxFileBytes: 512 * 1024 * 1024,
};

async function huskRun(Bash, log, script) {
  const sh = new Bash({ files: { "/w/log.txt": log }, cwd: "/w", env: { LC_ALL: "C" }, limits: LIMITS });
  const c0 = process.cpuUsage();
  const r = await sh.exec(script);
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, out: r.stdout, err: r.stderr };
}

async function justRun(mod, log, script) {
  const BIG = 1e9;
  const sh = new mod.Bash({
    files: { "/w/log.txt": log },
    cwd: "/w",
    env: { LC_ALL: "C" },
    executionLimits: {
      maxCommandCount: BIG,
      maxLoopIterations: BIG,
      maxOutputSize: 512 * 1024 * 1024,
      maxExecutionTimeMs: 600_000,
      maxAwkIterations: BIG,
      maxSedIterations: BIG,
      maxStringLength: 512 * 1024 * 1024,
    },
  });
  const c0 = process.cpuUsage();
  const r = await sh.exec(script);
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, out: r.stdout };
}

function gnuRun(dir, script) {
  const g = spawnSync("bash", ["-c", `TIMEFORMAT="%U %S"; { time { ${script}; } >"$1" 2>/dev/null; } 2>&1`, "x", join(dir, "gnu.out")], {
    cwd: dir,
    env: { LC_ALL: "C", PATH: process.env.PATH },
    encoding: "utf8",
  });
  const [u, sy] = g.stdout.trim().split(/\s+/).map(Number);
  const out = spawnSync("cat", [join(dir, "gnu.out")], { encoding: "utf8" }).stdout;
  return { ms: (u + sy) * 1000, out };
}

/**
 * --child NAME: one run in this fresh process over log.txt of --dir; prints {base, peak, ms}
 * (maxRSS before and after the run, bytes; CPU ms). --engine just runs just-bash instead.
 */
async function child() {
  const w = WORKLOADS.find((x) => x.name === opt("--child"));
  const log = readFileSync(join(opt("--dir"), "log.txt"), "latin1");
  const just = opt("--engine") === "just";
  const mod = just ? await import("just-bash") : await import("../../bash/dist/index.js");
  globalThis.gc?.();
  const base = process.resourceUsage().maxRSS * 1024;
  const r = just ? await justRun(mod, log, w.script) : await huskRun(mod.Bash, log, w.script);
  console.log(JSON.stringify({ base, peak: process.resourceUsage().maxRSS * 1024, input: log.length, ms: r.ms }));
}

/** Runs `child()` in a fresh node process; its JSON report, {timedOut: true}, or null. */
function inChild(w, dir, engine, timeoutMs) {
  const c = spawnSync(process.execPath, ["--expose-gc", new URL(import.meta.url).pathname, "--child", w.name, "--dir", dir, "--engine", engine], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
    timeout: timeoutMs,
  });
  if (c.error?.code === "ETIMEDOUT") return { timedOut: true };
  try {
    return JSON.parse(c.stdout.trim().split("\n").pop());
  } catch {
    return null;
  }
}

async function main() {
  const { Bash } = await import("../../bash/dist/index.js");
  const mb = Number(opt("--mb", "10"));
  const k = Number(opt("--k", "3"));
  const only = new RegExp(opt("--only", "."));
  let just = null;
  if (!flag("--no-just")) just = await import("just-bash").then(() => true).catch(() => null);
  const dir = mkdtempSync(join(tmpdir(), "husk-bench-text-"));
  const big = makeLog(mb * 1e6);
  const small = makeLog((mb * 1e6) / 4);
  console.log(`input ${(big.length / 1e6).toFixed(1)} MB; CPU ms, best of ${k}; ratios husk/gnu and just-bash/husk`);
  console.log(
    `${"workload".padEnd(14)} ${"gnu".padStart(7)} ${"husk".padStart(7)} ${"x gnu".padStart(6)} ${"just".padStart(8)} ${"just/husk".padStart(9)} ${"lin(4x)".padStart(8)} ${"rss/in".padStart(7)} same`,
  );
  for (const w of WORKLOADS) {
    if (!only.test(w.name)) continue;
    writeFileSync(join(dir, "log.txt"), big);
    let g = Infinity;
    let h = Infinity;
    let gout = "";
    let hout = "";
    for (let i = 0; i < k; i++) {
      const a = gnuRun(dir, w.script);
      g = Math.min(g, a.ms);
      gout = a.out;
      const b = await huskRun(Bash, big, w.script);
      h = Math.min(h, b.ms);
      hout = b.out;
      if (b.err) process.stderr.write(`${w.name}: ${b.err}`);
    }
    let lin = "";
    if (!flag("--no-linear")) {
      let hs = Infinity;
      for (let i = 0; i < k; i++) hs = Math.min(hs, (await huskRun(Bash, small, w.script)).ms);
      lin = (h / hs).toFixed(2);
    }
    let jt = "";
    let jr = "";
    if (just) {
      // in a fresh process: its garbage must not slow the next husk runs down
      const limit = Number(opt("--just-timeout", "300")) * 1000;
      const j = inChild(w, dir, "just", limit);
      jt = j?.timedOut ? `>${limit}` : j ? j.ms.toFixed(0) : "err";
      jr = j?.timedOut ? `>${(limit / h).toFixed(0)}` : j ? (j.ms / h).toFixed(1) : "";
    }
    let rss = "";
    if (!flag("--no-rss")) {
      const m = inChild(w, dir, "husk");
      rss = m ? ((m.peak - m.base) / m.input).toFixed(1) : "err";
    }
    console.log(
      `${w.name.padEnd(14)} ${g.toFixed(0).padStart(7)} ${h.toFixed(0).padStart(7)} ${(h / g).toFixed(2).padStart(6)} ${jt.padStart(8)} ${jr.padStart(9)} ${lin.padStart(8)} ${rss.padStart(7)} ${gout === hout}`,
    );
  }
}

await (argv.includes("--child") ? child() : main());

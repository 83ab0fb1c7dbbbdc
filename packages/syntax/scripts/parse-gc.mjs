#!/usr/bin/env node
// Where the wall time of parse-5000 goes: for each timed parse of the bench's generated script,
// the wall time, the garbage collector's pauses during it (PerformanceObserver "gc" entries) and
// the minor page faults of the process (fresh memory the kernel maps on first touch), after the
// bench's warm-up. bench/dist must be built (`npx tsc -b`).
// Usage: node packages/syntax/scripts/parse-gc.mjs [--runs 15] [--warmup 3] [--lines 5000] [dist]
// Compare with V8 flags that keep the young generation at its full size from the start
// (`node --min-semi-space-size=16 --max-semi-space-size=16 --single-threaded-gc ...`).
import { PerformanceObserver } from "node:perf_hooks";

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv.splice(i, 2)[1]) : dflt;
};
const runs = opt("--runs", 15);
const warmup = opt("--warmup", 3);
const lines = opt("--lines", 5000);
const dist = argv[0] ? new URL(argv[0].replace(/\/?$/, "/index.js"), `file://${process.cwd()}/`).href : new URL("../dist/index.js", import.meta.url).href;
const { parse } = await import(dist);
const { makeBigScript } = await import(new URL("../../../bench/dist/workloads.js", import.meta.url).href);
const src = makeBigScript(lines);

let gcMs = 0;
let gcCount = 0;
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcMs += e.duration;
    gcCount++;
  }
});
obs.observe({ entryTypes: ["gc"] });
// the observer's entries arrive on a later turn: yield after each parse to collect them
const settle = () => new Promise((r) => setImmediate(r));

for (let i = 0; i < warmup; i++) parse(src);
await settle();
const rows = [];
for (let i = 0; i < runs; i++) {
  gcMs = 0;
  gcCount = 0;
  const u0 = process.resourceUsage();
  const t0 = performance.now();
  parse(src);
  const ms = performance.now() - t0;
  const u1 = process.resourceUsage();
  await settle();
  rows.push({ ms, gcMs, gcCount, faults: u1.minorPageFault - u0.minorPageFault });
}
obs.disconnect();
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const r of rows) console.log(`${r.ms.toFixed(1).padStart(6)} ms  gc ${r.gcMs.toFixed(1).padStart(5)} ms in ${r.gcCount}  faults ${r.faults}`);
console.log(
  `median ${med(rows.map((r) => r.ms)).toFixed(1)} ms, gc ${med(rows.map((r) => r.gcMs)).toFixed(1)} ms, ` +
    `without gc ${med(rows.map((r) => r.ms - r.gcMs)).toFixed(1)} ms, faults ${med(rows.map((r) => r.faults))}`,
);

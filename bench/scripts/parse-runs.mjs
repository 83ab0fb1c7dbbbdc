#!/usr/bin/env node
// The warm parse-5000 time across fresh processes: what one `npm run bench` row cannot show,
// since V8's collector can put a whole process in a slow regime (packages/syntax/README.md).
// Each process is the bench child (`bench/dist/child.js husk parse-5000 full time 15 3`): 15
// timed parses after its warm-up. Prints, per build, the median of each process and the pooled
// median, p90, max and mean of all runs. With several builds of @husk/syntax (directories
// holding a built `index.js`, e.g. a copy of packages/syntax/dist made before a change), the
// processes alternate between them round by round, so that machine load falls on all alike.
// Usage: npx tsc -b && node bench/scripts/parse-runs.mjs [--rounds N] [--workload parse-5000]
//          [--engine husk|bash] [DIST_DIR...]
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

const args = process.argv.slice(2);
let rounds = 6;
let workload = "parse-5000";
let engine = "husk";
const dists = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--rounds") rounds = Number(args[++i]);
  else if (args[i] === "--workload") workload = args[++i];
  else if (args[i] === "--engine") engine = args[++i];
  else dists.push(resolve(args[i]));
}
const builds = dists.length > 0 ? dists : [undefined];
const child = new URL("../dist/child.js", import.meta.url).pathname;
const runs = new Map(builds.map((b) => [b, { medians: [], all: [] }]));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
for (let r = 0; r < rounds; r++) {
  for (const b of builds) {
    const env = { ...process.env };
    if (b !== undefined) env.HUSK_BENCH_SYNTAX = b;
    const out = execFileSync(process.execPath, [child, engine, workload, "full", "time", "15", "3"], { env, encoding: "utf8" });
    const res = JSON.parse(out.split("RESULT=")[1]);
    runs.get(b).medians.push(median(res.runsMs));
    runs.get(b).all.push(...res.runsMs);
  }
}
for (const [b, { medians, all }] of runs) {
  const s = [...all].sort((x, y) => x - y);
  const q = (p) => s[Math.floor(p * (s.length - 1))].toFixed(1);
  const mean = (s.reduce((x, y) => x + y, 0) / s.length).toFixed(1);
  console.log(`${b ?? `${engine} (installed build)`}
  process medians: ${medians.map((m) => m.toFixed(1)).join(" ")}
  all ${s.length} runs: median ${q(0.5)}  p90 ${q(0.9)}  max ${q(1)}  mean ${mean} ms`);
}

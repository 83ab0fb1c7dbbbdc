#!/usr/bin/env node
// Where Husk's time goes in each bench workload: runs `child.js husk WORKLOAD SIZE time K W`
// under `node --cpu-prof` (a fresh process per workload, as the bench times them) and prints
// the top self-time entries of the profile, as shares of the profile's samples (idle time
// left out), so that a shared machine's load changes the milliseconds more than the shares.
// Usage (after `npx tsc -b`):
//   node bench/scripts/profile.mjs [--size quick|full] [--runs K] [--top N] [--only REGEX]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { workloads } from "../dist/workloads.js";

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const size = opt("--size", "full");
const runs = opt("--runs", "5");
const top = Number(opt("--top", "6"));
const only = new RegExp(opt("--only", "."));
const child = fileURLToPath(new URL("../dist/child.js", import.meta.url));

/** `functionName file:line` of a profile node, with the path cut to its package. */
function key(n) {
  const url = n.callFrame.url.replace(/^file:\/\//, "");
  const m = /(?:packages|node_modules)\/(.+)$/.exec(url);
  const file = m ? m[1].replace("/dist/", "/") : url || "";
  return `${n.callFrame.functionName || "(anonymous)"}${file ? ` ${file}:${n.callFrame.lineNumber + 1}` : ""}`;
}

for (const w of workloads(size)) {
  if (!only.test(w.name) || w.name.includes("@") || w.name === "cold-start" || (w.engines && !w.engines.includes("husk"))) continue;
  const dir = mkdtempSync(join(tmpdir(), "husk-prof-"));
  try {
    execFileSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir", dir, child, "husk", w.name, size, "time", runs, "3"], { stdio: ["ignore", "ignore", "inherit"] });
    const p = JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]), "utf8"));
    const dt = new Map();
    for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
    const self = new Map();
    let total = 0;
    for (const n of p.nodes) {
      if (n.callFrame.functionName === "(idle)") continue;
      const t = dt.get(n.id) ?? 0;
      total += t;
      self.set(key(n), (self.get(key(n)) ?? 0) + t);
    }
    const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
    console.log(`${w.name} (${size}, ${(total / 1000).toFixed(0)} ms profiled): ${rows.map(([k, v]) => `${((100 * v) / total).toFixed(0)}% ${k}`).join("; ")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

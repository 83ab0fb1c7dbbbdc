#!/usr/bin/env node
// The long fuzz run: every target of security/fuzz for N cases (default 100,000), then a table
// of runs, failures (with the counterexample) and the slowest case per target.
// Usage: node security/scripts/fuzz-long.mjs [--runs N] [--seed S] [--filter NAME]
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const runs = Number(opt("--runs", "100000"));
const seed = opt("--seed", "20261202");
const filter = opt("--filter", undefined);
const root = fileURLToPath(new URL("../..", import.meta.url));
const report = join(tmpdir(), `husk-fuzz-${process.pid}.jsonl`);
rmSync(report, { force: true });

const started = Date.now();
const vitest = ["vitest", "run", "security/fuzz", "--testTimeout=0", ...(filter ? ["-t", filter] : [])];
const r = spawnSync("npx", vitest, {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: seed, FUZZ_REPORT: report },
});
const lines = existsSync(report) ? readFileSync(report, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)) : [];
console.log(`fuzz-long: ${runs} cases per target, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const l of lines) {
  console.log(`${l.failed ? "FAIL" : "ok  "} ${String(l.runs).padStart(7)}  slowest ${String(l.slowestMs).padStart(5)} ms  ${l.target}`);
  if (l.failed) console.log(`     counterexample: ${l.counterexample}\n     error: ${l.error}`);
}
rmSync(report, { force: true });
process.exit(lines.length === 0 ? 2 : lines.some((l) => l.failed) || r.status !== 0 ? 1 : 0);

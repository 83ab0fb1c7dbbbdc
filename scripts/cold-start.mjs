#!/usr/bin/env node
// Issue 9's cold start: a fresh Node process imports @husk/bash (the built dist), creates a
// Bash and runs `echo hi`; N processes in a row, median and range of the total and of its two
// parts (import; new Bash + first exec). The target is a total under 150 ms on an idle machine.
// Usage: node scripts/cold-start.mjs [--runs N] [--dir REPO]   (after `npx tsc -b`)
// For where the time goes: node --cpu-prof -e "<the CODE below>" from the repo root.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
const runs = Number(opt("--runs", "10"));
const dir = opt("--dir", fileURLToPath(new URL("..", import.meta.url)));
const CODE = `const t0 = performance.now(); const { Bash } = await import("@husk/bash"); const t1 = performance.now();
const r = await new Bash().exec("echo hi"); const t2 = performance.now();
if (r.stdout !== "hi\\n") throw new Error("unexpected output " + JSON.stringify(r.stdout));
console.log(JSON.stringify([t2 - t0, t1 - t0, t2 - t1]));`;

const samples = [];
for (let i = 0; i < runs; i++) {
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", CODE], { cwd: dir, encoding: "utf8" });
  if (r.status !== 0) {
    console.error(r.stderr);
    process.exit(1);
  }
  samples.push(JSON.parse(r.stdout));
}
const stat = (k) => {
  const v = samples.map((s) => s[k]).sort((a, b) => a - b);
  return `median ${v[Math.floor((v.length - 1) / 2)].toFixed(0)} ms (${v[0].toFixed(0)}-${v[v.length - 1].toFixed(0)})`;
};
console.log(`cold start, ${runs} processes, ${dir}`);
console.log(`  total (import + new Bash + exec "echo hi"): ${stat(0)}`);
console.log(`  import @husk/bash:                         ${stat(1)}`);
console.log(`  new Bash + first exec:                     ${stat(2)}`);

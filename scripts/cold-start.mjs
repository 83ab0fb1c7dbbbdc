#!/usr/bin/env node
// Issue 9's cold start: a fresh Node process imports @husk/bash (the built dist), creates a
// Bash and runs `echo hi`; N processes in a row, median and range of the total and of its two
// parts (import; new Bash + first exec), as wall-clock time and as the process's CPU time
// (process.cpuUsage, user + system: steadier than wall time on a busy machine). The target is a
// wall-clock total under 150 ms on an idle machine.
// Usage: node scripts/cold-start.mjs [--runs N] [--dir REPO]...   (after `npx tsc -b`)
// With several --dir (e.g. a copy of an older build), runs alternate between them (A B A B ...)
// so that both see the same machine load, and each gets its own report.
// For where the time goes: node --cpu-prof --input-type=module -e "<the CODE below>" from the repo root.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
const runs = Number(opt("--runs", "10"));
const dirs = args.flatMap((a, i) => (a === "--dir" ? [args[i + 1]] : []));
if (dirs.length === 0) dirs.push(fileURLToPath(new URL("..", import.meta.url)));
const CODE = `const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const t0 = performance.now(), c0 = cpu(); const { Bash } = await import("@husk/bash"); const t1 = performance.now(), c1 = cpu();
const r = await new Bash().exec("echo hi"); const t2 = performance.now(), c2 = cpu();
if (r.stdout !== "hi\\n") throw new Error("unexpected output " + JSON.stringify(r.stdout));
console.log(JSON.stringify([t2 - t0, t1 - t0, t2 - t1, c2 - c0, c1 - c0, c2 - c1]));`;

const samples = dirs.map(() => []);
for (let i = 0; i < runs; i++) {
  dirs.forEach((dir, d) => {
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", CODE], { cwd: dir, encoding: "utf8" });
    if (r.status !== 0) {
      console.error(r.stderr);
      process.exit(1);
    }
    samples[d].push(JSON.parse(r.stdout));
  });
}
const stat = (s, k) => {
  const v = s.map((x) => x[k]).sort((a, b) => a - b);
  return `median ${v[Math.floor((v.length - 1) / 2)].toFixed(0).padStart(3)} ms (${v[0].toFixed(0)}-${v[v.length - 1].toFixed(0)})`;
};
dirs.forEach((dir, d) => {
  const s = samples[d];
  console.log(`cold start, ${runs} processes, ${dir}${dirs.length > 1 ? " (interleaved)" : ""}`);
  console.log(`  total (import + new Bash + exec "echo hi"): wall ${stat(s, 0)}, cpu ${stat(s, 3)}`);
  console.log(`  import @husk/bash:                         wall ${stat(s, 1)}, cpu ${stat(s, 4)}`);
  console.log(`  new Bash + first exec:                     wall ${stat(s, 2)}, cpu ${stat(s, 5)}`);
});

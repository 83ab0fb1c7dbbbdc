#!/usr/bin/env node
// Parse-only speed of a generated 5,000-line script: @husk/syntax vs `bash -n` vs just-bash's
// parser (its public `parse`, when installed). Two scripts: the bench workload `parse-5000`
// (bench/dist/workloads.js, when built) and a local mix of constructs.
//   warm: the same process parses N times after a warm-up (what a long-lived host sees);
//         CPU ms of this process (user + sys; GC threads included), median and min.
//   cold: a fresh `node` per run: module import + the first parse, wall ms measured inside
//         the child (process start-up excluded), median and min.
//   bash -n: child CPU (user + sys, from `times`) including process start-up, and the same
//         for `bash -n /dev/null` (the start-up alone), median and min.
// Usage: npx tsc -b && node packages/syntax/scripts/bench-parse.mjs [lines=5000] [runs=15] [coldRuns=5]
// Timings on a loaded machine are noisy: compare min values, and rerun.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const here = new URL(".", import.meta.url);
const distUrl = new URL("../dist/index.js", here).href;
const { parse } = await import(distUrl);
const LINES = Number(process.argv[2] ?? 5000);
const RUNS = Number(process.argv[3] ?? 15);
const COLD = Number(process.argv[4] ?? 5);

const PARTS = [
  'echo "hello $USER" ${HOME:-/tmp} > /dev/null 2>&1',
  "for i in 1 2 3; do",
  '  if [[ $i -gt 1 && -n "$x" ]]; then x=$((i * 2 + 1)); fi',
  "done",
  'case "$1" in',
  "  start|run) echo start ;;",
  '  *) echo "usage: $0" >&2 ;;',
  "esac",
  'f() { local a=(1 2 3); echo "${a[@]}" | grep -c x || true; }',
  'while read -r line; do printf "%s\\n" "$line"; done < file.txt',
  "result=$(ls -la | awk '{print $1}' | sort -u)",
  'arr+=("$result") ; ((count++))',
];
function mixScript(n) {
  const lines = [];
  while (lines.length < n) lines.push(...PARTS);
  return lines.slice(0, n).join("\n") + "\n";
}
const scripts = [];
const workloads = new URL("../../../bench/dist/workloads.js", here);
if (existsSync(workloads)) {
  const { makeBigScript } = await import(workloads.href);
  scripts.push(["bench parse-5000 (makeBigScript)", makeBigScript(LINES)]);
} else console.log("bench/dist not built: only the local mix");
scripts.push(["local mix", mixScript(LINES)]);

let jb;
try {
  jb = await import("just-bash");
  if (typeof jb.parse !== "function") jb = undefined;
} catch {
  jb = undefined;
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const med = (xs) => sorted(xs)[xs.length >> 1];
const min = (xs) => sorted(xs)[0];
const fmt = (xs) => `median ${med(xs).toFixed(1)} ms, min ${min(xs).toFixed(1)} ms`;

function warm(f) {
  for (let i = 0; i < 5; i++) f();
  const xs = [];
  for (let i = 0; i < RUNS; i++) {
    const c = cpu();
    f();
    xs.push(cpu() - c);
  }
  return xs;
}
function cold(file, which) {
  const imp = which === "husk" ? distUrl : "just-bash";
  const code = `const fs=await import("node:fs");const src=fs.readFileSync(${JSON.stringify(file)},"utf8");` +
    `const t0=performance.now();const m=await import(${JSON.stringify(imp)});const t1=performance.now();m.parse(src);const t2=performance.now();` +
    `console.log(JSON.stringify([t1-t0,t2-t1,t2-t0]))`;
  const xs = [];
  for (let i = 0; i < COLD; i++) {
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8", cwd: new URL("../../..", here).pathname });
    if (r.status !== 0) throw new Error(r.stderr);
    xs.push(JSON.parse(r.stdout.trim()));
  }
  const col = (k) => xs.map((x) => x[k]);
  return { import: col(0), parse: col(1), total: col(2) };
}
function bashN(file) {
  const child = (out) => {
    const m = out.trim().split("\n")[1].match(/(\d+)m([\d.]+)s (\d+)m([\d.]+)s/);
    return (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000;
  };
  const xs = [];
  const empty = [];
  for (let i = 0; i < RUNS; i++) {
    xs.push(child(spawnSync("bash", ["-c", `bash -n '${file}'; times`], { encoding: "utf8" }).stdout));
    empty.push(child(spawnSync("bash", ["-c", "bash -n /dev/null; times"], { encoding: "utf8" }).stdout));
  }
  return { xs, empty };
}

const dir = mkdtempSync(join(tmpdir(), "husk-bench-"));
for (const [label, src] of scripts) {
  const file = join(dir, label.replace(/\W+/g, "_") + ".sh");
  writeFileSync(file, src);
  console.log(`\n== ${label}: ${src.split("\n").length - 1} lines, ${src.length} bytes`);
  const ok = spawnSync("bash", ["-n", file]);
  if (ok.status !== 0) console.log(`  (bash -n rejects it: ${ok.stderr})`);
  const h = warm(() => parse(src));
  console.log(`@husk/syntax warm: ${fmt(h)}`);
  let j;
  if (jb) {
    j = warm(() => jb.parse(src));
    console.log(`just-bash warm:    ${fmt(j)}`);
  }
  const hc = cold(file, "husk");
  console.log(`@husk/syntax cold: import ${fmt(hc.import)}; first parse ${fmt(hc.parse)}; both ${fmt(hc.total)}`);
  let jc;
  if (jb) {
    jc = cold(file, "just-bash");
    console.log(`just-bash cold:    import ${fmt(jc.import)}; first parse ${fmt(jc.parse)}; both ${fmt(jc.total)}`);
  }
  const b = bashN(file);
  console.log(`bash -n (child CPU incl. start-up): ${fmt(b.xs)}; bash -n /dev/null: ${fmt(b.empty)}`);
  const r = (a, c) => `${(min(a) / min(c)).toFixed(2)} (min/min), ${(med(a) / med(c)).toFixed(2)} (median/median)`;
  console.log(`ratios (below 1: husk faster): warm/bash -n ${r(h, b.xs)}; first parse/bash -n ${r(hc.parse, b.xs)}`);
  if (jb) console.log(`  warm/just-bash warm ${r(h, j)}; first parse/just-bash first parse ${r(hc.parse, jc.parse)}`);
}

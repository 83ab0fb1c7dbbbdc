#!/usr/bin/env node
// Parse-only speed: a generated 5,000-line script (mixed constructs), @husk/syntax vs `bash -n`
// vs just-bash's parser (when installed). Reports CPU ms (median and min of N runs).
// Usage: npx tsc -b packages/syntax && node packages/syntax/scripts/bench-parse.mjs [lines] [runs]
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const { parse } = await import(new URL("../dist/index.js", import.meta.url).href);
const LINES = Number(process.argv[2] ?? 5000);
const RUNS = Number(process.argv[3] ?? 15);

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
const lines = [];
while (lines.length < LINES) lines.push(...PARTS);
const src = lines.slice(0, LINES).join("\n") + "\n";
const file = join(mkdtempSync(join(tmpdir(), "husk-bench-")), "gen.sh");
writeFileSync(file, src);

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[s.length >> 1].toFixed(1)} ms, min ${s[0].toFixed(1)} ms`;
}
function measure(label, f) {
  f(); // warm-up (and chevrotain's grammar build)
  const xs = [];
  for (let i = 0; i < RUNS; i++) {
    const c = cpu();
    f();
    xs.push(cpu() - c);
  }
  console.log(`${label}: ${stats(xs)}`);
}
console.log(`script: ${LINES} lines, ${src.length} bytes`);
{
  const c = cpu();
  parse(src);
  console.log(`@husk/syntax first parse (includes grammar build + JIT warm-up): ${(cpu() - c).toFixed(1)} ms`);
}
measure("@husk/syntax parse", () => parse(src));
try {
  const jb = await import("just-bash");
  if (typeof jb.parse === "function") measure("just-bash parse", () => jb.parse(src));
} catch {
  console.log("just-bash not installed; skipped");
}
// bash -n: CPU time of the child (user + sys), from /usr/bin/time-free accounting via `times`.
const xs = [];
const empty = [];
for (let i = 0; i < RUNS; i++) {
  const r = spawnSync("bash", ["-c", `bash -n '${file}'; times`], { encoding: "utf8" });
  const r0 = spawnSync("bash", ["-c", `bash -n /dev/null; times`], { encoding: "utf8" });
  const child = (out) => {
    const m = out.trim().split("\n")[1].match(/(\d+)m([\d.]+)s (\d+)m([\d.]+)s/);
    return (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000;
  };
  xs.push(child(r.stdout));
  empty.push(child(r0.stdout));
}
console.log(`bash -n (child CPU incl. process start): ${stats(xs)}; bash -n /dev/null: ${stats(empty)}`);

#!/usr/bin/env node
// CPU time of the interpreter workloads (bench/src/workloads.ts, quick sizes and 4x), measured
// in-process with process.cpuUsage() so that a shared, loaded machine disturbs it less than wall
// time. Usage:
//   node packages/interp/scripts/cpu-bench.mjs [--root DIR] [--runs N] [--only REGEX] [--scale K]
// DIR is a built checkout (default: this one); compare two builds by running this alternately
// with --root OLD and --root NEW and taking medians. Prints one line per workload: median CPU ms.
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const root = resolve(opt("--root", resolve(fileURLToPath(import.meta.url), "../../../..")));
const runs = Number(opt("--runs", "5"));
const only = new RegExp(opt("--only", "."));
const scale = Number(opt("--scale", "1"));
const BIG = 1e12;

const { Bash } = await import(pathToFileURL(`${root}/packages/bash/dist/index.js`).href);
const arithN = 20_000 * scale;
const strN = 5_000 * scale;
const funcN = 10_000 * scale;
const arrN = 5_000 * scale;
const readN = 10_000 * scale;
const workloads = {
  "arith-loop": `i=0; s=0\nwhile (( i < ${arithN} )); do s=$(( (s + i * 7) % 1000003 )); i=$((i + 1)); done\necho "$s"\n`,
  "string-ops": `for ((i = 0; i < ${strN}; i++)); do x="item-$i-value"; y=\${x#item-}; y=\${y%-value}; z=\${x//-/_}; n=\${#z}; u=\${x^^}; done\necho "$y $z $n $u"\n`,
  "function-calls": `f() { local a=$1; r=$(( a * 2 + 1 )); }\nfor ((i = 0; i < ${funcN}; i++)); do f "$i"; done\necho "$r"\n`,
  arrays: `declare -a a; declare -A m\nfor ((i = 0; i < ${arrN}; i++)); do a[i]=$((i * 3)); m[k$i]=$i; done\ns=0; for k in "\${!m[@]}"; do s=$(( s + m[$k] )); done\necho "\${#a[@]} \${#m[@]} $s \${a[${arrN - 1}]}"\n`,
  "while-read-pipe": `seq ${readN} | { s=0; while read -r l; do s=$((s + l)); done; echo "$s"; }\n`,
};

const shell = () =>
  new Bash({
    cwd: "/work",
    env: { LC_ALL: "C" },
    limits: {
      maxCommands: BIG,
      maxLoopIterations: BIG,
      maxTotalIterations: BIG,
      maxCallDepth: 10_000,
      timeoutMs: 600_000,
      maxStdoutBytes: 512 * 1024 * 1024,
      maxStringBytes: 512 * 1024 * 1024,
      maxVariables: BIG,
      maxVariableBytes: 1024 * 1024 * 1024,
      maxFields: BIG,
    },
  });

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const [name, script] of Object.entries(workloads)) {
  if (!only.test(name)) continue;
  const first = await shell().exec(script); // warm-up, and the output for a sanity check
  const times = [];
  for (let r = 0; r < runs; r++) {
    const sh = shell();
    const c0 = process.cpuUsage();
    await sh.exec(script);
    const c = process.cpuUsage(c0);
    times.push((c.user + c.system) / 1000);
  }
  console.log(`${name}${scale === 1 ? "" : `@${scale}x`}\t${median(times).toFixed(1)} ms\t(${times.map((t) => t.toFixed(0)).join(" ")})\t${first.stdout.trim()}`);
}

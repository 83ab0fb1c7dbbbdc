#!/usr/bin/env node
// Benchmarks @husk/awk against gawk on generated text (10 MB by default).
// Usage: npx tsc -b packages/awk && node packages/awk/scripts/bench.mjs [MB]
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { awk } from "../dist/index.js";

const mb = Number(process.argv[2] ?? 10);
const keys = 1000;
let s = "";
const lines = [];
let size = 0;
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
while (size < mb * 1024 * 1024) {
  const line = `key${Math.floor(rnd() * keys)} ${Math.floor(rnd() * 1000)} ${(rnd() * 100).toFixed(2)} word${Math.floor(rnd() * 50)} tail`;
  lines.push(line);
  size += line.length + 1;
}
s = `${lines.join("\n")}\n`;
const file = "/tmp/husk-awk-bench.txt";
writeFileSync(file, s);
const progs = {
  "sum by key": "{s[$1]+=$2} END{for(k in s) print k, s[k]}",
  "field printf": '{ printf "%-10s %6d %8.2f %s\\n", $1, $2, $3, $4 }',
  "regex filter": "/word1[0-9]/ { n++ } END { print n }",
  "print $1": "{ print $1 }",
};
// CPU time (user+sys), best of 3: wall time is meaningless on a shared, loaded machine.
for (const [name, prog] of Object.entries(progs)) {
  let tg = Infinity;
  let th = Infinity;
  let same = true;
  for (let i = 0; i < 3; i++) {
    const g = spawnSync("bash", ["-c", 'TIMEFORMAT="%U %S"; { time gawk "$0" "$1" > /tmp/husk-awk-bench.out; } 2>&1', prog, file], { env: { LC_ALL: "C", PATH: process.env.PATH } });
    const [u, sy] = g.stdout.toString().trim().split(/\s+/).map(Number);
    tg = Math.min(tg, (u + sy) * 1000);
    const c0 = process.cpuUsage();
    const r = await awk(prog, s, { limits: { maxStdoutBytes: 1 << 30, timeoutMs: 600000 } });
    const c = process.cpuUsage(c0);
    th = Math.min(th, (c.user + c.system) / 1000);
    if (i === 0) same = sortLines(r.stdout) === sortLines(readFileSync("/tmp/husk-awk-bench.out", "utf8"));
  }
  console.log(`${name.padEnd(14)} gawk ${tg.toFixed(0).padStart(6)} ms   husk ${th.toFixed(0).padStart(6)} ms   ratio ${(th / tg).toFixed(2)}x   same output: ${same}`);
}
function sortLines(x) {
  return x.split("\n").sort().join("\n");
}

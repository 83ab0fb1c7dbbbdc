#!/usr/bin/env node
// Linearity of the tool-layer workloads, looked at more closely than the bench's one 4x ratio
// (whose 1x runs last ~5-12 ms, so that a warm-up or GC difference moves it by 10%): the time
// per iteration of `tool-call` (a tool call in a loop, output piped to tail) and `tool-subst`
// (`t=$(tool | jq -r .total)` in a loop) at N, 4N and 16N iterations, each size measured
// twice, interleaved, in one warm process (median of --runs fresh shells per size).
// Linear means a flat time per iteration. Usage (after `npx tsc -b`):
//   node bench/scripts/per-iteration.mjs [--runs 7] [--n 2000] [call|subst ...]
import { Bash } from "@husk/bash";
import { HUSK_LIMITS, IN_PROCESS_CWD } from "../dist/engines.js";
import { median } from "../dist/stats.js";
import { orderJson } from "../dist/workloads.js";

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv.splice(i, 2)[1]) : dflt;
};
const runs = opt("--runs", 7);
const n0 = opt("--n", 2000);
const which = argv.length ? argv : ["call", "subst"];

const commands = [{ name: "orders_get", summary: "benchmark tool stand-in", run(ctx) { ctx.stdout.write(orderJson(Number(ctx.args[1]))); return 0; } }];
const SCRIPTS = {
  call: (n) => `for ((i = 0; i < ${n}; i++)); do orders_get --id "$i"; done | tail -1\n`,
  subst: (n) => `s=0\nfor ((i = 0; i < ${n}; i++)); do t=$(orders_get --id "$i" | jq -r '.total'); s=$((s + t)); done\necho "$s"\n`,
};

for (const w of which) {
  const make = SCRIPTS[w];
  if (!make) throw new Error(`unknown workload ${w} (call, subst)`);
  // A warm-up at the largest size, then each size twice, interleaved.
  for (const n of [16 * n0, n0, 4 * n0, 16 * n0, n0, 4 * n0, 16 * n0]) {
    const ms = [];
    for (let r = 0; r < runs; r++) {
      const sh = new Bash({ cwd: IN_PROCESS_CWD, env: { LC_ALL: "C" }, commands, limits: HUSK_LIMITS });
      const t0 = performance.now();
      const res = await sh.exec(make(n));
      ms.push(performance.now() - t0);
      if (res.exitCode !== 0) throw new Error(`${w} ${n}: exit ${res.exitCode}: ${res.stderr}`);
    }
    const m = median(ms);
    console.log(`${w.padEnd(6)} N=${String(n).padStart(6)}  ${m.toFixed(1).padStart(7)} ms  ${((1000 * m) / n).toFixed(2).padStart(6)} µs/iteration`);
  }
}

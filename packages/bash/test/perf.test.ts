/**
 * Rough timings against bash (opt-in: `HUSK_PERF=1 npx vitest run packages/bash/test/perf.test.ts`).
 * Prints the ratio; asserts nothing about time (no timing thresholds in tests).
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { Bash } from "../src/index.js";

const WORKLOADS: Record<string, string> = {
  "arith loop 100k": "i=0; s=0; while (( i < 100000 )); do s=$((s + i * 2 % 7)); i=$((i+1)); done; echo $s",
  "for-arith 100k": "s=0; for ((i=0; i<100000; i++)); do (( s += i )); done; echo $s",
  "string ops 20k": "s=''; for ((i=0; i<20000; i++)); do x=\"item$i\"; s=${x^^}; t=${s/ITEM/it}; done; echo $t",
  "function calls 20k": "f() { local a=$1; echo $((a+1)); }; for ((i=0; i<20000; i++)); do r=$(f $i); done; echo $r",
  "function calls no-sub 50k": "f() { local a=$1; R=$((a+1)); }; for ((i=0; i<50000; i++)); do f $i; done; echo $R",
  "arrays 20k": "a=(); for ((i=0; i<20000; i++)); do a+=($i); done; s=0; for x in \"${a[@]}\"; do s=$((s+x)); done; echo $s ${#a[@]}",
};

describe.skipIf(process.env.HUSK_PERF !== "1")("perf", () => {
  for (const [name, script] of Object.entries(WORKLOADS)) {
    it(name, async () => {
      const t0 = performance.now();
      const b = spawnSync("bash", ["-c", script], { encoding: "utf8" });
      const tb = performance.now() - t0;
      const bash = new Bash({ limits: { maxLoopIterations: 1e7, maxTotalIterations: 1e8, maxCommands: 1e8, timeoutMs: 600000 } });
      const t1 = performance.now();
      const r = await bash.exec(script);
      const th = performance.now() - t1;
      console.log(`${name}: bash ${tb.toFixed(0)} ms, husk ${th.toFixed(0)} ms, ratio ${(th / tb).toFixed(2)}`);
      expect(r.stdout).toBe(b.stdout);
    }, 600000);
  }
});

#!/usr/bin/env node
// CPU time of the bench's interpreter workloads (bench/src/workloads.ts, quick sizes and their
// @4x twins), measured in-process with process.cpuUsage() so that a shared, loaded machine
// disturbs it less than wall time. Usage (after `npx tsc -b`):
//   node bench/scripts/cpu.mjs [--root DIR] [--runs N] [--only REGEX]
// DIR is the built checkout whose @husk/bash is measured (default: this one); the workloads and
// limits always come from this checkout's bench/dist, so two builds run the same scripts.
// Compare two builds by running this alternately with --root OLD and --root NEW and taking
// medians. Prints one line per workload: median CPU ms, the runs, and the output.
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { HUSK_LIMITS, IN_PROCESS_CWD } from "../dist/engines.js";
import { median } from "../dist/stats.js";
import { workloads } from "../dist/workloads.js";

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const root = resolve(opt("--root", resolve(fileURLToPath(import.meta.url), "../../..")));
const runs = Number(opt("--runs", "5"));
const only = new RegExp(opt("--only", "^(arith-loop|string-ops|function-calls|arrays|while-read-pipe)(@4x)?$"));

const { Bash } = await import(pathToFileURL(`${root}/packages/bash/dist/index.js`).href);
const shell = () => new Bash({ cwd: IN_PROCESS_CWD, env: { LC_ALL: "C" }, limits: HUSK_LIMITS });

for (const w of workloads(true)) {
  if (w.kind !== "exec" || w.big || w.tools || !only.test(w.name)) continue;
  const first = await shell().exec(w.script); // warm-up, and the output for a sanity check
  const times = [];
  for (let r = 0; r < runs; r++) {
    const sh = shell();
    const c0 = process.cpuUsage();
    await sh.exec(w.script);
    const c = process.cpuUsage(c0);
    times.push((c.user + c.system) / 1000);
  }
  console.log(`${w.name}\t${median(times).toFixed(1)} ms\t(${times.map((t) => t.toFixed(0)).join(" ")})\t${first.stdout.trim()}`);
}

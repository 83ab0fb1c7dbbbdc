// Where a bench.mjs child's CPU time goes: runs one query as the child does (the @husk/bash
// facade, a fresh shell per run, the document plus r spaces for run r) and prints per run the
// process CPU (user + sys, what bench.mjs measures), the main thread's CPU and the other threads'
// (V8's parallel scavenge, concurrent marking and sweeping helpers; /proc/self/task/*/schedstat),
// the system time and the minor page faults. Medians are over runs 2 and later (bench.mjs's 2
// warm-up runs). Build first: `npx tsc -b`.
//
// Usage: node --expose-gc --stack-size=4000 packages/jq/scripts/bench-split.mjs DOC.json [RUNS] [ARGS-JSON]
//   (DOC.json from gen-doc.mjs; ARGS-JSON: the jq arguments, default '["-c","map(to_entries)"]')
// MARK=1 prints "#run R" before each run, so `--trace-gc` / `--trace-gc-nvp` lines can be told
// apart by run; PROF=FILE writes a CPU profile of runs 2 and later (inspector) to FILE.
import { readFileSync, writeFileSync } from "node:fs";
import { threadCpu } from "./thread-cpu.mjs";

const [file, runsArg = "7", argsJson = '["-c","map(to_entries)"]'] = process.argv.slice(2);
const args = JSON.parse(argsJson);
const shq = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
const BIG = 1_000_000_000;
const LIMITS = {
  maxCommands: BIG, timeoutMs: 600_000, maxStdoutBytes: 512 * 1024 * 1024, maxStringBytes: 512 * 1024 * 1024,
  maxFsBytes: 1024 * 1024 * 1024, maxFileBytes: 512 * 1024 * 1024, maxTotalIterations: BIG, maxLoopIterations: BIG,
};


const base0 = readFileSync(file, "utf8");
let text = base0;
const script = `jq ${args.map(shq).join(" ")} /d.json\n`;
const { Bash } = await import("@husk/bash");
await new Bash({ files: { "/d.json": "1" }, limits: LIMITS }).exec("echo 1 | jq . >/dev/null");
globalThis.gc();
let session;
if (process.env.PROF) {
  const { Session } = await import("node:inspector/promises");
  session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
}
const rows = [];
for (let r = 0; r < Number(runsArg); r++) {
  if (r > 0) text = Buffer.from(base0 + " ".repeat(r)).toString("utf8");
  const sh = new Bash({ files: { "/d.json": text }, limits: LIMITS });
  if (process.env.MARK) console.log(`#run ${r}`);
  if (session && r === 2) await session.post("Profiler.start");
  const f0 = process.resourceUsage().minorPageFault;
  const t0 = threadCpu();
  const c0 = process.cpuUsage();
  const res = await sh.exec(script);
  const c = process.cpuUsage(c0);
  const t1 = threadCpu();
  const faults = process.resourceUsage().minorPageFault - f0;
  if (res.exitCode !== 0) throw new Error(res.stderr);
  rows.push({ cpu: (c.user + c.system) / 1000, sys: c.system / 1000, main: (t1.main - t0.main) / 1e6, other: (t1.other - t0.other) / 1e6, faults });
}
if (session) writeFileSync(process.env.PROF, JSON.stringify((await session.post("Profiler.stop")).profile));
const f = (x) => x.toFixed(0).padStart(6);
console.log("run    cpu   main  other    sys faults");
rows.forEach((x, r) => console.log(`${String(r).padStart(3)} ${f(x.cpu)} ${f(x.main)} ${f(x.other)} ${f(x.sys)} ${f(x.faults)}`));
const warm = rows.slice(2);
const med = (k) => {
  const s = warm.map((x) => x[k]).sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(`median r>=2: cpu ${med("cpu").toFixed(0)} main ${med("main").toFixed(0)} other ${med("other").toFixed(0)} sys ${med("sys").toFixed(0)} faults ${med("faults").toFixed(0)}; load ${readFileSync("/proc/loadavg", "utf8").trim()}`);

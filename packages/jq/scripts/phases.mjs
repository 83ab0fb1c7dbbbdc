// A whole-document query split into its phases: parse (JsonReader), eval (the compiled program)
// and dump (the serializer), each timed per run in process CPU, main-thread CPU and the other
// threads' CPU (/proc/self/task/*/schedstat), plus the heap a parsed document retains. No shell:
// the jq modules directly. Medians over runs 2 and later. Build first: `npx tsc -b packages/jq`.
//
// Usage: node --expose-gc packages/jq/scripts/phases.mjs DOC.json [RUNS] [QUERY]
// MARK=1 prints "#run R PHASE" where each phase starts (to split `--trace-gc-nvp` output).
import { readFileSync } from "node:fs";
import { compileJq, dumpTo } from "../dist/index.js";
import { threadCpu } from "./thread-cpu.mjs";
import { JsonReader } from "../dist/json.js";

const [file, runsArg = "7", query = "group_by(.k) | map({k: .[0].k, n: length, total: (map(.score) | add)})"] = process.argv.slice(2);

const mark = process.env.MARK ? (s) => console.log(s) : () => {};
/** `fn()` with its CPU times (ms). */
function timed(fn) {
  const t0 = threadCpu();
  const c0 = process.cpuUsage();
  const v = fn();
  const c = process.cpuUsage(c0);
  const t1 = threadCpu();
  return { v, cpu: (c.user + c.system) / 1000, main: (t1.main - t0.main) / 1e6, other: (t1.other - t0.other) / 1e6 };
}

const base0 = readFileSync(file, "utf8");
const prog = compileJq(query);
globalThis.gc();
const h0 = process.memoryUsage().heapUsed;
const doc = new JsonReader(base0).next();
globalThis.gc();
const retained = process.memoryUsage().heapUsed - h0;
console.log(`parsed document: ${(retained / 1e6).toFixed(1)} MB of heap${Array.isArray(doc) ? `, ${(retained / doc.length).toFixed(0)} B per element` : ""}`);
const rows = [];
for (let r = 0; r < Number(runsArg); r++) {
  // Another text per run (as bench.mjs), so no run parses a string an earlier one did.
  const text = r === 0 ? base0 : Buffer.from(base0 + " ".repeat(r)).toString("utf8");
  mark(`#run ${r} parse`);
  const p = timed(() => new JsonReader(text).next());
  mark(`#run ${r} eval`);
  const e = timed(() => {
    const out = [];
    prog.run(p.v, (x) => void out.push(x));
    return out;
  });
  mark(`#run ${r} dump`);
  const d = timed(() => {
    let n = 0;
    for (const x of e.v) dumpTo(x, { indent: 0 }, (s) => void (n += s.length));
    return n;
  });
  mark(`#run ${r} end`);
  p.v = e.v = undefined; // no run keeps an earlier run's document alive
  rows.push({ p, e, d });
}
const f = (x) => x.toFixed(0).padStart(5);
console.log("run | parse cpu main other | eval cpu main other | dump cpu main other");
rows.forEach(({ p, e, d }, r) => console.log(`${String(r).padStart(3)} | ${f(p.cpu)} ${f(p.main)} ${f(p.other)} | ${f(e.cpu)} ${f(e.main)} ${f(e.other)} | ${f(d.cpu)} ${f(d.main)} ${f(d.other)}`));
const warm = rows.slice(2);
const med = (g) => {
  const s = warm.map(g).sort((a, b) => a - b);
  return (s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2).toFixed(0);
};
console.log(`median r>=2: parse ${med((x) => x.p.cpu)} (main ${med((x) => x.p.main)}) eval ${med((x) => x.e.cpu)} (main ${med((x) => x.e.main)}) dump ${med((x) => x.d.cpu)}; load ${readFileSync("/proc/loadavg", "utf8").trim()}`);

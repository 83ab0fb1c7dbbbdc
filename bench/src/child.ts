/**
 * One in-process engine on one workload, in this fresh process (so that no engine runs in a
 * process another engine has altered: just-bash's defense-in-depth installs process-wide
 * async hooks that slow every later promise in the process by an order of magnitude).
 *
 * - `node bench/dist/child.js ENGINE WORKLOAD quick|full [empty]`: runs the workload once and
 *   prints `RSSKB=<peak resident set size in KB>` (the whole Node process, so the baseline of an
 *   idle Node is included). With `empty`, every input file of the workload is empty: the
 *   baseline its real run is compared with.
 * - `node bench/dist/child.js ENGINE WORKLOAD quick|full time K [W]`: at least W warm-up runs
 *   (default 1), and more for a second if they are short (at most 100; none after the first once
 *   they have taken 3 s),
 *   then K timed runs; prints `RESULT=` and a JSON object `{stdout, exitCode, runsMs}` (stdout of the warm-up).
 */
import { allEngines } from "./engines.js";
import { workloads } from "./workloads.js";

const [engineName, workloadName, size, mode, count, warmups] = process.argv.slice(2);
const engine = allEngines().find((e) => e.name === engineName);
const found = workloads(size === "quick").find((x) => x.name === workloadName);
// The baseline generates the same inputs (and holds them) but gives the engine empty files, so
// the difference from the real run is what the engine spends on the input, copies included
// (module-scope bindings stay reachable for the whole run, so the inputs are held).
const inputs = found?.files;
const w = found && mode === "empty" ? { ...found, files: Object.fromEntries(Object.keys(inputs!).map((k) => [k, ""])) } : found;
if (!engine || !w || (mode === "time" && !(Number(count) > 0))) {
  process.stderr.write("usage: child.js ENGINE WORKLOAD quick|full [empty | time K [W]]\n");
  process.exit(2);
}
const why = await engine.unavailable();
if (why) {
  process.stderr.write(`${engineName}: ${why}\n`);
  process.exit(1);
}
if (mode === "time") {
  const first = await engine.run(w);
  // Warm-up is for the JIT and the heap: runs that take seconds need no more than the first;
  // short ones run for a second at least (at most 100 runs), until V8 has sized its young
  // generation (a 15 ms parse after 3 warm-ups still ran in a growing heap: 3,700 and 1,400
  // page faults in the first two timed runs, packages/syntax/scripts/parse-gc.mjs).
  const t0 = performance.now();
  for (let i = 1; (i < Number(warmups ?? 1) || performance.now() - t0 < 1000) && i < 100 && performance.now() - t0 < 3000; i++) await engine.run(w);
  const runsMs: number[] = [];
  for (let i = 0; i < Number(count); i++) runsMs.push((await engine.run(w)).ms);
  process.stdout.write(`RESULT=${JSON.stringify({ stdout: first.stdout, exitCode: first.exitCode, runsMs })}\n`);
} else {
  await engine.run(w);
  process.stdout.write(`RSSKB=${process.resourceUsage().maxRSS}\n`);
}

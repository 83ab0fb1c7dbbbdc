/**
 * `node bench/dist/child.js ENGINE WORKLOAD quick|full [empty]`: runs one workload once on one
 * in-process engine in this fresh process and prints `RSSKB=<peak resident set size in KB>`
 * (the whole Node process, so the baseline of an idle Node is included). With `empty`, every
 * input file of the workload is empty: the baseline its real run is compared with.
 */
import { allEngines } from "./engines.js";
import { workloads } from "./workloads.js";

const [engineName, workloadName, size, empty] = process.argv.slice(2);
const engine = allEngines().find((e) => e.name === engineName);
const found = workloads(size === "quick").find((x) => x.name === workloadName);
const w = found && empty === "empty" ? { ...found, files: Object.fromEntries(Object.keys(found.files).map((k) => [k, ""])) } : found;
if (!engine || !w) {
  process.stderr.write("usage: child.js ENGINE WORKLOAD quick|full [empty]\n");
  process.exit(2);
}
const why = await engine.unavailable();
if (why) {
  process.stderr.write(`${engineName}: ${why}\n`);
  process.exit(1);
}
await engine.run(w);
process.stdout.write(`RSSKB=${process.resourceUsage().maxRSS}\n`);

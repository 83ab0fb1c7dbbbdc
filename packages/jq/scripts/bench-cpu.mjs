import { readFileSync } from "node:fs";
import { jqCommand } from "../dist/index.js";
import { testContext } from "../dist/testing/ctx.js";
// Usage (after `npx tsc -b packages/jq`): node packages/jq/scripts/bench-cpu.mjs QUERY DOC.json
// Prints the best CPU time of 3 runs of `jq -c QUERY < DOC.json` through the jq Command.
const doc = readFileSync(process.argv[3] ?? "/tmp/jq-doc.json", "utf8");
const q = process.argv[2];
const best = [];
for (let r = 0; r < 3; r++) {
  const { ctx } = testContext(["-c", q], { stdin: doc, limits: { maxStdoutBytes: 1e9, maxFileBytes: 1e9 } });
  const c0 = process.cpuUsage();
  await jqCommand.run(ctx);
  const c = process.cpuUsage(c0);
  best.push((c.user + c.system) / 1000);
}
best.sort((a, b) => a - b);
console.log(`husk ${q}: cpu ${best[0].toFixed(0)} ms (best of 3), rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);

#!/usr/bin/env node
// Bytes a parse allocates and keeps, for the bench workload `parse-5000` (bench/dist must be
// built). Deterministic, unlike timings on a shared machine: the young generation is made big
// enough that no scavenge runs during a parse, so the heap growth across one parse is what it
// allocated, and the growth left after a full GC is the AST it keeps.
// Usage: npx tsc -b && node --expose-gc --max-semi-space-size=256 --min-semi-space-size=256 \
//          packages/syntax/scripts/alloc-parse.mjs [dist=packages/syntax/dist] [lines=5000]
const dist = process.argv[2] ? new URL(process.argv[2].replace(/\/?$/, "/index.js"), `file://${process.cwd()}/`).href : new URL("../dist/index.js", import.meta.url).href;
const { parse } = await import(dist);
const { makeBigScript } = await import(new URL("../../../bench/dist/workloads.js", import.meta.url).href);
if (typeof gc !== "function") throw new Error("run with --expose-gc (see the usage line)");
const src = makeBigScript(Number(process.argv[3] ?? 5000));
for (let i = 0; i < 5; i++) parse(src);
const out = [];
for (let i = 0; i < 3; i++) {
  gc();
  const h0 = process.memoryUsage().heapUsed;
  let ast = parse(src);
  const h1 = process.memoryUsage().heapUsed;
  gc();
  const h2 = process.memoryUsage().heapUsed;
  out.push(`allocated ${((h1 - h0) / 1e6).toFixed(1)} MB, kept ${((h2 - h0) / 1e6).toFixed(1)} MB`);
  ast = undefined;
}
console.log(out.join("; "));

// Runs jq's own test files through @husk/jq (built: `npx tsc -b packages/jq`) and prints
// pass counts per file. Usage: node packages/jq/scripts/corpus.mjs [dir] [-v]
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { parseCorpus, runCase } from "../dist/testing/corpus.js";

const args = process.argv.slice(2);
const verbose = args.includes("-v");
const dir = args.find((a) => !a.startsWith("-")) ?? new URL("../../../../shared/corpora/jq", import.meta.url).pathname;
if (!existsSync(dir)) {
  console.log(`no corpus at ${dir}`);
  process.exit(0);
}
let total = 0;
let passed = 0;
for (const f of readdirSync(dir).filter((n) => n.endsWith(".test")).sort()) {
  const cases = parseCorpus(readFileSync(`${dir}/${f}`, "utf8"));
  let ok = 0;
  for (const c of cases) {
    let r;
    try {
      r = runCase(c);
    } catch (e) {
      r = { pass: false, reason: `crash: ${e}` };
    }
    if (r.pass) ok++;
    else if (verbose) console.log(`${f}:${c.line}: ${c.program}\n    ${r.reason}`);
  }
  total += cases.length;
  passed += ok;
  console.log(`${f}: ${ok}/${cases.length} (${((100 * ok) / cases.length).toFixed(1)}%)`);
}
console.log(`total: ${passed}/${total}`);

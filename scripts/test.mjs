#!/usr/bin/env node
// The whole test run (what `npm test` and .ci/run execute): dependency arrows, lint, typecheck and
// build, unit/differential tests (vitest), then the conformance suites against their
// known-failures lists. Prints one closing line `test: N passed, M failed` for CI readers.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const oils = join(root, "..", "shared", "corpora", "oils", "spec");
const jqCorpus = join(root, "..", "shared", "corpora", "jq");
const only = process.argv.slice(2);

let passed = 0;
let failed = 0;
const failures = [];

function step(name, cmd, args, { count } = {}) {
  if (only.length && !only.includes(name)) return;
  const t0 = Date.now();
  console.log(`\n=== ${name}: ${[cmd, ...args].join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: process.env });
  const ok = r.status === 0;
  console.log(`=== ${name}: ${ok ? "ok" : `FAILED (status ${r.status ?? r.signal})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (count) {
    const c = count(ok);
    passed += c.passed;
    failed += c.failed;
  } else if (ok) passed++;
  else failed++;
  if (!ok) failures.push(name);
}

step("deps", "node", ["scripts/check-deps.mjs"]);
step("lint", "npx", ["biome", "lint", "packages", "apps", "conformance", "bench", "scripts"]);
step("build", "npx", ["tsc", "-b"]);
step("typecheck:playground", "npx", ["tsc", "-p", "apps/playground/tsconfig.json"]);
step("hygiene", "node", ["scripts/hygiene.mjs"]);

const report = join(mkdtempSync(join(tmpdir(), "husk-vitest-")), "report.json");
step("unit", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
  count: (ok) => {
    try {
      const j = JSON.parse(readFileSync(report, "utf8"));
      return { passed: j.numPassedTests, failed: j.numFailedTests + (ok || j.numFailedTests ? 0 : 1) };
    } catch {
      return { passed: 0, failed: 1 };
    }
  },
});

const conformance = join(root, "conformance", "dist", "cli.js");
step("conformance:ours", "node", [conformance, "ours", "--jobs", "2", "-q"]);
if (existsSync(oils)) step("conformance:oils", "node", [conformance, "oils", "--jobs", "2", "-q"]);
else console.log(`\n=== conformance:oils: skipped (${oils} is absent)`);
if (existsSync(jqCorpus)) step("conformance:jq", "node", [conformance, "jq", "-q"]);
else console.log(`\n=== conformance:jq: skipped (${jqCorpus} is absent)`);

if (failures.length) console.log(`\nfailed steps: ${failures.join(", ")}`);
console.log(`\ntest: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

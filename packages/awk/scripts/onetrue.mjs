#!/usr/bin/env node
// Measures how many of the One True AWK's p.* and t.* test programs give gawk's output under
// @husk/awk. The programs are NOT stored in this repo: pass the testdir of the Debian source
// package `original-awk` (fetch.sh next to this script downloads it with apt into /tmp).
// Usage: npx tsc -b packages/awk && node packages/awk/scripts/onetrue.mjs /tmp/ota/original-awk-*/testdir [-v]
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { awk } from "../dist/index.js";

const dir = process.argv[2];
const verbose = process.argv.includes("-v");
if (!dir) {
  console.error("usage: onetrue.mjs TESTDIR [-v]");
  process.exit(2);
}
const files = Object.create(null);
for (const f of ["test.countries", "test.data"]) files[f] = readFileSync(join(dir, f), "latin1");
const shell = {
  run: () => Promise.resolve(127),
  exec: async (script, io) => {
    const stdin = typeof io?.stdin === "string" ? io.stdin : io?.stdin ? await io.stdin.readAll() : "";
    const r = spawnSync("bash", ["-c", script], { input: stdin, cwd: dir, env: { PATH: process.env.PATH, LC_ALL: "C" } });
    if (r.stdout.length > 0) await io?.stdout?.write(r.stdout.toString());
    return r.status ?? 1;
  },
};
const names = readdirSync(dir).filter((n) => /^[pt]\./.test(n)).sort();
let pass = 0;
const failed = [];
for (const name of names) {
  const prog = readFileSync(join(dir, name), "latin1");
  const operands = name.startsWith("p.") ? ["test.countries", "test.countries"] : ["test.data"];
  const want = spawnSync("gawk", ["-f", name, ...operands], { cwd: dir, env: { PATH: process.env.PATH, LC_ALL: "C", TZ: "UTC" }, timeout: 10000, maxBuffer: 1 << 28 });
  const t0 = Date.now();
  let got;
  try {
    got = await awk(prog, "", { args: operands, files: { ...files }, shell, limits: { timeoutMs: 10000 } });
  } catch (e) {
    got = { stdout: "", stderr: String(e), status: -1 };
  }
  const ok = got.stdout === want.stdout.toString("latin1") && (got.status === want.status || (want.status !== 0) === (got.status !== 0));
  if (ok) pass++;
  else failed.push(name);
  if (verbose && !ok) console.log(`FAIL ${name} (${Date.now() - t0} ms) ${got.stderr.split("\n")[0]}`);
}
console.log(`${pass}/${names.length} passed (${((100 * pass) / names.length).toFixed(1)}%)`);
if (failed.length > 0) console.log(`failed: ${failed.join(" ")}`);

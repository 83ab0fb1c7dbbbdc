#!/usr/bin/env node
// Runs one command line through Husk and through bash + the GNU tools, side by side.
// Usage: node conformance/scripts/tools-fuzz/try.mjs 'CMD' [STDIN] [name=content ...]
// (STDIN and file contents take \n and \t escapes.)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bash } from "@husk/bash";

const [cmd, rawIn = "", ...fileArgs] = process.argv.slice(2);
const unesc = (s) => s.replaceAll("\\n", "\n").replaceAll("\\t", "\t");
const stdin = unesc(rawIn);
const files = Object.fromEntries(fileArgs.map((a) => [a.slice(0, a.indexOf("=")), unesc(a.slice(a.indexOf("=") + 1))]));
const dir = mkdtempSync(join(tmpdir(), "husk-try-"));
for (const [k, v] of Object.entries(files)) writeFileSync(join(dir, k), v);
const g = spawnSync("bash", ["--norc", "--noprofile", "-c", cmd], { cwd: dir, input: stdin, encoding: "utf8", env: { PATH: "/usr/local/bin:/usr/bin:/bin", LC_ALL: "C.UTF-8", TZ: "UTC" } });
rmSync(dir, { recursive: true, force: true });
const hf = Object.fromEntries(Object.entries(files).map(([k, v]) => [`/tmp/case/${k}`, v]));
const h = await new Bash({ files: hf, cwd: "/tmp/case", env: { LC_ALL: "C.UTF-8", TZ: "UTC" } }).exec(cmd, { stdin });
console.log(`gnu : ${g.status} ${JSON.stringify(g.stdout)} ${JSON.stringify(g.stderr)}`);
console.log(`husk: ${h.exitCode} ${JSON.stringify(h.stdout)} ${JSON.stringify(h.stderr)}`);

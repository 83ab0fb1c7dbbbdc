#!/usr/bin/env node
// Differential fuzzing of Husk's text tools against the GNU tools on this machine: generates
// many small cases per tool (a one-line command over a small stdin and maybe a few files),
// runs each through Husk in-process and through real bash + GNU sed/grep/coreutils (many cases
// per bash process, a few processes in parallel), and reports the cases whose stdout, stderr or
// exit status differ. awk cases run through gawk AND mawk: only a case where the two agree (the
// POSIX behaviour Husk targets) is compared, and for awk stderr only as empty / not empty.
//
// Usage: node conformance/scripts/tools-fuzz.mjs [--tools sed,grep,...] [--n 400] [--seed 1]
//          [--jobs 2] [--show 5] [--json FILE] [--only stdout|status|stderr]
// Needs a build (`npx tsc -b`): it imports @husk/bash from packages/bash/dist.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bash } from "@husk/bash";
import { helpers, prng } from "./tools-fuzz/common.mjs";
import { GENERATORS } from "./tools-fuzz/generators.mjs";

const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const N = Number(opt("--n", 400));
const SEED = Number(opt("--seed", 1));
const JOBS = Number(opt("--jobs", 2));
const SHOW = Number(opt("--show", 5));
const ONLY = opt("--only", "");
const TOOLS = opt("--tools", Object.keys(GENERATORS).join(",")).split(",");
const JSON_OUT = opt("--json", "");

/** Generates the cases of every tool asked for. */
function generate() {
  const cases = [];
  for (const tool of TOOLS) {
    const gen = GENERATORS[tool];
    if (!gen) throw new Error(`no generator for ${tool}; have ${Object.keys(GENERATORS).join(",")}`);
    const h = helpers(prng(SEED * 7919 + tool.length * 131 + tool.charCodeAt(0)));
    const seen = new Set();
    for (let i = 0, tries = 0; i < N && tries < N * 5; tries++) {
      const c = gen(h);
      const key = `${c.cmd}\0${c.stdin}\0${JSON.stringify(c.files ?? {})}`;
      if (seen.has(key)) continue;
      seen.add(key);
      cases.push({ tool, files: {}, stdin: "", ...c });
      i++;
    }
  }
  return cases;
}

/** Runs `cases` through real bash: `jobs` bash processes, each running its share in subshells. */
async function runReal(cases, root, mawkDir) {
  const chunks = Array.from({ length: JOBS }, () => []);
  cases.forEach((c, i) => chunks[i % JOBS].push(i));
  for (const [i, c] of cases.entries()) {
    const dir = join(root, `c${i}`);
    mkdirSync(dir);
    writeFileSync(join(root, `in${i}`), c.stdin);
    for (const [name, text] of Object.entries(c.files)) writeFileSync(join(dir, name), text);
  }
  // runaway cases (awk loops) are stopped by CPU time, memory and output size limits
  // stdin comes through a pipe (from a forked builtin, no exec), as in Husk: tools that size
  // output from a regular file's size (wc, grep -T) then behave as they do in a pipeline
  const line = (i, variant, prefix) =>
    `{ IFS= read -r -d '' x <in${i}; printf %s "$x"; } | ( ulimit -t 3 -v 1000000 -f 4096; cd c${i} && ${prefix}${cases[i].cmd}\n) >o${i}${variant} 2>e${i}${variant}; echo $? >r${i}${variant}`;
  await Promise.all(
    chunks.map(
      (idx) =>
        new Promise((resolve, reject) => {
          const body = idx.flatMap((i) => (cases[i].tool === "awk" ? [line(i, "", ""), line(i, "m", `PATH=${mawkDir}:$PATH; `)] : [line(i, "", "")])).join("\n");
          const p = spawn("bash", ["--norc", "--noprofile"], { cwd: root, env: { PATH: "/usr/local/bin:/usr/bin:/bin", LC_ALL: "C.UTF-8", HOME: root, TZ: "UTC" }, stdio: ["pipe", "ignore", "inherit"] });
          p.stdin.end(body);
          p.on("exit", resolve);
          p.on("error", reject);
        }),
    ),
  );
  const read = (f) => {
    try {
      return readFileSync(join(root, f), "utf8");
    } catch {
      return null;
    }
  };
  return cases.map((c, i) => {
    const r = { stdout: read(`o${i}`), stderr: read(`e${i}`), status: Number(read(`r${i}`)) };
    if (c.tool === "awk") r.mawk = { stdout: read(`o${i}m`), stderr: read(`e${i}m`), status: Number(read(`r${i}m`)) };
    return r;
  });
}

/** Runs one case through Husk in-process, in a fresh shell seeded with the case's files. */
async function runHusk(c) {
  const files = {};
  for (const [name, text] of Object.entries(c.files)) files[`/tmp/case/${name}`] = text;
  const shell = new Bash({ files, cwd: "/tmp/case", env: { LC_ALL: "C.UTF-8", HOME: "/tmp/case", TZ: "UTC" }, limits: { timeoutMs: 5000 } });
  try {
    const r = await shell.exec(c.cmd, { stdin: c.stdin });
    return { stdout: r.stdout, stderr: r.stderr, status: r.exitCode };
  } catch (e) {
    return { stdout: "", stderr: `husk threw ${e?.stack ?? e}`, status: 255 };
  }
}

/** Which fields of Husk's result differ from the oracle's ([] when none, null when skipped). */
function compare(c, real, husk) {
  if (real.status >= 128) return null; // the real tool was killed by a ulimit (a runaway case)
  if (c.tool === "awk") {
    const m = real.mawk;
    if (m.status >= 128 || m.stdout !== real.stdout || m.status !== real.status) return null; // gawk and mawk disagree
    const d = [];
    if (husk.stdout !== real.stdout) d.push("stdout");
    if (husk.status !== real.status) d.push("status");
    if ((husk.stderr === "") !== (real.stderr === "" && m.stderr === "") && (real.stderr === "") === (m.stderr === "")) d.push("stderr");
    return d;
  }
  const d = [];
  if (husk.stdout !== real.stdout) d.push("stdout");
  if (husk.status !== real.status) d.push("status");
  // a builtin's (printf's) errors name the line of the batch script bash ran
  const lines = (e) => e.replace(/^bash: line \d+: /gm, "bash: line N: ");
  if (lines(husk.stderr) !== lines(real.stderr)) d.push("stderr");
  return d;
}

const cases = generate();
const root = mkdtempSync(join(tmpdir(), "husk-tools-fuzz-"));
const mawkDir = join(root, "mawk-bin");
mkdirSync(mawkDir);
symlinkSync("/usr/bin/mawk", join(mawkDir, "awk"));
const t0 = Date.now();
const real = await runReal(cases, root, mawkDir);
const t1 = Date.now();
const diffs = [];
const stats = {};
for (const [i, c] of cases.entries()) {
  const s = (stats[c.tool] ??= { cases: 0, skipped: 0, diff: 0 });
  s.cases++;
  if (process.env.TOOLS_FUZZ_TRACE) process.stderr.write(`[${i}] ${c.cmd}\n`);
  const husk = await runHusk(c);
  const d = compare(c, real[i], husk);
  if (d === null) {
    s.skipped++;
    continue;
  }
  const relevant = ONLY ? d.filter((x) => x === ONLY) : d;
  if (relevant.length > 0) {
    s.diff++;
    diffs.push({ tool: c.tool, cmd: c.cmd, stdin: c.stdin, files: c.files, fields: d, real: real[i], husk });
  }
}
const t2 = Date.now();
rmSync(root, { recursive: true, force: true });
const shown = {};
for (const x of diffs) {
  shown[x.tool] = (shown[x.tool] ?? 0) + 1;
  if (shown[x.tool] > SHOW) continue;
  const files = Object.keys(x.files).length ? ` files=${JSON.stringify(x.files)}` : "";
  console.log(`\n=== ${x.tool} [${x.fields.join(",")}]: ${x.cmd}\n    stdin=${JSON.stringify(x.stdin)}${files}`);
  console.log(`  gnu : ${x.real.status} ${JSON.stringify(x.real.stdout)} ${JSON.stringify(x.real.stderr)}`);
  console.log(`  husk: ${x.husk.status} ${JSON.stringify(x.husk.stdout)} ${JSON.stringify(x.husk.stderr)}`);
}
console.log(`\ntools-fuzz (seed ${SEED}, real ${((t1 - t0) / 1000).toFixed(1)} s, husk ${((t2 - t1) / 1000).toFixed(1)} s):`);
for (const [tool, s] of Object.entries(stats)) console.log(`  ${tool.padEnd(10)} ${String(s.cases).padStart(5)} cases, ${String(s.diff).padStart(4)} differ${s.skipped ? `, ${s.skipped} skipped (gawk and mawk disagree, or a runaway)` : ""}`);
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(diffs, null, 1));
process.exit(diffs.length > 0 ? 1 : 0);

#!/usr/bin/env node
// Differential fuzzing against real bash: generates N scripts from a grammar of safe scripts
// (echo/printf, arithmetic, parameter expansion, arrays, if/case/[[ ]], for/while loops),
// runs each through Husk and through GNU bash (many scripts per bash process, separated by a
// marker line), and reports the scripts whose stdout or exit status differ.
// Usage: node conformance/scripts/diff-fuzz.mjs [--n 2000] [--seed 1] [--batch 200] [--show 10]
// Needs a build (`npx tsc -b`): it imports @husk/bash from packages/bash/dist.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bash } from "@husk/bash";
import { prng } from "./tools-fuzz/common.mjs";

const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : def;
};
const N = opt("--n", 2000);
const SEED = opt("--seed", 1);
const BATCH = opt("--batch", 200);
const SHOW = opt("--show", 10);

function generator(rand) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const int = (n) => Math.floor(rand() * n);
  const VARS = ["a", "b", "c", "s"];
  const LITS = ["x", "foo", "a b", "1", "-2", "07", "*", "a*b", "", "x-y_z", "hello world", "3", "10", "0x1f", "AbC"];
  const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;
  let depth = 0;

  const arith = (d = 0) => {
    if (d > 2 || rand() < 0.35) return pick([String(int(20) - 5), ...VARS.slice(0, 3), "i", "${#s}", "arr[1]", "${#arr[@]}"]);
    const r = rand();
    if (r < 0.6) return `${arith(d + 1)} ${pick(["+", "-", "*", "/", "%", "<", ">", "==", "!=", "&&", "||", "<<", ">>", "&", "|", "^", "<=", ">="])} ${arith(d + 1)}`;
    if (r < 0.7) return `(${arith(d + 1)})`;
    if (r < 0.8) return `${pick(["-", "!", "~"])}${arith(d + 1)}`;
    if (r < 0.9) return `${arith(d + 1)} ? ${arith(d + 1)} : ${arith(d + 1)}`;
    return `${pick(VARS.slice(0, 3))} ${pick(["+=", "-=", "*=", "="])} ${arith(d + 1)}`;
  };
  const pat = () => pick(["*", "?", "a", "x*", "*o", "[a-f]", "[!x]*", "?*", "b", "o"]);
  const param = () => {
    const v = pick(VARS);
    return pick([
      `$${v}`,
      `\${${v}}`,
      `\${${v}:-${pick(LITS.filter((l) => !/[ *']/.test(l)))}}`,
      `\${${v}:+set}`,
      `\${#${v}}`,
      `\${${v}#${pat()}}`,
      `\${${v}##${pat()}}`,
      `\${${v}%${pat()}}`,
      `\${${v}%%${pat()}}`,
      `\${${v}/${pat()}/_}`,
      `\${${v}//${pat()}/-}`,
      `\${${v}^^}`,
      `\${${v},,}`,
      `\${${v}:${int(4)}}`,
      `\${${v}:${int(3)}:${int(3)}}`,
      `\${arr[${int(4)}]}`,
      `\${arr[@]}`,
      `\${#arr[@]}`,
      `\${arr[*]:1}`,
      `\${!arr[@]}`,
      `$((${arith()}))`,
    ]);
  };
  const word = () => {
    const r = rand();
    if (r < 0.3) return quote(pick(LITS));
    if (r < 0.6) return `"${param()}"`;
    if (r < 0.75) return param();
    if (r < 0.85) return `"${pick(LITS).replaceAll("*", "")}${param()}"`;
    return pick(["x", "1", "--", "-n", "a.b"]);
  };
  const words = (n = 3) => Array.from({ length: 1 + int(n) }, word).join(" ");
  const cond = () =>
    pick([
      `[[ ${word()} == ${pat()} ]]`,
      `[[ -n ${word()} ]]`,
      `[[ -z ${word()} ]]`,
      `(( ${arith()} ))`,
      `[ "${param()}" = ${quote(pick(LITS))} ]`,
      `[[ ${word()} < ${word()} ]]`,
      `[[ $((${arith()})) -lt ${int(10)} ]]`,
      "true",
      "false",
      `! [[ ${word()} == ${pat()} ]]`,
    ]);
  const stmt = () => {
    depth++;
    try {
      const r = rand();
      if (depth > 2 || r < 0.3) {
        return pick([
          () => `echo ${words()}`,
          () => `printf '${pick(["%s\\n", "[%s]", "%d\\n", "%5s|", "%-4s|", "%x\\n", "%03d ", "%s=%s\\n", "%.2s\\n"])}' ${words()}; echo`,
          () => `${pick(VARS)}=${word()}`,
          () => `${pick(VARS.slice(0, 3))}=$((${arith()}))`,
          () => `(( ${arith()} )); echo $?`,
          () => `arr=(${words(4)})`,
          () => `arr+=(${word()})`,
          () => `echo "\${#arr[@]}" "\${arr[@]}"`,
          () => `${cond()} && echo yes || echo no`,
          () => `set -- ${words()}; echo $# "$@"`,
        ])();
      }
      if (r < 0.5) return `if ${cond()}; then ${stmts()}; else ${stmts()}; fi`;
      if (r < 0.65) return `for ${pick(["v", "w"])} in ${words(4)}; do ${stmts()}; echo "[$v$w]"; done`;
      // every loop counter is unique to its nesting depth, so nested loops always end
      if (r < 0.75) return `i${depth}=0; while [ $i${depth} -lt ${int(5)} ]; do ${stmts()}; i${depth}=$((i${depth}+1)); done`;
      if (r < 0.85) return `case ${word()} in ${pat()}) ${stmts()} ;; ${pat()}|${pat()}) echo two ;; *) echo other ;; esac`;
      if (r < 0.92) return `for ((j${depth}=0; j${depth}<${int(4)}; j${depth}++)); do ${stmts()}; done`;
      return `f() { local ${pick(VARS)}=${word()}; ${stmts()}; return ${int(3)}; }; f ${words()}; echo "ret=$?"`;
    } finally {
      depth--;
    }
  };
  const stmts = () => Array.from({ length: 1 + int(2) }, stmt).join("; ");
  return () => {
    const init = `a=${quote(pick(LITS))}; b=${int(10)}; c=${quote(pick(LITS))}; s=${quote(pick(LITS))}; arr=(${words(3)})`;
    return `${init}\n${Array.from({ length: 2 + int(4) }, stmt).join("\n")}\n`;
  };
}

const SEP = "\u0001HUSK-DIFF-FUZZ";
/**
 * Runs scripts through bash, many per driver process: each as its own `bash -c` (a subshell
 * would change what a line-fatal error abandons), then a marker line with its status.
 */
function runBash(scripts) {
  const q = (s) => `'${s.replaceAll("'", "'\\''")}'`;
  const body = scripts.map((s) => `bash -c ${q(s)} 2>/dev/null </dev/null; printf '\\n${SEP} %d\\n' $?`).join("\n");
  // an empty working directory, like Husk's /home/user: unquoted globs then stay literal
  const cwd = mkdtempSync(join(tmpdir(), "husk-diff-fuzz-"));
  const r = spawnSync("bash", ["--norc", "--noprofile"], { cwd, input: body, encoding: "utf8", maxBuffer: 256 << 20, timeout: 120_000, env: { PATH: process.env.PATH, LC_ALL: "C.UTF-8" } });
  rmSync(cwd, { recursive: true, force: true });
  const out = [];
  const re = new RegExp(`\\n${SEP} (\\d+)\\n`, "g");
  let last = 0;
  for (let m = re.exec(r.stdout); m !== null; m = re.exec(r.stdout)) {
    out.push({ stdout: r.stdout.slice(last, m.index), status: Number(m[1]) });
    last = m.index + m[0].length;
  }
  return out;
}

const gen = generator(prng(SEED));
const scripts = Array.from({ length: N }, gen);
const husk = new Bash({ limits: { timeoutMs: 5000, maxCommands: 20000 } });
let mismatches = [];
let compared = 0;
const t0 = Date.now();
for (let i = 0; i < scripts.length; i += BATCH) {
  const batch = scripts.slice(i, i + BATCH);
  const expected = runBash(batch);
  if (expected.length !== batch.length) throw new Error(`bash batch at ${i} returned ${expected.length} results for ${batch.length} scripts`);
  for (let k = 0; k < batch.length; k++) {
    const got = await husk.exec(batch[k]);
    compared++;
    const exp = expected[k];
    if (got.stdout !== exp.stdout || got.exitCode !== exp.status) mismatches.push({ script: batch[k], bash: exp, husk: { stdout: got.stdout, status: got.exitCode, stderr: got.stderr } });
  }
}
const secs = ((Date.now() - t0) / 1000).toFixed(1);
console.log(`diff-fuzz: ${compared} scripts (seed ${SEED}), ${mismatches.length} mismatches, ${secs} s`);
for (const m of mismatches.slice(0, SHOW)) {
  console.log(`\n--- script:\n${m.script}--- bash (status ${m.bash.status}):\n${JSON.stringify(m.bash.stdout)}\n--- husk (status ${m.husk.status}):\n${JSON.stringify(m.husk.stdout)}\n${m.husk.stderr ? `husk stderr: ${JSON.stringify(m.husk.stderr.slice(0, 300))}` : ""}`);
}
if (process.env.DIFF_FUZZ_OUT) writeFileSync(process.env.DIFF_FUZZ_OUT, JSON.stringify(mismatches, null, 1));
process.exit(mismatches.length > 0 ? 1 : 0);

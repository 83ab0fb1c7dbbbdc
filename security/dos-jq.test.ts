/**
 * TM-DOS-009: jq data and traversal bombs. Each program once crashed the host process (V8's
 * "invalid size" or "heap out of memory", which no `catch` sees) or held the thread far past the
 * run's deadline. Each runs here in a child process (`scripts/probe.mjs`: a crash would kill the
 * test worker otherwise) with small limits, and must end normally: with the data budget
 * (`maxDataBytes`), another limit, the timeout or a jq error, within the deadline plus a slack,
 * keeping the output printed before it. Needs the build (`npx tsc -b`, as `npm test` runs first).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const PROBE = `${root}security/scripts/probe.mjs`;
const BUILT = existsSync(`${root}packages/bash/dist/index.js`);

/**
 * The limits every bomb runs under. `JQ_BOMB_LIMITS='{...}'` overrides them and `JQ_BOMB_LOG=1`
 * prints how each run ended, in what time and peak RSS (how the overshoots past the deadline
 * in SECURITY.md were measured: a data budget of 1 GB makes the traversals end at the deadline).
 */
const LIMITS = { timeoutMs: 2000, maxDataBytes: 32 * 1024 * 1024, ...JSON.parse(process.env.JQ_BOMB_LIMITS ?? "{}") };
const LOG = process.env.JQ_BOMB_LOG === "1";
/** How far past the deadline a run may end (a loaded CI machine included); measured overshoots are far smaller. */
const SLACK_MS = 1500;

/** How a run may end: a limit by name, `timeout`, `jq` (a jq error, status 5) or `ok`. */
type Ending = "maxDataBytes" | "maxStringBytes" | "timeout" | "jq" | "ok";

/** What the child printed (see probe.mjs). */
interface Probe {
  readonly exitCode: number;
  readonly error?: string;
  readonly ms: number;
  readonly truncated: boolean;
  readonly stdout: string;
  readonly stderr: string;
  readonly rssMB: number;
}

const DAG = "reduce range(40) as $i ([1]; [., .])";
const ODAG = "reduce range(30) as $i ({a:1}; {a:., b:.})";
const DAG2 = "(reduce range(40) as $i ([1]; [., .])) as $d | reduce range(40) as $i ([1]; [., .])";
const BIG = `(${"x".repeat(20)} * 5e4)`.replace("x".repeat(20), '"x"');

/** [name, jq program, endings allowed]. Each runs as `echo before; jq -n PROGRAM; echo after`. */
const BOMBS: readonly [string, string, readonly Ending[]][] = [
  ["[range(1e9)]", "[range(1e9)] | length", ["maxDataBytes"]],
  ["flatten of a DAG", `${DAG} | flatten | length`, ["maxDataBytes", "timeout"]],
  ["repeat of a large string", '[limit(1e4; repeat("x" * 1e6 | ascii_downcase))] | length', ["maxDataBytes"]],
  ["nested arrays", "[range(1e6) | [range(1e3)]] | length", ["maxDataBytes"]],
  ["paths of nested arrays", "[range(1e6) | [range(1e3)]] | [paths] | length", ["maxDataBytes"]],
  ["tojson of a DAG", `${DAG} | tojson | length`, ["maxDataBytes", "timeout"]],
  ["@json of a DAG", `${DAG} | @json | length`, ["maxDataBytes", "timeout"]],
  ["tostring of an object DAG", `${ODAG} | tostring | length`, ["maxDataBytes", "timeout"]],
  ["walk of an object DAG", `${ODAG} | walk(.) | length`, ["maxDataBytes", "timeout"]],
  ["tostream of an object DAG", `${ODAG} | [tostream] | length`, ["maxDataBytes", "timeout"]],
  [".. of an object DAG", `${ODAG} | [..] | length`, ["maxDataBytes", "timeout"]],
  ["paths of an object DAG", `${ODAG} | [paths] | length`, ["maxDataBytes", "timeout"]],
  ["with_entries over an object DAG", `${ODAG} | with_entries(.value |= tojson) | length`, ["maxDataBytes", "timeout"]],
  ["string append in reduce", 'reduce range(1e8) as $i (""; . + "xxxxxxxxxx") | length', ["maxDataBytes"]],
  ["transpose", "[range(1e3) | [.]] + [[range(1e6)]] | transpose | length", ["maxDataBytes", "timeout"]],
  ["string repetition", '("x" * 1e8) * 5 | length', ["maxDataBytes"]],
  ["@csv of shared strings", `${BIG} as $s | reduce range(20) as $i ([$s]; . + .) | @csv | length`, ["maxDataBytes"]],
  ["add of shared arrays", "[range(20)] as $a | reduce range(20) as $i ([$a]; . + .) | add | length", ["maxDataBytes"]],
  ["join of shared strings", `${BIG} as $s | reduce range(20) as $i ([$s]; . + .) | join(",") | length`, ["maxDataBytes"]],
  ["implode of a doubled array", "reduce range(27) as $i ([65]; . + .) | implode | length", ["maxDataBytes"]],
  ["combinations", "[range(10) | [range(10)]] | [combinations] | length", ["maxDataBytes", "timeout"]],
  ["== on DAGs", `${DAG2} | . == $d`, ["timeout"]],
  ["sort of DAGs", `${DAG2} | [., $d, .] | sort | length`, ["timeout"]],
  ["group_by on DAGs", `${DAG2} | [., $d] | group_by(.) | length`, ["timeout"]],
  ["unique of DAGs", `${DAG2} | [., $d] | unique | length`, ["timeout"]],
  ["contains on DAGs", `${DAG2} | contains($d)`, ["timeout"]],
  ["inside on DAGs", `${DAG2} | inside($d)`, ["timeout"]],
  ["indices on DAGs", `${DAG2} | [., 1] | indices([$d])`, ["timeout"]],
  ["array subtraction", "[range(1e5)] - [range(1e5) | -1 - .] | length", ["timeout"]],
  ["string indices", '("a" * 1e7) | indices("a") | length', ["maxDataBytes"]],
  ["setpath at a huge index", "setpath([1e8]; 1) | length", ["maxDataBytes"]],
  ["assignment at a huge index", ".[5e8] = 1 | length", ["maxDataBytes"]],
  ["collect repeat", "[repeat(1)] | length", ["maxDataBytes"]],
  // while and until recurse (no tail calls): the recursion bound ends them first
  ["collect while", "[1 | while(true; .)] | length", ["maxDataBytes", "jq"]],
  ["last of an endless range", "last(range(1e15))", ["timeout"]],
  ["until", "0 | until(false; . + 1)", ["timeout", "jq"]],
  ["splits on every position", '("a" * 1e7) | [splits("")] | length', ["maxDataBytes"]],
  ["gsub with an amplifying replacement", '("x" * 1e6) | gsub(""; "xxxxxxxx") | length', ["maxDataBytes", "timeout"]],
  ["@base64d", '("QUFB" * 5e6) | @base64d | length', ["maxDataBytes"]],
  ["ltrimstr copies kept", '("x" * 1e7) as $s | [range(1e3) | $s | ltrimstr("x")] | length', ["maxDataBytes"]],
  ["tojson loop", 'reduce range(40) as $i ("x"; tojson) | length', ["maxDataBytes", "timeout"]],
  ["fromjson loop", '[range(1e4)] | tojson as $t | [range(1e4) | $t | fromjson] | length', ["maxDataBytes"]],
  ["error value that is a DAG", `${DAG} | error`, ["maxDataBytes", "timeout"]],
  ["message about a DAG", `${DAG} | . + 1`, ["jq"]],
];

/**
 * [name, whole script, endings allowed, true when the run's stdout must end truncated]: the
 * command line's own paths (its output of a DAG, its flags). Each starts with `echo before`.
 */
const CLI_BOMBS: readonly [string, string, readonly Ending[], boolean][] = [
  ["printing a DAG stops at maxStdoutBytes", `jq -n -c '${DAG}'; echo after`, ["ok"], true],
  ["printing an object DAG (indented) stops at maxStdoutBytes", `jq -n '${ODAG}'; echo after`, ["ok"], true],
  ["a DAG printed into a pipe is charged as it queues", `jq -n -c '${DAG}' | wc -c; echo after`, ["maxDataBytes", "timeout"], false],
  ["a DAG printed in color", `jq -n -C '${DAG}' | wc -c; echo after`, ["maxDataBytes", "timeout"], false],
  ["a collected array written element by element", "jq -n '[range(1e9)]' | wc -c; echo after", ["maxDataBytes"], false],
  ["--slurp of an endless input", "yes 1 | jq -s length; echo after", ["maxDataBytes", "maxStringBytes"], false],
  ["inputs of an endless input", `yes '{"a":[1,2,3]}' | jq -n '[inputs] | length'; echo after`, ["maxDataBytes", "maxStringBytes"], false],
  ["--stream of a deep input", `jq -c --stream . <<< "$(printf '[%.0s' {1..5000})$(printf ']%.0s' {1..5000})" | wc -c; echo after`, ["maxDataBytes"], false],
  ["--seq of a DAG", `jq -n --seq -c '${DAG} | tojson' | wc -c; echo after`, ["maxDataBytes", "timeout"], false],
  ["--arg with a large value kept many times", `jq -n --arg x "$(yes x | head -c 200000)" '[range(1e4) | $x] | length'; echo after`, ["maxDataBytes"], false],
  ["--argjson with a large value kept many times", `jq -n --argjson x "[$(seq -s, 1 20000)0]" '[range(1e4) | $x] | length'; echo after`, ["maxDataBytes"], false],
  ["--slurpfile kept many times", `seq 1 20000 > /tmp/n; jq -n --slurpfile f /tmp/n '[range(1e4) | $f] | length'; echo after`, ["maxDataBytes"], false],
];

/** Runs `script` in a child process; kills it well after the deadline (a hung child fails the test). */
function probe(script: string, limits: object = LIMITS): Probe {
  const r = spawnSync(process.execPath, [PROBE, script, JSON.stringify(limits)], { encoding: "utf8", timeout: 30_000, maxBuffer: 1 << 24 });
  expect(r.signal, `child killed: ${r.stderr}`).toBeNull();
  expect(r.status, `child crashed: ${r.stderr.slice(0, 500)}`).toBe(0);
  const p = JSON.parse(r.stdout) as Probe;
  if (LOG) console.log(`JQ_BOMB\t${script.slice(0, 90)}\t${ending(p)}\t${p.ms} ms\t${p.rssMB} MB`);
  return p;
}

/** How a run ended (see Ending). */
function ending(p: Probe): string {
  if (p.error === "timeout") return "timeout";
  if (p.error?.startsWith("resource_limit:")) return p.error.slice("resource_limit:".length);
  if (p.error) return p.error;
  // the script goes on after a failed jq: `echo after` then ends it with status 0
  return /^jq: error/.test(p.stderr) ? "jq" : p.exitCode === 0 ? "ok" : `status ${p.exitCode}`;
}

describe.skipIf(!BUILT)("TM-DOS-009: jq data and traversal bombs end at a limit, in a child process", () => {
  for (const [name, program, endings] of BOMBS) {
    it(`TM-DOS-009 ${name}`, { timeout: 40_000 }, () => {
      const p = probe(`echo before; jq -n '${program}'; echo after`);
      if (LOG && process.env.JQ_BOMB_LIMITS) return;
      expect(endings, p.stderr).toContain(ending(p));
      expect(p.stdout.startsWith("before\n"), p.stdout).toBe(true);
      // a limit or the timeout ends the whole run; a jq error only the jq command
      expect(p.stdout.includes("after"), p.stdout).toBe(ending(p) === "jq" || ending(p) === "ok");
      expect(p.ms).toBeLessThan(LIMITS.timeoutMs + SLACK_MS);
      // no JavaScript error name, no stack
      expect(p.stderr).not.toMatch(/RangeError|TypeError|internal error|\n\s+at /);
    });
  }
  for (const [name, script, endings, truncated] of CLI_BOMBS) {
    it(`TM-DOS-009 jq command: ${name}`, { timeout: 40_000 }, () => {
      const p = probe(`echo before; ${script}`);
      if (LOG && process.env.JQ_BOMB_LIMITS) return;
      expect(endings, p.stderr).toContain(ending(p));
      expect(p.stdout.startsWith("before\n"), p.stdout.slice(0, 100)).toBe(true);
      expect(p.truncated).toBe(truncated);
      // stopping at the output limit takes far less than the deadline
      expect(p.ms).toBeLessThan(truncated ? LIMITS.timeoutMs / 2 : LIMITS.timeoutMs + SLACK_MS);
      expect(p.stderr).not.toMatch(/RangeError|TypeError|internal error|\n\s+at /);
    });
  }
});

/**
 * TM-DOS-010: awk data bombs. Each program once filled the heap until V8 died ("JavaScript heap
 * out of memory", which no `catch` sees) or could have: only an array's element count and one
 * string's length were bounded, never what a run holds in all. Each runs here in a child
 * process (`scripts/probe.mjs`, with a 512 MB heap so that anything the data budget misses
 * crashes it fast) with small limits, and must end at a limit or the timeout, within the
 * deadline plus a slack, with a message on stderr and the output before it kept. Needs the
 * build (`npx tsc -b`, as `npm test` runs first).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const PROBE = `${root}security/scripts/probe.mjs`;
const BUILT = existsSync(`${root}packages/bash/dist/index.js`);

/** The limits every bomb runs under (`AWK_BOMB_LIMITS='{...}'` overrides them; `AWK_BOMB_LOG=1` prints each ending, time and RSS). */
const LIMITS = { timeoutMs: 3000, maxDataBytes: 32 * 1024 * 1024, ...JSON.parse(process.env.AWK_BOMB_LIMITS ?? "{}") };
const LOG = process.env.AWK_BOMB_LOG === "1";
/** How far past the deadline a run may end (a loaded CI machine included). */
const SLACK_MS = 1500;
/** The heap of the child: far above what the budget lets a run hold, far below the machine. */
const HEAP_MB = 512;

/** How a run may end: a limit by name, or `timeout`. */
type Ending = "maxDataBytes" | "maxStringBytes" | "maxVariables" | "timeout";

interface Probe {
  readonly exitCode: number;
  readonly error?: string;
  readonly ms: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly rssMB: number;
}

const MB = 'sprintf("%1000000s", "")';

/** [name, command line, endings allowed]. Each runs as `echo before; COMMAND; echo after`. */
const BOMBS: readonly [string, string, readonly Ending[]][] = [
  ["large values in an array", `awk 'BEGIN { for (i = 0; i < 1e6; i++) a[i] = toupper(sprintf("%100000s", i)) }'`, ["maxDataBytes"]],
  ["string doubling", `awk 'BEGIN { s = "x"; while (1) s = s s }'`, ["maxStringBytes"]],
  ["doubled strings kept", `awk 'BEGIN { s = "x"; for (;;) { s = s s; a[n++] = s } }'`, ["maxStringBytes", "maxDataBytes"]],
  ["concatenations kept in an array", `awk 'BEGIN { s = ${MB}; for (;;) a[n++] = s s }'`, ["maxDataBytes"]],
  ["elements doubled by sub", `awk 'BEGIN { for (i = 0; i < 1000; i++) a[i] = "x"; for (;;) for (i = 0; i < 1000; i++) sub(/^/, a[i], a[i]) }'`, ["maxDataBytes"]],
  ["SUBSEP keys of large values", `awk 'BEGIN { s = sprintf("%100000s", ""); for (;;) a[s, i++] }'`, ["maxDataBytes"]],
  ["split into large arrays", `awk 'BEGIN { s = sprintf("%500000s", ""); gsub(/ /, "a ", s); split(s, a); split(s, b); split(s, c); split(s, d) }'`, ["maxDataBytes"]],
  ["split into the local arrays of a recursion", `awk 'function f(d,  t) { split(S, t); f(d + 1) } BEGIN { S = sprintf("%200000s", ""); gsub(/ /, "x ", S); f(0) }'`, ["maxDataBytes"]],
  ["a recursion holding large locals", `awk 'function f(n,  s) { s = ${MB} n; return f(n + 1) } BEGIN { f(0) }'`, ["maxDataBytes"]],
  ["a recursion passing growing arguments", `awk 'function f(s) { return f(s "x") } BEGIN { f(${MB}) }'`, ["maxDataBytes"]],
  ["a recursion inside for (k in a)", `awk 'function f(d) { for (k in A) return f(d + 1) } BEGIN { for (i = 0; i < 200000; i++) A[i]; f(0) }'`, ["maxDataBytes"]],
  ["a comparison function that sorts again", `awk 'function c(i1, v1, i2, v2) { asort(A, T, "c"); return 0 } BEGIN { for (i = 0; i < 100000; i++) A[i] = i; asort(A, B, "c") }'`, ["maxDataBytes"]],
  ["large fields", `awk 'BEGIN { s = ${MB}; for (i = 1; ; i++) $i = s }'`, ["maxDataBytes"]],
  ["a long OFS times many fields", `awk 'BEGIN { OFS = ${MB}; $100000 = 1; print length($0) }'`, ["maxStringBytes"]],
  ["input records kept", `yes xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | awk '{ a[NR] = $0 }'`, ["maxDataBytes"]],
  ["getline from a command into an array", `awk 'BEGIN { while (("yes xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" | getline line) > 0) a[n++] = line }'`, ["maxDataBytes"]],
  ["getline from a file into an array, again and again", `seq 1 100000 > /tmp/f; awk 'BEGIN { for (;;) { while ((getline a[n++] < "/tmp/f") > 0); close("/tmp/f") } }'`, ["maxDataBytes"]],
  ["output files left open", `awk 'BEGIN { s = sprintf("%100000s", ""); for (i = 0; ; i++) print s > ("/tmp/o" i) }'`, ["maxDataBytes"]],
  ["output pipes left open", `awk 'BEGIN { s = sprintf("%100000s", ""); for (i = 0; ; i++) print s | ("cat #" i) }'`, ["maxDataBytes"]],
  // each compile takes 40 ms: the cache of compiled regexes once held 500 of 450 KB
  ["long computed regexes", `awk 'BEGIN { s = sprintf("%10000s", ""); gsub(/ /, "a", s); for (i = 0; ; i++) if ("x" ~ (s i)) n++ }'`, ["timeout"]],
  // the pipeline then waits for sleep until the deadline
  ["printing into a pipe nobody reads", `awk 'BEGIN { for (;;) print "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" }' | sleep 5`, ["maxDataBytes", "timeout"]],
  // every read carries the unfinished record over (quadratic): at the default maxStringBytes
  // this may reach the deadline first
  ["a record without end", `yes | tr -d '\\n' | awk '{ n++ }'`, ["maxStringBytes", "timeout"]],
];

/** Runs `script` in a child process with a bounded heap; kills it well after the deadline. */
function probe(script: string): Probe {
  const r = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, PROBE, script, JSON.stringify(LIMITS)], {
    encoding: "utf8",
    timeout: 30_000,
    maxBuffer: 1 << 24,
  });
  expect(r.signal, `child killed: ${r.stderr}`).toBeNull();
  expect(r.status, `child crashed: ${r.stderr.slice(0, 500)}`).toBe(0);
  const p = JSON.parse(r.stdout) as Probe;
  if (LOG) console.log(`AWK_BOMB\t${script.slice(0, 90)}\t${ending(p)}\t${p.ms} ms\t${p.rssMB} MB`);
  return p;
}

function ending(p: Probe): string {
  if (p.error === "timeout") return "timeout";
  if (p.error?.startsWith("resource_limit:")) return p.error.slice("resource_limit:".length);
  return p.error ?? `status ${p.exitCode}`;
}

describe.skipIf(!BUILT)("TM-DOS-010: awk data bombs end at a limit, in a child process", () => {
  for (const [name, command, endings] of BOMBS) {
    it(`TM-DOS-010 ${name}`, { timeout: 40_000 }, () => {
      const p = probe(`echo before; ${command}; echo after`);
      if (LOG && process.env.AWK_BOMB_LIMITS) return;
      expect(endings, p.stderr).toContain(ending(p));
      expect(p.exitCode).not.toBe(0);
      expect(p.stderr).toMatch(/^husk: .*\(limit \w+; raise it with limits\.\w+\)\n$/);
      expect(p.stdout).toBe("before\n");
      expect(p.ms).toBeLessThan(LIMITS.timeoutMs + SLACK_MS);
      expect(p.stderr).not.toMatch(/RangeError|TypeError|internal error|\n\s+at /);
    });
  }
});

/**
 * Denial of service (TM-DOS-*): every attack ends within its limit, with the documented
 * message and status, and the host stays responsive while it runs.
 */
import { describe, expect, it } from "vitest";
import type { Limits } from "@husk/host";
import { attack, limitText, responsive } from "./harness.js";

const A = "a".repeat(30);
const open = (c: string, n: number): string => c.repeat(n);

type LimitName = keyof Limits;
/** [threat, name, script, limits the breach may name, extra limits]. */
const LIMIT_CASES: readonly [string, string, string, readonly LimitName[], Partial<Limits>?][] = [
  ["TM-DOS-001", "while : loop", "while :; do :; done", ["maxLoopIterations", "maxCommands"]],
  ["TM-DOS-001", "until false loop", "until false; do :; done", ["maxLoopIterations", "maxCommands"]],
  ["TM-DOS-001", "for (( ; ; )) loop", "for ((;;)); do :; done", ["maxLoopIterations", "maxCommands"]],
  ["TM-DOS-001", "for (( )) with arithmetic only", "for ((i=0;;i++)); do ((j++)); done", ["maxLoopIterations"]],
  ["TM-DOS-001", "for-in over a huge list", "for i in {1..9000}; do :; done", ["maxLoopIterations", "maxCommands"]],
  ["TM-DOS-001", "nested loops (total iterations)", "for i in {1..100}; do for j in {1..100}; do ((k++)); done; done", ["maxTotalIterations"], { maxCommands: 100_000 }],
  ["TM-DOS-001", "eval loop", `x='eval "$x"'; eval "$x"`, ["maxCommands", "maxCallDepth", "maxSubshellDepth"]],
  ["TM-DOS-001", "trap on a signal the trap itself sends", "trap 'kill -s USR1 $$' USR1; kill -s USR1 $$; echo done", ["maxCommands", "maxCallDepth", "maxSubshellDepth"]],
  ["TM-DOS-001", "loop in an EXIT trap", "trap 'while :; do :; done' EXIT; echo hi", ["maxLoopIterations", "maxCommands"]],
  ["TM-DOS-001", "loop inside a pipeline stage", "echo x | while :; do :; done", ["maxLoopIterations", "maxCommands"]],
  ["TM-DOS-002", "unbounded recursion", "f(){ f; }; f", ["maxCallDepth"]],
  ["TM-DOS-002", "mutual recursion", "a(){ b; }; b(){ a; }; a", ["maxCallDepth"]],
  ["TM-DOS-002", "recursion through command substitution", "f(){ echo $(f); }; f", ["maxSubshellDepth", "maxCallDepth"]],
  ["TM-DOS-002", "recursion through source", "echo 'source /tmp/r.sh' > /tmp/r.sh; source /tmp/r.sh", ["maxCallDepth", "maxCommands"]],
  ["TM-DOS-002", "recursion through bash -c", `x='bash -c "$x"'; export x; bash -c "$x"`, ["maxSubshellDepth", "maxCommands", "maxCallDepth"]],
  ["TM-DOS-003", "classic fork bomb", ":(){ :|:& };:", ["maxSubshellDepth", "maxCommands"]],
  ["TM-DOS-003", "background flood", "f(){ f & f; }; f", ["maxCommands", "maxCallDepth", "maxSubshellDepth"]],
  ["TM-DOS-003", "pipeline recursion", "f(){ f | f; }; f", ["maxSubshellDepth", "maxCommands"]],
  ["TM-DOS-003", "subshell nesting", `eval "${open("( ", 40)}:${open(" )", 40)}"`, ["maxSubshellDepth"], { maxParseDepth: 1000 }],
  ["TM-DOS-004", "exponential brace expansion", "echo {1..9}{1..9}{1..9}{1..9}{1..9}{1..9}{1..9}", ["maxFields"]],
  ["TM-DOS-004", "huge brace range", "echo {1..100000000}", ["maxFields"]],
  ["TM-DOS-004", "${x//?/$x$x} growth", "x=ab; for i in 1 2 3 4 5 6; do x=${x//?/$x$x}; done", ["maxStringBytes"]],
  ["TM-DOS-004", "x=$x$x doubling", "x=a; while :; do x=$x$x; done", ["maxStringBytes"]],
  ["TM-DOS-004", "huge array from a brace list", "a=({1..100000})", ["maxFields"]],
  ["TM-DOS-004", "array grown element by element", "for ((i=0;;i++)); do a[i]=$i; done", ["maxVariables", "maxLoopIterations", "maxCommands"], { maxVariables: 500 }],
  ["TM-DOS-004", "word splitting into many fields", "x=$(printf 'a %.0s' {1..9000}); set -- $x $x $x", ["maxFields"]],
  ["TM-DOS-004", "printf width", "printf '%*s' 100000000 x", ["maxStringBytes"]],
  ["TM-DOS-004", "printf precision", "printf '%.*d' 100000000 1", ["maxStringBytes"]],
  ["TM-DOS-004", "printf format reuse", "printf '%s%s%s%s' $(printf 'a%.0s ' {1..9000})$(printf 'b%.0s' {1..200})", ["maxStringBytes", "maxFields"], { maxStringBytes: 10_000 }],
  ["TM-DOS-004", "command substitution of a flood", "x=$(yes)", ["maxStringBytes"]],
  ["TM-DOS-004", "read -d '' from an endless pipe", "yes | read -r -d '' x", ["maxStringBytes"]],
  ["TM-DOS-004", "MemoryFs fill", "while :; do cat /tmp/f /tmp/f > /tmp/g; cat /tmp/g /tmp/g > /tmp/f; done", ["maxFileBytes", "maxFsBytes", "maxLoopIterations", "maxCommands"]],
  ["TM-DOS-004", "awk string doubling", `awk 'BEGIN{s="x"; while(1) s=s s}'`, ["maxStringBytes"]],
  ["TM-DOS-004", "sed hold-space doubling", "echo x | sed ':a;G;H;ba'", ["maxStringBytes"]],
  ["TM-DOS-004", "copies of a big value held in variables", `x=$(printf '%*s' 200000 y); for i in {1..100}; do eval "v$i=\\$x"; done`, ["maxVariableBytes"]],
  ["TM-DOS-004", "fresh big strings kept in an array", 'x=$(printf "%*s" 200000 y); while :; do a+=("${x// /z}"); done', ["maxVariableBytes"]],
  ["TM-DOS-004", "big associative keys", 'x=$(printf "%*s" 200000 y); declare -A m; for i in {1..100}; do m[$x$i]=1; done', ["maxVariableBytes"]],
  ["TM-DOS-008", "huge script", `echo ${"x".repeat(2000)}`, ["maxScriptBytes"], { maxScriptBytes: 1000 }],
];

describe("TM-DOS: each attack ends at its limit with the documented message", () => {
  for (const [id, name, script, limits, extra] of LIMIT_CASES) {
    it(`${id} ${name}`, async () => {
      const { r } = await attack(script, extra);
      expect(r.error?.kind, r.stderr).toBe("resource_limit");
      expect(limits).toContain(r.error?.limit);
      expect(r.stderr).toContain(limitText(r.error!.limit as LimitName));
      expect(r.exitCode).toBe(1);
    });
  }
});

/** [threat, name, script]: attacks that may end on their own with an error status (bash does too). */
const BOUNDED_CASES: readonly [string, string, string, RegExp, number][] = [
  ["TM-DOS-008", "deep ( ) nesting in the parser", `eval "${open("( ", 5000)}:${open(" )", 5000)}"`, /^bash: eval: line 1: maximum nesting depth exceeded( \(maxDepth \d+\))?\n$/, 2],
  ["TM-DOS-008", "deep { } nesting in the parser", `eval "${open("{ ", 5000)}:${open("; }", 5000)}"`, /^bash: eval: line 1: maximum nesting depth exceeded( \(maxDepth \d+\))?\n$/, 2],
  ["TM-DOS-008", "deep arithmetic nesting", `echo $(( ${open("(", 5000)}1${open(")", 5000)} ))`, /^bash: line 1: /, 1],
  ["TM-DOS-008", "deep jq nesting", `jq -n '${open("[", 5000)}1${open("]", 5000)}'`, /nest|depth|limit maxParseDepth/, 3],
  ["TM-DOS-008", "deep awk nesting", `awk 'BEGIN{print ${open("(", 5000)}1${open(")", 5000)}}'`, /^awk: /, -1],
  ["TM-DOS-002", "jq recursion", "jq -n 'def f: f; f'", /^jq: error \(at <unknown>\): (jq: )?maximum (recursion|call) depth/, 5],
  ["TM-DOS-002", "jq recursion building arrays", "jq -n 'def f: [f]; f'", /recursion depth|nest/, 5],
  ["TM-DOS-002", "awk recursion", "awk 'function f(){f()} BEGIN{f()}'", /nesting too deep|depth/, 2],
  ["TM-DOS-001", "alias loop", "shopt -s expand_aliases; alias a=b; alias b=a; a", /command not found/, 127],
];

describe("TM-DOS: recursion and nesting in sub-languages end with their own error", () => {
  for (const [id, name, script, msg, status] of BOUNDED_CASES) {
    it(`${id} ${name}`, async () => {
      const { r } = await attack(script);
      expect(r.stderr).toMatch(msg);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      // -1: any failure status (the message depends on where the JS stack runs out)
      if (status === -1) expect(r.exitCode).toBeGreaterThan(0);
      else expect(r.exitCode).toBe(status);
    });
  }
});

/** Catastrophic patterns: each consumer answers at once (linear-time engine). */
const REGEX_CASES: readonly [string, string][] = [
  ["grep -E", `echo '${A}!' | grep -E '(a*)*b'`],
  ["grep (BRE)", `echo '${A}!' | grep '\\(a*\\)*b'`],
  ["sed -E", `echo '${A}!' | sed -E 's/(a*)*b/x/'`],
  ["awk", `echo '${A}!' | awk '/(a*)*b/'`],
  ["[[ =~ ]]", `[[ '${A}!' =~ (a*)*b ]]`],
  ["jq test()", `jq -n '"${A}!" | test("(a*)*b")'`],
  ["expr :", `expr '${A}!' : '\\(a*\\)*b'`],
  ["extglob", `shopt -s extglob; [[ '${A}!' == *(a|aa)*(a|aa)b ]]`],
  ["case pattern", `case '${A}!' in *a*a*a*a*a*a*a*b) echo y;; esac`],
  ["${x//pattern}", `x='${A}!'; echo "\${x//*a*a*a*a*a*b/}"`],
];

describe("TM-DOS-005: catastrophic regular expressions end within the run's limits", () => {
  for (const [name, script] of REGEX_CASES) {
    it(`${name}: (a*)*b on a long non-matching line`, async () => {
      const { r } = await attack(script, { timeoutMs: 20_000 });
      expect(r.error, r.stderr).toBeUndefined();
      expect(r.exitCode).toBeLessThanOrEqual(1);
    });
  }
  it("grep back-references (backtracking) end at the deadline at the latest", async () => {
    const { r } = await attack(`echo '${A}!' | grep -E '(a|aa)+\\1b'`, { timeoutMs: 300 });
    expect([0, 1, 124]).toContain(r.exitCode);
  });
});

describe("TM-DOS-006: output floods are truncated and flagged", () => {
  it("yes into the run's stdout", async () => {
    const { r } = await attack("yes", { timeoutMs: 300 });
    expect(r.truncated).toBe(true);
    expect(r.stdout.length).toBe(10_000);
    expect(r.exitCode).toBe(124);
  });
  it("echo in a loop", async () => {
    const { r } = await attack("while :; do echo aaaaaaaaaaaaaaaaaaaa; done");
    expect(r.truncated).toBe(true);
    expect(r.stdout.length).toBe(10_000);
  });
  it("stderr flood", async () => {
    const { r } = await attack("while :; do echo eeeeeeeeeeeeeeeeeee >&2; done");
    expect(r.truncated).toBe(true);
    expect(r.stderr.length).toBeLessThanOrEqual(10_000 + 200);
  });
  it("yes | head -c stops the writer", async () => {
    const { r } = await attack("yes | head -c 100000 | wc -c");
    expect(r.stdout.trim()).toBe("100000");
    expect(r.exitCode).toBe(0);
  });
});

describe("TM-DOS-007: waits race the deadline and the host's AbortSignal", () => {
  it("sleep 1e9 ends at the deadline with 124", async () => {
    const { r } = await attack("sleep 1e9", { timeoutMs: 200 });
    expect(r.exitCode).toBe(124);
    expect(r.error?.kind).toBe("timeout");
    expect(r.stderr).toContain(limitText("timeoutMs"));
  });
  it("read from a never-ending pipe ends at a limit", async () => {
    const { r } = await attack("yes | while read -r l; do :; done");
    expect(r.error?.kind).toBe("resource_limit");
  });
  it("a hung custom command ends at the deadline", async () => {
    const hang = { name: "hang", help: "hangs", fileAccess: "none" as const, run: (ctx: { signal: AbortSignal }) => new Promise<number>((res) => ctx.signal.addEventListener("abort", () => res(1))) };
    const { r } = await attack("hang; echo after", { timeoutMs: 200 }, { commands: [hang] });
    expect(r.exitCode).toBe(124);
    expect(r.stdout).toBe("");
  });
  it("an AbortSignal stops a script between commands (the known bug)", async () => {
    const slow = { name: "slow", help: "", fileAccess: "none" as const, run: () => new Promise<number>((res) => setTimeout(() => res(0), 50)) };
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 10);
    const { Bash } = await import("@husk/bash");
    const r = await new Bash({ commands: [slow] }).exec("slow; echo after1; echo after2", { signal: ac.signal });
    expect(r.stdout).toBe("");
    expect(r.exitCode).toBe(130);
    expect(r.error?.kind).toBe("cancelled");
    expect(r.stderr).toBe("husk: run cancelled\n");
  });
});

/** Scripts that only the host can stop: the host's own timer must fire to cancel them. */
const RESPONSIVE_CASES: readonly [string, string][] = [
  ["TM-DOS-001", "while :; do :; done"],
  ["TM-DOS-001", "for ((;;)); do ((i++)); done"],
  ["TM-DOS-001", "i=0; until false; do i=$((i+1)); done"],
  ["TM-DOS-001", "f(){ :; }; while :; do f; done"],
  ["TM-DOS-001", `x='eval "$x"'; while :; do eval :; done`],
  ["TM-DOS-006", "yes"],
  ["TM-DOS-006", "while :; do echo flood; done"],
  ["TM-DOS-007", "sleep 1e9"],
  ["TM-DOS-007", "yes | while read -r l; do :; done"],
];

describe("TM-DOS: the host stays responsive (its timer fires and its AbortSignal cancels the run)", () => {
  for (const [id, script] of RESPONSIVE_CASES) {
    it(`${id} ${script}`, async () => {
      const { r, ticks } = await responsive(script);
      expect(ticks).toBeGreaterThanOrEqual(3);
      expect(r.exitCode).toBe(130);
      expect(r.error?.kind).toBe("cancelled");
    });
  }
});

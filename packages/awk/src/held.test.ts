/**
 * The data budget (held.ts): what a run holds is charged to `maxDataBytes` as it is stored and
 * given back as it is let go, so a program that churns through far more data than the budget,
 * holding little at a time, runs as before; and whatever a run holds is given back when it
 * ends, however it ends (the meter is back at 0).
 */
import { AbortError, BrokenPipeError, LimitError, LimitsMeter, MemoryFs, resolveLimits, SeededRandom, StringInput, StringOutput, SYSTEM_CLOCK } from "@husk/host";
import type { Limits, OutputStream } from "@husk/host";
import { describe, expect, it } from "vitest";
import { arrayBytes, AwkArray, Held, SLOT_BYTES } from "./held.js";
import { parse } from "./parser.js";
import { runProgram } from "./run.js";
import type { Value } from "./values.js";
import { UNINIT } from "./values.js";

/** A meter that remembers the highest and lowest data count of the run. */
class SpyMeter extends LimitsMeter {
  peak = 0;
  low = 0;
  override chargeData(bytes: number): void {
    try {
      super.chargeData(bytes);
    } finally {
      if (this.dataBytes > this.peak) this.peak = this.dataBytes;
      if (this.dataBytes < this.low) this.low = this.dataBytes;
    }
  }
}

interface Outcome {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly error: unknown;
  readonly meter: SpyMeter;
}

/** Runs `program` with a meter of our own; `files` go into a MemoryFs. */
async function run(program: string, input = "", limits: Partial<Limits> = {}, files: Record<string, string> = {}, stdout: OutputStream = new StringOutput()): Promise<Outcome> {
  const meter = new SpyMeter(resolveLimits({ maxDataBytes: BUDGET, ...limits }));
  const fs = new MemoryFs();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(name, text);
  const stderr = new StringOutput();
  let error: unknown;
  const status = await runProgram(
    { program: parse(program), operands: [], assigns: [] },
    { stdin: new StringInput(input), stdout, stderr, env: new Map([["HOME", "/home/u"]]), fs, shell: undefined, cwd: "/", clock: SYSTEM_CLOCK, random: new SeededRandom(1), meter },
  ).catch((e: unknown) => {
    error = e;
    return -1;
  });
  return { status, stdout: stdout instanceof StringOutput ? stdout.text : "", stderr: stderr.text, error, meter };
}

/** The budget of these runs: each churning program below builds 5-20 times as much. */
const BUDGET = 2 * 1024 * 1024;
/** A 100 KB value. */
const BIG = 'sprintf("%100000s", i)';
const BIG_LINES = `${Array.from({ length: 50 }, (_, i) => `${"y".repeat(100_000)} ${i}`).join("\n")}\n`;

/** [what is let go, program, stdout]: each builds about 10 MB in 100 KB pieces under a 2 MB budget. */
const CHURN: readonly [string, string, string][] = [
  ["a reassigned global", `BEGIN { for (i = 0; i < 100; i++) s = ${BIG}; print length(s) }`, "100000\n"],
  ["an overwritten element", `BEGIN { for (i = 0; i < 100; i++) a[i % 3] = ${BIG}; print length(a) }`, "3\n"],
  ["an element under a SUBSEP key", `BEGIN { for (i = 0; i < 100; i++) { a[i, "k"] = ${BIG}; delete a[i, "k"] } print length(a) }`, "0\n"],
  ["a deleted element", `BEGIN { for (i = 0; i < 100; i++) { a[i] = ${BIG}; delete a[i] } print length(a) }`, "0\n"],
  ["a deleted array", `BEGIN { for (i = 0; i < 100; i++) { a[i] = ${BIG}; delete a } print length(a) }`, "0\n"],
  ["an element shrunk by gsub", `BEGIN { for (i = 0; i < 100; i++) { a[i] = ${BIG}; gsub(/ +/, "", a[i]) } print length(a), a[42] }`, "100 42\n"],
  ["a variable shrunk by sub", `BEGIN { for (i = 0; i < 100; i++) { s = ${BIG}; sub(/ +/, "", s); t = t s } print t }`, `${Array.from({ length: 100 }, (_, i) => i).join("")}\n`],
  ["an array refilled by split", 'BEGIN { s = sprintf("%20000s", ""); gsub(/ /, "x ", s); for (i = 0; i < 50; i++) n = split(s, t); print n }', "20000\n"],
  ["arrays refilled by patsplit", 'BEGIN { s = sprintf("%10000s", ""); gsub(/ /, "x ", s); for (i = 0; i < 100; i++) n = patsplit(s, t, /x/, seps); print n, length(seps) }', "10000 10001\n"],
  ["an array refilled by asort", 'BEGIN { for (i = 0; i < 5000; i++) src[i] = sprintf("%20s", i); for (j = 0; j < 20; j++) n = asort(src, dst); print n, dst[1] + 0 }', "5000 0\n"],
  ["an array refilled by asorti", 'BEGIN { for (i = 0; i < 5000; i++) src[sprintf("%20s", i)]; for (j = 0; j < 20; j++) n = asorti(src, dst); print n, dst[1] + 0 }', "5000 0\n"],
  ["match's array", 'BEGIN { s = sprintf("%100000s", ""); for (i = 0; i < 100; i++) match(s, /( +)/, m); print length(m[1]) }', "100000\n"],
  ["a function's locals", `function f(i,  s, t) { s = ${BIG}; t[1] = s; t[2] = s; return length(t[1]) } BEGIN { for (i = 0; i < 100; i++) n += f(i); print n }`, "10000000\n"],
  ["a function's arguments", `function f(s) { return length(s) } BEGIN { for (i = 0; i < 100; i++) n += f(${BIG} "x"); print n }`, "10000100\n"],
  ["an uninitialized local made an array by the callee", `function fill(arr, i) { arr[i] = ${BIG} } function f(i,  loc) { fill(loc, i); return length(loc) } BEGIN { for (i = 0; i < 100; i++) n += f(i); print n }`, "100\n"],
  ["a global array passed by reference", `function fill(arr, i) { delete arr; arr[i] = ${BIG} } BEGIN { for (i = 0; i < 100; i++) fill(g, i); print length(g) }`, "1\n"],
  ["locals of a recursion", 'function r(d,  s) { s = sprintf("%10000s", d); if (d < 100) r(d + 1) } BEGIN { for (i = 0; i < 20; i++) r(0); print "ok" }', "ok\n"],
  ["a comparison function's locals", `function cmp(i1, v1, i2, v2,  s) { s = sprintf("%10000s", i1); return i1 - i2 } BEGIN { for (i = 0; i < 300; i++) a[i] = i; PROCINFO["sorted_in"] = "cmp"; for (k in a) n++; print n }`, "300\n"],
  ["the keys of for (k in a)", "BEGIN { for (i = 0; i < 20000; i++) a[i]; for (j = 0; j < 50; j++) for (k in a) n++; print n }", "1000000\n"],
  ["sorted keys left by break and return", 'function first(  k) { for (k in a) return k } BEGIN { for (i = 0; i < 20000; i++) a[i]; PROCINFO["sorted_in"] = "@ind_num_asc"; for (j = 0; j < 50; j++) { s = s first(); for (k in a) break } print length(s) }', "50\n"],
  ["getline var from a file", 'BEGIN { while ((getline line < "/big") > 0) n += length(line); print n }', "5000140\n"],
  ["getline into elements", 'BEGIN { while ((getline a[n % 2] < "/big") > 0) n++; print n, length(a) }', "50 2\n"],
  ["plain getline var", "BEGIN { while ((getline line) > 0) n += length(line); print n }", "5000140\n"],
  ["$0 assigned in a loop", `BEGIN { for (i = 0; i < 100; i++) { $0 = ${BIG}; $3 = $1 "x" } print NF, length($0) }`, "3 7\n"],
  ["fields assigned per record", `{ $2 = sprintf("%100000s", NR); n += length($0) } END { print NR, n }`, "50 10000050\n"],
  ["computed regexes (the cache empties itself)", 'BEGIN { s = sprintf("%1000s", ""); gsub(/ /, "a", s); for (i = 0; i < 100; i++) if ("x" ~ (s i)) n++; print n + 0 }', "0\n"],
  ["output to a closed file", `BEGIN { for (i = 0; i < 100; i++) { print ${BIG} > "/out"; close("/out") } }`, ""],
];

describe("the data budget gives back what a run lets go", () => {
  for (const [what, program, stdout] of CHURN) {
    it(`churning through 5x the budget: ${what}`, async () => {
      const input = program.startsWith("{") || program.includes("(getline line)") ? BIG_LINES : "";
      const r = await run(program, input, {}, { "/big": BIG_LINES });
      expect(r.error).toBeUndefined();
      expect(r.stderr).toBe("");
      expect(r.stdout).toBe(stdout);
      expect(r.status).toBe(0);
      expect(r.meter.dataBytes).toBe(0);
      // never more given back than was charged
      expect(r.meter.low).toBeGreaterThanOrEqual(0);
    });
  }

  it("what a run holds is charged while it holds it", async () => {
    const r = await run(`BEGIN { for (i = 0; i < 10; i++) a[i] = ${BIG} }`, "", { maxDataBytes: 1 << 30 });
    expect(r.meter.peak).toBeGreaterThan(1_000_000);
    expect(r.meter.peak).toBeLessThan(1_010_000);
    expect(r.meter.dataBytes).toBe(0);
  });

  it("deleting ENVIRON gives back no more than it charged", async () => {
    const r = await run("BEGIN { delete ENVIRON; delete ARGV; delete PROCINFO; x = 1 }");
    expect(r.status).toBe(0);
    expect(r.meter.low).toBeGreaterThanOrEqual(0);
    expect(r.meter.dataBytes).toBe(0);
  });

  it("a program below the budget is unaffected", async () => {
    const text = Array.from({ length: 2000 }, (_, i) => `w${i % 97} x${i % 13} ${i}`).join("\n");
    const program = "{ for (i = 1; i <= NF; i++) c[$i]++; s[$1] = s[$1] $3 } END { for (k in c) n++; print n, length(s), length(s[\"w5\"]) }";
    const tight = await run(program, text, { maxDataBytes: 1 << 20 });
    const roomy = await run(program, text, { maxDataBytes: 1 << 30 });
    expect(tight.error).toBeUndefined();
    expect(tight.stdout).toBe("2110 97 71\n");
    expect(tight.stdout).toBe(roomy.stdout);
    expect(tight.meter.dataBytes).toBe(0);
  });
});

describe("the data budget is given back however a run ends", () => {
  const cases: [string, string, (r: Outcome) => void][] = [
    ["exit in BEGIN", `BEGIN { a[1] = ${BIG}; exit 3 }`, (r) => expect(r.status).toBe(3)],
    ["exit in a function holding a local array", `function f(  t) { t[1] = ${BIG}; exit 4 } BEGIN { f() }`, (r) => expect(r.status).toBe(4)],
    ["a fatal error in a function", `function f(  t) { t[1] = ${BIG}; for (k in t) return 1 / 0 } BEGIN { f() }`, (r) => expect(r.status).toBe(2)],
    ["the budget itself", `BEGIN { for (;;) a[i++] = ${BIG} }`, (r) => expect((r.error as LimitError).limit).toBe("maxDataBytes")],
    ["the budget in a recursion", `function f(i,  t) { t[1] = ${BIG}; for (k in t) f(i + 1) } BEGIN { f(0) }`, (r) => expect((r.error as LimitError).limit).toBe("maxDataBytes")],
    ["another limit", `BEGIN { a[1] = ${BIG}; NF = 1e9 }`, (r) => expect((r.error as LimitError).limit).toBe("maxFields")],
    ["the deadline", `BEGIN { a[1] = ${BIG}; for (;;) x++ }`, (r) => expect(r.error).toBeInstanceOf(AbortError)],
  ];
  for (const [how, program, check] of cases) {
    it(how, async () => {
      const r = await run(program, "", { timeoutMs: 300 });
      check(r);
      expect(r.meter.dataBytes).toBe(0);
    });
  }

  it("a broken pipe", async () => {
    let writes = 0;
    const stdout: OutputStream = {
      closed: false,
      write: () => {
        if (++writes > 1) throw new BrokenPipeError();
        return undefined;
      },
    };
    const r = await run(`BEGIN { a[1] = ${BIG}; for (;;) print a[1] }`, "", {}, {}, stdout);
    expect(r.error).toBeInstanceOf(BrokenPipeError);
    expect(r.meter.dataBytes).toBe(0);
  });
});

describe("Held", () => {
  it("keeps its count equal to what the arrays hold", () => {
    const h = new Held(undefined);
    const a = new AwkArray();
    const same = (): void => {
      expect(a.bytes).toBe(arrayBytes(a));
      expect(h.bytes).toBe(a.bytes);
    };
    h.setElem(a, "k", "vvv");
    h.newElem(a, "u");
    expect(h.bytes).toBe(2 * SLOT_BYTES + 1 + 3 + 1);
    same();
    h.setElem(a, "k", 12);
    same();
    h.updateElem(a, "u", UNINIT, "long value");
    same();
    h.fillStrings(a, ["", "x", "yy"], 2);
    same();
    h.deleteElem(a, "u");
    h.deleteElem(a, "absent");
    same();
    h.clearArray(a);
    expect(h.bytes).toBe(0);
    same();
    h.fillValues(a, Array.from({ length: 123 }, (_, i) => String(i)));
    same();
  });

  it("gives back a frame's scalars and the arrays made in it", () => {
    const h = new Held(undefined);
    h.frameHeld = 7;
    const frame: (Value | Map<string, Value>)[] = ["abc", UNINIT];
    const outer = h.frameHeld;
    const mark = h.enterFrame(frame);
    expect(h.bytes).toBe(3);
    const t = new AwkArray();
    frame[1] = t;
    h.localArrays.push(t);
    h.setElem(t, "1", "xyz");
    h.storeLocal(frame[0] as Value, "abcdef");
    frame[0] = "abcdef";
    expect(h.frameHeld).toBe(6);
    h.leaveFrame(mark, outer);
    expect(h.bytes).toBe(0);
    expect(h.frameHeld).toBe(7);
    expect(h.localArrays).toHaveLength(0);
  });

  it("bounds an array's elements", () => {
    const h = new Held(new LimitsMeter(resolveLimits({ maxVariables: 1 })));
    const a = new AwkArray();
    for (let i = 0; i < 100; i++) h.setElem(a, String(i), i);
    expect(() => h.setElem(a, "x", 1)).toThrow(LimitError);
    expect(() => h.fillStrings(new AwkArray(), [], 101)).toThrow(LimitError);
  });
});

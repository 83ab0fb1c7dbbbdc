// The data budget (maxDataBytes) as jq charges it, and legitimate large work under the default limits.
import { LimitError, LimitsMeter, resolveLimits } from "@husk/host";
import { describe, expect, it } from "vitest";
import { makeDoc } from "../scripts/gen-doc.mjs";
import { compileJq, jq } from "./api.js";
import { jqCommand } from "./command.js";
import { testContext } from "./testing/ctx.js";

/** Runs `prog` with a budget of `bytes`; returns the outputs or the limit's name. */
function within(prog: string, bytes: number, input: unknown = null): unknown {
  try {
    return jq(prog, input, { maxDataBytes: bytes });
  } catch (e) {
    if (e instanceof LimitError) return e.limit;
    throw e;
  }
}

/** The bytes `prog` charges (under a generous budget). */
function charged(prog: string, input: unknown = null): number {
  const meter = new LimitsMeter(resolveLimits({ maxDataBytes: 1e12 }));
  jq(prog, input, { meter });
  return meter.dataBytes;
}

describe("maxDataBytes: just under the budget passes, just over fails", () => {
  // [program, bytes it charges]
  const cases: [string, number][] = [
    ["[range(1000)] | length", 8 * 1000],
    ['"x" * 5000 | length', 5000],
    ["[range(100) | [range(10)]] | length", 100 * (8 * 10 + 8 + 80)],
    ['[range(100) | "ab\\(.)"] | length', 100 * 8 + 2 * (10 * 3 + 90 * 4) + 2 * 0],
    ["null | setpath([999]; 1) | length", 8 + 8 * 1000],
  ];
  for (const [prog, bytes] of cases) {
    it(prog, () => {
      const n = charged(prog);
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThanOrEqual(bytes * 1.25);
      expect(within(prog, n)).not.toBe("maxDataBytes");
      expect(within(prog, n - 1)).toBe("maxDataBytes");
    });
  }

  it("the limit error names the limit and how to raise it", () => {
    expect(() => jq("[range(1e9)]", null, { maxDataBytes: 1e6 })).toThrow(/too much data built: more than 1000000 bytes \(limit maxDataBytes; raise it with limits.maxDataBytes\)/);
  });

  it("a DAG of shared arrays is cheap to build and charged as it is expanded", () => {
    const dag = "reduce range(40) as $i ([1]; [., .])";
    expect(charged(`${dag} | length`)).toBeLessThan(4000);
    for (const expand of ["flatten", "tojson", "tostring", "[paths]", "[..]", "[tostream]", "walk(.)"]) {
      expect(within(`${dag} | ${expand} | length`, 1e6), expand).toBe("maxDataBytes");
    }
  });

  it("a value inserted many times counts each time (copies kept by [f] are charged)", () => {
    expect(within('("x" * 1e4) as $s | [range(1e3) | $s] | length', 1e6)).toBe("maxDataBytes");
    expect(within("[range(1e4)] as $a | [range(1e3) | $a + [1]] | length", 1e6)).toBe("maxDataBytes");
  });
});

describe("+ charges its net growth: appending in a loop costs O(n)", () => {
  it("reduce range(1e5) as $i ([]; . + [$i]) passes with the default limits, in place", () => {
    const meter = new LimitsMeter(resolveLimits({}));
    const t0 = performance.now();
    expect(jq("reduce range(1e5) as $i ([]; . + [$i]) | length", null, { meter })).toEqual([1e5]);
    expect(meter.dataBytes).toBeLessThan(20 * 1e5);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it("appending in place leaves the initial value and the operands alone", () => {
    expect(jq("[1,2] as $a | reduce range(3) as $i ($a; . + [$i]) | [., $a]", null)).toEqual([[[1, 2, 0, 1, 2], [1, 2]]]);
    expect(jq("[[1],[2]] as $x | reduce $x[] as $r ([]; . + $r) | [., $x]", null)).toEqual([[[1, 2], [[1], [2]]]]);
    expect(jq('reduce range(3) as $i ({}; . + {"k\\($i)": $i})', null)).toEqual([{ k0: 0, k1: 1, k2: 2 }]);
    expect(jq("reduce range(3) as $i (null; . + [$i])", null)).toEqual([[0, 1, 2]]);
    // an update without outputs leaves null (jq 1.6, 1.7 and 1.8.1; 1.8.0 kept the state)
    expect(jq("reduce range(3) as $i ([]; . + empty)", null)).toEqual([null]);
    expect(jq("try (reduce range(3) as $i ([]; . + (1, [$i]))) catch .", null)).toEqual(["array ([]) and number (1) cannot be added"]);
    // `. + [.]` reads the accumulator: the plain loop (no cycle)
    expect(jq("reduce range(2) as $i ([]; . + [.]) | tojson", null)).toEqual(["[[],[[]]]"]);
  });
});

describe("legitimate large work passes with the default limits", () => {
  const doc = makeDoc(10).text;
  const run = async (args: string[]): Promise<{ status: number; bytes: number; stderr: string }> => {
    const { ctx, stdout, stderr } = testContext(args, { files: { "/d.json": doc }, limits: { maxStdoutBytes: 1 << 30 } });
    const status = await jqCommand.run(ctx);
    return { status, bytes: stdout.length, stderr: stderr.text };
  };
  for (const prog of ["map(to_entries)", "group_by(.k) | map(length)", "[paths] | length", "map(tojson) | length", "[.[] | .name] | join(\",\") | length"]) {
    it(`${prog} over a 10 MB document`, { timeout: 60_000 }, async () => {
      const r = await run(["-c", prog, "/d.json"]);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(r.bytes).toBeGreaterThan(0);
    });
  }

  // 3,000,000 numbers, one per line: 22,888,896 bytes (`seq 3000000 | wc -c`), twice maxStringBytes
  const seq = `${Array.from({ length: 3_000_000 }, (_, i) => i + 1).join("\n")}\n`;
  const slurp = async (args: string[], limits = {}): Promise<{ status: number; out: string; err: unknown }> => {
    const { ctx, stdout } = testContext(args, { stdin: seq, limits });
    try {
      return { status: await jqCommand.run(ctx), out: stdout.text, err: undefined };
    } catch (e) {
      return { status: -1, out: stdout.text, err: e };
    }
  };
  it("slurps stdin larger than maxStringBytes (charged to maxDataBytes instead)", { timeout: 60_000 }, async () => {
    expect(seq.length).toBe(22_888_896);
    // jq -s length (outputs of the real jq 1.6 on `seq 3000000 | ...`)
    expect(await slurp(["-s", "length"])).toEqual({ status: 0, out: "3000000\n", err: undefined });
    expect(await slurp(["-n", "reduce inputs as $x (0; . + $x)"])).toEqual({ status: 0, out: "4500001500000\n", err: undefined });
    // held input counts against the budget: a budget below the text stops it
    const r = await slurp(["-s", "length"], { maxDataBytes: 16 * 1024 * 1024 });
    expect(r.err).toBeInstanceOf(LimitError);
    expect((r.err as LimitError).limit).toBe("maxDataBytes");
  });

  it("compiled programs share nothing between runs: each run's meter is its own", () => {
    const prog = compileJq("[range(1000)] | length");
    const a = new LimitsMeter(resolveLimits({ maxDataBytes: 10_000 }));
    const b = new LimitsMeter(resolveLimits({ maxDataBytes: 10_000 }));
    prog.run(null, () => {}, { meter: a });
    prog.run(null, () => {}, { meter: b });
    expect(a.dataBytes).toBe(b.dataBytes);
    // without a meter nothing is charged
    prog.run(null, () => {});
    expect(a.dataBytes).toBe(b.dataBytes);
  });
});

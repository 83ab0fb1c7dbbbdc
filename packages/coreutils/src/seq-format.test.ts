/**
 * seq -f against GNU seq's recorded outputs (packages/host/scripts/printf-cases.mjs: coreutils
 * 9.1, `seq -f FMT -- V V V`, which prints V alone; `0 1 0` for zeros), so seq's own rules
 * (strtold operands, long double arithmetic) are in the test; and sequences whose values only
 * long double arithmetic gets right.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { seq } from "./seq.js";
import { runTool } from "./testing.js";

interface Table {
  readonly formats: string[];
  readonly values: string[];
  readonly seq: Record<string, (string | null)[]>;
}
const cases = JSON.parse(readFileSync(new URL("../../host/src/testing/printf-cases.json", import.meta.url), "utf8")) as { float: Table };

describe("seq -f against GNU seq", () => {
  it("every float format of the table", async () => {
    const t = cases.float;
    const bad: [string, string, string, string][] = [];
    for (const f of t.formats) {
      for (const [i, v] of t.values.entries()) {
        const want = t.seq[f]![i];
        if (want === null || want === undefined) continue;
        const r = await runTool(seq, ["-f", f, "--", v, /^-?0$/.test(v) ? "1" : v, v]);
        const got = r.stdout.replace(/\n$/, "");
        if (got !== want) bad.push([f, v, got, want]);
      }
    }
    expect(bad).toEqual([]);
  });
  // outputs of GNU seq 9.1: it computes first + i * step in long double
  const SEQUENCES: [string[], string][] = [
    [["-f", "%.1f", "0.15", "0.1", "0.55"], "0.2 0.2 0.4 0.5 0.6"],
    [["-f", "%.20f", "0.1", "0.1", "0.3"], "0.10000000000000000000 0.20000000000000000000 0.30000000000000000001"],
    [["-f", "%.0f", "0.5", "1", "4.5"], "0 2 2 4 4"],
    [["-f", "%.17g", "0.1", "0.1", "0.5"], "0.1 0.2 0.3 0.4 0.5"],
    [["-f", "%a", "1", "0.5", "2"], "0x8p-3 0xcp-3 0x8p-2"],
    [["-f", "%.3e", "1.0005", "0.001", "1.0035"], "1.001e+00 1.002e+00 1.003e+00 1.003e+00"],
    [["-f", "%.0e", "87", "7", "100"], "9e+01 9e+01 1e+02"],
    [["0", "0.000001", "0.000003"], "0.000000 0.000001 0.000002 0.000003"],
    [["-0", "1"], "-0 1"],
    [["18446744073709551614", "18446744073709551617"], "18446744073709551614 18446744073709551615 18446744073709551616 18446744073709551617"],
    [["-f", "%.0f", "2.5", "2.5"], "2"],
  ];
  for (const [args, want] of SEQUENCES) {
    it(`seq ${args.join(" ")}`, async () => {
      expect((await runTool(seq, args)).stdout.trim().split("\n").join(" ")).toBe(want);
    });
  }
});

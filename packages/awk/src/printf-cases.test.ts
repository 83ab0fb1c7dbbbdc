/**
 * awk's printf against gawk's recorded outputs (packages/host/scripts/printf-cases.mjs: gawk 5.2,
 * `printf F, ARGV[i] + 0` for each value): every float and integer format of the table, through
 * the awk program, so awk's own rules (number conversion, unsigned values out of range as %g)
 * are in the test too.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { awk } from "./index.js";

interface Table {
  readonly formats: string[];
  readonly gawkValues: string[];
  readonly gawk: Record<string, string[]>;
}
const cases = JSON.parse(readFileSync(new URL("../../host/src/testing/printf-cases.json", import.meta.url), "utf8")) as { float: Table; int: Table };

describe("awk printf against gawk", () => {
  for (const kind of ["float", "int"] as const) {
    it(`${kind} formats`, async () => {
      const t = cases[kind];
      const bad: [string, string, string, string][] = [];
      for (const f of t.formats) {
        const r = await awk('BEGIN { for (i = 1; i < ARGC; i++) { printf F, ARGV[i] + 0; printf "%c", 0 } }', "", { args: t.gawkValues, vars: { F: f } });
        const got = r.stdout.split("\0").slice(0, -1);
        t.gawkValues.forEach((v, i) => {
          if (got[i] !== t.gawk[f]![i]) bad.push([f, v, got[i]!, t.gawk[f]![i]!]);
        });
      }
      expect(bad).toEqual([]);
    });
  }
});

/**
 * The printf builtin against bash's recorded outputs (packages/host/scripts/printf-cases.mjs:
 * bash 5.2, `printf 'FMT\0' V...` for every format of the table), through the builtin, so its
 * own argument rules (strtold into a long double, strtoimax) are in the test too.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runHusk } from "./harness.js";

interface Table {
  readonly formats: string[];
  readonly values: string[];
  readonly bash: Record<string, string[]>;
}
const cases = JSON.parse(readFileSync(new URL("../../host/src/testing/printf-cases.json", import.meta.url), "utf8")) as { float: Table; int: Table };

const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

describe("printf builtin against bash", () => {
  for (const kind of ["float", "int"] as const) {
    it(`${kind} formats`, async () => {
      const t = cases[kind];
      const script = t.formats.map((f) => `printf ${q(`${f}\\0`)} ${t.values.map(q).join(" ")}; printf '\\n'`).join("\n");
      const lines = (await runHusk(script)).stdout.split("\n");
      const bad: [string, string, string, string][] = [];
      t.formats.forEach((f, k) => {
        const got = lines[k]!.split("\0");
        t.values.forEach((v, i) => {
          if (got[i] !== t.bash[f]![i]) bad.push([f, v, got[i]!, t.bash[f]![i]!]);
        });
      });
      expect(bad).toEqual([]);
    });
  }
});

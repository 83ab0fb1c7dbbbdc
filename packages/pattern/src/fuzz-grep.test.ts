import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileRegex } from "./index.js";

// Random ERE patterns (alternation, groups, repetition) checked against GNU grep -o -E.
const atom = fc.constantFrom("a", "b", "c", ".", "[ab]", "[^b]");
const quant = fc.constantFrom("", "", "*", "+", "?", "{1,2}");
const seq = (inner: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.array(fc.tuple(inner, quant).map(([a, q]) => a + q), { minLength: 1, maxLength: 3 }).map((x) => x.join(""));
const alt1 = fc.array(seq(atom), { minLength: 1, maxLength: 3 }).map((x) => x.join("|"));
const grp = alt1.map((x) => `(${x})`);
const top = fc.array(seq(fc.oneof(atom, grp)), { minLength: 1, maxLength: 2 }).map((x) => x.join("|"));
const subject = fc.array(fc.constantFrom("a", "b", "c", "ab", "ba"), { minLength: 1, maxLength: 8 }).map((x) => x.join(""));

const sh = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

describe("random EREs: leftmost-longest like GNU grep", () => {
  const cases = fc.sample(fc.tuple(top, subject), { numRuns: 400, seed: 42 });
  const script = cases.map(([p, s]) => `printf '%s\\n' ${sh(s)} | grep -o -E -e ${sh(p)}; echo @@`).join("\n");
  const real = execFileSync("bash", ["-c", script], { encoding: "utf8" }).split("@@\n");
  it("agrees on 400 random cases", () => {
    const bad: string[] = [];
    cases.forEach(([p, s], i) => {
      const re = compileRegex(p, { flavor: "ere" });
      const out: string[] = [];
      let from = 0;
      while (from <= s.length) {
        const m = re.exec(s, from);
        if (!m) break;
        if (m.end > m.start) out.push(s.slice(m.start, m.end));
        from = m.end > m.start ? m.end : m.start + 1;
      }
      const got = out.map((x) => `${x}\n`).join("");
      if (got !== real[i]) bad.push(`${p} on ${s}: want ${JSON.stringify(real[i])} got ${JSON.stringify(got)}`);
    });
    expect(bad).toEqual([]);
  });
});

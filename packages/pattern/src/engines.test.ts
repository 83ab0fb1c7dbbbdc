import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RegexCore, parseRegex } from "./regex.js";
import type { RegexFlavor } from "./regex.js";

// The JS fast path must agree with the automaton wherever it is used (README engine rule 1).
const atom = fc.constantFrom("a", "b", ".", "[ab]", "[^a]", "\\w", "x");
const quant = fc.constantFrom("", "", "*", "+", "?", "{1,2}", "{2}");
const piece = fc.tuple(atom, quant).map(([a, q]) => a + q);
const group = fc.array(piece, { minLength: 1, maxLength: 3 }).map((ps) => `(${ps.join("")})`);
const lit = fc.array(fc.constantFrom("a", "b", "x", "[ab]"), { minLength: 1, maxLength: 3 }).map((x) => x.join(""));
const altern = fc.array(lit, { minLength: 2, maxLength: 3 }).map((xs) => `(${xs.join("|")})`);
const item = fc.oneof(piece, piece, group, altern, fc.constantFrom("^", "$", "\\b"));
const pattern = fc.array(item, { minLength: 1, maxLength: 5 }).map((xs) => xs.join(""));
const subject = fc.array(fc.constantFrom("a", "b", "x", " ", "c"), { maxLength: 12 }).map((x) => x.join(""));

function run(core: RegexCore, s: string): unknown[] {
  const out: unknown[] = [];
  let from = 0;
  while (from <= s.length) {
    const m = core.exec(s, from, false, undefined);
    if (!m) break;
    out.push([m.start, m.end, m.groups]);
    from = m.end > m.start ? m.end : m.start + 1;
  }
  return [core.test(s, undefined), out];
}

describe("JS fast path agrees with the Pike VM", () => {
  it.each(["ere", "pcre"] as RegexFlavor[])("%s", (flavor) => {
    fc.assert(
      fc.property(pattern, subject, (p, s) => {
        const parsed = parseRegex(p, { flavor });
        const fast = new RegexCore(parsed, { flavor });
        const slow = new RegexCore(parsed, { flavor }, false);
        expect(run(fast, s)).toEqual(run(slow, s));
      }),
      { numRuns: 3000 },
    );
  });
});

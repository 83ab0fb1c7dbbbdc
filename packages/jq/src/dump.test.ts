import { describe, expect, it } from "vitest";
import { CHUNK, dump, dumpTo } from "./dump.js";
import type { Val } from "./value.js";
import { fromJS } from "./value.js";

/** A value nested `n` levels deep: {"k":[1,{"k":[1,...{}]}]}. */
function nested(n: number): Val {
  let v: unknown = {};
  for (let i = 0; i < n; i++) v = { k: [1, v], e: [] };
  return fromJS(v);
}

describe("dump", () => {
  // Integer-only values: JSON.stringify prints them as jq does (2-space pretty, no spaces compact).
  const cases: [string, number][] = [
    ["shallow (recursive writer)", 10],
    ["past the recursion depth (explicit stack)", 1100],
  ];
  for (const [name, depth] of cases) {
    it(name, () => {
      const v = nested(depth);
      const js = JSON.parse(dump(v, { indent: 0 }));
      expect(dump(v, { indent: 0 })).toBe(JSON.stringify(js));
      expect(dump(v)).toBe(JSON.stringify(js, null, 2));
      expect(dump(v, { tab: true })).toBe(JSON.stringify(js, null, "\t"));
      expect(dump(v, { indent: 0, sortKeys: true })).toBe(JSON.stringify(js, ["e", "k"]));
    });
  }
  it("prints containers past depth 10000 as <skipped: too deep>", () => {
    let v: Val = [];
    for (let i = 0; i < 10000; i++) v = [v];
    expect(dump(v, { indent: 0 }).includes("<skipped")).toBe(false);
    expect(dump([v], { indent: 0 }).includes("<skipped: too deep>")).toBe(true);
  });
  it("hands a large value to the sink in bounded flat chunks", () => {
    const v = fromJS(Array.from({ length: 40000 }, (_, i) => ({ id: i, name: `n${i}` })));
    const chunks: string[] = [];
    dumpTo(v, { indent: 0 }, (s) => chunks.push(s));
    expect(chunks.length).toBeGreaterThan(5);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(CHUNK + 100);
    expect(chunks.join("")).toBe(dump(v, { indent: 0 }));
  });
});

import { describe, expect, it } from "vitest";
import { JsonSplitter } from "./splitter.js";

describe("JsonSplitter", () => {
  const cases: [string, string[][], string][] = [
    ["one object in pieces", [['{"a":', '[1,"]}",', "2]}"]], '{"a":[1,"]}",2]}'],
    ["scalars and strings", [["1 2", ' "a\\"b"', " true"]], '1|2|"a\\"b"|true'],
    ["adjacent containers", [['[1][2]{"x":"{"}']], '[1]|[2]|{"x":"{"}'],
    ["scalar at end of input", [["[1] 42"]], "[1]|42"],
  ];
  for (const [name, runs, want] of cases) {
    it(name, () => {
      for (const chunks of runs) {
        const sp = new JsonSplitter();
        const got: string[] = [];
        for (const c of chunks) got.push(...sp.push(c));
        const rest = sp.end();
        if (rest) got.push(rest);
        expect(got.join("|")).toBe(want);
      }
    });
  }
});

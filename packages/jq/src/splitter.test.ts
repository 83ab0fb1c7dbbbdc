import { describe, expect, it } from "vitest";
import { JsonSplitter } from "./splitter.js";

describe("JsonSplitter", () => {
  const cases: [string, string[][], string][] = [
    ["one object in pieces", [['{"a":', '[1,"]}",', "2]}"]], '{"a":[1,"]}",2]}'],
    ["scalars and strings", [["1 2", ' "a\\"b"', " true"]], '1 |2 |"a\\"b"|true'],
    ["adjacent containers", [['[1][2]{"x":"{"}']], '[1]|[2]|{"x":"{"}'],
    ["scalar at end of input", [["[1] 42"]], "[1]|42"],
    ["scalar split across chunks", [["1", "23", " 4", "5"]], "123 |45"],
    ["scalar ended by a bracket", [["1[2]"]], "1|[2]"],
    ["string split after its escape", [['"a\\', '"b"', "[1", "]"]], '"a\\"b"|[1]'],
    ["unfinished text at end", [["[1,", "2"]], "[1,2"],
    ["blank input", [[" \n", "\t"]], ""],
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
  it("takes every chunk of one large document once (no quadratic rescans)", () => {
    const sp = new JsonSplitter();
    const piece = '{"a":[1,2,"x]"]},';
    const n = 20000;
    const got: string[] = [];
    got.push(...sp.push("["));
    for (let i = 0; i < n; i++) got.push(...sp.push(piece));
    got.push(...sp.push("0] 7"));
    got.push(sp.end());
    expect(got).toEqual([`[${piece.repeat(n)}0]`, "7"]);
  });
  it("reports where each text starts", () => {
    const sp = new JsonSplitter();
    sp.push("1\n  [2,\n3]");
    expect(sp.starts).toEqual([{ line: 1, col: 0, after: " " }, { line: 2, col: 2 }]);
    sp.push(' "a');
    expect(sp.push('"')).toEqual(['"a"']);
    expect(sp.starts).toEqual([{ line: 3, col: 3 }]);
    // a scalar cut at a quote: the quote is what follows it (jq reports `a"` there)
    expect(sp.push(' a"b" ')).toEqual(["a", '"b"']);
    expect(sp.starts).toEqual([{ line: 3, col: 7, after: '"' }, { line: 3, col: 8, after: " " }]);
  });
});

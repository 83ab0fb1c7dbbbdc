import { describe, expect, it } from "vitest";
import { jqOutputsMatch, parseJqTests } from "./jq-format.js";

const FILE = `# Tests are groups of three lines: program, input, expected output
# Blank lines and lines starting with # are ignored

.a
{"a":1}
1

.[]
[1,2]
1
2

%%FAIL
{(0):1}
jq: error: Cannot use number (0) as object key at <top-level>, line 1, column 3:
    {(0):1}

%%FAIL IGNORE MSG
. as $foo | break $foo
jq: error: whatever

.a
{"a":1}
1
`;

describe("parseJqTests", () => {
  const cases = parseJqTests(FILE);
  it("splits groups into program, input and expected lines", () => {
    expect(cases.map((c) => [c.program, c.input, c.expected, c.fail, c.ignoreMessage])).toEqual([
      [".a", '{"a":1}', ["1"], false, false],
      [".[]", "[1,2]", ["1", "2"], false, false],
      ["{(0):1}", undefined, ["jq: error: Cannot use number (0) as object key at <top-level>, line 1, column 3:", "    {(0):1}"], true, false],
      [". as $foo | break $foo", undefined, ["jq: error: whatever"], true, true],
      [".a", '{"a":1}', ["1"], false, false],
    ]);
  });
  it("names cases by line and program, unique", () => {
    expect(cases.map((c) => c.name)).toEqual([
      "line 4: .a",
      "line 8: .[]",
      "line 14: {(0):1}",
      "line 19: . as $foo | break $foo",
      "line 22: .a",
    ]);
  });
});

describe("jqOutputsMatch", () => {
  it.each([
    [["1"], ["1"], true],
    [["1.0"], ["1"], true],
    [['{"b":2,"a":1}'], ['{"a":1,"b":2}'], true],
    [["[1,2]"], ["[1, 2]"], true],
    [["1"], ["2"], false],
    [["1"], ["1", "2"], false],
    [["nan"], ["null"], false],
    [['"a"'], ["a"], false],
  ])("%j vs %j -> %s", (actual, expected, ok) => {
    expect(jqOutputsMatch(actual, expected)).toBe(ok);
  });
});

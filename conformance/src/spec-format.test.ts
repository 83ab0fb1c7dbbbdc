import { describe, expect, it } from "vitest";
import { expectationFor, parseSpecFile, wantsRecordedOracle } from "./spec-format.js";

const FILE = `## compare_shells: bash dash
## oracle: live

#### simple
echo hi
## stdout: hi

#### block and status
echo a
# a comment inside the script
echo b
## status: 2
## STDOUT:
a
b
## END
# a comment between metadata lines

## OK bash STDOUT:
x
## END
## OK bash status: 0
## N-I dash stdout-json: ""

#### json and stderr
printf x
## stdout-json: "x"
## STDERR:
e1
## END
## stderr-json: "e2"

#### code
## code: echo from-code
## status: 0

#### block ends at the next key line
true
## OK bash STDOUT:
a
## OK bash status: 1
## BUG-2 zsh STDOUT:
z
## END:

#### empty block
## STDOUT:
## END

#### recorded
echo x
## oracle: recorded
## tags: interactive

#### simple
echo dup
`;

describe("parseSpecFile", () => {
  const f = parseSpecFile(FILE);
  const byName = new Map(f.cases.map((c) => [c.name, c]));
  it("reads the file header", () => {
    expect(f.meta.compare_shells).toBe("bash dash");
    expect(f.cases.map((c) => c.name)).toEqual([
      "simple",
      "block and status",
      "json and stderr",
      "code",
      "block ends at the next key line",
      "empty block",
      "recorded",
      "simple (2)",
    ]);
  });
  it.each([
    ["simple", "echo hi\n", { stdout: "hi\n" }],
    ["block and status", "echo a\n# a comment inside the script\necho b\n", { stdout: "a\nb\n", status: 2 }],
    ["json and stderr", "printf x\n", { stdout: "x", stderr: "e2" }],
    ["code", "echo from-code\n", { status: 0 }],
    ["empty block", "", { stdout: "" }],
    ["simple (2)", "echo dup\n", {}],
  ])("case %s: script and default expectation", (name, script, expected) => {
    const c = byName.get(name)!;
    expect(c.script).toBe(script);
    expect(c.expected).toEqual(expected);
  });
  it("keeps per-shell variants and resolves the one for bash field by field", () => {
    const c = byName.get("block and status")!;
    expect(c.variants.map((v) => [v.qualifier, v.shells])).toEqual([
      ["OK", ["bash"]],
      ["N-I", ["dash"]],
    ]);
    expect(expectationFor(c, "bash")).toEqual({ stdout: "x\n", status: 0, qualifier: "OK" });
    expect(expectationFor(c, "dash")).toEqual({ stdout: "", status: 2, qualifier: "N-I" });
    expect(expectationFor(c, "mksh")).toEqual({ stdout: "a\nb\n", status: 2 });
    expect(expectationFor(byName.get("simple")!, "bash")).toEqual({ stdout: "hi\n", status: 0 });
  });
  it("ends a block without ## END at the next key line, as sh_spec.py does", () => {
    const c = byName.get("block ends at the next key line")!;
    expect(expectationFor(c, "bash")).toEqual({ stdout: "a\n", status: 1, qualifier: "OK" });
    expect(expectationFor(c, "zsh")).toEqual({ stdout: "z\n", status: 0, qualifier: "BUG" });
  });
  it("reads case metadata and the recorded-oracle marker", () => {
    const c = byName.get("recorded")!;
    expect(c.meta.tags).toBe("interactive");
    expect(c.script).toBe("echo x\n");
    expect(wantsRecordedOracle(f, c)).toBe(true);
    expect(wantsRecordedOracle(f, byName.get("simple")!)).toBe(false);
    expect(wantsRecordedOracle(parseSpecFile("## oracle: recorded\n#### a\ntrue\n"), parseSpecFile("#### a\ntrue\n").cases[0]!)).toBe(true);
  });
  it("rejects a bad status and a bad JSON string", () => {
    expect(() => parseSpecFile("#### a\ntrue\n## status: x\n")).toThrow(/line 3: status/);
    expect(() => parseSpecFile("#### a\ntrue\n## stdout-json: [1]\n")).toThrow(/stdout-json/);
  });
});

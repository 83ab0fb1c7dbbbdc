import { describe, expect, it } from "vitest";
import { isFlaky, parseKnownFailures, updatedKnownFailures } from "./known-failures.js";

describe("known-failures files", () => {
  it("reads names and reasons; '#' lines without a tab are comments, case names may start with '#'", () => {
    const kf = parseKnownFailures("# a comment\n\n#2640 Hanging\tflaky: timing\nplain case\nother\tneeds X\n");
    expect([...kf]).toEqual([
      ["#2640 Hanging", "flaky: timing"],
      ["plain case", "untriaged"],
      ["other", "needs X"],
    ]);
  });

  it("keeps flaky cases listed when they pass, drops other passing cases", () => {
    const old = new Map([
      ["f", "flaky: races"],
      ["p", "untriaged"],
    ]);
    const ran = [
      { name: "f", failed: false },
      { name: "p", failed: false },
      { name: "n", failed: true },
    ];
    expect([...updatedKnownFailures(old, ran, ["f", "p", "n"])]).toEqual([
      ["f", "flaky: races"],
      ["n", "untriaged"],
    ]);
    expect(isFlaky("flaky: x")).toBe(true);
    expect(isFlaky("untriaged")).toBe(false);
  });
});

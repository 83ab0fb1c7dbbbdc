import { describe, expect, it } from "vitest";
import { parseArithmetic } from "./arith.js";
import { ParseError } from "./errors.js";

/** The operator of a top-level binary or assignment node. */
function topOp(text: string): string | undefined {
  const e = parseArithmetic(text);
  return e.type === "ArithBinary" || e.type === "ArithAssign" ? e.op : undefined;
}

describe("arithmetic tokenizer", () => {
  it("reads the longest operator (bash: c<<=1 assigns, 1<=2 compares, a+++b is (a++)+b)", () => {
    expect(topOp("c<<=1")).toBe("<<=");
    expect(topOp("c>>=2")).toBe(">>=");
    expect(topOp("c&=3")).toBe("&=");
    expect(topOp("c|=4")).toBe("|=");
    expect(topOp("c^=1")).toBe("^=");
    expect(topOp("1<=2")).toBe("<=");
    expect(topOp("2>=3")).toBe(">=");
    expect(topOp("3!=3")).toBe("!=");
    expect(topOp("1==1")).toBe("==");
    expect(topOp("5&&0")).toBe("&&");
    expect(topOp("1||0")).toBe("||");
    const e = parseArithmetic("a+++b");
    expect(e.type === "ArithBinary" && e.op === "+" && e.left.type === "ArithPostfix").toBe(true);
  });

  it("scans numbers, names and subscripts with their spans", () => {
    const e = parseArithmetic(" s + m[$k] ", 10);
    expect(e).toEqual({
      type: "ArithBinary", start: 11, end: 20, op: "+",
      left: { type: "ArithVar", start: 11, end: 12, name: "s" },
      right: { type: "ArithVar", start: 15, end: 20, name: "m", index: "$k" },
    });
    expect(parseArithmetic("64#@_")).toEqual({ type: "ArithNumber", start: 0, end: 5, text: "64#@_" });
  });

  it("an unknown character is an invalid operator, with bash's error token", () => {
    expect(() => parseArithmetic("1 @ 2")).toThrow(ParseError);
    expect(() => parseArithmetic("1 @ 2")).toThrow('syntax error: invalid arithmetic operator (error token is "@ 2")');
  });
});

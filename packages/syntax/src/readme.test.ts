import { describe, expect, it } from "vitest";
import type { Node } from "./ast.js";
import { parse, ParseError, print, walk } from "./index.js";

describe("README example", () => {
  it("runs as documented", () => {
    const ast = parse('for f in *.txt; do wc -l "$f" | cut -d" " -f1; done > counts');
    const seen: string[] = [];
    walk(ast, (node: Node) => {
      if (node.type === "ParamExp") seen.push("uses $" + node.name);
    });
    expect(seen).toEqual(["uses $f"]);
    expect(print(ast)).toBe('for f in *.txt; do\n  wc -l "$f" | cut -d" " -f1\ndone > counts\n');
    let err: unknown;
    try {
      parse("if true; then echo hi; fi; fi");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ParseError);
    expect([(err as ParseError).line, (err as ParseError).message]).toEqual([1, "syntax error near unexpected token `fi'"]);
  });
});

import { describe, expect, it } from "vitest";
import { defineToken, ModalLexer } from "./lexer.js";

const WS = defineToken({ name: "WS", pattern: /[ \n]+/, skip: true });
const Num = defineToken({ name: "Num", pattern: /[0-9]+/ });
const Eq2 = defineToken({ name: "Eq2", pattern: "==" });
const Eq = defineToken({ name: "Eq", pattern: "=" });
const Open = defineToken({ name: "Open", pattern: "(", push: "inner" });
const Close = defineToken({ name: "Close", pattern: ")", pop: true });
const Word = defineToken({ name: "Word", pattern: /[a-z]+/ });
const lexer = new ModalLexer({ outer: [WS, Num, Eq2, Eq, Open, Close], inner: [WS, Word, Open, Close] }, "outer");
const kinds = (text: string) => lexer.tokenize(text).tokens.map((t) => `${t.tokenType.name}:${t.image}`);

describe("ModalLexer", () => {
  it("takes the first matching type in order, skips skipped ones, and tracks offsets, lines and columns", () => {
    const r = lexer.tokenize("12 ==\n 3=4");
    expect(r.errors).toEqual([]);
    expect(r.tokens.map((t) => [t.tokenType.name, t.image, t.startOffset, t.endOffset, t.startLine, t.startColumn])).toEqual([
      ["Num", "12", 0, 1, 1, 1],
      ["Eq2", "==", 3, 4, 1, 4],
      ["Num", "3", 7, 7, 2, 2],
      ["Eq", "=", 8, 8, 2, 3],
      ["Num", "4", 9, 9, 2, 4],
    ]);
  });

  it("switches modes on push and returns on pop, nesting", () => {
    expect(kinds("1 (ab (cd) ef) 2")).toEqual(["Num:1", "Open:(", "Word:ab", "Open:(", "Word:cd", "Close:)", "Word:ef", "Close:)", "Num:2"]);
    // Words do not exist in the outer mode: after the pop, `x` is a bad character.
    expect(lexer.tokenize("(a)x").errors.map((e) => [e.offset, e.length])).toEqual([[3, 1]]);
  });

  it("reports a pop with no mode to return to, and a run of unmatched characters once, then goes on", () => {
    const r = lexer.tokenize(") 1 @@ 2\n#");
    expect(r.errors.map((e) => [e.offset, e.length, e.line, e.column])).toEqual([
      [0, 1, 1, 1],
      [4, 2, 1, 5],
      [9, 1, 2, 1],
    ]);
    expect(r.tokens.map((t) => t.image)).toEqual([")", "1", "2"]);
  });

  it("lets a custom matcher see the tokens so far, and ignores empty matches", () => {
    const Slash = defineToken({ name: "Slash", pattern: { exec: (text, at, toks) => (text[at] === "/" && toks.length === 0 ? ["/re/"] : null) } });
    const Div = defineToken({ name: "Div", pattern: "/" });
    const Empty = defineToken({ name: "Empty", pattern: /x*/ });
    const l = new ModalLexer([Empty, Slash, Div, Word]);
    expect(l.tokenize("/re/").tokens.map((t) => t.tokenType.name)).toEqual(["Slash"]);
    expect(l.tokenize("a/b").tokens.map((t) => t.tokenType.name)).toEqual(["Word", "Div", "Word"]);
  });

  it("keeps no state between calls", () => {
    expect(kinds("(a")).toEqual(["Open:(", "Word:a"]);
    expect(kinds("1")).toEqual(["Num:1"]);
  });
});

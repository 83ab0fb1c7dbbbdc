/**
 * The errors of `[[ ]]` (issue 3): the lines GNU bash 5.2 prints (`bash -n`) for each, generated
 * from runs of bash on this machine. bash's cond parser (cond_term in parse.y) names the token
 * it stopped at, adds one "expected `)'" per open group, and prints nothing for a missing term.
 */
import { describe, expect, it } from "vitest";
import { ParseError, parse } from "./api.js";

function lines(src: string): readonly string[] {
  try {
    parse(src);
  } catch (e) {
    if (e instanceof ParseError && e.conditional) return e.lines.map((l) => `line ${e.line}: ${l}`);
    throw e;
  }
  throw new Error(`parsed: ${src}`);
}

describe("[[ ]] errors as bash 5.2 prints them", () => {
  it.each([
    ["[[ ! && ]]\n", ["line 1: unexpected token `&&' in conditional command"]],
    ["[[ ! ( ]]\n", ["line 1: expected `)'"]],
    ["[[ ! ]]\n", []],
    ["[[ && a ]]\n", ["line 1: unexpected token `&&' in conditional command"]],
    ["[[ ( ( a == b ) ]]\n", ["line 1: unexpected token `]]', expected `)'"]],
    ["[[ ( ) ]]\n", ["line 1: unexpected token `)' in conditional command", "line 1: expected `)'"]],
    ["[[ ( -n ) ]]\n", ["line 1: unexpected argument `)' to conditional unary operator", "line 1: expected `)'"]],
    ["[[ ( ]]\n", ["line 1: expected `)'"]],
    ["[[ ( a && ) ]]\n", ["line 1: unexpected token `)' in conditional command", "line 1: expected `)'"]],
    ["[[ ( a ( b ) ) ]]\n", ["line 1: unexpected token `(', conditional binary operator expected", "line 1: expected `)'"]],
    ["[[ ( a ) ) ]]\n", ["line 1: syntax error in conditional expression: unexpected token `)'"]],
    ["[[ ( a ) b ]]\n", ["line 1: syntax error in conditional expression"]],
    ["[[ ( a == b ! ) ]]\n", ["line 1: expected `)'"]],
    ["[[ ( a == b ( ) ]]\n", ["line 1: unexpected token `(', expected `)'"]],
    ["[[ ( a == b < ) ]]\n", ["line 1: unexpected token `<', expected `)'"]],
    ["[[ ( a == b ]]\n", ["line 1: unexpected token `]]', expected `)'"]],
    ["[[ ( a == b c ) ]]\n", ["line 1: expected `)'"]],
    ["[[ ( a ]]\n", ["line 1: unexpected token `]]', expected `)'"]],
    ["[[ ( a || ( b ) ]]\n", ["line 1: unexpected token `]]', expected `)'"]],
    ["[[ -n && ]]\n", ["line 1: unexpected argument `&&' to conditional unary operator"]],
    ["[[ -n && a ]]\n", ["line 1: unexpected argument `&&' to conditional unary operator"]],
    ["[[ -n ) ]]\n", ["line 1: unexpected argument `)' to conditional unary operator"]],
    ["[[ -n ]]\n", ["line 1: unexpected argument `]]' to conditional unary operator"]],
    ["[[ -z ) ]]\n", ["line 1: unexpected argument `)' to conditional unary operator"]],
    ["[[ ; ]]\n", ["line 1: unexpected token `;' in conditional command"]],
    ["[[ < a ]]\n", ["line 1: unexpected token `<' in conditional command"]],
    ["[[ ]]\n", []],
    ["[[ a && ( ]]\n", ["line 1: expected `)'"]],
    ["[[ a && ]]\n", []],
    ["[[ a && b ( ]]\n", ["line 1: unexpected token `(', conditional binary operator expected"]],
    ["[[ a ( b ) ]]\n", ["line 1: unexpected token `(', conditional binary operator expected"]],
    ["[[ a ) ]]\n", ["line 1: syntax error in conditional expression: unexpected token `)'"]],
    ["[[ a -eq ]]\n", ["line 1: unexpected argument `]]' to conditional binary operator"]],
    ["[[ a ; ]]\n", ["line 1: unexpected token `;', conditional binary operator expected"]],
    ["[[ a < ]]\n", ["line 1: unexpected argument `]]' to conditional binary operator"]],
    ["[[ a == && ]]\n", ["line 1: unexpected argument `&&' to conditional binary operator"]],
    ["[[ a == ) ]]\n", ["line 1: unexpected argument `)' to conditional binary operator"]],
    ["[[ a == ; ]]\n", ["line 1: unexpected argument `;' to conditional binary operator"]],
    ["[[ a == < ]]\n", ["line 1: unexpected argument `<' to conditional binary operator"]],
    ["[[ a == ]]\n", ["line 1: unexpected argument `]]' to conditional binary operator"]],
    ["[[ a == b ! ]]\n", ["line 1: syntax error in conditional expression"]],
    ["[[ a == b ) ]]\n", ["line 1: syntax error in conditional expression: unexpected token `)'"]],
    ["[[ a == b ; ]]\n", ["line 1: syntax error in conditional expression: unexpected token `;'"]],
    ["[[ a == b c ]]\n", ["line 1: syntax error in conditional expression"]],
    ["[[ a == | ]]\n", ["line 1: unexpected argument `|' to conditional binary operator"]],
    ["[[ a =~ ]]\n", ["line 1: unexpected argument `]]' to conditional binary operator"]],
    ["[[ a b ]]\n", ["line 1: conditional binary operator expected"]],
    ["[[ a | b ]]\n", ["line 1: unexpected token `|', conditional binary operator expected"]],
    ["[[ a || ]]\n", []],
    ["[[ a ==\n b ]]\n", ["line 1: unexpected argument `newline' to conditional binary operator"]],
    ["[[ a\n == b ]]\n", ["line 1: unexpected token `newline', conditional binary operator expected"]],
    ["[[ ( a\n ) ]]\n", ["line 1: unexpected token `newline', conditional binary operator expected", "line 1: expected `)'"]],
    ["[[ ( ( a\n ) ) ]]\n", ["line 1: unexpected token `newline', conditional binary operator expected", "line 1: expected `)'", "line 1: expected `)'"]],
    ["[[ -n\n x ]]\n", ["line 1: unexpected argument `newline' to conditional unary operator"]],
    ["[[ a =~\n x ]]\n", ["line 1: unexpected argument `newline' to conditional binary operator"]],
  ])("%j", (src, want) => {
    expect(lines(src)).toEqual(want);
  });
  it("a `!` after a unary operator is its operand (bash: `[[ -n ! ]]` is true)", () => {
    expect(() => parse("[[ -n ! ]]")).not.toThrow();
  });
});

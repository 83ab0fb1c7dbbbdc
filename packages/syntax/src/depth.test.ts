import { describe, expect, it } from "vitest";
import { parse, ParseError } from "./api.js";
import { parseArithmetic } from "./arith.js";

/** One nesting construct, `n` levels deep. */
const NESTED: Record<string, (n: number) => string> = {
  "$( )": (n) => "echo " + "$(".repeat(n) + "x" + ")".repeat(n),
  "( )": (n) => "( ".repeat(n) + "x" + " )".repeat(n),
  "{ }": (n) => "{ ".repeat(n) + "x; " + "}; ".repeat(n),
  "if": (n) => "if a; then ".repeat(n) + "x; " + "fi; ".repeat(n),
  "while": (n) => "while a; do ".repeat(n) + "x; " + "done; ".repeat(n),
  "for": (n) => "for a in b; do ".repeat(n) + "x; " + "done; ".repeat(n),
  "case": (n) => "case a in a) ".repeat(n) + "x;; " + "esac;; ".repeat(n - 1) + "esac",
  "$(( ( ) ))": (n) => "echo $((" + "(".repeat(n) + "1" + ")".repeat(n) + "))",
  "(( ( ) ))": (n) => "((" + "(".repeat(n) + "1" + ")".repeat(n) + "))",
  "[[ ( ) ]]": (n) => "[[ " + "( ".repeat(n) + "x" + " )".repeat(n) + " ]]",
  "[[ ! ]]": (n) => "[[ " + "! ".repeat(n) + "x ]]",
  "${x:-${x:-}}": (n) => "echo " + "${x:-".repeat(n) + "y" + "}".repeat(n),
  '"$("$( )")"': (n) => "echo " + '"$('.repeat(n) + "x" + ')"'.repeat(n),
  '"${x:-"${x:-}"}"': (n) => "echo " + '"${x:-'.repeat(n) + "y" + '}"'.repeat(n),
  "<( )": (n) => "cat " + "<(".repeat(n) + "x" + ")".repeat(n),
  "${a[$(( ))]}": (n) => "echo ${a[" + "$((".repeat(n) + "1" + "))".repeat(n) + "]}",
  "here-doc $( )": (n) => "cat <<E\n" + "$(".repeat(n) + "x" + ")".repeat(n) + "\nE\n",
  "backticks": (n) => {
    let s = "x";
    for (let i = 0; i < n; i++) s = "`" + s.replace(/[\\`]/g, (m) => "\\" + m) + "`";
    return "echo " + s;
  },
};

/** The message of the depth bound (not the out-of-stack safety net). */
const bound = (max: number) => `maximum nesting depth exceeded (maxDepth ${max})`;

function errorOf(src: string, opts?: { maxDepth?: number }): unknown {
  try {
    parse(src, opts);
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("nesting depth: the maxDepth bound stops every construct, with a ParseError", () => {
  const small = Object.entries(NESTED).filter(([name]) => name !== "backticks");
  it.each(small)("%s: 10 levels parse under maxDepth 40", (_name, mk) => {
    expect(errorOf(mk(10), { maxDepth: 40 })).toBeUndefined();
  });
  const bounded = small.filter(([name]) => !name.startsWith("$((") && !name.startsWith("(("));
  it.each(bounded)("%s: 41 levels exceed maxDepth 40", (_name, mk) => {
    const e = errorOf(mk(41), { maxDepth: 40 });
    expect(e).toBeInstanceOf(ParseError);
    expect((e as ParseError).message).toBe(bound(40));
  });
  it.each(bounded)("%s: 20,000 levels stop at the default bound (1000), not the JS stack", (_name, mk) => {
    const e = errorOf(mk(20_000));
    expect(e).toBeInstanceOf(ParseError);
    expect((e as ParseError).message).toBe(bound(1000));
  });
  it.each(["( )", "{ }", "if", "while", "for", "case", "${x:-${x:-}}", "[[ ( ) ]]"])("%s: 990 levels parse with the defaults", (name) => {
    expect(errorOf(NESTED[name]!(990))).toBeUndefined();
  });
  it("arithmetic parens past the bound: parsed at run time (as bash does), and bounded there", () => {
    // bash -n accepts any arithmetic text; the expression is left for run time...
    const ast = parse(NESTED["$(( ( ) ))"]!(20_000));
    expect(JSON.stringify(ast)).not.toContain("ArithGroup");
    // ...where parseArithmetic stops at its bound.
    const text = "(".repeat(20_000) + "1" + ")".repeat(20_000);
    expect(() => parseArithmetic(text)).toThrow(/nested too deeply/);
    expect(() => parseArithmetic("-".repeat(20_000) + "1")).toThrow(/nested too deeply/);
    expect(() => parseArithmetic("1?".repeat(20_000) + "1" + ":1".repeat(20_000))).toThrow(/nested too deeply/);
  });
  it("arithmetic nested inside other constructs shares their budget", () => {
    // 30 levels of braces leave 10 for the expression: it is then left for run time.
    const src = "{ ".repeat(30) + "echo $((" + "(".repeat(15) + "1" + ")".repeat(15) + ")); " + "}; ".repeat(30);
    expect(JSON.stringify(parse(src, { maxDepth: 40 }))).not.toContain("ArithGroup");
    expect(JSON.stringify(parse(src, { maxDepth: 60 }))).toContain("ArithGroup");
  });
  it("backticks nest (each level doubles the escapes) up to the bound", () => {
    expect(errorOf(NESTED.backticks!(8), { maxDepth: 40 })).toBeUndefined();
    expect((errorOf(NESTED.backticks!(12), { maxDepth: 20 }) as ParseError).message).toBe(bound(20));
  });
  it("long flat chains are not nesting", () => {
    for (const src of [Array(20_000).fill("x").join(" | "), Array(20_000).fill("x").join(" && "), "! ".repeat(20_000) + "x"]) {
      expect(errorOf(src)).toBeUndefined();
    }
  });
});

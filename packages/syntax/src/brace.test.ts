import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { Word, WordPart } from "./ast.js";
import { parse } from "./api.js";
import { braceExpand } from "./brace.js";
import { walk } from "./walk.js";
import { wordParts } from "./word.js";

const WORDS = [
  "a{b,c}d", "{a,b}{1,2}", "{1..5}", "{1..10..3}", "{5..1}", "{01..10}", "{-3..3}", "{a..e}", "{e..a..2}",
  "{a}", "{}", "x{a,{b,c}}y", "{a,}", "'{a,b}'", "\"{a,b}\"{c,d}", "\\{a,b}", "{a..5}", "{1..3}{x,y}",
  "pre{,1}", "{a{b,c}", "{{a,b}}", "a,b", "{1..3..-1}", "{-05..5..5}",
];

/** The value of a word with only literal and quoted text. */
function text(parts: readonly WordPart[]): string {
  return parts.map((p) => (p.type === "Literal" || p.type === "SingleQuoted" || p.type === "Escaped" ? p.value : p.type === "DoubleQuoted" ? text(p.parts) : "?")).join("");
}

describe("braceExpand matches bash", () => {
  const script = WORDS.map((w) => `printf '%s\\n' ${w}; echo ---`).join("\n");
  const bash = spawnSync("bash", ["-c", script], { encoding: "utf8" }).stdout.split("---\n");
  WORDS.forEach((w, i) => {
    it(w, () => {
      const cmd = parse(`printf '%s\\n' ${w}`).body[0]!.command;
      if (cmd.type !== "SimpleCommand") throw new Error("expected a simple command");
      // Empty unquoted words (`{a,}`) are dropped later by the interpreter, as bash does.
      const words = cmd.words.slice(2).flatMap((x: Word) => braceExpand(x)).filter((x) => wordParts(x).length > 0);
      expect(words.map((x) => text(wordParts(x)) + "\n").join("")).toBe(bash[i]);
    });
  });
});

describe("walk", () => {
  it("visits every node in source order, with parents; false prunes", () => {
    const ast = parse('if a; then echo "${x:-$(b)}"; fi');
    const types: string[] = [];
    walk(ast, (n) => void types.push(n.type));
    expect(types.filter((t) => t === "SimpleCommand")).toHaveLength(3);
    expect(types.indexOf("CommandSub")).toBeGreaterThan(types.indexOf("ParamExp"));
    const pruned: string[] = [];
    walk(ast, (n) => (pruned.push(n.type), n.type !== "If"));
    expect(pruned).toEqual(["Script", "Statement", "If"]);
  });
});

/**
 * Here-documents opened inside a command substitution inside a double-quoted word, and the
 * warnings bash prints for here-documents (issue 3). Each expectation was compared with GNU
 * bash 5.2 on this machine: running the script for which body goes where, `bash -n` for the
 * warnings (`NAME: line L: warning: MESSAGE`).
 */
import { describe, expect, it } from "vitest";
import { Parser, parse } from "./api.js";
import type { HereDoc } from "./ast.js";
import { walk } from "./walk.js";
import { roundTrip } from "./roundtrip.test-util.js";
import { wordParts } from "./word.js";

/** The here-doc bodies in a parse of `src`, by delimiter. */
function bodies(src: string): Record<string, string> {
  const out: Record<string, string> = {};
  walk(parse(src), (n) => {
    if (n.type === "HereDoc") out[n.delimiter] = text(n);
    return true;
  });
  return out;
}
const text = (hd: HereDoc): string => wordParts(hd.body).map((p) => ("value" in p ? p.value : `<${p.type}>`)).join("");

/** What `bash -n` prints on stderr for `src`, as this parser's warnings and errors (named `f`). */
function bashN(src: string): string[] {
  const out: string[] = [];
  const p = new Parser(src, { onWarning: (w) => out.push(`f: line ${w.line}: warning: ${w.message}`) });
  for (;;) {
    try {
      if (p.next() === undefined) break;
    } catch (e) {
      out.push(`f: line ${(e as { line: number }).line}: ${(e as Error).message}`);
    }
  }
  return out;
}

describe("a here-doc in $( ) or backticks inside double quotes", () => {
  it.each([
    ['echo "$(cat <<E\nhi\nE\n)"\n', { E: "hi\n" }],
    ["x=\"$(cat <<'E'\n$y\nE\n)\"\n", { E: "$y\n" }],
    ['echo "`cat <<E\nhi\nE\n`"\n', { E: "hi\n" }],
    ['echo "$(cat <<E\na ) b "q"\nE\n)"\n', { E: 'a ) b "q"\n' }],
    ['x="${y:-$(cat <<E\nin param\nE\n)}"\n', { E: "in param\n" }],
  ])("%j has the bodies %o and round-trips", (src, want) => {
    expect(bodies(src)).toEqual(want);
    const rt = roundTrip(src)!;
    expect(rt.again).toEqual(rt.ast);
  });
  it("the body after the line: a substitution's here-docs are read before the line's own", () => {
    // bash runs `cat <<A; echo "$(cat <<C)"` with C = "1", A = "2".
    expect(bodies('cat <<A; echo "$(cat <<C)"\n1\nC\n2\nA\n')).toEqual({ A: "2\n", C: "1\n" });
    // C = "1", D = "2", A = "3", B = "4".
    expect(bodies('cat <<A; echo "$(cat <<C)" "$(cat <<D)"; cat <<B\n1\nC\n2\nD\n3\nA\n4\nB\n')).toEqual({ A: "3\n", B: "4\n", C: "1\n", D: "2\n" });
    // C = "1", D = "2\nA\n3", A = "4\nB\necho end\n" (to end of file), B empty.
    const s = 'echo "$(cat <<C)"; cat <<A; echo "$(cat <<D)"; cat <<B\n1\nC\n2\nA\n3\nD\n4\nB\necho end\n';
    expect(bodies(s)).toEqual({ A: "4\nB\necho end\n", B: "", C: "1\n", D: "2\nA\n3\n" });
    const rt = roundTrip(s)!;
    expect(rt.again).toEqual(rt.ast);
  });
});

describe("here-document warnings (bash -n)", () => {
  it.each([
    ["echo 1\ncat <<E\nhi\n", ["f: line 3: warning: here-document at line 2 delimited by end-of-file (wanted `E')"]],
    ["echo 1\ncat <<E\nhi\n\n\n", ["f: line 5: warning: here-document at line 2 delimited by end-of-file (wanted `E')"]],
    ["cat <<E; echo 2\nhi", ["f: line 2: warning: here-document at line 1 delimited by end-of-file (wanted `E')"]],
    ["cat <<A <<B\na\nA\nb\n", ["f: line 4: warning: here-document at line 3 delimited by end-of-file (wanted `B')"]],
    [
      'echo "$(cat <<E)"\nhi\n',
      ["f: line 1: warning: command substitution: 1 unterminated here-document", "f: line 2: warning: here-document at line 1 delimited by end-of-file (wanted `E')"],
    ],
    ["x=$(cat <<E \\\n)\nhi\nE\n", ["f: line 2: warning: command substitution: 1 unterminated here-document"]],
    [
      'cat <<A <<B; echo "$(cat <<C <<D)"\n',
      [
        "f: line 1: warning: command substitution: 2 unterminated here-documents",
        "f: line 1: warning: here-document at line 1 delimited by end-of-file (wanted `C')",
        "f: line 1: warning: here-document at line 1 delimited by end-of-file (wanted `D')",
        "f: line 1: warning: here-document at line 1 delimited by end-of-file (wanted `A')",
        "f: line 1: warning: here-document at line 1 delimited by end-of-file (wanted `B')",
      ],
    ],
    [
      // bash has read C's body when it reaches the second `)`: it names C's delimiter line.
      'echo "$(cat <<C)" "$(cat <<D)" "$(cat <<F)"\n1\nC\n2\nD\n3\nF\n',
      [
        "f: line 1: warning: command substitution: 1 unterminated here-document",
        "f: line 3: warning: command substitution: 1 unterminated here-document",
        "f: line 5: warning: command substitution: 1 unterminated here-document",
      ],
    ],
    // bash parses a backtick's text when it runs it: `bash -n` does not warn.
    ['echo "`cat <<E`"\nx\n', []],
    // The warning comes before the error of the same line.
    ["f() {\ncat <<E\n}\n", ["f: line 3: warning: here-document at line 2 delimited by end-of-file (wanted `E')", "f: line 4: syntax error: unexpected end of file"]],
    [
      'x=$(cat <<E\nhi\n)\necho "[$x]"\n',
      ["f: line 4: warning: here-document at line 1 delimited by end-of-file (wanted `E')", "f: line 5: unexpected EOF while looking for matching `)'"],
    ],
    ["cat <<E\nhi\nE\n", []],
  ])("%j", (src, want) => {
    expect(bashN(src)).toEqual(want);
  });
  it("parse() reports them too", () => {
    const seen: string[] = [];
    parse("cat <<E\n", { onWarning: (w) => seen.push(`${w.line}: ${w.message}`) });
    expect(seen).toEqual(["1: here-document at line 1 delimited by end-of-file (wanted `E')"]);
  });
});

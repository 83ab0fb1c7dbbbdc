import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { compileRegex } from "./index.js";

// Oniguruma (jq's regex) compared with jq 1.6's match(re; "g" + flags): offsets, lengths, captures.
const cases: [string, string, string][] = [
  ["foo bar foo", "foo", ""],
  ["aXbxc", "x", "i"],
  ["abc", "(?<first>a)(b)?", ""],
  ["a1b22", "\\d+", ""],
  ["ab", "a|ab", ""],
  ["hello", "l+?", ""],
  ["a\nb", "^b", ""],
  ["x\ny\n", "y$", ""],
  ["y\nx", "y$", ""],
  ["a\nb", "a.b", ""],
  ["a hb", "\\h", ""],
  ["AB", "(?i)ab", ""],
  ["a{,2}", "a{,2}", ""],
  ["aaa", "a{2}?", ""],
  ["ab  cd", "b \\s+ c", "x"],
  ["2023-01-05", "(?<y>\\d{4})-(?<m>\\d\\d)-(?<d>\\d\\d)", ""],
  ["foo.bar", "\\.", ""],
  ["aaa", "(a)(?=a)", ""],
  ["xaybz", "(?<=a|b)\\w", ""],
  ["abcabc", "(abc)\\1", ""],
  ["tic-tac-toe", "t(?!a)\\w", ""],
  ["mississippi", "(ss)+", ""],
  ["café latte", "\\w+", ""],
  ["a.b|c", "[.|]", ""],
  ["Hello World", "[[:upper:]]", ""],
  ["tab\there", "\\t", ""],
  ["x=1, y=22", "(\\w)=(\\d+)", ""],
  // Unicode classes: a combining mark is in a word, \d and \s are Unicode
  ["a\u0304 two", ".+?\\b", ""],
  ["a\u0304b c", "\\B.", ""],
  ["x\u0663y_\u203f ab", "\\w+", ""],
  ["\u0663 \u00a0x\u2003", "\\d|[\\s]", ""],
];

function viaJq(): unknown[] {
  const script = cases
    .map(
      ([s, r, f]) =>
        `jq -nc --arg s ${sh(s)} --arg r ${sh(r)} --arg f ${sh(`g${f}`)} '[$s | match($r; $f) | [.offset, .length, (.captures | map([.offset, .length]))]]' 2>&1`,
    )
    .join("\n");
  return execFileSync("bash", ["-c", script], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}
const sh = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

function ours(s: string, r: string, f: string): unknown[] {
  const re = compileRegex(r, { flavor: "onig", ignoreCase: f.includes("i"), extended: f.includes("x") });
  const out: unknown[] = [];
  let from = 0;
  while (from <= s.length) {
    const m = re.exec(s, from);
    if (!m) break;
    out.push([m.start, m.end - m.start, m.groups.map((g) => (g ? [g[0], g[1] - g[0]] : [-1, 0]))]);
    from = m.end > m.start ? m.end : m.start + 1;
  }
  return out;
}

describe("onig flavor matches jq 1.6", () => {
  const want = viaJq();
  it.each(cases.map((c, i) => [c, want[i]] as const))("%j", ([s, r, f], w) => {
    expect(ours(s, r, f)).toEqual(w);
  });
});

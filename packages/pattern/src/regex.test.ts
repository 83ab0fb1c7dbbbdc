import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { type RegexFlavor, RegexError, compileRegex } from "./index.js";

/** All non-empty matches, iterated as `grep -o` does. */
function allMatches(flavor: RegexFlavor, pattern: string, line: string, ignoreCase = false): string[] {
  const re = compileRegex(pattern, { flavor, ignoreCase });
  const out: string[] = [];
  let from = 0;
  while (from <= line.length) {
    const m = re.exec(line, from);
    if (!m) break;
    if (m.end > m.start) out.push(line.slice(m.start, m.end));
    from = m.end > m.start ? m.end : m.start + 1;
  }
  return out;
}

type Case = [flag: "-G" | "-E" | "-P", pattern: string, input: string, icase?: boolean];
const cases: Case[] = [
  ["-G", "ab\\|abcd", "abcd"],
  ["-E", "ab|abcd", "xabcdab"],
  ["-E", "(a|ab)(c|bcd)", "abcd"],
  ["-G", "a*", "baaa"],
  ["-G", "\\(ab\\)*c", "ababcabc"],
  ["-E", "x+y?", "xxxyxx"],
  ["-E", "[[:digit:]]+", "a12b345"],
  ["-E", "[^[:alpha:] ]+", "ab 12 ?!"],
  ["-G", "[]a]\\+", "]a]b"],
  ["-G", "[^]a]\\+", "]a]bcd"],
  ["-E", "a{2,3}", "aaaaaaa"],
  ["-G", "a\\{2\\}", "aaaaa"],
  ["-E", "a{,2}b", "aaab"],
  ["-G", "\\<w", "wow two"],
  ["-G", "o\\>", "two oo o"],
  ["-G", "\\bt", "two tt"],
  ["-G", "\\Bw", "twow"],
  ["-G", "\\w\\+", "foo_bar-baz"],
  ["-G", "\\W", "a-b c"],
  ["-G", "\\s\\S", "a b\tc"],
  ["-G", "*a", "**a"],
  ["-G", "\\(*a\\)", "*a"],
  ["-E", "a|b|", "cab"],
  ["-E", "()a", "ba"],
  ["-G", "\\(a\\)\\1", "aaaa"],
  ["-E", "(a+)b\\1", "aabaa aba"],
  ["-G", "\\(.\\)\\1", "abccdeef"],
  ["-E", "(ab|a)(bc|c)?", "abc"],
  ["-E", "(a*)(ab)*b", "aabb"],
  ["-G", "a.c", "abcaxc"],
  ["-G", "^ab", "abab"],
  ["-G", "ab$", "abab"],
  ["-G", "a^b", "a^b"],
  ["-G", "a$b", "a$b"],
  ["-E", "a{1", "a{1"],
  ["-E", "a{", "a{"],
  ["-E", "[a-c]+", "abcdcba"],
  ["-G", "[[:upper:]]", "aBc", true],
  ["-G", "abc", "xABCx", true],
  ["-E", "[a-z]+", "Hello World", true],
  ["-G", "é", "café"],
  ["-G", "[[:alpha:]]\\+", "naïve café"],
  ["-E", "(foo|foobar)baz", "foobarbaz"],
  ["-E", "(a|ab)*c", "abababc"],
  ["-E", "x*", "axxb"],
  ["-P", "a+?", "aaa"],
  ["-P", "(ab|a)(bc|c)?", "abc"],
  ["-P", "\\d+", "a12b345"],
  ["-P", "(?<=a)b", "abcb"],
  ["-P", "b(?!c)", "abcbd"],
  ["-P", "(?i)abc", "xABCx"],
  ["-P", "(\\w)\\1", "hello"],
  ["-P", "[\\d-]+", "a1-2b"],
  ["-P", "\\bfoo\\b", "foo foobar foo"],
  ["-P", "(?:ab)+", "ababa"],
  ["-P", "a.*?b", "aXbYb"],
  ["-P", "\\x41", "ABA"],
];

function realGrep(cs: Case[]): string[][] {
  const script = cs
    .map(([f, p, input, ic]) => `printf '%s\\n' ${sh(input)} | grep -o ${ic ? "-i " : ""}${f} -e ${sh(p)} 2>/dev/null; echo "@@END"`)
    .join("\n");
  const out = execFileSync("bash", ["-c", script], { encoding: "utf8", env: { ...process.env, LC_ALL: "C.UTF-8" } });
  return out
    .split("@@END\n")
    .slice(0, cs.length)
    .map((b) => (b === "" ? [] : b.replace(/\n$/, "").split("\n")));
}
const sh = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;
const flavorOf = (f: string): RegexFlavor => (f === "-G" ? "bre" : f === "-E" ? "ere" : "pcre");

describe("regex matches like GNU grep -o", () => {
  const expected = realGrep(cases);
  it.each(cases.map((c, i) => [c, expected[i]!] as const))("%j", (c, want) => {
    expect(allMatches(flavorOf(c[0]), c[1], c[2], c[3])).toEqual(want);
  });
});

describe("compile errors use GNU messages", () => {
  const bad: [RegexFlavor, string, string][] = [
    ["bre", "\\(a", "Unmatched ( or \\("],
    ["bre", "a\\)", "Unmatched ) or \\)"],
    ["ere", "(a", "Unmatched ( or \\("],
    ["bre", "a\\{1", "Unmatched \\{"],
    ["bre", "[a", "Unmatched [, [^, [:, [., or [="],
    ["ere", "a{2,1}", "Invalid content of \\{\\}"],
    ["bre", "[[:foo:]]", "Invalid character class name"],
    ["bre", "[b-a]", "Invalid range end"],
    ["bre", "\\(a\\)\\2", "Invalid back reference"],
    ["bre", "a\\", "Trailing backslash"],
  ];
  const script = bad.map(([f, p]) => `echo x | grep ${f === "bre" ? "-G" : "-E"} -e ${sh(p)} 2>&1; echo "@@END"`).join("\n");
  const real = execFileSync("bash", ["-c", script], { encoding: "utf8" }).split("@@END\n");
  it.each(bad.map((b, i) => [b, real[i]!] as const))("%j", ([f, p, msg], realOut) => {
    expect(realOut).toBe(`grep: ${msg}\n`);
    expect(() => compileRegex(p, { flavor: f })).toThrow(RegexError);
    expect(() => compileRegex(p, { flavor: f })).toThrow(msg);
  });
});

describe("catastrophic patterns stay linear", () => {
  const a = "a".repeat(50_000);
  it.each([
    ["ere", "(a+)+$"],
    ["ere", "(a|aa)*b"],
    ["pcre", "(a+)+$"],
    ["pcre", "(a|aa)*b"],
    ["ere", "(a*)*b"],
    ["bre", "\\(a*\\)*b"],
    ["ere", "(.*a){12}x"],
  ] as [RegexFlavor, string][])("%s %s on 50,000 a's", (flavor, p) => {
    const re = compileRegex(p, { flavor });
    re.test(`${a}!`);
    re.exec(`${a}!`);
    expect(true).toBe(true);
  });
});

describe("affordableLine (lineMode engine choice by line length)", () => {
  it("is finite and monotone for a repetition, Infinity where the line length does not matter", () => {
    const star = compileRegex("user1[0-9]* buy", { flavor: "bre", lineMode: true });
    const big = star.affordableLine(10_000_000);
    const small = star.affordableLine(100_000);
    expect(Number.isFinite(big)).toBe(true);
    expect(big).toBeGreaterThan(0);
    expect(small).toBeGreaterThan(big);
    // the answer searches like the exact longest line: both find the same start
    const text = "x\nuser12 buy\n";
    expect(star.searchStart(text, 0, { maxLineLength: star.affordableLine(text.length) })).toBe(2);
    expect(compileRegex("user1 buy", { flavor: "bre", lineMode: true }).affordableLine(1e7)).toBe(Number.POSITIVE_INFINITY);
    expect(compileRegex("user1[0-9]* buy", { flavor: "bre" }).affordableLine(1e7)).toBe(Number.POSITIVE_INFINITY);
  });
});

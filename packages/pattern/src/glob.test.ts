import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { compileGlob, escapeGlob, hasGlobMeta } from "./index.js";

const sh = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

// [pattern, subject]: compared with bash's [[ s == pat ]], ${s#pat} ${s##pat} ${s%pat} ${s%%pat} ${s/pat/<>}
const cases: [string, string][] = [
  ["*", "abc"],
  ["a*", "abc"],
  ["*c", "abc"],
  ["a?c", "abc"],
  ["a\\*c", "a*c"],
  ["a\\*c", "abc"],
  ["[ab]*", "bcd"],
  ["[!ab]*", "bcd"],
  ["[^ab]*", "cd"],
  ["[[:digit:]]*", "1ab"],
  ["[a-c]", "b"],
  ["[]]", "]"],
  ["[", "["],
  ["a[", "a["],
  ["*.txt", "notes.txt"],
  ["*/*", "a/b/c"],
  ["?(a|b)c", "ac"],
  ["?(a|b)c", "c"],
  ["*(ab)", "ababab"],
  ["+(ab)x", "abx"],
  ["+(ab)x", "x"],
  ["@(foo|bar).c", "bar.c"],
  ["!(foo).c", "foo.c"],
  ["!(foo).c", "baz.c"],
  ["!(*.c)", "x.h"],
  ["*(a|b)c*", "ababcdd"],
  ["a*b*c", "aXbYbZc"],
  ["*a*", "banana"],
  ["b*a", "banana"],
  ["?", "xyz"],
  ["*/", "a/b/"],
  ["[[:upper:]]", "q"],
  ["*@(.tar|.gz)", "x.tar.gz"],
];

function bashResults(): string[][] {
  const script = cases
    .map(([p, s]) => {
      const P = "$p";
      return `p=${sh(p)}; s=${sh(s)}; [[ $s == ${P} ]] && echo Y || echo N; echo "\${s#${P}}"; echo "\${s##${P}}"; echo "\${s%${P}}"; echo "\${s%%${P}}"; echo "\${s/${P}/<>}"; echo @@`;
    })
    .join("\n");
  const out = execFileSync("bash", ["-O", "extglob", "-c", script], { encoding: "utf8" });
  return out.split("@@\n").slice(0, cases.length).map((b) => b.split("\n").slice(0, 6));
}

function ours(p: string, s: string): string[] {
  const g = compileGlob(p, { extglob: true });
  const pre = (longest: boolean): string => {
    const n = g.matchPrefix(s, longest);
    return n < 0 ? s : s.slice(n);
  };
  const suf = (longest: boolean): string => {
    const n = g.matchSuffix(s, longest);
    return n < 0 ? s : s.slice(0, n);
  };
  const m = g.search(s, 0);
  return [g.matches(s) ? "Y" : "N", pre(false), pre(true), suf(false), suf(true), m ? `${s.slice(0, m.start)}<>${s.slice(m.end)}` : s];
}

describe("globs match like bash", () => {
  const real = bashResults();
  it.each(cases.map((c, i) => [c, real[i]!] as const))("%j", ([p, s], want) => {
    expect(ours(p, s)).toEqual(want);
  });
});

describe("glob helpers", () => {
  it("hasGlobMeta", () => {
    expect(hasGlobMeta("abc")).toBe(false);
    expect(hasGlobMeta("a*")).toBe(true);
    expect(hasGlobMeta("a\\*")).toBe(false);
    expect(hasGlobMeta("[ab]")).toBe(true);
    expect(hasGlobMeta("@(a)")).toBe(false);
    expect(hasGlobMeta("@(a)", true)).toBe(true);
  });
  it("escapeGlob round-trips literals", () => {
    for (const s of ["a*b", "[x]", "q?", "\\", "!(x)"]) expect(compileGlob(escapeGlob(s), { extglob: true }).matches(s)).toBe(true);
  });
  it("pathname: * stops at /, leading dot needs dotglob", () => {
    expect(compileGlob("*", { pathname: true }).matches("a/b")).toBe(false);
    expect(compileGlob("*", { pathname: true }).matches(".x")).toBe(false);
    expect(compileGlob("*", { pathname: true, dotglob: true }).matches(".x")).toBe(true);
    expect(compileGlob("A*", { nocase: true }).matches("abc")).toBe(true);
  });
  it("no blow-up on many stars", () => {
    const g = compileGlob("*a*a*a*a*a*a*a*a*b");
    expect(g.matches("a".repeat(5000))).toBe(false);
  });
});

describe("glob search stays linear", () => {
  it("global replacement over a long string", () => {
    const s = "hello world ".repeat(5000);
    for (const p of ["[aeiou]", "l?o", "@(he|wo)"]) {
      const g = compileGlob(p, { extglob: true });
      let n = 0;
      let from = 0;
      for (;;) {
        const m = g.search(s, from);
        if (!m) break;
        n++;
        from = m.end > m.start ? m.end : m.start + 1;
      }
      expect(n).toBeGreaterThan(4000);
    }
  });
});

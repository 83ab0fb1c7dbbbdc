import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse, ParseError, print, stripSpans } from "./api.js";
import { roundTrip } from "./roundtrip.test-util.js";

/** The Oils spec corpus case scripts (empty when the corpus is not on this machine). */
function corpusScripts(): string[] {
  const dir = "/work/shared/corpora/oils/spec";
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".test.sh")).sort()) {
    out.push(...readFileSync(join(dir, f), "utf8").split(/^#### .*$/m).slice(1));
  }
  return out;
}

/** Parsing either returns a Script or throws a ParseError: never anything else. */
function parsesOrParseError(src: string): boolean {
  try {
    parse(src, { maxDepth: 200 });
    return true;
  } catch (e) {
    if (e instanceof ParseError) return true;
    throw e;
  }
}

const CHARS = [..."abcx01 \t\n;&|()<>{}[]$`'\"\\#=!*?@+-~%/^,:.", "$(", "${", "$((", "<<", "EOF", "if ", "then ", "fi", "do ", "done", "case ", " in ", "esac", "[[ ", " ]]", "(("];
const SEEDS = [
  "echo hi \"$x\" ${y:-z} $(cmd | grep a) `b` $((1+2))",
  "if a; then b; elif c; then d; else e; fi",
  "for i in 1 2; do echo $i; done; while x; do :; done",
  "case $x in a|b) echo;; *) ;; esac",
  "f() { local a=(1 2); echo ${a[@]}; } >out 2>&1",
  "cat <<EOF\n$x\nEOF\n[[ -f a && $b =~ ^(x|y)$ ]]; (( i++ ))",
];

describe("fuzz: random and mutated input yields an AST or a ParseError", () => {
  it("random token soup", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { maxLength: 60 }), (toks) => parsesOrParseError(toks.join(""))),
      { seed: 42, numRuns: 3000 },
    );
  });
  it("mutated valid scripts", () => {
    const mutation = fc.tuple(fc.constantFrom(...SEEDS), fc.nat(), fc.nat({ max: 8 }), fc.constantFrom(...CHARS), fc.constantFrom("delete", "insert", "duplicate"));
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (muts) => {
        let src = muts[0]![0];
        for (const [, at, len, ins, kind] of muts) {
          const i = at % (src.length + 1);
          if (kind === "delete") src = src.slice(0, i) + src.slice(i + len);
          else if (kind === "insert") src = src.slice(0, i) + ins + src.slice(i);
          else src = src.slice(0, i) + src.slice(i, i + len) + src.slice(i);
        }
        return parsesOrParseError(src);
      }),
      { seed: 7, numRuns: 3000 },
    );
  });
  const corpus = corpusScripts();
  it.skipIf(corpus.length === 0)("mutated corpus scripts (AST or ParseError; what parses round-trips)", () => {
    const mutation = fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.constantFrom(...CHARS), fc.constantFrom("delete", "insert", "duplicate"));
    fc.assert(
      fc.property(fc.nat({ max: corpus.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (which, muts) => {
        let src = corpus[which]!;
        for (const [at, len, ins, kind] of muts) {
          const i = at % (src.length + 1);
          if (kind === "delete") src = src.slice(0, i) + src.slice(i + len);
          else if (kind === "insert") src = src.slice(0, i) + ins + src.slice(i);
          else src = src.slice(0, i) + src.slice(i, i + len) + src.slice(i);
        }
        const rt = roundTrip(src);
        if (rt) expect(rt.again).toEqual(rt.ast);
      }),
      { seed: 11, numRuns: 1500 },
    );
  });
  it("text read twice is not re-parsed at every level (no exponential time)", () => {
    // Each level is read as arithmetic first, then as `$( (`; `declare` reads its arguments
    // as an assignment and as a word. Without memoizing, 40 levels would take hours.
    let a = "x";
    let b = "x";
    for (let i = 0; i < 40; i++) {
      a = "$((" + a + ") )";
      b = "$(declare a=" + b + ")";
    }
    expect(parse("echo " + a).body).toHaveLength(1);
    expect(parse("declare a=" + b).body).toHaveLength(1);
  });
  it("hostile nesting stays bounded", () => {
    for (const open of ["(", "{ ", "$(", "if a; then ", "[[ ( ", "$((", "${x:-", "\"$(", "`", "case a in a) "]) {
      expect(parsesOrParseError(open.repeat(3000))).toBe(true);
    }
  });
});

// A small grammar of scripts for the round-trip property.
const name = fc.constantFrom("a", "x", "foo", "i");
const lit = fc.constantFrom("echo", "ls", "-l", "a.txt", "*.c", "x=", "1", "{a,b}", "a\\ b", "~/d");
const part = fc.oneof(
  lit,
  name.map((n) => `$${n}`),
  name.map((n) => `\${${n}:-d}`),
  name.map((n) => `\${#${n}}`),
  name.map((n) => `\${${n}//a/b}`),
  fc.constantFrom("'s q'", '"d $x q"', "$'a\\tb'", "$((1 + 2))", "$(echo in)", "`echo bt`"),
);
const word = fc.array(part, { minLength: 1, maxLength: 3 }).map((ps) => ps.join(""));
const simple = fc.tuple(
  fc.array(fc.tuple(name, word).map(([n, w]) => `${n}=${w}`), { maxLength: 1 }),
  fc.constantFrom("echo", "cat", "grep"),
  fc.array(word, { maxLength: 3 }),
  fc.array(fc.constantFrom(">out", "2>&1", "<in", ">>log", "<<<str"), { maxLength: 2 }),
).map(([as, c, ws, rs]) => [...as, c, ...ws, ...rs].join(" "));
const { cmd } = fc.letrec<{ cmd: string; list: string }>((tie) => ({
  cmd: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    simple,
    fc.tuple(simple, fc.constantFrom(" | ", " && ", " || ", " |& "), simple).map(([a, op, b]) => a + op + b),
    tie("list").map((l) => `{ ${l}; }`),
    tie("list").map((l) => `( ${l} )`),
    fc.tuple(tie("list"), tie("list")).map(([c, b]) => `if ${c}; then ${b}; fi`),
    fc.tuple(tie("list"), tie("list")).map(([c, b]) => `while ${c}; do ${b}; done`),
    fc.tuple(name, fc.array(word, { maxLength: 3 }), tie("list")).map(([n, ws, b]) => `for ${n} in ${ws.join(" ")}; do ${b}; done`),
    fc.tuple(word, tie("list")).map(([w, b]) => `case ${w} in a|b) ${b};; *) ;; esac`),
    fc.tuple(name, tie("list")).map(([n, b]) => `${n}() { ${b}; }`),
    fc.constantFrom("(( i += 2 ))", "[[ -n $x && $y == a* ]]", "! true", "time sleep"),
  ),
  list: fc.array(tie("cmd"), { minLength: 1, maxLength: 3 }).map((cs) => cs.join("; ")),
}));

describe("round trip property", () => {
  it("parse(print(parse(s))) equals parse(s) up to spans", () => {
    fc.assert(
      fc.property(fc.array(cmd, { minLength: 1, maxLength: 4 }), (cmds) => {
        const src = cmds.join("\n");
        const ast = parse(src);
        expect(stripSpans(parse(print(ast)))).toEqual(stripSpans(ast));
      }),
      { seed: 1, numRuns: 500 },
    );
  });
});

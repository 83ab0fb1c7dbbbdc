/**
 * Fuzz targets of the sub-languages and the tool layer: glob, regex translation (every
 * flavor), jq parser (and a bounded run), awk parser, sed parser, tool flag parsing.
 * Properties: only typed errors; escaped literals match themselves; no prototype pollution.
 */
import fc from "fast-check";
import { describe } from "vitest";
import { LimitsMeter, resolveLimits } from "@husk/host";
import { parse as parseAwk } from "@husk/awk";
import { JqCompileError, JqError, compileJq } from "@husk/jq";
import { RegexError, compileGlob, compileRegex, escapeGlob, escapeRegex } from "@husk/pattern";
import type { RegexFlavor } from "@husk/pattern";
import { parseScript } from "@husk/sed";
import { FlagError, parseFlags } from "@husk/tools";
import { fuzz, soup, typedOnly } from "./common.js";

const TEXT = fc.string({ unit: fc.constantFrom(..."aAb.-/\\*?[]{}()|^$+ \n\u00e9\u{1F600}"), maxLength: 12 });

describe("fuzz: patterns", () => {
  const GLOB = [..."ab.*?[]!^-\\/(|)@+ ", "[[:alpha:]]", "[[:digit:]]", "[a-z]", "[!a]", "*(", "?(", "+(", "@(", "!(", "[=a=]", "[.a.]"];
  fuzz(
    "glob: compiles (or a typed error), matching never throws, escaped literals match themselves",
    fc.tuple(soup(GLOB, 16), TEXT, fc.record({ extglob: fc.boolean(), nocase: fc.boolean(), dotglob: fc.boolean(), pathname: fc.boolean() })),
    ([pat, s, opts]) => {
      try {
        const g = compileGlob(pat, opts);
        g.matches(s);
        g.search(s, 0);
        g.matchPrefix(s, true);
        g.matchSuffix(s, false);
      } catch (e) {
        typedOnly(e, RegexError);
      }
      if (!compileGlob(escapeGlob(s), { extglob: opts.extglob }).matches(s)) throw new Error(`escaped literal ${JSON.stringify(s)} does not match itself`);
    },
    3_000,
  );

  const REGEX = [..."ab.*+?|()[]{}^$\\-,0123 ", "\\1", "\\(", "\\)", "\\{", "\\}", "\\w", "\\b", "\\<", "\\>", "[[:alpha:]]", "[^a]", "(?:", "(?i)", "(?=", "(?<n>", "\\k<n>", "\\p{L}", "{2,}", "{,3}", "*?", "++", "\\x41", "\\u0041", "\\d", "\\S"];
  const FLAVORS: RegexFlavor[] = ["bre", "ere", "pcre", "onig"];
  fuzz(
    "regex translation: compiles (or RegexError) in every flavor; exec never throws; escaped literals match",
    fc.tuple(soup(REGEX, 14), TEXT, fc.constantFrom(...FLAVORS), fc.boolean()),
    ([src, s, flavor, icase]) => {
      const meter = new LimitsMeter(resolveLimits({ timeoutMs: 2_000 }));
      try {
        const re = compileRegex(src, { flavor, ignoreCase: icase }, meter);
        re.exec(s);
        re.test(s);
      } catch (e) {
        typedOnly(e, RegexError);
      }
      const lit = escapeRegex(s, flavor);
      const m = compileRegex(lit, { flavor }).exec(s);
      if (m === null || m.start !== 0 || m.end !== s.length) throw new Error(`escaped literal ${JSON.stringify(s)} (${flavor}: ${JSON.stringify(lit)}) does not match itself`);
    },
    1_000,
  );
});

describe("fuzz: languages", () => {
  const JQ = [..." .[]{}()|,:;+-*/%=<>!?$@\"\\0123abx", "..", "?//", "//", "|=", "+=", "//=", "==", "!=", "and ", "or ", "not", "if ", "then ", "else ", "end", "elif ", "reduce ", "foreach ", " as ", "$x", "def f: ", "f", "try ", "catch ", "label $l | ", "break $l", "\\(", "@base64", "@sh", "empty", "error", "range(3)", "limit(2; ", "recurse", "path(", "getpath([", "input", "$__loc__", "import ", "include ", "\"a\"", "{a:1}", "[1,2]", ".a", ".[0]", ".[1:]"];
  fuzz(
    "jq parser: a program or JqCompileError; running it on null ends with output or a typed error",
    soup(JQ, 20),
    (src) => {
      let prog;
      try {
        prog = compileJq(src, { maxParseDepth: 200 });
      } catch (e) {
        typedOnly(e, JqCompileError, JqError);
        return;
      }
      const meter = new LimitsMeter(resolveLimits({ timeoutMs: 1_000, maxStringBytes: 100_000 }));
      let n = 0;
      try {
        prog.run(null, () => ++n > 1_000, { meter, maxDepth: 200 });
      } catch (e) {
        typedOnly(e, JqError, JqCompileError);
      }
    },
    2_000,
  );

  const AWK = [..." {}()[];,$+-*/%^!<>=~?:|&\"\\/\n0123abx", "BEGIN", "END", "function f(a)", "f(1)", "print ", "printf ", "getline", "if (", "else ", "while (", "for (", " in ", "do ", "delete ", "next", "exit", "return ", "&&", "||", "++", "--", "+=", "**", ">>", "/re/", "NF", "$0", "$NF", "length", "substr(", "split(", "gsub(", "sprintf(", "\"s\"", "a[1]", "__proto__", "constructor"];
  fuzz(
    "awk parser: a program or AwkSyntaxError",
    soup(AWK, 24),
    (src) => {
      try {
        parseAwk(src, { maxDepth: 200 });
      } catch (e) {
        typedOnly(e);
      }
    },
    3_000,
  );

  const SED = [..." ;{}!/\\\n$,~+0123abspdgxhHGNDPlq=yaictwbT:#&-", "s/a/b/", "s/x/&&/g", "s/(a)/\\1/", "s|a|b|", "y/ab/ba/", "1,3", "/re/", "/re/I", "0,/x/", "2~3", "$!", "a\\", "i text", "c\\", ":l", "bl", "tl", "Tl", "e", "F", "z", "r f", "w f", "W f", "R f", "v", "Q", "l 5", "M", "I", "\\n", "\\t", "\\cA", "\\o101", "\\d65", "\\x41"];
  fuzz(
    "sed parser: a program or SedError",
    fc.tuple(soup(SED, 20), fc.boolean()),
    ([src, extended]) => {
      try {
        parseScript([{ text: src, origin: { kind: "expr", n: 1 } }], { extended });
      } catch (e) {
        typedOnly(e);
      }
    },
    3_000,
  );

  const ARGS = ["--a", "--b", "--n", "--flag", "--__proto__", "--constructor", "--prototype", "--toString", "-x", "--n=1", "--a=", "--", "1", "-1", "1.5", "true", "false", "null", "{", "{\"polluted\":1}", "[1,2]", "x y", "", "--no-flag", "--tags", "--json", "=", "--=x"];
  const SCHEMAS = [
    { type: "object" },
    { type: "object", properties: { a: { type: "string" }, n: { type: "integer" }, flag: { type: "boolean" }, tags: { type: "array", items: { type: "string" } } }, required: ["a"] },
    { type: "object", properties: { ["__proto__"]: { type: "object" }, constructor: { type: "number" } } },
    { type: "object", additionalProperties: false, properties: { b: { type: "array", items: { type: "integer" } } } },
  ];
  fuzz(
    "tool flag parsing: params or FlagError; own keys only; no prototype touched",
    fc.tuple(fc.array(fc.constantFrom(...ARGS), { maxLength: 10 }), fc.constantFrom(...SCHEMAS)),
    ([args, schema]) => {
      let out;
      try {
        out = parseFlags(args, schema as never) as Record<string, unknown>;
      } catch (e) {
        typedOnly(e, FlagError);
        return;
      }
      const proto = Object.getPrototypeOf(out);
      if (proto !== Object.prototype && proto !== null) throw new Error("params object has a foreign prototype");
      if (({} as Record<string, unknown>).polluted !== undefined) throw new Error("Object.prototype polluted");
    },
    3_000,
  );
});

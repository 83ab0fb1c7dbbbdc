// Number literals as jq 1.8's decNumber build keeps them (number.ts). Expected outputs come from
// jq's own tests (../shared/corpora/jq: jq.test's `have_decnum` cases, man.test lines 7-26), its
// manual ("jq 1.8 ... preserves the precision of number literals"), jv.c (jv_number_tostring,
// jvp_number_cmp, jv_number_negate, jv_number_abs, jvp_literal_number_to_double) and
// decNumber's to-scientific-string rules (decNumberToString), as cited per case. They were then
// compared with the real jq 1.8.2 (Debian sid's decNumber build), 2026-12-05: all 62 cases of
// this file run through it gave the expected text; `node packages/jq/scripts/decnum-diff.mjs`
// repeats the comparison for 20,000 random literals, 2,000 pairs and the cases written from
// jq's source (no differences).
import { describe, expect, it } from "vitest";
import { jq } from "./api.js";
import { dumpCompact } from "./dump.js";
import { parseJson } from "./json.js";
import { DecLit, compareNums, numberLiteral } from "./number.js";
import { compare, equals, fromJS, toJS } from "./value.js";

/** The text output of `prog` on the JSON text `input`. */
const run = (prog: string, input = "null"): string => jq(prog, input, { inputIsText: true, output: "text" });

describe("decNumber's canonical text of a literal", () => {
  // decNumberToString: plain when exponent <= 0 and adjusted exponent >= -6, else d.dddE+n
  const cases: [string, string][] = [
    ["12345678901234567891", "12345678901234567891"],
    ["1.000", "1.000"],
    ["9.90", "9.90"],
    ["1e2", "1E+2"],
    ["100e-2", "1.00"],
    ["12.5e1", "125"],
    ["0.00001", "0.00001"],
    ["0.000001", "0.000001"],
    ["0.0000001", "1E-7"],
    ["1.5e-7", "1.5E-7"],
    ["0e5", "0E+5"],
    ["0.000", "0.000"],
    ["-0.0", "-0.0"],
    ["00012", "12"],
    ["9E999999999", "9E+999999999"],
    ["9999999999E999999990", "9.999999999E+999999999"],
    ["1E-999999999", "1E-999999999"],
    ["0.000000001E-999999990", "1E-999999999"],
    ["1E+1000", "1E+1000"],
    ["1e1147483647", "1.7976931348623157e+308"], // past emax: an infinity, printed as DBL_MAX
  ];
  for (const [lit, text] of cases) it(`${lit} prints ${text}`, () => expect(dumpCompact(parseJson(lit))).toBe(text));

  it("a literal whose double prints it stays a plain number (no box)", () => {
    for (const lit of ["1", "1.5", "42", "-0", "0.1", "1234.5", "123456789012345"]) expect(typeof numberLiteral(lit)).toBe("number");
    for (const lit of ["1.0", "1e2", "0.00001", "1234567890123456", "13911860366432392"]) expect(numberLiteral(lit)).toBeInstanceOf(DecLit);
  });

  it("the double is the literal rounded to 17 digits, then to binary (jvp_literal_number_to_double)", () => {
    const d = (s: string) => (numberLiteral(s) as DecLit).n;
    expect(d("13911860366432393")).toBe(13911860366432392);
    expect(d("12345678901234567891")).toBe(12345678901234567000);
    expect(d("1E+1000")).toBe(Number.POSITIVE_INFINITY);
    expect(d("1E-1000")).toBe(0);
    expect(d("0.12345678901234567890123456789")).toBe(0.12345678901234568);
  });
});

describe("jq programs over kept literals (jq.test have_decnum cases)", () => {
  const cases: [string, string, string][] = [
    // the task's example: official jq 1.8 prints the input as written
    [". ", "[12345678901234567891, 1.000, 9.90, 1e2]", "[12345678901234567891,1.000,9.90,1E+2]"],
    // jq.test: `.[0] | tostring` and `.x | tojson` of 13911860366432393
    [".[0] | tostring", "[13911860366432393]", '"13911860366432393"'],
    [".x | tojson", '{"x":13911860366432393}', '"13911860366432393"'],
    ["13911860366432393 == 13911860366432392", "null", "false"],
    // jq.test: arithmetic gives a double
    [". - 10", "13911860366432393", "13911860366432382"],
    // jq.test: unary minus keeps the literal (jv_number_negate)
    ["-. | tojson", "13911860366432393", '"-13911860366432393"'],
    ["-. | tojson", "-0.12345678901234567890123456789", '"0.12345678901234567890123456789"'],
    ["[1E+1000,-1E+1000 | tojson]", "null", '["1E+1000","-1E+1000"]'],
    // jq.test: abs and length keep it (jv_number_abs)
    ["[1E+1000,-1E+1000 | abs | tojson] | unique", "null", '["1E+1000"]'],
    ["[1E+1000,-1E+1000 | length | tojson] | unique", "null", '["1E+1000"]'],
    // jq.test: two literals compare as decimals
    [". < 0.12345678901234567890123456788", "0.12345678901234567890123456789", "false"],
    // man.test line 21
    ["map([., . == 1]) | tojson", "[1, 1.000, 1.0, 100e-2]", '"[[1,true],[1.000,true],[1.0,true],[1.00,true]]"'],
    // man.test line 25: a literal against a double compares as doubles
    [". as $big | [$big, $big + 1] | map(. > 10000000000000000000000000000000)", "10000000000000000000000000000001", "[true,false]"],
    // jq.test: a double against a literal compares as doubles
    [".[] as $n | $n+0 | . == $n", "[-9007199254740993, 13911860366432393]", "true\ntrue"],
    // jq.test: messages show the literal (jv_dump_string_trunc)
    ['try (. + "x") catch .', "123456789012345678901234567890", '"number (12345678901234567890123456...) and string (\\"x\\") cannot be added"'],
    // jq.test line 661
    ["9E999999999, 9999999999E999999990, 1E-999999999, 0.000000001E-999999990", "null", "9E+999999999\n9.999999999E+999999999\n1E-999999999\n1E-999999999"],
    ["5E500000000 > 5E-5000000000, 10000E500000000 > 10000E-5000000000", "null", "true\ntrue"],
    ["have_decnum", "null", "true"],
  ];
  for (const [prog, input, want] of cases) it(`${prog} <<< ${input.slice(0, 40)}`, () => expect(run(prog, input)).toBe(`${want}\n`));
});

describe("every place a number is printed or read keeps or reads the literal", () => {
  const cases: [string, string, string][] = [
    // string forms go through jv_dump_string (tostring), as jq's f_format does
    ['"\\(.)", @text, @json, @sh, @html, @uri, @base64', "1.000", '"1.000"\n"1.000"\n"1.000"\n"1.000"\n"1.000"\n"1.000"\n"MS4wMDA="'],
    ["@csv, @tsv", "[1.000, 1E+2, 2]", '"1.000,1E+2,2"\n"1.000\\t1E+2\\t2"'],
    ['join(",")', "[1.000, 2]", '"1.000,2"'],
    // indexing, slices and counts use the double
    [".[1.000], .[1.00:], [limit(2.0; range(10))], has(1.0)", "[1, 2, 3]", "2\n[2,3]\n[0,1]\ntrue"],
    ["path(.[1.000])", "[1, 2]", "[1.000]"],
    ["[range(1.000; 3)], [range(3.00; 1; -1)]", "null", "[1.000,2]\n[3.00,2]"],
    ["setpath([1.0]; 5), del(.[0.0])", "[1, 2]", "[1,5]\n[2]"],
    ["floor, sqrt, (. * 1), tostring, type", "4.00", '4\n2\n4\n"4.00"\n"number"'],
    // 2E+0 is 2 in decNumber's form (exponent 0: plain)
    ["sort, unique, group_by(.), min, max", "[1.0, 1, 0.50, 2E+0]", "[0.50,1.0,1,2]\n[0.50,1.0,2]\n[[0.50],[1.0,1],[2]]\n0.50\n2"],
    ["index(1.0), indices(1), contains([1.00]), inside([1.000, 2])", "[1.000, 2]", "0\n[0]\ntrue\ntrue"],
    // `add` is `reduce .[] as $x (null; . + $x)`: null + x is x itself
    ["add, ([.[0]] | add)", "[1.000, 2]", "3\n1.000"],
    ["tonumber", '"1.50"', "1.50"],
    // decNumber's special values (jq 1.8.2's output, run 2026-12-05)
    ["[.[] | tonumber]", '["inf","-Infinity","sNaN","-nan","Inf"]', "[1.7976931348623157e+308,-1.7976931348623157e+308,null,null,1.7976931348623157e+308]"],
    ['fromjson, ("[1e2]" | fromjson)', '"1.0"', "1.0\n[1E+2]"],
    ["todate", "0.0", '"1970-01-01T00:00:00Z"'],
    // jv_number_negate is decNumberMinus (0 - x): a literal zero negates to +0, a computed -0 stays
    ["[-0, -0.0, (0 * -1), -1.000, (-0.0 | -.)]", "null", "[0,0.0,-0,-1.000,0.0]"],
    // (a plain input 0 is not boxed: `-.` gives the double -0 where jq 1.8 gives 0; see number.ts)
    ["[.[] | -.] , map(abs)", "[-0, 1.0, -2.50]", "[0,-1.0,2.50]\n[-0,1.0,2.50]"],
    ["{(1.000 | tostring): 1}", "null", '{"1.000":1}'],
    ['try error catch ., (try ({} | .[1.000]) catch .)', "1.000", '1.000\n"Cannot index object with number (1.000)"'],
  ];
  for (const [prog, input, want] of cases) it(`${prog} <<< ${input}`, () => expect(run(prog, input)).toBe(`${want}\n`));
});

describe("the API boundary", () => {
  it("jq() returns plain JS numbers (a kept literal as its double); output text keeps the literal", () => {
    expect(jq(".", "[1.000, 12345678901234567891]", { inputIsText: true })).toEqual([[1, 12345678901234567000]]);
    expect(run(".", "[1.000, 12345678901234567891]")).toBe("[1.000,12345678901234567891]\n");
  });
  it("fromJS keeps a bigint's digits; toJS gives the double", () => {
    const v = fromJS({ id: 12345678901234567891n, n: 7n });
    expect(dumpCompact(v)).toBe('{"id":12345678901234567891,"n":7}');
    expect(toJS(v)).toEqual({ id: 12345678901234567000, n: 7 });
    expect(jq(".id | tostring", { id: 12345678901234567891n })).toEqual(["12345678901234567891"]);
  });
  it("compare and equals: literal pairs as decimals, mixed pairs as doubles", () => {
    const a = parseJson("13911860366432393");
    const b = parseJson("13911860366432392");
    expect(equals(a, b)).toBe(false);
    expect(compare(a, b)).toBe(1);
    expect(equals(a, 13911860366432392)).toBe(true);
    expect(compareNums(parseJson("1.000") as DecLit, 1)).toBe(0);
    expect(compare(parseJson("-0.0"), parseJson("0E+3"))).toBe(0);
    expect(compare(parseJson("-1E+3"), parseJson("-2E+2"))).toBe(-1);
  });
});

describe("the plain/boxed choice", () => {
  /** decNumber's to-scientific-string of a literal, written from the spec as a test oracle. */
  const spec = (lit: string): string => {
    const m = /^(-?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/.exec(lit)!;
    const frac = m[3] ?? "";
    const coef = `${m[2]}${frac}`.replace(/^0+(?=.)/, "");
    const exp = Number(m[4] ?? 0) - frac.length;
    const adj = exp + coef.length - 1;
    let t: string;
    if (exp <= 0 && adj >= -6) {
      const pad = coef.padStart(-exp + 1, "0");
      t = exp === 0 ? coef : `${pad.slice(0, pad.length + exp)}.${pad.slice(pad.length + exp)}`;
    } else t = `${coef[0]}${coef.length > 1 ? `.${coef.slice(1)}` : ""}E${adj >= 0 ? "+" : "-"}${Math.abs(adj)}`;
    return `${m[1]}${t}`;
  };

  it("a literal is plain exactly when it has at most 15 digits and its double prints its canonical text", () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let k = 0; k < 20000; k++) {
      const len = 1 + rnd(17);
      let digits = "";
      for (let j = 0; j < len; j++) digits += String(rnd(10));
      const dot = rnd(len + 1);
      const body = dot === len ? digits : `${digits.slice(0, dot) || "0"}.${digits.slice(dot)}`;
      const lit = `${rnd(2) ? "-" : ""}${body}${rnd(3) === 0 ? `e${rnd(41) - 20}` : ""}`;
      const v = numberLiteral(lit)!;
      const canonical = spec(lit);
      expect(dumpCompact(v)).toBe(canonical);
      const significant = canonical.replace(/^-/, "").replace(/E.*/, "").replace(/\./, "").replace(/^0+(?=.)/, "").length;
      const double = typeof v === "number" ? v : v.n;
      expect(typeof v === "number").toBe(significant <= 15 && dumpCompact(double) === canonical);
    }
  });
});

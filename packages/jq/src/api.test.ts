// The pure API, laziness, safety and limits (no real jq needed).
import { AbortError, LimitsMeter, resolveLimits } from "@husk/host";
import { describe, expect, it } from "vitest";
import { compileJq, jq } from "./api.js";
import { jqCommand } from "./command.js";
import { JqCompileError } from "./parser.js";
import { testContext } from "./testing/ctx.js";
import { JqError } from "./value.js";

describe("jq() API", () => {
  const cases: [string, unknown, unknown[]][] = [
    [".a", { a: 1 }, [1]],
    [".[] | .x", [{ x: 1 }, { x: "s" }], [1, "s"]],
    ["map(. * 2)", [1, 2], [[2, 4]]],
    ["[limit(3; range(1e9))]", null, [[0, 1, 2]]],
    ["first(range(1e12))", null, [0]],
    ["[first(repeat(1)), (label $o | repeat(2) | ., break $o)]", null, [[1, 2]]],
    ["to_entries", { b: 1, a: 2 }, [[{ key: "b", value: 1 }, { key: "a", value: 2 }]]],
    ['.["__proto__"].x', JSON.parse('{"__proto__":{"x":5}}'), [5]],
    ['{"__proto__": 1, constructor: 2} | keys', null, [["__proto__", "constructor"]]],
    ["$x + 1", null, [42]],
  ];
  for (const [prog, input, want] of cases) {
    it(prog, () => {
      expect(jq(prog, input, { variables: { x: 41 } }).map((v) => JSON.parse(JSON.stringify(v)))).toEqual(want);
    });
  }
  it("returns text with jq's formatting", () => {
    expect(jq(".", { a: [1, 2.5, "x"] }, { output: "text", format: { indent: 2 } })).toBe('{\n  "a": [\n    1,\n    2.5,\n    "x"\n  ]\n}\n');
    expect(jq(".[]", ["a", 1], { output: "text", format: { raw: true } })).toBe("a\n1\n");
  });
  it("keeps object key order (integer-like keys too)", () => {
    expect(jq(".", '{"b":1,"1":2,"a":3} {"__proto__":0}', { output: "text", inputIsText: true })).toBe('{"b":1,"1":2,"a":3}\n{"__proto__":0}\n');
  });
});

describe("errors and limits", () => {
  it("compares and tests equality at jq 1.8's depth limit whatever the stack", () => {
    // jq 1.8.2 (MAX_CMP_DEPTH 10000): 10,000 nested arrays compare, 10,001 do not; an object's
    // keys are compared one level down, so 9,999 nested objects compare and 10,000 do not.
    const A = (n: number) => `(reduce range(${n}) as $_ ([]; [.]))`;
    const O = (n: number) => `(reduce range(${n}) as $_ ({}; {a: .}))`;
    const run = (p: string) => jq(`try (${p}) catch .`, null);
    expect(run(`${A(10000)} as $x | [$x, $x] | sort | length`)).toEqual([2]);
    expect(run(`${A(10001)} as $x | [$x, $x] | sort | length`)).toEqual(["Comparison too deep"]);
    expect(run(`${O(9999)} as $x | [$x, $x] | unique | length`)).toEqual([1]);
    expect(run(`${O(10000)} as $x | [$x, $x] | unique | length`)).toEqual(["Comparison too deep"]);
    expect(run(`${A(10000)} as $a | ${A(10000)} as $b | $a == $b`)).toEqual([true]);
    expect(run(`${A(10001)} as $a | ${A(10001)} as $b | $a == $b`)).toEqual(["Equality check too deep"]);
    expect(run(`${A(10000)} as $a | ${A(9999)} as $b | [$a < $b, $a > $b]`)).toEqual([[false, true]]);
  });
  it("compile errors are typed", () => {
    expect(() => compileJq(".a |")).toThrow(JqCompileError);
    expect(() => compileJq("nosuchfn")).toThrow(/nosuchfn\/0 is not defined/);
    expect(() => compileJq("$nope")).toThrow(/\$nope is not defined/);
  });
  it("runtime errors are typed and carry jq's message", () => {
    expect(() => jq(".a", 5)).toThrow(JqError);
    expect(() => jq(".a", 5)).toThrow('Cannot index number with string ("a")');
  });
  it("infinite recursion ends with a jq error, not a stack overflow", () => {
    expect(() => jq("def f: 1 + f; f", null)).toThrow(JqError);
    expect(() => jq("def f: [f]; f", null)).toThrow(/recursion|depth/);
  });
  it("long loops stop at the run's deadline", () => {
    const meter = new LimitsMeter(resolveLimits({ timeoutMs: 50 }));
    expect(() => compileJq("last(range(1e15))").run(null, () => {}, { meter })).toThrow(AbortError);
    const meter2 = new LimitsMeter(resolveLimits({ timeoutMs: 50 }));
    expect(() => compileJq("[repeat(1)] | length").run(null, () => {}, { meter: meter2 })).toThrow(AbortError);
  });
  it("the command reports a breached deadline as the run's AbortError", async () => {
    const { ctx } = testContext(["-n", "reduce range(1e15) as $x (0; . + 1)"], { limits: { timeoutMs: 50 } });
    await expect(jqCommand.run(ctx)).rejects.toBeInstanceOf(AbortError);
  });
  it("the command turns a deep recursion into jq's error shape, exit 5", async () => {
    const { ctx, stderr } = testContext(["-n", "def f: 1 + f; f"]);
    expect(await jqCommand.run(ctx)).toBe(5);
    expect(stderr.text).toMatch(/^jq: error \(at <unknown>\): /);
  });
  it("first(inputs) reads one input", async () => {
    const { ctx, stdout } = testContext(["-n", "first(inputs)"], { stdin: "1 2 3" });
    expect(await jqCommand.run(ctx)).toBe(0);
    expect(stdout.text).toBe("1\n");
  });
  it("compile errors exit 3 with jq's message shape", async () => {
    const { ctx, stderr } = testContext(["-n", "1 +"]);
    expect(await jqCommand.run(ctx)).toBe(3);
    expect(stderr.text).toMatch(/^jq: error: syntax error, .* at <top-level>, line 1, column \d+:\n.*\njq: 1 compile error\n$/s);
  });
});

// Accumulator loops that update in place (own.ts, reduce.ts): the same outputs as jq, no value
// another binding can see ever changes, and the work done is linear.
import { readFileSync } from "node:fs";
import { LimitError, LimitsMeter, resolveLimits } from "@husk/host";
import { describe, expect, it } from "vitest";
import { compileJq, jq, parseJsonTexts } from "./api.js";
import { copies } from "./budget.js";
import type { Val } from "./value.js";
import { JqMap, toJS } from "./value.js";

interface Case {
  readonly prog: string;
  readonly input?: string;
  /** jq's outputs, each as compact JSON, or the error it raised. */
  readonly expect: string[] | { error: unknown };
  readonly note?: string;
}

// written by scripts/accumulate-cases.mjs from the machine's jq (1.6; `note`: jq 1.8's outputs)
const { cases } = JSON.parse(readFileSync(new URL("./testing/accumulate.json", import.meta.url), "utf8")) as { cases: Case[] };

/** Runs `prog` with -n (and `input`'s texts for `input`/`inputs`) as the generator ran jq. */
function husk(prog: string, input?: string): unknown {
  const inputs = input === undefined ? [] : parseJsonTexts(input);
  let next = 0;
  const outs: unknown[] = [];
  compileJq(`try ([${prog}] | map(tojson)) catch {error: .}`).run(null, (v) => void outs.push(toJS(v)), {
    nextInput: () => (next < inputs.length ? inputs[next++] : undefined),
  });
  return outs[0];
}

describe("accumulation programs give jq's outputs", () => {
  it("has the cases", () => expect(cases.length).toBeGreaterThan(100));
  for (const c of cases) it(c.prog, () => expect(husk(c.prog, c.input)).toEqual(c.expect));
});

/** Elements and entries copied while running `prog`. */
function copiedBy(prog: string): number {
  const before = copies();
  jq(prog, null);
  return copies() - before;
}

describe("the work is linear: updates do not copy the accumulator at every step", () => {
  const N = 4000;
  // [program of n, copies allowed at N (a copy per step would be about N * N / 2 = 8e6)]
  const cases: [string, (n: number) => string, number][] = [
    ["INDEX", (n) => `[range(${n}) | {id: "k\\(.)", v: .}] | INDEX(.id) | length`, 0],
    [".[k] = v", (n) => `reduce range(${n}) as $i ({}; .["k\\($i)"] = $i) | length`, 0],
    [".[i] = v", (n) => `reduce range(${n}) as $i ([]; .[$i] = $i) | length`, 0],
    [".[k] |= v", (n) => `reduce range(${n}) as $i ({}; .["k\\($i)"] |= $i) | length`, 0],
    ["setpath", (n) => `reduce range(${n}) as $i ({}; setpath(["k\\($i)"]; $i)) | length`, 0],
    ["nested path", (n) => `reduce range(${n}) as $i ({}; .a.b["k\\($i)"] = $i) | .a.b | length`, 0],
    ["counting", (n) => `reduce range(${n}) as $i ({}; .["k\\($i % 100)"] += 1) | length`, 0],
    ["grouping", (n) => `reduce range(${n}) as $i ({}; .["k\\($i % 10)"] += [$i]) | length`, 100],
    ["|= (. // []) + [x]", (n) => `reduce range(${n}) as $i ({}; .["k\\($i % 10)"] |= (. // []) + [$i]) | length`, 100],
    ["if has", (n) => `reduce range(${n}) as $i ({}; "k\\($i % 10)" as $k | if has($k) then .[$k] += 1 else .[$k] = 1 end) | length`, 0],
    [". + [x]", (n) => `reduce range(${n}) as $i ([]; . + [$i]) | length`, 10],
    [". + {k: v}", (n) => `reduce range(${n}) as $i ({}; . + {"k\\($i)": $i}) | length`, 10],
    ["pipe of updates", (n) => `reduce range(${n}) as $i ({}; .a += [$i] | .b["\\($i)"] = $i | .c += 1) | .b | length`, 10],
    ["nested reduce", (n) => `reduce range(${n / 10}) as $i ({}; reduce range(10) as $j (.; .["\\($i)-\\($j)"] = 1)) | length`, 0],
    ["foreach, extract clean", (n) => `[foreach range(${n}) as $i ({}; .["k\\($i)"] = $i; length)] | length`, 0],
    ["add objects", (n) => `[range(${n}) | {"k\\(.)": .}] | add | length`, 10],
    ["map | add", (n) => `[range(${n}) | {id: .}] | map({("\\(.id)"): .}) | add | length`, 10],
    ["add arrays", (n) => `[range(${n}) | [.]] | add | length`, 10],
    ["add(f)", (n) => `add(range(${n}) | {"k\\(.)": .}) | length`, 10],
    ["with_entries", (n) => `[range(${n}) | {key: "k\\(.)", value: .}] | from_entries | with_entries(.value += 1) | length`, 2 * N],
  ];
  for (const [name, prog, allowed] of cases) {
    it(name, () => {
      expect(jq(prog(N), null)[0]).toBeGreaterThan(0);
      expect(copiedBy(prog(N))).toBeLessThanOrEqual(allowed);
    });
  }

  it("an update that reads the accumulator only for a clean value does not copy; one that keeps it copies", () => {
    expect(copiedBy('reduce range(100) as $i ({}; .["\\($i)"] = (. | length) | .n = (keys | length)) | length')).toBe(0);
    expect(copiedBy('reduce range(100) as $i ({}; .["\\($i)"] = .) | length')).toBeGreaterThanOrEqual((100 * 99) / 2);
  });

  it("growth in place is charged what it adds: a group of 1e5 under a 4 MB budget", () => {
    // the copying loop charged each step the whole group again (8 * n^2 / 2 = 40 GB)
    const meter = new LimitsMeter(resolveLimits({ maxDataBytes: 4e6 }));
    expect(jq("reduce range(1e5) as $i ({}; .a += [$i]) | .a | length", null, { meter })).toEqual([1e5]);
    expect(meter.dataBytes).toBeLessThan(4e6);
    expect(() => jq("reduce range(1e5) as $i ({}; .a += [$i, $i]) | .a | length", null, { maxDataBytes: 1e6 })).toThrow(LimitError);
  });
});

describe("values seen elsewhere never change", () => {
  it("a compiled program's literal initial value is the same in every run", () => {
    const prog = compileJq('reduce range(3) as $i ({"a": [0]}; .a += [$i] | .b["\\($i)"] = $i)');
    const run = (): unknown => {
      const outs: Val[] = [];
      prog.run(null, (v) => void outs.push(v));
      return toJS(outs[0]!);
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(first).toEqual({ a: [0, 0, 1, 2], b: { "0": 0, "1": 1, "2": 2 } });
  });

  it("the input given to run() is not changed", () => {
    const input = new JqMap([["a", [1]]]);
    compileJq("reduce range(3) as $i (.; .a += [$i] | .[\"\\($i)\"] = $i)").run(input, () => {});
    expect(toJS(input)).toEqual({ a: [1] });
  });

  it("states foreach emitted to the caller keep their value", () => {
    const outs: Val[] = [];
    compileJq('foreach range(4) as $i ({}; .["\\($i)"] = $i | .l += [$i])').run(null, (v) => void outs.push(v));
    expect(outs.map((v) => toJS(v))).toEqual([
      { "0": 0, l: [0] },
      { "0": 0, l: [0, 1], "1": 1 },
      { "0": 0, l: [0, 1, 2], "1": 1, "2": 2 },
      { "0": 0, l: [0, 1, 2, 3], "1": 1, "2": 2, "3": 3 },
    ]);
  });

  it("the operands of add keep their value", () => {
    const items = [new JqMap([["a", 1]]), new JqMap([["b", 2]]), new JqMap([["a", 3]])];
    const outs: Val[] = [];
    compileJq("add").run(items, (v) => void outs.push(v));
    expect(toJS(outs[0]!)).toEqual({ a: 3, b: 2 });
    expect(items.map((m) => toJS(m))).toEqual([{ a: 1 }, { b: 2 }, { a: 3 }]);
  });
});

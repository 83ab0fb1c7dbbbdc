import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { formatRatio, median } from "./stats.js";
import { makeBigScript, makeJson, makeLog, ORDERS_GET_BASH, orderJson, workloads } from "./workloads.js";

describe("stats", () => {
  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
  ])("median(%j) = %d", (xs, m) => expect(median(xs)).toBe(m));
  it.each([
    [0.4236, "0.42x"],
    [12.34, "12.3x"],
    [456.7, "457x"],
    [Number.NaN, "n/a"],
  ])("formatRatio(%d) = %s", (r, s) => expect(formatRatio(r)).toBe(s));
});

describe("workload inputs", () => {
  it("are deterministic and about the requested size", () => {
    expect(makeLog(10_000)).toBe(makeLog(10_000));
    expect(makeLog(10_000).length).toBeGreaterThanOrEqual(10_000);
    expect(JSON.parse(makeJson(50))).toHaveLength(50);
    expect(makeBigScript(500).split("\n").length).toBeGreaterThanOrEqual(500);
  });
  it("names every workload once, big ones with input files", () => {
    const ws = workloads(true);
    expect(new Set(ws.map((w) => w.name)).size).toBe(ws.length);
    for (const w of ws.filter((x) => x.big)) expect(Object.keys(w.files).length).toBeGreaterThan(0);
  });
  it("scale every workload but cold-start 4x in its @4x twin", () => {
    const ws = workloads(true);
    const named = (n: string) => ws.find((w) => w.name === n)!;
    const twins = ws.filter((w) => w.base !== undefined);
    expect(twins.map((w) => w.base).sort()).toEqual(ws.filter((w) => w.base === undefined && w.name !== "cold-start").map((w) => w.name).sort());
    for (const t of twins) expect(t.n).toBe(named(t.base!).n * 4);
    // the generated script at 4x the lines, and one JSON document of 4x the records
    const lines = (s: string) => s.split("\n").length;
    expect(lines(named("parse-5000@4x").script)).toBeGreaterThanOrEqual(20_000);
    expect(lines(named("parse-5000@4x").script)).toBeLessThan(20_020);
    expect(JSON.parse(named("jq-big@4x").files["data.json"]!)).toHaveLength(4 * named("jq-big").n);
    expect(named("sort-uniq@4x").files["log.txt"]).toBe(named("sort-uniq").files["log.txt"]!.repeat(4));
    expect(named("arith-loop@4x").script).toContain(String(named("arith-loop").n * 4));
  });
});

describe("against real bash", () => {
  it("the generated 5,000-line script parses with bash -n", () => {
    const r = spawnSync("bash", ["-n"], { input: makeBigScript(5_000), encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
  it("the bash form of the tool stand-in prints what the in-process form prints", () => {
    const r = spawnSync("bash", ["-c", `${ORDERS_GET_BASH}for i in 0 1 7 250; do orders_get --id $i; done`], { encoding: "utf8" });
    expect(r.stdout).toBe([0, 1, 7, 250].map(orderJson).join(""));
  });
});

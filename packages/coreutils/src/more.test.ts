import { describe, expect, it } from "vitest";
import { differential } from "../test/differential.js";
import { column } from "./column.js";
import { comm } from "./comm.js";
import { expand, unexpand } from "./expand.js";
import { join } from "./join.js";
import { shuf } from "./shuf.js";
import { runTool } from "./testing.js";

const files = { c1: "a\nb\nd\n", c2: "b\nc\nd\n", u1: "b\na\n", j1: "1 a\n2 b\n3 c\n", j2: "1 x\n3 z\n4 w\n", jc: "1,a\n2,b\n", jd: "1,x\n2,y\n", jr: "x 1\ny 2\n" };

describe("column comm join expand unexpand", () => {
  differential(column, [
    { args: ["-t"], stdin: "a b c\nlonger x y\n" },
    { args: ["-t", "-s:"], stdin: "a:b\nccc:d\n" },
    { args: ["-t", "-o", " | "], stdin: "a b\nc d\n" },
    { args: ["-t"], stdin: "name  age\nalice 30\n\nbob 4\n" },
    { args: ["-t", "-s", ","], stdin: "a,,b\nc,d,e\n" },
  ]);
  differential(comm, [
    { args: ["c1", "c2"], files },
    { args: ["-12", "c1", "c2"], files },
    { args: ["-3", "c1", "c2"], files },
    { args: ["-23", "c1", "c2"], files },
    { args: ["--output-delimiter=|", "c1", "c2"], files },
    { args: ["u1", "c1"], files },
    { args: ["c1"], files },
    { args: ["c1", "-"], stdin: "a\nz\n", files },
  ]);
  differential(join, [
    { args: ["j1", "j2"], files },
    { args: ["-a1", "j1", "j2"], files },
    { args: ["-a1", "-a2", "j1", "j2"], files },
    { args: ["-v2", "j1", "j2"], files },
    { args: ["-t,", "jc", "jd"], files },
    { args: ["-1", "2", "-2", "1", "jr", "j2"], files },
    { args: ["-o", "1.2,2.2", "j1", "j2"], files },
    { args: ["-e", "NA", "-a1", "-o", "0,2.2", "j1", "j2"], files },
    { args: ["j1"], files },
  ]);
  differential(expand, [
    { args: [], stdin: "a\tb\n\tx\ty\n" },
    { args: ["-t", "4"], stdin: "a\tb\n" },
    { args: ["-t", "2,5"], stdin: "\ta\tb\tc\n" },
    { args: ["-i"], stdin: "\ta\tb\n" },
  ]);
  differential(unexpand, [
    { args: [], stdin: "        x\n" },
    { args: ["-a"], stdin: "a       b       c\n" },
    { args: [], stdin: "    a   b\n" },
    { args: ["-t", "4"], stdin: "    a       b\n" },
  ]);
});

describe("shuf", () => {
  it("permutes deterministically and honours -n -e -i -r", async () => {
    const a = await runTool(shuf, ["-i", "1-10"]);
    expect(a.stdout.trim().split("\n").map(Number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await runTool(shuf, ["-i", "1-10"])).stdout).toBe(a.stdout);
    expect((await runTool(shuf, ["-n", "2", "-e", "a", "b", "c"])).stdout.split("\n").length).toBe(3);
    expect((await runTool(shuf, ["-r", "-n", "5", "-e", "x"])).stdout).toBe("x\nx\nx\nx\nx\n");
    expect((await runTool(shuf, [], { stdin: "1\n2\n3\n" })).stdout.split("\n").sort().join("")).toBe("123");
    expect((await runTool(shuf, ["-i", "5-1"])).status).toBe(1);
  });
});

// The jq command's compiled-filter cache: a cached program gives the same results, and variable
// values (--arg/--argjson) are passed per run, never baked into the cached program.
import { describe, expect, it } from "vitest";
import { LimitsMeter, resolveLimits } from "@husk/host";
import { cachedDoc, compileCached, FILTER_CACHE_SIZE, filterCacheSize, rememberDoc } from "./cache.js";
import { jqCommand } from "./command.js";
import { testContext } from "./testing/ctx.js";

async function run(args: string[], stdin = "null", files?: Record<string, string>, meter?: LimitsMeter): Promise<string> {
  const { ctx, stdout } = testContext(args, { stdin, files });
  // Runs given one meter are one execution (the document cache's scope).
  const status = await jqCommand.run(meter ? { ...ctx, meter } : ctx);
  return `${status}:${stdout.text}`;
}

describe("filter cache", () => {
  it("returns the same compiled program for the same text and variable names", () => {
    const a = compileCached(".a + $x", { vars: ["x"] });
    expect(compileCached(".a + $x", { vars: ["x"] })).toBe(a);
    expect(compileCached(".a + $x", { vars: ["x", "y"] })).not.toBe(a);
    expect(compileCached(".a + $y", { vars: ["y"] })).not.toBe(a);
  });

  it("does not bake --arg / --argjson values into a cached filter", async () => {
    // Outputs checked against jq 1.6: `jq -c --arg v A '[$v, .]' <<< 1` prints ["A",1].
    expect(await run(["-c", "--arg", "v", "A", "[$v, .]"], "1")).toBe('0:["A",1]\n');
    expect(await run(["-c", "--arg", "v", "B", "[$v, .]"], "2")).toBe('0:["B",2]\n');
    expect(await run(["-c", "--argjson", "v", '{"n":1}', "$v.n + ."], "1")).toBe("0:2\n");
    expect(await run(["-c", "--argjson", "v", '{"n":5}', "$v.n + ."], "1")).toBe("0:6\n");
  });

  it("gives the same results on repeated runs (a loop over one filter)", async () => {
    const outs: string[] = [];
    for (let i = 0; i < 5; i++) outs.push(await run(["-r", ".total"], `{"total": ${i}}`));
    expect(outs).toEqual(["0:0\n", "0:1\n", "0:2\n", "0:3\n", "0:4\n"]);
    // A compile error is reported every time (errors are not cached).
    expect(await run(["."])).toBe("0:null\n");
    expect((await run(["(("])).startsWith("3:")).toBe(true);
    expect((await run(["(("])).startsWith("3:")).toBe(true);
  });

  it("stays bounded", () => {
    for (let i = 0; i < FILTER_CACHE_SIZE * 2; i++) compileCached(`. + ${i}`, {});
    expect(filterCacheSize()).toBe(FILTER_CACHE_SIZE);
  });
});

describe("document cache", () => {
  // A document of at least 64 KiB, parsed once for runs over the same text. Outputs as jq 1.6
  // gives them (each run sees the file as written: updates in one run never reach the next).
  const doc = JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `user${i}`, tags: ["x"] })));
  const files = { "/d.json": doc };
  it("gives every run the document as written", async () => {
    const m = new LimitsMeter(resolveLimits({}));
    expect(await run(["-c", "[.[0], .[2999].name]", "/d.json"], "", files, m)).toBe('0:[{"id":0,"name":"user0","tags":["x"]},"user2999"]\n');
    expect(await run(["-c", ".[0].tags[0] = 1 | .[0].id |= 7 | .[0]", "/d.json"], "", files, m)).toBe('0:{"id":7,"name":"user0","tags":[1]}\n');
    expect(await run(["-c", "del(.[0].name) | .[0]", "/d.json"], "", files, m)).toBe('0:{"id":0,"tags":["x"]}\n');
    expect(await run(["-c", ".[0], length", "/d.json"], "", files, m)).toBe('0:{"id":0,"name":"user0","tags":["x"]}\n3000\n');
    // Same length, other content: parsed anew.
    const other = doc.replace("user0", "resu0");
    expect(await run(["-c", ".[0].name", "/d.json"], "", { "/d.json": other }, m)).toBe('0:"resu0"\n');
    expect(await run(["-c", ".[0].name", "/d.json"], "", files, m)).toBe('0:"user0"\n');
  });

  it("is scoped to one execution", () => {
    const a = {};
    const b = {};
    const value = [1, 2];
    rememberDoc(a, doc, 10_000, value);
    expect(cachedDoc(a, doc, 10_000)).toBe(value);
    expect(cachedDoc(b, doc, 10_000)).toBeUndefined();
    expect(cachedDoc(a, doc, 100)).toBeUndefined();
  });
});

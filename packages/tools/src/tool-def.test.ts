/**
 * ToolDef (immutable builders), ToolArgs (typed accessors, signal), callback identity (the same
 * function instance serves every execution), the rest of the effective-type rules of flag
 * parsing (anyOf, allOf, nullable type arrays, `~0`), and the discover tool's input precedence.
 */
import { describe, expect, it } from "vitest";
import { parseFlags } from "./flags.js";
import { ToolRegistry } from "./registry.js";
import { ScriptedTool } from "./scripted-tool.js";
import { type ToolArgs, ToolArgs as Args, ToolDef } from "./tool-def.js";
import { ToolImpl } from "./tool-impl.js";
import { ScriptingToolSet } from "./toolset.js";

describe("ToolDef", () => {
  it("with* return new definitions and leave the original unchanged", () => {
    const a = new ToolDef("t", "T");
    const b = a.withSchema({ type: "object", properties: { x: { type: "integer" } } }).withTags(["read"]).withCategory("c");
    expect(a.inputSchema).toEqual({});
    expect([a.tags, a.category]).toEqual([[], undefined]);
    expect([b.name, b.description, b.tags, b.category]).toEqual(["t", "T", ["read"], "c"]);
    expect(b.inputSchema).toEqual({ type: "object", properties: { x: { type: "integer" } } });
    expect(Object.isFrozen(b.tags)).toBe(true);
  });
});

describe("ToolArgs", () => {
  it("typed accessors return undefined for absent or mistyped values", () => {
    const a = new Args({ s: "x", i: 3, f: 1.5, b: false, n: null }, "in");
    expect([a.paramStr("s"), a.paramStr("i"), a.paramStr("zz")]).toEqual(["x", undefined, undefined]);
    expect([a.paramInt("i"), a.paramInt("f"), a.paramInt("s")]).toEqual([3, undefined, undefined]);
    expect([a.paramNumber("f"), a.paramNumber("i"), a.paramNumber("b")]).toEqual([1.5, 3, undefined]);
    expect([a.paramBool("b"), a.paramBool("s"), a.paramBool("n")]).toEqual([false, undefined, undefined]);
    expect(a.paramStr("toString")).toBeUndefined();
    expect(a.stdin).toBe("in");
    expect(a.signal.aborted).toBe(false);
  });
  it("a callback reads typed params, tenant and surface from a real call", async () => {
    const seen: unknown[] = [];
    const def = new ToolDef("t", "T").withSchema({ type: "object", properties: { n: { type: "number" }, on: { type: "boolean" }, i: { type: "integer" } } });
    const tool = ScriptedTool.builder("s")
      .toolFn(def, (a) => {
        seen.push([a.paramNumber("n"), a.paramBool("on"), a.paramInt("i"), a.tenant, a.surface]);
        return "";
      })
      .build();
    await tool.execute({ commands: "t --n 2.5 --on --i 7; t --on=no" }, { tenant: "acme" });
    expect(seen).toEqual([
      [2.5, true, 7, "acme", "shell"],
      [undefined, false, undefined, "acme", "shell"],
    ]);
  });
});

describe("callback identity", () => {
  it("the registry holds the given functions, and every execution calls the same instance", async () => {
    const def = new ToolDef("t", "T");
    const calls: ((a: ToolArgs) => string)[] = [];
    const fn = function self(_a: ToolArgs): string {
      calls.push(self);
      return "x";
    };
    const impl = new ToolImpl(new ToolDef("u", "U")).withExecSync(() => "y");
    const registry = ToolRegistry.builder().toolFn(def, fn).tool(impl).build();
    expect(registry.tools()[0]!.callback).toBe(fn);
    expect(registry.tools()[1]!.callback).toBe(impl.callback);
    const tool = ScriptedTool.builder("s").toolFn(def, fn).build();
    expect(tool.registry.tools()[0]!.callback).toBe(fn);
    await tool.execute({ commands: "t" });
    await tool.execute({ commands: "t; t" });
    expect(calls.length).toBe(3);
    expect(calls.every((c) => c === fn)).toBe(true);
  });
});

describe("effective types (flag parsing)", () => {
  const schema = {
    type: "object",
    properties: {
      any: { anyOf: [{ type: "string" }, { type: "array", items: { type: "integer" } }] },
      all: { allOf: [{ type: "object", properties: { a: { type: "integer" } } }] },
      nullable: { type: ["null", "integer"] },
      tilde: { $ref: "#/definitions/a~0b" },
    },
    definitions: { "a~b": { type: "boolean" } },
  } as const;
  it.each([
    ["anyOf prefers the aggregate branch", ["--any", "1,2"], { any: [1, 2] }],
    ["allOf object via pairs", ["--all", "a=3"], { all: { a: 3 } }],
    ["type array: first non-null entry", ["--nullable", "5"], { nullable: 5 }],
    ["~0 decodes to ~", ["--tilde=yes"], { tilde: true }],
  ])("%s", (_d, args, want) => {
    expect(parseFlags(args, schema as never)).toEqual(want);
  });
});

describe("the discover tool's input precedence: commands > all > query", () => {
  const [, disc] = ScriptingToolSet.builder("shop")
    .toolFn(new ToolDef("get_user", "Fetch user by ID").withCategory("users"), () => "")
    .toolFn(new ToolDef("list_orders", "List orders for user").withCategory("orders"), () => "")
    .withDiscovery()
    .build()
    .tools();
  it.each([
    [{ commands: "discover --search orders", all: true, query: "user" }, "list_orders          List orders for user\n"],
    [{ all: true, query: "orders" }, "orders (1 tool)\nusers (1 tool)\n"],
    [{ query: "fetch" }, "get_user             Fetch user by ID\n"],
  ])("%j", async (input, stdout) => {
    expect(await disc!.execute(input)).toEqual({ stdout, stderr: "", exitCode: 0 });
  });
});

/** Tool input schemas: Standard Schema (zod 4, valibot, arktype-like), JSON Schema 2020-12, and the validator seam. */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { ScriptedTool, ToolDef, type ToolArgs, usageFromSchema } from "./index.js";
import type { StandardSchemaV1 } from "./standard-schema.js";

const echo = (a: ToolArgs) => `${JSON.stringify(a.params)}\n`;
const run = (def: ToolDef, script: string) => ScriptedTool.builder("t").toolFn(def, echo).build().execute({ commands: script });

describe("Standard Schema input", () => {
  const zod = z.object({ id: z.number().int().max(10), tags: z.array(z.string()).optional(), on: z.boolean().optional() });
  const def = new ToolDef("get", "Get").withSchema(zod);

  it("zod 4: JSON Schema from ~standard.jsonSchema drives usage and flag coercion; zod validates", async () => {
    expect(def.standardSchema).toBe(zod);
    expect(def.inputSchema).toMatchObject({ type: "object", required: ["id"], properties: { id: { type: "integer" } } });
    expect(usageFromSchema(def.inputSchema)).toBe("--id <integer> --on <boolean> --tags <json|a,b,c>");
    expect(await run(def, "get --id 5 --tags a,b --on")).toEqual({ stdout: '{"id":5,"tags":["a","b"],"on":true}\n', stderr: "", exitCode: 0 });
    // A refinement JSON Schema would also catch, and the messages are zod's.
    expect(await run(def, "get --id 11")).toEqual({ stdout: "", stderr: "get: schema error: input.id: Too big: expected number to be <=10\n", exitCode: 2 });
    expect((await run(def, "get")).stderr).toBe("get: schema error: input.id: Invalid input: expected number, received undefined\n");
    // Tags and category keep the Standard Schema.
    expect(def.withTags(["x"]).withCategory("c").standardSchema).toBe(zod);
  });

  it("zod refinements JSON Schema cannot express still apply", async () => {
    const even = new ToolDef("even", "Even").withSchema(z.object({ n: z.number().refine((n) => n % 2 === 0, "must be even") }));
    expect(await run(even, "even --n 3")).toMatchObject({ stderr: "even: schema error: input.n: must be even\n", exitCode: 2 });
    expect((await run(even, "even --n 4")).stdout).toBe('{"n":4}\n');
  });

  it("valibot (no JSON Schema offered): {type: object}, or an explicit JSON Schema for flags", async () => {
    const vs = v.object({ id: v.number(), name: v.optional(v.string()) });
    const bare = new ToolDef("get", "Get").withSchema(vs);
    expect(bare.inputSchema).toEqual({ type: "object" });
    expect((await run(bare, "get --id 1")).stderr).toBe('get: schema error: input.id: Invalid type: Expected number but received "1"\n');
    const typed = new ToolDef("get", "Get").withSchema(vs, { type: "object", properties: { id: { type: "number" }, name: { type: "string" } } });
    expect(await run(typed, "get --id 1 --name bo")).toEqual({ stdout: '{"id":1,"name":"bo"}\n', stderr: "", exitCode: 0 });
  });

  it("arktype-like: any object with ~standard, sync or async validate", async () => {
    const calls: unknown[] = [];
    const ark: StandardSchemaV1 = {
      "~standard": {
        version: 1,
        vendor: "arktype-like",
        validate: async (value) => {
          calls.push(value);
          const ok = typeof (value as { q?: unknown }).q === "string";
          return ok ? { value } : { issues: [{ message: "must be a string (was missing)", path: [{ key: "q" }] }] };
        },
        jsonSchema: { input: () => ({ type: "object", properties: { q: { type: "string" } }, required: ["q"] }) },
      },
    };
    const def = new ToolDef("find", "Find").withSchema(ark);
    expect(usageFromSchema(def.inputSchema)).toBe("--q <string>");
    expect(await run(def, "find --q x")).toEqual({ stdout: '{"q":"x"}\n', stderr: "", exitCode: 0 });
    expect(await run(def, "find")).toEqual({ stdout: "", stderr: "find: schema error: input.q: must be a string (was missing)\n", exitCode: 2 });
    expect(await run(def, "find --dry-run")).toMatchObject({ exitCode: 1 });
    expect(calls.length).toBe(3);
  });
});

describe("JSON Schema 2020-12", () => {
  it("validates with the 2020-12 dialect ($defs, prefixItems)", async () => {
    const def = new ToolDef("put", "Put").withSchema({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: { pos: { type: "integer", minimum: 1 } },
      properties: { at: { $ref: "#/$defs/pos" }, pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false } },
      required: ["at"],
      additionalProperties: false,
    });
    expect(await run(def, "put --at 2 --pair '[\"a\",1]'")).toEqual({ stdout: '{"at":2,"pair":["a",1]}\n', stderr: "", exitCode: 0 });
    expect((await run(def, "put --at 0")).stderr).toBe("put: schema error: input.at must be >= 1\n");
    expect((await run(def, "put --at 1 --pair '[\"a\",\"b\"]'")).stderr).toBe("put: schema error: input.pair[1] must be integer\n");
    expect((await run(def, "put --at 1 --pair '[\"a\",1,2]'")).stderr).toBe("put: schema error: input.pair must NOT have more than 2 items\n");
  });
});

describe("the validator seam", () => {
  it("a supplied factory replaces ajv (once per tool); $ref checks still fail closed", async () => {
    const seen: unknown[] = [];
    const tool = ScriptedTool.builder("t")
      .validator((schema) => {
        seen.push(schema);
        return (input) => (typeof input === "object" && input !== null && "id" in input ? undefined : "required property 'id' is missing");
      })
      .toolFn(new ToolDef("get", "Get").withSchema({ type: "object", properties: { id: { type: "integer" } } }), echo)
      .toolFn(new ToolDef("bad", "Bad").withSchema({ properties: { a: { $ref: "#/nope" } } }), echo)
      .build();
    expect(await tool.execute({ commands: "get --id 1; get --id 2; get; bad" })).toEqual({
      stdout: '{"id":1}\n{"id":2}\n',
      stderr: "get: schema error: required property 'id' is missing\nbad: schema error: unresolved $ref '#/nope'\n",
      exitCode: 2,
    });
    expect(seen).toHaveLength(1);
  });

  const dist = new URL("../dist/index.js", import.meta.url).pathname;
  it.skipIf(!existsSync(dist))("runs with code generation from strings disallowed (built dist)", () => {
    const script = `
      import { ScriptedTool, ToolDef } from ${JSON.stringify(dist)};
      const def = new ToolDef("get", "Get").withSchema({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] });
      const fn = (a) => "id=" + a.params.id + "\\n";
      const ajv = ScriptedTool.builder("t").toolFn(def, fn).build();
      const own = ScriptedTool.builder("t").validator(() => (i) => ("id" in i ? undefined : "required property 'id' is missing")).toolFn(def, fn).build();
      const a = await ajv.execute({ commands: "get --id 1" });
      const b = await own.execute({ commands: "get --id 1 | jq -R .; get" });
      console.log(JSON.stringify([a, b]));`;
    const r = spawnSync(process.execPath, ["--disallow-code-generation-from-strings", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 60_000 });
    const [a, b] = JSON.parse(r.stdout) as { stdout: string; stderr: string; exitCode: number }[];
    // ajv cannot compile: every call fails closed with a clear message.
    expect(a!.exitCode).toBe(2);
    expect(a!.stderr).toMatch(/^get: schema error: invalid input schema \(Code generation from strings disallowed/);
    expect(b).toEqual({ stdout: '"id=1"\n', stderr: "get: schema error: required property 'id' is missing\n", exitCode: 2 });
  });
});

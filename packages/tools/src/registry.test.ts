import { describe, expect, it } from "vitest";
import { pick, runCommand } from "../test/fake.js";
import { ToolRegistry } from "./registry.js";
import { ToolDef } from "./tool-def.js";
import { ToolImpl } from "./tool-impl.js";
import { ToolInvocationTrace } from "./trace.js";

const getUser = new ToolDef("get_user", "Fetch user by ID")
  .withSchema({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] })
  .withCategory("users");
const listOrders = new ToolDef("list_orders", "List orders for user")
  .withSchema({ type: "object", properties: { user_id: { type: "integer" }, limit: { type: "integer" } } })
  .withCategory("orders")
  .withTags(["read"]);

function registry(opts: { sanitize?: boolean; policy?: (r: { name: string; tenant?: string }) => boolean | "allow" | "deny" } = {}) {
  const b = ToolRegistry.builder()
    .toolFn(getUser, (a) => `{"id":${a.paramInt("id")},"name":"Alice"}\n`)
    .asyncToolFn(listOrders, async (a) => `[${a.paramInt("user_id") ?? 0}]\n`)
    .toolFn(new ToolDef("boom", "Always fails"), () => {
      throw new Error("db password=hunter2 at /srv/app.js:12");
    })
    .asyncToolFn(new ToolDef("aboom", "Rejects"), () => Promise.reject(new Error("postgres://u:p@h/db")))
    .asyncToolFn(new ToolDef("slow", "Never finishes"), (a) => new Promise((_, rej) => a.signal.addEventListener("abort", () => rej(new Error("aborted")))))
    .toolFn(new ToolDef("echo_stdin", "Echo stdin"), (a) => (a.stdin === undefined ? "<none>" : `<${a.stdin}>`))
    .toolFn(new ToolDef("who", "Tenant"), (a) => `${a.tenant}/${a.surface}`)
    .toolFn(new ToolDef("tags", "Tags").withSchema({ type: "object", properties: { tags: { type: "array", items: { type: "string" } } } }), (a) => JSON.stringify(a.params))
    .toolFn(new ToolDef("orders.list", "Namespaced"), () => "ns\n");
  if (opts.sanitize !== undefined) b.sanitizeErrors(opts.sanitize);
  if (opts.policy) b.policy(opts.policy);
  return b.build();
}

const reg = registry();
const cmds = reg.commands();
const run = (name: string, args: string[], o = {}) => runCommand(pick(cmds, name), args, o);

describe("tool command statuses and messages", () => {
  const rows: [string, string, string[], number, string, string][] = [
    ["success: stdout verbatim", "get_user", ["--id", "1"], 0, '{"id":1,"name":"Alice"}\n', ""],
    ["async success", "list_orders", ["--user_id", "7"], 0, "[7]\n", ""],
    ["flag parse error, no newline", "get_user", ["1"], 2, "", "expected --flag, got: 1"],
    ["schema: required", "get_user", [], 2, "", "get_user: schema error: required property 'id' is missing\n"],
    ["schema: type", "list_orders", ["--limit", "x"], 2, "", "list_orders: schema error: input.limit must be integer\n"],
    ["schema: array item", "tags", ["--tags", '["a","b","c",4]'], 2, "", "tags: schema error: input.tags[3] must be string\n"],
    ["sanitized throw", "boom", [], 1, "", "boom: callback failed\n"],
    ["sanitized reject", "aboom", [], 1, "", "aboom: callback failed\n"],
    ["dotted name", "orders.list", [], 0, "ns\n", ""],
    ["stdin absent is undefined", "echo_stdin", [], 0, "<none>", ""],
  ];
  it.each(rows)("%s", async (_d, name, args, code, out, err) => {
    const r = await run(name, args);
    expect(r).toEqual({ exitCode: code, stdout: out, stderr: err });
  });

  it("pipeline input reaches args.stdin", async () => {
    expect((await run("echo_stdin", [], { stdin: '{"a":1}\n' })).stdout).toBe('<{"a":1}\n>');
  });

  it("unsanitized errors show the message", async () => {
    const c = registry({ sanitize: false }).commands();
    expect(await runCommand(pick(c, "boom"), [])).toEqual({ exitCode: 1, stdout: "", stderr: "db password=hunter2 at /srv/app.js:12" });
    expect((await runCommand(pick(c, "aboom"), [])).stderr).toBe("postgres://u:p@h/db");
  });

  it("sanitized messages never contain secrets", async () => {
    const r = await run("boom", []);
    expect(r.stderr).not.toMatch(/hunter2|srv|postgres|at /);
  });

  it("policy denies after validation, before the callback", async () => {
    let called = 0;
    const seen: unknown[] = [];
    const r2 = ToolRegistry.builder()
      .toolFn(getUser, () => {
        called++;
        return "x";
      })
      .policy((req) => {
        seen.push({ name: req.name, params: { ...req.params }, tenant: req.tenant, surface: req.surface });
        return req.tenant === "good" ? "allow" : "deny";
      })
      .build();
    const c = pick(r2.commands(), "get_user");
    expect(await runCommand(c, ["--id", "1"], { request: { tenant: "bad" } })).toEqual({ exitCode: 1, stdout: "", stderr: "get_user: denied by policy\n" });
    expect(await runCommand(c, [], { request: { tenant: "bad" } })).toMatchObject({ exitCode: 2 });
    expect(seen).toEqual([{ name: "get_user", params: { id: 1 }, tenant: "bad", surface: "shell" }]);
    expect(called).toBe(0);
    expect(await runCommand(c, ["--id", "1"], { request: { tenant: "good" } })).toMatchObject({ exitCode: 0, stdout: "x" });
    expect(called).toBe(1);
  });

  it("a throwing policy denies (fail closed)", async () => {
    const r2 = ToolRegistry.builder()
      .toolFn(getUser, () => "x")
      .policy(() => {
        throw new Error("x");
      })
      .build();
    expect((await r2.call("get_user", { id: 1 })).stderr).toBe("get_user: denied by policy\n");
  });

  it("callback exceeding the remaining deadline times out and sees its signal fire", async () => {
    let aborted = false;
    const r2 = ToolRegistry.builder()
      .asyncToolFn(new ToolDef("slow", "s"), (a) => new Promise((res) => a.signal.addEventListener("abort", () => {
        aborted = true;
        res("late");
      })))
      .build();
    const r = await runCommand(pick(r2.commands(), "slow"), [], { limits: { timeoutMs: 20 } });
    expect(r).toEqual({ exitCode: 1, stdout: "", stderr: "slow: callback timeout\n" });
    expect(aborted).toBe(true);
  });

  it("cancellation while in a callback", async () => {
    const ac = new AbortController();
    const p = run("slow", [], { signal: ac.signal });
    setTimeout(() => ac.abort(), 5);
    expect(await p).toEqual({ exitCode: 1, stdout: "", stderr: "slow: request cancelled\n" });
  });

  it("--help prints help, exit 0, callback not called", async () => {
    expect(await run("get_user", ["--id", "1", "--help"])).toEqual({ exitCode: 0, stdout: "get_user - Fetch user by ID\nUsage: get_user --id <integer>\n", stderr: "" });
    expect(await run("boom", ["--help"])).toEqual({ exitCode: 0, stdout: "boom - Always fails\n", stderr: "" });
  });

  it("--dry-run validates without calling", async () => {
    expect(await run("boom", ["--dry-run", "--x", "1"])).toEqual({ exitCode: 0, stdout: '{"dry_run":true,"params":{"x":"1"},"tool":"boom","valid":true}\n', stderr: "" });
    expect(await run("get_user", ["--dry-run"])).toEqual({
      exitCode: 1,
      stdout: "",
      stderr: `{"dry_run":true,"error":"schema error: required property 'id' is missing","tool":"get_user","valid":false}\n`,
    });
    expect(await run("get_user", ["--dry-run", "7"])).toEqual({
      exitCode: 1,
      stdout: "",
      stderr: '{"dry_run":true,"error":"expected --flag, got: 7","tool":"get_user","valid":false}\n',
    });
  });

  it("structured call: unknown tool is 127", async () => {
    expect(await reg.call("nope", {})).toEqual({ exitCode: 127, stdout: "", stderr: "nope: unknown tool\n" });
    expect(await reg.call("get_user", { id: 3 })).toEqual({ exitCode: 0, stdout: '{"id":3,"name":"Alice"}\n', stderr: "" });
    expect((await reg.call("who", {}, { tenant: "t1" })).stdout).toBe("t1/api");
  });

  it("rejects invalid, reserved and duplicate names at build", () => {
    for (const n of ["1abc", "a-b", "a..b", ".a", "a.", "", "a b", "help", "discover"]) {
      expect(() => ToolRegistry.builder().toolFn(new ToolDef(n, "x"), () => "").build()).toThrow();
    }
    expect(() => ToolRegistry.builder().toolFn(getUser, () => "").toolFn(getUser, () => "").build()).toThrow(/duplicate/);
    expect(() => ToolRegistry.builder().toolFn(new ToolDef("a.b_1._c", "x"), () => "").build()).not.toThrow();
  });
});

describe("schema validation fails closed", () => {
  const mk = (schema: Record<string, unknown>) => pick(ToolRegistry.builder().toolFn(new ToolDef("t", "t").withSchema(schema as never), () => "ran").build().commands(), "t");
  const rows: [string, Record<string, unknown>, string][] = [
    ["unresolved", { properties: { a: { $ref: "#/definitions/x" } } }, "t: schema error: unresolved $ref '#/definitions/x'\n"],
    ["external", { properties: { a: { $ref: "http://evil/x.json" } } }, "t: schema error: external $ref 'http://evil/x.json' is not allowed\n"],
    ["non-string", { properties: { a: { $ref: 5 } } }, "t: schema error: $ref must be a string\n"],
    ["cyclic", { properties: { a: { $ref: "#/definitions/x" } }, definitions: { x: { $ref: "#/definitions/y" }, y: { $ref: "#/definitions/x" } } }, "t: schema error: cyclic $ref '#/definitions/x'\n"],
  ];
  it.each(rows)("%s $ref", async (_d, schema, err) => {
    expect(await runCommand(mk(schema), [])).toEqual({ exitCode: 2, stdout: "", stderr: err });
  });
  it("local $ref at every level, enums, unknown properties", async () => {
    const c = mk({
      type: "object",
      additionalProperties: false,
      properties: { s: { $ref: "#/$defs/status" }, o: { $ref: "#/$defs/obj" } },
      $defs: { status: { enum: ["open", "closed"] }, obj: { type: "object", additionalProperties: false, properties: { n: { $ref: "#/$defs/int" } } }, int: { type: "integer" } },
    });
    expect((await runCommand(c, ["--s", "x"])).stderr).toBe('t: schema error: input.s must be one of: "open", "closed"\n');
    expect((await runCommand(c, ["--o", "n=x"])).stderr).toBe("t: schema error: input.o.n must be integer\n");
    expect((await runCommand(c, ["--o", '{"n":1,"q":2}'])).stderr).toBe("t: schema error: input.o: unknown property 'q'\n");
    expect(await runCommand(c, ["--s", "open", "--o", "n=1"])).toEqual({ exitCode: 0, stdout: "ran", stderr: "" });
    const open = mk({ type: "object", additionalProperties: false, properties: {} });
    expect((await runCommand(open, ["--x", "1"])).stderr).toBe("unknown flag --x; defined flags: (none)");
    expect(await open.run).toBeDefined();
  });
  it("inherited names never satisfy required", async () => {
    const c = mk({ type: "object", required: ["constructor", "toString"] });
    expect((await runCommand(c, [])).stderr).toBe("t: schema error: required property 'constructor' is missing\n");
    expect(await runCommand(c, ["--constructor", "a", "--toString", "b"])).toEqual({ exitCode: 0, stdout: "ran", stderr: "" });
  });
  it("unknown property via the structured surface", async () => {
    const r = ToolRegistry.builder().toolFn(new ToolDef("t", "t").withSchema({ type: "object", additionalProperties: false, properties: { a: { type: "string" } } }), () => "").build();
    expect((await r.call("t", { x: 1 })).stderr).toBe("t: schema error: unknown property 'x'\n");
  });
});

describe("ToolImpl as a plain command", () => {
  const def = new ToolDef("greet", "Greet").withSchema({ type: "object", properties: { name: { type: "string" } } });
  it("prefers the async exec and sanitizes by default", async () => {
    const impl = new ToolImpl(def).withExecSync((a) => `sync ${a.paramStr("name")}\n`).withExec(async (a) => `async ${a.paramStr("name")}\n`);
    expect((await runCommand(impl, ["--name", "bob"])).stdout).toBe("async bob\n");
    expect((await runCommand(new ToolImpl(def).withExecSync((a) => `sync ${a.paramStr("name")}\n`), ["--name", "x"])).stdout).toBe("sync x\n");
    const failing = new ToolImpl(def).withExecSync(() => {
      throw new Error("secret");
    });
    expect((await runCommand(failing, [])).stderr).toBe("greet: callback failed\n");
    expect((await runCommand(failing.sanitizeErrors(false), [])).stderr).toBe("secret");
    expect((await runCommand(new ToolImpl(def), [])).stderr).toBe("greet: callback failed\n");
  });
});

describe("traces", () => {
  it("records tool/help/discover, not flag-parse failures, per request", async () => {
    const t1 = new ToolInvocationTrace();
    const t2 = new ToolInvocationTrace();
    await run("get_user", ["--id", "1"], { request: { trace: t1 } });
    await run("get_user", ["oops"], { request: { trace: t1 } });
    await run("get_user", [], { request: { trace: t1 } });
    await run("get_user", ["--help"], { request: { trace: t1 } });
    await run("help", ["--list"], { request: { trace: t2 } });
    await run("discover", [], { request: { trace: t2 } });
    expect(t1.take()).toEqual([
      { name: "get_user", kind: "tool", args: ["--id", "1"], exitCode: 0 },
      { name: "get_user", kind: "tool", args: [], exitCode: 2 },
      { name: "get_user", kind: "help", args: ["--help"], exitCode: 0 },
    ]);
    expect(t1.take()).toEqual([]);
    expect(t2.take()).toEqual([
      { name: "help", kind: "help", args: ["--list"], exitCode: 0 },
      { name: "discover", kind: "discover", args: [], exitCode: 1 },
    ]);
  });

  it("bounds entries at 256 and args at 1024 UTF-8 bytes", () => {
    const t = new ToolInvocationTrace();
    for (let i = 0; i < 300; i++) t.record("x", "tool", [String(i)], 0);
    const e = t.take();
    expect(e.length).toBe(256);
    expect(e[0]!.args).toEqual(["44"]);
    expect(e[255]!.args).toEqual(["299"]);
    t.record("x", "tool", ["é".repeat(600), "a".repeat(2000), "😀".repeat(300)], 0);
    const [a, b, c] = t.take()[0]!.args;
    expect(a).toBe("é".repeat(512));
    expect(b).toBe("a".repeat(1024));
    expect(c).toBe("😀".repeat(256));
  });

  it("100 interleaved concurrent calls with different tenants do not cross-talk", async () => {
    const r2 = ToolRegistry.builder()
      .asyncToolFn(new ToolDef("whoami", "w"), async (a) => {
        await new Promise((res) => setTimeout(res, (Number(a.tenant!.slice(1)) * 7) % 13));
        return `${a.tenant}\n`;
      })
      .policy((req) => req.tenant !== "t13")
      .build();
    const c = pick(r2.commands(), "whoami");
    const traces = Array.from({ length: 100 }, () => new ToolInvocationTrace());
    const results = await Promise.all(traces.map((trace, i) => runCommand(c, ["--n", String(i)], { request: { tenant: `t${i}`, trace } })));
    results.forEach((r, i) => {
      if (i === 13) expect(r.stderr).toBe("whoami: denied by policy\n");
      else expect(r.stdout).toBe(`t${i}\n`);
      expect(traces[i]!.take()).toEqual([{ name: "whoami", kind: "tool", args: ["--n", String(i)], exitCode: i === 13 ? 1 : 0 }]);
    });
  });
});

import { describe, expect, it } from "vitest";
import { FlagError, parseFlags } from "./flags.js";
import type { JsonObject } from "./json.js";

const orders: JsonObject = {
  type: "object",
  properties: {
    user_id: { type: "integer" },
    limit: { type: "integer" },
    price: { type: "number" },
    verbose: { type: "boolean" },
    name: { type: "string" },
    tags: { type: "array", items: { type: "string" } },
    ids: { type: "array", items: { type: "integer" } },
    server: { type: "object", properties: { host: { type: "string" }, port: { type: "integer" } } },
    servers: { type: "array", items: { type: "object", properties: { host: { type: "string" }, port: { type: "integer" } } } },
    maybe: { type: ["array", "null"], items: { type: "integer" } },
    viaRef: { $ref: "#/definitions/ports" },
    viaOneOf: { oneOf: [{ type: "string" }, { type: "array", items: { type: "integer" } }] },
    implicitArr: { items: { type: "integer" } },
    implicitObj: { properties: { a: { type: "integer" } } },
    weird: { $ref: "#/definitions/a~1b" },
  },
  definitions: { ports: { type: "array", items: { type: "integer" } }, "a/b": { type: "integer" } },
};

const ok: [string, string[], unknown][] = [
  ["empty", [], {}],
  ["--key value", ["--user_id", "42"], { user_id: 42 }],
  ["--key=value", ["--user_id=42"], { user_id: 42 }],
  ["split at first =", ["--name=a=b"], { name: "a=b" }],
  ["negative value", ["--limit", "-5"], { limit: -5 }],
  ["bad integer stays string", ["--limit", "ten"], { limit: "ten" }],
  ["i64 overflow stays string", ["--limit", "9223372036854775808"], { limit: "9223372036854775808" }],
  ["number", ["--price", "1.5e2"], { price: 150 }],
  ["bare boolean", ["--verbose"], { verbose: true }],
  ["boolean =false", ["--verbose=false"], { verbose: false }],
  ["boolean =no", ["--verbose=no"], { verbose: false }],
  ["boolean =1", ["--verbose=1"], { verbose: true }],
  ["boolean =yes", ["--verbose=yes"], { verbose: true }],
  ["unknown key is string", ["--zzz", "12"], { zzz: "12" }],
  ["key without value is true", ["--zzz", "--limit", "1"], { zzz: true, limit: 1 }],
  ["trailing key is true", ["--zzz"], { zzz: true }],
  ["last scalar wins", ["--limit", "1", "--limit", "2"], { limit: 2 }],
  ["array comma split", ["--tags", "a,b,c"], { tags: ["a", "b", "c"] }],
  ["array coerced items", ["--ids", "1,2,x"], { ids: [1, 2, "x"] }],
  ["array JSON", ["--tags", '["a","b"]'], { tags: ["a", "b"] }],
  ["array repeated appends", ["--tags", "a", "--tags", "b,c"], { tags: ["a", "b", "c"] }],
  ["array bad JSON kept raw", ["--tags", "[oops"], { tags: "[oops" }],
  ["array =form", ["--ids=1,2"], { ids: [1, 2] }],
  ["object JSON", ["--server", '{"host":"h","port":1}'], { server: { host: "h", port: 1 } }],
  ["object pairs", ["--server", "host=h", "port=80", "--limit", "1"], { server: { host: "h", port: 80 }, limit: 1 }],
  ["object bad JSON raw", ["--server", "{x"], { server: "{x" }],
  ["array of objects pairs", ["--servers", "host=a", "port=1", "--servers", "host=b"], { servers: [{ host: "a", port: 1 }, { host: "b" }] }],
  ["array of objects JSON then pairs across flags", ["--servers", '{"host":"a"}', "--servers", "host=b"], { servers: [{ host: "a" }, { host: "b" }] }],
  ["array of objects JSON array", ["--servers", '[{"host":"a"},{"host":"b"}]'], { servers: [{ host: "a" }, { host: "b" }] }],
  ["nullable array type", ["--maybe", "1,2"], { maybe: [1, 2] }],
  ["$ref resolves", ["--viaRef", "1,2"], { viaRef: [1, 2] }],
  ["oneOf prefers aggregate", ["--viaOneOf", "3,4"], { viaOneOf: [3, 4] }],
  ["implicit items", ["--implicitArr", "5"], { implicitArr: [5] }],
  ["implicit properties", ["--implicitObj", "a=7"], { implicitObj: { a: 7 } }],
  ["~1 pointer decoding", ["--weird", "9"], { weird: 9 }],
  ["__proto__ is an ordinary key", ["--__proto__", "x"], JSON.parse('{"__proto__":"x"}')],
];

const bad: [string, string[], string][] = [
  ["positional", ["42"], "expected --flag, got: 42"],
  ["single dash", ["-x"], "expected --flag, got: -x"],
  ["boolean never consumes", ["--verbose", "false"], "expected --flag, got: false"],
  ["unknown object key", ["--server", "hots=h"], "--server: unknown key 'hots'; valid keys: host, port"],
  ["pair without =", ["--server", "host"], "--server: expected key=value, got: host"],
  ["mixing in one flag", ["--servers", '{"host":"a"}', "host=b"], "--servers: cannot mix JSON and key=value pairs in one flag"],
  ["too many items", ["--tags", Array(4097).fill("a").join(",")], "--tags: array flag has 4097 items; maximum is 4096"],
  ["appends past the limit", ["--tags", Array(4000).fill("a").join(","), "--tags", Array(97).fill("a").join(",")], "--tags: array flag has 4097 items; maximum is 4096"],
  ["too many bytes", ["--name", "x".repeat(65537)], "--name: parsed flag data exceeds 65536 bytes"],
  ["bytes summed over flags", ["--name", "x".repeat(40000), "--zzz", "y".repeat(30000)], "--zzz: parsed flag data exceeds 65536 bytes"],
];

describe("parseFlags", () => {
  it.each(ok)("%s", (_name, args, want) => {
    expect(parseFlags(args, orders)).toEqual(want);
  });
  it.each(bad)("rejects %s", (_name, args, message) => {
    expect(() => parseFlags(args, orders)).toThrow(FlagError);
    expect(() => parseFlags(args, orders)).toThrow(message);
  });
  it("keeps __proto__ out of the prototype chain", () => {
    const p = parseFlags(["--__proto__", "x"], orders);
    expect(Object.getPrototypeOf(p)).toBe(Object.prototype);
    expect(Object.hasOwn(p, "__proto__")).toBe(true);
    expect(JSON.stringify(p)).toBe('{"__proto__":"x"}');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
  it("closed schema names the defined flags", () => {
    const closed: JsonObject = { type: "object", additionalProperties: false, properties: { limit: { type: "integer" }, user_id: { type: "integer" } } };
    expect(() => parseFlags(["--limti", "10"], closed)).toThrow("unknown flag --limti; defined flags: --limit, --user_id");
    expect(parseFlags(["--limit", "10"], closed)).toEqual({ limit: 10 });
  });
  it("bad refs fail closed (untyped)", () => {
    const s: JsonObject = { properties: { a: { $ref: "#/nope" }, b: { $ref: "http://x/y" }, c: { $ref: "#/definitions/c" } }, definitions: { c: { $ref: "#/definitions/c" } } };
    expect(parseFlags(["--a", "1", "--b", "2", "--c", "3"], s)).toEqual({ a: "1", b: "2", c: "3" });
  });
});

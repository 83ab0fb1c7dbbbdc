/**
 * Prototype pollution (TM-INJ-001): `__proto__`, `constructor` and `prototype` as variable
 * names, array keys, jq/JSON keys, awk subscripts, tool flags and tool params are ordinary keys:
 * they change nothing outside their own value.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Bash } from "@husk/bash";
import { ScriptedTool, ToolDef, parseFlags } from "@husk/tools";
import type { ToolArgs } from "@husk/tools";
import { SMALL } from "./harness.js";

const PROTO_NAMES = () => Object.getOwnPropertyNames(Object.prototype).sort().join(",");
const BEFORE = PROTO_NAMES();
const probe = (): unknown => ({}) as Record<string, unknown>;

afterEach(() => {
  // nothing leaked into the host's prototypes
  expect(PROTO_NAMES()).toBe(BEFORE);
  expect((probe() as Record<string, unknown>).polluted).toBeUndefined();
  expect((probe() as Record<string, unknown>).x).toBeUndefined();
  expect(typeof ({} as { toString: unknown }).toString).toBe("function");
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
});

async function sh(script: string): Promise<string> {
  const r = await new Bash({ limits: SMALL }).exec(script);
  return r.stdout + r.stderr;
}

/** [name, script, expected stdout+stderr] (expectations match GNU bash / jq 1.8 / gawk). */
const CASES: readonly [string, string, string][] = [
  ["shell variables", "__proto__=1; constructor=2; prototype=3; echo $__proto__ $constructor $prototype", "1 2 3\n"],
  ["unset names are empty", 'echo "[${__proto__}${constructor}${toString}${hasOwnProperty}]"', "[]\n"],
  ["associative array keys", "declare -A a; a[__proto__]=p; a[constructor]=c; a[prototype]=t; a[polluted]=x; echo ${#a[@]} ${a[__proto__]} ${a[constructor]}", "4 p c\n"],
  ["missing associative keys", 'declare -A a; echo "[${a[toString]}${a[constructor]}${a[__proto__]}]" ${#a[@]}', "[]\n0\n".replace("\n0", " 0")],
  ["[[ -v ]] on inherited names", "declare -A a; [[ -v a[toString] ]] && echo set || echo unset", "unset\n"],
  ["export and env", "export __proto__=1 constructor=2; env | grep -E '^(__proto__|constructor)=' | sort", "__proto__=1\nconstructor=2\n"],
  ["functions named like prototype members", "toString(){ echo mine; }; constructor(){ echo c; }; toString; constructor", "mine\nc\n"],
  ["commands named like prototype members", "hasOwnProperty; valueOf", "bash: line 1: hasOwnProperty: command not found\nbash: line 1: valueOf: command not found\n"],
  ["jq object keys", `jq -cn '{"__proto__": 1, "constructor": 2} | keys, .__proto__, has("toString")'`, '["__proto__","constructor"]\n1\nfalse\n'],
  ["jq path assignment through __proto__", `jq -cn '{} | .__proto__.polluted = 1 | .constructor.prototype.x = 2'`, '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":2}}}\n'],
  ["jq missing inherited keys are null", `jq -cn '{} | [.constructor, .toString, .__proto__, .hasOwnProperty]'`, "[null,null,null,null]\n"],
  ["jq parsing JSON input", `echo '{"__proto__":{"polluted":true},"a":1}' | jq -c '., (.__proto__|keys), to_entries[0].key'`, '{"__proto__":{"polluted":true},"a":1}\n["polluted"]\n"__proto__"\n'],
  ["jq from_entries and setpath", `jq -cn '[{key:"__proto__",value:1}] | from_entries, (null | setpath(["__proto__","x"]; 1))'`, '{"__proto__":1}\n{"__proto__":{"x":1}}\n'],
  ["awk array subscripts", `awk 'BEGIN{a["__proto__"]=1; a["constructor"]=2; n=0; for (k in a) n++; print n, ("toString" in a), ("polluted" in a), length(a)}'`, "2 0 0 2\n"],
  ["awk variables named like prototype members", `awk 'BEGIN{constructor=1; __proto__=2; print constructor+__proto__, toString}'`, "3 \n"],
  ["sed labels and hold space", "echo x | sed ':__proto__;s/x/y/;t__proto__'", "y\n"],
];

describe("TM-INJ-001: prototype-named keys are ordinary keys", () => {
  for (const [name, script, want] of CASES) {
    it(name, async () => {
      expect(await sh(script)).toBe(want);
    });
  }
});

describe("TM-INJ-001: tool flags and params", () => {
  const seen: unknown[] = [];
  const tool = ScriptedTool.builder("t")
    .toolFn(new ToolDef("echo_args", "returns its params as JSON"), (args: ToolArgs) => {
      seen.push(args.params);
      return `${JSON.stringify(args.params)}\n`;
    })
    .toolFn(
      new ToolDef("typed", "schema with prototype names").withSchema({
        type: "object",
        properties: { ["__proto__"]: { type: "string" }, constructor: { type: "integer" }, prototype: { type: "boolean" } },
      }),
      (args: ToolArgs) => `${JSON.stringify(args.params)} ${args.paramStr("toString") ?? "none"}\n`,
    )
    .limits(SMALL)
    .build();

  it("flags named __proto__, constructor, prototype", async () => {
    const r = await tool.execute({ commands: "echo_args --__proto__ x --constructor y --prototype z --polluted 1" });
    expect(r.exitCode).toBe(0);
    const params = seen.at(-1) as Record<string, unknown>;
    expect(Object.getPrototypeOf(params) === Object.prototype || Object.getPrototypeOf(params) === null).toBe(true);
    expect(Object.hasOwn(params, "__proto__")).toBe(true);
    expect(JSON.parse(r.stdout)).toMatchObject({ constructor: "y", prototype: "z" });
  });
  it("schema properties named like prototype members", async () => {
    const r = await tool.execute({ commands: "typed --__proto__ a --constructor 2 --prototype" });
    expect(r.stdout).toBe('{"__proto__":"a","constructor":2,"prototype":true} none\n');
  });
  it("parseFlags returns own keys only", () => {
    const p = parseFlags(["--__proto__", "{\"polluted\":1}", "--toString", "x"], { type: "object" }) as Record<string, unknown>;
    expect(Object.hasOwn(p, "__proto__")).toBe(true);
    expect(Object.hasOwn(p, "toString")).toBe(true);
    expect((p as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

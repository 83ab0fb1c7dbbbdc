/**
 * One registry serving many executions at once, and deadlines. Tenant, surface and trace come
 * per request (ToolCallRequest / ExecuteOptions), never from registry or tool state: 100
 * interleaved executions whose callbacks await random short delays each see only their own
 * tenant, and each trace holds only its own calls. A callback that outlives the shell's
 * deadline sees its AbortSignal fire and its command fails with `NAME: callback timeout`.
 */
import { Bash } from "@husk/bash";
import { AbortError } from "@husk/host";
import { describe, expect, it } from "vitest";
import { type PolicyRequest, ToolRegistry } from "./registry.js";
import { ScriptedTool } from "./scripted-tool.js";
import { type ToolArgs, ToolDef } from "./tool-def.js";
import type { ToolRegistration } from "./tool-builder.js";
import { ToolInvocationTrace } from "./trace.js";

/** A deterministic stream of delays of 0-4 ms (xorshift), so each run interleaves the same way. */
function delays(seed: number): () => number {
  let s = seed;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % 5;
  };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const N = 100;
const whoami = new ToolDef("whoami", "Tenant and request").withSchema({ type: "object", properties: { req: { type: "integer" }, step: { type: "integer" } }, required: ["req"] });
const orders = new ToolDef("orders.list", "Orders of the tenant").withSchema({ type: "object", properties: { req: { type: "integer" } } });

/** Tools and a policy that check that the tenant they see is the request's, added to `b`. */
function sharedTools<B extends ToolRegistration>(b: B) {
  const mismatches: string[] = [];
  const next = delays(0x9e3779b9);
  const check = (where: string, tenant: string | undefined, req: unknown) => {
    if (tenant !== `t${String(req)}`) mismatches.push(`${where}: tenant ${tenant} in request ${String(req)}`);
  };
  b.asyncToolFn(whoami, async (a: ToolArgs) => {
    check("callback before await", a.tenant, a.params.req);
    await sleep(next());
    check("callback after await", a.tenant, a.params.req);
    return `${a.tenant}:${a.params.req}:${a.params.step ?? 0}\n`;
  });
  b.toolFn(orders, (a) => `${JSON.stringify([{ tenant: a.tenant, total: Number(a.params.req) }])}\n`);
  b.policy(async (r: PolicyRequest) => {
    await sleep(next());
    check("policy", r.tenant, r.params.req);
    return true;
  });
  return { builder: b, mismatches };
}

const script = (i: number) => `for s in 1 2 3; do whoami --req ${i} --step $s; done; orders.list --req ${i} | jq -r '.[0].tenant'; help whoami >/dev/null`;
const expectedOut = (i: number) => `t${i}:${i}:1\nt${i}:${i}:2\nt${i}:${i}:3\nt${i}\n`;
const expectedTrace = (i: number) => [
  ...[1, 2, 3].map((s) => ({ name: "whoami", kind: "tool", args: ["--req", String(i), "--step", String(s)], exitCode: 0 })),
  { name: "orders.list", kind: "tool", args: ["--req", String(i)], exitCode: 0 },
  { name: "help", kind: "help", args: ["whoami"], exitCode: 0 },
];

describe("tenant and trace isolation under concurrency", () => {
  it("100 interleaved executions of one ScriptedTool: own tenant, own trace", async () => {
    const { builder, mismatches } = sharedTools(ScriptedTool.builder("shop"));
    const tool = builder.build();
    const traces = Array.from({ length: N }, () => new ToolInvocationTrace());
    const rs = await Promise.all(traces.map((trace, i) => tool.execute({ commands: script(i) }, { tenant: `t${i}`, trace })));
    rs.forEach((r, i) => {
      expect({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode }).toEqual({ stdout: expectedOut(i), stderr: "", exitCode: 0 });
      expect(traces[i]!.take()).toEqual(expectedTrace(i));
    });
    expect(mismatches).toEqual([]);
  });

  it("100 interleaved executions of one Bash({toolRegistry}): own tenant, own trace", async () => {
    const { builder, mismatches } = sharedTools(ToolRegistry.builder());
    const registry = builder.build();
    const bash = new Bash({ toolRegistry: registry });
    const traces = Array.from({ length: N }, () => new ToolInvocationTrace());
    const rs = await Promise.all(traces.map((trace, i) => bash.exec(script(i), { context: { tenant: `t${i}`, trace } })));
    rs.forEach((r, i) => {
      expect({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode }).toEqual({ stdout: expectedOut(i), stderr: "", exitCode: 0 });
      expect(traces[i]!.take()).toEqual(expectedTrace(i));
    });
    expect(mismatches).toEqual([]);
  });

  it("100 interleaved structured calls (the api surface): own tenant, own trace", async () => {
    const { builder, mismatches } = sharedTools(ToolRegistry.builder());
    const registry = builder.build();
    const traces = Array.from({ length: N }, () => new ToolInvocationTrace());
    const rs = await Promise.all(traces.map((trace, i) => registry.call("whoami", { req: i }, { tenant: `t${i}`, trace })));
    rs.forEach((r, i) => {
      expect(r).toEqual({ exitCode: 0, stdout: `t${i}:${i}:0\n`, stderr: "" });
      expect(traces[i]!.take()).toEqual([{ name: "whoami", kind: "tool", args: [`{"req":${i}}`], exitCode: 0 }]);
    });
    expect(mismatches).toEqual([]);
  });

  it("takeLastExecutionTrace still returns the most recent execution's calls", async () => {
    const tool = ScriptedTool.builder("t").toolFn(whoami, (a) => `${a.tenant}\n`).build();
    await tool.execute({ commands: "whoami --req 1" }, { tenant: "a" });
    await tool.execute({ commands: "whoami --req 2; whoami --req 3" }, { tenant: "b" });
    expect(tool.takeLastExecutionTrace().map((e) => e.args)).toEqual([
      ["--req", "2"],
      ["--req", "3"],
    ]);
  });
});

describe("timeout cancellation (the shell's deadline)", () => {
  /** A callback that never finishes on its own and records why its signal fired. */
  function slowRegistry(policyDelayMs = 0) {
    const fired: unknown[] = [];
    const b = ToolRegistry.builder().asyncToolFn(
      new ToolDef("slow", "Never finishes"),
      (a) =>
        new Promise<string>((_, reject) =>
          a.signal.addEventListener("abort", () => {
            fired.push(a.signal.reason);
            reject(a.signal.reason);
          }),
        ),
    );
    if (policyDelayMs > 0) b.policy(() => sleep(policyDelayMs).then(() => true));
    return { registry: b.build(), fired };
  }
  const isTimeoutReason = (r: unknown) => r instanceof AbortError && r.reason === "timeout" && r.message === "slow: callback timeout";

  it("plain Bash: the callback's signal fires at the deadline and the command reports a callback timeout", async () => {
    const { registry, fired } = slowRegistry();
    const r = await new Bash({ toolRegistry: registry, limits: { timeoutMs: 80 } }).exec("echo a; slow");
    expect(r.stdout).toBe("a\n");
    expect(r.stderr.startsWith("slow: callback timeout\n")).toBe(true);
    expect(fired.length).toBe(1);
    expect(isTimeoutReason(fired[0])).toBe(true);
  });

  it("several callbacks pending in one run (background jobs) all time out, each with its own signal", async () => {
    const { registry, fired } = slowRegistry();
    const r = await new Bash({ toolRegistry: registry, limits: { timeoutMs: 80 } }).exec("slow & slow & slow & wait");
    expect(r.stderr.split("slow: callback timeout\n").length - 1).toBe(3);
    expect(fired.length).toBe(3);
    expect(fired.every(isTimeoutReason)).toBe(true);
  });

  it("callbacks in runs that already ended leave no watch behind: a later run times out on its own deadline", async () => {
    const { registry, fired } = slowRegistry();
    const fast = ToolRegistry.builder().asyncToolFn(new ToolDef("quick", "q"), async () => "ok\n").build();
    const bash = new Bash({ toolRegistry: fast });
    for (let i = 0; i < 3; i++) expect((await bash.exec("quick; quick")).stdout).toBe("ok\nok\n");
    const r = await new Bash({ toolRegistry: registry, limits: { timeoutMs: 50 } }).exec("slow");
    expect(r.stderr.startsWith("slow: callback timeout\n")).toBe(true);
    expect(fired.length).toBe(1);
  });

  it("the deadline is the shell's, not the call start's: time spent in the policy counts", async () => {
    // The policy takes 50 of the 150 ms; the callback gets what is left, not another 150 ms.
    const { registry, fired } = slowRegistry(50);
    const bash = new Bash({ toolRegistry: registry, limits: { timeoutMs: 150 } });
    const r = await bash.exec("slow");
    expect(r.stderr.startsWith("slow: callback timeout\n")).toBe(true);
    expect(r.stderr).not.toContain("request cancelled");
    expect(isTimeoutReason(fired[0])).toBe(true);
  });

  it("structured call: timeoutMs bounds the callback, exit 1, the signal fires", async () => {
    const { registry, fired } = slowRegistry();
    expect(await registry.call("slow", {}, { timeoutMs: 20 })).toEqual({ exitCode: 1, stdout: "", stderr: "slow: callback timeout\n" });
    expect(isTimeoutReason(fired[0])).toBe(true);
  });

  it("ScriptedTool timeout_ms: exit 124, error timeout, the exact message, the callback's signal fired", async () => {
    const { registry, fired } = slowRegistry();
    const tool = new ScriptedTool({ ...ScriptedTool.builder("t").build().config, registry });
    const r = await tool.execute({ commands: "echo before; slow", timeout_ms: 100 });
    expect({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode, error: r.error }).toEqual({ stdout: "before\n", stderr: "execution timed out after 0.1s\n", exitCode: 124, error: "timeout" });
    expect(fired.length).toBe(1);
    expect(fired[0]).toBeInstanceOf(AbortError);
  });

  it("ScriptedTool with only limits.timeoutMs: a callback at the deadline ends the call as a timeout", async () => {
    const { registry, fired } = slowRegistry();
    const tool = new ScriptedTool({ ...ScriptedTool.builder("t").limits({ timeoutMs: 100 }).build().config, registry });
    const r = await tool.execute({ commands: "slow; echo after" });
    expect({ stderr: r.stderr, exitCode: r.exitCode, error: r.error }).toEqual({ stderr: "execution timed out after 0.1s\n", exitCode: 124, error: "timeout" });
    expect(fired.length).toBe(1);
  });
});

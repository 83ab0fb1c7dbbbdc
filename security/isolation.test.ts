/**
 * Isolation (TM-ISO-001): concurrent executions (100 interleaved) never see each other's
 * variables, functions, files (separate Bash instances), tenants or traces.
 */
import { describe, expect, it } from "vitest";
import { Bash } from "@husk/bash";
import { ScriptedTool, ToolDef } from "@husk/tools";
import type { ToolArgs } from "@husk/tools";
import { SMALL } from "./harness.js";

const N = 100;

/** Each script sets its own state, yields (sleep) so the others interleave, then reads it back. */
const script = (i: number): string => `
x=${i}; declare -A m=([k]=${i}); f(){ echo fn${i}; }; export E=${i}; cd /tmp; shopt -s nullglob
[ -e /tmp/mine ] && echo "LEAK file"
echo ${i} > /tmp/mine; sleep 0.0$((${i} % 7))
for k in 1 2 3; do y=$((y + ${i})); sleep 0; done
echo "$x \${m[k]} $(f) $E $y $(cat /tmp/mine) $PWD $(shopt -p nullglob | cut -d' ' -f2)"`;
const want = (i: number): string => `${i} ${i} fn${i} ${i} ${3 * i} ${i} /tmp -s\n`;

describe("TM-ISO-001: concurrent executions are isolated", () => {
  it(`${N} interleaved runs on separate Bash instances see only their own variables and files`, async () => {
    const results = await Promise.all(Array.from({ length: N }, (_, i) => new Bash({ limits: SMALL }).exec(script(i))));
    results.forEach((r, i) => expect(r.stdout + r.stderr).toBe(want(i)));
  });

  it(`${N} interleaved runs on ONE Bash instance share files but never variables or functions`, async () => {
    const bash = new Bash({ limits: SMALL });
    const results = await Promise.all(Array.from({ length: N }, (_, i) => bash.exec(`x=${i}; f(){ echo ${i}; }; sleep 0.0$((${i} % 5)); echo "$x $(f)"; [ -n "$leftover" ] && echo LEAK; leftover=1`)));
    results.forEach((r, i) => expect(r.stdout + r.stderr).toBe(`${i} ${i}\n`));
  });

  it("one run's limit breach, timeout or cancellation does not touch the others", async () => {
    const ac = new AbortController();
    const runs = [
      new Bash({ limits: SMALL }).exec("while :; do :; done"),
      new Bash({ limits: { ...SMALL, timeoutMs: 100 } }).exec("sleep 10"),
      new Bash({ limits: SMALL }).exec("sleep 10", { signal: ac.signal }),
      ...Array.from({ length: 20 }, (_, i) => new Bash({ limits: SMALL }).exec(`sleep 0.0$((${i} % 3)); echo ok${i}`)),
    ];
    setTimeout(() => ac.abort(), 20);
    const [a, b, c, ...rest] = await Promise.all(runs);
    expect(a!.error?.kind).toBe("resource_limit");
    expect(b!.error?.kind).toBe("timeout");
    expect(c!.error?.kind).toBe("cancelled");
    rest.forEach((r, i) => expect(r.stdout).toBe(`ok${i}\n`));
  });

  it(`${N} interleaved ScriptedTool executions see only their own tenant, params and trace`, async () => {
    const tool = ScriptedTool.builder("t")
      .asyncToolFn(new ToolDef("whoami", "echoes tenant and n").withSchema({ type: "object", properties: { n: { type: "integer" } } }), async (args: ToolArgs) => {
        await new Promise((r) => setTimeout(r, (args.paramInt("n") ?? 0) % 4));
        return `${args.tenant} ${args.paramInt("n")}\n`;
      })
      .limits(SMALL)
      .build();
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => tool.execute({ commands: `v=${i}; whoami --n ${i}; whoami --n $v | cat; echo "$v"` }, { tenant: `tenant-${i}` })),
    );
    results.forEach((r, i) => expect(r.stdout).toBe(`tenant-${i} ${i}\ntenant-${i} ${i}\n${i}\n`));
  });

  it("a trace holds only its own execution's invocations", async () => {
    const tool = ScriptedTool.builder("t")
      .toolFn(new ToolDef("ping", "pong").withSchema({ type: "object", properties: { n: { type: "integer" } } }), (a: ToolArgs) => `pong ${a.paramInt("n")}\n`)
      .limits(SMALL)
      .build();
    for (let i = 0; i < 5; i++) {
      await tool.execute({ commands: `for k in $(seq ${i + 1}); do ping --n ${i}; done` });
      const trace = tool.takeLastExecutionTrace();
      expect(trace.length).toBe(i + 1);
      expect(JSON.stringify(trace)).not.toMatch(new RegExp(`"n":(?!${i}\\b)\\d`));
    }
  });

  it("state does not persist between exec() calls unless persistState is set", async () => {
    const bash = new Bash({ limits: SMALL });
    await bash.exec("secret=1; f(){ :; }; alias a=b; set -o noclobber; cd /tmp");
    const r = await bash.exec('echo "[$secret]"; type f 2>&1 | head -1; alias; set -o | grep noclobber; pwd');
    expect(r.stdout).toBe("[]\nbash: line 1: type: f: not found\nnoclobber      \toff\n/home/user\n");
  });
});

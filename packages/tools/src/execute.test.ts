/**
 * ScriptedTool.execute() and tools inside a real Bash (the @husk/bash facade). Rows that need
 * a command not wired yet skip themselves (see `available`).
 */
import { Bash } from "@husk/bash";
import type { Command } from "@husk/host";
import { describe, expect, it } from "vitest";
import { ToolRegistry } from "./registry.js";
import { ScriptedTool } from "./scripted-tool.js";
import { ToolDef } from "./tool-def.js";
import { ToolImpl } from "./tool-impl.js";
import { ToolInvocationTrace } from "./trace.js";
import { ScriptingToolSet } from "./toolset.js";


/**
 * Commands the logic-only shell has right now. Rows that need a command still being wired
 * (jq, sed...) skip themselves until it is there, so this suite stays green while the builtin
 * packages land and tightens by itself once they do.
 */
const available = new Set<string>();
{
  const r = await new Bash({ profile: "logic-only" }).exec(
    "for c in jq sed awk grep sort head cat xargs seq; do type $c >/dev/null 2>&1 && echo $c; done",
  );
  for (const c of r.stdout.split("\n")) if (c) available.add(c);
}
/** True when every command word of `script` that we know of is available. */
function runnable(script: string): boolean {
  for (const c of ["jq", "sed", "awk", "grep", "sort", "head", "cat", "xargs", "seq"]) {
    if (new RegExp(`(^|[|;(]\\s*|\\s)${c}(\\s|$)`).test(script) && !available.has(c)) return false;
  }
  return true;
}
/** The logic-only rejections print `bash: ...` without a line number, as the behaviour page words them. */
function bashMessage(rest: string): RegExp {
  return new RegExp(`^bash: ${rest.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\n$`);
}

const getUser = new ToolDef("get_user", "Fetch user by ID").withSchema({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] }).withCategory("users");
const listOrders = new ToolDef("list_orders", "List orders for user")
  .withSchema({ type: "object", properties: { user_id: { type: "integer" }, limit: { type: "integer" } } })
  .withCategory("orders")
  .withTags(["read"]);

function shop() {
  let calls = 0;
  const stock = new Map<string, number>([["widget", 3]]);
  const tool = ScriptedTool.builder("shop")
    .toolFn(getUser, (a) => {
      calls++;
      const id = a.paramInt("id")!;
      if (id === 404) throw new Error("user 404 not found in postgres://secret");
      return `${JSON.stringify({ id, name: id === 1 ? "Alice" : "Bob", calls })}\n`;
    })
    .asyncToolFn(listOrders, async (a) => `${JSON.stringify([{ id: 10, user: a.paramInt("user_id") }, { id: 11, user: a.paramInt("user_id") }].slice(0, a.paramInt("limit") ?? 2))}\n`)
    .toolFn(new ToolDef("echo_stdin", "Echo stdin"), (a) => (a.stdin === undefined ? "none\n" : `got:${a.stdin}`))
    .toolFn(new ToolDef("take", "Take stock").withSchema({ properties: { item: { type: "string" } } }), (a) => {
      const n = (stock.get(a.paramStr("item")!) ?? 0) - 1;
      stock.set(a.paramStr("item")!, n);
      return `${n}\n`;
    })
    .toolFn(new ToolDef("peek", "Peek stock").withSchema({ properties: { item: { type: "string" } } }), (a) => `${stock.get(a.paramStr("item")!) ?? 0}\n`)
    .asyncToolFn(new ToolDef("slow", "Waits for abort"), (a) => new Promise((res) => a.signal.addEventListener("abort", () => res("aborted\n"))))
    .toolFn(new ToolDef("who", "Tenant"), (a) => `${a.tenant}\n`)
    .env("API_VERSION", "v2")
    .build();
  return { tool, calls: () => calls };
}

describe("ScriptedTool.execute", () => {
  const rows: [string, string, string, number][] = [
    ["single tool", "get_user --id 1", '{"id":1,"name":"Alice","calls":1}\n', 0],
    ["pipeline into jq", "get_user --id 1 | jq -r .name", "Alice\n", 0],
    ["multi-step", 'uid=$(get_user --id 2 | jq .id); list_orders --user_id "$uid" --limit 1 | jq -c .', '[{"id":10,"user":2}]\n', 0],
    ["loop", "for i in 1 2; do get_user --id $i | jq -r .name; done", "Alice\nBob\n", 0],
    ["fallback on error", "get_user --id 404 || echo fallback", "fallback\n", 0],
    ["if/else on status", "if get_user --id 404 2>/dev/null; then echo yes; else echo no:$?; fi", "no:1\n", 0],
    ["stdin piping", "echo '{\"a\":1}' | echo_stdin", 'got:{"a":1}\n', 0],
    ["here-string", "echo_stdin <<< hi", "got:hi\n", 0],
    ["absent stdin", "echo_stdin", "none\n", 0],
    ["env vars", "echo $API_VERSION", "v2\n", 0],
    ["help in a script", "help get_user", "get_user - Fetch user by ID\nUsage: get_user --id <integer>\n", 0],
    ["discover in a script", "discover --categories", "orders (1 tool)\nusers (1 tool)\n", 0],
    ["exit status of the script", "get_user; echo $?", "2\n", 0],
    ["functions and arithmetic", "f() { echo $(( $1 * 2 )); }; f 21", "42\n", 0],
  ];
  it.for(rows)("%s", async ([, commands, stdout, exitCode], ctx) => {
    if (!runnable(commands)) return ctx.skip();
    const { tool } = shop();
    const r = await tool.execute({ commands });
    expect({ stdout: r.stdout, exitCode: r.exitCode }).toEqual({ stdout, exitCode });
  });

  // The behaviour page: stdin reaches a callback only when piped or redirected into the tool
  // command itself; stdin a loop, group or function inherits is not the tool's (unlike cat).
  const stdinCases: [string, string][] = [
    ["printf '1\\n2\\n' | while read -r id; do echo_stdin; done", "none\nnone\n"],
    ["while read -r id; do echo_stdin; done <<< $'1\\n2'", "none\nnone\n"],
    ["printf '1\\n2\\n' | while read -r id; do echo \"$id\" | echo_stdin; done", "got:1\ngot:2\n"],
    ["printf '1\\n2\\n' | while read -r id; do echo_stdin <<< \"x$id\"; done", "got:x1\ngot:x2\n"],
    ["printf '1\\n2\\n' | while read -r id; do echo_stdin < /dev/null; done", "none\nnone\n"],
    ["f() { echo_stdin; }; echo hi | f", "none\n"],
    ["echo hi | { echo_stdin; }", "none\n"],
    ["echo_stdin <<EOF\nbody\nEOF", "got:body\n"],
  ];
  it.each(stdinCases)("stdin only when piped or redirected into the tool: %s", async (commands, stdout) => {
    const r = await shop().tool.execute({ commands });
    expect({ stdout: r.stdout, exitCode: r.exitCode }).toEqual({ stdout, exitCode: 0 });
  });

  it("error messages are sanitized", async () => {
    const r = await shop().tool.execute({ commands: "get_user --id 404" });
    expect(r).toMatchObject({ exitCode: 1, stderr: "get_user: callback failed\n" });
  });

  it.skipIf(!available.has("jq"))("callback state persists across calls; shell state does not", async () => {
    const { tool, calls } = shop();
    await tool.execute({ commands: "X=1; get_user --id 1 >/dev/null; f() { :; }" });
    const r = await tool.execute({ commands: 'echo "${X:-unset}"; type f >/dev/null 2>&1 || echo nofunc; get_user --id 1 | jq .calls' });
    expect(r.stdout).toBe("unset\nnofunc\n2\n");
    expect(calls()).toBe(2);
  });

  it("shared mutable state between tools", async () => {
    const { tool } = shop();
    expect((await tool.execute({ commands: "take --item widget; take --item widget; peek --item widget" })).stdout).toBe("2\n1\n1\n");
    expect((await tool.execute({ commands: "peek --item widget" })).stdout).toBe("1\n");
  });

  it("timeout_ms: exit 124, error timeout, the callback sees abort", async () => {
    const r = await shop().tool.execute({ commands: "echo before; slow; echo after", timeout_ms: 100 });
    expect(r.exitCode).toBe(124);
    expect(r.error).toBe("timeout");
    expect(r.stderr).toBe("execution timed out after 0.1s\n");
  });

  it("cancellation through options.signal: the callback sees abort, the call reports cancelled", async () => {
    const { tool } = shop();
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    const r = await tool.execute({ commands: "echo a; slow" }, { signal: ac.signal });
    expect(r.error).toBe("cancelled");
    expect(r.exitCode).not.toBe(0);
    expect(r.stdout).toBe("a\n");
    expect(r.stderr).toContain("slow: request cancelled\n");
  });

  it("--help and --dry-run inside a script", async () => {
    const r = await shop().tool.execute({ commands: "get_user --id 1 --help; get_user --dry-run --id x; echo $?; get_user --id=2 --dry-run" });
    expect(r.stdout).toBe('get_user - Fetch user by ID\nUsage: get_user --id <integer>\n1\n{"dry_run":true,"params":{"id":2},"tool":"get_user","valid":true}\n');
    expect(r.stderr).toBe('{"dry_run":true,"error":"schema error: input.id must be integer","tool":"get_user","valid":false}\n');
  });

  it("timeout_ms also stops a busy loop (the shell's own deadline)", async () => {
    // Iteration limits high enough that only the deadline can end the loop, on any machine.
    const busy = ScriptedTool.builder("busy")
      .toolFn(getUser, () => "u\n")
      .limits({ maxLoopIterations: 1e12, maxTotalIterations: 1e12, maxCommands: 1e12 })
      .build();
    const r = await busy.execute({ commands: "echo x; while true; do :; done", timeout_ms: 100 });
    expect(r).toMatchObject({ exitCode: 124, error: "timeout", stderr: "execution timed out after 0.1s\n" });
  });

  it("a resource limit ends the call with resource_limit and keeps prior output", async () => {
    const t = ScriptedTool.builder("t").toolFn(getUser, () => "u\n").limits({ maxLoopIterations: 5 }).build();
    const r = await t.execute({ commands: "echo start; for i in 1 2 3 4 5 6 7 8; do :; done; echo end" });
    expect(r.exitCode).toBe(1);
    expect(r.error).toBe("resource_limit");
    expect(r.stdout).toBe("start\n");
    expect(r.stderr).toContain("maxLoopIterations");
  });

  it("takeLastExecutionTrace returns the last execute's invocations and clears", async () => {
    const { tool } = shop();
    await tool.execute({ commands: "get_user --id 1 >/dev/null; get_user x 2>/dev/null; help --list >/dev/null; discover >/dev/null 2>&1; true" });
    expect(tool.takeLastExecutionTrace()).toEqual([
      { name: "get_user", kind: "tool", args: ["--id", "1"], exitCode: 0 },
      { name: "help", kind: "help", args: ["--list"], exitCode: 0 },
      { name: "discover", kind: "discover", args: [], exitCode: 1 },
    ]);
    expect(tool.takeLastExecutionTrace()).toEqual([]);
  });

  it("100 interleaved concurrent executions keep tenants apart", async () => {
    const { tool } = shop();
    const rs = await Promise.all(Array.from({ length: 100 }, (_, i) => tool.execute({ commands: "who; who" }, { tenant: `t${i}` })));
    rs.forEach((r, i) => expect(r.stdout).toBe(`t${i}\nt${i}\n`));
  });

  it("custom builtins run, never shadow tools/help/discover, and cannot reach files", async () => {
    const reads: string[] = [];
    const mine: Command = {
      name: "ignored",
      run: async (ctx) => {
        try {
          await ctx.fs.readFile("/etc/passwd");
          reads.push("read");
        } catch (e) {
          await ctx.stderr.write(`${(e as Error).message}\n`);
        }
        await ctx.stdout.write(`args:${ctx.args.join(",")}\n`);
        return 0;
      },
    };
    const t = ScriptedTool.builder("t")
      .toolFn(getUser, () => "tool\n")
      .builtin("mycmd", mine)
      .builtin("get_user", mine)
      .builtin("help", mine)
      .builtin("discover", mine)
      .build();
    const r = await t.execute({ commands: "mycmd -x a -- b; get_user --id 1; help get_user | head -1; discover --categories" });
    expect(r.stdout).toBe("args:-x,a,--,b\ntool\nget_user - Fetch user by ID\nusers (1 tool)\n");
    expect(r.stderr).toContain("filesystem access disabled");
    expect(reads).toEqual([]);
  });

  it("builtin errors are sanitized by default", async () => {
    const bad: Command = {
      name: "bad",
      run: () => {
        throw new Error("token=abc");
      },
    };
    const r = await ScriptedTool.builder("t").builtin("bad", bad).build().execute({ commands: "bad" });
    expect(r.stderr).toBe("bad: command failed\n");
    expect(r.exitCode).toBe(1);
  });

  it("the discover tool runs discover and help", async () => {
    const [, disc] = ScriptingToolSet.builder("shop").toolFn(getUser, () => "").toolFn(listOrders, () => "").withDiscovery().build().tools();
    expect((await disc!.execute({ all: true })).stdout).toBe("orders (1 tool)\nusers (1 tool)\n");
    expect((await disc!.execute({ query: "orders" })).stdout).toBe("list_orders          List orders for user\n");
    expect((await disc!.execute({ commands: "help get_user", all: true })).stdout).toBe("get_user - Fetch user by ID\nUsage: get_user --id <integer>\n");
  });
});

describe("tools in a plain Bash", () => {
  it("new Bash({toolRegistry}) installs the registry; per-request tenant and trace", async () => {
    const registry = ToolRegistry.builder()
      .toolFn(new ToolDef("orders.list", "List orders").withSchema({ properties: { customer: { type: "string" } } }), (a) => `${a.tenant}:${a.paramStr("customer")}\n`)
      .build();
    const bash = new Bash({ toolRegistry: registry });
    const traces = Array.from({ length: 100 }, () => new ToolInvocationTrace());
    const rs = await Promise.all(traces.map((trace, i) => bash.exec(`orders.list --customer c${i}`, { context: { tenant: `t${i}`, trace } })));
    rs.forEach((r, i) => {
      expect(r.stdout).toBe(`t${i}:c${i}\n`);
      expect(traces[i]!.take()).toEqual([{ name: "orders.list", kind: "tool", args: ["--customer", `c${i}`], exitCode: 0 }]);
    });
  });
  it("ToolImpl as a custom command, sanitized by default", async () => {
    const impl = new ToolImpl(new ToolDef("greet", "Greet")).withExecSync(() => {
      throw new Error("secret");
    });
    const r = await new Bash({ commands: [impl] }).exec("greet");
    expect(r).toMatchObject({ exitCode: 1, stderr: "greet: callback failed\n" });
  });
});

describe("logic-only rejections (enforced by the profile)", () => {
  const t = ScriptedTool.builder("t").toolFn(getUser, () => "u\n").build();
  const absent = ["ls", "find", "mkdir x", "rm x", "cp a b", "mv a b", "touch x", "chmod 644 x", "ln -s a b", "stat x", "source x", ". x"];
  it.each(absent)("file command %s is absent (127)", async (cmd) => {
    const name = cmd.split(" ")[0];
    const r = await t.execute({ commands: cmd });
    expect(r.exitCode).toBe(127);
    expect(r.stderr).toMatch(bashMessage(`${name}: command not found`));
  });
  const paths = ["/bin/ls", "./x.sh", "/tmp/script.sh", "PATH=/usr/bin:/bin; python3 -c 1"];
  it.each(paths)("path execution %s is refused (127)", async (cmd) => {
    expect((await t.execute({ commands: cmd })).exitCode).toBe(127);
  });
  const redirs: [string, string][] = [
    ["echo hi > /tmp/x", "/tmp/x"],
    ["echo hi >> /tmp/x", "/tmp/x"],
    ["echo hi &> /tmp/x", "/tmp/x"],
    ["echo hi >| /tmp/x", "/tmp/x"],
    ["cat < /etc/passwd", "/etc/passwd"],
    ["f=/tmp/x; echo hi > $f", "/tmp/x"],
    ["eval 'echo hi > /tmp/y'", "/tmp/y"],
    ["get_user --id 1 > out.json", "out.json"],
  ];
  it.each(redirs)("redirection %s is refused", async (cmd, target) => {
    const r = await t.execute({ commands: cmd });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(bashMessage(`${target}: filesystem redirection disabled`));
  });
  it("/dev/null redirections work", async () => {
    expect(await t.execute({ commands: "get_user --id 1 > /dev/null; echo ok 2>/dev/null" })).toMatchObject({ exitCode: 0, stdout: "ok\n" });
  });
  it("process substitution is refused", async () => {
    const r = await t.execute({ commands: "cat <(echo hi)" });
    expect(r.stderr).toMatch(/^bash: (line \d+: )?process substitution disabled in logic-only shell/);
    expect(r.stdout).toBe("");
  });
  const operands = ["grep x /etc/passwd", "cat /etc/passwd", "sort /etc/passwd", "jq . /etc/passwd", "head -1 /etc/passwd", "sed p /etc/passwd", "awk 1 /etc/passwd"];
  it.for(operands)("file operand %s is refused", async (cmd, ctx) => {
    if (!runnable(cmd)) return ctx.skip();
    const r = await t.execute({ commands: cmd });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain("filesystem access disabled");
  });
  const sneaky = [
    "eval 'cat /etc/passwd'",
    "alias c='cat /etc/passwd'; c",
    "ls() { command ls /; }; ls",
    "cat() { command cat /etc/passwd; }; cat",
    "x=cat; $x /etc/passwd",
    "command cat /etc/passwd",
    "builtin source /etc/passwd",
    "exec cat /etc/passwd",
    "echo /etc/passwd | xargs cat",
  ];
  it.each(sneaky)("no file is reached through %s", async (cmd) => {
    // Holds whether or not the command exists yet: nothing may print a file's content.
    const r = await t.execute({ commands: cmd });
    expect(r.stdout).not.toContain("root:");
    expect(r.exitCode).not.toBe(0);
  });
});

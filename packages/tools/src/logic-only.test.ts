/**
 * The logic-only profile's rejections (spec/tool-layer-behaviour.md, "The logic-only shell"),
 * reached through every indirection a script has: a custom builtin, `eval`, `source`, aliases,
 * functions named like commands, and redirection targets built from variables, command
 * substitution or tilde expansion. Each row asserts the exact stdout, stderr and exit status
 * (the real bash gives the same statuses for the same failures: `exec 3>/nonexistent/x`
 * and `read x < /nonexistent` fail with 1 and the script goes on), and that no file is
 * reached: the shell is given a filesystem holding a secret, which the profile must ignore.
 */
import { Bash } from "@husk/bash";
import { type Command, DisabledFs, type FileSystem, MemoryFs } from "@husk/host";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToolRegistry } from "./registry.js";
import { ScriptedTool } from "./scripted-tool.js";
import { ToolDef } from "./tool-def.js";

const SECRET = "root:SECRET:0:0";
const getUser = new ToolDef("get_user", "Fetch user by ID").withSchema({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] });

/** A builtin that tries every filesystem operation on its first argument. */
const probe: Command = {
  name: "probe",
  run: async (ctx) => {
    const path = ctx.args[0] ?? "/etc/passwd";
    const tries: [string, () => Promise<unknown>][] = [
      ["read", () => ctx.fs.readFile(path)],
      ["write", () => ctx.fs.writeFile(path, "x")],
      ["stat", () => ctx.fs.stat(path)],
      ["readdir", () => ctx.fs.readdir("/")],
      ["mkdir", () => ctx.fs.mkdir("/tmp/d")],
    ];
    for (const [op, f] of tries) {
      try {
        const v = await f();
        await ctx.stdout.write(`${op}: ${String(v)}\n`);
      } catch (e) {
        await ctx.stderr.write(`${op}: ${(e as Error).message}\n`);
      }
    }
    await ctx.stdout.write(`exists: ${String(await ctx.fs.exists(path))}\n`);
    return 0;
  },
};
/** A builtin that runs its arguments as a script in the same shell (`ctx.shell.exec`). */
const run: Command = { name: "run", run: (ctx) => ctx.shell.exec(ctx.args.join(" ")) };

const PROBE_OUT = "exists: false\n";
const PROBE_ERR = ["read", "write", "stat", "readdir", "mkdir"].map((op) => `${op}: filesystem access disabled\n`).join("");
const redirected = (target: string) => `bash: ${target}: filesystem redirection disabled\n`;
const fileOperand = (cmd: string, path: string) => `${cmd}: ${path}: filesystem access disabled\n`;
const ALIASES = "shopt -s expand_aliases\n";

/** [route, script, stdout, stderr, exit status]. */
const rows: [string, string, string, string, number][] = [
  // custom builtin (ScriptedTool.builtin): same shell, same rejecting filesystem
  ["builtin: every fs operation", "probe /etc/passwd", PROBE_OUT, PROBE_ERR, 0],
  ["builtin: shell.exec a file command", "run cat /etc/passwd", "", fileOperand("cat", "/etc/passwd"), 1],
  ["builtin: shell.exec a redirection", "run 'echo hi > /tmp/x'", "", redirected("/tmp/x"), 1],
  ["builtin: shell.exec source", "run source /etc/passwd", "", "bash: source: command not found\n", 127],
  // eval
  ["eval: file operand", "eval 'cat /etc/passwd'", "", fileOperand("cat", "/etc/passwd"), 1],
  ["eval: input redirection", "eval 'cat < /etc/passwd'", "", redirected("/etc/passwd"), 1],
  ["eval: operator built from a variable", 'x=">"; eval "echo hi $x /tmp/x"', "", redirected("/tmp/x"), 1],
  ["eval: process substitution", "eval 'cat <(echo hi)'", "", "bash: process substitution disabled in logic-only shell\n", 1],
  ["eval: source", "eval 'source /etc/passwd'", "", "bash: source: command not found\n", 127],
  // source and .
  ["source", "source /etc/passwd", "", "bash: source: command not found\n", 127],
  [".", ". /etc/passwd", "", "bash: .: command not found\n", 127],
  ["command source", "command source /etc/passwd", "", "bash: source: command not found\n", 127],
  ["builtin source", "builtin source /etc/passwd", "", "bash: line 1: builtin: source: not a shell builtin\n", 1],
  // aliases (expanded: shopt -s expand_aliases and a new line, as in bash)
  ["alias: file operand", `${ALIASES}alias c='cat /etc/passwd'\nc`, "", fileOperand("cat", "/etc/passwd"), 1],
  ["alias: redirection", `${ALIASES}alias w='echo hi > /tmp/x'\nw`, "", redirected("/tmp/x"), 1],
  ["alias: source", `${ALIASES}alias s='source /etc/passwd'\ns`, "", "bash: source: command not found\n", 127],
  // functions named like commands
  ["function cat", "cat() { command cat /etc/passwd; }; cat", "", fileOperand("cat", "/etc/passwd"), 1],
  ["function ls", "ls() { command ls /; }; ls", "", "bash: ls: command not found\n", 127],
  ["function echo", "echo() { builtin echo hi > /tmp/x; }; echo", "", redirected("/tmp/x"), 1],
  ["function named like a tool", "get_user() { cat /etc/passwd; }; get_user", "", fileOperand("cat", "/etc/passwd"), 1],
  // redirection targets built from variables, substitutions, expansions
  ["quoted variable", 'f=/etc/passwd; cat < "$f"', "", redirected("/etc/passwd"), 1],
  ["exec with an fd", 'x=/tmp/x; exec 3>"$x"; echo $?', "1\n", redirected("/tmp/x"), 0],
  ["exec with a named fd", "exec {fd}>/tmp/x; echo $?", "1\n", redirected("/tmp/x"), 0],
  ["exec stdout", "exec > /tmp/x; echo hi", "hi\n", redirected("/tmp/x"), 0],
  ["command substitution", "echo hi >$(echo /tmp/x)", "", redirected("/tmp/x"), 1],
  ["array element", 'arr=(/etc/passwd); cat < "${arr[0]}"', "", redirected("/etc/passwd"), 1],
  ["printf -v", 'printf -v t /etc/passwd; read -r l < $t; echo "[$l]"', "[]\n", redirected("/etc/passwd"), 0],
  ["tilde", "cat < ~/.bashrc", "", redirected("/home/user/.bashrc"), 1],
  ["append from a variable", 'x=/tmp/x; echo hi >> "$x"', "", redirected("/tmp/x"), 1],
  ["read-write", "cat <> /etc/passwd", "", redirected("/etc/passwd"), 1],
  ["stderr to a file", "echo hi 2>/tmp/e", "", redirected("/tmp/e"), 1],
  ["&> and >&", "echo hi &>/tmp/a; echo hi >&/tmp/b", "", redirected("/tmp/a") + redirected("/tmp/b"), 1],
  ["loop input", 'f=/etc/passwd; while read -r l; do echo "$l"; done < "$f"', "", redirected("/etc/passwd"), 1],
  ["mapfile", "mapfile a < /etc/passwd", "", redirected("/etc/passwd"), 1],
  ["tool output", "get_user --id 1 > out.json", "", redirected("out.json"), 1],
  ["/dev/tcp", "echo hi > /dev/tcp/127.0.0.1/80", "", redirected("/dev/tcp/127.0.0.1/80"), 1],
  ["process substitution as output", "echo hi > >(cat)", "", "bash: process substitution disabled in logic-only shell\n", 1],
  // paths and $PATH
  ["absolute path", "/bin/cat /etc/passwd", "", "bash: /bin/cat: command not found\n", 127],
  ["hash -p", "hash -p /bin/cat cat; cat /etc/passwd", "", "bash: /bin/cat: command not found\n", 127],
  ["command -p", "command -p cat /etc/passwd", "", fileOperand("cat", "/etc/passwd"), 1],
  ["exec a command", "exec cat /etc/passwd", "", fileOperand("cat", "/etc/passwd"), 1],
  ["xargs", "echo /etc/passwd | xargs cat", "", fileOperand("cat", "/etc/passwd"), 123],
  ["cd then a relative operand", "cd /etc; cat passwd", "", "bash: line 1: cd: /etc: filesystem access disabled\ncat: passwd: filesystem access disabled\n", 1],
  // allowed: /dev/null, fd duplication
  ["/dev/null both ways", "cat < /dev/null; echo hi > /dev/null; echo ok", "ok\n", "", 0],
  ["fd duplication", "echo hi >&2", "", "hi\n", 0],
  // the shell's own streams by name are fd duplication too (bash: /dev/stderr is >&2), not files
  ["/dev/stderr and /dev/stdout", "echo e > /dev/stderr; echo o > /dev/stdout; echo f >> /dev/fd/1", "o\nf\n", "e\n", 0],
  ["/dev/stdin", "tr a b < /dev/stdin <<< aa", "bb\n", "", 0],
  ["/dev/fd/N of an fd the script opened", "exec 3>&2; echo three > /dev/fd/3", "", "three\n", 0],
  ["other /dev names are files", "echo x > /dev/tty; cat < /dev/zero", "", redirected("/dev/tty") + redirected("/dev/zero"), 1],
  // an fd the script did not open: what Linux bash says (its /dev/fd is the kernel's)
  ["/dev/fd/N not open", "echo y > /dev/fd/9; cat < /dev/fd/8", "", "bash: line 1: /dev/fd/9: No such file or directory\nbash: line 1: /dev/fd/8: No such file or directory\n", 1],
];

describe("logic-only rejections through every route (ScriptedTool)", () => {
  const tool = ScriptedTool.builder("t").toolFn(getUser, () => "u\n").builtin("probe", probe).builtin("run", run).build();
  it.each(rows)("%s: %s", async (_route, commands, stdout, stderr, exitCode) => {
    const r = await tool.execute({ commands });
    expect({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode }).toEqual({ stdout, stderr, exitCode });
  });
});

describe("no file is reached", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a logic-only Bash ignores the filesystem it is given: no call reaches it", async () => {
    const mem = new MemoryFs();
    await mem.mkdir("/etc", { recursive: true });
    await mem.mkdir("/tmp", { recursive: true });
    await mem.writeFile("/etc/passwd", SECRET);
    await mem.writeFile("/home/user/.bashrc", SECRET).catch(() => undefined);
    const calls: string[] = [];
    const spy = new Proxy(mem, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver) as unknown;
        if (typeof v !== "function") return v;
        return (...args: unknown[]) => {
          calls.push(`${String(prop)}(${args.map(String).join(",")})`);
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as FileSystem;
    const registry = ToolRegistry.builder().toolFn(getUser, () => "u\n").build();
    const bash = new Bash({ profile: "logic-only", fs: spy, toolRegistry: registry, commands: [probe, run] });
    for (const [, script] of rows) {
      const r = await bash.exec(script);
      expect(`${r.stdout}${r.stderr}`).not.toContain("SECRET");
    }
    expect(calls).toEqual([]);
    expect(await mem.readFile("/etc/passwd")).toBe(SECRET);
    expect(await mem.exists("/tmp/x")).toBe(false);
  });

  it("refused redirections are refused by the interpreter, before any filesystem call", async () => {
    const ops = ["readFile", "writeFile", "appendFile", "stat", "lstat", "exists", "readdir", "mkdir", "rm", "rename"] as const;
    const seen: string[] = [];
    for (const op of ops) {
      const proto = DisabledFs.prototype as unknown as Record<string, unknown>;
      if (typeof proto[op] !== "function") continue;
      vi.spyOn(proto as Record<string, (...a: unknown[]) => unknown>, op).mockImplementation((...a: unknown[]) => {
        seen.push(`${op}(${a.map(String).join(",")})`);
        return Promise.reject(new Error("filesystem access disabled"));
      });
    }
    const tool = ScriptedTool.builder("t").toolFn(getUser, () => "u\n").build();
    for (const [, commands, , stderr] of rows) {
      if (!stderr.includes("filesystem redirection disabled") || commands.startsWith("run ") || commands.includes("cat passwd")) continue;
      await tool.execute({ commands });
    }
    expect(seen).toEqual([]);
  });
});

/**
 * Husk-specific behaviour with no gawk counterpart: resource limits, cancellation, the
 * command-line parser, the Command adapter and the sandbox boundaries.
 */
import { AbortError, LimitError, LimitsMeter, resolveLimits, SeededRandom, StringInput, StringOutput, FixedClock, UsageError } from "@husk/host";
import type { CommandContext, FileSystem } from "@husk/host";
import { describe, expect, it } from "vitest";
import { parseArgs } from "./cli.js";
import { awk, awkCommand, commands, parse } from "./index.js";

describe("limits", () => {
  const cases: [string, string, string][] = [
    ["endless loop hits the deadline", "BEGIN { while (1) x++ }", "timeout"],
    ["growing string hits maxStringBytes", 'BEGIN { s = "x"; while (1) s = s s }', "maxStringBytes"],
    ["growing array hits the element cap", "BEGIN { while (1) a[i++] }", "maxVariables"],
    ["huge NF hits maxFields", "BEGIN { NF = 1e9 }", "maxFields"],
    ["huge field index hits maxFields", 'BEGIN { $200000 = "x" }', "maxFields"],
    ["huge printf width", 'BEGIN { printf "%*d", 1e9, 1 }', "maxStringBytes"],
    // each gsub of an empty match triples the string: found by tools-fuzz (the heap ran out)
    ["gsub in a loop hits maxStringBytes", 'BEGIN { s = "ab"; while (1) gsub(//, "<&>", s) }', "maxStringBytes"],
  ];
  for (const [name, prog, limit] of cases) {
    it(name, async () => {
      const limits = limit === "timeout" ? { timeoutMs: 300 } : { timeoutMs: 20_000, maxVariables: 100, maxStringBytes: 1 << 20 };
      const err = await awk(prog, "", { limits }).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (limit === "timeout") expect(err).toBeInstanceOf(AbortError);
      else {
        expect(err).toBeInstanceOf(LimitError);
        expect((err as LimitError).limit).toBe(limit);
      }
    });
  }

  it("cancellation through the signal", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    await expect(awk("BEGIN { while (1) x++ }", "", { signal: ac.signal })).rejects.toBeInstanceOf(AbortError);
  });

  it("deep recursion is a clean fatal error", async () => {
    const r = await awk("function f(n) { return f(n + 1) } BEGIN { f(0) }");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^awk: (cmd\. line:1: )?fatal: /);
  });
});

describe("sandbox boundaries", () => {
  it("system and pipes fail without a shell", async () => {
    const r = await awk('BEGIN { print system("echo hi"); "date" | getline d; print "[" d "]" }');
    expect(r.stdout).toBe("127\n[]\n");
  });
  it("reading a file without a filesystem fails like a missing file", async () => {
    const r = await awk('BEGIN { print (getline l < "/etc/passwd") }');
    expect(r.stdout).toBe("-1\n");
  });
  it("keys like __proto__ are ordinary", async () => {
    const r = await awk('BEGIN { a["__proto__"] = 1; a["constructor"] = 2; n = 0; for (k in a) n++; print n, a["__proto__"] + a["constructor"] }');
    expect(r.stdout).toBe("2 3\n");
  });
  it("rand is deterministic for a seed", async () => {
    const a = await awk("BEGIN { print rand(), rand() }", "", { seed: 7 });
    const b = await awk("BEGIN { print rand(), rand() }", "", { seed: 7 });
    expect(a.stdout).toBe(b.stdout);
  });
  it("systime and strftime use the injected clock", async () => {
    const r = await awk('BEGIN { print systime(), strftime("%Y-%m-%d") }', "", { now: 86_400_000 });
    expect(r.stdout).toBe("86400 1970-01-02\n");
  });
});

describe("parseArgs", () => {
  const table: [string[], Partial<ReturnType<typeof parseArgs>>][] = [
    [["{print}", "f"], { programText: "{print}", operands: ["f"] }],
    [["-F:", "-vx=1", "-v", "y=2", "{print}"], { fs: ":", assigns: ["x=1", "y=2"], programText: "{print}" }],
    [["-F", "\\t", "--", "{print}", "-x"], { fs: "\\t", programText: "{print}", operands: ["-x"] }],
    [["-f", "a.awk", "-f", "b.awk", "in.txt"], { progFiles: ["a.awk", "b.awk"], programText: undefined, operands: ["in.txt"] }],
    [["-e", "BEGIN{}", "x"], { programText: "BEGIN{}", operands: ["x"] }],
    [["--field-separator=,", "--assign", "a=b", "1"], { fs: ",", assigns: ["a=b"], programText: "1" }],
  ];
  for (const [argv, want] of table) {
    it(argv.join(" "), () => expect(parseArgs(argv)).toMatchObject(want));
  }
  it("rejects a missing program and unknown options", () => {
    expect(() => parseArgs([])).toThrow(UsageError);
    expect(() => parseArgs(["-Q", "1"])).toThrow(UsageError);
    expect(() => parseArgs(["-F"])).toThrow(UsageError);
  });
});

describe("parse", () => {
  it("decides regex versus division by the previous token", () => {
    const p = parse("{ a = x / y / z; b = /re/ }");
    const body = p.rules[0]!.action!;
    expect(JSON.stringify(body[0])).not.toContain('"Regex"');
    expect(JSON.stringify(body[1])).toContain('"Regex"');
  });
  it("registers functions for recursion", () => {
    expect(parse("function f(n) { return n ? f(n - 1) : 0 }").functions.has("f")).toBe(true);
  });
});

function ctxFor(args: string[], files: Record<string, string>, stdin = ""): { ctx: CommandContext; out: StringOutput; err: StringOutput } {
  const out = new StringOutput();
  const err = new StringOutput();
  const fs = {
    readFile: (p: string) => (p in files ? Promise.resolve(files[p]!) : Promise.reject(new Error("No such file or directory"))),
  } as unknown as FileSystem;
  const ctx: CommandContext = {
    name: "awk",
    args,
    stdin: new StringInput(stdin),
    stdout: out,
    stderr: err,
    env: new Map([["HOME", "/home/user"]]),
    cwd: "/w",
    fs,
    signal: new AbortController().signal,
    meter: new LimitsMeter(resolveLimits()),
    clock: new FixedClock(0),
    random: new SeededRandom(1),
    identity: { user: "u", hostname: "h", uid: 1, gid: 1, pid: 2, ppid: 1, home: "/home/user" },
    shell: { run: () => Promise.resolve(0), exec: () => Promise.resolve(0) },
    request: {},
  };
  return { ctx, out, err };
}

describe("the awk command", () => {
  it("is exported as awk and gawk", () => {
    expect(commands.map((c) => c.name)).toEqual(["awk", "gawk"]);
  });
  it("reads -f program files relative to the cwd and file operands", async () => {
    const { ctx, out } = ctxFor(["-f", "p.awk", "d.txt"], { "/w/p.awk": "{ print NR, $2 }", "/w/d.txt": "a b\nc d\n" });
    expect(await awkCommand.run(ctx)).toBe(0);
    expect(out.text).toBe("1 b\n2 d\n");
  });
  it("reports a missing -f file", async () => {
    const { ctx, err } = ctxFor(["-f", "nope.awk"], {});
    expect(await awkCommand.run(ctx)).toBe(2);
    expect(err.text).toMatch(/^awk: fatal: can't open source file `nope.awk' for reading/);
  });
  it("usage error without a program", async () => {
    const { ctx, err } = ctxFor([], {});
    expect(await awkCommand.run(ctx)).toBe(2);
    expect(err.text).toContain("usage:");
  });
  it("reads stdin and ENVIRON from the context", async () => {
    const { ctx, out } = ctxFor(['{ print $1, ENVIRON["HOME"] }'], {}, "x y\n");
    expect(await awkCommand.run(ctx)).toBe(0);
    expect(out.text).toBe("x /home/user\n");
  });
});

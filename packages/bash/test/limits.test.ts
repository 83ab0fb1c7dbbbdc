/** Streaming pipelines end at once; runaway scripts end by their limits with a clear message. */
import { describe, expect, it } from "vitest";
import { lazyCommand } from "@husk/host";
import type { Command, CommandContext } from "@husk/host";
import { Bash } from "../src/index.js";

describe("streaming pipelines end at once", () => {
  const cases: [string, string][] = [
    ["yes | head -1", "y\n"],
    ["seq 1 100000000 | head -3", "1\n2\n3\n"],
    ["while :; do echo y; done | head -1", "y\n"],
    ["for ((;;)); do printf 'x\\n'; done | head -2", "x\nx\n"],
  ];
  for (const [script, out] of cases) {
    it(script, async () => {
      const r = await new Bash().exec(script);
      expect(r.stdout).toBe(out);
      expect(r.exitCode).toBe(0);
      expect(r.error).toBeUndefined();
    });
  }

  // A loop of builtins never blocks on a 64 KiB pipe with 2-byte lines: unless the pipe makes the
  // writer yield, a warm (JIT-compiled) loop ran 10,000 commands (maxCommands) before `head` got
  // its first turn, in 298 of 300 runs; the first, cold runs passed (which the cases above are).
  it("a writer that never blocks lets its reader run, warm as well as cold", async () => {
    const sh = new Bash();
    await sh.exec("yes | head -1");
    for (let i = 0; i < 60; i++) {
      const r = await new Bash().exec("while :; do echo y; done | head -1");
      expect([r.stdout, r.exitCode, r.stderr]).toEqual(["y\n", 0, ""]);
    }
  });

  // A command whose module loads on first use (a macrotask, like `import()`): without loading
  // the pipeline's commands before its stages start, the writer ran alone while `slowcat`
  // loaded, into maxCommands (as `| cat | head -1` did on the first use of cat in a process).
  it("a stage whose command is still loading does not leave the writer running alone", async () => {
    let loads = 0;
    const slowcat = lazyCommand({ name: "slowcat" }, async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 30));
      const run = async (ctx: CommandContext): Promise<number> => {
        for (let c = await ctx.stdin.read(); c !== undefined; c = await ctx.stdin.read()) await ctx.stdout.write(c);
        return 0;
      };
      return { name: "slowcat", run } satisfies Command;
    });
    const r = await new Bash({ commands: [slowcat] }).exec("while :; do echo y; done | slowcat | head -1");
    expect([r.stdout, r.exitCode, r.stderr, loads]).toEqual(["y\n", 0, "", 1]);
    // (and it stays loaded: no wait on the next run)
    expect(slowcat.load?.()).toBeUndefined();
  });

  // Readers that take several turns to end: the writer must not run thousands of commands per turn.
  for (const reader of ["grep -m1 y", "awk '{print; exit}'", "sed 1q"]) {
    it(`while :; do echo y; done | ${reader} (warm)`, async () => {
      await new Bash().exec(`echo y | ${reader}`);
      for (let i = 0; i < 20; i++) {
        const r = await new Bash().exec(`while :; do echo y; done | ${reader}`);
        expect([r.stdout, r.exitCode, r.stderr]).toEqual(["y\n", 0, ""]);
      }
    });
  }
});

describe("runaway scripts end by their limits", () => {
  const cases: [string, string, Record<string, number>?][] = [
    ["while :; do :; done", "maxLoopIterations", { maxCommands: 1e9 }],
    ["while :; do :; done | head -1", "maxCommands"],
    ["f() { f; }; f", "maxCallDepth"],
    [":(){ :|:& };:", "maxCommands", { maxCommands: 2000 }],
    ["x=a; while :; do x=$x$x; done", "maxStringBytes", { maxLoopIterations: 1e6 }],
    ["for ((i=0;;i++)); do :; done", "maxLoopIterations", { maxCommands: 1e9 }],
    ["i=0; while :; do i=$((i+1)); done", "maxTotalIterations", { maxLoopIterations: 1e9, maxTotalIterations: 20000, maxCommands: 1e9 }],
    ["echo $(echo $(echo $(echo $(echo hi))))", "", { maxSubshellDepth: 2 }],
  ];
  for (const [script, limit, limits] of cases) {
    it(script, async () => {
      const r = await new Bash({ limits }).exec(`echo before\n${script}\necho after`);
      expect(r.stdout.startsWith("before\n")).toBe(true);
      expect(r.exitCode).toBe(1);
      expect(r.error?.kind).toBe("resource_limit");
      if (limit !== "") expect(r.error?.limit).toBe(limit);
      expect(r.stderr).toContain("limit");
      if (!script.includes("&")) expect(r.stdout).not.toContain("after");
    });
  }

  it("times out with 124", async () => {
    const r = await new Bash({ limits: { timeoutMs: 200, maxLoopIterations: 1e12, maxTotalIterations: 1e12, maxCommands: 1e12 } }).exec("echo x; while :; do :; done");
    expect(r.exitCode).toBe(124);
    expect(r.error?.kind).toBe("timeout");
    expect(r.stdout).toBe("x\n");
  });

  it("ends a shell and a coprocess waiting on each other at the time limit (124)", async () => {
    // sort prints nothing before its input ends, and the shell reads before closing it
    const r = await new Bash({ limits: { timeoutMs: 200 } }).exec('echo start; coproc sort; echo b >&"${COPROC[1]}"; read -r l <&"${COPROC[0]}"; echo "never $l"');
    expect(r.exitCode).toBe(124);
    expect(r.error?.kind).toBe("timeout");
    expect(r.stdout).toBe("start\n");
  });

  it("cancels a shell waiting on its coprocess (130)", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const r = await new Bash().exec('coproc cat; read -r l <&"${COPROC[0]}"', { signal: ac.signal });
    expect(r.exitCode).toBe(130);
    expect(r.error?.kind).toBe("cancelled");
  });

  it("ends a coprocess still running when the script ends (its input closes)", async () => {
    const r = await new Bash({ limits: { timeoutMs: 5000 } }).exec('coproc { while read -r l; do :; done; }; echo x >&"${COPROC[1]}"; echo done');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("done\n");
  });

  it("cancels with 130", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const r = await new Bash({ limits: { maxLoopIterations: 1e12, maxTotalIterations: 1e12, maxCommands: 1e12 } }).exec("while :; do :; done", { signal: ac.signal });
    expect(r.exitCode).toBe(130);
    expect(r.error?.kind).toBe("cancelled");
  });

  it("truncates stdout at its cap and flags it", async () => {
    const r = await new Bash({ limits: { maxStdoutBytes: 10 } }).exec("for i in 1 2 3 4 5 6 7 8; do echo $i$i; done");
    expect(r.stdout).toBe("11\n22\n33\n4");
    expect(r.truncated).toBe(true);
  });
});

describe("logic-only profile", () => {
  const sh = () => new Bash({ profile: "logic-only" });
  it("keeps shell logic and stdin transforms", async () => {
    const r = await sh().exec('x=$(echo a b | tr a-z A-Z); for w in $x; do echo "<$w>"; done | sort -r');
    expect(r.stdout).toBe("<B>\n<A>\n");
  });
  it("refuses filesystem redirections", async () => {
    const r = await sh().exec("echo hi > out.txt; echo $?");
    expect(r.stdout).toBe("1\n");
    expect(r.stderr).toContain("out.txt: filesystem redirection disabled");
  });
  it("allows /dev/null", async () => {
    const r = await sh().exec("echo hi > /dev/null; echo ok 2>/dev/null");
    expect(r.stdout).toBe("ok\n");
  });
  it("refuses process substitution", async () => {
    const r = await sh().exec("cat <(echo x)");
    expect(r.stderr).toContain("process substitution disabled in logic-only shell");
  });
  it("has no source, no path commands", async () => {
    const r = await sh().exec("source x; echo $?; ./x; echo $?; /bin/ls; echo $?");
    expect(r.stdout).toBe("127\n127\n127\n");
  });
});

describe("sandbox profile", () => {
  it("seeds files and persists the filesystem across exec()", async () => {
    const b = new Bash({ files: { "data.txt": "hello\n" } });
    expect((await b.exec("pwd; read l < data.txt; echo $l; echo more >> data.txt")).stdout).toBe("/home/user\nhello\n");
    expect((await b.exec("while read l; do echo $l; done < data.txt")).stdout).toBe("hello\nmore\n");
  });
  it("does not keep variables unless persistState", async () => {
    const b = new Bash();
    await b.exec("x=1");
    expect((await b.exec("echo ${x-unset}")).stdout).toBe("unset\n");
    const p = new Bash({ persistState: true });
    await p.exec("x=1; f() { echo f$x; }");
    expect((await p.exec("f")).stdout).toBe("f1\n");
  });
  it("runs a custom command through the one table", async () => {
    const b = new Bash({ commands: [{ name: "hello", run: (ctx) => (ctx.stdout.write(`hi ${ctx.args.join(",")}\n`), 0) }] });
    expect((await b.exec("hello a b | while read l; do echo \"[$l]\"; done")).stdout).toBe("[hi a,b]\n");
  });
});

describe("maxVariables counts the variables that exist, not every one ever made", () => {
  const limits = { maxVariables: 100, maxCommands: 1e9, maxLoopIterations: 1e9, maxTotalIterations: 1e9 };
  // Each script's stdout is what bash 5.2 prints for it.
  const fine: [string, string][] = [
    ['f() { local a=$1 b; local -a c=(1); }; for ((i = 0; i < 500; i++)); do f "$i"; done; echo ok', "ok\n"],
    ['f() { local a=$1; unset a; }; for ((i = 0; i < 500; i++)); do f "$i"; done; echo ok', "ok\n"],
    ["for ((i = 0; i < 500; i++)); do X=$i Y=1 true; done; echo ok", "ok\n"],
    ["f() { local a; g; }; g() { local b; }; for ((i = 0; i < 500; i++)); do f; done; echo ok", "ok\n"],
  ];
  for (const [script, out] of fine) {
    it(script, async () => {
      const r = await new Bash({ limits }).exec(script);
      expect(r.stderr).toBe("");
      expect(r.stdout).toBe(out);
    });
  }
  it("still stops a script that keeps 100 variables alive", async () => {
    const r = await new Bash({ limits }).exec('f() { for ((i = 0; i < 200; i++)); do local "v$i=1"; done; }; f; echo after');
    expect(r.error?.limit).toBe("maxVariables");
    expect(r.stdout).toBe("");
  });
});

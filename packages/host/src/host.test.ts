import { describe, expect, it } from "vitest";
import {
  AbortError,
  CommandTable,
  DEFAULT_LIMITS,
  DisabledFs,
  FixedClock,
  FsError,
  LazyAbort,
  LimitError,
  LimitsMeter,
  SeededRandom,
  StringInput,
  StringOutput,
  errorMessage,
  normalizePath,
  readLines,
  resolveLimits,
  resolvePath,
  utf8Length,
} from "./index.js";
import type { Command } from "./index.js";

describe("paths", () => {
  it.each([
    ["/", "/"],
    ["//a///b/", "/a/b"],
    ["/a/./b/../c", "/a/c"],
    ["/../../etc", "/etc"],
    ["/a/..", "/"],
  ])("normalizePath(%j) = %j", (input, out) => expect(normalizePath(input)).toBe(out));

  it.each([
    ["/home/u", "x", "/home/u/x"],
    ["/home/u", "../../../x", "/x"],
    ["/home/u", "/abs/./p", "/abs/p"],
    ["/home/u", "", ""],
  ])("resolvePath(%j, %j) = %j", (cwd, p, out) => expect(resolvePath(cwd, p)).toBe(out));
});

describe("streams", () => {
  it("readLines splits on the separator and flags an unterminated last line", async () => {
    const chunks = ["a\nb", "c\n\nd"];
    const input = { read: async () => chunks.shift(), readAll: async () => "", close() {} };
    const lines = [];
    for await (const l of readLines(input)) lines.push(l);
    expect(lines).toEqual([
      { line: "a", terminated: true },
      { line: "bc", terminated: true },
      { line: "", terminated: true },
      { line: "d", terminated: false },
    ]);
  });

  it("StringInput yields its text once", async () => {
    const s = new StringInput("hi");
    expect(await s.read()).toBe("hi");
    expect(await s.read()).toBeUndefined();
  });

  it("StringOutput collects writes", () => {
    const o = new StringOutput();
    o.write("a");
    o.write("bc");
    expect(o.text).toBe("abc");
    expect(o.length).toBe(3);
  });

  it.each([
    ["abc", 3],
    ["é", 2],
    ["€", 3],
    ["😀", 4],
    // long texts (counted from their first non-ASCII character)
    ["a".repeat(300), 300],
    [`${"a".repeat(300)}é😀€`, 309],
    [`${"é".repeat(300)}a`, 601],
    [`${"x".repeat(400)}\ud83d`, 403],
  ])("utf8Length(%j) = %d", (s, n) => {
    expect(utf8Length(s)).toBe(n);
    expect(new TextEncoder().encode(s).length).toBe(n);
  });
});

describe("LimitsMeter", () => {
  it("throws LimitError naming the limit past maxCommands", () => {
    const m = new LimitsMeter(resolveLimits({ maxCommands: 2 }));
    m.countCommand();
    m.countCommand();
    expect(() => m.countCommand()).toThrow(LimitError);
    try {
      m.countCommand();
    } catch (e) {
      expect((e as LimitError).limit).toBe("maxCommands");
      expect((e as Error).message).toContain("limits.maxCommands");
    }
  });

  it("bounds one loop and the total", () => {
    const m = new LimitsMeter(resolveLimits({ maxLoopIterations: 3, maxTotalIterations: 4 }));
    expect(() => m.countIteration(4)).toThrow(/loop ran more than 3/);
    const t = new LimitsMeter(resolveLimits({ maxLoopIterations: 3, maxTotalIterations: 4 }));
    for (let i = 1; i <= 4; i++) t.countIteration(1);
    expect(() => t.countIteration(1)).toThrow(/in total/);
  });

  it("charges data against maxDataBytes (256 MiB by default) and names the limit past it", () => {
    expect(DEFAULT_LIMITS.maxDataBytes).toBe(256 * 1024 * 1024);
    const m = new LimitsMeter(resolveLimits({ maxDataBytes: 100 }));
    m.chargeData(60);
    m.chargeData(40);
    expect(m.dataBytes).toBe(100);
    expect(() => m.chargeData(1)).toThrow(LimitError);
    try {
      m.chargeData(1);
    } catch (e) {
      expect((e as LimitError).limit).toBe("maxDataBytes");
      expect((e as Error).message).toBe("husk: too much data built: more than 100 bytes (limit maxDataBytes; raise it with limits.maxDataBytes)");
    }
  });

  it("reports the deadline and cancellation as AbortError", () => {
    const clock = new FixedClock(0);
    const m = new LimitsMeter(resolveLimits({ timeoutMs: 10 }), { now: () => clock.now() });
    m.checkDeadline();
    clock.advance(11);
    expect(() => m.checkDeadline()).toThrow(AbortError);
    const ac = new AbortController();
    const c = new LimitsMeter(resolveLimits({}), { signal: ac.signal });
    ac.abort();
    expect(() => c.checkDeadline()).toThrow(/cancelled/);
  });

  it("asks for a yield once about YIELD_INTERVAL_MS went by, whether calls are slow or fast", () => {
    const clock = new FixedClock(0);
    const m = new LimitsMeter(resolveLimits({}), { now: () => clock.now() });
    const yieldsOver = (calls: number, msPerCall: number): number[] => {
      const at: number[] = [];
      for (let i = 1; i <= calls; i++) {
        clock.advance(msPerCall);
        if (m.yieldDue()) at.push(i);
      }
      return at;
    };
    // slow calls: the clock is read at every call, so the yield comes right at 20 ms
    expect(yieldsOver(12, 5)).toEqual([4, 8, 12]);
    // fast calls: the clock is read every few calls only, the yield comes a few calls late at most
    const fast = yieldsOver(1000, 0.1);
    expect(fast.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < fast.length; i++) expect(fast[i]! - fast[i - 1]!).toBeLessThanOrEqual(200 + 16);
    // a clock that never advances still yields every YIELD_EVERY_CALLS (4096) calls or so
    const frozen = yieldsOver(10000, 0);
    expect(frozen.length).toBe(2);
  });
});

describe("DisabledFs", () => {
  it("fails every operation closed", async () => {
    const fs = new DisabledFs();
    await expect(fs.readFile("/etc/passwd")).rejects.toBeInstanceOf(FsError);
    await expect(fs.writeFile("/x", "y")).rejects.toThrow("filesystem access disabled");
    expect(await fs.exists("/")).toBe(false);
  });
});

describe("CommandTable", () => {
  it("treats prototype names as ordinary keys", () => {
    const t = new CommandTable();
    expect(t.get("constructor")).toBeUndefined();
    expect(t.has("__proto__")).toBe(false);
    t.register({ name: "__proto__", run: () => 0 });
    expect(t.get("__proto__")?.name).toBe("__proto__");
    expect(t.clone().names()).toEqual(["__proto__"]);
  });
});

describe("SeededRandom and errorMessage", () => {
  it("is deterministic per seed", () => {
    const a = new SeededRandom(42);
    const b = new SeededRandom(42);
    expect([a.nextU32(), a.nextU32()]).toEqual([b.nextU32(), b.nextU32()]);
    expect(new SeededRandom(1).nextU32()).not.toBe(new SeededRandom(2).nextU32());
  });

  it("never exposes a stack or a host message", () => {
    expect(errorMessage(new TypeError("at /home/secret/x.js:1"))).toBe("internal error: TypeError");
    expect(errorMessage(new LimitError("maxFields", "too many fields"))).toContain("too many fields");
  });
});

describe("CommandTable", () => {
  const cmd = (name: string, out: string): Command => ({ name, run: (ctx) => (ctx.stdout.write(out), 0) });
  it("clone is independent of its original in both directions (copy-on-write)", () => {
    const a = new CommandTable([cmd("x", "1"), cmd("y", "1")]);
    const b = a.clone();
    const c = a.clone();
    b.register(cmd("z", "2"));
    a.delete("x");
    c.register(cmd("y", "3"));
    expect(a.names()).toEqual(["y"]);
    expect(b.names()).toEqual(["x", "y", "z"]);
    expect(c.names()).toEqual(["x", "y"]);
    expect(a.get("y")).not.toBe(c.get("y"));
    expect(a.delete("missing")).toBe(false);
  });
});

describe("LazyAbort", () => {
  it("creates its signal on first read, aborted when abort came first", () => {
    const l = new LazyAbort();
    expect(l.aborted).toBe(false);
    l.abort("why");
    l.abort("ignored");
    expect(l.aborted).toBe(true);
    expect(l.reason).toBe("why");
    expect(l.signal.aborted).toBe(true);
    expect(l.signal.reason).toBe("why");
  });
  it("fires listeners of a signal read before abort", () => {
    const l = new LazyAbort();
    let fired = 0;
    l.signal.addEventListener("abort", () => fired++);
    l.abort();
    expect(fired).toBe(1);
  });
});

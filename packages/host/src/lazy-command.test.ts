import { describe, expect, it } from "vitest";
import type { Command, CommandContext } from "./command.js";
import { lazyCommand } from "./lazy-command.js";

const ctx = {} as CommandContext;

describe("lazyCommand", () => {
  it("shows its info without loading and loads once, on the first run", async () => {
    let loads = 0;
    const real: Command = { name: "x", run: () => 7 };
    const c = lazyCommand({ name: "x", summary: "s", help: "h\n", fileAccess: "operands" }, async () => (loads++, real));
    expect([c.name, c.summary, c.help, c.fileAccess, loads]).toEqual(["x", "s", "h\n", "operands", 0]);
    expect(await c.run(ctx)).toBe(7);
    expect(c.run(ctx)).toBe(7); // synchronous once loaded
    expect(loads).toBe(1);
  });

  it("retries a load that failed", async () => {
    let loads = 0;
    const c = lazyCommand({ name: "y" }, async () => {
      if (loads++ === 0) throw new Error("chunk failed");
      return { name: "y", run: () => 0 };
    });
    await expect(c.run(ctx)).rejects.toThrow("chunk failed");
    expect(await c.run(ctx)).toBe(0);
    expect(loads).toBe(2);
  });

  it("load() starts the load ahead of a run, never rejects, and is undefined once loaded", async () => {
    let loads = 0;
    const c = lazyCommand({ name: "z" }, async () => {
      if (loads++ === 0) throw new Error("chunk failed");
      return { name: "z", run: () => 3 };
    });
    const first = c.load?.();
    expect(first).toBeInstanceOf(Promise);
    await expect(first).resolves.toBeUndefined(); // a failure is reported by the run that retries it
    expect(loads).toBe(1);
    await c.load?.(); // retried
    expect(loads).toBe(2);
    expect(c.load?.()).toBeUndefined();
    expect(c.run(ctx)).toBe(3); // synchronous: loaded by load()
    expect(loads).toBe(2);
  });
});

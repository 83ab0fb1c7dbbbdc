import { describe, expect, it } from "vitest";
import type { Command } from "@husk/host";
import { Bash } from "./index.js";

/** A command that aborts the run's controller and returns normally (no await after). */
function aborter(ac: AbortController): Command {
  return { name: "abortnow", run: () => (ac.abort(), 0) };
}

describe("cancellation by AbortSignal", () => {
  const cases: [string, string, string][] = [
    ["between simple commands", "echo a; abortnow; echo b", "a\n"],
    ["between the commands of a function", "f() { echo a; abortnow; echo b; }; f; echo c", "a\n"],
    ["between loop iterations", "for i in 1 2 3; do echo $i; [ $i = 2 ] && abortnow; done; echo end", "1\n2\n"],
    ["inside an EXIT trap's script too", "trap 'echo trap' EXIT; echo a; abortnow; echo b", "a\n"],
    ["before the next line of a sourced script", "echo 'abortnow; echo in-src' > /tmp/s.sh; . /tmp/s.sh; echo after", ""],
  ];
  it.each(cases)("stops %s", async (_name, script, stdout) => {
    const ac = new AbortController();
    const bash = new Bash({ commands: [aborter(ac)] });
    const r = await bash.exec(script, { signal: ac.signal });
    expect(r.stdout).toBe(stdout);
    expect(r.exitCode).toBe(130);
    expect(r.stderr).toContain("cancelled");
  });

  it("stops a busy loop of builtins from a timer", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    // Count limits far away, so the signal is what stops the loop however fast it runs.
    const big = { maxCommands: Number.MAX_SAFE_INTEGER, maxLoopIterations: Number.MAX_SAFE_INTEGER, maxTotalIterations: Number.MAX_SAFE_INTEGER };
    const r = await new Bash({ limits: big }).exec("echo start; while :; do x=1; done; echo never", { signal: ac.signal });
    expect(r.stdout).toBe("start\n");
    expect(r.exitCode).toBe(130);
  });

  it("an already aborted signal runs nothing", async () => {
    const ac = new AbortController();
    ac.abort();
    const r = await new Bash().exec("echo a", { signal: ac.signal });
    expect(r.stdout).toBe("");
    expect(r.exitCode).toBe(130);
  });
});

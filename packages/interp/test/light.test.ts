/**
 * Light pipeline stages (light.ts): a registered command stage runs without a subshell copy.
 * These check that it still behaves as if it ran in one: its own fds, nested shell access
 * through the stage's fds, no trace in the shell's hash table, and the subshell path for
 * anything that could change the shell. Scripts using only builtins are compared with bash.
 */
import { HuskError } from "@husk/host";
import type { Command, CommandContext } from "@husk/host";
import { describe, expect, it } from "vitest";
import { runBash, runHusk } from "./harness.js";

const cmd = (name: string, run: (ctx: CommandContext) => number | Promise<number>): Command => ({ name, summary: name, run });

/** `upper`: stdin to stdout, upper-cased. `args`: prints its arguments, status 3. `boom`: throws. `inner`: runs argv through ctx.shell. */
const EXTRA: Command[] = [
  cmd("upper", async (ctx) => {
    ctx.stdout.write((await ctx.stdin.readAll()).toUpperCase());
    return 0;
  }),
  cmd("args", (ctx) => {
    ctx.stdout.write(`${ctx.args.map((a) => `[${a}]`).join("")}\n`);
    return 3;
  }),
  cmd("boom", () => {
    throw new HuskError("it broke", 7);
  }),
  cmd("inner", (ctx) => ctx.shell.run(ctx.args.slice())),
];

async function husk(script: string): Promise<string> {
  const r = await runHusk(script, "", EXTRA);
  return r.stdout + r.stderr;
}

describe("light pipeline stages", () => {
  it("read from and write to their own pipes, with the statuses of a subshell", async () => {
    expect(await husk("x='a  b'; echo \"$x\" | upper | upper; echo \"${PIPESTATUS[*]}\"")).toBe("A  B\n0 0 0\n");
    expect(await husk("x='a  b'; args $x \"$x\" '$x' | upper; echo \"${PIPESTATUS[*]}\"")).toBe("[A][B][A  B][$X]\n3 0\n");
    expect(await husk("echo x | boom | upper; echo \"${PIPESTATUS[*]}\"")).toBe("0 7 0\nboom: it broke\n");
  });

  it("give nested shell access the stage's fds", async () => {
    expect(await husk("inner echo hi | upper")).toBe("HI\n");
    expect(await husk("echo lower | inner upper | upper")).toBe("LOWER\n");
  });

  it("leave side effects of expansion to a subshell", async () => {
    // ${x:=v} and $((i++)) make the stage a subshell: the assignments stay there
    expect(await husk("echo a | args ${x:=v} $((i+=1)); echo \"[$x][$i]\"")).toBe("[v][1]\n[][]\n");
  });

  it("make command substitutions without a subshell, with the body's status", async () => {
    expect(await husk("y='p  q'; x=$(args a \"$y\" | upper); echo \"$x $?\"")).toBe("[A][P  Q] 0\n");
    expect(await husk("x=$(args a); echo \"$x $?\"; x=$(inner echo hi); echo \"$x\"")).toBe("[a] 3\nhi\n");
    expect(await husk("set -o pipefail; x=$(args | upper); echo \"$? [$x]\"")).toBe("3 []\n");
    expect(await husk("x=$(boom); echo \"$? [$x]\"")).toBe("7 []\nboom: it broke\n");
  });

  it("follow functions and builtins of the same name", async () => {
    expect(await husk("upper() { echo fn; }; echo x | upper")).toBe("fn\n");
  });

  it("do not fill the shell's hash table (bash: \`echo x | tr a b >/dev/null; hash\` says empty)", async () => {
    expect(await husk("hash -r; echo x | upper | upper >/dev/null; hash 2>&1")).toBe("hash: hash table empty\n");
  });

  it("start in order: a stage that never reads runs after a subshell stage before it", async () => {
    // echo (a subshell stage) writes before args (light, synchronous) ends and closes the pipe
    expect(await husk("echo hi | args; echo \"${PIPESTATUS[*]}\"")).toBe("\n0 3\n");
    expect(await husk("args a | args b | upper; echo \"${PIPESTATUS[*]}\"")).toBe("[B]\n3 3 0\n");
  });

  for (const script of ["f() { return 3; }; echo x | f; echo $?"]) {
    it(`behave like bash: ${script}`, async () => {
      const want = runBash(script);
      const got = await runHusk(script);
      expect(got.stdout).toBe(want.stdout);
    });
  }
});

import { describe, expect, it } from "vitest";
import { differential } from "../test/differential.js";
import { basenameCommand } from "./basename.js";
import { dirnameCommand } from "./dirname.js";
import { env } from "./env.js";
import { fold } from "./fold.js";
import { nl } from "./nl.js";
import { paste } from "./paste.js";
import { printenv } from "./printenv.js";
import { rev } from "./rev.js";
import { sleep } from "./sleep.js";
import { tac } from "./tac.js";
import { tee } from "./tee.js";
import { runTool } from "./testing.js";
import { xargs } from "./xargs.js";
import { yes } from "./yes.js";
import { MemoryFs, type OutputStream, BrokenPipeError } from "@husk/host";

const text = "one\n\ntwo three\n  four\n";
const files = { "a": "1\n2\n3\n", "b": "x\ny\n", "long": "The quick brown fox jumps over the lazy dog and keeps running far away\n" };

describe("rev/tac/nl/paste/fold", () => {
  differential(rev, [{ args: [], stdin: "abc\nhello world\n\nxyz" }, { args: ["a", "b"], files }, { args: ["nope"] }]);
  differential(tac, [
    { args: [], stdin: "a\nb\nc\n" },
    { args: [], stdin: "a\nb\nc" },
    { args: ["a", "b"], files },
    { args: ["-s", ","], stdin: "a,b,c," },
    { args: ["-b", "-s", ","], stdin: ",a,b,c" },
    { args: ["nope"] },
  ]);
  differential(nl, [
    { args: [], stdin: text },
    { args: ["-ba"], stdin: text },
    { args: ["-bn"], stdin: text },
    { args: ["-nln"], stdin: text },
    { args: ["-nrz", "-w3"], stdin: text },
    { args: ["-s", ": ", "-v", "10", "-i", "5"], stdin: text },
    { args: ["-bpt"], stdin: text },
    { args: ["a", "b"], files },
    { args: [], stdin: "no newline" },
  ]);
  differential(paste, [
    { args: ["a", "b"], files },
    { args: ["-d,", "a", "b"], files },
    { args: ["-d", ",:", "a", "b", "a"], files },
    { args: ["-s", "a", "b"], files },
    { args: ["-s", "-d,", "a"], files },
    { args: ["-", "-"], stdin: "1\n2\n3\n4\n5\n" },
    { args: ["-s"], stdin: "1\n2\n3\n" },
    { args: ["-d", "\\t\\n", "-s", "a"], files },
    { args: ["a", "nope"], files },
  ]);
  differential(fold, [
    { args: ["-w", "20", "long"], files },
    { args: ["-s", "-w", "20", "long"], files },
    { args: ["-w10"], stdin: "a\tb\tc\td\n" },
    { args: ["-b", "-w", "5"], stdin: "abcdefghij\n" },
    { args: ["-5"], stdin: "abcdefghij\n" },
    { args: ["-w", "0"] },
    { args: [], stdin: "x".repeat(100) + "\n" },
  ]);
});

describe("basename/dirname/env/printenv", () => {
  differential(basenameCommand, [
    { args: ["/usr/bin/sort"] },
    { args: ["include/stdio.h", ".h"] },
    { args: ["-s", ".h", "a/b.h", "c.h"] },
    { args: ["-a", "x/y", "/", "//", "a/b/"] },
    { args: ["stdio.h", "stdio.h"] },
    { args: [""] },
    { args: [] },
    { args: ["a", "b", "c"] },
    { args: ["-z", "a/b"] },
  ], "basename");
  differential(dirnameCommand, [
    { args: ["/usr/bin/"] },
    { args: ["dir1/str", "dir2/str"] },
    { args: ["stdio.h"] },
    { args: ["/"] },
    { args: ["//a//b//"] },
    { args: ["a/"] },
    { args: [] },
  ], "dirname");
  differential(printenv, [{ args: ["LC_ALL"] }, { args: ["NOPE"] }, { args: ["TZ", "LC_ALL"] }, { args: ["NOPE", "TZ"] }]);

  it("env prints and edits the environment", async () => {
    const r = await runTool(env, ["-u", "B", "C=3"], { env: { A: "1", B: "2" } });
    expect(r.stdout).toBe("A=1\nC=3\n");
    expect((await runTool(env, ["-i", "X=1"], { env: { A: "1" } })).stdout).toBe("X=1\n");
    const bad = await runTool(env, ["-u"]);
    expect(bad).toEqual({ stdout: "", stderr: "env: option requires an argument -- 'u'\nTry 'env --help' for more information.\n", status: 125 });
  });
});

describe("tee/xargs", () => {
  it("tee copies to stdout and files, -a appends", async () => {
    const fs = new MemoryFs({ files: { "/old": "keep\n" } });
    const r = await runTool(tee, ["x", "-a", "old", "missing/y"], { fs, stdin: "data\n" });
    expect(r).toEqual({ stdout: "data\n", stderr: "tee: missing/y: No such file or directory\n", status: 1 });
    expect(await fs.readFile("/x")).toBe("data\n");
    expect(await fs.readFile("/old")).toBe("keep\ndata\n");
  });

  differential(xargs, [
    { args: [], stdin: "a b\nc  d\n" },
    { args: ["-n", "1"], stdin: "a b\nc\n" },
    { args: ["-n2", "echo", "x"], stdin: "1 2 3 4 5\n" },
    { args: ["-I", "{}", "echo", "[{}]"], stdin: "a b\n  c\n" },
    { args: ["-I%", "echo", "%-%"], stdin: "x\ny\n" },
    { args: ["-0"], stdin: "a b\0c\0" },
    { args: ["-d,"], stdin: "a,b,c" },
    { args: ["-L", "1"], stdin: "a b\nc\n" },
    { args: ["-t", "echo"], stdin: "q 'r s'\n" },
    { args: [], stdin: "'a b' \"c d\" e\\ f\n" },
    { args: [], stdin: "'unterminated\n" },
    { args: ["-r", "echo", "x"], stdin: "" },
    { args: ["echo", "x"], stdin: "" },
    { args: ["-P", "4", "-n", "1"], stdin: "1 2\n", sortOut: true },
    { args: ["-E", "STOP"], stdin: "a STOP b\n" },
  ]);
});

describe("yes/sleep", () => {
  it("yes stops when its reader goes away", async () => {
    let got = "";
    const out: OutputStream = {
      closed: false,
      write(t: string) {
        if (got.length > 20) throw new BrokenPipeError();
        got += t;
        return undefined;
      },
    };
    const { runTool: _ } = { runTool };
    await expect(
      yes.run({ ...(await ctxFor()), args: ["ok"], stdout: out }),
    ).rejects.toBeInstanceOf(BrokenPipeError);
    expect(got.startsWith("ok\nok\n")).toBe(true);
  });

  it("sleep advances a virtual clock and validates", async () => {
    expect((await runTool(sleep, ["1.5", "1m"])).status).toBe(0);
    expect(await runTool(sleep, ["x"])).toEqual({ stdout: "", stderr: "sleep: invalid time interval 'x'\nTry 'sleep --help' for more information.\n", status: 1 });
    expect((await runTool(sleep, [])).status).toBe(1);
  });
});

async function ctxFor() {
  // Borrow a full context from runTool by capturing it through a probe command.
  let captured: Parameters<typeof yes.run>[0] | undefined;
  await runTool({ name: "probe", run: (c) => ((captured = c), 0) }, []);
  return captured as Parameters<typeof yes.run>[0];
}

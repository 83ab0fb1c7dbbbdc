import { describe, expect, it } from "vitest";
import { differential } from "../test/differential.js";
import { rmdir } from "./fs/rmdir.js";
import { hostname, whoami } from "./ident.js";
import { runTool } from "./testing.js";

describe("rmdir", () => {
  differential(rmdir, [
    { args: ["-v", "-p", "a/b/c"], dirs: ["a/b/c"], snapshot: true },
    { args: ["x"], dirs: ["x/y"], snapshot: true },
    { args: ["--ignore-fail-on-non-empty", "x"], dirs: ["x/y"], snapshot: true },
    { args: ["f", "nope"], files: { f: "" }, snapshot: true },
    { args: ["-p", "e/"], dirs: ["e"], snapshot: true },
    { args: [] },
  ]);
});

describe("whoami/hostname", () => {
  it("print the sandbox identity, never the host's", async () => {
    const id = { user: "alice", hostname: "box.example.org" };
    expect((await runTool(whoami, [], { identity: id })).stdout).toBe("alice\n");
    expect((await runTool(hostname, [], { identity: id })).stdout).toBe("box.example.org\n");
    expect((await runTool(hostname, ["-s"], { identity: id })).stdout).toBe("box\n");
  });
  it("refuse operands", async () => {
    expect((await runTool(whoami, ["x"])).status).toBe(1);
    expect(await runTool(hostname, ["new"])).toEqual({ stdout: "", stderr: "hostname: you must be root to change the host name\n", status: 1 });
  });
});

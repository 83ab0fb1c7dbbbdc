/** The REPL's non-terminal parts: completeness, the session, and runRepl over plain streams. */
import { PassThrough } from "node:stream";
import { Bash } from "@husk/bash";
import { describe, expect, it } from "vitest";
import { parseArgs } from "./args.js";
import { isIncomplete, PS1, PS2, ReplSession, runRepl } from "./repl.js";
import { replExec } from "./run.js";

describe("isIncomplete: open constructs wait for more lines", () => {
  const open = ["if true; then", "for x in a b; do echo $x", "echo 'abc", 'echo "a', "echo $(ls", "a &&", "a |", "case x in", "f() {", "echo \\", "[[ a == ", "((1+", "while :\ndo"];
  const done = ["echo hi", "if true; then echo y; fi", "echo \\\\", "echo )", "", "a && b", "case x in x) echo;; esac", "cat <<E\nhi\nE"];
  it.each(open)("open: %j", (s) => expect(isIncomplete(s)).toBe(true));
  it.each(done)("complete or a real error: %j", (s) => expect(isIncomplete(s)).toBe(false));
});

describe("ReplSession", () => {
  it("accumulates a multi-line construct, keeps shell state, records history", async () => {
    const bash = new Bash({ persistState: true });
    const s = new ReplSession((script) => bash.exec(script));
    expect(s.prompt()).toBe(PS1);
    expect(await s.feed("x=5")).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    expect(await s.feed("if [ $x -gt 3 ]; then")).toBeUndefined();
    expect(s.prompt()).toBe(PS2);
    expect(await s.feed("  echo big")).toBeUndefined();
    expect(await s.feed("fi")).toEqual({ stdout: "big\n", stderr: "", exitCode: 0 });
    expect(s.prompt()).toBe(PS1);
    expect(await s.feed("")).toBeUndefined();
    expect((await s.feed("nosuchcmd"))!.exitCode).toBe(127);
    expect(s.lastStatus).toBe(127);
    expect(s.history).toEqual(["x=5", "if [ $x -gt 3 ]; then\n  echo big\nfi", "nosuchcmd"]);
    await s.feed("echo 'open");
    s.cancel();
    expect(s.prompt()).toBe(PS1);
    expect(await s.feed("exit 3")).toEqual({ stdout: "", stderr: "", exitCode: 3 });
    expect(s.exited).toBe(true);
  });
});

describe("runRepl over plain streams", () => {
  async function session(lines: string, argv: string[] = []) {
    const input = new PassThrough();
    const output = new PassThrough();
    const error = new PassThrough();
    let out = "";
    let err = "";
    output.on("data", (d: Buffer) => (out += d.toString()));
    error.on("data", (d: Buffer) => (err += d.toString()));
    const done = runRepl(await replExec(parseArgs(argv)), { input, output, error, terminal: false });
    input.end(lines);
    const status = await done;
    return { out, err, status };
  }

  it("prompts, runs, continues open constructs, and ends at EOF with the last status", async () => {
    const r = await session("f() {\necho in f\n}\nf\nfalse\n");
    expect(r.out).toBe(`${PS1}${PS2}${PS2}${PS1}in f\n${PS1}${PS1}`);
    expect(r.status).toBe(1);
  });

  it("exit N leaves at once; stderr goes to the error stream", async () => {
    const r = await session("echo oops >&2\nexit 4\necho never\n");
    expect(r.err).toBe("oops\n");
    expect(r.out).not.toContain("never");
    expect(r.status).toBe(4);
  });
});

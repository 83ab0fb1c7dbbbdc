// jq over piped input past the default maxStringBytes (10 MiB), with DEFAULT limits, against the
// real jq on the same bytes: past that size, stdin is read in pieces of whole JSON texts or
// lines (held, charged to maxDataBytes), never as one string.
import { runTool } from "@husk/coreutils";
import { describe, expect, it } from "vitest";
import { bigDifferential, bigText, PIECE } from "../../coreutils/test/big.js";
import { jqCommand } from "./command.js";

describe("jq reads big input", () => {
  bigDifferential(
    jqCommand,
    [
      { args: ["-s", "length"], input: "json" },
      { args: ["-s", "map(.n) | add"], input: "json" },
      { args: ["-n", "[inputs] | length"], input: "numbers" },
      { args: ["-c", "select(.n == 7)"], input: "json" },
      { args: ["-R", "length"], input: "mixed" },
      { args: ["-R", "-n", "[inputs | length] | add"], input: "ascii" },
    ],
    "jq",
  );

  it("-Rs past maxStringBytes: one string too long, a clean limit error", async () => {
    await expect(runTool(jqCommand, ["-Rs", "length"], { stdin: bigText("ascii"), stdinChunk: PIECE })).rejects.toThrow(/limit maxStringBytes/);
  });

  it("a parse error names the line it names when the input is read whole", async () => {
    const stdin = `${bigText("numbers")}{\n1\n`;
    const cut = await runTool(jqCommand, ["-s", "length"], { stdin, stdinChunk: PIECE });
    const whole = await runTool(jqCommand, ["-s", "length"], { stdin, stdinChunk: PIECE, limits: { maxStringBytes: 64 * 1024 * 1024 } });
    // jq 1.8.2's shape (run 2026-12-05): `jq: parse error: MSG at line L, column C`, no `(at <stdin>:N)`
    expect(cut.stderr).toMatch(/^jq: parse error: .* at line \d+, column \d+\n$/);
    expect(cut).toEqual(whole);
  });
});

// The text tools over piped input past the default maxStringBytes (10 MiB), with DEFAULT
// limits, against the real GNU tools on the same bytes (see test/big.ts). Tools that stream
// hold a line or a window; sort, tac, shuf, column and join hold the input charged to
// maxDataBytes (256 MiB) and never build one string of it.
import { MemoryFs } from "@husk/host";
import { describe, expect, it } from "vitest";
import { base64 } from "./base64.js";
import { cat } from "./cat.js";
import { column } from "./column.js";
import { comm } from "./comm.js";
import { cut } from "./cut.js";
import { expand, unexpand } from "./expand.js";
import { fold } from "./fold.js";
import { md5sum, sha1sum, sha256sum } from "./hash/sums.js";
import { head } from "./head.js";
import { hexdump } from "./hexdump.js";
import { join } from "./join.js";
import { nl } from "./nl.js";
import { numfmt } from "./numfmt.js";
import { od } from "./od.js";
import { paste } from "./paste.js";
import { rev } from "./rev.js";
import { shuf } from "./shuf.js";
import { sort } from "./sort/sort.js";
import { split } from "./split.js";
import { tac } from "./tac.js";
import { tail } from "./tail.js";
import { tee } from "./tee.js";
import { runTool } from "./testing.js";
import { tr } from "./tr.js";
import { uniq } from "./uniq.js";
import { wc } from "./wc.js";
import { xxd } from "./xxd.js";
import { BIG, bigDifferential, bigText, PIECE, runReal } from "../test/big.js";

const UTF8 = { LC_ALL: "C.UTF-8" };
/** A sorted file of at most 10 MB (maxFileBytes) for comm and join's second operand. */
const sortedFile = (): Record<string, string> => {
  const lines = bigText("sorted").split("\n");
  return { f2: `${lines.filter((_, i) => i % 3 === 0 && i < lines.length - 1).join("\n").slice(0, 4_000_000).replace(/\n[^\n]*$/, "")}\n` };
};

/** Lines with unique sorted keys (zero-padded numbers), for join. */
function keyed(): string {
  const lines: string[] = [];
  for (let i = 0, n = 0; n < BIG; i++) {
    const l = `${String(i).padStart(9, "0")} k${i % 13} v${(i * 7919) % 1000}`;
    lines.push(l);
    n += l.length + 1;
  }
  return `${lines.join("\n")}\n`;
}

describe("counting and hashing", () => {
  // (words and characters as in a UTF-8 locale)
  bigDifferential(wc, [{ args: [], input: "mixed", env: UTF8 }, { args: ["-l"], input: "mixed" }, { args: ["-c"], input: "mixed" }, { args: ["-w"], input: "mixed", env: UTF8 }, { args: ["-L"], input: "ascii" }, { args: ["-m"], input: "mixed", env: UTF8 }]);
  bigDifferential(md5sum, [{ args: [], input: "mixed" }]);
  bigDifferential(sha1sum, [{ args: [], input: "mixed" }]);
  bigDifferential(sha256sum, [{ args: [], input: "mixed" }]);
});

describe("head and tail", () => {
  bigDifferential(tail, [
    { args: [], input: "mixed" },
    { args: ["-n", "1000"], input: "mixed" },
    { args: ["-c", "5000"], input: "ascii" },
    { args: ["-n", "+250000"], input: "mixed" },
    { args: ["-c", "+10000000"], input: "ascii" },
  ]);
  bigDifferential(head, [{ args: ["-n", "-100"], input: "mixed" }, { args: ["-c", "-1000"], input: "ascii" }, { args: ["-n", "3"], input: "mixed" }]);
});

describe("line by line", () => {
  bigDifferential(tr, [{ args: ["a-z", "A-Z"], input: "mixed" }, { args: ["-d", "0-9"], input: "mixed" }, { args: ["-s", " "], input: "mixed" }]);
  bigDifferential(cut, [{ args: ["-f2"], input: "mixed" }, { args: ["-d", " ", "-f1,3"], input: "mixed" }, { args: ["-c", "2-9"], input: "ascii" }]);
  bigDifferential(uniq, [{ args: [], input: "mixed" }, { args: ["-c"], input: "mixed" }, { args: ["-d"], input: "mixed" }, { args: ["-u"], input: "mixed" }]);
  bigDifferential(nl, [{ args: [], input: "mixed" }]);
  bigDifferential(cat, [{ args: ["-n"], input: "mixed" }, { args: ["-A"], input: "mixed" }, { args: ["-s"], input: "ascii" }]);
  bigDifferential(rev, [{ args: [], input: "mixed", env: UTF8 }]);
  bigDifferential(fold, [{ args: ["-w", "30"], input: "ascii" }, { args: ["-s", "-w", "25"], input: "ascii" }]);
  bigDifferential(expand, [{ args: [], input: "ascii" }]);
  bigDifferential(unexpand, [{ args: ["-a"], input: () => bigText("ascii").replace(/\t/g, "        ") }]);
  bigDifferential(paste, [{ args: ["-", "-"], input: "mixed" }, { args: ["-s", "-d", ","], input: "mixed" }]);
  bigDifferential(comm, [{ args: ["-", "f2"], input: "sorted", files: sortedFile }, { args: ["-3", "-", "f2"], input: "sorted", files: sortedFile }]);
  bigDifferential(numfmt, [{ args: ["--to=si"], input: "numbers" }]);
});

describe("bytes", () => {
  bigDifferential(base64, [{ args: [], input: "mixed" }, { args: ["-w", "0"], input: "mixed" }, { args: ["-d"], input: () => Buffer.from(bigText("mixed")).toString("base64").replace(/.{76}/g, "$&\n") }]);
  bigDifferential(od, [{ args: ["-An", "-tx1"], input: "mixed" }]);
  bigDifferential(xxd, [{ args: ["-p"], input: "mixed" }]);
  bigDifferential(hexdump, [{ args: ["-C"], input: "ascii" }]);
});

describe("holding everything, charged to maxDataBytes", () => {
  bigDifferential(sort, [{ args: [], input: "mixed" }, { args: ["-n"], input: "numbers" }, { args: ["-u"], input: "mixed" }, { args: ["-t", "\t", "-k2,2n", "-k1,1"], input: "ascii" }]);
  bigDifferential(tac, [{ args: [], input: "mixed" }, { args: ["-s", "a"], input: "ascii" }]);
  bigDifferential(column, [{ args: ["-t", "-s", "\t"], input: "ascii" }]);
  bigDifferential(join, [{ args: ["-", "f2"], input: keyed, files: () => ({ f2: keyed().split("\n").filter((_, i) => i % 3 === 0).slice(0, 200_000).join("\n") + "\n" }) }]);

  it("shuf: a permutation of the lines", async () => {
    const input = bigText("mixed");
    const r = await runTool(shuf, [], { stdin: input, stdinChunk: PIECE });
    expect(r.status).toBe(0);
    expect(r.stdout.length).toBe(input.length);
    const sorted = (t: string): string => t.split("\n").sort().join("\n");
    expect(sorted(r.stdout) === sorted(input)).toBe(true);
  });

  it("past maxDataBytes, a clean limit error (sort, tac, shuf, column -t, join)", async () => {
    const stdin = "x\n".repeat(600_000);
    const limits = { maxDataBytes: 1_000_000 };
    for (const [cmd, args] of [[sort, []], [tac, []], [shuf, []], [column, ["-t"]], [join, ["-", "-"]]] as const) {
      await expect(runTool(cmd, args, { stdin, stdinChunk: PIECE, limits })).rejects.toThrow("husk: too much data built: more than 1000000 bytes (limit maxDataBytes; raise it with limits.maxDataBytes)");
    }
  });

  it("one line past maxStringBytes: a clean limit error", async () => {
    const stdin = `${"y".repeat(2_000_000)}\n`;
    const limits = { maxStringBytes: 1_000_000 };
    for (const cmd of [sort, uniq, cut, rev]) {
      const args = cmd === cut ? ["-c1"] : [];
      await expect(runTool(cmd, args, { stdin, stdinChunk: PIECE, limits })).rejects.toThrow(/limit maxStringBytes/);
    }
    // wc and md5sum need no lines: they take it
    expect((await runTool(wc, ["-c"], { stdin, stdinChunk: PIECE, limits })).stdout).toBe("2000001\n");
  });
});

describe("files out", () => {
  it("split -l writes the pieces GNU writes", async () => {
    const input = bigText("mixed");
    const dir = `/tmp/husk-big-split-${process.pid}`;
    const real = runReal(["split", "-l", "100000", "-", "p"], input, {}, {}, dir);
    expect(real.status).toBe(0);
    const fs = new MemoryFs();
    const ours = await runTool(split, ["-l", "100000", "-", "p"], { stdin: input, stdinChunk: PIECE, fs });
    expect(ours.status).toBe(0);
    const { readdirSync, readFileSync, rmSync } = await import("node:fs");
    const names = readdirSync(dir).sort();
    expect((await fs.readdir("/")).sort()).toEqual(names);
    for (const n of names) expect((await fs.readFile(`/${n}`)) === readFileSync(`${dir}/${n}`, "utf8")).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it("tee copies all of stdin to stdout", async () => {
    const input = bigText("mixed");
    const r = await runTool(tee, [], { stdin: input, stdinChunk: PIECE });
    expect(r.status).toBe(0);
    expect(r.stdout === input).toBe(true);
  });

  it("the big inputs are past maxStringBytes", () => {
    expect(bigText("ascii").length).toBeGreaterThan(BIG - 1);
  });
});

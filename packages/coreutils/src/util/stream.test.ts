import { LimitError, LimitsMeter, MemoryFs, resolveLimits, StringInput } from "@husk/host";
import { describe, expect, it } from "vitest";
import { ChunkedInput, runTool } from "../testing.js";
import { cat } from "../cat.js";
import { ConcatInput, eachBlock, eachChunk, eachLine, HeldData, LineReader, LineSplitter, readAllLines, StreamChunks, TextChunks } from "./stream.js";
import { TailWindow } from "./window.js";

const meter = (limits: Parameters<typeof resolveLimits>[0] = {}): LimitsMeter => new LimitsMeter(resolveLimits(limits));

async function chunksOf(text: string, size: number): Promise<string[]> {
  const out: string[] = [];
  await eachChunk(new StreamChunks(new ChunkedInput(text, size)), meter(), (c) => {
    out.push(c);
  });
  return out;
}

async function linesOf(text: string, size: number, sep = "\n"): Promise<Array<[string, boolean]>> {
  const out: Array<[string, boolean]> = [];
  await eachLine(new StreamChunks(new ChunkedInput(text, size)), sep, meter(), (l, t) => {
    out.push([l, t]);
  });
  return out;
}

/** The lines of a whole text, as the streaming reader must give them. */
function expectedLines(text: string, sep = "\n"): Array<[string, boolean]> {
  if (text === "") return [];
  const parts = text.split(sep);
  const last = parts.pop() as string;
  const out: Array<[string, boolean]> = parts.map((p) => [p, true]);
  if (last !== "") out.push([last, false]);
  return out;
}

const SAMPLES: Record<string, string> = {
  empty: "",
  "one newline": "\n",
  "no trailing newline": "a\nbb\nccc",
  "blank lines": "\n\nx\n\n",
  crlf: "a\r\nb\r\n\r\nc",
  multibyte: "héllo wörld €\n😀 smile 😀\n日本語\n",
  "long line": `${"x".repeat(1000)}\nshort\n${"y".repeat(777)}`,
};

describe("chunks", () => {
  it("TextChunks slices a text without splitting surrogate pairs", async () => {
    const text = "a😀".repeat(50);
    const out: string[] = [];
    const t = new TextChunks(text, 4);
    for (let c = await t.read(); c !== undefined; c = await t.read()) out.push(c);
    expect(out.join("")).toBe(text);
    for (const c of out) expect(c.charCodeAt(c.length - 1) >= 0xd800 && c.charCodeAt(c.length - 1) <= 0xdbff).toBe(false);
  });

  it("StreamChunks mends a surrogate pair cut between two reads", async () => {
    const text = "😀😀a😀";
    for (let size = 1; size <= text.length; size++) {
      const out = await chunksOf(text, size);
      expect(out.join("")).toBe(text);
      for (const c of out) {
        expect(c).not.toBe("");
        const last = c.charCodeAt(c.length - 1);
        expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
      }
    }
  });

  it("StreamChunks gives back a chunk read ahead, and an input already at its end", async () => {
    const s = new StreamChunks(new StringInput("rest"), "first ");
    expect(await s.read()).toBe("first ");
    expect(await s.read()).toBe("rest");
    expect(await s.read()).toBeUndefined();
    expect(await new StreamChunks(new StringInput("never read"), undefined).read()).toBeUndefined();
  });
});

describe("lines across chunk boundaries", () => {
  for (const [name, text] of Object.entries(SAMPLES)) {
    it(`${name}: the same lines for every chunk size`, async () => {
      for (const size of [1, 2, 3, 5, 7, 64, 100000]) expect(await linesOf(text, size)).toEqual(expectedLines(text));
    });
  }

  it("NUL-separated records", async () => {
    const text = "a b\0c\nd\0\0e";
    for (const size of [1, 2, 4, 100]) expect(await linesOf(text, size, "\0")).toEqual(expectedLines(text, "\0"));
  });

  it("a separator of several characters cut between chunks", async () => {
    const text = "aXYbXYXYcX";
    for (const size of [1, 2, 3, 4, 100]) expect(await linesOf(text, size, "XY")).toEqual(expectedLines(text, "XY"));
  });

  it("blocks hold whole lines only (the last may be unterminated)", async () => {
    const blocks: string[] = [];
    await eachBlock(new StreamChunks(new ChunkedInput("ab\ncd\nef\ngh", 4)), "\n", meter(), (b) => {
      blocks.push(b);
    });
    expect(blocks.join("")).toBe("ab\ncd\nef\ngh");
    for (const b of blocks.slice(0, -1)) expect(b.endsWith("\n")).toBe(true);
    expect(blocks[blocks.length - 1]).toBe("gh");
  });

  it("a line longer than maxStringBytes fails with its LimitError", () => {
    const s = new LineSplitter("\n", meter({ maxStringBytes: 10 }));
    expect(s.push("12345")).toBe("");
    expect(() => s.push("678901")).toThrow(LimitError);
  });

  it("LineSplitter: push returns completed lines, end the unterminated rest", () => {
    const s = new LineSplitter();
    expect(s.push("a")).toBe("");
    expect(s.push("b\nc")).toBe("ab\n");
    expect(s.push("d\ne\n")).toBe("cd\ne\n");
    expect(s.push("f")).toBe("");
    expect(s.end()).toBe("f");
    expect(s.end()).toBe("");
  });

  it("LineReader pulls lines one at a time", async () => {
    const r = new LineReader(new StreamChunks(new ChunkedInput("x\n\ny", 1)), "\n", meter());
    const got: Array<string | undefined> = [];
    for (let k = 0; k < 5; k++) got.push(await r.next());
    expect(got).toEqual(["x", "", "y", undefined, undefined]);
  });
});

describe("operands", () => {
  it("ConcatInput joins operands and reports the missing ones as it reaches them", async () => {
    const fs = new MemoryFs();
    await fs.writeFile("/a", "1\n2");
    await fs.writeFile("/b", "3\n");
    const r = await runTool(cat, ["-n", "a", "nope", "b"], { fs });
    expect(r).toEqual({ stdout: "     1\t1\n     2\t23\n", stderr: "cat: nope: No such file or directory\n", status: 1 });
  });

  it("ConcatInput counts the operands it could open", async () => {
    const out = await runTool(
      {
        name: "t",
        async run(ctx) {
          const input = new ConcatInput(ctx, ["a", "x", "-"]);
          const got: string[] = [];
          await eachChunk(input, ctx.meter, (c) => {
            got.push(c);
          });
          ctx.stdout.write(`${got.join("|")} opened=${input.opened} status=${input.status}\n`);
          return 0;
        },
      },
      [],
      { stdin: "in", fs: await (async () => {
        const fs = new MemoryFs();
        await fs.writeFile("/a", "A");
        return fs;
      })() },
    );
    expect(out.stdout).toBe("A|in opened=2 status=1\n");
    expect(out.stderr).toBe("t: x: No such file or directory\n");
  });
});

describe("held data", () => {
  it("charges the data budget while held and gives it back", async () => {
    const m = meter({ maxDataBytes: 1000 });
    const held = new HeldData(m);
    const lines = await readAllLines(new StreamChunks(new ChunkedInput("ab\ncd\n", 2)), "\n", held);
    expect(lines).toEqual(["ab", "cd"]);
    expect(m.dataBytes).toBe(6 + 16);
    held.release();
    expect(m.dataBytes).toBe(0);
  });

  it("past maxDataBytes, a clean LimitError", async () => {
    const held = new HeldData(meter({ maxDataBytes: 100 }));
    await expect(readAllLines(new StreamChunks(new ChunkedInput("x\n".repeat(100), 8)), "\n", held)).rejects.toThrow(/maxDataBytes/);
  });

  it("TailWindow keeps the last lines, and what it drops comes back in order", () => {
    const text = "1\n22\n333\n4444\n55555\n";
    for (const n of [0, 1, 2, 5, 9]) {
      for (const size of [1, 3, 8, 100]) {
        const m = meter();
        const w = new TailWindow({ n, bytes: false }, "\n", m);
        const dropped: string[] = [];
        for (let i = 0; i < text.length; i += size) dropped.push(...w.push(text.slice(i, i + size)));
        const all = text.split("\n").slice(0, -1);
        const tail = n === 0 ? [] : all.slice(-n);
        expect(w.tail().join("")).toBe(tail.map((l) => `${l}\n`).join(""));
        expect(dropped.join("") + w.allButTail().join("")).toBe(all.slice(0, all.length - tail.length).map((l) => `${l}\n`).join(""));
        w.release();
        expect(m.dataBytes).toBe(0);
      }
    }
  });
});

// Chunk boundaries: every streaming tool fed its stdin in pieces of 1, 2, 3, 5 ... code units
// (a line cut anywhere, CR apart from LF, NUL records, no final newline, empty input, a
// surrogate pair cut in two) prints what the real GNU tool prints for the whole input.
import type { Command } from "@husk/host";
import { describe, expect, it } from "vitest";
import { runReal } from "../test/big.js";
import { base64 } from "./base64.js";
import { cat } from "./cat.js";
import { comm } from "./comm.js";
import { cut } from "./cut.js";
import { expand, unexpand } from "./expand.js";
import { fold } from "./fold.js";
import { md5sum, sha256sum } from "./hash/sums.js";
import { head } from "./head.js";
import { hexdump } from "./hexdump.js";
import { nl } from "./nl.js";
import { od } from "./od.js";
import { paste } from "./paste.js";
import { rev } from "./rev.js";
import { sort } from "./sort/sort.js";
import { tac } from "./tac.js";
import { tail } from "./tail.js";
import { runTool } from "./testing.js";
import { tr } from "./tr.js";
import { uniq } from "./uniq.js";
import { wc } from "./wc.js";
import { xxd } from "./xxd.js";
import { MemoryFs } from "@husk/host";

const INPUTS: Record<string, string> = {
  empty: "",
  "no final newline": "b a\nc\tx y\na",
  crlf: "a b\r\nc\r\n\r\nd\r\n",
  blank: "\n\n\nx  y\n\n",
  repeats: "a\na\nb\nb\nb\nc\nc\n",
  tabs: "\ta\tbb\tccc\n        x\n  \t y\n",
};
/** Characters of 2, 3 and 4 UTF-8 bytes (the last a surrogate pair in JavaScript). */
const MULTI: Record<string, string> = { multibyte: "é x\n😀😀 y\n€\nz😀" };
const NUL: Record<string, string> = { nul: "b\0a\0a\0c d\0x" };
const UTF8 = { LC_ALL: "C.UTF-8" };

interface ChunkCase {
  readonly cmd: Command;
  readonly args: readonly string[];
  readonly inputs: Record<string, string>;
  readonly env?: Record<string, string>;
  readonly files?: Record<string, string>;
}

const ALL = { ...INPUTS, ...MULTI };
const CASES: ChunkCase[] = [
  { cmd: wc, args: [], inputs: ALL, env: UTF8 },
  { cmd: wc, args: ["-m"], inputs: ALL, env: UTF8 },
  { cmd: wc, args: ["-c", "-l", "-L"], inputs: INPUTS },
  { cmd: md5sum, args: [], inputs: ALL },
  { cmd: sha256sum, args: [], inputs: ALL },
  { cmd: tail, args: ["-n", "2"], inputs: ALL },
  { cmd: tail, args: ["-c", "3"], inputs: INPUTS },
  { cmd: tail, args: ["-n", "+2"], inputs: ALL },
  { cmd: tail, args: ["-c", "+4"], inputs: INPUTS },
  { cmd: tail, args: ["-z", "-n", "2"], inputs: NUL },
  { cmd: head, args: ["-n", "-2"], inputs: ALL },
  { cmd: head, args: ["-c", "-3"], inputs: INPUTS },
  { cmd: head, args: ["-n", "2"], inputs: ALL },
  { cmd: head, args: ["-z", "-n", "2"], inputs: NUL },
  { cmd: tr, args: ["a-z", "A-Z"], inputs: ALL },
  { cmd: tr, args: ["-s", "ab \\n"], inputs: ALL },
  { cmd: tr, args: ["-d", "\\r"], inputs: ALL },
  { cmd: cut, args: ["-f2"], inputs: ALL },
  { cmd: cut, args: ["-d", " ", "-f2-"], inputs: ALL },
  { cmd: cut, args: ["-c2-3"], inputs: INPUTS },
  { cmd: cut, args: ["-z", "-d", " ", "-f1"], inputs: NUL },
  { cmd: uniq, args: [], inputs: ALL },
  { cmd: uniq, args: ["-c"], inputs: ALL },
  { cmd: uniq, args: ["-D"], inputs: ALL },
  { cmd: uniq, args: ["--group"], inputs: ALL },
  { cmd: uniq, args: ["-z"], inputs: NUL },
  { cmd: nl, args: [], inputs: ALL },
  { cmd: cat, args: ["-n"], inputs: ALL },
  { cmd: cat, args: ["-A"], inputs: ALL },
  { cmd: cat, args: ["-sb"], inputs: ALL },
  { cmd: rev, args: [], inputs: ALL, env: UTF8 },
  { cmd: fold, args: ["-w", "3"], inputs: INPUTS },
  { cmd: expand, args: ["-t", "4"], inputs: INPUTS },
  { cmd: unexpand, args: ["-a"], inputs: INPUTS },
  { cmd: base64, args: [], inputs: ALL },
  { cmd: base64, args: ["-w", "5"], inputs: ALL },
  { cmd: base64, args: ["-d"], inputs: { padded: "w6kgeArwn5iA8J+YgCB5CuKCrAp68J+YgA==\n", wrapped: "YWJj\nZGVm\nZw==", empty: "" } },
  { cmd: paste, args: ["-", "-"], inputs: ALL },
  { cmd: paste, args: ["-s", "-d", ":"], inputs: ALL },
  { cmd: comm, args: ["-", "f"], inputs: { ...INPUTS, nul: "" }, files: { f: "a\nb\nc\nx  y\n" } },
  { cmd: od, args: ["-c"], inputs: ALL },
  { cmd: xxd, args: [], inputs: ALL },
  { cmd: hexdump, args: ["-C"], inputs: ALL },
  { cmd: sort, args: [], inputs: ALL },
  { cmd: sort, args: ["-z"], inputs: NUL },
  { cmd: tac, args: [], inputs: ALL },
  { cmd: tac, args: ["-b", "-s", "a"], inputs: INPUTS },
  { cmd: tac, args: ["-s", "\r\n"], inputs: INPUTS },
];

const SIZES = [1, 2, 3, 5, 4096];

describe("chunk boundaries", () => {
  for (const c of CASES) {
    for (const [name, input] of Object.entries(c.inputs)) {
      it(`${c.cmd.name} ${c.args.join(" ")} on ${name} input, in pieces of ${SIZES.join(", ")}`, async () => {
        const real = runReal([c.cmd.name, ...c.args], input, c.env, c.files);
        for (const size of SIZES) {
          const fs = new MemoryFs();
          for (const [p, t] of Object.entries(c.files ?? {})) await fs.writeFile(`/${p}`, t);
          const ours = await runTool(c.cmd, c.args, { stdin: input, stdinChunk: size, fs, env: { LC_ALL: "C", ...c.env } });
          expect({ size, ...ours }).toEqual({ size, ...real });
        }
      });
    }
  }
});

import { describe } from "vitest";
import { differential } from "../test/differential.js";
import { hexdump } from "./hexdump.js";
import { od } from "./od.js";
import { xxd } from "./xxd.js";
import { split } from "./split.js";

const text = "hello world\nabc\tdef\x01\x7f";
const dashes = "-".repeat(40);

describe("od xxd hexdump", () => {
  differential(od, [
    { args: ["-c"], stdin: text },
    { args: ["-An", "-tx1"], stdin: text },
    { args: [], stdin: text },
    { args: ["-x"], stdin: text },
    { args: ["-b"], stdin: text },
    { args: ["-c"], stdin: dashes },
    { args: ["-v", "-c"], stdin: dashes },
    { args: ["-An", "-c"], stdin: "abc" },
    { args: ["-Ax", "-tx2"], stdin: text },
    { args: ["-Ad", "-td1"], stdin: "a\x7f\x01" },
    { args: ["-tu4"], stdin: "abcdefgh" },
    { args: ["-N", "4", "-j", "2", "-c"], stdin: text },
    { args: ["-t", "q"] },
    // several formats: every block padded to the widest format's width
    { args: ["-An", "-tc", "-tx1"], stdin: "\0-\n" },
    { args: ["-c", "-tx2", "-td1"], stdin: `${text}${text}` },
    { args: ["-td8", "-tu2", "-to1"], stdin: "abcdefghijklmnopqrstuvwxyz" },
    { args: ["-Ad", "-tx4", "-tc"], stdin: "abc" },
  ]);
  differential(xxd, [
    { args: [], stdin: text },
    { args: ["-p"], stdin: text },
    { args: ["-r", "-p"], stdin: "68656c6c6f0a" },
    { args: ["-c", "8"], stdin: text },
    { args: ["-g", "1"], stdin: text },
    { args: ["-u"], stdin: text },
    { args: [], stdin: "" },
  ]);
  differential(hexdump, [
    { args: ["-C"], stdin: text },
    { args: ["-C"], stdin: dashes },
    { args: [], stdin: text },
    { args: ["-C"], stdin: "" },
  ]);
});

describe("split", () => {
  const seq = "1\n2\n3\n4\n5\n";
  differential(split, [
    { args: ["-l", "2"], stdin: seq, snapshot: true },
    { args: ["-l", "2", "-d", "-", "part_"], stdin: seq, snapshot: true },
    { args: ["-b", "3", "-a", "3", "--additional-suffix=.txt"], stdin: seq, snapshot: true },
    { args: ["-n", "3", "f"], files: { f: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n" }, snapshot: true },
    { args: ["f"], files: { f: seq }, snapshot: true },
    { args: ["-l", "0"], stdin: seq },
    { args: ["-n", "2"], stdin: seq },
    { args: ["nope"] },
  ]);
});

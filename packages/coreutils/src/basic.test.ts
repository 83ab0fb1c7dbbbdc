import { describe } from "vitest";
import { differential } from "../test/differential.js";
import { cat } from "./cat.js";
import { head } from "./head.js";
import { tail } from "./tail.js";
import { wc } from "./wc.js";

const lines = "one\ntwo\n\nthree\n\n\n\tfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve\n";
const files = { "a.txt": "alpha\nbeta\n", "b.txt": "x\n\n\ny\tz", "c.txt": "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n" };

describe("cat", () => {
  differential(cat, [
    { args: [], stdin: lines },
    { args: ["-n"], stdin: lines },
    { args: ["-b"], stdin: lines },
    { args: ["-s"], stdin: lines },
    { args: ["-E"], stdin: "a\nb" },
    { args: ["-T"], stdin: "a\tb\n" },
    { args: ["-A"], stdin: "a\tb\x01\x7f\u00e9\r\n" },
    { args: ["-v"], stdin: "\x1b[1m\n" },
    { args: ["-e", "-t"], stdin: "a\tb\n" },
    { args: ["-ns"], stdin: lines },
    { args: ["a.txt", "-", "b.txt"], stdin: "mid\n", files },
    { args: ["-n", "b.txt", "a.txt"], files },
    { args: ["nope", "a.txt"], files },
    { args: ["--bogus"] },
    { args: ["-x"] },
    { args: ["--number", "--show-ends"], stdin: "q\n" },
  ]);
});

describe("head", () => {
  differential(head, [
    { args: [], stdin: lines },
    { args: ["-n", "3"], stdin: lines },
    { args: ["-n3"], stdin: lines },
    { args: ["-3"], stdin: lines },
    { args: ["-n", "-3"], stdin: lines },
    { args: ["-n", "-3"], stdin: "a\nb\nc\nd" },
    { args: ["-c", "5"], stdin: lines },
    { args: ["-c", "-5"], stdin: lines },
    { args: ["-c", "1K"], stdin: lines },
    { args: ["--lines=2", "a.txt", "c.txt"], files },
    { args: ["-q", "-n1", "a.txt", "c.txt"], files },
    { args: ["-v", "a.txt"], files },
    { args: ["-n", "2", "nope", "a.txt"], files },
    { args: ["-n", "2x"] },
    { args: ["-c", "abc"] },
    { args: ["-n"] },
    { args: ["--lines"] },
    { args: ["-z", "-n", "1"], stdin: "a\0b\0" },
    { args: ["-n", "0"], stdin: lines },
    { args: ["-n", "5"], stdin: "no newline" },
    { args: ["-", "a.txt"], stdin: "in\n", files },
  ]);
});

describe("tail", () => {
  differential(tail, [
    { args: [], stdin: lines },
    { args: ["-n", "3"], stdin: lines },
    { args: ["-3"], stdin: lines },
    { args: ["+3"], stdin: lines },
    { args: ["-n", "+3"], stdin: lines },
    { args: ["-n", "2"], stdin: "a\nb\nc" },
    { args: ["-n", "+1"], stdin: "a\nb\nc" },
    { args: ["-c", "4"], stdin: lines },
    { args: ["-c", "+4"], stdin: lines },
    { args: ["-n", "0"], stdin: lines },
    { args: ["-n", "1", "a.txt", "c.txt"], files },
    { args: ["-q", "-n1", "a.txt", "c.txt"], files },
    { args: ["nope"], files },
    { args: ["-n", "x"] },
    { args: ["-z", "-n", "1"], stdin: "a\0b\0" },
    { args: ["-n", "20"], stdin: lines },
  ]);
});

describe("wc", () => {
  differential(wc, [
    { args: [], stdin: lines },
    { args: ["-l"], stdin: lines },
    { args: ["-w"], stdin: "  hello   world \n foo" },
    { args: ["-c"], stdin: "h\u00e9llo\n" },
    { args: ["-m"], stdin: "h\u00e9llo\n", env: { LC_ALL: "C.UTF-8" } },
    { args: ["-L"], stdin: "ab\tc\nlonger line here\n" },
    { args: ["-lc"], stdin: lines },
    { args: ["a.txt"], files },
    { args: ["-l", "a.txt"], files },
    { args: ["a.txt", "b.txt", "c.txt"], files },
    { args: ["-l", "a.txt", "c.txt"], files },
    { args: ["-l", "a.txt", "-"], stdin: "x\n", files },
    { args: ["nope", "a.txt"], files },
    { args: ["-lwcL", "c.txt"], files },
    { args: [], stdin: "" },
    { args: ["--bogus"] },
  ]);
});

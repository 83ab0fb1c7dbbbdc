import { describe } from "vitest";
import { differential } from "../test/differential.js";
import { cut } from "./cut.js";
import { seq } from "./seq.js";
import { sort } from "./sort/sort.js";
import { tr } from "./tr.js";
import { uniq } from "./uniq.js";

const words = "banana\napple\nCherry\napple\n  date\nbanana\n10\n9\n-3\n1.5\n\nZebra\n";
const table = "bob 25 NY\nalice 30 LA\ncarol 25 SF\ndave 9 NY\neve 100 LA\n";
const csv = "id,name,score\n3,c,7.5\n1,a,10\n2,b,-1\n10,j,2e1\n";
const files = { "t.txt": table, "w.txt": words, "csv": csv };

const keyed = "b 2 jan\na 10 feb\nB 2 x\na 2 FEB\nc -0 mar\nc 0 Jan\n a 1 dec\na  1 x\nb 2.0 jan\na 10 may\n\n";

describe("sort", () => {
  differential(sort, [
    { args: [], stdin: words },
    { args: ["-r"], stdin: words },
    { args: ["-n"], stdin: words },
    { args: ["-rn"], stdin: words },
    { args: ["-f"], stdin: words },
    { args: ["-u"], stdin: words },
    { args: ["-fu"], stdin: "a\nA\nb\nB\na\n" },
    { args: ["-b"], stdin: words },
    { args: ["-d"], stdin: "a-c\nab\n_x\nb.a\n" },
    { args: ["-k2n"], stdin: table },
    { args: ["-k2,2n", "-k1,1r"], stdin: table },
    { args: ["-k3,3", "-k2,2nr"], stdin: table },
    { args: ["-k", "2", "t.txt"], files },
    { args: ["-t,", "-k3", "-g"], stdin: csv },
    { args: ["-t", ",", "-k1,1n"], stdin: csv },
    { args: ["-t,", "-k2,2", "-s"], stdin: "x,b\ny,a\nz,b\nw,a\n" },
    { args: ["-s", "-k1,1"], stdin: "a 2\na 1\nb 0\na 0\n" },
    { args: ["-k1.2,1.3"], stdin: "xbc\nyab\nzaa\n" },
    { args: ["-k2.2b"], stdin: "a  xb\nb   ya\nc za\n" },
    { args: ["-h"], stdin: "2K\n1M\n500\n1k\n-1K\n3G\n0\n" },
    { args: ["-g"], stdin: "1e3\nabc\n10\n-inf\nnan\n2\ninf\n0x10\n" },
    { args: ["-M"], stdin: "Mar\nJAN\nfoo\n dec\nfeb\n" },
    { args: ["-V"], stdin: "v1.10\nv1.9\nv1.2.3\nfile-2.txt\nfile-10.txt\nv1.9a\n1.0~rc1\n1.0\n" },
    { args: ["-n", "-u"], stdin: "1\n01\n2\n1.0\n" },
    { args: ["-c"], stdin: "a\nc\nb\n" },
    { args: ["-c"], stdin: "a\nb\n" },
    { args: ["-C"], stdin: "b\na\n" },
    { args: ["-cu"], stdin: "a\nb\nb\n" },
    { args: ["-z"], stdin: "b\0a\0c\0" },
    { args: ["-m", "w.txt", "t.txt"], files },
    { args: ["-o", "out", "w.txt"], files },
    { args: ["nope"] },
    { args: ["-k0"] },
    { args: ["-k1.0"] },
    { args: ["-ka"] },
    { args: ["-k1,1x"] },
    { args: ["-t", "ab"] },
    { args: ["--bogus"] },
    { args: ["-n"], stdin: "1\n-0\n0\n-1\n.5\n-.5\nx\n" },
    { args: ["-r", "-k1,1"], stdin: "a 1\nb 2\na 3\n" },
    { args: ["--sort=numeric"], stdin: "10\n9\n" },
    { args: [], stdin: "no newline\nat end" },
    { args: ["-k2"], stdin: "a\nb x\nc\n" },
    // -u with one key drops repeated keys before sorting; mixed numeric/text keys share a comparator.
    { args: ["-u", "-k1,1"], stdin: keyed },
    { args: ["-ru", "-k1,1"], stdin: keyed },
    { args: ["-u", "-k1,1f"], stdin: keyed },
    { args: ["-u", "-k2,2n"], stdin: keyed },
    { args: ["-u", "-r", "-k2n"], stdin: keyed },
    { args: ["-u", "-k3M"], stdin: keyed },
    { args: ["-u", "-k2,2g"], stdin: keyed },
    { args: ["-u", "-k1,1", "-k2,2n"], stdin: keyed },
    { args: ["-k1,1nr", "-k2"], stdin: "  3 b x\n 10 a y\n  3 a z\n  3 a y\n" },
    { args: ["-k2,2n", "-k1,1r", "-k3M"], stdin: keyed },
    { args: ["-s", "-k2,2n", "-k3,3"], stdin: keyed },
  ]);
});

describe("uniq", () => {
  const dup = "a\na\nb\nc\nc\nc\nA\na\n";
  differential(uniq, [
    { args: [], stdin: dup },
    { args: ["-c"], stdin: dup },
    { args: ["-d"], stdin: dup },
    { args: ["-D"], stdin: dup },
    { args: ["-u"], stdin: dup },
    { args: ["-i"], stdin: dup },
    { args: ["-ic"], stdin: dup },
    { args: ["-f1"], stdin: "x a\ny a\nz b\n" },
    { args: ["-s", "2"], stdin: "xxa\nyya\nzzb\n" },
    { args: ["-w", "1"], stdin: "ab\nac\nbd\n" },
    { args: ["-c"], stdin: "" },
    { args: ["-c"], stdin: "x\nx" },
    { args: ["w.txt"], files },
    { args: ["nope"] },
    { args: ["-cD"], stdin: dup },
    { args: ["-f", "x"], stdin: dup },
    { args: ["-z", "-c"], stdin: "a\0a\0b\0" },
  ]);
});

describe("cut", () => {
  differential(cut, [
    { args: ["-d,", "-f2"], stdin: csv },
    { args: ["-d", ",", "-f", "1,3"], stdin: csv },
    { args: ["-d,", "-f2-"], stdin: csv },
    { args: ["-d,", "-f-2"], stdin: csv },
    { args: ["-d,", "-f", "3,1"], stdin: csv },
    { args: ["-c1-3"], stdin: table },
    { args: ["-c", "2,4-"], stdin: table },
    { args: ["-b", "1"], stdin: table },
    { args: ["-f1"], stdin: "a\tb\nnodelim\nc\td\n" },
    { args: ["-s", "-f2"], stdin: "a\tb\nnodelim\nc\td\n" },
    { args: ["-d", " ", "-f2", "--complement"], stdin: table },
    { args: ["-d,", "-f1,3", "--output-delimiter=|"], stdin: csv },
    { args: ["-c1,3", "--output-delimiter=:"], stdin: "abcdef\n" },
    { args: ["-d:", "-f1", "t.txt", "csv"], files },
    { args: [] },
    { args: ["-f0"] },
    { args: ["-fa"] },
    { args: ["-c3-1"] },
    { args: ["-d", "ab", "-f1"] },
    { args: ["-c1", "-f1"] },
    { args: ["-f1", "nope"] },
    { args: ["-d,", "-f5"], stdin: csv },
    { args: ["-z", "-c1"], stdin: "ab\0cd\0" },
  ]);
});

describe("tr", () => {
  differential(tr, [
    { args: ["a-z", "A-Z"], stdin: "hello World\n" },
    { args: ["[:lower:]", "[:upper:]"], stdin: "hello World\n" },
    { args: ["[:upper:]", "[:lower:]"], stdin: "hello World\n" },
    { args: ["-d", "[:digit:]"], stdin: "a1b22c333\n" },
    { args: ["-d", "aeiou"], stdin: "education\n" },
    { args: ["-s", " "], stdin: "a   b    c\n" },
    { args: ["-s", "[:space:]"], stdin: "a  \n\n\nb\n" },
    { args: ["-c", "[:alnum:]", "_"], stdin: "a-b c!\n" },
    { args: ["-cd", "[:alnum:]\\n"], stdin: "a-b c!\n" },
    { args: ["-ds", "a", "b"], stdin: "abbbacca\n" },
    { args: ["abc", "x"], stdin: "aabbcc\n" },
    { args: ["-t", "abc", "xy"], stdin: "aabbcc\n" },
    { args: ["a-c", "[x*]"], stdin: "abcd\n" },
    { args: ["a-d", "[x*2]yz"], stdin: "abcd\n" },
    { args: ["\\n", " "], stdin: "a\nb\nc\n" },
    { args: ["'\\''", "\\\""], stdin: "it's\n" },
    { args: ["\\101", "b"], stdin: "AAA\n" },
    { args: ["-s", "a-z", "A-Z"], stdin: "aabbcc dd\n" },
    { args: [] },
    { args: ["a"] },
    { args: ["a", "b", "c"] },
    { args: ["-d", "a", "b"] },
    { args: ["z-a", "x"] },
    { args: ["[:foo:]", "x"] },
  ]);
});

describe("seq", () => {
  differential(seq, [
    { args: ["5"] },
    { args: ["3", "7"] },
    { args: ["1", "2", "10"] },
    { args: ["10", "-3", "1"] },
    { args: ["-3", "3"] },
    { args: ["1", "0.5", "3"] },
    { args: ["0.1", "0.1", "0.5"] },
    { args: ["-w", "8", "11"] },
    { args: ["-w", "-5", "5"] },
    { args: ["-s", ",", "3"] },
    { args: ["-s", ", ", "1", "3"] },
    { args: ["-f", "%03g", "3"] },
    { args: ["-f", "%.2f", "1", "0.5", "2"] },
    { args: ["-f", "x%ey", "2"] },
    { args: ["1e2", "1e2", "3e2"] },
    { args: ["5", "1"] },
    { args: ["0"] },
    { args: ["x"] },
    { args: ["1", "0", "3"] },
    { args: [] },
    { args: ["1", "2", "3", "4"] },
    { args: ["1.5", "4"] },
    { args: ["-f", "%g", "0.1", "0.2", "1"] },
  ]);
});

import { describe } from "vitest";
import { differential } from "../test/differential.js";
import { hexdump } from "./hexdump.js";
import { od } from "./od.js";
import { xxd } from "./xxd.js";

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

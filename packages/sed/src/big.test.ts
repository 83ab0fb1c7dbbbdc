// sed over piped input past the default maxStringBytes (10 MiB), with DEFAULT limits, against
// GNU sed on the same bytes: it reads line by line (one line of lookahead for `$`), whatever
// the script holds (N, D, the hold space) is its own.
import { describe } from "vitest";
import { bigDifferential, bigText } from "../../coreutils/test/big.js";
import { sedCommand } from "./sed.js";

describe("sed streams", () => {
  bigDifferential(
    sedCommand,
    [
      { args: ["s/a/X/g"], input: "mixed" },
      { args: ["-n", "$p"], input: "mixed" },
      { args: ["$!d"], input: "ascii" },
      { args: ["N;P;D"], input: "mixed" },
      { args: ["$!N;s/\\n/+/"], input: "ascii" },
      { args: ["1~3d"], input: "ascii" },
      { args: ["-n", "/^5/p"], input: "mixed" },
      { args: ["-n", "h;${x;p}"], input: "ascii" },
      { args: ["="], input: "ascii" },
      { args: ["-E", "s/([a-z]+) ([a-z]+)/\\2 \\1/"], input: "mixed" },
      { args: ["-z", "s/^./X/"], input: () => bigText("ascii").replace(/\n/g, "\0") },
    ],
    "sed",
  );
});

/**
 * The parse cache gives the same results as parsing afresh: scripts run twice (cached the
 * second time) match real bash both times, including scripts whose parse depends on aliases
 * defined while they run and scripts with a syntax error on one line.
 */
import { describe, expect, it } from "vitest";
import { runBash, runHusk } from "./harness.js";

const CASES: Record<string, string> = {
  "plain script": "x=1\nfor i in a b; do echo $i$x; done\necho $(( x + 41 ))\n",
  "alias defined mid-script": "shopt -s expand_aliases\nalias hi='echo hello'\nhi there\nunalias hi\nhi() { echo func; }\nhi\n",
  "alias enabled by eval": "eval 'shopt -s expand_aliases; alias e1=\"echo one\"'\ne1 two\n",
  "syntax error on one line": "echo before\nif then\necho after\n",
  "error then more lines": "echo a\n(( 1 + ))\necho b\nfi\necho c\n",
  "here-doc": "while read -r l; do echo \"[$l]\"; done <<EOF\nline $((1+2))\nEOF\necho done\n",
  "eval in a loop": "for i in 1 2 3; do eval 'echo \"n=$i\"'; done\n",
};

describe("parse cache", () => {
  for (const [name, script] of Object.entries(CASES)) {
    it(name, async () => {
      const expected = runBash(script);
      const first = await runHusk(script);
      const second = await runHusk(script);
      expect({ stdout: first.stdout, status: first.status }).toEqual({ stdout: expected.stdout, status: expected.status });
      expect(second).toEqual(first);
    });
  }
});

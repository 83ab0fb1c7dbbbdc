// Pipelines over more than the default maxStringBytes (10 MiB), with DEFAULT limits: the text
// tools stream (or hold their input charged to maxDataBytes), so they answer as bash with the
// GNU tools does (computed here by running the same script in the machine's bash).
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { Bash } from "./index.js";

const PIPELINES = [
  "seq 3000000 | wc -c",
  "seq 3000000 | wc -l",
  "seq 3000000 | tail -1",
  "seq 3000000 | md5sum",
  "seq 3000000 | sort -n | tail -1",
  "seq 3000000 | tr 1 2 | wc -c",
  "seq 3000000 | sed s/1/2/ | md5sum",
  "seq 3000000 | cut -c1 | uniq -c",
  "seq 3000000 | jq -s length",
  "seq 3000000 | grep -c 7",
  "seq 3000000 | awk '{s+=$1} END{print s}'",
  "seq 3000000 | tac | head -3",
  "seq 3000000 | nl | tail -2",
  "seq 3000000 | rev | tail -1",
  "seq 3000000 | base64 | base64 -d | sha1sum",
  "seq 3000000 | paste - - - | tail -1",
];

describe("pipelines past 10 MiB with default limits", () => {
  it.each(PIPELINES)("%s", async (script) => {
    const real = spawnSync("bash", ["-c", script], { encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" }, maxBuffer: 1 << 26 });
    const r = await new Bash().exec(script);
    expect({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode }).toEqual({ stdout: real.stdout, stderr: "", exitCode: 0 });
  });
});

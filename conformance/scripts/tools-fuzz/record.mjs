#!/usr/bin/env node
// Fills in a case file's expectations from the real tools: every `#### name` case's script is
// run by GNU bash (in a fresh directory, LC_ALL=C.UTF-8, like the conformance runner) and its
// `## STDOUT`/`## STDERR`/`## status` lines are rewritten from what bash printed.
// Usage: node conformance/scripts/tools-fuzz/record.mjs conformance/cases/FILE.test.sh
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const file = process.argv[2];
const text = readFileSync(file, "utf8");
const [head, ...chunks] = text.split(/^(?=#### )/m);
const block = (tag, s) => {
  if (s === "") return "";
  if (!s.endsWith("\n") || /[\0\r]/.test(s) || /^## /m.test(s) || /^#### /m.test(s)) return `## ${tag.toLowerCase()}-json: ${JSON.stringify(s)}\n`;
  return `## ${tag}:\n${s}## END\n`;
};
const out = [head];
for (const chunk of chunks) {
  const lines = chunk.split("\n");
  const name = lines[0];
  // the script is everything up to the first `## ` line (old expectations are dropped)
  const end = lines.findIndex((l, i) => i > 0 && l.startsWith("## "));
  const script = `${lines.slice(1, end < 0 ? undefined : end).join("\n").replace(/\n+$/, "")}\n`;
  const dir = mkdtempSync(join(tmpdir(), "husk-record-"));
  const r = spawnSync("bash", [], { cwd: dir, input: script, encoding: "utf8", env: { PATH: "/usr/local/bin:/usr/bin:/bin", LC_ALL: "C.UTF-8", HOME: dir, TMP: dir } });
  rmSync(dir, { recursive: true, force: true });
  let c = `${name}\n${script}`;
  if (r.status !== 0) c += `## status: ${r.status}\n`;
  c += r.stdout === "" ? "## stdout-json: \"\"\n" : block("STDOUT", r.stdout);
  c += block("STDERR", r.stderr);
  out.push(`${c}\n`);
}
writeFileSync(file, `${out.join("").replace(/\n+$/, "")}\n`);

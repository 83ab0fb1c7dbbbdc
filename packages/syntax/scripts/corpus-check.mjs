#!/usr/bin/env node
// Corpus measure: splits every case of the Oils spec files (cases start with `#### `), runs
// `bash -n` on each (cached by content hash), and compares accept/reject with @husk/syntax.
// Usage: npx tsc -b packages/syntax && node packages/syntax/scripts/corpus-check.mjs [--roundtrip] [--verbose]
// The corpus text is read from /work/shared/corpora (never copied into the repo).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const CORPUS = process.env.CORPUS ?? "/work/shared/corpora/oils/spec";
const { parse, print, stripSpans } = await import(new URL("../dist/index.js", import.meta.url).href);
const verbose = process.argv.includes("--verbose");
const roundtrip = process.argv.includes("--roundtrip");
// bash -n parses with extglob off (a script's `shopt -s extglob` does not run), so we do too.
const opts = { extglob: process.argv.includes("--extglob") };

/** Splits a spec file into cases: {name, script}. */
export function splitCases(text) {
  const out = [];
  let cur;
  for (const line of text.split("\n")) {
    if (line.startsWith("#### ")) {
      cur = { name: line.slice(5), lines: [] };
      out.push(cur);
    } else if (cur) cur.lines.push(line);
  }
  return out.map((c) => ({ name: c.name, script: c.lines.join("\n") + "\n" }));
}

if (!existsSync(CORPUS)) {
  console.log(`corpus not found at ${CORPUS}; skipping`);
  process.exit(0);
}
const cases = [];
for (const f of readdirSync(CORPUS).filter((f) => f.endsWith(".test.sh")).sort()) {
  for (const c of splitCases(readFileSync(join(CORPUS, f), "utf8"))) cases.push({ file: f, ...c });
}
// bash -n verdicts, cached.
const cacheDir = join(tmpdir(), "husk-corpus-bash-n");
mkdirSync(cacheDir, { recursive: true });
const cacheFile = join(cacheDir, "verdicts2.json");
const cache = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, "utf8")) : {};
const todo = [];
for (const c of cases) {
  c.hash = createHash("sha1").update(c.script).digest("hex");
  if (!(c.hash in cache)) {
    writeFileSync(join(cacheDir, c.hash + ".sh"), c.script);
    todo.push(c.hash);
  }
}
if (todo.length > 0) {
  // One bash -n per case, 4 at a time; prints "hash status errorlines". bash -n exits 0 on
  // some errors inside [[ ]] but prints them, so a non-warning message also counts as a reject.
  const list = join(cacheDir, "todo.txt");
  writeFileSync(list, todo.join("\n") + "\n");
  const out = execFileSync("sh", ["-c", `cd '${cacheDir}' && xargs -P4 -I{} sh -c 'bash -n {}.sh >{}.err 2>&1; echo {} $? $(grep -vc warning: {}.err)' < todo.txt`], { encoding: "utf8", maxBuffer: 1 << 26 });
  for (const line of out.trim().split("\n")) {
    const [h, st, errs] = line.split(" ");
    cache[h] = Number(st) !== 0 ? Number(st) : Number(errs) > 0 ? 1 : 0;
  }
  writeFileSync(cacheFile, JSON.stringify(cache));
}
// Cases where `bash -n` exits 0 without a message although bash cannot run the script: bash
// 5.2 parses `[[ ]]` as a silent syntax error (`echo a; [[ ]]; echo b` prints only `a`, and
// `bash -n` says nothing). We reject it with bash's message for `]]`; counted apart.
const BASH_N_SILENT = new Set(["dbracket.test.sh :: [[ ]] is syntax error"]);
let silent = 0;
let acc = 0, accOk = 0, rej = 0, rejOk = 0, rtOk = 0, rtFail = 0;
const t0 = performance.now();
const failures = [];
for (const c of cases) {
  const bashOk = cache[c.hash] === 0;
  let ours = true, err;
  let ast;
  try {
    ast = parse(c.script, opts);
  } catch (e) {
    ours = false;
    err = e;
    if (e.name !== "ParseError") failures.push(`CRASH ${c.file} :: ${c.name}: ${e.stack}`);
  }
  if (bashOk && !ours && BASH_N_SILENT.has(`${c.file} :: ${c.name}`)) {
    silent++;
  } else if (bashOk) {
    acc++;
    if (ours) accOk++;
    else failures.push(`REJECTED ${c.file} :: ${c.name}: ${err.message} (line ${err.line})`);
  } else {
    rej++;
    if (!ours) rejOk++;
    else failures.push(`ACCEPTED ${c.file} :: ${c.name}`);
  }
  if (roundtrip && ast) {
    let ok = false, why = "";
    try {
      const printed = print(ast);
      const again = parse(printed, opts);
      ok = JSON.stringify(stripSpans(again)) === JSON.stringify(stripSpans(ast));
      if (!ok) why = "tree differs:\n" + printed;
    } catch (e) {
      why = e.message;
    }
    if (ok) rtOk++;
    else {
      rtFail++;
      failures.push(`ROUNDTRIP ${c.file} :: ${c.name}: ${why.slice(0, 300)}`);
    }
  }
}
const ms = performance.now() - t0;
if (verbose) for (const f of failures) console.log(f);
console.log(`cases: ${cases.length}`);
console.log(`bash -n accepts ${acc}; we parse ${accOk} (${((100 * accOk) / acc).toFixed(2)}%)`);
console.log(`bash -n rejects ${rej}; we reject ${rejOk} (${((100 * rejOk) / rej).toFixed(2)}%)`);
if (silent > 0) console.log(`bash -n accepts but bash cannot run (silent syntax error; we reject): ${silent}`);
if (roundtrip) console.log(`round trip: ${rtOk} equal, ${rtFail} differ`);
console.log(`our parse time (all cases): ${ms.toFixed(0)} ms`);

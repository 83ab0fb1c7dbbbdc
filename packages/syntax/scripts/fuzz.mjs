#!/usr/bin/env node
// A longer fuzz run of the parser than the unit tests: N inputs (default 100,000) drawn from
// random token soup, mutations of the Oils corpus scripts (when /work/shared/corpora is
// there) and hostile nesting generators. Every parse must return an AST or throw a ParseError;
// for the ones that return, print(ast) must parse back to the same tree (up to spans). Reports
// failures, and the slowest inputs (time per input byte), to spot super-linear paths.
// Usage: npx tsc -b && node packages/syntax/scripts/fuzz.mjs [N=100000] [seed=1]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const { parse, print, stripSpans } = await import(new URL("../dist/index.js", import.meta.url).href);
const N = Number(process.argv[2] ?? 100_000);
let seed = Number(process.argv[3] ?? 1) >>> 0 || 1;
const rnd = () => {
  seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0;
  return seed / 4294967296;
};
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];

const CORPUS = process.env.CORPUS ?? "/work/shared/corpora/oils/spec";
const scripts = [];
if (existsSync(CORPUS)) {
  for (const f of readdirSync(CORPUS).filter((f) => f.endsWith(".test.sh"))) {
    for (const c of readFileSync(join(CORPUS, f), "utf8").split(/^#### .*$/m).slice(1)) scripts.push(c);
  }
}
if (scripts.length === 0) scripts.push("echo hi \"$x\" ${y:-z} $(cmd | grep a) `b` $((1+2))\nif a; then b; fi\n");
const TOKS = [..."abcx01 \t\n;&|()<>{}[]$`'\"\\#=!*?@+-~%/^,:.", "$(", "${", "$((", "<<", "<<-", "EOF", "if ", "then ", "fi", "do ", "done",
  "case ", " in ", "esac", "[[ ", " ]]", "((", "))", "declare ", "a=", "a[", "@(", "$'", "$\"", "<(", "function ", "coproc ", "time ", "select "];
const NEST = [["$((", ") )"], ["$(", ")"], ["${x:-", "}"], ['"$(', ')"'], ["( ", " )"], ["{ ", "; }"], ["`", "`"], ["@(", ")"], ["[[ ( ", " ) ]]"], ["a[", "]=1"], ["declare a=$(", ")"]];

function gen() {
  const r = rnd();
  if (r < 0.3) {
    let s = "";
    const n = Math.floor(rnd() * 80);
    for (let i = 0; i < n; i++) s += pick(TOKS);
    return s;
  }
  if (r < 0.9) {
    let s = pick(scripts);
    const muts = 1 + Math.floor(rnd() * 4);
    for (let m = 0; m < muts; m++) {
      const i = Math.floor(rnd() * (s.length + 1));
      const len = Math.floor(rnd() * 8);
      const k = rnd();
      if (k < 0.33) s = s.slice(0, i) + s.slice(i + len);
      else if (k < 0.66) s = s.slice(0, i) + pick(TOKS) + s.slice(i);
      else s = s.slice(0, i) + s.slice(i, i + len) + s.slice(i);
    }
    return s;
  }
  // Hostile nesting: mixed openers, closed or not.
  const n = Math.floor(rnd() * 300);
  const stack = [];
  let s = "echo ";
  for (let i = 0; i < n; i++) {
    const p = pick(NEST);
    s += p[0];
    stack.push(p[1]);
  }
  s += "x";
  if (rnd() < 0.7) while (stack.length) s += stack.pop();
  return s;
}

/** JSON with sorted keys (trees are compared up to key order, like vitest's toEqual). */
const canon = (v) => JSON.stringify(v, (_k, x) => (x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x));
const failures = [];
const slow = [];
let ok = 0, perr = 0, rtBad = 0;
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const src = gen();
  const t = performance.now();
  let ast;
  try {
    ast = parse(src);
    ok++;
  } catch (e) {
    if (e?.name === "ParseError") perr++;
    else failures.push({ kind: "exception", src, err: String(e?.stack ?? e) });
  }
  const d = performance.now() - t;
  slow.push([d / (src.length + 100), d, src]);
  if (slow.length > 50) {
    slow.sort((a, b) => b[0] - a[0]);
    slow.length = 10;
  }
  if (ast !== undefined) {
    try {
      const again = parse(print(ast));
      if (canon(stripSpans(again)) !== canon(stripSpans(ast))) {
        rtBad++;
        if (rtBad <= 20) failures.push({ kind: "roundtrip differs", src });
      }
    } catch (e) {
      rtBad++;
      if (rtBad <= 20) failures.push({ kind: "printed text does not parse: " + e.message, src });
    }
  }
}
slow.sort((a, b) => b[0] - a[0]);
console.log(`${N} inputs in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${ok} parsed, ${perr} ParseError, ${failures.filter((f) => f.kind === "exception").length} other exceptions, ${rtBad} round-trip failures`);
for (const f of failures.slice(0, 20)) console.log(`\n${f.kind}:\n${JSON.stringify(f.src.slice(0, 400))}\n${(f.err ?? "").slice(0, 400)}`);
console.log("\nslowest per byte (ms, bytes):");
for (const [, d, src] of slow.slice(0, 5)) console.log(`  ${d.toFixed(1)} ms, ${src.length} bytes: ${JSON.stringify(src.slice(0, 100))}`);
process.exitCode = failures.length > 0 ? 1 : 0;

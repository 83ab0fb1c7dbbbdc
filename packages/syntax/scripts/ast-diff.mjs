#!/usr/bin/env node
// The same AST (spans included) or the same ParseError from two builds of this package, on the
// Oils spec corpus (whole files and each case), the bench script and seeded mutations of them,
// with extglob on and off: a performance change must not change what parses to what.
// Usage: cp -r packages/syntax/dist /tmp/old-dist (before the change); npx tsc -b;
//        node packages/syntax/scripts/ast-diff.mjs /tmp/old-dist packages/syntax/dist [mutations=20000]
import { readdirSync, readFileSync } from "node:fs";
const load = (d) => import(new URL(d.replace(/\/?$/, "/index.js"), `file://${process.cwd()}/`).href);
const A = await load(process.argv[2]), B = await load(process.argv[3]);
const M = Number(process.argv[4] ?? 20000);
const { makeBigScript } = await import(new URL("../../../bench/dist/workloads.js", import.meta.url).href);
const dir = process.env.CORPUS ?? "/work/shared/corpora/oils/spec";
const inputs = [makeBigScript(300)];
for (const f of readdirSync(dir).filter((f) => f.endsWith(".sh")).sort()) {
  const t = readFileSync(dir + "/" + f, "utf8"); inputs.push(t);
  for (const c of t.split(/^#### .*$/m)) inputs.push(c);
}
let seed = 12345; const rnd = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
const base = inputs.slice(0);
const alphabet = " \t\n;&|()<>$`'\"\\{}[]#=~!*?@+-:/%^,x1";
for (let i = 0; i < M; i++) {
  let s = base[1 + rnd(base.length - 1)]; if (s.length > 3000) s = s.slice(0, 3000);
  for (let k = 1 + rnd(3); k > 0; k--) { const p = rnd(s.length + 1); const op = rnd(3);
    s = op === 0 ? s.slice(0, p) + s.slice(p + 1) : op === 1 ? s.slice(0, p) + alphabet[rnd(alphabet.length)] + s.slice(p) : s.slice(0, p) + s.slice(p, p + 1 + rnd(8)).repeat(2) + s.slice(p + 1 + rnd(8)); }
  inputs.push(s);
}
const run = (m, s, o) => { try { return JSON.stringify(m.parse(s, o)); } catch (e) { return e.name === "ParseError" ? `ERR ${e.message} ${e.line} ${JSON.stringify(e.span)}` : `CRASH ${e.stack}`; } };
let diffs = 0, errs = 0;
for (const s of inputs) for (const o of [undefined, { extglob: false }]) {
  const a = run(A, s, o), b = run(B, s, o);
  if (a.startsWith("ERR")) errs++;
  if (a !== b) { if (++diffs <= 3) console.log("DIFF on", JSON.stringify(s.slice(0, 300)), "\n old:", a.slice(0, 300), "\n new:", b.slice(0, 300)); }
}
console.log(`inputs ${inputs.length * 2}, parse errors ${errs}, differences ${diffs}`);

#!/usr/bin/env node
// Number literals (number.ts) against the real jq 1.8: the machine's jq is 1.6, which keeps no
// literal, so this fetches Debian sid's jq 1.8 build (with decNumber) and the glibc it needs
// into a temp folder (deb.debian.org is reachable here; nothing is installed) and runs it
// through that glibc's loader. Then it compares, text for text:
//   - N random literals (digits, a point anywhere, an exponent one time in three) printed by `.`;
//   - N/10 pairs of them through comparisons, equality, `+`, unary minus, `abs`, `tostring`;
//   - the programs of packages/jq/src/number.test.ts whose expectations were written from jq's
//     source and tests (listed below: keep them in step).
// Prints the jq version and the counts of differences (0 expected). Build first: `npx tsc -b packages/jq`.
// Usage: node packages/jq/scripts/decnum-diff.mjs [N=20000]
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { jq } from "../dist/index.js";
import { jq18, jq18Dir as dir } from "./jq18.mjs";

const N = Number(process.argv[2] ?? 20000);
const real = jq18();
console.log(`${execFileSync(real, ["--version"], { encoding: "utf8" }).trim()} (${real}); ${readdirSync(dir).length} files in ${dir}`);

let seed = 7;
const rnd = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const lits = [];
for (let k = 0; k < N; k++) {
  const len = 1 + rnd(17);
  let digits = "";
  for (let j = 0; j < len; j++) digits += String(rnd(10));
  const dot = rnd(len + 1);
  const body = dot === len ? digits : `${digits.slice(0, dot) || "0"}.${digits.slice(dot)}`;
  lits.push(`${rnd(2) ? "-" : ""}${body}${rnd(3) === 0 ? `e${rnd(41) - 20}` : ""}`);
}
const pairs = [];
for (let i = 0; i + 1 < lits.length / 5; i += 2) pairs.push(`[${lits[i]},${lits[i + 1]}]`);

/** Runs `prog` on each input (one JSON text per line) in both engines; prints and counts the differences. */
function compare(label, prog, inputs) {
  const theirs = execFileSync(real, ["-c", prog], { input: inputs.join("\n"), encoding: "utf8", maxBuffer: 1 << 28 }).trimEnd().split("\n");
  const ours = jq(prog, inputs.join("\n"), { inputIsText: true, output: "text", compact: true }).trimEnd().split("\n");
  let bad = 0;
  for (let i = 0; i < Math.max(theirs.length, ours.length); i++) {
    if (theirs[i] !== ours[i] && bad++ < 5) console.log(`  ${label}: output ${i}: jq ${theirs[i]} husk ${ours[i]}`);
  }
  console.log(`${label}: ${theirs.length} outputs, ${bad} differ`);
  return bad;
}

// The number.test.ts programs whose expectations came from jq's source (not the corpus).
const PROGRAMS = [
  ['"\\(.)", @text, @json, @sh, @html, @uri, @base64', "1.000"],
  ["@csv, @tsv", "[1.000, 1E+2, 2]"],
  ['join(",")', "[1.000, 2]"],
  [".[1.000], .[1.00:], [limit(2.0; range(10))], has(1.0)", "[1, 2, 3]"],
  ["path(.[1.000])", "[1, 2]"],
  ["[range(1.000; 3)], [range(3.00; 1; -1)]", "null"],
  ["setpath([1.0]; 5), del(.[0.0])", "[1, 2]"],
  ["floor, sqrt, (. * 1), tostring, type", "4.00"],
  ["sort, unique, group_by(.), min, max", "[1.0, 1, 0.50, 2E+0]"],
  ["index(1.0), indices(1), contains([1.00]), inside([1.000, 2])", "[1.000, 2]"],
  ["add, ([.[0]] | add)", "[1.000, 2]"],
  ["tonumber", '"1.50"'],
  ["[.[] | tonumber]", '["inf","-Infinity","+inf","INF","sNaN","-nan","NaN"]'],
  ['fromjson, ("[1e2]" | fromjson)', '"1.0"'],
  ["todate", "0.0"],
  ["[-0, -0.0, (0 * -1), -1.000, (-0.0 | -.)]", "null"],
  ["{(1.000 | tostring): 1}", "null"],
  ["try error catch ., (try ({} | .[1.000]) catch .)", "1.000"],
  ['try (. + "x") catch .', "123456789012345678901234567890"],
];

let total = compare("literals through `.`", ".", lits);
total += compare("pairs: < == + unary- abs tostring", "[.[0] < .[1], .[0] == .[1], (.[0] + .[1]), -.[0], (.[0]|abs), (.[0]|tostring)]", pairs);
for (const [prog, input] of PROGRAMS) total += compare(prog, prog, [input]);
console.log(total === 0 ? "no differences" : `${total} differences`);
process.exitCode = total === 0 ? 0 : 1;

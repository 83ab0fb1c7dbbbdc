#!/usr/bin/env node
// JSON input, malformed and well formed, against the real jq 1.8.2 (./jq18.mjs fetches it):
// hand-picked texts plus N random mutations of small documents (characters deleted, doubled,
// swapped or replaced by structural characters, quotes, escapes, control and non-ASCII
// characters), each fed to `jq -c .` on stdin by both; compares stdout, stderr and the exit
// status. Prints the number of differences and the first ones. Build first: `npx tsc -b`.
// With --stream, compares `jq -c --stream .` (jq's streaming parser) instead.
// Usage: node packages/jq/scripts/json-input-diff.mjs [N=1500] [--show K] [--stream]
import { execFile } from "node:child_process";
import { Bash } from "../../bash/dist/index.js";
import { jq18 } from "./jq18.mjs";

const argv = process.argv.slice(2);
const showAt = argv.indexOf("--show");
const show = showAt >= 0 ? Number(argv.splice(showAt, 2)[1]) : 10;
const streamAt = argv.indexOf("--stream");
const jqArgs = streamAt >= 0 ? (argv.splice(streamAt, 1), ["-c", "--stream", "."]) : ["-c", "."];
const N = Number(argv[0] ?? 1500);
const real = jq18();

const fixed = [
  "[1,]", '{"a" 1}', '{"a":1,}', '{"a":}', "{,}", '{"a","b"}', ":", ",", "1,2", "[1:2]", "{1:2}", '{"a":1 "b":2}', "[[1]", "1 [", '{"a"',
  '"\\', "tr", "nul", "nope", "n", "truex", "'a'", "'", "+1", "01", ".5", "1.", "1e", "--1", "inf", "-Infinity", "NaN", "nan1", "sNaN",
  '"a\tb"', '"\\ud800"', '"\\ud800\\u0041"', '"\\uZZZZ"', '"\\u12"', '"\\q"', '"é" x', "١", "[1,2]]", "}", "]", '["a"\n, 1\n,x]', "1 2 x",
  "[1 2]", '{"a":[1,{"b":}]}', "[{]", "[}", '{"a":1]', "[1,[2,3],{\"a\":4},tr", "\ufeff[1]", "[1]\n\n  ]", "{\"a\":\n\n1,,}",
];
const docs = ['{"a":[1,2.5,-3e2],"b":{"c":"x\\ty","d":[true,false,null]},"e":""}', '[{"k":"v"},[],{},[[1]],"\\u00e9"]', '{"n":-0.0,"s":"a\\"b","u":"\\ud83d\\ude00"}', "1 2 [3] {\"x\":4}"];
const alphabet = ['"', "[", "]", "{", "}", ",", ":", "\\", " ", "\n", "t", "n", "f", "u", "0", "-", ".", "e", "'", "\t", "\u0001", "é", "x"];
let seed = 11;
const rnd = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const cases = [...fixed];
for (let k = 0; k < N; k++) {
  let s = docs[rnd(docs.length)];
  for (let m = 1 + rnd(2); m > 0; m--) {
    const i = rnd(s.length);
    switch (rnd(4)) {
      case 0:
        s = s.slice(0, i) + s.slice(i + 1);
        break;
      case 1:
        s = s.slice(0, i) + s[i] + s.slice(i);
        break;
      case 2:
        s = s.slice(0, i) + alphabet[rnd(alphabet.length)] + s.slice(i + 1);
        break;
      default:
        s = s.slice(0, i) + alphabet[rnd(alphabet.length)] + s.slice(i);
    }
  }
  cases.push(s);
}

/** Runs the real jq on each text, a few processes at a time. */
async function runReal(texts) {
  const out = new Array(texts.length);
  let next = 0;
  const worker = async () => {
    while (next < texts.length) {
      const i = next++;
      out[i] = await new Promise((resolve) => {
        const child = execFile(real, jqArgs, { encoding: "utf8" }, (err, stdout, stderr) => resolve({ stdout, stderr, status: err ? (err.code ?? 1) : 0 }));
        child.stdin.end(texts[i]);
      });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out;
}

const ours = [];
for (const t of cases) {
  const r = await new Bash().exec(`jq ${jqArgs.join(" ")}`, { stdin: t });
  ours.push({ stdout: r.stdout, stderr: r.stderr, status: r.exitCode });
}
const theirs = await runReal(cases);
let diffs = 0;
for (let i = 0; i < cases.length; i++) {
  const a = ours[i];
  const b = theirs[i];
  if (a.stdout === b.stdout && a.stderr === b.stderr && a.status === b.status) continue;
  if (++diffs <= show) console.log(`${JSON.stringify(cases[i])}\n  jq 1.8.2: ${JSON.stringify(b)}\n  husk:     ${JSON.stringify(a)}`);
}
console.log(`jq ${jqArgs.join(" ")}: ${cases.length} texts (${fixed.length} fixed, ${N} mutated): ${diffs} differ`);
process.exitCode = diffs === 0 ? 0 : 1;

// The accumulation programs of src/accumulate.test.ts (reduce/foreach updating in place, see
// src/own.ts) and their expected outputs, taken from the machine's jq in one batch.
// Usage: node packages/jq/scripts/accumulate-cases.mjs [--jq /usr/bin/jq]
// writes packages/jq/src/testing/accumulate.json: [{ prog, input?, expect, jq?, note? }], where
// `expect` is jq's outputs (each as compact JSON) or { error }. /usr/bin/jq is 1.6: where jq 1.8
// differs (V18 below), `expect` is 1.8's, `note` says why and `jq` keeps what the machine printed.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const args = process.argv.slice(2);
const jqBin = args.includes("--jq") ? args[args.indexOf("--jq") + 1] : "/usr/bin/jq";

/** [program, input texts (absent: no inputs)]; every program runs with -n. */
const CASES = [
  // the idioms, small
  ['[range(5) | {id: "k\\(.)", v: .}] | INDEX(.id)'],
  ["INDEX(range(6) | {id: (. % 3), v: .}; .id)"],
  ['reduce range(5) as $i ({}; .["k\\($i)"] = $i)'],
  ['[range(5)|{("k\\(.)"): .}] | add'],
  ['[range(5)|{id:.}] | map({("\\(.id)"): .}) | add'],
  ["reduce range(5) as $i ([]; .[$i] = $i)"],
  ["reduce range(4; -1; -1) as $i ([]; .[$i] = $i)"],
  ['reduce (range(10) % 3) as $k ({}; .["\\($k)"] += 1)'],
  ['reduce range(10) as $i ({}; .["\\($i % 3)"] += [$i])'],
  ['[3,1,3,2,1] | reduce .[] as $x ({}; .["\\($x)"] += [$x])'],
  ['[foreach range(5) as $i ({}; .["k\\($i)"] = $i; length)]'],
  ['[range(5)|{key:"k\\(.)",value:.}] | from_entries | with_entries(.value += 1)'],
  ["reduce range(5) as $i ([]; . + [$i])"],
  ['reduce range(5) as $i ({}; .["k\\($i)"] |= $i)'],
  ['reduce range(5) as $i ({}; setpath(["k\\($i)"]; $i))'],
  ['reduce range(3) as $i ({}; setpath(["a", "\\($i)"]; $i))'],
  ['reduce range(6) as $i ({}; .["\\($i % 2)"] |= . + [$i])'],
  ['reduce range(6) as $i ({}; .["\\($i % 2)"] |= (. // 0) + 1)'],
  ['reduce range(6) as $i ({}; .["\\($i % 2)"] |= (. // []) + [$i])'],
  ['reduce range(6) as $i ({}; ($i % 2 | tostring) as $k | if has($k) then .[$k] += 1 else .[$k] = 1 end)'],
  ["reduce range(4) as $i ({}; .a += [$i] | .b += 1)"],
  ['reduce range(4) as $i ({}; .counts["\\($i)"] = $i | .total += $i)'],
  ["reduce range(4) as $i ({}; .a[$i] = $i)"],
  ["reduce range(3) as $i ([]; .[length] = $i)"],
  ['reduce range(3) as $i ({}; . + {("k\\($i)"): $i})'],
  ["reduce ([1,2],[3]) as $x ([]; . + $x)"],
  ['reduce range(5) as $i ({a: {}}; .a["\\($i)"] = $i) | .a | length'],
  ['reduce range(3) as $i ({}; del(.x) | .["\\($i)"] = $i)'],
  ['reduce range(4) as $i ({a:1,b:2,c:3,d:4,e:5}; del(.[["a","b","c","d"][$i]]))'],
  ["reduce range(3) as $i ([0,1,2,3,4,5]; del(.[0]))"],
  ['reduce range(3) as $i ({a:1,b:2,c:3,d:4}; delpaths([[["a","b","c"][$i]]]))'],
  ['reduce range(3) as $i (null; .["x"] += [$i])'],
  ["reduce range(3) as $i ({}; .a //= [] | .a += [$i])"],
  ["reduce range(3) as $i ([0,1,2,3]; .[1:2] = [$i, $i])"],
  ["reduce range(2) as $i ([0,1,2,3]; .[1:3] |= . + [$i])"],
  ['reduce range(3) as $i (""; . + "\\($i)")'],
  ['reduce range(3) as $i ({}; .s += "\\($i)")'],
  ["reduce range(5) as $i (0; . + $i)"],
  ['reduce ([1,2],[3,4]) as [$a,$b] ({}; .["\\($a)"] = $b)'],
  ['reduce ({k:"a",v:1},{k:"b",v:2},{k:"a",v:3}) as {k:$k, v:$v} ({}; .[$k] += [$v])'],
  ['reduce range(3) as $i ({}; ($i | tostring) as $k | .[$k] = $i)'],
  ['reduce range(3) as $i ({}; reduce range(2) as $j (.; .["\\($i)\\($j)"] = 1))'],
  ['[foreach range(4) as $i ([]; reduce range($i) as $j (.; . + [$j]); length)]'],
  ['reduce range(3) as $i ({}; if $i == 1 then . else .["\\($i)"] = $i end)'],
  ['reduce range(3) as $i ({}; if . == {} then .a = 1 else .["\\($i)"] = $i end)'],
  ['reduce range(3) as $i ({}; .["\\($i)"] = first(range(10;20)))'],
  ["reduce range(3) as $i ([]; . + [limit(2; range(5))])"],
  ["reduce range(3) as $i ({}; .a = {} | .a.b = $i)"],
  ["reduce range(3) as $i ({}; .x = [$i] | .x[1] = 9)"],
  ["reduce range(3) as $i ([]; .[$i] = [$i] | .[$i] += [1])"],
  ["reduce range(3) as $i ({}; .a |= . + [$i] | .b = (.a | length))"],
  ['reduce range(3) as $i ({}; .[$i|tostring] |= {v: $i} | .["0"].v += 1)'],
  ["reduce range(2) as $i ({a:[1]}; (.a, .a) |= . + [$i])"],
  ["reduce range(2) as $i ({a:[1],b:[2]}; .[] += [$i])"],
  ['reduce range(2) as $i ({}; getpath(["a","b"]) += [$i])'],
  ['reduce range(3) as $i ({a:[]}; .a += [getpath(["a"]) | length])'],
  ['reduce range(3) as $i ({a:{b:1}}; .["p\\($i)"] = [path(..)])'],
  ['reduce range(3) as $i ({}; .["\\($i)"] = (try error("x") catch .))'],
  ['reduce range(5) as $i ({}; .["\\($i)"] = (label $f | if $i > 2 then break $f else $i end))'],
  ["reduce range(3) as $i ({}; .a += ($i, 10))"],
  ['reduce range(3) as $i ({}; .["\\($i)"] = ($i, $i * 10))'],
  ["reduce range(2) as $i ({}; if (true, false) then .a += 1 else .b += 1 end)"],
  ["reduce range(3) as $i ([]; . + [$i], . + [-$i])"],
  ["reduce range(3) as $i ([]; [$i] + .)"],
  ['reduce range(3) as $i ({}; .["\\($i)"] = $i | to_entries | from_entries)'],
  ["reduce range(3) as $i ({}; .a = (.a // []) + [$i])"],
  ["reduce range(3) as $i ({}; .[$i|tostring] = ($i|tostring|length))"],
  // the update reads the accumulator: never changed behind a reader's back
  ["reduce range(3) as $i ({}; .[$i|tostring] = .)"],
  ['reduce range(3) as $i ({}; .["\\($i)"] = [.])'],
  ['reduce range(3) as $i ({}; .["\\($i)"] = (.|length))'],
  ['reduce range(3) as $i ({}; . as $a | .["\\($i)"] = $a)'],
  ['reduce range(3) as $i ({}; . as $a | .["\\($i)"] = 1 | [$a, .] | .[0])'],
  ['reduce range(3) as $i ({}; .["\\($i)"] = (try error(.) catch .))'],
  ["reduce range(3) as $i ({a:[0]}; .b = getpath([\"a\"]) | .a += [$i])"],
  ["reduce range(3) as $i ({}; .a += [$i] | .b = .a)"],
  ["reduce range(2) as $i ({}; .a = [$i] | .b = .a | .a += [9])"],
  ["reduce range(2) as $i ({}; (.a, .b) = [$i] | .a += [9]) | [.a, .b]"],
  ["reduce range(3) as $i ({}; setpath([\"a\"]; .))"],
  ['def f: .; reduce range(3) as $i ({}; .["\\($i)"] = f)'],
  ['reduce range(3) as $i ({}; def g: .; .["\\($i)"] = g)'],
  ['def addk($k): .[$k] = 1; reduce range(3) as $i ({}; addk("\\($i)"))'],
  ['def ins(f): .[f] += [1]; reduce range(3) as $i ({}; ins("\\($i % 2)"))'],
  ['def setpath(p; v): . + {x: v}; reduce range(3) as $i ({}; setpath(["a"]; $i))'],
  ['def del(f): . + {d: 1}; reduce range(3) as $i ({a: 1}; del(.a))'],
  ['reduce range(2) as $i ({}; .["\\($i)"] = (reduce range(2) as $j ({}; .["\\($j)"] = $j)))'],
  ['reduce range(2) as $i ({}; .["\\($i)"] = (reduce range(2) as $j (.; .["\\($j)"] = $j)))'],
  ["reduce range(2) as $i ([]; . + [reduce range(2) as $j (.; . + [$j])])"],
  ["[1] as $x | reduce range(2) as $i ($x; reduce range(2) as $j (.; . + [$j])) | [., $x]"],
  ['reduce range(2) as $i ({}; reduce range(3) as $j (.; if $j == 1 then empty else .["\\($i)\\($j)"] = 1 end))'],
  ['reduce range(2) as $i ({}; reduce range(3) as $j (.; if $j == 2 then empty else .["\\($i)\\($j)"] = 1 end))'],
  ["reduce range(3) as $i ({}; .a *= {b: [$i]} | .a.b += [9])"],
  ["reduce range(3) as $i ({a: [1,2,3]}; .a -= [$i] | .a += [10])"],
  ['reduce range(3) as $i ({}; .["\\($i)"] = [$i] | .x = (.["0"] | length))'],
  ["reduce range(3) as $i ([[0]]; (. + [[$i]]) | .[1:])"],
  ['reduce range(3) as $i ({a:{}}; .a | .["\\($i)"] = $i)'],
  ['reduce ("a","b","a") as $k ({}; .[$k] |= (.n += 1 | .l += [$k]))'],
  ['[foreach ("a","b","a") as $k ({}; .[$k] |= (.n += 1); .[$k].n)]'],
  ['[foreach ("a","b","a") as $k ({}; .[$k] += [1]; .[$k])]'],
  ['[foreach ("a","b","a") as $k ({}; .[$k] += [1]; .[$k][0], .)]'],
  ['def f: reduce .[] as $x ({}; .[$x] += 1); [["a","b","a"] | f, f]'],
  ["[[1],[2]] | reduce .[] as $x ([]; . + [$x]) | .[0] += [5] | ."],
  ['[{a:[1]}] | reduce .[] as $x ({}; .["\\(length)"] = $x) | .["0"].a += [2]'],
  // the initial value is shared: never changed
  ["{} as $e | reduce range(2) as $i ($e; .a += [$i]) | [., $e]"],
  ["reduce range(3) as $i ([[]]; .[0] += [$i])"],
  ["{a:[1]} as $v | reduce range(3) as $i ($v; .a += [$i]) | [., $v]"],
  ["[1,2] as $a | reduce range(3) as $i ($a; .[$i] = 0) | [., $a]"],
  ['{"x":[9]} | . as $d | reduce range(2) as $i (.; .x += [$i]) | [., $d]'],
  ["{a:{b:[1]}} as $o | reduce range(2) as $i ($o; .a.b += [$i]) | [., $o]"],
  ["[range(3)] | map(reduce range(2) as $j ([0]; .[0] += 1))"],
  ["def f: reduce range(2) as $j ({a: [0]}; .a += [$j]); [f, f]"],
  ['[1] as $v | reduce range(3) as $i ({}; .["\\($i)"] = $v | .["\\($i)"] += [$i]) | [., $v]'],
  ["[1] as $v | reduce range(3) as $i ({}; .a = $v | .a[0] = $i) | [., $v]"],
  ['reduce range(2) as $i ({}; .["\\($i)"] = $__loc__) | .["0"].line = 9 | [.["0"].line, (.["1"].line | type), (.["1"] | keys)]'],
  ['{} as $e | [foreach range(3) as $i ($e; .["\\($i)"] = $i; length)] | [., $e]'],
  // foreach: an emitted state never changes afterwards
  ['[foreach range(3) as $i ({}; .["\\($i)"] = $i)]'],
  ["[limit(3; foreach range(5) as $i ([]; . + [$i]))]"],
  ['[foreach range(3) as $i ({}; .["\\($i)"] = $i; .)]'],
  ["[foreach range(3) as $i ([]; . + [$i]; [., length])]"],
  ["[foreach range(3) as $i ({a:[]}; .a += [$i]; .a)]"],
  ['[foreach range(4) as $i ({}; .["\\($i)"] = $i; keys)]'],
  ["[foreach range(3) as $i ({}; .x += [$i]; .x | length)]"],
  ["[foreach range(3) as $i ([]; . + [$i]; tojson)]"],
  ['[foreach (1,2,1,3) as $x ({}; .["\\($x)"] += [$x]; .["\\($x)"])]'],
  ['[foreach (1,2,1,3) as $x ({}; .["\\($x)"] += [$x]; .["\\($x)"] | length)]'],
  ['[label $f | foreach range(5) as $i ({}; .["\\($i)"] = $i; if $i == 2 then ., break $f else . end)]'],
  ["[foreach range(3) as $i ([]; . + [$i]; ., .)]"],
  ["[foreach range(3) as $i ([]; . + [$i], . + [10]; length)]"],
  ["[first(foreach range(5) as $i ([]; . + [$i]))]"],
  ["[foreach range(3) as $i ([]; . + [$i]) | . + [100]]"],
  ["[(foreach range(3) as $i ([]; . + [$i])) as $s | $s]"],
  ["reduce (foreach range(3) as $i ([]; . + [$i])) as $s ([]; . + [$s])"],
  ["[foreach range(3) as $i ({}; .a = [$i] | .a += [1]; .a)]"],
  // empty updates (jq 1.6, 1.7 and 1.8.1: the state becomes null; 1.8.0 kept it)
  ['reduce range(3) as $i ({}; if $i == 1 then empty else .["\\($i)"] = $i end)'],
  ['reduce range(3) as $i ({}; if $i == 2 then empty else .["\\($i)"] = $i end)'],
  ["reduce range(3) as $i ([]; . + empty)"],
  ['[foreach range(4) as $i ({}; if $i == 1 then empty else .["\\($i)"] = $i end; length)]'],
  ["reduce range(5) as $x (0; .+$x | select($x!=2))"],
  ["[foreach range(5) as $x (0; .+$x | select($x!=2); [$x,.])]"],
  // errors
  ['try (reduce range(3) as $i ({}; .a += "x" | .a += 1)) catch .'],
  ['try (reduce range(3) as $i ([]; .["a"] = 1)) catch .'],
  ["try (reduce range(3) as $i ([]; . + (1, [$i]))) catch ."],
  ['[.[]?] | try (reduce range(3) as $i ({}; .["\\($i)"] = $i | if $i == 2 then error("e") else . end)) catch .'],
  // add, to_entries, from_entries, with_entries
  ["[[1],[2,3],[]] | add"],
  ['["a","b"] | add'],
  ["[{a:1},{b:2},{a:3}] | add"],
  ["[{a:1}, null, {b:2}] | add"],
  ["[null, {a:1}] | add"],
  ["[] | add"],
  ["[[1], null, [2]] | add"],
  ["try ([{a:1}, 1] | add) catch ."],
  ["try ([[1], {}] | add) catch ."],
  ["[{a:[1]},{a:[2]}] | add"],
  ["[1, null, 2] | add"],
  ["{a:[1],b:[2]} | add"],
  ["[{a:1}] as $x | [$x[0], $x[0], {b:2}] | add | [., $x]"],
  ["[{a:1},{a:2}] as $x | ($x | add) | [., $x]"],
  ["[[1],[2]] as $x | ($x | add) | [., $x]"],
  ["{a:1,b:[2]} | to_entries | from_entries"],
  ["{a:1,b:[2]} | with_entries(.value |= tostring)"],
  ["{a:1,b:2,c:3} | with_entries(select(.value > 1))"],
  ['[{name:"a",value:1},{k:"b",v:2},{key:null,value:3},{key:false},{key:1,value:4}] | from_entries'],
  ["[range(3)] | to_entries"],
  // input
  ["reduce inputs as $x ({}; .[$x.k] += [$x.v])", '{"k":"a","v":1} {"k":"b","v":2} {"k":"a","v":3}'],
  ['reduce range(2) as $i ({}; .["\\($i)"] = input)', "[1] 2"],
  ["[foreach inputs as $x ({}; .[$x] += 1; .[$x])]", '"a" "b" "a"'],
];

// Aliasing probes, one program per line (run with -n): each stores a part of the accumulator
// somewhere (.b = .a, $x, an emitted foreach state, a nested reduce over ., a function argument,
// an identity such as `. + {}` or `sort`) and then updates the original, so an update done in
// place where a copy was due shows up as a changed second reference.
const ALIAS = readFileSync(new URL("./accumulate-alias.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "");
CASES.push(...ALIAS.map((p) => [p]));

/** jq 1.8's outputs where they differ from jq 1.6's: program -> [outputs, why]. */
const V18 = new Map([
  [
    'try (reduce range(3) as $i ([]; .["a"] = 1)) catch .',
    [['"Cannot index array with string (\\"a\\")"'], 'jq 1.8 shows the key as string ("a") (jq.test: Cannot index number with string ("b"))'],
  ],
  [
    '[{name:"a",value:1},{k:"b",v:2},{key:null,value:3},{key:false},{key:1,value:4}] | from_entries',
    [['{"a":1,"b":2,"null":3,"false":null,"1":4}'], "jq 1.8's from_entries uses tojson for keys that are not strings (1.6 fails on null)"],
  ],
]);

const wrap = (p) => `(try ([${p}] | map(tojson)) catch {error: .})`;

function runJq(progs, input) {
  const text = execFileSync(jqBin, ["-nc", `[${progs.map(wrap).join(",\n")}]`], { input: input ?? "", encoding: "utf8" });
  return JSON.parse(text);
}

const out = [];
const add = (prog, input, got) => {
  const v18 = V18.get(prog);
  out.push(v18 ? { prog, input, expect: v18[0], jq: got, note: v18[1] } : { prog, input, expect: got });
};
const plain = CASES.filter((c) => c[1] === undefined);
// in batches: jq refuses a program that compiles to more than 64 KiB
const results = [];
for (let i = 0; i < plain.length; i += 100) results.push(...runJq(plain.slice(i, i + 100).map((c) => c[0])));
plain.forEach((c, k) => add(c[0], undefined, results[k]));
for (const c of CASES.filter((c) => c[1] !== undefined)) add(c[0], c[1], runJq([c[0]], c[1])[0]);
const version = execFileSync(jqBin, ["--version"], { encoding: "utf8" }).trim();
const file = new URL("../src/testing/accumulate.json", import.meta.url).pathname;
writeFileSync(file, `${JSON.stringify({ from: version, cases: out }, null, 1)}\n`);
console.log(`${out.length} cases from ${version} (${V18.size} with jq 1.8's outputs) -> ${file}`);

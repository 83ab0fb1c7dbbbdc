// Differential tests: the jq command against the real jq on this machine (jq 1.6). A case where
// jq 1.8 differs from 1.6 states jq 1.8's output (`jq18`), with where that comes from.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { jqCommand } from "./command.js";
import { testContext } from "./testing/ctx.js";

const HAS_JQ = spawnSync("jq", ["--version"]).status === 0;

interface Case {
  readonly args: string[];
  readonly stdin?: string;
  readonly files?: Record<string, string>;
  /** Also compare stderr. */
  readonly stderr?: boolean;
  /** jq 1.8's stdout where it differs from jq 1.6's (compared instead of the real jq's). */
  readonly jq18?: string;
}

// DECNUM (below): jq 1.8, the decNumber build, prints a number literal of the input or the
// program as written, canonicalized (jq.test's `have_decnum` cases and man.test lines 7-26;
// jv.c `jv_number_tostring`), where 1.6 printed its double.

const DOC = '{"a":1,"b":[1,2,3],"c":{"d":"x","e":null},"users":[{"name":"al","age":30,"k":"x"},{"name":"bo","age":25,"k":"y"},{"name":"cy","age":35,"k":"x"}]}';

const CASES: Case[] = [
  { args: ["."], stdin: DOC },
  { args: ["-c", "."], stdin: DOC },
  { args: ["--tab", "."], stdin: DOC },
  { args: ["--indent", "3", "."], stdin: DOC },
  { args: ["--indent", "0", "."], stdin: DOC },
  { args: ["-S", "."], stdin: '{"b":1,"a":{"z":1,"y":2}}' },
  { args: ["-r", ".users[].name"], stdin: DOC },
  { args: ["-j", ".users[].name"], stdin: DOC },
  { args: ["-a", "."], stdin: '"héllo 😀"' },
  { args: ["-c", ".users | map(select(.age > 26))"], stdin: DOC },
  { args: ["-c", ".users | group_by(.k) | map({k: .[0].k, n: length})"], stdin: DOC },
  { args: ["-c", ".c | to_entries"], stdin: DOC },
  { args: ["-c", ".c | with_entries(.value |= tostring)"], stdin: DOC },
  { args: ["-r", '.users[] | "\\(.name) is \\(.age)"'], stdin: DOC },
  { args: ["-r", ".users[] | [.name, .age] | @csv"], stdin: DOC },
  { args: ["-r", ".users[] | [.name, .age] | @tsv"], stdin: DOC },
  { args: ["-r", "[nan, 1, null, true] | @csv, @tsv"], stdin: "null" },
  { args: ["-r", '@sh "echo \\(.c.d)"'], stdin: DOC },
  { args: ["--arg", "n", "bo", "-c", '.users[] | select(.name == $n)'], stdin: DOC },
  { args: ["--argjson", "v", '{"x":[1]}', "-c", "$v.x"], stdin: "null" },
  { args: ["-n", "-c", "$ARGS", "--args", "a", "b"] },
  { args: ["-n", "-c", "$ARGS", "--jsonargs", "1", '{"a":2}'] },
  { args: ["-n", "-c", "--arg", "x", "1", "$ARGS.named"] },
  { args: ["-c", "-s", "."], stdin: "1 2 [3]" },
  { args: ["-c", "."], stdin: '1 "a"\n{"b":2}\n\n[]' },
  { args: ["-R", "."], stdin: "line1\nline2\n" },
  { args: ["-Rs", "."], stdin: "line1\nline2\n" },
  // jq's isoptish: `-` then a non-letter is the program, not an option
  { args: ["-c", "-.a"], stdin: '{"a":2,"b":[5]}' },
  { args: ["-c", "-(.b[0])"], stdin: '{"a":2,"b":[5]}' },

  { args: ["-Rr", "ascii_upcase"], stdin: "abc\ndef" },
  { args: ["-n", "[limit(3; range(1e9))]", "-c"] },
  { args: ["-n", "first(range(10;0;-3))"] },
  { args: ["-n", "-c", "[inputs]"], stdin: "1 2 3" },
  { args: ["-c", "[., input]"], stdin: "1 2 3 4" },
  { args: ["-n", "input"], stdin: "7 8" },
  { args: ["-e", ".a"], stdin: '{"a":false}' },
  { args: ["-e", ".a"], stdin: '{"a":null}' },
  { args: ["-e", ".a"], stdin: '{"a":0}' },
  { args: ["-e", "empty"], stdin: "1" },
  { args: ["-c", "--stream", "."], stdin: '{"a":[1,{"b":2}],"c":[]}' },
  { args: ["-c", "tostream"], stdin: '{"a":[1,{"b":2}],"c":[]}' },
  { args: ["-c", "fromstream(tostream)"], stdin: '{"a":[1,{"b":2}],"c":[]}' },
  { args: ["-c", "[paths]"], stdin: DOC },
  { args: ["-c", "[leaf_paths]"], stdin: DOC },
  { args: ["-c", "del(.users[0], .b)"], stdin: DOC },
  { args: ["-c", ".b[1:] = [9]"], stdin: DOC },
  { args: ["-c", ".b |= map(. * 10)"], stdin: DOC },
  { args: ["-c", ".b[] += 1"], stdin: DOC },
  { args: ["-c", ".x //= 5 | .a //= 6"], stdin: DOC },
  { args: ["-c", "to_entries | map(.key) "], stdin: DOC },
  { args: ["-c", "[.. | numbers]"], stdin: DOC },
  { args: ["-c", "[splits(\", *\")]"], stdin: '"a, b,c"' },
  { args: ["-c", '[match("a+"; "g") | .offset]'], stdin: '"aa b aaa"' },
  { args: ["-c", 'gsub("(?<x>[a-z])"; "<\\(.x)>")'], stdin: '"ab1"' },
  { args: ["-c", 'capture("(?<y>\\\\d+)-(?<m>\\\\d+)")'], stdin: '"2024-05"' },
  { args: ["-c", "[.[] | tostring]"], stdin: '[1, "1", [1], {"a":1.5}, null, true]' },
  // DECNUM: `tonumber` keeps the literal too (builtin.c `f_tonumber`: jv_number_with_literal)
  { args: ["-c", "[.[] | tonumber]"], stdin: '["1", "2.5", 3, "1e3"]', jq18: "[1,2.5,3,1E+3]\n" },
  { args: ["-c", "[.[] | floor, sqrt]"], stdin: "[4.5, 16]" },
  { args: ["-c", "sort_by(.age) | map(.name)"], stdin: '[{"name":"a","age":3},{"name":"b","age":1}]' },
  { args: ["-c", "unique_by(length)"], stdin: '["a","bb","c","dd"]' },
  { args: ["-c", "[min_by(.x), max_by(.x)]"], stdin: '[{"x":2},{"x":1},{"x":2}]' },
  { args: ["-c", "[.[] as [$a, {b: $c}] | [$a, $c]]"], stdin: '[[1,{"b":2}],[3,{"b":4}]]' },
  { args: ["-c", "reduce .[] as $x ({}; .[$x] += 1)"], stdin: '["a","b","a"]' },
  { args: ["-c", "[foreach .[] as $x (0; . + $x; [$x, .])]"], stdin: "[1,2,3]" },
  { args: ["-c", "[label $f | .[] | if . > 2 then break $f else . end]"], stdin: "[1,2,3,4]" },
  { args: ["-c", "def f(x): x * 2; def g($y): $y + 1; [f(.[]), g(.[0])]"], stdin: "[1,2]" },
  { args: ["-c", "[recurse(if . < 3 then . + 1 else empty end)]"], stdin: "0" },
  { args: ["-c", "walk(if type == \"number\" then . + 1 else . end)"], stdin: '{"a":[1,{"b":2}]}' },
  { args: ["-c", "[.[] | try error(\"x\\(.)\") catch .]"], stdin: "[1,2]" },
  { args: ["-c", "[.[] | (.a)?]"], stdin: '[1, {"a":2}]' },
  { args: ["-c", ".a + .b, .a - .b, .a * .b, .a / .b, .a % .b"], stdin: '{"a":7,"b":2}' },
  { args: ["-c", '{"a":{"b":1}} * {"a":{"c":2}}'], stdin: "null" },
  { args: ["-c", '"a,b" / ","'], stdin: "null" },
  { args: ["-c", "[1,2,3,1] - [1]"], stdin: "null" },
  { args: ["-c", "[.[] | length]"], stdin: '[[1,2], "héllo", {"a":1}, null, -5]' },
  { args: ["-c", "keys, keys_unsorted, has(\"b\"), (to_entries|length)"], stdin: '{"b":1,"a":2}' },
  { args: ["-c", "[.[] | ascii_downcase] | join(\"-\")"], stdin: '["A","bC"]' },
  { args: ["-c", "indices(\", \"), index(\",\"), rindex(\",\")"], stdin: '"a, b, c"' },
  { args: ["-c", "[combinations]"], stdin: "[[1,2],[3,4]]" },
  { args: ["-c", "transpose"], stdin: "[[1,2],[3]]" },
  { args: ["-c", "flatten, flatten(1)"], stdin: "[1,[2,[3]]]" },
  { args: ["-c", "[.[] | @base64, (@base64 | @base64d)]"], stdin: '["hello", "ü"]' },
  { args: ["-c", "@uri, @html, @json, @text"], stdin: '"a b&<\\"x\\">"' },
  { args: ["-c", "todate, (todate | fromdate)"], stdin: "1425599507" },
  { args: ["-c", 'strftime("%Y-%m-%dT%H:%M:%SZ %A %j"), gmtime'], stdin: "1425599507" },
  { args: ["-c", "splits(\"a\")"], stdin: '"banana"' },
  { args: ["-c", "any, all, (map(. > 1) | any)"], stdin: "[1,2]" },
  { args: ["-c", "[limit(2; .[])], first, last, nth(1)"], stdin: "[5,6,7]" },
  { args: ["-c", "[range(5)], [range(2;10;3)], [range(5;0;-2)]"], stdin: "null" },
  { args: ["-c", "ltrimstr(\"a\"), rtrimstr(\"c\"), startswith(\"ab\"), endswith(\"bc\")"], stdin: '"abc"' },
  { args: ["-c", "[.[] | type]"], stdin: '[null,true,1,"s",[],{}]' },
  { args: ["-c", "[.[] | infinite, -infinite, nan | isinfinite]"], stdin: "[1]" },
  // DECNUM: jq.test "[1E+1000,-1E+1000 | tojson] == [\"1E+1000\",\"-1E+1000\"]"; arithmetic gives doubles
  {
    args: ["-c", "[1e1000, -1e1000, 0.1 + 0.2, 1e17, 3.0, 1.5e-7, 100000000000000000000]"],
    stdin: "null",
    jq18: "[1E+1000,-1E+1000,0.30000000000000004,1E+17,3.0,1.5E-7,100000000000000000000]\n",
  },
  { args: ["-c", "input_filename"], files: { "f.json": "1" } },
  { args: ["-c", ".", "f.json", "g.json"], files: { "f.json": "1", "g.json": "[2]" } },
  { args: ["-c", "--slurpfile", "s", "f.json", "--rawfile", "r", "f.json", "-n", "[$s, $r]"], files: { "f.json": "1 2\n" } },
  { args: ["-c", "-f", "prog.jq", "f.json"], files: { "f.json": "[1,2]", "prog.jq": "map(. + 1) # comment\n" } },
  { args: ["-c", "$ENV.HUSKTESTVAR, env.HUSKTESTVAR"], stdin: "null" },
  { args: ["-c", "getpath([\"a\",\"b\"]), setpath([\"a\",\"b\"]; 1), delpaths([[\"a\"]])"], stdin: '{"a":{"b":0}}' },
  { args: ["-c", "paths(type == \"number\")"], stdin: '{"a":[1,{"b":2}]}' },
  { args: ["-c", "to_entries, from_entries"], stdin: '[{"key":"a","value":1},{"key":"b","value":2}]' },
  { args: ["-c", "INDEX(.id), [IN(1,2)]"], stdin: '[{"id":"x"},{"id":"y"}]' },
  { args: ["-c", "[.[] | contains(\"b\")], inside([\"a\",\"b\",\"c\"])"], stdin: '["ab","c"]' },
  { args: ["-c", "[splits(\"\\\\s+\")]"], stdin: '"a  b c"' },
  { args: ["-c", "[scan(\"c\")], [scan(\"(a)(b)\")]"], stdin: '"abcabc"' },
  { args: ["-c", "test(\"A\"; \"i\"), [match(\"(?<x>z)?b\") | .captures]"], stdin: '"abc"' },
  { args: ["-c", "sub(\"(?<a>.)\"; \"\\(.a)!\")"], stdin: '"xyz"' },
  { args: ["-c", "implode", "-n", "[65, 66]"] },
  { args: ["-c", "explode | implode"], stdin: '"héllo😀"' },
  { args: ["-c", "utf8bytelength"], stdin: '"héllo😀"' },
  { args: ["-c", "@text \"v=\\(.)\""], stdin: "[1]" },
  { args: ["-c", "tojson, (tojson | fromjson)"], stdin: '{"a":[1,"x"]}' },
  { args: ["-c", "if . then \"t\" elif . == false then \"f\" else \"n\" end"], stdin: "false" },
  { args: ["-c", "[.[] | . as {a: $x} ?// [$x] | $x]"], stdin: '[{"a":1},[2]]' },
  { args: ["-c", "(.. | select(type == \"number\")) |= . + 1"], stdin: '{"a":[1,{"b":2}]}' },
  { args: ["-c", "with_entries(select(.value > 1))"], stdin: '{"a":1,"b":2}' },
  { args: ["-c", "map_values(. + 1), (map_values(empty))"], stdin: '{"a":1,"b":2}' },
  { args: ["-c", "[while(. < 10; . * 2)], [repeat(. * 2; . < 0)]?, [.,1] | until(.[0] > 100; [.[0] * 3, .[1] + 1])"], stdin: "1" },
  { args: ["-c", "splits(\",\")"], stdin: '"a,b"' },
  { args: ["-c", "[.[] | round, ceil, fabs]"], stdin: "[-1.5, 2.5]" },
  { args: ["-c", "pow(2; 10), log10, (100 | log2 | floor)"], stdin: "1000" },
  { args: ["-c", "@json \"x\\(.)\", @csv \"\\(.)\""], stdin: '["a",1]' },
  { args: ["-c", "{a, b: 2, \"c\": 3, (\"d\" + \"e\"): 4}"], stdin: '{"a":1}' },
  { args: ["-c", "{(.[]): 1}"], stdin: '["x","y"]' },
  { args: ["-c", "[.[] | {a: .}]"], stdin: "[1, 2]" },
  { args: ["-c", ".a as $x | .b as [$y, $z] | [$x, $y, $z]"], stdin: '{"a":1,"b":[2,3]}' },
  { args: ["-c", "[.[] | select(. != null)] | add / length"], stdin: "[1, null, 2]" },
  { args: ["-c", "[.[] | numbers, strings]"], stdin: '[1, "a", null]' },
  { args: ["-c", "[.[-1:], .[:1], .[1:-1]], (\"abcd\" | .[1:3])"], stdin: "[1,2,3,4]" },
  { args: ["-c", "[.[] | getpath([\"a\"])?]"], stdin: '[{"a":1}, 2]' },
  { args: ["-c", "try (.a) catch \"err\""], stdin: "5" },
  { args: ["-c", "[.[] | tostring | ascii_downcase]"], stdin: '[true, "X"]' },
  { args: ["-c", "env | type"], stdin: "null" },
  { args: ["-c", "input_line_number"], stdin: "1" },
  { args: ["-c", "$__loc__"], stdin: "1" },
  { args: ["-c", "[splits(\"b\")]"], stdin: '"abc"' },
  { args: ["-c", "getpath([\"x\", 0, \"y\"])"], stdin: "{}" },
  { args: ["-c", "try error catch ., try error({a:1}) catch .a"], stdin: '"m"' },
  { args: ["-c", "to_entries[] | select(.value | type == \"string\") | .key"], stdin: '{"a":"s","b":1}' },
  { args: ["-c", "with_entries(.key |= ascii_upcase)"], stdin: '{"ab":1}' },
  { args: ["--seq", "-n", "-c", "1, [2]"] },
  // Programs ending in map(f) / [f]: the command writes the last array element by element.
  { args: ["map(.a)"], stdin: '[{"a":[1,{"b":2}]},{"a":{}},{"a":[]}]' },
  { args: ["--tab", "map(.)"], stdin: '[[1,[2]],{"x":{"y":3}}]' },
  { args: ["--indent", "3", "-S", "map(.)"], stdin: '[{"b":1,"a":{"d":1,"c":2}}]' },
  { args: ["-c", "map(.), [.[] | . * 2], (.[] | [.])"], stdin: "[1,2] []" },
  { args: [".[] | map(.)"], stdin: "[[],[1],{\"a\":[2]}]" },
  { args: ["-c", "map(if . == 2 then error(\"two\") else . end)"], stdin: "[1,2,3] [4] [2]" },
  { args: ["-c", "map(.)"], stdin: "[1] [6] 5" },
  { args: ["-e", "-c", "[.[] | select(. > 5)]"], stdin: "[1,2]" },
  { args: ["--seq", "-n", "-c", "[1, 2] | map(. + 1), [.[] | . * 2]"] },
  { args: ["-c", "def map(f): 5; map(. + 1)"], stdin: "[1]" },
  { args: ["-c", "def f: . * 3; .x | map(f)"], stdin: '{"x":[1,2]}' },
  { args: ["-c", "map(.[], halt)"], stdin: "[[1,2]]" },
  { args: ["-n", "[range(20000)] | map({a: ., b: [.]})"] },
  { args: ["-a", "-j", "map(.)"], stdin: '["é", {"ü": "x"}]' },
  // sort_by / group_by / unique_by: single string or number keys take a bucketing fast path.
  { args: ["-c", "group_by(.k), sort_by(.k), unique_by(.k)"], stdin: '[{"k":"b","i":1},{"k":"a","i":2},{"k":"b","i":3},{"k":"é","i":4},{"k":"😀","i":5},{"k":"\uffff","i":6}]' },
  // DECNUM: the values are moved, not computed: 1e300 stays a literal
  {
    args: ["-c", "group_by(.), sort_by(.), unique_by(.)"],
    stdin: "[3, -0, 1.5, 0, -2, 3, 1e300, -1e300]",
    jq18: "[[-1E+300],[-2],[-0,0],[1.5],[3,3],[1E+300]]\n[-1E+300,-2,-0,0,1.5,3,3,1E+300]\n[-1E+300,-2,-0,1.5,3,1E+300]\n",
  },
  { args: ["-c", "group_by(.k), sort_by(.k), unique_by(.k)"], stdin: '[{"k":1},{"k":"1"},{"k":null},{"k":[1]},{"k":1},{"k":{"a":1}}]' },
  { args: ["-c", "group_by(.[]), sort_by(.[]), unique_by(.[])"], stdin: "[[2,1],[1],[],[2],[1,1],[2,1]]" },
  { args: ["-c", "group_by(.a, .b), sort_by(.a, .b)"], stdin: '[{"a":1,"b":2},{"a":1,"b":1},{"a":0,"b":5}]' },
  { args: ["-c", "sort_by(.)"], stdin: "[1, -1, 0, 1, -0, 2]" },
  { args: ["-c", "group_by(.k)"], stdin: "5" },
  // Serializer: escapes in short and long strings and in (cached) object keys.
  { args: ["-c", "., ."], stdin: '{"a\\"b":"x\\ty","\\u007f":"é\\u0001","k":"a very long string of more than 24 chars\\n!","k2":"a very long plain string of more than 24 chars"}' },
  { args: ["-S", "."], stdin: '[{"b\\n":1,"a":"\\u001f"},{"a":"q\\"","b\\n":2}]' },
  { args: ["-a", "-c", "."], stdin: '{"é":"ü😀","\\u00e9x":["é"]}' },
  // String interpolation: simple parts (`.a.b`, `.[0]`, literals) take a direct path.
  { args: ["-r", '.[] | "\\(.a.b) \\(.[\"c\"]) \\(.) \\(1) \\("s")"'], stdin: '[{"a":{"b":[1,"x"]},"c":null}, {"a":null,"c":{"d":1.5}}]' },
  { args: ["-r", '@csv "row: \\(.)", @base64 "b\\(.[0])", @json "j\\(.[1])"'], stdin: '["a,b", "q\\"x"]' },
  { args: ["-r", '"\\(.[]) \\(.[0])", "\\(.[0]) \\(.[] | . * 2)"'], stdin: "[1, 2]" },
  { args: ["-r", '"\\(.a) \\(.b.c)"'], stdin: '{"a":[1],"b":5}' },
  // The last part is evaluated first, so its error (indexing a number) is the one reported.
  { args: ["-c", 'try "\\(.a.x) \\(.b.c)" catch test("number")'], stdin: '{"a":"s","b":5}' },
  // Exit statuses and error messages (stderr compared).
  { args: ["-n", '"x" | halt_error'], stderr: true },
  { args: ["-n", '{"a":1} | halt_error(3)'], stderr: true },
  { args: ["-n", "1, halt, 2"], stderr: true },
  { args: ["-c", ".[] | (1 / .)?"], stdin: "[1, 0]" },
  { args: ["-n", "error(\"boom\")"], stderr: true },
  { args: ["-n", "error({a: 1})"], stderr: true },
  { args: ["error"], stdin: "1", stderr: true },
  { args: [".a", "missing.json"] },
  { args: ["--indent", "9", "."] },
  { args: ["--foo", "."] },
  // Objects (object.ts): key order, duplicate keys, keys that are special in JavaScript, objects
  // past the shared-shape sizes (8 keys: indexed; 32: owned), copies that must not share.
  ...[
    ".",
    "keys_unsorted",
    '.["__proto__"], .constructor, has("toString"), has("10")',
    "del(.b) | .b = 7",
    '. == {"a":5,"2":4,"10":3,"__proto__":2,"b":6}',
    '[., {"b":0}] | sort | .[0].b',
    "to_entries, with_entries(.key |= ascii_upcase)",
  ].map((q) => ({ args: ["-c", q], stdin: '{"b":1,"__proto__":2,"10":3,"2":4,"a":5,"b":6}' })),
  ...[
    ".",
    "del(.k3) | .k3 = 1 | keys_unsorted[-3:]",
    '. + {k0: "x", new: 1} | [.k0, .new, length, keys_unsorted[-1]]',
    "(to_entries | from_entries) == ., [., del(.k5)] == [., .]",
    "with_entries(select(.value % 3 == 0)) | keys_unsorted",
    "[paths] | length",
    "[tostream | select(length == 2) | .[0][0]] | .[:5]",
    '. * {k7: {x: 1}} | [.k7, has("k7"), (keys | length)]',
  ].map((q) => ({ args: ["-c", q], stdin: `{${Array.from({ length: 40 }, (_, i) => `"k${(i * 7) % 40}":${i}`).join(",")}}` })),
  {
    args: ["-n", "-c", 'reduce range(40) as $i ({}; .["k\\($i)"] = $i) | [.k5, (.k5 = "x" | .k5), .k5, (del(.k0, .k39) | [length, keys_unsorted[0], keys_unsorted[-1]]), length]'],
  },
  // More distinct shapes than object.ts caches (its cache starts over past 8192 transitions).
  {
    args: ["-n", "-c", '[range(10000)] | map({("a\\(.)"): 1, b: 2, ("c\\(. % 7)"): 3}) | [length, .[9999], (tojson | fromjson | .[5000]), (map(del(.b)) | .[17])]'],
  },
  // Keys with escapes repeated across records (json.ts reuses the previous record's raw key text).
  { args: ["-c", ".[] | ., keys_unsorted"], stdin: "[{\"a\\\"b\":1,\"a\\\\b\":2,\"a\":3,\"a\\b\":0},{\"a\\\"b\":4,\"a\\\\b\":5,\"a\":6},{\"a\\b\":7,\"a\\\"b\":8},{\"\":1,\"\":2}]" },
  { args: ["-c", "."], stdin: '[{"a":1,"b":2},{"a":3,"bc":4},{"a":5,"b":6,"bc":7},{"a":8,"b":9}]' },
  // Keys of zero, one and several outputs per element (keyed.ts).
  ...["group_by(.a)", "group_by(.a[]?)", "sort_by(.a, .b)", "unique_by(empty)", "min_by(.b), max_by(.a)", "sort_by(.c[])"].map((q) => ({
    args: ["-c", q],
    stdin: '[{"a":1,"b":2,"c":[3,1]},{"a":[2,1],"b":1,"c":[]},{"a":1,"b":0,"c":[0]},{"a":null,"b":5,"c":[2,2,2]}]',
  })),
  // DECNUM: 12.5e1 is 125 in decNumber's form; 9007199254740.993 (16 digits) prints as written
  {
    args: ["-c", "., map(. * 3)"],
    stdin: "[1.5, -0.5, 0.1, 123456789012345.6, 3.14159, 0.001, 12.5e1, 9007199254740.993]",
    jq18: "[1.5,-0.5,0.1,123456789012345.6,3.14159,0.001,125,9007199254740.993]\n[4.5,-1.5,0.30000000000000004,370370367037036.75,9.424769999999999,0.003,375,27021597764222.977]\n",
  },
  { args: ["-n", "-c", '[range(12)] | map({(tostring): .}) | add | [keys_unsorted, .["11"], (del(.["3"]) | .["3"] = 0 | keys_unsorted[-2:])]'] },
];

// A `map(f)` or `.[] | f` program reads a large array file element by element (command.ts, STREAMED); on an
// error it reads the file whole and runs again, so outputs and errors are those of a whole read.
const RECORDS = Array.from({ length: 3000 }, (_, i) => ({ id: i, k: `key${i % 50}`, tags: ["x", i], score: i * 1.5, active: i % 2 === 0 }));
const BIG = JSON.stringify(RECORDS);
const BIG_BAD = JSON.stringify(RECORDS.map((r, i) => (i === 1500 ? { ...r, score: "x" } : r)));
const BIG_DEEP = `${BIG.slice(0, -1)},${"[".repeat(200)}${"]".repeat(200)}]`;
CASES.push(
  // contains past its recursion depth (builtins/contains.ts: an explicit stack from depth 256).
  { args: ["-nc", '(reduce range(300) as $i ([1,"ab"]; [$i, {k: .}])) as $x | [($x | contains($x)), ($x | contains([{k:[{k:[{k:[296]}]}]}])), ($x | contains([{k:[{k:[{k:[297]}]}]}])), ($x | contains([{k:[{k:[{k:[{k:[{k:["b"]}]}]}]}]}]))]'] },
  { args: ["-nc", '(reduce range(4990) as $i ({a: "xyz", b: [1, 2]}; {a: [., $i], b: [$i]})) as $x | [($x | contains($x)), ($x | contains({a: [{a: [{b: [4987]}]}]})), ($x | contains({a: [{a: [{b: [1]}]}]})), ($x | inside($x))]'] },
  ...["map(to_entries)", "map(.id, .k)", "map(empty)", "map(select(.active) | .score) | add", "def f: .tags; map(f[1])", "map(.score + 1)", "map(length)", ".[]", '.[] | "\\(.k): \\(.id)"', ".[] | .tags[]", ".[] | .score + 1", ".[] | empty"].map((q) => ({
    args: ["-c", q, "big.json", "bad.json", "deep.json"],
    files: { "big.json": `\n ${BIG.replace(/\},\{/g, "} ,\n\t{")} \n`, "bad.json": BIG_BAD, "deep.json": BIG_DEEP },
  })),
  { args: [".", "--tab", "-e", "map(.tags)", "big.json"], files: { "big.json": BIG } },
);

describe("a map(f) or .[] | f program over a large array file", () => {
  it("reports a parse error after the elements as a whole read does: no output", async () => {
    for (const text of [`${BIG_BAD.slice(0, -1)},]`, `${BIG_BAD.slice(0, -1)} 1]`, BIG_BAD.slice(0, -10), `[,${BIG.slice(1)}`]) {
      for (const q of ["map(.score + 1)", ".[] | .score + 1"]) {
        const got = await ours({ args: ["-c", q, "f.json"], files: { "f.json": text } });
        expect(got.stdout).toBe("");
        // jq 1.8.2's shape (run 2026-12-05): no `(at f.json:0)` part
        expect(got.stderr).toMatch(/^jq: parse error: .* at line 1, column \d+\n$/);
        expect(got.status).toBe(5);
      }
    }
  });
});

/** Runs our jq command on a case. */
async function ours(c: Case) {
  const { ctx, stdout, stderr } = testContext(c.args, { stdin: c.stdin, files: c.files, env: { HUSKTESTVAR: "hv" } });
  const status = await jqCommand.run(ctx);
  return { stdout: stdout.text, stderr: stderr.text, status };
}

interface Real {
  stdout: string;
  stderr: string;
  status: number | null;
}

/** Runs the real jq (asynchronously: starting jq is slow here, so cases run concurrently). */
function real(c: Case): Promise<Real> {
  const dir = mkdtempSync(join(tmpdir(), "husk-jq-"));
  for (const [n, t] of Object.entries(c.files ?? {})) writeFileSync(join(dir, n), t);
  return new Promise((resolve) => {
    const p = spawn("jq", c.args, { cwd: dir, env: { HUSKTESTVAR: "hv", PATH: process.env.PATH } });
    let stdout = "";
    let stderr = "";
    p.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    p.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    p.on("close", (status) => resolve({ stdout, stderr, status }));
    // jq may exit before reading its input (`-n`, a usage error); the write then fails with
    // EPIPE, which is not a test failure: the case compares what jq printed and its status.
    p.stdin.on("error", () => {});
    p.stdin.end(c.stdin ?? "");
  });
}

const expected = new Map<Case, Real>();

describe.skipIf(!HAS_JQ)("jq command vs real jq", () => {
  beforeAll(async () => {
    const queue = [...CASES];
    const worker = async () => {
      for (let c = queue.shift(); c; c = queue.shift()) expected.set(c, await real(c));
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  });
  for (const c of CASES) {
    it(`jq ${c.args.join(" ")}${c.stdin !== undefined ? ` <<< ${c.stdin.slice(0, 40)}` : ""}`, async () => {
      const want = expected.get(c)!;
      const got = await ours(c);
      expect(got.stdout).toBe(c.jq18 ?? want.stdout);
      expect(got.status).toBe(want.status);
      if (c.stderr) expect(got.stderr).toBe(want.stderr);
    });
  }
});

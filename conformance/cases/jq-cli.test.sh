# jq: CLI flags, output bytes, exit statuses and the core language (Husk's jq vs the jq on the
# machine, run by the bash oracle). Only cases where jq 1.6 and 1.8 agree; 1.8-only behaviour
# is in jq-18.test.sh with recorded expectations.

#### jq identity pretty
echo '{"a":1,"b":[1,2],"c":{}}' | jq .
## STDOUT:
{
  "a": 1,
  "b": [
    1,
    2
  ],
  "c": {}
}
## END

#### jq compact
echo '{"a":1,"b":[1,2]}' | jq -c .
## stdout: {"a":1,"b":[1,2]}

#### jq raw output field
echo '[{"name":"al"},{"name":"bo"}]' | jq -r '.[].name'
## STDOUT:
al
bo
## END

#### jq join output
echo '["a","b"]' | jq -j '.[]'; echo
## stdout: ab

#### jq tab indent
echo '{"a":[1]}' | jq --tab .
## STDOUT:
{
	"a": [
		1
	]
}
## END

#### jq indent 1
echo '{"a":[1]}' | jq --indent 1 .
## STDOUT:
{
 "a": [
  1
 ]
}
## END

#### jq sort keys
echo '{"b":1,"a":{"d":1,"c":2}}' | jq -S -c .
## stdout: {"a":{"c":2,"d":1},"b":1}

#### jq ascii output
echo '"héllo"' | jq -a .
## stdout: "h\u00e9llo"

#### jq map select
echo '[{"a":1},{"a":3},{"a":5}]' | jq -c 'map(select(.a > 2))'
## stdout: [{"a":3},{"a":5}]

#### jq group_by count
echo '[{"k":"x"},{"k":"y"},{"k":"x"}]' | jq -c 'group_by(.k) | map({k: .[0].k, n: length})'
## stdout: [{"k":"x","n":2},{"k":"y","n":1}]

#### jq to_entries from_entries
echo '{"a":1,"b":2}' | jq -c 'to_entries, (to_entries | from_entries), with_entries(.value += 1)'
## STDOUT:
[{"key":"a","value":1},{"key":"b","value":2}]
{"a":1,"b":2}
{"a":2,"b":3}
## END

#### jq string interpolation
echo '{"n":"al","a":30}' | jq -r '"\(.n) is \(.a)"'
## stdout: al is 30

#### jq csv and tsv
echo '[["a",1,null,true],["b\"c",2.5,"x\ty",false]]' | jq -r '.[] | @csv, @tsv'
## STDOUT:
"a",1,,true
a	1		true
"b""c",2.5,"x	y",false
b"c	2.5	x\ty	false
## END

#### jq sh format
echo '"it'"'"'s"' | jq -r '@sh "echo \(.)"'
## stdout: echo 'it'\''s'

#### jq base64 and uri
echo '"a b&c/é"' | jq -r '@base64, (@base64 | @base64d), @uri, @html'
## STDOUT:
YSBiJmMvw6k=
a b&c/é
a%20b%26c%2F%C3%A9
a b&amp;c/é
## END

#### jq arg and argjson
jq -n -c --arg x 1 --argjson y '{"z":2}' '[$x, $y, $ARGS.named]'
## stdout: ["1",{"z":2},{"x":"1","y":{"z":2}}]

#### jq args positional
jq -n -c '$ARGS.positional' --args a b c
## stdout: ["a","b","c"]

#### jq jsonargs
jq -n -c '$ARGS.positional' --jsonargs 1 '"s"' '[2]'
## stdout: [1,"s",[2]]

#### jq slurp
printf '1 2\n3' | jq -c -s .
## stdout: [1,2,3]

#### jq raw input lines
printf 'a\nb\n' | jq -R -c '[., length]'
## STDOUT:
["a",1]
["b",1]
## END

#### jq raw input slurp
printf 'a\nb\n' | jq -R -s -c .
## stdout: "a\nb\n"

#### jq null input with inputs
printf '1 2 3' | jq -n -c '[inputs] | add'
## stdout: 6

#### jq input reads next
printf '1 2 3 4' | jq -c '[., input]'
## STDOUT:
[1,2]
[3,4]
## END

#### jq exit status false
echo 'false' | jq -e .; echo "status=$?"
## STDOUT:
false
status=1
## END

#### jq exit status null
echo '{}' | jq -e .a; echo "status=$?"
## STDOUT:
null
status=1
## END

#### jq exit status no output
echo 1 | jq -e empty; echo "status=$?"
## stdout: status=4

#### jq exit status truthy
echo 0 | jq -e .; echo "status=$?"
## STDOUT:
0
status=0
## END

#### jq compile error status
jq -n '1 +' 2>/dev/null; echo "status=$?"
## stdout: status=3

#### jq runtime error status
echo '{"a":1}' | jq '.a.b' 2>/dev/null; echo "status=$?"
## stdout: status=5

#### jq halt_error string
jq -n '"bye\n" | halt_error' 2>&1; echo "status=$?"
## STDOUT:
bye
status=5
## END

#### jq halt_error object code
jq -n '{"a":1} | halt_error(3)' 2>&1; echo "status=$?"
## STDOUT:
{"a":1}
status=3
## END

#### jq halt
jq -n '1, halt, 2'; echo "status=$?"
## STDOUT:
1
status=0
## END

#### jq missing file
jq . nofile.json 2>/dev/null; echo "status=$?"
## stdout: status=2

#### jq files and input_filename
echo 1 > a.json; echo '[2]' > b.json; jq -c '[., input_filename]' a.json b.json
## STDOUT:
[1,"a.json"]
[[2],"b.json"]
## END

#### jq slurpfile rawfile
printf '1 2' > f.json; jq -n -c --slurpfile s f.json --rawfile r f.json '[$s, $r]'
## stdout: [[1,2],"1 2"]

#### jq from file
printf '.a + 1 # comment\n' > p.jq; echo '{"a":2}' | jq -f p.jq
## stdout: 3

#### jq stream
echo '{"a":[1,{"b":2}]}' | jq -c --stream .
## STDOUT:
[["a",0],1]
[["a",1,"b"],2]
[["a",1,"b"]]
[["a",1]]
[["a"]]
## END

#### jq tostream fromstream
echo '{"a":[1,{"b":2}],"c":[]}' | jq -c '[tostream], fromstream(tostream)'
## STDOUT:
[[["a",0],1],[["a",1,"b"],2],[["a",1,"b"]],[["a",1]],[["c"],[]],[["c"]]]
{"a":[1,{"b":2}],"c":[]}
## END

#### jq paths and leaf_paths
echo '{"a":[1,{"b":2}]}' | jq -c '[paths], [leaf_paths]'
## STDOUT:
[["a"],["a",0],["a",1],["a",1,"b"]]
[["a",0],["a",1,"b"]]
## END

#### jq del and delpaths
echo '{"a":[1,2,3],"b":1}' | jq -c 'del(.b), del(.a[0,2]), delpaths([["a",1]])'
## STDOUT:
{"a":[1,2,3]}
{"a":[2],"b":1}
{"a":[1,3],"b":1}
## END

#### jq update assignment
echo '{"a":[1,2],"b":{"c":1}}' | jq -c '.a |= map(. * 10) | .b.c += 5 | .d //= "x" | .e = .b'
## stdout: {"a":[10,20],"b":{"c":6},"d":"x","e":{"c":6}}

#### jq reduce and foreach
echo '[1,2,3,4]' | jq -c 'reduce .[] as $x (0; . + $x), [foreach .[] as $x (0; . + $x)], [foreach .[] as $x (0; . + $x; [$x, .])]'
## STDOUT:
10
[1,3,6,10]
[[1,1],[2,3],[3,6],[4,10]]
## END

#### jq limit first last nth
jq -n -c '[limit(3; range(100))], first(range(5;10)), ([range(5)] | last, nth(2))'
## STDOUT:
[0,1,2]
5
4
2
## END

#### jq range with a step (a zero step gives nothing, as jq 1.6 and 1.8.2 do)
jq -n -c '[range(0;10;3)], [range(10;0;-3)], [range(0;10;0)], [range(5;0;0)], [range(0;-5;1)], [range(0;1;0.3)]'
## STDOUT:
[0,3,6,9]
[10,7,4,1]
[]
[]
[]
[0,0.3,0.6,0.8999999999999999]
## END

#### jq a malformed input met by inputs is an error of the program (jq 1.6 and 1.8.2 alike)
printf '1\n[1,tru]\n' | jq -n -c '[inputs]' 2>&1; echo "status $?"
printf '1\n[1,tru]\n' | jq -n -c '[try inputs catch .]' 2>&1; echo "status $?"
## STDOUT:
jq: error (at <stdin>:2): Invalid literal at line 2, column 7
status 5
[1,"Invalid literal at line 2, column 7"]
status 0
## END

#### jq label break
jq -n -c '[label $out | range(10) | if . == 3 then break $out else . end]'
## stdout: [0,1,2]

#### jq try catch optional
echo '[1,"a",{"x":2}]' | jq -c '[.[] | try .x catch "bad"], [.[] | .x?]'
## STDOUT:
["bad","bad",2]
[2]
## END

#### jq alternative operator
echo '{"a":null,"b":false,"c":1}' | jq -c '[.a // "d", .b // "e", .c // "f", (.x // empty)]'
## stdout: ["d","e",1]

#### jq destructuring
echo '{"a":1,"b":[2,{"c":3}]}' | jq -c '. as {a: $x, b: [$y, {c: $z}]} | [$x, $y, $z]'
## stdout: [1,2,3]

#### jq functions and recursion
jq -n -c 'def fac: if . <= 1 then 1 else . * (. - 1 | fac) end; def addn($n): . + $n; [5 | fac, addn(3)]'
## stdout: [120,8]

#### jq regex functions
echo '"foo bar foo"' | jq -c 'test("BAR"; "i"), [match("foo"; "g").offset], sub("foo"; "X"), gsub("(?<w>o+)"; "<\(.w)>"), [scan("o+")], capture("(?<first>\\w+)")'
## STDOUT:
true
[0,8]
"X bar foo"
"f<oo> bar f<oo>"
["oo","oo"]
{"first":"foo"}
## END

#### jq split join
echo '"a,b,,c"' | jq -c 'split(","), (split(",") | join("-")), ascii_upcase, (explode | implode)'
## STDOUT:
["a","b","","c"]
"a-b--c"
"A,B,,C"
"a,b,,c"
## END

#### jq math
# `1e1000 * 1`: a computed double (jq 1.8 prints the literal 1e1000 as written: jq-18.test.sh)
jq -n -c '[(7 / 2), (7 % 3), (-7 % 3), (2 | pow(.; 10)), (16 | sqrt), (3.7 | floor, ceil, round), (1e1000 * 1 | tostring), ([1,2,3] | add / length)]'
## stdout: [3.5,1,-1,1024,4,3,4,4,"1.7976931348623157e+308",2]

#### jq number formatting
# Computed doubles (`* 1`): jq 1.8 prints number literals as written (jq-18.test.sh), 1.6 their
# doubles; `0 * -1` is a computed -0 (jq 1.8 negates the literal 0 of `-0` to 0, decNumber's 0 - 0)
jq -n -c '[1.5, 1e-5, 0.1 + 0.2, 3e300, 0 * -1, 1e17, 123456789012345678] | map(. * 1)'
## stdout: [1.5,1e-05,0.30000000000000004,3e+300,-0,1e+17,123456789012345680]

#### jq sort unique min max
echo '[3,1,"a",null,[1],{"a":1},true,1]' | jq -c 'sort, unique, min, max'
## STDOUT:
[null,true,1,1,3,"a",[1],{"a":1}]
[null,true,1,3,"a",[1],{"a":1}]
null
{"a":1}
## END

#### jq keys has in
echo '{"b":1,"a":2}' | jq -c 'keys, keys_unsorted, has("a"), ("b" | in({"b":1})), length'
## STDOUT:
["a","b"]
["b","a"]
true
true
2
## END

#### jq contains inside indices
echo '"foobar"' | jq -c 'contains("bar"), inside("xfoobarx"), indices("o"), index("o"), rindex("o")'
## STDOUT:
true
true
[1,2]
1
2
## END

#### jq walk transpose flatten
echo '[[1,[2]],[3]]' | jq -c 'walk(if type == "number" then . * 2 else . end), flatten, flatten(1), transpose'
## STDOUT:
[[2,[4]],[6]]
[1,2,3]
[1,[2],3]
[[1,3],[[2],null]]
## END

#### jq env
HUSKX=1 jq -n -r '$ENV.HUSKX, env.HUSKX'
## STDOUT:
1
1
## END

#### jq dates
jq -n -c '1425599507 | todate, gmtime, (todate | fromdate), strftime("%A %d %B %Y %H:%M")'
## STDOUT:
"2015-03-05T23:51:47Z"
[2015,2,5,23,51,47,4,63]
1425599507
"Thursday 05 March 2015 23:51"
## END

#### jq tojson fromjson
echo '{"a":[1,"x"]}' | jq -c 'tojson, (tojson | fromjson)'
## STDOUT:
"{\"a\":[1,\"x\"]}"
{"a":[1,"x"]}
## END

#### jq objects keep order
echo '{"z":1,"a":2,"1":3}' | jq -c '., keys, (. + {"b":4})'
## STDOUT:
{"z":1,"a":2,"1":3}
["1","a","z"]
{"z":1,"a":2,"1":3,"b":4}
## END

#### jq proto key
echo '{"__proto__":{"x":1},"constructor":2}' | jq -c '., .__proto__.x, keys'
## STDOUT:
{"__proto__":{"x":1},"constructor":2}
1
["__proto__","constructor"]
## END

#### jq seq output
jq -n -c --seq '1, [2]' | tr '\036' R
## STDOUT:
R1
R[2]
## END

#### jq multiple texts whitespace
printf '1\n\n"a" [2]{"b":3}' | jq -c .
## STDOUT:
1
"a"
[2]
{"b":3}
## END

#### jq unknown option
jq --bogus . 2>/dev/null; echo "status=$?"
## stdout: status=2

#### jq infinite output into head
jq -n 'range(1e9)' | head -2
## STDOUT:
0
1
## END

#### jq repeat into head
jq -n -c 'repeat({"a":1})' | head -1
## stdout: {"a":1}

#### jq builtins listed
jq -n 'builtins | length > 100, (map(select(. == "map/1")) | length)'
## STDOUT:
true
1
## END

#### jq streams stdin into head
yes '{"a":1}' | jq -c .a | head -2
## STDOUT:
1
1
## END

#### jq input parse error positions (line and column as jq counts them; message wording differs in 1.6)
for t in '[1,tru]' '[1,2x ]' '{"a":1 2}' '[1 "a"]' '{1:2}' '{true :1}' '{[1]:2}' '[1]]' 'nul' '1 2 3x 4' "{'a': 1}"; do
  echo "$t" | jq -c . 2>&1 >/dev/null | grep -o 'line [0-9]*, column [0-9]*'
done
## STDOUT:
line 1, column 7
line 1, column 6
line 1, column 9
line 1, column 6
line 1, column 3
line 1, column 7
line 1, column 5
line 1, column 4
line 2, column 0
line 1, column 7
line 1, column 5
## END

#### jq input parse error position counts earlier texts and lines
printf '{"a":1}\n{"b":2}\n  [1,tru]\n' | jq -c . 2>&1 | grep -o 'line [0-9]*, column [0-9]*'
printf '{"a":1}\n{"b":2}\n  [1,tru]\n' | jq -c . 2>/dev/null | cat
## STDOUT:
line 3, column 9
{"a":1}
{"b":2}
## END

#### jq usage errors: first line of the message and status 2 (the help URL line differs in 1.6)
for args in '--foo' '-x .' '-n --indent 8 .' '-n --indent -2 .' '-n --indent' '-n --arg x' '-n --argjson x' '-n --argjson x { .' '--rawfile x' '--slurpfile x' '-n . -L'; do
  jq $args 2>&1 </dev/null | sed -n 1p
  echo "status ${PIPESTATUS[0]}"
done
## STDOUT:
jq: Unknown option --foo
status 2
jq: Unknown option -x
status 2
jq: --indent takes a number between -1 and 7
status 2
jq: --indent takes a number between -1 and 7
status 2
jq: --indent takes one parameter
status 2
jq: --arg takes two parameters (e.g. --arg varname value)
status 2
jq: --argjson takes two parameters (e.g. --argjson varname text)
status 2
jq: invalid JSON text passed to --argjson
status 2
jq: --rawfile takes two parameters (e.g. --rawfile varname filename)
status 2
jq: --slurpfile takes two parameters (e.g. --slurpfile varname filename)
status 2
-L takes a parameter: (e.g. -L /search/path or -L/search/path)
status 2
## END

# jq 1.8 behaviour where the machine's jq 1.6 differs. Expectations are recorded from jq's own
# 1.8.2 test corpus (shared/corpora/jq: jq.test, man.test), cited per case.
## oracle: recorded

#### jq 1.8 index error message
# jq.test: [.[]|try if . == 0 then error("foo") elif . == 1 then .a elif . == 2 then empty else . end catch .]
jq -n -c '[0,1,2,3] | [.[]|try if . == 0 then error("foo") elif . == 1 then .a elif . == 2 then empty else . end catch .]'
## stdout: ["foo","Cannot index number with string (\"a\")",3]

#### jq 1.8 limit zero
# jq.test: [limit(0; 1, 2)] is []
jq -n -c '[limit(0; 1, 2)]'
## stdout: []

#### jq 1.8 ltrimstr type error
# jq.test (#2969): .[] as [$x, $y] | try ["ok", ($x | ltrimstr($y))] catch ["ko", .]
jq -n -c '[["hi",1],["hi","hi"]] | .[] as [$x, $y] | try ["ok", ($x | ltrimstr($y))] catch ["ko", .]'
## STDOUT:
["ko","startswith() requires string inputs"]
["ok",""]
## END

#### jq 1.8 toboolean
# jq.test: map(toboolean) of ["false","true",false,true]
jq -n -c '["false","true",false,true] | map(toboolean)'
## stdout: [false,true,false,true]

#### jq 1.8 abs and toarray
# jq.test: map(abs) of [-0, 0, -10, -1.1] is [0,0,10,1.1]. toarray is not in jq 1.8.2 (it
# answers `toarray/0 is not defined`): Husk has it because the jq task lists it; [1] is its
# documented meaning (an array as it is, anything else wrapped), not a jq 1.8.2 output.
jq -n -c '[-10, -1.1] | map(abs), (1 | toarray)'
## STDOUT:
[10,1.1]
[1]
## END

#### jq 1.8 trim
# jq.test: trim, ltrim, rtrim
jq -n -c '"  abc  " | trim, ltrim, rtrim'
## STDOUT:
"abc"
"abc  "
"  abc"
## END

#### jq 1.8 loc
# jq.test: $__loc__ is {"file":"<top-level>","line":1}
jq -n -c '{a: $__loc__}'
## stdout: {"a":{"file":"<top-level>","line":1}}

#### jq 1.8 pick
# man.test: pick(.a, .b.c, .x) of {"a": 1, "b": {"c": 2, "d": 3}, "e": 4}
jq -n -c '{"a": 1, "b": {"c": 2, "d": 3}, "e": 4} | pick(.a, .b.c, .x)'
## stdout: {"a":1,"b":{"c":2},"x":null}

#### jq 1.8 if without else
# jq.test: [if true then 3 end] of 7 is [3]; [if false then 3 elif false then 4 end] of 7 is [7]
jq -n -c '7 | [if true then 3 end], [if false then 3 elif false then 4 end]'
## STDOUT:
[3]
[7]
## END

#### jq 1.8 delete with empty update
# jq.test: (.[] | select(. >= 2)) |= empty of [1,5,3,0,7] is [1,0]
jq -n -c '[1,5,3,0,7] | (.[] | select(. >= 2)) |= empty'
## stdout: [1,0]

#### jq 1.8 repeat
# man.test: [repeat(.*2, error)?] of 1 is [2]
jq -n -c '1 | [repeat(.*2, error)?]'
## stdout: [2]

#### jq 1.8 splits with null flags and have_decnum
# jq.test: the literal-number tests branch on have_decnum; Husk behaves as the decNumber build
# (the official one), so it is true
jq -n -c '[have_decnum, ("a1b" | [splits("[0-9]")])]'
## stdout: [true,["a","b"]]

#### jq 1.8 number literals print as written
# man.test (lines 7-26) and jq.test's have_decnum cases: a literal of the input or the program
# prints as decNumber's canonical string (1e-5 -> 0.00001, 3e300 -> 3E+300); arithmetic gives
# doubles (0.1 + 0.2); jq.test: [1E+1000 | tojson] is ["1E+1000"]. Unary minus on a literal is
# jv_number_negate, decNumberMinus (0 - x): -1.000 stays -1.000, and -0 is 0 (IEEE 754's 0 - 0)
# where a computed double keeps its sign (0 * -1 is -0)
jq -n -c '[1.5, 1e-5, 0.1 + 0.2, 3e300, -0, 0 * -1, -1.000, 1e17, 123456789012345678, 1.000, (1e1000 | tostring)]'
## stdout: [1.5,0.00001,0.30000000000000004,3E+300,0,-0,-1.000,1E+17,123456789012345678,1.000,"1E+1000"]

#### jq 1.8 number literals of the input
# jq.test: 13911860366432393 keeps its digits through tostring and tojson; the task's example
# `[12345678901234567891, 1.000, 9.90, 1e2]` is printed as written by jq 1.8
echo '[12345678901234567891, 1.000, 9.90, 1e2, 13911860366432393]' | jq -c '., (.[4] | tostring), (.[4] - 10)'
## STDOUT:
[12345678901234567891,1.000,9.90,1E+2,13911860366432393]
"13911860366432393"
13911860366432382
## END

#### jq 1.8 string repetition
# jq.test: [.[] * "abc"] of [-1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 3.7, 10.0]
jq -n -c '[-1, 0, 0.5, 1.5, 3.7] | map(. * "ab")'
## stdout: [null,"","","ab","ababab"]

#### jq 1.8 tonumber strictness
# jq.test: .[] |= try tonumber of ["1", "2a", "3", " 4", "5 ", "6.7", ".89", "-876", "+5.43", 21]
jq -n -c '["1", "2a", " 4", "+5.43"] | .[] |= try tonumber'
## stdout: [1,5.43]

#### jq 1.8 getpath error
# jq.test: try ["ok", setpath([1]; 1)] catch ["ko", .] of {"hi":"hello"}
jq -n -c '{"hi":"hello"} | try ["ok", setpath([1]; 1)] catch ["ko", .]'
## stdout: ["ko","Cannot index object with number (1)"]

#### jq 1.8 gsub with several replacement outputs
# onig.test: [gsub("(?<a>.)"; "\(.a|ascii_upcase)", "\(.a|ascii_downcase)", "c")] of "aB"
jq -n -c '"aB" | [gsub("(?<a>.)"; "\(.a|ascii_upcase)", "\(.a|ascii_downcase)", "c")]'
## stdout: ["AB","ab","cc"]

#### jq 1.8 input parse error shape and status
# The real jq 1.8.2 (Debian sid's build, run 2026-12-05) prints `jq: parse error: MSG` and exits
# 5; jq 1.6 exited 2. (This case first said `parse error (at <stdin>:1): MSG`, read from main.c
# and never run against 1.8.) The position is checked against jq 1.6 in jq-cli.test.sh.
echo '[1,tru]' | jq -c . 2>&1; echo "status $?"
## STDOUT:
jq: parse error: Invalid literal at line 1, column 7
status 5
## END

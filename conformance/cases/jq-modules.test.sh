# jq modules (import, include, data imports, module metadata, -L and the default search list)
# against the jq on the machine: each case writes its module files into the case directory
# (the shell's filesystem, never the machine's). Where jq 1.6 and 1.8 differ the case either
# compares only what they share or records jq 1.8's answer (`## oracle: recorded`).

#### jq import a module as a namespace
mkdir -p lib
printf 'def hi: "hi";\ndef add(f): . + f;\ndef twice($x): [$x, $x];\n' > lib/m.jq
jq -n -c -L lib 'import "m" as m; [m::hi, (1 | m::add(2)), m::twice(3)]'
## stdout: ["hi",3,[3,3]]

#### jq include binds a module's names directly
mkdir -p lib
printf 'def hi: "hi";\ndef hello: hi + "!";\n' > lib/m.jq
jq -n -c -Llib 'include "m"; [hi, hello]'
## stdout: ["hi","hi!"]

#### jq import data as a variable
mkdir -p lib
printf '{"a":1}\n[2]\n' > lib/d.json
jq -n -c -L lib 'import "d" as $d; $d, $d::d'
## STDOUT:
[{"a":1},[2]]
[{"a":1},[2]]
## END

#### jq -L several dirs, the first one that has the module wins
mkdir -p lib1 lib2
echo 'def x: "one";' > lib1/m.jq
echo 'def x: "two";' > lib2/m.jq
echo 'def y: "only two";' > lib2/n.jq
jq -n -c -L lib1 -L lib2 'import "m" as m; import "n" as n; [m::x, n::y]'
jq -n -c -L lib2 -L lib1 'import "m" as m; m::x'
## STDOUT:
["one","only two"]
"two"
## END

#### jq module layouts NAME.jq, NAME/NAME.jq, NAME/jq/main.jq
mkdir -p lib/b lib/c/jq
echo 'def v: "a";' > lib/a.jq
echo 'def v: "b";' > lib/b/b.jq
echo 'def v: "c";' > lib/c/jq/main.jq
jq -n -c -L lib 'import "a" as a; import "b" as b; import "c" as c; [a::v, b::v, c::v]'
## stdout: ["a","b","c"]

#### jq module imports its sibling through search ./
mkdir -p lib/pkg
printf 'import "helper" as h {search: "./"};\ndef run: "run:" + h::help;\n' > lib/pkg/pkg.jq
echo 'def help: "helped";' > lib/pkg/helper.jq
jq -n -c -L lib 'import "pkg" as p; p::run'
## stdout: "run:helped"

#### jq the search path . is the working directory
mkdir -p lib
printf 'import "n" as n;\ndef x: n::who;\n' > lib/m.jq
echo 'def who: "lib";' > lib/n.jq
echo 'def who: "cwd";' > n.jq
jq -n -c -L lib 'import "m" as m; m::x'
## stdout: "cwd"

#### jq a module's own imports are not re-exported
mkdir -p lib
echo 'def inner: 1;' > lib/inner.jq
printf 'include "inner";\ndef outer: inner + 1;\n' > lib/outer.jq
jq -n -c -L lib 'import "outer" as o; o::outer'
jq -n -c -L lib 'import "outer" as o; o::inner' 2>/dev/null; echo "status $?"
## STDOUT:
2
status 3
## END

#### jq module not found
jq -n 'import "nowhere" as n; 1'
echo "status $?"
## STDOUT:
status 3
## END
## STDERR:
jq: error: module not found: nowhere

jq: 1 compile error
## END

#### jq data file not found
jq -n -L . 'import "nodata" as $d; 1'
echo "status $?"
## STDOUT:
status 3
## END
## STDERR:
jq: error: module not found: nodata

jq: 1 compile error
## END

#### jq syntax error in a module
mkdir -p lib
echo 'wat;' > lib/bad.jq
jq -n -L lib 'import "bad" as b; 1' 2>/dev/null
echo "status $?"
## stdout: status 3

#### jq a module with a main expression is refused
mkdir -p lib
echo 'def f: 1; f' > lib/main.jq
jq -n -L lib 'import "main" as m; 1' 2>/dev/null
echo "status $?"
## stdout: status 3

#### jq undefined name in a module is an error only when used
mkdir -p lib
echo 'def f: nosuch; def g: 1;' > lib/m.jq
jq -n -L lib 'import "m" as m; m::g'
jq -n -L lib 'import "m" as m; m::f' 2>/dev/null
echo "status $?"
## STDOUT:
1
status 3
## END

#### jq HOME/.jq file is included in every program
printf 'def greet: "hello " + .;\n' > "$HOME/.jq"
jq -n -c '"you" | greet'
## stdout: "hello you"

#### jq HOME/.jq directory is on the default search list
mkdir -p "$HOME/.jq"
echo 'def x: "from ~/.jq";' > "$HOME/.jq/m.jq"
jq -n -c 'import "m" as m; m::x'
## stdout: "from ~/.jq"

#### jq -f program imports relative to the working directory
mkdir -p lib prog
echo 'def x: 42;' > lib/m.jq
echo 'import "m" as m; m::x' > prog/p.jq
jq -n -L lib -f prog/p.jq
## stdout: 42

#### jq module location in a module
mkdir -p lib
printf 'def f: 1;\n\ndef loc: $__loc__;\n' > lib/m.jq
jq -n -c -L lib 'import "m" as m; m::loc | [.line, (.file | endswith("/lib/m.jq"))]'
## stdout: [3,true]

#### jq modulemeta lists metadata and imports
mkdir -p lib
printf 'module {name: "m", tags: ["x", 1]};\nimport "n" as n {search: "./"};\ninclude "o";\nimport "d" as $d;\ndef f: 1;\n' > lib/m.jq
jq -c -L lib 'modulemeta | del(.defs)' <<< '"m"'
## stdout: {"name":"m","tags":["x",1],"deps":[{"search":"./","as":"n","is_data":false,"relpath":"n"},{"is_data":false,"relpath":"o"},{"as":"d","is_data":true,"relpath":"d"}]}

#### jq modulemeta errors
mkdir -p lib
jq -n -L lib '"nope" | modulemeta'; echo "status $?"
jq -n -L lib '1 | modulemeta'; echo "status $?"
## STDOUT:
status 5
status 5
## END
## STDERR:
jq: error (at <unknown>): module not found: nope
jq: error (at <unknown>): modulemeta input module name must be a string
## END

#### jq import path must be constant
jq -n 'import "\(1)" as x; 1' 2>/dev/null; echo "status $?"
## stdout: status 3

#### jq modules see --arg variables and recurse
mkdir -p lib
printf 'def fact: if . <= 1 then 1 else . * (. - 1 | fact) end;\ndef who: $who;\ndef sum: reduce .[] as $x (0; . + $x);\n' > lib/m.jq
jq -n -c -L lib --arg who me 'import "m" as m; [(5 | m::fact), m::who, ([1,2] | m::sum), ({"a":1} | [path(..)])]'
## stdout: [120,"me",3,[[],["a"]]]

#### jq search metadata is relative to the program file or the working directory
mkdir -p prog
echo 'def h: "h";' > prog/h.jq
echo 'import "h" as h {search: "./"}; h::h' > prog/p.jq
jq -n -f prog/p.jq
jq -n -c 'import "h" as h {search: "./prog"}; h::h'
jq -n -c 'import "h" as h {search: ["nope", "prog"]}; h::h'
## STDOUT:
"h"
"h"
"h"
## END

#### jq bad data file
mkdir -p lib
echo '{bad' > lib/bd.json
jq -n -L lib 'import "bd" as $b; 1' 2>&1 | sed "s|$PWD/||"
## STDOUT:
jq: error loading data file lib/bd.json: Invalid numeric literal at line 2, column 0

jq: 1 compile error
## END

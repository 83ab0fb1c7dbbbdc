# jq 1.8 module behaviour where the machine's jq 1.6 differs or lacks it. Expectations are
# recorded from jq's 1.8 test corpus (shared/corpora/jq/jq.test) and jq's linker, cited per case.
## oracle: recorded

#### jq 1.8 later imports under one name shadow earlier ones
# jq.test: import "test_bind_order" as check; check::check (test_bind_order imports three modules as t)
mkdir -p lib
echo 'def a: 1; def b: 1;' > lib/one.jq
echo 'def b: 2;' > lib/two.jq
jq -n -c -L lib 'import "one" as t; import "two" as t; [t::a, t::b]'
## stdout: [1,2]

#### jq 1.8 modulemeta lists defs
# jq.test: modulemeta of "c" ends with "defs":["a/0","c/0"] (jq 1.6 has no defs)
mkdir -p lib
printf 'def a: 1;\ndef b(f): f;\ndef a: 2;\n' > lib/m.jq
jq -c -L lib 'modulemeta' <<< '"m"'
## stdout: {"deps":[],"defs":["a/0","b/1"]}

#### jq 1.8 get_search_list
# jq 1.8 builtin get_search_list: the -L dirs, else the default list (jq 1.6 lacks it)
mkdir -p lib
jq -n -c get_search_list
jq -n -c -L lib 'get_search_list | map(endswith("/lib"))'
## STDOUT:
["~/.jq","$ORIGIN/../lib/jq","$ORIGIN/../lib"]
[true]
## END

#### jq 1.8 data imports bound twice
# jq.test (#2000): import "data" as $a; import "data" as $b; def f: {$a, $b}; f
mkdir -p lib
echo '{"this":"is a test"}' > lib/data.json
jq -n -c -L lib 'import "data" as $a; import "data" as $b; def f: {$a, $b}; f'
## stdout: {"a":[{"this":"is a test"}],"b":[{"this":"is a test"}]}

#### jq 1.8 include shadowing in definition order
# jq.test: include "shadow1"; e is 2 (jq 1.6 gives 1)
mkdir -p lib
printf 'def e: 1;\ndef e: 2;\n' > lib/shadow1.jq
jq -n -c -L lib 'include "shadow1"; e'
## stdout: 2

#### jq 1.8 circular import
# jq's linker (src/linker.c, load_library) reports "circular import of PATH"; jq 1.6 overflows its stack
mkdir -p lib
echo 'import "two" as t; def a: 1;' > lib/one.jq
echo 'import "one" as o; def b: 1;' > lib/two.jq
jq -n -L lib 'import "one" as o; 1' 2>&1 | sed "s|$PWD/lib/|LIB/|"
## STDOUT:
jq: error: circular import of LIB/one.jq

jq: 1 compile error
## END

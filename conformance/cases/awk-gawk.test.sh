# awk: gawk extensions models use (called as `gawk`, which Husk also provides), and gawk's
# messages and statuses.

#### gawk gensub
gawk 'BEGIN { print gensub(/(a)(b)/, "\\2\\1", "g", "abab") }'

#### gawk gensub nth match
gawk 'BEGIN { print gensub(/o/, "0", 2, "foo boo") }'

#### gawk asort
gawk 'BEGIN { a[1] = "c"; a[2] = "a"; a[3] = "b"; n = asort(a); for (i = 1; i <= n; i++) printf "%s ", a[i]; print "" }'

#### gawk asorti
gawk 'BEGIN { a["z"]; a["x"]; a["y"]; n = asorti(a, b); for (i = 1; i <= n; i++) printf "%s ", b[i]; print "" }'

#### gawk sorted_in index string
gawk 'BEGIN { PROCINFO["sorted_in"] = "@ind_str_asc"; a["b"]; a["c"]; a["a"]; for (k in a) print k }'

#### gawk sorted_in value numeric descending
gawk 'BEGIN { PROCINFO["sorted_in"] = "@val_num_desc"; a["x"] = 2; a["y"] = 10; a["z"] = 1; for (k in a) print k, a[k] }'

#### gawk length of array
gawk 'BEGIN { a[1]; a[2]; a[3]; print length(a) }'

#### gawk power operators
gawk 'BEGIN { x = 2; x **= 3; print x, 2 ** 3 ** 2 }'

#### gawk IGNORECASE
printf 'Apple\nbanana\n' | gawk 'BEGIN { IGNORECASE = 1 } /APPLE/'

#### gawk bitwise functions
gawk 'BEGIN { print and(12, 10), or(12, 10), xor(12, 10), lshift(1, 4), rshift(256, 2) }'

#### gawk strftime in UTC
TZ=UTC gawk 'BEGIN { print strftime("%Y-%m-%d %H:%M:%S", 86400 * 365) }'

#### gawk mktime
TZ=UTC gawk 'BEGIN { print mktime("2020 01 02 03 04 05") }'

#### gawk match with array
gawk 'BEGIN { match("key=value", /([a-z]+)=([a-z]+)/, m); print m[1], m[2] }'

#### gawk BEGINFILE ENDFILE
printf '1\n2\n' > a.txt; printf '3\n' > b.txt
gawk 'BEGINFILE { print "begin", FILENAME } ENDFILE { print "end", FILENAME, FNR }' a.txt b.txt

#### gawk nextfile
printf '1\n2\n3\n' > a.txt; printf '4\n5\n' > b.txt
gawk 'FNR == 2 { nextfile } { print FILENAME, $0 }' a.txt b.txt

#### gawk big integers print exactly
gawk 'BEGIN { print 2^53, 2^63, 1e30 }'

#### gawk inf and nan
gawk 'BEGIN { print -log(0), log(0) }'

#### gawk regex RS and RT
printf 'a1b22c' | gawk 'BEGIN { RS = "[0-9]+" } { print NR, $0, RT }'

#### gawk FS empty splits characters
echo abc | gawk 'BEGIN { FS = "" } { print NF, $2 }'

#### gawk split with seps
gawk 'BEGIN { n = split("a1b22c", p, /[0-9]+/, s); print n, p[3], s[1], s[2] }'

#### gawk typeof
gawk 'BEGIN { a[1]; x = 1; print typeof(x), typeof("s"), typeof(a), typeof(nothing) }'

#### gawk syntax error message and status
gawk 'BEGIN { x = }' 2>&1; echo "status $?"

#### gawk division by zero message
gawk 'BEGIN { y = 0; print 1 / y }' 2>&1; echo "status $?"

#### gawk printf %i and %u
gawk 'BEGIN { printf "%i %u %5.1f%%\n", 42.7, 7, 99.44 }'

#### gawk substr rounding
gawk 'BEGIN { s = "abcdefgh"; print substr(s, 0, 3), substr(s, -1, 4), substr(s, 1.5, 2.3) }'

#### gawk -e program text
gawk -e 'BEGIN { print "via -e" }'

#### gawk strtonum
gawk 'BEGIN { print strtonum("0x1F"), strtonum("017") }'

#### gawk uninitialized scalar passed as array
gawk 'function f(a) { a["k"] = 1 } BEGIN { f(arr); print length(arr), arr["k"] }'

#### gawk missing input file
gawk '{ print }' no-such-file 2>&1; echo "status $?"

#### gawk wrong builtin arity
gawk 'BEGIN { print substr("abc") }' 2>&1; echo "status $?"

#### gawk invalid dynamic regex
gawk 'BEGIN { x = "["; if ("a" ~ x) print }' 2>&1 | head -1 | cut -c1-40; echo "status ${PIPESTATUS[0]}"

#### gawk printf runs out of arguments
gawk 'BEGIN { printf "%d %d\n", 1 }' 2>&1 | head -1; echo "status ${PIPESTATUS[0]}"

#### gawk cmd getline streams from an endless command
gawk 'BEGIN { "yes" | getline x; print x; close("yes"); print "closed" }'

#### gawk cmd getline reads lines until the end
gawk 'BEGIN { while (("printf \"a\\nb\\nc\\n\"" | getline l) > 0) n++; print n, l }'

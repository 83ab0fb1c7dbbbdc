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

#### gawk printf rounds half to even on the double's exact value
gawk 'BEGIN { printf "%.0f %.2f %.1f %.2e %g %.17g %.0f %.0f\n", 2.5, 0.125, 0.15, 1.125, 0.0001234565, 0.1, 0.5, -2.5 }'
## stdout: 2 0.12 0.1 1.12e+00 0.000123457 0.10000000000000001 0 -2

#### gawk %a prints doubles
gawk 'BEGIN { printf "%a %A %.0a %.1a %a %a %#.0a %12a|\n", 1, 255, 1.5, 0.1, 5e-324, -2.5, 1, 3 }'
## stdout: 0x1p+0 0X1.FEP+7 0x2p+0 0x1.ap-4 0x0.0000000000001p-1022 -0x1.4p+1 0x1.p+0     0x1.8p+1|

#### gawk unsigned conversions of values no uintmax_t holds print as %g
gawk 'BEGIN { printf "%x %.3x %#x %u %o %x %X %u\n", 1e20, 1e20, 1e20, -2^63-4096, 2^64, -1, 2^63, 2^64-2048 }'
## stdout: 1e+20 1e+20 1.00000e+20 -9.22337e+18 1.84467e+19 ffffffffffffffff 8000000000000000 18446744073709549568

#### gawk %#g carry, the ' flag, big integers with %d
gawk 'BEGIN { printf "[%#g][%#.3g][%\047d][%5.1f][%-10.3e][%+d][%d][%i]\n", 999999.5, 999.7, 1234567, 2.25, 12.5, 3, 1e30, -2^70 }'
## stdout: [1.e+06][1.e+03][1234567][  2.2][1.250e+01 ][+3][1000000000000000019884624838656][-1180591620717411303424]

#### awk OFMT and CONVFMT round half to even too
awk 'BEGIN { x = 0.1 + 0.2; print x; CONVFMT = "%.17g"; y = x ""; print y; OFMT = "%.2f"; print 2.675, 2.665, 0.125; OFMT = "%.3e"; print 1234.5 }'
## STDOUT:
0.3
0.30000000000000004
2.67 2.67 0.12
1.234e+03
## END

#### awk long precisions print the exact double
awk 'BEGIN { printf "%.30f %.20e %g %g\n", 0.1, 1/3, 1e-310, 2^53 + 1 }'
## stdout: 0.100000000000000005551115123126 3.33333333333333314830e-01 1e-310 9.0072e+15

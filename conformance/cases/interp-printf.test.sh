#### widths and flags
printf '%5s|%-5s|%05d|%x|%X|%o|%c|%%\n' ab cd 42 255 255 8 xyz
## STDOUT:
   ab|cd   |00042|ff|FF|10|x|%
## END

#### format reuse
printf '%s-%s\n' a b c d e
## STDOUT:
a-b
c-d
e-
## END

#### floats
printf '%.2f %e %g %g %G\n' 3.14159 12345.678 0.0001 123456789 1e-10
## stdout: 3.14 1.234568e+04 0.0001 1.23457e+08 1E-10

#### %q
printf '%q\n' 'a b' "it's" '' 'x\y'
## STDOUT:
a\ b
it\'s
''
x\\y
## END

#### %b and -v
printf '%b\n' 'a\nb'; printf -v out '%03d' 7; echo $out
## STDOUT:
a
b
007
## END

#### numeric arguments
printf '%d %d %d %d\n' "'A" 0x10 010 -5
## stdout: 65 16 8 -5

#### invalid number
printf '%d\n' abc; echo $?
## STDOUT:
0
1
## END

#### precision and star
printf '%.3s|%*d|%-*s|\n' abcdef 5 42 4 x
## stdout: abc|   42|x   |

#### escapes in the format
printf 'a\tb\x41\101\n'
## stdout: a	bAA

#### missing arguments
printf '%s|%d|\n'
## stdout: |0|


#### -v with its name attached, and option errors
printf -vx '%s' hi; echo "a [$x]"
printf -vy hi | cat; echo "b [$y]"
z=$(printf -vw hi); echo "c [$z] [$w]"
printf -x hi; echo "d $?"
printf -v; echo "e $?"
printf -- -v; echo
## STDOUT:
a [hi]
b []
c [] []
d 2
e 2
-v
## END

#### alternate form (#) of floats: always a decimal point, %g keeps its zeros
printf '[%#.0f][%#.0e][%#g][%#.3g][%#g]\n' 3 3 0.0001 100 0
## stdout: [3.][3.e+00][0.000100000][100.][0.00000]

#### integers out of range clamp with a warning, as strtoimax/strtoumax do
printf '%u %x %o\n' -1 -9223372036854775809 -8
printf '%d|%u|%i\n' 9223372036854775808 18446744073709551616 -9223372036854775809 2>&1 | sed 's/^.*printf: //'
echo "status ${PIPESTATUS[0]}"
## STDOUT:
18446744073709551615 7fffffffffffffff 1777777777777777777770
warning: 9223372036854775808: Numerical result out of range
warning: 18446744073709551616: Numerical result out of range
warning: -9223372036854775809: Numerical result out of range
9223372036854775807|18446744073709551615|-9223372036854775808
status 0
## END

#### %(fmt)T and \D{fmt} longer than 127 bytes are empty (bash's 128-byte buffer)
for n in 127 128; do s=$(printf "%${n}s" | tr " " x); printf "%(${s})T" 0 | wc -c; done
s=$(printf "%125s" | tr " " x); printf "%(${s}%Y)T" 0 | wc -c; printf "[%(${s}é)T]" 0 | wc -c
PS1="\D{$(printf "%130s" | tr " " x)}"; echo "[${PS1@P}]"
## STDOUT:
127
0
0
129
[]
## END

#### floats round half to even on the exact long double value (strtold), as glibc
printf '%.0f %.2f %.1f %.1f %.2e %g %.20f %.0e\n' 2.5 0.125 0.15 0.25 1.125 0.0001234565 0.1 2.5
## stdout: 2 0.12 0.2 0.2 1.12e+00 0.000123456 0.10000000000000000000 2e+00

#### the ' flag (no grouping in the C locale), inf and nan with flags and widths
printf "%'d %'.2f|%f %e %g %F|%5.1f|%-6g|%+f|%05f|\n" 1234567 1234.5 inf -inf nan inf -inf nan inf -inf
## stdout: 1234567 1234.50|inf -inf nan INF| -inf|nan   |+inf| -inf|

#### %a prints long doubles (a 4-bit leading digit)
printf '%a %A %.1a %.0a %#a %a %.3a\n' 1 255 0.1 1.99 2 -0 1e-4000
## stdout: 0x8p-3 0XF.FP+4 0xc.dp-7 0x1p+1 0x8.p-2 -0x0p+0 0x9.c3dp-13291

#### %c without an argument, or with an empty one, is a NUL byte
printf '%c|%3c|%-2c|' | od -An -tx1
printf '%c|' '' | od -An -tx1
## STDOUT:
 00 7c 20 20 00 7c 00 20 7c
 00 7c
## END

#### invalid numbers: octal and hex messages, trailing blanks, the number read so far
printf '[%f][%d][%f][%d][%f]\n' 0x 08 2x '  3 ' '2 ' 2>&1 | sed 's/^.*printf: //'
## STDOUT:
0x: invalid hex number
08: invalid octal number
2x: invalid number
  3 : invalid number
2 : invalid number
[0.000000][0][2.000000][3][2.000000]
## END

#### long double range: 1e400 is finite, hex floats, overflow and underflow warn
printf '%g %g %.3f %g %g\n' 1e400 0x1.8p3 0x10 1e-4950 1e5000 2>&1 | sed 's/^.*printf: //'
## STDOUT:
warning: 1e-4950: Numerical result out of range
warning: 1e5000: Numerical result out of range
1e+400 12 16.000 1.09356e-4950 inf
## END

#### %#g when rounding carries into the exponent style keeps no zeros (glibc)
printf '[%#g][%#.3g][%#.0g][%#g][%#.3g]\n' 999999.5 999.7 9.5 1e6 99.96
## stdout: [1.e+06][1.e+03][1.e+01][1.00000e+06][100.]

#### exponents, denormals and carries
printf '%.2e %e %g %g %.3g %G %e %.0e\n' 9.995 1e-310 1e100 1e-5 0.0009996 1e-10 1e300 2.5
## stdout: 9.99e+00 1.000000e-310 1e+100 1e-05 0.001 1E-10 1.000000e+300 2e+00

#### flags together: - over 0, + over space, # for o and x, precision 0 of 0
printf '[%-08.3f][%08.3f][%+.3e][% d][%+ d][%#x][%#o][%#.0o][%#5.3x][%.0d][%5.0d][%-+6d]\n' 3.14159 -3.14159 12345 5 5 255 8 0 5 0 0 7
## stdout: [3.142   ][-003.142][+1.234e+04][ 5][+5][0xff][010][0][0x005][][     ][+7    ]

#### long precisions print the exact binary value
printf '%.5000f' 1 | wc -c; printf '%.30f %.17g %.25e\n' 0.1 0.1 1e-320
## STDOUT:
5002
0.100000000000000000001355252716 0.1 1.0000000000000000000254704e-320
## END

#### negative zero keeps its sign in %f %g %e, not in %d
printf '%f %g %e %d %.0f %g\n' -0 -0 -0 -0 -0.4 -1e-400
## stdout: -0.000000 -0 -0.000000e+00 0 -0 -1e-400

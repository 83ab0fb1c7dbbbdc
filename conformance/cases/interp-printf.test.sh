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

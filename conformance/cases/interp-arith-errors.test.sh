# Arithmetic error messages and statuses, token for token as bash 5.2 prints them (stderr is
# compared): each error ends its line (status 1), so each case runs one per `bash -c`-like eval.

#### **= is not an operator
x=2; (( x **= 2 )); echo "$? $x"
## stdout: 1 2

#### operand expected at the end: the token is the last operator
for e in '1 + ' 'x=  ' 'a+=' '1<<' '1,' '++' '1++' '5--' 'x++ ++' '~' '!'; do eval 'echo $(('"$e"'))'; done; echo done
## stdout: done

#### bad array subscript
eval 'echo $((x[1))'; eval 'echo $((a[))'; echo done
## stdout: done

#### conditional expression errors
eval 'echo $((1 ? 2))'; eval 'echo $((1 ? 2 : ))'; eval 'echo $((1 ? : 3))'; echo done
## stdout: done

#### exponent less than 0
eval 'echo $((2**-1))'; eval 'echo $((2**-1 * 3))'; eval 'echo $((2 ** -x1 ))'; echo done
## STDOUT:
1
done
## END

#### constants: the token is the constant
eval 'echo $((1 + 09 + 2))'; eval 'echo $((10#))'; eval 'echo $((10#-1))'; eval 'echo $((2#))'; echo $((0x)) $((0x + 1))
## stdout: 0 1

#### unknown characters: operand expected, or invalid operator after an operand
eval 'echo $((@))'; eval "echo \$(( '1' + 1 ))"; eval 'echo $((1 @ 2))'; eval 'echo $((x++ @))'; eval 'echo $(((1) @))'; echo done
## stdout: done

#### ++ and -- are one token only next to a variable
x=1; echo $((x+++2)) $x; y=1; echo $((1+++y)) $y; z=3; echo $((- -z)) $((--z)) $z $((--5))
## STDOUT:
3 2
3 2
3 2 2 5
## END

#### let without arguments
let; echo $?
## stdout: 1

#### an error in a for (( )) header fails the loop as (( )) fails, and the line goes on
for ((i=1/0; i<2; i++)); do :; done; echo "init $?"
for ((i=0; i<1/0; i++)); do :; done; echo "test $?"
for ((i=0; i<2; i+=1/0)); do echo "body $i"; done; echo "update $?"
## STDOUT:
init 1
test 1
body 0
update 1
## END

#### $LINENO in a for (( )) header is the line of for, also after the body ran
echo one
for (( i = 0; i < $LINENO; i++ )); do
  echo "$i $LINENO"
done
for ((i = 0;
  i < LINENO;
  i++)); do :; done; echo "$i"
## STDOUT:
one
0 3
1 3
5
## END

#### $_ after assignment-only commands and declarations
: foo; x=$_; echo "[$x]"
: foo; y=1; echo "[$_]"
: foo; declare q=(1) z; echo "[$_]"
: foo; declare -A m=([a]=1); echo "[$_]"
: foo; declare a[3]=4; echo "[$_]"
: foo; declare a+=(5); echo "[$_]"
f() { local d=(x) e=5; echo "[$_]"; }; f
## STDOUT:
[foo]
[]
[z]
[m]
[a[3]=4]
[a]
[e=5]
## END

#### a base written with a leading zero is an invalid number
echo $(( 02#0110 )); echo "not reached"
echo "s $?"; echo $(( 10#0110 ))
## STDOUT:
s 1
110
## END

#### set -u: an element of an unset variable is unbound in arithmetic, a missing element of a set array is not
set -u
a=(1); echo $(( a[5] )); b=x; echo $(( b[1] ))
( echo $(( undef[0] )) ); echo "s $?"
## STDOUT:
0
0
s 1
## END

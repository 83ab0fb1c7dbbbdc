#### precedence and division
echo $((1+2*3)) $((7/2)) $((-7/2)) $((7%3)) $((-7%3)) $((2**10))
## stdout: 7 3 -3 1 -1 1024

#### 64-bit wraparound
echo $((2**63)) $((2**64)) $((9223372036854775807+1)) $((-9223372036854775807-1))
## stdout: -9223372036854775808 0 -9223372036854775808 -9223372036854775808

#### bases
echo $((0x1F)) $((017)) $((2#101)) $((36#zz)) $((64#_)) $((16#ff))
## stdout: 31 15 5 1295 63 255

#### bit operators
echo $((1<<63)) $((1<<64)) $((-8>>1)) $((5&3)) $((5|3)) $((5^3)) $((~5)) $((!0)) $((!5))
## stdout: -9223372036854775808 1 -4 1 7 6 -6 1 0

#### increments and compound assignment
x=5; echo $((x++)) $x $((++x)) $((x--)) $((--x)) $((x+=3)) $((x*=2)) $((x<<=1))
## stdout: 5 6 7 7 5 8 16 32

#### comparisons, logic, ternary
echo $((1<2)) $((2<=2)) $((3>4)) $((1==1)) $((1!=1)) $((1&&0)) $((0||3)) $((1?2:3)) $((0?2:3))
## stdout: 1 1 0 1 0 0 1 2 3

#### variables are evaluated recursively
a=b; b=c; c=7; echo $((a+1)); x='1+2'; echo $((x*3))
## STDOUT:
8
9
## END

#### comma operator
echo $((1,2,3))
## stdout: 3

#### (( )) status
(( 0 )); echo $?; (( 5 )); echo $?; (( x = 0 )); echo $?
## STDOUT:
1
0
1
## END

#### division by zero aborts the line
echo $((1/0)); echo same line
echo next line
## stdout: next line

#### let
let x=3+4 y=x*2; echo $x $y; let 'z = 0'; echo $?
## STDOUT:
7 14
1
## END

#### arithmetic for loop
for ((i=0, j=10; i<3; i++, j--)); do echo $i $j; done
## STDOUT:
0 10
1 9
2 8
## END

#### array elements in arithmetic
a=(5 6 7); i=1; echo $((a[i]+a[2])); (( a[0] += 10 )); echo ${a[0]}
## STDOUT:
13
15
## END

#### integer attribute
declare -i n=2+3; echo $n; n+=4; echo $n; n='n*2'; echo $n
## STDOUT:
5
9
18
## END


#### an arithmetic error inside [[ ]]'s operand expansion abandons the line
[[ $((1/0)) -lt 1 ]]; echo same line
echo next line
if [[ $((2/0)) -lt 1 ]]; then echo then; else echo else; fi; echo same line
echo status=$?
## STDOUT:
next line
status=1
## END

#### an arithmetic error of [[ -lt ]] itself only fails the test
[[ 1/0 -lt 1 ]]; echo status=$?
a='x y'; [[ a -lt 1 ]]; echo status=$?
## STDOUT:
status=1
status=1
## END

#### arithmetic recursion error does not leak into the next evaluation
a='a*b'; (( a < 1 )); echo $?; (( a < 1 )); echo $?; echo $(( 2 + 3 ))
## STDOUT:
1
1
5
## END

#### readonly integer refuses before evaluating the value
declare -ri x=5; x='1+' ; echo not reached
echo x=$x
## STDOUT:
x=5
## END

#### arithmetic constants and their errors, evaluated in a loop
for v in 7 010 0x1f 2#101 64#_; do echo $(( v + 1 )); done
for i in 1 2; do echo $(( 1 + 09 )); done; echo end
## status: 1
## STDOUT:
8
9
32
6
64
## END

#### a[i] subscripts by name, unset and nounset
a=(); i=2; a[i]=x; j=i; a[j+1]=y; echo "${!a[@]}" "${a[@]}"
set -u; ( a[nope]=z ) 2>/dev/null; echo status=$?
## STDOUT:
2 3 x y
status=1
## END

#### ++ and -- before a non-variable are two signs
a=5
echo $(( --1 )) $(( ++2 )) $(( ~--3 )) $(( 2 - --1 )) $((--a))
## stdout: 1 2 -4 1 4

#### expansions inside subscripts, evaluated in a loop (parsed once per node)
declare -A m=([a]=1 [b]=2 ["x y"]=5 [k1]=7); ar=(10 20 30)
for k in a b "x y"; do echo $(( m[$k] * 2 )); done
for j in 1; do echo $(( m[k$j] )); done
for i in 0 1; do echo $(( ar[$i] + ar[$i+1] )); done
k=b; (( m[$k] += 5 )); (( m[$k]++ )); echo ${m[b]}
k=zz; (( m[$k] = 3 )); echo ${m[zz]}
for i in 1; do echo $(( ar[$i] / (ar[0]-10) )); done
echo next
for k in b; do echo $(( m[$k] / 0 + 1 )); done
echo end
## status: 1
## STDOUT:
2
4
10
7
30
50
8
3
next
## END

#### a subscript in a variable's value is expanded when arithmetic evaluates it
a=(0 1 2); b=(3 4 5)
expr='a[$(echo 2)]'
echo "get ${b[expr]}" $(( b[expr] + 1 ))
b[expr]=zzz; declare -p b
t='a[$i]'; i=1; echo $(( t ))
u='a[${j:-2}]'; echo $(( u ))
x='a[$(echo 1 > ran)]=7'; echo $(( x )) "${a[1]}"; cat ran
declare -A A=([k]=v [j]=7); k='A[$(echo j)]'; echo $(( k + 1 ))
n=0; for ((m=0; m<3; m++)); do n=$(( n + a[$(echo $m)] )); done; echo $n
## STDOUT:
get 5 6
declare -a b=([0]="3" [1]="4" [2]="zzz")
1
2
7 1
1
8
10
## END

#### an index before the first element is reported and reads nothing; a failed arithmetic assignment fails (( )) only
a=(1 2 3)
echo "[${a[-5]}]" $?
echo $(( a[-5] )) $?
[[ -v a[-5] ]]; echo $?
(( a[-5]++ )); echo s1=$?
readonly r=1
(( r = 2 )); echo s2=$?
for ((r=5;;)); do :; done; echo s3=$?
echo $(( r = 3 )); echo not reached
echo end
## STDOUT:
[] 0
0 0
1
s1=1
s2=1
s3=1
end
## END

#### assoc arrays iterate in bash's hash order
declare -A A=([3]="" [1]="2" [a]=x [foo]=y [bar]=z [x10]=1 [x11]=2)
echo "${!A[@]}"
echo "${A[@]}"
for k in "${!A[@]}"; do printf '%s=%s ' "$k" "${A[$k]}"; done; echo
declare -p A
## STDOUT:
3 1 a foo bar x10 x11
 2 x y z 1 2
3= 1=2 a=x foo=y bar=z x10=1 x11=2 
declare -A A=([3]="" [1]="2" [a]="x" [foo]="y" [bar]="z" [x10]="1" [x11]="2" )
## END

#### assoc order: re-adding a deleted key moves it, overwriting keeps its place
declare -A A=([a]=1 [b]=2 [c]=3 [d]=4)
unset 'A[a]'; A[a]=5; A[c]=6
echo "${!A[@]} / ${A[*]}"
## STDOUT:
d c b a / 4 6 2 5
## END

#### assoc order survives copying into a subshell and a function
declare -A A=([one]=1 [two]=2 [three]=3 [four]=4)
( echo "${!A[@]}" )
echo "$(declare -p A)"
f() { local -A L=([one]=1 [two]=2 [three]=3 [four]=4); echo "${!L[@]}"; }; f
## STDOUT:
four two three one
declare -A A=([four]="4" [two]="2" [three]="3" [one]="1" )
four two three one
## END

#### assoc order after the table grows (more than 2048 keys)
declare -A B
for ((i=0;i<2100;i++)); do B[k$i]=$i; done
unset 'B[k7]'; B[zz]=1
keys=("${!B[@]}")
echo "${#keys[@]} ${keys[0]} ${keys[1]} ${keys[1000]} ${keys[2099]}"
## STDOUT:
2100 k1698 k1699 k542 k1048
## END

#### assoc lookups, membership and deletion across chains of a grown table
declare -A B
for ((i=0;i<3000;i++)); do B[k$i]=$i; done
for ((i=0;i<3000;i+=3)); do unset "B[k$i]"; done
n=0; s=0; for k in "${!B[@]}"; do n=$((n+1)); s=$((s + B[$k])); done
echo "$n $s ${#B[@]}"
[[ -v B[k3] ]] && echo has-k3 || echo no-k3
[[ -v B[k4] ]] && echo has-k4 || echo no-k4
B[k3]=x; keys=("${!B[@]}"); echo "${keys[0]} ${keys[1]} ${keys[1999]} ${B[k3]} ${B[k2999]-unset}"
B=(); echo "${#B[@]} [${!B[@]}]"
## STDOUT:
2000 3000000 2000
no-k3
has-k4
k1699 k1696 k1049 x 2999
0 []
## END

#### declare -p quotes assoc keys with shell metacharacters and control characters
declare -A A=(["a b"]=2 ["#x"]=3 ["x#"]=4 ["~x"]=5 ["a=~"]=6 [%]=8 ["-"]=9 [$'\t']=$'a\tb')
declare -p A
x=$'a\nb'; declare -p x
a=($'a\tb' 'x"y' '$z'); declare -p a
## STDOUT:
declare -A A=([x#]="4" ["#x"]="3" [$'\t']=$'a\tb' [-]="9" [%]="8" ["a=~"]="6" ["a b"]="2" ["~x"]="5" )
declare -- x=$'a\nb'
declare -a a=([0]=$'a\tb' [1]="x\"y" [2]="\$z")
## END

#### nameref to an array element reads and writes the element
a=(zero one two three)
declare -n r='a[2]'
echo "$r"
r=TWO
echo "${a[*]}"
declare -n r2='a[$(echo 1) + 2]'
echo "$r2"
## STDOUT:
two
zero one TWO three
three
## END

#### nameref to an assoc element, subscript expanded at use
declare -A m=([foo]=bar)
f() { local s=foo; local -n e=m["$s"]; echo "$e"; }
f
## STDOUT:
bar
## END

#### nameref to a[@] reads the whole array
a=('A B' C)
declare -n r='a[@]'
printf '<%s>' "$r"; echo
## STDOUT:
<A B><C>
## END

#### declare -n on a nameref re-targets it
x=XX; y=YY
declare -n ref=x
declare -n ref=y
echo "$ref $x $y"
ref=z
echo "$ref $x $y"
## STDOUT:
YY XX YY
z XX z
## END

#### declare -n on a variable holding an invalid name fails
ref='#'
declare -n ref
echo "status=$? ref=$ref"
declare -p ref
## STDOUT:
status=1 ref=#
declare -- ref="#"
## END

#### circular namerefs read as empty and refuse assignment
declare -n c1=c2
declare -n c2=c1
echo "read=[$c1]"
c1=z
echo "status=$?"
## STDOUT:
read=[]
status=1
## END

#### ${!ref} with a subscript expands it (parameters, command substitution)
a=(x y)
b=1
for ref in 'a[1]' 'a[$b]' 'a[${c:-1}]' 'a[$(echo 1)]' 'a[$(( 3 - 2 ))]'; do echo "$ref -> ${!ref}"; done
declare -A assoc=([ale]=bean)
ref='assoc["ale"]'
echo "${!ref}"
## STDOUT:
a[1] -> y
a[$b] -> y
a[${c:-1}] -> y
a[$(echo 1)] -> y
a[$(( 3 - 2 ))] -> y
bean
## END

#### GLOBIGNORE filters pathname expansion
cd "$(mktemp -d)"
touch one.md one.txt hello.c hello.h hello.o .env
mkdir foo; touch foo/two.md foo/two.txt
GLOBIGNORE='*.txt:*.o'
echo *.* foo/*
GLOBIGNORE='[[:alnum:]]*'
echo *
GLOBIGNORE='*'
echo *
shopt -s nullglob
echo "[" * "]"
shopt -u nullglob
GLOBIGNORE=
echo *
## STDOUT:
.env hello.c hello.h one.md foo/two.md foo/two.txt
.env
*
[ ]
.env foo hello.c hello.h hello.o one.md one.txt
## END

#### . and .. match a leading-dot pattern without globskipdots
cd "$(mktemp -d)"
touch .a b
echo .*
shopt -u globskipdots
echo .* .?
GLOBIGNORE=.:..
echo .*
## STDOUT:
.a
. .. .a .. .a
.a
## END

#### NUL ends a $'...' string
x=$'ab\0cd'
echo "${#x} [$x]"
printf $'x\U0z' | od -A n -t x1
test -n $'\0'; echo "status=$?"
## STDOUT:
2 [ab]
 78
status=1
## END

#### command substitution and read drop NUL bytes, mapfile cuts lines at NUL
s=$(printf 'a\000b')
echo "${#s} $s"
printf '.\000.\n' | { read r; echo "${#r}"; }
printf '.\000.\n.\000x\n' | { mapfile L; echo "${#L[@]} ${#L[0]} ${#L[1]}"; }
printf '1\0002\000' | { read -d '' a; read -d '' b; echo "$a $b"; }
## STDOUT:
2 ab
2
2 1 1
1 2
## END

#### od aligns several -t formats
printf 'hi\0\n' | od -A n -t c -t x1
printf 'abc' | od -t x2 -t c
## STDOUT:
   h   i  \0  \n
  68  69  00  0a
0000000    6261    0063
          a   b   c
0000003
## END

#### syntax error inside [[ ]] exits with the previous status
false
[[ ]]
echo not reached
## STDOUT:
## END
## status: 1

#### =~ with a regex glibc rejects returns 2 silently
for r in '*' '{' 'a{x}' '+a' '(*a)' 'a$*' 'a**' 'x{1}' 'a{,2}' '()' '[*]'; do [[ aaa =~ $r ]]; echo "$r $?"; done
HOME='^a$'
[[ $HOME =~ ~ ]]; echo "tilde $?"
## STDOUT:
* 2
{ 2
a{x} 2
+a 2
(*a) 2
a$* 2
a** 0
x{1} 1
a{,2} 0
() 0
[*] 1
tilde 0
## END

#### bash 5.2 assoc literal: [k]+=v appends to the old value, no tilde expansion
HOME=/h
declare -A a=([hello]=X)
a=([hello]=1 [hello]+=2)
declare -p a
a+=([hello]+=:3)
declare -p a
declare -A b=([k]=~ [j]=x:~)
declare -p b
c=([1]=~)
declare -p c
## STDOUT:
declare -A a=([hello]="X2" )
declare -A a=([hello]="X2:3" )
declare -A b=([k]="~" [j]="x:~" )
declare -a c=([1]="/h")
## END

#### array literal subscripts see earlier elements; indexed and assoc do not convert
a=([0]=1+2+3 [a[0]]=10 [a[6]]=hello)
declare -p a
declare -a x=(1 2)
declare -A x=([a]=b)
echo "status=$?"
declare -A y=([a]=b)
declare -a y=(1 2)
echo "status=$?"
s=world
declare -A s+=([k]=v)
declare -p s
## STDOUT:
declare -a a=([0]="1+2+3" [6]="10" [10]="hello")
status=1
status=1
declare -A s=([0]="world" [k]="v" )
## END

#### declare -a/-A parse a '(...)' value as a compound literal
declare -a 'x=(5 6)'
y='(1 2)'
declare -a z=$y
declare -A 'A=([a]=1)'
declare 'q=(1 2)'
declare +a 'r=(2 3)'
declare -p x z A q r
## STDOUT:
declare -a x=([0]="5" [1]="6")
declare -a z=([0]="1" [1]="2")
declare -A A=([a]="1" )
declare -- q="(1 2)"
declare -- r="(2 3)"
## END

#### single quotes are an error in arithmetic, but not in assoc subscripts
echo $(( "1" + 2 ))
(( x='1' )); echo "status=$? x=$x"
declare -A A
(( A['k']=3 ))
key=j
(( A["$key"]=4 ))
declare -p A
## STDOUT:
3
status=1 x=
declare -A A=([k]="3" [j]="4" )
## END

#### null tests on lists: quoted "$*" joins with IFS
set -- "" ""
IFS=
echo "[${*:-minus}] [${*:+plus}]"
echo [${*:-minus}] [${*:+plus}]
a=("" "")
printf '<%s>' "${a[*]:-empty}" "${a[@]:-empty}"; echo
r='a[*]'
printf '<%s>' "${!r:-empty}"; echo
## STDOUT:
[minus] []
[ ] [plus]
<empty><><>
<>
## END

#### getopts: invalid name, end of options
set -- -c foo -h
getopts 'hc:' opt-
echo "status=$? OPTARG=$OPTARG OPTIND=$OPTIND"
set -- a
OPTIND=3
getopts h opt
echo "status=$? OPTIND=$OPTIND opt=$opt OPTARG=[$OPTARG]"
## STDOUT:
status=1 OPTARG=foo OPTIND=3
status=1 OPTIND=2 opt=? OPTARG=[]
## END

#### readonly assignment under set -e ends the shell
readonly foo=bar
foo=x; echo "same line $?"
echo "next $?"
set -e
if foo=eggs; then echo in; fi
echo not reached
## STDOUT:
next 1
## END
## status: 1

#### ${!a[@]OP}: with an operator, the joined elements name the parameter
declare -A ref=([dummy]=v1)
v1=value
a3=(1 2 3)
a1=()
for t in v1 'a3[@]' a1; do
  ref[dummy]=$t
  printf '<%s>' "${!ref[@]:1}" "${!ref[@]/[a-e]/x}" "${!ref[@]:-empty}" "${!ref[@]@Q}"; echo
done
r='a3[0]'; echo "${!r@a}"
a=(x y)
( echo "${!a[@]-default}" ); echo "status=$?"
## STDOUT:
<alue><vxlue><value><'value'>
<2><3><1><2><3><1><2><3><'1'><'2'><'3'>
<><><empty><>
a
status=1
## END

#### extglob arms with expansions and quotes
shopt -s extglob
c1=help c2=verbose prefix=no
[[ --verbose == --@($c1|$c2) ]] && echo T1
[[ --oops == --@($c1|$c2) ]] || echo F1
[[ --no-long-option == --@(help|verbose|$prefix-@(long|short)-'option') ]] && echo T2
str=x
[[ '' == !($str) ]] && echo T3
[[ x == !($str) ]] || echo F3
cd "$(mktemp -d)"
touch _One _OneTwo _TwoTwo '__|' foo
echo _+(One|$(echo Two)) @('foo'|'__|'|bar)
## STDOUT:
T1
F1
T2
T3
F3
_One _OneTwo _TwoTwo __| foo
## END

#### subscripts held in data are expanded at use (unset, printf -v, test -v, nameref)
declare -A A=([K]=val [j]=1)
key=K
declare -n ref='A[$key]'
ref=val2
echo "${A[K]}"
printf -v 'A["K"]' '/%s/' val3
echo "${A[K]}"
test -v 'A[$key]'; echo "set=$?"
unset -v 'A[$key]'
test -v 'A[$key]'; echo "set=$?"
a=(1 2 3); i=1
unset 'a[i+1]'; printf -v 'a[$i]' x
declare -p a
test -v 'a[$i]'; echo "set=$?"
## STDOUT:
val2
/val3/
set=0
set=1
declare -a a=([0]="1" [1]="x")
set=0
## END

#### an invalid nameref value assigns nothing
typeset -n ref='@'
echo "status=$? [$ref]"
declare -p ref
echo "status=$?"
## STDOUT:
status=1 []
status=1
## END

#### break/continue: extra arguments abandon the line, a bad count exits with 128
for x in a b c; do echo $x; continue 1 2 3; done; echo same line
echo "st=$?"
x=oops
while true; do echo hi; break $x; done
echo not reached
## STDOUT:
a
st=1
hi
## END
## status: 128

#### mapfile -d '': NUL-separated records; without -t the NUL delimiter is not kept
printf '%s\0' 1 3 5 | { mapfile -d '' arr; echo "n=${#arr[@]}"; printf '[%s]' "${arr[@]}" | od -An -c; }
printf 'a\0b\0' | { mapfile -d '' -t y; declare -p y; }
## STDOUT:
n=3
   [   1   ]   [   3   ]   [   5   ]
declare -a y=([0]="a" [1]="b")
## END

#### slices of an associative array count offsets from 1, as bash 5.2 does
declare -A A=([a]=1 [b]=2 [c]=3)
v=("${A[@]}"); echo "${#v[@]}"
for o in 0 1 2 3 4 -1 -2; do x=("${A[@]:$o}"); y=("${A[@]:$o:1}"); echo "$o: ${#x[@]} ${#y[@]} [${y[0]-}] $([[ ${y[0]-} == "${v[0]}" ]] && echo first)"; done
## STDOUT:
3
0: 3 1 [3] first
1: 3 1 [3] first
2: 2 1 [2] 
3: 1 1 [1] 
4: 0 0 [] 
-1: 1 1 [1] 
-2: 2 1 [2] 
## END

#### an indexed array's subscript keeps single quotes as arithmetic does; an associative one does not
a["1"]=2
echo status=$? len=${#a[@]}
a['2']=3
echo status=$? len=${#a[@]}
a[3 + '4']=5
echo status=$? len=${#a[@]}
echo "${a['1']}"; echo not reached
echo next line
declare -A A; A['k']=v; A["j"]+=w; declare -A B=(['x']=1)
declare -p A B
## STDOUT:
status=0 len=1
status=1 len=1
status=1 len=1
next line
declare -A A=([k]="v" [j]="w" )
declare -A B=([x]="1" )
## END

#### [k]=value with a brace expansion in an indexed array literal becomes plain elements
a=([k2]=-{a,b}-); declare -p a
c=(x [2]={a,b} [7]=y); declare -p c
x=1; j=([$x]+=p{1..2}); declare -p j
declare -A A=([k]={a,b}); declare -p A
set +B; b=([2]={a,b}); declare -p b
## STDOUT:
declare -a a=([0]="[k2]=-a-" [1]="[k2]=-b-")
declare -a c=([0]="x" [1]="[2]=a" [2]="[2]=b" [7]="y")
declare -a j=([0]="[1]+=p1" [1]="[1]+=p2")
declare -A A=([k]="{a,b}" )
declare -a b=([2]="{a,b}")
## END

#### an array element before a command is not bound: an error, and the command runs
b[0]=2 true; echo st=$?
declare -p b 2>/dev/null || echo no b
f() { echo "c=${c[1]-unset}"; }
c[1]=5 f
x=1 y[0]=2 z=3 sh -c 'echo $x $z'
## STDOUT:
st=0
no b
c=unset
1 3
## END

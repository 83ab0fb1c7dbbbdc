#### echo options
echo -n a; echo -e 'b\tc'; echo -E 'd\te'; echo -- -n; echo -ne 'x\c'; echo y
## STDOUT:
ab	c
d\te
-- -n
xy
## END

#### read splitting
read a b <<< '  one two three  '; echo "$a|$b"; IFS=, read -r x y z <<< 'p,q,r'; echo $x $y $z
## STDOUT:
one|two three
p q r
## END

#### read -r and backslashes
read a <<< 'x\y'; echo $a; read -r b <<< 'x\y'; echo $b
## STDOUT:
xy
x\y
## END

#### read -a, -d, -n
read -a arr <<< 'p q r'; echo ${arr[1]} ${#arr[@]}; read -d , f <<< 'ab,cd'; echo $f; read -n 2 g <<< 'xyz'; echo $g
## STDOUT:
q 3
ab
xy
## END

#### read status at end of input
printf 'last' | { read l; echo $? $l; }
## stdout: 1 last

#### mapfile
mapfile -t lines <<< $'a\nb\nc'; echo ${#lines[@]} ${lines[2]}; printf '1\n2\n' | { readarray r; echo -n "${r[0]}"; }
## STDOUT:
3 c
1
## END

#### declare -p formats
declare -a a=(1 'x y'); declare -p a; declare -A m=([k]=v); declare -p m; x=5; declare -p x; declare -ir r=3; declare -p r
## STDOUT:
declare -a a=([0]="1" [1]="x y")
declare -A m=([k]="v" )
declare -- x="5"
declare -ir r="3"
## END

#### readonly and export
readonly r=1; r=2; echo no
echo $r; export E=1; declare -p E
## STDOUT:
1
declare -x E="1"
## END

#### local arrays
f() { local -a arr=(1 2 3); local s=x; echo ${#arr[@]} $s; }; f; echo ${s-unset}
## STDOUT:
3 x
unset
## END

#### shift and set --
set -- a b c; shift; echo $@; shift 2; echo $#; set -- x y; echo $2
## STDOUT:
b c
0
y
## END

#### eval
eval 'x=5; echo $x'; cmd='echo a; echo b'; eval "$cmd"
## STDOUT:
5
a
b
## END

#### test and [
test 1 -lt 2 && echo lt; [ a = a ] && echo eq; [ -z '' ] && echo z; [ ! -n '' ] && echo notn; [ 1 -eq 1 -a 2 -gt 1 ] && echo and
## STDOUT:
lt
eq
z
notn
and
## END

#### [[ ]] patterns and regex
[[ abc == a* ]] && echo glob; [[ abc =~ ^a(b)c$ ]] && echo ${BASH_REMATCH[1]}; [[ 3 -lt 10 ]] && echo num; [[ b > a ]] && echo gt; re='^[0-9]+$'; [[ 42 =~ $re ]] && echo digits
## STDOUT:
glob
b
num
gt
digits
## END

#### type and command -v
type echo; type -t if; command -v echo; f() { :; }; type -t f; type nosuch; echo $?
## STDOUT:
echo is a shell builtin
keyword
echo
function
1
## END

#### getopts
while getopts 'ab:c' o -a -b val -c rest; do echo "$o ${OPTARG-}"; done; echo $OPTIND
## STDOUT:
a 
b val
c 
5
## END

#### getopts silent errors
f() { while getopts ':x:' o; do echo "$o $OPTARG"; done; }; f -x 1 -y
## STDOUT:
x 1
? y
## END

#### unset variables and functions
x=1; unset x; echo ${x-gone}; f() { :; }; unset -f f; type f >/dev/null 2>&1 || echo nof
## STDOUT:
gone
nof
## END

#### cd, pwd, OLDPWD
mkdir -p d/e; cd d/e && pwd | sed 's|.*/d/e|D/E|'; cd - >/dev/null; [ "$PWD" = "$OLDPWD" ] || echo moved
## STDOUT:
D/E
moved
## END

#### shopt
shopt -q nullglob || echo off; shopt -s nullglob; shopt nullglob; shopt -u nullglob; shopt -p nullglob
## STDOUT:
off
nullglob       	on
shopt -u nullglob
## END
## status: 1

#### set -o listing of one option
set -o pipefail; set -o | grep pipefail
## stdout: pipefail       	on

#### alias expansion
shopt -s expand_aliases
alias hi='echo hello'
hi there
unalias hi
hi 2>/dev/null || echo gone
## STDOUT:
hello there
gone
## END

#### trap -p
trap 'echo x' EXIT; trap -p EXIT; trap - EXIT
## stdout: trap -- 'echo x' EXIT

#### wait for background jobs
{ echo bg; } & wait; echo done $?
## STDOUT:
bg
done 0
## END


#### declare -f, type and command -V print functions in bash's layout
g() { if true; then echo a; elif false; then :; else echo b; fi; for i in 1 2; do echo $i; done; while false; do break; done; case $x in a|b) echo 1;; *) echo 2 ;; esac; echo "q" > /dev/null 2>&1 && echo ok || echo no; { echo grp; }; (echo sub); a | b; local z=3; [[ -n $x ]]; (( x++ )); h() { echo inner; }; echo $(echo cs) &
echo last; }
declare -f g
f() { until a; b; do c; done; ( a; b ); { a; } > out 2>&1; while read x; do echo $x; done < in; if a; then :; fi > f; }
type f
k() { :; }; command -V k
r() { cat <<X; a; b; c; }
x
X
declare -f r
## STDOUT:
g () 
{ 
    if true; then
        echo a;
    else
        if false; then
            :;
        else
            echo b;
        fi;
    fi;
    for i in 1 2;
    do
        echo $i;
    done;
    while false; do
        break;
    done;
    case $x in 
        a | b)
            echo 1
        ;;
        *)
            echo 2
        ;;
    esac;
    echo "q" > /dev/null 2>&1 && echo ok || echo no;
    { 
        echo grp
    };
    ( echo sub );
    a | b;
    local z=3;
    [[ -n $x ]];
    (( x++ ));
    function h () 
    { 
        echo inner
    };
    echo $(echo cs) & echo last
}
f is a function
f () 
{ 
    until a;
    b; do
        c;
    done;
    ( a;
    b );
    { 
        a
    } > out 2>&1;
    while read x; do
        echo $x;
    done < in;
    if a; then
        :;
    fi > f
}
k is a function
k () 
{ 
    :
}
r () 
{ 
    cat <<X
x
X

    a
    b;
    c
}
## END

#### readonly and export take names only; readonly -a/-A without a value only sets read-only
readonly b[7]=8; echo "st=$?"; export c[1]=2; echo "st=$?"; declare -p b c 2>&1 | sed 's/^.*declare/declare/'
readonly -a z; readonly -A w; s=str; readonly -a s; declare -A B; readonly -a B; u=(1); readonly -A u
declare -p z w s B u
## STDOUT:
st=1
st=1
declare: b: not found
declare: c: not found
declare -r z
declare -r w
declare -r s="str"
declare -Ar B
declare -ar u=([0]="1")
## END

#### a compound value in a prefix assignment binds the string "(...)"
f() { echo "[$B][${B[1]}]"; declare -p B; }
B=(b c) f
k=z v=1; B=([$k]=$v [a]+=b "$v  x" ~ *) printenv B
A=a B=() printenv A B
B=x; B+=(q) printenv B
## STDOUT:
[(b c)][]
declare -x B="(b c)"
([z]=1 [a]+=b 1  x ~ *)
a
()
x(q)
## END

#### test with three arguments: -a and -o are binary operators on strings
[ -a -a -a ]; echo $?
[ ! -a x ]; echo $?
[ "" -o "" ]; echo $?
[ x -o "" ]; echo $?
[ -e -a "" ]; echo $?
## STDOUT:
0
0
1
0
1
## END

#### declare -a / -A / -i / -r without names list the variables with that attribute; set quotes like declare
z=(); declare -i n=2; declare -A A=([k]=v); readonly R=2
declare -a | grep ' z='
declare -A | grep ' A='
declare -i | grep ' n='
declare -r | grep ' R='
f() { local -a q=(1); declare -a | grep ' q='; }; f
x=; y="a b"; w=$(printf 'a\tb\001'"'"'c')
set | grep '^[xyw]='
declare | grep '^[xyw]='
## STDOUT:
declare -a z=()
declare -A A=([k]="v" )
declare -i n="2"
declare -r R="2"
declare -a q=([0]="1")
w=$'a\tb\001\'c'
x=
y='a b'
w=$'a\tb\001\'c'
x=
y='a b'
## END

#### history in a script: empty unless history -s adds entries; -c, -d, -p and usage errors
history; echo "st=$?"
history -s a b; history -s c
history; history 1
history -d 1; history
history -d 9; echo "st=$?"
history -p x y
history -c; history; echo "st=$?"
history -5; echo "st=$?"
history f; echo "st=$?"
history 1 2; echo "st=$?"
## STDOUT:
st=0
    1  a b
    2  c
    2  c
    1  c
st=1
x
y
st=0
st=2
st=1
st=1
## END

#### compgen -F calls the function as completion would and prints COMPREPLY unfiltered; -W splits with IFS
_f() { COMPREPLY=(ab ac b); echo "[$#][$1][$2][$3]"; }
compgen -F _f; echo "st=$?"
compgen -F _f a
compgen -W "x  y
z" -F _f
compgen -F nofn; echo "st=$?"
_set() { COMPREPLY=({0..5}); unset -v 'COMPREPLY[2]'; }
compgen -F _set | tr '\n' ' '; echo
IFS=:; compgen -W "p:q r" ""
## STDOUT:
[3][compgen][][]
ab
ac
b
st=0
[3][compgen][a][]
ab
ac
b
[3][compgen][][]
x
y
z
ab
ac
b
st=1
0 1 3 4 5 
p
q r
## END

#### export -p NAME and readonly -p NAME set the attribute (-p prints only without names)
x2=2; y4=4; readonly -p x2; export -p y4; echo "[$?]"
declare -p x2 y4
env | grep '^y4='
## STDOUT:
[0]
declare -r x2="2"
declare -x y4="4"
y4=4
## END

#### unset of a name that is no identifier: silent success unless -v
unset '%'; echo "a $?"; unset '1x' 'b['; echo "b $?"
unset -v '%' 2>/dev/null; echo "c $?"
## STDOUT:
a 0
b 0
c 1
## END

#### set -o vi and set -o emacs turn each other off
set -o vi; set -o | grep -E '^(vi|emacs)\s'; set -o emacs; set -o | grep -E '^(vi|emacs)\s'
## STDOUT:
emacs          	off
vi             	on
emacs          	on
vi             	off
## END

#### the ERR trap sees the failed simple command's PIPESTATUS
true | true | true
trap 'echo "err ${PIPESTATUS[*]} $?"' ERR
false
(exit 3)
trap - ERR
## STDOUT:
err 1 1
err 3 3
## END

#### read: the last variable loses one trailing delimiter only when the rest is one field
IFS=':'; for s in 'a:b:' 'a:b::' 'a:b c:' 'a: b:'; do read a b <<< "$s"; echo "[$a][$b]"; done
IFS='x '; for s in xx xxx 'xax   ' 'xaxx  ' 'a b  x' 'a b cx'; do read a b <<< "$s"; echo "[$a][$b]"; done
IFS='x:'; for s in ax 'a x' xa 'ab:'; do read a <<< "$s"; echo "[$a]"; done
## STDOUT:
[a][b]
[a][b::]
[a][b c]
[a][ b]
[][]
[][xx]
[][a]
[][axx]
[a][b]
[a][b cx]
[a]
[a ]
[xa]
[ab]
## END

#### posix mode: special builtins keep their prefix assignments (exported), come before functions and cannot be redefined
set -o posix
foo=bar :; echo "foo=$foo"; env | grep '^foo='
z=Z builtin :; echo "z=$z"
g=1 true; echo "g=$g"
set +o posix
eval() { echo "fn $1"; }
eval 'echo before posix'
set -o posix
eval 'echo after posix'
unset -f eval
eval() { :; }
echo not reached
## status: 2
## STDOUT:
foo=bar
foo=bar
z=
g=
fn echo before posix
after posix
## END

#### trap: options are checked (-1 is no action), -l prints bash's table, real-time signals are known
trap -1 EXIT 2>/dev/null; echo "a $?"
trap -P EXIT 2>/dev/null; echo "b $?"
trap -l | head -2; trap -l | tail -1 | od -c | tail -2 | head -1
kill -l 64; kill -l SIGRTMIN+3; kill -l 0
trap 'echo r' RTMIN+1 34; trap -p
## STDOUT:
a 2
b 2
 1) SIGHUP	 2) SIGINT	 3) SIGQUIT	 4) SIGILL	 5) SIGTRAP
 6) SIGABRT	 7) SIGBUS	 8) SIGFPE	 9) SIGKILL	10) SIGUSR1
0000020   4   )       S   I   G   R   T   M   A   X  \t  \n
RTMAX
37
EXIT
trap -- 'echo r' SIGRTMIN
trap -- 'echo r' SIGRTMIN+1
## END

#### local -p NAME prints only the function's own locals
g=1; f() { local l=2; local -p g l nope 2>/dev/null; echo "s=$?"; }; f
## STDOUT:
declare -- l="2"
s=1
## END

#### local refuses a copy of a readonly global, not of a caller's readonly local
readonly g=1
f() { local g; echo "st=$? g=$g"; local g=2; echo "st=$? g=$g"; declare g=3; echo "st=$?"; }
f
h() { local -r o=1; k; }
k() { local o=3; echo "k st=$? o=$o"; }
h
m() { readonly y; local x=1 y=$(( x )); echo "y=$y"; }
m
## STDOUT:
st=1 g=1
st=1 g=1
st=1
k st=0 o=3
y=
## END
## STDERR:
main: line 2: local: g: readonly variable
main: line 2: local: g: readonly variable
main: line 2: declare: g: readonly variable
main: line 7: local: y: readonly variable
## END

#### unset 'a[...]' expands the subscript; a scalar has only element 0
x=5; unset -v 'x[0]'; echo "x0 $? ${x-unset}"
x=5; unset -v 'x[1]'; echo "x1 $? ${x-unset}"
x=5; unset -v 'x["0"]'; echo "xq $? ${x-unset}"
declare d; unset -v 'd[1]'; echo "d1 $?"
unset -v 'nope[1]'; echo "nope $?"
i=1; a=(one two three); unset -v 'a[$i]'; echo "a $? ${a[*]}"
a=(one two three); unset -v 'a["1"]'; echo "aq $? ${a[*]}"
a=(one two three); unset -v 'a[$(echo 2)]'; echo "ac $? ${a[*]}"
a=(one two three); unset -v "a['1']"; echo "not reached"
echo "after $?"
## STDOUT:
x0 0 unset
x1 1 5
xq 0 unset
d1 1
nope 0
a 0 one three
aq 0 one three
ac 0 one two
after 1
## END
## STDERR:
bash: line 2: unset: x: not an array variable
bash: line 4: unset: d: not an array variable
bash: line 9: '1': syntax error: operand expected (error token is "'1'")
## END

#### jobs lists running jobs with their text and +/- marks, also from a pipeline stage
sleep 0.5 & sleep 0.5 | cat & { sleep 0.5; } &
jobs
jobs %2; jobs -r | wc -l
jobs %9; echo "st=$?"
echo x | jobs | wc -l
echo "$(jobs -p | wc -l)"
(jobs); { jobs; } | wc -l
true & sleep 0.2
jobs | wc -l   # the finished job too, as Done (bash -c would have forgotten it)
## STDOUT:
[1]   Running                 sleep 0.5 &
[2]-  Running                 sleep 0.5 | cat &
[3]+  Running                 { sleep 0.5; } &
[2]-  Running                 sleep 0.5 | cat &
3
st=1
3
3
0
4
## END
## STDERR:
bash: line 4: jobs: %9: no such job
## END

#### jobs reports a finished job once, as Done or Exit N, then forgets it
# (the + of a finished job read from stdin races in bash: the marks are left out)
false & sleep 0.2; jobs >out; sed "s/+/ /" out
(exit 3) & sleep 0.2; jobs >out; sed "s/+/ /" out
jobs; echo "st=$?"
## STDOUT:
[1]   Exit 1                  false
[1]   Exit 3                  ( exit 3 )
st=0
## END

#### declare -F NAME under extdebug prints the line and file of the definition
shopt -s extdebug

f() { :; }
eval 'g() { :; }'
h()
{ :; }
declare -F f g h
declare -F
shopt -u extdebug
declare -F f
## STDOUT:
f 3 main
g 4 main
h 5 main
declare -f f
declare -f g
declare -f h
f
## END

#### malformed options and operands report as bash does: read, trap, printf, readonly through a nameref
read -n 2x v </dev/null; echo s1=$?
read -u abc v; echo s2=$?
read -t abc v </dev/null; echo s3=$?
trap foo; echo s4=$?
printf '%z' 42; echo s5=$?
printf '%5k'; echo s6=$?
x=1; readonly x; declare -n ref=x
(ref=2); echo s7=$?
w=ww; (echo ${!w?gone}); echo s8=$?
## STDOUT:
s1=1
s2=1
s3=1
s4=2
s5=1
s6=1
s7=1
s8=1
## END

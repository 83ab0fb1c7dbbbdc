#### if / elif / else
if false; then echo 1; elif true; then echo 2; else echo 3; fi
## stdout: 2

#### break and continue with levels
for i in 1 2 3; do for j in a b c; do [ $j = b ] && continue 2; [ $i = 3 ] && break 2; echo $i$j; done; done
## STDOUT:
1a
2a
## END

#### while, until
i=0; while [ $i -lt 3 ]; do echo w$i; i=$((i+1)); done; until [ $i -eq 0 ]; do i=$((i-1)); echo u$i; done
## STDOUT:
w0
w1
w2
u2
u1
u0
## END

#### case with fallthrough
case bar in a|b*) echo B;& c) echo fell;; *) echo no;; esac; case x in x) echo 1;;& x) echo 2;; x) echo 3;; esac
## STDOUT:
B
fell
1
2
## END

#### functions, return, locals (dynamic scope)
f() { local x=1; g; echo f$x; return 3; }; g() { x=2; }; x=0; f; echo $? $x
## STDOUT:
f2
3 0
## END

#### recursion
fact() { if (( $1 <= 1 )); then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }; fact 10
## stdout: 3628800

#### and-or lists and negation
true && echo a || echo b; false && echo c || echo d; ! false; echo $?
## STDOUT:
a
d
0
## END

#### subshell isolation
x=1; (x=2; echo $x; exit 4); echo $? $x
## STDOUT:
2
4 1
## END

#### set -e exemptions
set -e; false || true; if false; then :; fi; ! true; echo still; f() { false; echo inf; }; f || echo caught; false; echo not
## STDOUT:
still
inf
## END
## status: 1

#### set -e in a pipeline
set -e; false | true; echo ok; true | false; echo not
## stdout: ok
## status: 1

#### pipefail and PIPESTATUS
true | false | true; echo ${PIPESTATUS[@]}; set -o pipefail; false | true; echo $?
## STDOUT:
0 1 0
1
## END

#### EXIT and ERR traps
trap 'echo bye $?' EXIT; trap 'echo err' ERR; false; echo next; exit 3
## STDOUT:
err
next
bye 3
## END
## status: 3

#### exit in a subshell
( exit 5 ); echo $?; echo $(exit 6; echo no)$?
## STDOUT:
5
6
## END

#### pipeline stages run in subshells
x=1; echo 2 | read x; echo $x; echo 3 | { read y; echo $y; }
## STDOUT:
1
3
## END

#### while read loop over a pipe
printf 'a b\nc d\n' | while read first rest; do echo "$rest-$first"; done
## STDOUT:
b-a
d-c
## END

#### command not found
nosuchcommand_xyz; echo $?
## stdout: 127

#### break out of an infinite pipe producer
while :; do echo y; done | head -2
## STDOUT:
y
y
## END

#### select reads from stdin
select x in a b c; do echo got $x; break; done <<< 2
## stdout: got b


#### DEBUG trap: before simple commands, loops, case, (( )) and [[ ]]; not inside functions
f() { echo in-f; }
trap 'echo "dbg $LINENO"' DEBUG
x=1
for i in a; do f; done
case $x in 1) (( x++ )); [[ $x == 2 ]] ;; esac
trap - DEBUG
echo done
## STDOUT:
dbg 3
dbg 4
dbg 4
in-f
dbg 5
dbg 5
dbg 5
dbg 6
done
## END

#### DEBUG trap keeps $?, and runs once per pipeline stage in the parent
trap 'echo "dbg $?"' DEBUG
false
echo a | cat
trap - DEBUG
## STDOUT:
dbg 0
dbg 1
dbg 1
a
dbg 0
## END

#### ERR trap: not in functions unless errtrace; DEBUG and ERR fire inside each other
trap 'echo err $LINENO' ERR
f() { false; true; }
f
set -o errtrace
f
trap 'false; echo dbg' DEBUG
false
trap - DEBUG ERR
## STDOUT:
err 2
err 7
dbg
dbg
err 7
err 8
dbg
## END

#### RETURN trap fires after source, not after a function without functrace
echo 'echo sourced' > /tmp/ret-helper.sh
trap 'echo ret' RETURN
f() { echo f; }
f
. /tmp/ret-helper.sh
## STDOUT:
f
sourced
ret
## END

#### ${var@P}: escapes, octal, then expansion like double quotes
x='\'; y=h; v=val
PS1='$x$y|\\$|\101\1004|a"b\"c|$v $((1+2)) $(echo sub)|\q|\[\]|\'
echo "${PS1@P}"
## STDOUT:
\h|$|A@4|a"b"c|val 3 sub|\q||\
## END

#### PS4 is prompt-expanded for set -x; an error leaves it unexpanded
n=7
PS4='+$n: '
set -x
echo hi
PS4='+$((1/0)) '
echo two
## STDOUT:
hi
two
## END

#### FUNCNAME, BASH_SOURCE, BASH_LINENO and caller through functions and source
printf '%s\n' 'echo "s: ${FUNCNAME[*]}|${BASH_SOURCE[*]}|${BASH_LINENO[*]}"' 'g() { echo "g: ${FUNCNAME[*]}|${BASH_SOURCE[*]}|${BASH_LINENO[*]}"; caller; caller 0; }' g > /tmp/cs-helper.sh
f() {
  echo "f: ${FUNCNAME[*]}|${BASH_SOURCE[*]}|${BASH_LINENO[*]}"
  . /tmp/cs-helper.sh
}
f
. /tmp/cs-helper.sh
echo "top: ${FUNCNAME[*]}|${BASH_SOURCE[*]}|${BASH_LINENO[*]}|${#FUNCNAME[@]}"
## STDOUT:
f: f|main|6
s: source f|/tmp/cs-helper.sh main|4 6
g: g source f|/tmp/cs-helper.sh /tmp/cs-helper.sh main|3 4 6
3 /tmp/cs-helper.sh
3 source /tmp/cs-helper.sh
s: |/tmp/cs-helper.sh|7
g: g source|/tmp/cs-helper.sh /tmp/cs-helper.sh|3 7
3 /tmp/cs-helper.sh
3 source /tmp/cs-helper.sh
top: |||0
## END

#### umask: octal, symbolic clauses, errors, and the mode of files redirections create
umask 0124; umask u-r,g+w; umask
umask a=rx,o-x; umask -S
umask u+z; echo status=$?
umask 1777; echo status=$?; umask 12345; echo status=$?
umask 0002; echo x > /tmp/umask-f; stat -c %a /tmp/umask-f
umask -p
## STDOUT:
0504
u=rx,g=rx,o=r
status=1
status=0
status=1
664
umask 0002
## END

#### SHELLOPTS/BASHOPTS are read-only option lists; exported SHELLOPTS reaches child shells
case :$SHELLOPTS: in *:hashall:*) echo hashall ;; esac
set -o noglob; case :$SHELLOPTS: in *:noglob:*) echo noglob ;; esac; set +o noglob
shopt -s nullglob; case :$BASHOPTS: in *:nullglob:*) echo nullglob ;; esac
SHELLOPTS=x
echo status=$?
export SHELLOPTS; set -o errexit
bash -c 'case $- in *e*) echo child-e ;; esac'
## STDOUT:
hashall
noglob
nullglob
status=1
child-e
## END

#### bash invocation options: bundles, -o/-O, -c with flags after it, usage errors
bash -oo errexit noglob -c 'echo $-' | tr -d hB
bash -O nullglob -c 'echo x *.none y'
bash -c -x 'echo hi' 2>&1
bash -c 'echo 0=$0 1=$1' -z
bash -z -c 'echo no' 2>/dev/null; echo status=$?
bash -c 2>/dev/null; echo status=$?
## STDOUT:
efc
x y
+ echo hi
hi
0=-z 1=
status=2
status=2
## END

#### kill: signals to the shell run its traps after the command; jobs end with 128+N
trap 'echo "usr1 status=$?"' USR1
false
kill -USR1 $$
echo after=$?
bash -c "kill -USR1 $$"
kill -URG $$
sleep 5 &
kill -0 $!; echo alive=$?
kill %1
wait %1; echo wait=$?
wait %1; echo again=$?
sleep 5 &
kill -s KILL $!; wait $!; echo killed=$?
kill -TERM $$
echo not-reached
## status: 143
## STDOUT:
usr1 status=0
after=0
usr1 status=0
alive=0
wait=143
again=127
killed=137
## END

#### usage errors: eval -z, builtin --, set +, pushd/popd/dirs arguments; source searches PATH first
eval -- echo hi
eval -z; echo eval=$?
builtin -- echo b
set - +; echo "[$*]"; set + -; echo "[$*]"
pushd . . >/dev/null 2>&1; echo pushd=$?
popd zzz 2>/dev/null; echo popd=$?
dirs a 2>/dev/null; echo dirs=$?
mkdir -p /tmp/srcpath && echo 'echo from-path' > /tmp/srcpath/lib.sh && echo 'echo from-cwd' > lib.sh
PATH=/tmp/srcpath:$PATH . lib.sh
## STDOUT:
hi
eval=2
b
[+]
[+]
pushd=1
popd=2
dirs=2
from-path
## END

#### error messages are prefixed with the shell's $0
bash -c 'nosuch_cmd_1' myname 2>&1
echo 'nosuch_cmd_2; echo $((1/0))' > s.sh
bash s.sh 2>&1
echo "status $?"
## STDOUT:
myname: line 1: nosuch_cmd_1: command not found
s.sh: line 1: nosuch_cmd_2: command not found
s.sh: line 1: 1/0: division by 0 (error token is "0")
status 1
## END

#### set -e is not inherited by $( ) unless inherit_errexit
set -e
x=$(false; echo hi); echo "x=$x"
echo "$(false; echo two)"
shopt -s inherit_errexit
y=$(false; echo three); echo "y=$y"
## STDOUT:
x=hi
two
## END
## status: 1

#### PIPESTATUS after one-command pipelines (simple commands, assignments, subshells, (( )), [[ ]])
false | true; true; echo "a ${PIPESTATUS[@]}"
false | true; x=1; echo "b ${PIPESTATUS[@]}"
false | true; ! true; echo "c ${PIPESTATUS[@]}"
false | true; (exit 3); echo "d ${PIPESTATUS[@]}"
x=$(false | cat); echo "e ${PIPESTATUS[*]}"
f() { return 4; }; false | true; f; echo "f ${PIPESTATUS[@]}"
false | true; [[ a == b ]]; echo "g ${PIPESTATUS[@]}"
false | true; (( 0 )); echo "h ${PIPESTATUS[@]}"
false | true; x=$(exit 3); echo "i ${PIPESTATUS[@]}"
false | true; false && true; echo "j ${PIPESTATUS[@]}"
## STDOUT:
a 0
b 0
c 0
d 3
e 0
f 4
g 1
h 1
i 3
j 1
## END

#### PIPESTATUS is left alone by if, while, for, case and function definitions
false | true; if false; then :; fi; echo "a ${PIPESTATUS[@]}"
false | true; while false; do :; done; echo "b ${PIPESTATUS[@]}"
false | true; for x in; do :; done; echo "c ${PIPESTATUS[@]}"
false | true; case a in b) ;; esac; echo "d ${PIPESTATUS[@]}"
false | true; g() { :; }; echo "e ${PIPESTATUS[@]}"
true | false | true; PIPESTATUS[1]=9; echo "f ${PIPESTATUS[@]}"
## STDOUT:
a 1
b 1
c 1 0
d 1 0
e 1 0
f 0
## END

#### empty pipelines: !, ! ! and ! ! ! run nothing and set the status
!; echo "a $?"
! !; echo "b $?"
! ! !; echo "c $?"
! ! false; echo "d $?"
set -e; !; echo "e survived"
## STDOUT:
a 1
b 0
c 1
d 1
e survived
## END

#### pipelines of registered commands (light stages): order, statuses, PIPESTATUS in a loop
echo hi | cat | tr a-z A-Z; echo "a ${PIPESTATUS[*]}"
seq 3 | head -1 | cat; echo "b ${PIPESTATUS[*]}"
x=$(seq 3 | tail -1); echo "d $x $?"
set -o pipefail; cat /nonexistent 2>/dev/null | cat; echo "e $? ${PIPESTATUS[*]}"; set +o pipefail
for i in 1 2 3; do echo "$i" | tr 0-9 a-j | cat; done; echo "f ${PIPESTATUS[*]}"
for i in 1 2; do seq 2 | cat; false | cat; done; echo "g ${PIPESTATUS[*]}"
## STDOUT:
HI
a 0 0 0
1
b 0 0 0
d 3 0
e 1 1 0
b
c
d
f 0 0 0
1
2
1
2
g 1 0
## END

#### echo and printf in command substitutions and pipelines (run without a subshell)
for i in 1 2; do x=$(echo "$i"); y=$(printf '%03d' "$i"); echo "a $x $y $?"; done
x=$(printf -v v '%s' hi); echo "b [$x] [$v]"
x=$(printf '%d' abc 2>/dev/null); echo "c [$x] $?"
shopt -s xpg_echo; x=$(echo 'p\tq'); echo "d $x"; shopt -u xpg_echo
echo() { builtin echo "fn:$*"; }; x=$(echo hi); unset -f echo; echo "e $x"
x=$(echo a b | tr a-z A-Z); echo "f $x ${PIPESTATUS[*]}"
printf '%s\n' 3 1 2 | sort | head -1; echo "g ${PIPESTATUS[*]}"
## STDOUT:
a 1 001 0
a 2 002 0
b [] []
c [0] 1
d p	q
e fn:hi
f A B 0
1
g 0 0 0
## END

#### extra arguments to shift, continue, return and exit abandon the line
shift 1 2; echo "n1 $?"
for i in 1; do continue 1 2; done; echo "skipped"
echo "n2 $?"
f() { return 1 2; }; f; echo "skipped"
echo "n3 $?"
(exit 1 2); echo "n4 $?"
## STDOUT:
n2 1
n3 1
n4 1
## END

#### ... and end a bash -c string
bash -c 'shift 1 2; echo no'; echo "a $?"; bash -c 'for i in 1; do continue 1 2; done
echo no'; echo "b $?"; bash -c 'eval "exit 1 2"; echo no'; echo "c $?"
## STDOUT:
a 1
b 1
c 1
## END

#### break and continue outside a loop only complain
break; echo "$?"; continue 1 2; echo "$?"; f() { break; }; for i in 1 2; do f; echo "in $i"; done
## STDOUT:
0
0
in 1
in 2
## END

#### a function name with an expansion is not a valid identifier
foo$x() { echo hi; }; echo "$?"; foo-$(echo hi)() { echo hi; }; echo "$?"; declare -F | wc -l
## STDOUT:
1
1
0
## END

#### local and declare with a prefix assignment declare in the function's scope
f() { E=env local v=var; echo "[$E] [$v]"; }; f; echo "[$v]"; g() { E=env declare w=1; echo "[$E] [$w]"; }; g; E=y declare z=3; echo "[$E] [$z]"
## STDOUT:
[] [var]
[]
[] [1]
[] [3]
## END

#### printf -v, let, getopts and cd assign through a prefix assignment of the same name; read, mapfile, eval and functions do not
E=x printf -v E %s hi; echo "printf [$E]"; unset E
E=x let E=5; echo "let [$E]"; unset E
E=x getopts a E -a; echo "getopts [$E]"; unset E
E=x read -r E <<< q; echo "read [$E]"; unset E
E=x mapfile -t E <<< q; echo "mapfile [$E]"; unset E
E=x eval 'E=hi'; echo "eval [$E]"; unset E
f() { local E=l; E=x printf -v E hi; echo "in f [$E]"; }; f; echo "after f [$E]"
E=x command printf -v E hi; echo "command [$E]"; unset E
E=x; E=y builtin let E=4; echo "preset [$E]"; unset E
printf() { command printf -v E other; }; E=x printf -v E hi; echo "function [$E]"; unset -f printf; unset E
cd /tmp; OLDPWD=x cd /; echo "cd [$OLDPWD]"
## STDOUT:
printf [hi]
let [5]
getopts [a]
read []
mapfile []
eval []
in f [hi]
after f []
command [hi]
preset [4]
function []
cd [/tmp]
## END

#### a ! started with set -e off ignores only its own status: set -e inside takes effect
foo() { set -e; false; echo "not reached"; }
g() { set -e; return 1; }
bash -c 'g() { set -e; return 1; }; ! g; echo "after g $?"'
bash -c 'trap "echo ERR" ERR; ! { false; echo x; }; ! false; echo "end $?"'
bash -c 'set -e; foo() { set -e; false; echo in-foo; }; ! foo; echo "after $?"'
bash -c '! (set -e; false; echo in-sub); echo "sub $?"'
bash -c 'set -e; ! if true; then false; echo inif; fi; echo "if $?"'
! foo
echo "not reached either"
## status: 1
## STDOUT:
after g 0
ERR
x
end 0
in-foo
after 1
sub 0
inif
if 1
## END

#### a prefix assignment to a readonly variable is skipped with an error; set -e makes it fatal
readonly a=1
a=2 echo one; echo "st=$?"
f() { echo "f $a"; }; a=3 f
a=5 b=6 printenv b
a=2 false; echo "st=$?"
bash -c 'readonly a=1; set -e; a=2 echo one; echo still'; echo "rc=$?"
bash -o posix -c 'readonly a=1; a=2 echo one; echo still'; echo "rc=$?"
## STDOUT:
one
st=0
f 1
6
st=1
rc=1
rc=1
## END

#### local over a prefix-assignment binding: it replaces the call's own binding; unset in v=t eval reveals the next one
unlocal() { unset -v "$1"; }
f1() { local v=local; unlocal v; echo "f1 ${v-(unset)}"; }
v=global
v=tempenv f1
f5() { echo "f5 ${v-(unset)}"; local v; echo "local ${v-(unset)}"; ( unset v; echo "unset ${v-(unset)}" ); ( unlocal v; echo "unlocal ${v-(unset)}" ); }
v=tempenv f5
v=tempenv eval 'f5'
g() { v=t2 eval 'v=t3 eval "echo \$v; unset v; echo \$v; unset v; echo \$v; unset v; echo \$v; unset v; echo \${v-(unset)}"'; }
v=t1 g
h() { local v=l1; v=t2 eval 'local v=l2; (unset v; echo "h ${v-(unset)}"); (unlocal v; echo "h $v")'; }
v=t1 h
echo "end $v"
## STDOUT:
f1 global
f5 tempenv
local tempenv
unset (unset)
unlocal global
f5 tempenv
local tempenv
unset (unset)
unlocal tempenv
t3
t2
t1
global
(unset)
h (unset)
h l1
end 
## END

#### xtrace: prefix bindings, eval/source/$( ) levels, unset PS4, quoting
echo ': in-source' > src.sh
set -x
A=1 B="x y" true
G=x; G+=a :
( : sub ); f() { : fn; }; f
. ./src.sh
x=$(echo $(echo deep))
eval "eval \": ee\""
echo $'a\tb' $'a\nb' $'\001' "it's" $'\e' >/dev/null
unset PS4
echo 2
PS4='> '
eval ": ps"
## STDOUT:
2
## END
## STDERR:
+ A=1
+ B='x y'
+ true
+ G=x
+ G=xa
+ :
+ : sub
+ f
+ : fn
+ . ./src.sh
++ : in-source
+++ echo deep
++ echo deep
+ x=deep
+ eval 'eval ": ee"'
++ eval ': ee'
+++ : ee
+ echo 'a	b' 'a
b' $'\001' 'it'\''s' $'\E'
+ unset PS4
echo 2
PS4='> '
> eval ': ps'
>> : ps
## END

#### for with an invalid variable name fails when it runs, before expanding its words
for 1 in $(echo expanded >&2); do echo body; done; echo st=$?
set -e; trap 'echo ERR' ERR
for a.b in x; do echo body; done; echo st=$?
select a[1] in x; do :; done; echo st=$?
set -o posix
for - in x; do echo body; done; echo not reached
## STDOUT:
st=1
st=1
st=1
## END
## status: 2

#### a compound command's failed redirection: ERR trap, message on the line of the redirection
trap 'echo L=$LINENO' ERR
false
{ false
  true
} > /nonexist/zz
echo ok
( true ) > /nonexist/q
for i in 1; do
  true
done 2>/nonexist/q
echo $LINENO
## STDOUT:
L=2
L=2
ok
L=7
L=7
11
## END

#### wait reports a job a signal ended, except INT, TERM and PIPE
{ sleep 1 & kill -HUP $!; wait $!; echo status=$?; } 2>err.txt
sed -E 's/(line [0-9]+:) +[0-9]+ /\1 PID /' err.txt
{ sleep 1 & kill -TERM $!; wait $!; echo status=$?; } 2>err2.txt
wc -c < err2.txt
{ sleep 1 & kill -USR1 %1; wait; } 2>err3.txt
grep -o 'User defined signal 1   sleep 1' err3.txt
## STDOUT:
status=129
bash: line 1: PID Hangup                  sleep 1
status=143
0
User defined signal 1   sleep 1
## END

#### a failed ( ) ending a pipeline runs the ERR trap itself too, even under !
trap "echo err" ERR
true | (false); echo 1
true | (false) || echo or; echo 2
! true | (false); echo 3
f() { true | (false); echo in; }; f; echo 4
set -o errtrace; true | (false); echo 5
## STDOUT:
err
err
1
or
2
err
3
in
4
err
err
err
5
## END

#### set -x traces [[ ]] primaries, (( )), for (( )) parts, for, select and case
set -x
x="a b"
[[ -n $x && ( -z $x || $x != c ) ]]
[[ ! $x == "a "* ]]
[[ ! ( $x ) ]] || true
(( a = 1 + 2 ))
for ((i=0; i<1; i++)); do :; done
for w in a "b c"; do :; done
case "$x" in a*) :;; esac
select s in x; do break; done < /dev/null
## STDOUT:

## END
## stderr-json: "+ x='a b'\n+ [[ -n a b ]]\n+ [[ -z a b ]]\n+ [[ a b != c ]]\n+ [[ ! a b == \\a\\ * ]]\n+ [[ -n a b ]]\n+ true\n+ ((  a = 1 + 2  ))\n+ (( i=0 ))\n+ (( i<1 ))\n+ :\n+ (( i++ ))\n+ (( i<1 ))\n+ for w in a \"b c\"\n+ :\n+ for w in a \"b c\"\n+ :\n+ case \"$x\" in\n+ :\n+ select s in x\n1) x\n#? "
## status: 1

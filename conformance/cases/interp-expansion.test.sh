#### length, substring
x=hello; echo ${x} ${#x} ${x:1} ${x:1:3} ${x: -2} ${x:0:-1}
## stdout: hello 5 ello ell lo hell

#### prefix and suffix removal
x=/a/b/c.txt; echo ${x##*/} ${x#*/} ${x%/*} ${x%%/*}x ${x%.txt}
## stdout: c.txt a/b/c.txt /a/b x /a/b/c

#### pattern replacement
x=aXbXc; echo ${x/X/-} ${x//X/-} ${x/#a/A} ${x/%c/C} ${x//[Xb]/}
## stdout: a-bXc a-b-c AXbXc aXbXC ac

#### case modification
x=hello; echo ${x^} ${x^^} ${x,} X${x,,}; y=HELLO; echo ${y,,} ${y,}
## STDOUT:
Hello HELLO hello Xhello
hello hELLO
## END

#### default, assign, alternative
unset u; echo ${u:-d1} ${u-d2} ${u:+p} ${u+p}; e=; echo ${e:-d3} ${e-d4} ${e:+p} ${e+p}.; echo ${u:=set} $u
## STDOUT:
d1 d2
d3 p.
set set
## END

#### default words split when unquoted
printf '<%s>' ${u:-a b} "${u:-a b}" ${u:-"c d" e}; echo
## stdout: <a><b><a b><c d><e>

#### indexed arrays
a=(1 2 3); echo ${a[@]} ${#a[@]} ${a[1]} ${a[-1]} ${!a[@]}
## stdout: 1 2 3 3 2 3 0 1 2

#### sparse arrays
a=(x y z); a[5]=w; echo ${#a[@]} ${!a[@]}; unset 'a[1]'; echo ${a[@]} ${!a[*]}
## STDOUT:
4 0 1 2 5
x z w 0 2 5
## END

#### array slices
a=(a b c d e); echo ${a[@]:1:2} ${a[@]: -2}; set -- p q r; echo ${@:2} ${*:1:1}
## STDOUT:
b c d e
q r p
## END

#### associative arrays
declare -A m=([k1]=v1 [k2]=v2); m[k3]=v3; echo ${m[k1]} ${#m[@]}; for k in "${!m[@]}"; do echo $k=${m[$k]}; done | sort
## STDOUT:
v1 3
k1=v1
k2=v2
k3=v3
## END

#### quoted and unquoted $@
set -- a 'b c' d; for x in "$@"; do echo "[$x]"; done; for x in $@; do echo "<$x>"; done
## STDOUT:
[a]
[b c]
[d]
<a>
<b>
<c>
<d>
## END

#### $* joins with IFS
set -- a 'b c' d; echo "$*"; IFS=,; echo "$*"; IFS=; echo "$*"
## STDOUT:
a b c d
a,b c,d
ab cd
## END

#### empty $@ yields no word
set --; printf '<%s>' 1 "$@" 2 $@ 3 "$*" 4; echo
## stdout: <1><2><3><><4>

#### IFS whitespace and non-whitespace
IFS=' :'; x=' a :b::c  '; printf '[%s]' $x; echo
## stdout: [a][b][][c]

#### brace expansion
echo {a,b}{1,2} x{1..3} {5..1..2} {a..e} {01..03} a{,b}c
## stdout: a1 a2 b1 b2 x1 x2 x3 5 3 1 a b c d e 01 02 03 ac abc

#### tilde
HOME=/home/u; echo ~ ~/x a=~ "~"
## stdout: /home/u /home/u/x a=/home/u ~

#### indirection and namerefs
x=abc; y=x; echo ${!y}; declare -n r=x; r=changed; echo $x ${!r}
## STDOUT:
abc
changed x
## END

#### command substitution strips trailing newlines
x=$(printf 'a\n\n\n'); echo "[$x]" $(echo c   d) `echo back`
## stdout: [a] c d back

#### transforms
s='a b'; echo ${s@Q}; t="it's"; echo ${t@Q}; u=abc; echo ${u@U} ${u@u}; declare -a arr=(1); echo ${arr@a}
## STDOUT:
'a b'
'it'\''s'
ABC Abc
a
## END

#### names with a prefix
pre_a=1 pre_b=2; echo ${!pre_*}; for n in "${!pre_@}"; do echo $n; done
## STDOUT:
pre_a pre_b
pre_a
pre_b
## END

#### patterns with quotes are literal
x='a*c'; echo ${x#"a*"} ${x#a*}; y=abc; [[ $y == "a*" ]] || echo noglob
## STDOUT:
c *c
noglob
## END

#### glob on the filesystem
touch b.txt a.txt c.md .hidden; echo *.txt; echo *; echo .h*; echo none*; shopt -s nullglob; echo none*
## STDOUT:
a.txt b.txt
a.txt b.txt c.md s.sh
.hidden
none*

## END

#### unset variable with set -u exits
set -u; echo ${undefined_var:-ok}; echo $undefined_var; echo after
## stdout: ok
## status: 1

#### literal pattern replacement with & and patsub_replacement
x=a-b-c-; echo "${x//-/_}" "${x/-/[&]}" "${x/#a/<&>}" "${x/%-/<&>}" "${x//b-/}"
shopt -u patsub_replacement; echo "${x//-/&}"
## STDOUT:
a_b_c_ a[-]b-c- <a>-b-c- a-b-c<-> a-c-
a&b&c&
## END

#### case conversion, ASCII and not
x='héllo wörld ß'; echo "${x^^}" "${x^}" "${x,,}"
y=HELLO; echo "${y,}" "${y,,}" "${y^^[LH]}" "${y,,[LO]}"
## STDOUT:
HÉLLO WÖRLD ß Héllo wörld ß héllo wörld ß
hELLO hello HELLO HEllo
## END

#### ${x/pat/rep}: empty matches, as bash's pat_subst
shopt -s extglob
y=
echo "[${y/*/_}]" "[${y//*/_}]" "[${y/?(x)/_}]" "[${y/#*/_}]" "[${y/*x/_}]"
x=abc
echo "[${x//?(x)/_}]" "[${x/?(x)/_}]" "[${x/%?(z)/_}]" "[${x/*/_}]" "[${x//b*/_}]"
a=("" b); echo "[${a[@]/*/_}]"
## STDOUT:
[_] [_] [] [_] []
[_a_b_c] [_abc] [abc_] [_] [a_]
[_ _]
## END

#### a tilde in a ${x:-word} inside double quotes stays literal
HOME=/home/bar; echo ${undef:-~}; echo "${undef:-~}" "${undef:-~/a}"; x="${undef:-~}"; echo "$x"; y=${undef:-~}; echo "$y"
## STDOUT:
/home/bar
~ ~/a
~
/home/bar
## END

#### a tilde prefix ends at ':'; in an assignment ${x-w} and ${x+w} expand a tilde after ':'
HOME=/h
echo ~:x ~: ${u-~:~} ~nosuchuserx:y
x=~:${undef-~:~}; echo $x
x=${u-a:~/b:~}; echo $x
declare d=${u-a:~}; export e=${u:-a:~}; echo $d $e
x=${u-${v-c:~}}; echo $x
x=${u-"a:~"}; echo $x
x=${u-a=~}; echo $x
x=${w=q:~}; echo $x $w
x=${w/q:~/r:~}; echo $x
v=1; x=${v+a:~}; echo $x
a=(${u-p:~}); echo $a
## STDOUT:
/h:x /h: /h:~ ~nosuchuserx:y
/h:/h:/h
a:/h/b:/h
a:/h a:/h
c:/h
a:~
a=~
q:~ q:~
r:~
a:/h
p:~
## END

#### set -u: ${!r} to an unset variable is fatal; a declared empty associative array takes string keys
bash -c 'set -u; declare -A A; echo "[${A[k]-d}]"; r="A[k]"; echo "[${!r-e}]"; A[k]=1; echo "${!r}"'
bash -c 'set -u; r=nope; echo "[${!r-d}]"; a=(); r="a[@]"; echo "[${!r}]"; r=nope; echo "${!r}"; echo not reached'; echo "rc=$?"
bash -c 'set -u; declare -A A; r="A[k]"; echo "${!r}"'; echo "rc=$?"
## STDOUT:
[d]
[e]
1
[d]
[]
rc=127
rc=127
## END

#### unquoted ${!a[*]} and ${!prefix*} with IFS='' are one field (keys joined by spaces, names by nothing)
IFS=''
a=(v1 v2 v3); x_1=1 x_2=2
printf '[%s]' ${!a[*]} ${!a[@]} "${!a[*]}" ${!x_*} ${!x_@} "${!x_*}"; echo
set -- p q; printf '[%s]' $*; echo
x=${!a[*]}; y=${!x_*}; echo "[$x][$y]"
IFS=:; printf '[%s]' ${!a[*]} ${!x_*}; echo
## STDOUT:
[0 1 2][0][1][2][012][x_1x_2][x_1][x_2][x_1x_2]
[p][q]
[012][x_1x_2]
[0][1][2][x_1][x_2]
## END

#### single quotes inside a double-quoted ${x:-'...'} are literal and what is between them expands
var='a b c'; HOME=/h
printf '[%s]\n' "${Unset:-'$var'}" "${Unset:-'a\$b'}" "${Unset:-'$(echo hi)'}" "${Unset:-'x'}" "${var:+'$var'}" "${var#'a'}"
printf '[%s]\n' "${u1:='$var'}" "$u1" "${u2:=~}" "${u3:=$HOME/'s'}"
printf '[%s]\n' ${u1:-'$var'} ${Unset:-'$var'}
## STDOUT:
['a b c']
['a$b']
['hi']
['x']
['a b c']
[ b c]
['a b c']
['a b c']
[~]
[/h/'s']
['a]
[b]
[c']
[$var]
## END

#### an empty subscript: a[]=v and ${a[]} are errors; an empty key of an associative array too
a=(1 2 3)
a[]=42
echo "status=$? ${a[*]}"
echo ${a[]}
echo status=$?
x=""; a[$x]=5; echo "st=$? ${a[*]}"
declare -A A
A[$x]=1
echo "st=$? ${#A[@]}"
set -o posix
a[]=1
echo not reached
## status: 1
## STDOUT:
status=1 1 2 3
status=1
st=0 5 2 3
st=1 0
## END

#### ${x:} (an empty slice offset without a length) is a bad substitution; ${x::} and ${x: } are not
s=123; a=(1 2 3)
echo "[${s::}]" "[${s:1:}]" ${s: } ${a[@]: }
echo ${s:}
echo "st=$?"
echo ${a[@]:}
echo "st=$?"
echo "${u:}"
echo "st=$?"
## STDOUT:
[] [] 123 1 2 3
st=1
st=1
st=1
## END

#### indirection through an unset name or an empty value ends the line, whatever the operator
unset u; echo "a ${!u:-d}"; echo "not reached"
echo "s $?"
y=; echo "b ${!y-d}"; echo "not reached"
echo "s $?"
set -- ; echo "c [${!1}] [${!1-d}]"
## STDOUT:
s 1
s 1
c [] [d]
## END

#### a tilde that brace expansion puts at the start of a word is expanded
HOME=/h
echo ~{/src,root} {foo~,~}/bar ~{a,b}x a{~,b} '~'{a,b} \~{/a,b}
x=~{/a,/b}; echo "$x"
## STDOUT:
/h/src /root foo~/bar /h/bar ~ax ~bx a~ ab ~a ~b ~/a ~b
~{/a,/b}
## END

#### expansion errors of a command end the shell under set -e; arithmetic and substring errors end only the line
( set -e; echo ${!u}; echo "a not reached" ); echo "a $?"
( set -e; shopt -s failglob; echo *.ZZ; echo "b not reached" ); echo "b $?"
( set -e; if echo ${x!}; then :; fi; echo "c not reached" ); echo "c $?"
set -e; x=abc
echo ${x:0:-5}; echo "d not reached"
echo "d goes on"; echo $(( 1/0 )); echo "e not reached"
echo "e goes on"
## STDOUT:
a 1
b 1
c 1
d goes on
e goes on
## END

#### an error inside a function is reported with the line it happened on
f() {
  echo ${x?oops}
}
( f ) 2>&1 | sed 's/^[^:]*: //'
g() {
  echo $((1/0))
}
( g ) 2>&1 | sed 's/^[^:]*: //'
## STDOUT:
line 2: x: oops
line 6: 1/0: division by 0 (error token is "0")
## END

#### ${s/pat/rep} with [^]...]: bash takes it for two characters and replaces nothing
s='ab^cd^'; pat='[^]]'; echo ${s//$pat/z} ${s//[!]]/z} ${s/#[^]]/z} ${s/%[^]]/z}
echo ${s//[^]]*/z} ${s//[]^]/z} ${s##[^]]} [[ $s == *[^]]* ]]
s='a]b'; echo ${s//[^]]]/Q} ${s//[]]/z}
## STDOUT:
ab^cd^ ab^cd^ ab^cd^ ab^cd^
z abzcdz b^cd^ [[ ab^cd^ == *[^]]* ]]
a]b azb
## END

#### extglob arms with quotes keep blanks and operators literal: @(__aa|'__<>'|__&&)
shopt -s extglob
mkdir eg; cd eg; touch __{aa,'<>','{}','#','&&'} 'a b'
echo @(__aa|'__<>'|__{}|__#|__&&|)
echo @('a b'|__&&) @(a b)
v=q; [[ "q&" == @($v&|x) ]] && echo match
## STDOUT:
__# __&& __<> __aa __{}
__&& a b a b
match
## END

#### ${!x} through a variable without a value expands as unset; through one that does not exist it fails
declare -A A=([x]=y); declare d; a=([1]=z)
echo "[${!A}] [${!A@a}] [${!A:-def}] [${!d}] [${!a[0]-dflt}] [${!a:+alt}]"
f() { local -a l; echo "[${!l}]"; }; f
echo "[${!nosuch}]"
echo status=$?
(set -u; echo "${!A}"; echo not reached)
echo status=$?
## STDOUT:
[] [] [def] [] [dflt] []
[]
status=1
status=1
## END

#### $BASH_SUBSHELL counts ( ), $( ), <( ) and compound or function pipeline stages
echo a $BASH_SUBSHELL
x=$(echo $BASH_SUBSHELL); echo b $x
( (echo c $BASH_SUBSHELL) )
{ echo d $BASH_SUBSHELL; } | cat
cat <(echo e $BASH_SUBSHELL)
f() { echo f $BASH_SUBSHELL; }; f | cat
echo g $(echo $(echo $BASH_SUBSHELL))
## STDOUT:
a 0
b 1
c 2
d 1
e 1
f 1
g 2
## END

#### $BASH_SUBSHELL in a pipeline: a simple command's words expand before it rises, ( ) rises once
echo a $BASH_SUBSHELL | cat
echo x | echo b $BASH_SUBSHELL
(echo c $BASH_SUBSHELL) | cat
{ (echo d $BASH_SUBSHELL); } | cat
eval 'echo e $BASH_SUBSHELL' | cat
echo f $(echo $BASH_SUBSHELL) | cat
echo g $(echo $BASH_SUBSHELL | cat)
h() { echo h $BASH_SUBSHELL; }; h $BASH_SUBSHELL | cat
echo i ${v:=$BASH_SUBSHELL} | cat
## STDOUT:
a 0
b 0
c 1
d 2
e 1
f 1
g 1
h 1
i 0
## END

#### RANDOM seeded by assignment gives bash's sequence; the value is arithmetic
RANDOM=1; echo $RANDOM $RANDOM $RANDOM
RANDOM=42; echo $RANDOM $RANDOM
RANDOM=0; echo $RANDOM
RANDOM=1+1; echo $RANDOM
x=3; RANDOM=x; echo $RANDOM
RANDOM=4294967297; echo $RANDOM; RANDOM=-1; echo $RANDOM
(RANDOM=7; echo $RANDOM); echo $(RANDOM=7; echo $RANDOM)
f() { local RANDOM=1; echo $RANDOM; }; f
## STDOUT:
16807 10791 19566
17772 26794
20814
846
17653
16807
16807
19344
19344
1
## END

#### dynamic variables: SECONDS=N, ignored assignments, unset ends them, declare -p, ${!P*}, -v
SECONDS=100; echo $SECONDS
SECONDS=abc; echo $SECONDS
LINENO=100; echo $LINENO
BASHPID=5; [[ $BASHPID == 5 ]] && echo five || echo notfive
EPOCHSECONDS=5; echo ${#EPOCHSECONDS}
BASH_SUBSHELL=7; echo $BASH_SUBSHELL
echo ${!RAN*} ${!SECO*}
[[ -v RANDOM ]] && echo set
declare -p LINENO; declare -p RANDOM SECONDS | sed 's/"[0-9]*"/N/'
unset RANDOM SECONDS; echo "[$RANDOM] [$SECONDS] [${!RAN*}]"
[[ -v RANDOM ]] || echo unset
RANDOM=3; SECONDS=4; echo $RANDOM $RANDOM $SECONDS
## STDOUT:
100
0
3
notfive
10
7
RANDOM SECONDS
set
declare -- LINENO="9"
declare -i RANDOM=N
declare -i SECONDS=N
[] [] []
unset
3 3 4
## END

#### keywords are ordinary words outside command position
echo if then else fi do done case esac in { } !
## stdout: if then else fi do done case esac in { } !

#### reserved words after a compound command
if { true; } then echo yes; fi
## stdout: yes

#### quoting: single, double, ANSI-C, escapes
echo 'a  b' "c  $((1+1))" $'t\tx' a\ b "q\"q" 'it'\''s'
## stdout: a  b c  2 t	x a b q"q it's

#### line continuations inside words and between tokens
ec\
ho hel\
lo wor\
ld
## stdout: hello world

#### comments are only at the start of a word
echo a#b # c
echo '#x' "#y"
## STDOUT:
a#b
#x #y
## END

#### here-docs: several on one line, quoted and <<- forms
cat <<A; cat <<'B'; cat <<-C
one $((1+2))
A
two $((1+2))
B
		three
	C
## STDOUT:
one 3
two $((1+2))
three
## END

#### here-doc inside command substitution
x=$(cat <<EOF
in sub
EOF
)
echo "[$x]"
## stdout: [in sub]

#### case patterns with parens, alternation and terminators
for w in ab c zz; do
  case $w in
    (a*|b) echo "A:$w" ;;
    c) echo "C:$w" ;&
    d) echo "fell" ;;
    *) echo "other:$w" ;;
  esac
done
## STDOUT:
A:ab
C:c
fell
other:zz
## END

#### case inside command substitution
echo $(case x in x) echo matched;; esac)
## stdout: matched

#### nested command substitution and backticks
echo $(echo $(echo deep)) `echo \`echo bt\``
## stdout: deep bt

#### arithmetic versus nested subshell
echo $(( (1+2) * 3 )) $( (echo sub) )
## stdout: 9 sub

#### parameter expansion operators
x=hello/world.txt
echo ${x%.*} ${x##*/} ${x/o/0} ${x//o/0} ${#x} ${x:6:5} ${x^^} ${y:-def} ${x:+alt}
## stdout: hello/world world.txt hell0/world.txt hell0/w0rld.txt 15 world HELLO/WORLD.TXT def alt

#### arrays and assignments
a=(1 2 [5]=x) b+=y; a+=(z); declare -A m=([k]=v)
echo ${#a[@]} ${a[5]} ${a[@]} $b ${m[k]}
## stdout: 4 x 1 2 x z y v

#### function definition forms
f() { echo f; }; function g { echo g; }; function h() ( echo h )
f; g; h
## STDOUT:
f
g
h
## END

#### redirections and fd duplication
{ echo out; echo err >&2; } 2>&1 | cat
echo x > /dev/null 2>&1; echo ok
## STDOUT:
out
err
ok
## END

#### [[ ]] with regex, patterns and grouping
x=abc
[[ $x =~ ^a(b|c)+$ && ( $x == a* || -z $x ) ]] && echo match ${BASH_REMATCH[1]}
[[ ! $x < b ]] || echo less
## STDOUT:
match c
less
## END

#### (( )) and arithmetic for
for ((i=0, j=10; i<3; i++, j-=2)); do echo $i $j; done
(( i == 3 )) && echo three
## STDOUT:
0 10
1 8
2 6
three
## END

#### pipelines, negation, and-or lists
! false && echo negated
true | false || echo failed
## STDOUT:
negated
failed
## END

#### syntax error: unexpected token
eval 'fi'
echo status $?
## stdout: status 2

#### syntax error: unterminated quote
eval 'echo "abc'
echo status $?
## stdout: status 2

#### a syntax error on a later line: earlier lines have run
echo before
fi
echo after
## stdout: before
## status: 2

#### brace expansion
echo {a,b}{1,2} {1..5..2} {01..03} {a..c} {x} {} a{,b}
## stdout: a1 a2 b1 b2 1 3 5 01 02 03 a b c {x} {} a ab

#### tilde prefixes stay literal when quoted
HOME=/h
echo ~ ~/x "~" '~' x=~/y
## stdout: /h /h/x ~ ~ x=/h/y

#### time and negation keywords in pipelines
! true | false; echo $?
## stdout: 0

#### alias expansion applies to the next line
shopt -s expand_aliases
alias say='echo said'
say hello
## stdout: said hello

#### empty command substitution and comments inside
echo "[$( )]" "[$(# just a comment
)]"
## stdout: [] []

#### a // pattern that starts with / keeps it: ${x///} ${x////c}
x='/_/'; echo ${x////c} ${x///c} "${x////c}"
x='slash / brace } hi'; echo "${x///}"
p=/foo/bar; echo ${p////\\/} ${p/#//X} ${p//\//-}
## STDOUT:
c_c /_/ c_c
slash  brace } hi
\/foo\/bar /X/foo/bar -foo-bar
## END

#### a ? in a slice offset lets one : through (bash's skiparith)
s=abcdef
echo ${s: 0 < 1 ? 2 : 0 : 1} ${s:1?2:3} ${s: 1 ? 2 : 3 : 2} ${s:(1?2:3):2} ${s:1:1?2:3} ${s:1?1?2:3:4:1}
## STDOUT:
c cdef cd cd bc c
## END

#### extglob groups in command words follow the option line by line; [[ == ]] patterns always have them
if !(false && false); then echo negated subshell; fi
[[ a == @(a|b) ]] && echo pattern
str=x; [[ !($str) ]] || echo 'not (x)'
shopt -s extglob
[[ !($str) ]] && echo 'a word !(x)'
case ab in @(ab|c)) echo case;; esac
f() { echo @(a); }
shopt -u extglob
echo @(a)
echo not reached
## STDOUT:
negated subshell
pattern
not (x)
a word !(x)
case
## END
## status: 2

#### after an alias ending in a blank the next word is checked anywhere, and so is the first word of an alias's text
shopt -s expand_aliases
alias FOR1='for ' FOR2='FOR1 ' eye1='i ' eye2='eye1 ' IN='in ' onetwo='$one "2" '
one=1
FOR2 eye2 IN onetwo 3; do echo $i; done
alias C='case ' W='x '
C W IN x) echo case;; esac
alias e='echo ' y='z w' z=ZED
e y
## STDOUT:
1
2
3
case
ZED w
## END

#### an argument of declare/local/export with blanks in its subscript is several words
declare a[a[0]=1]=X
declare a[ a[2]=3 ]=Y
declare -p a
f() { local b[ 1 ]=x; echo status=$?; }; f
c[ 2 ]=Z; declare -p c
## STDOUT:
declare -a a=([0]="1" [1]="X" [2]="3")
status=1
declare -a c=([2]="Z")
## END

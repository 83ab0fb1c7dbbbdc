#### a paren after a command's only word: the error is at the token after it, with the offending line
printf 'echo one\nif true; then\n  echo (\nfi\n' > e.sh
bash e.sh 2>&1; echo "status $?"
bash -n e.sh 2>&1; echo "status $?"
## STDOUT:
one
e.sh: line 3: syntax error near unexpected token `newline'
e.sh: line 3: `  echo ('
status 2
e.sh: line 3: syntax error near unexpected token `newline'
e.sh: line 3: `  echo ('
status 2
## END

#### -c names the text: NAME: -c: line N, with $0 after the script
bash -c 'echo a; echo ( x' 2>&1; echo "status $?"
bash -c 'echo b
fi' myname 2>&1; echo "status $?"
## STDOUT:
bash: -c: line 1: syntax error near unexpected token `x'
bash: -c: line 1: `echo a; echo ( x'
status 2
b
myname: -c: line 2: syntax error near unexpected token `fi'
myname: -c: line 2: `fi'
status 2
## END

#### stray keywords and separators in a file
for s in 'fi' 'echo x; done' 'then' 'echo a ;;' '| echo' 'case x in a) echo;; b' 'if true; then echo; else; fi' 'foo() { }'; do
  printf '%s\n' "$s" > k.sh
  bash k.sh 2>&1; echo "status $?"
done
## STDOUT:
k.sh: line 1: syntax error near unexpected token `fi'
k.sh: line 1: `fi'
status 2
k.sh: line 1: syntax error near unexpected token `done'
k.sh: line 1: `echo x; done'
status 2
k.sh: line 1: syntax error near unexpected token `then'
k.sh: line 1: `then'
status 2
k.sh: line 1: syntax error near unexpected token `;;'
k.sh: line 1: `echo a ;;'
status 2
k.sh: line 1: syntax error near unexpected token `|'
k.sh: line 1: `| echo'
status 2
k.sh: line 1: syntax error near unexpected token `newline'
k.sh: line 1: `case x in a) echo;; b'
status 2
k.sh: line 1: syntax error near unexpected token `;'
k.sh: line 1: `if true; then echo; else; fi'
status 2
k.sh: line 1: syntax error near unexpected token `}'
k.sh: line 1: `foo() { }'
status 2
## END

#### end of file inside quotes, substitutions and compound commands: no source line
for s in "echo 'open" 'echo "open' 'echo $(' 'echo ${x' 'echo `x' 'while true; do' 'case x in' 'if true'; do
  printf '%s\n' "$s" > u.sh
  bash u.sh 2>&1; echo "status $?"
done
## STDOUT:
u.sh: line 1: unexpected EOF while looking for matching `''
status 2
u.sh: line 1: unexpected EOF while looking for matching `"'
status 2
u.sh: line 2: unexpected EOF while looking for matching `)'
status 2
u.sh: line 1: unexpected EOF while looking for matching `}'
status 2
u.sh: line 1: unexpected EOF while looking for matching ``'
status 2
u.sh: line 2: syntax error: unexpected end of file
status 2
u.sh: line 2: syntax error: unexpected end of file
status 2
u.sh: line 2: syntax error: unexpected end of file
status 2
## END

#### the lines before a syntax error run, the ones after do not
printf 'echo before\necho (\necho after\n' > s.sh
bash s.sh 2>&1; echo "status $?"
## STDOUT:
before
s.sh: line 2: syntax error near unexpected token `newline'
s.sh: line 2: `echo ('
status 2
## END

#### [[ ]] errors: no source line, the last status, status 2 at the end of the input
printf 'false\n[[ a -zz b ]]\necho not reached\n' > c1.sh
bash c1.sh 2>&1; echo "status $?"
bash -n c1.sh 2>&1; echo "status $?"
printf 'true\n[[ a\n' > c2.sh
bash c2.sh 2>&1; echo "status $?"
bash -c '[[ a &&' 2>&1; echo "status $?"
bash -c '[[ ( a == b' 2>&1; echo "status $?"
## STDOUT:
c1.sh: line 2: conditional binary operator expected
status 1
c1.sh: line 2: conditional binary operator expected
status 0
c2.sh: line 2: unexpected token `newline', conditional binary operator expected
status 2
bash: -c: line 2: unexpected token `EOF' in conditional command
status 2
bash: -c: line 1: unexpected token `EOF', expected `)'
status 2
## END

#### eval, source and traps name their text
printf 'echo in b\necho (\n' > b.sh
printf 'eval "echo ("; echo "eval $?"\n. ./b.sh; echo "source $?"\ntrap "echo (" EXIT\n' > m.sh
bash m.sh 2>&1; echo "status $?"
## STDOUT:
m.sh: eval: line 1: syntax error near unexpected token `newline'
m.sh: eval: line 1: `echo ('
eval 2
in b
./b.sh: line 2: syntax error near unexpected token `newline'
./b.sh: line 2: `echo ('
source 2
m.sh: exit trap: line 1: syntax error near unexpected token `newline'
m.sh: exit trap: line 1: `echo ('
status 0
## END

#### a function's messages name the file it was defined in
printf 'f() { eval "echo ("; echo "[${BASH_SOURCE[0]}]"; }\n' > lib.sh
bash -c '. ./lib.sh; f' 2>&1
bash -c 'g() { eval "echo ("; }; g' 2>&1
## status: 2
## STDOUT:
./lib.sh: eval: line 1: syntax error near unexpected token `newline'
./lib.sh: eval: line 1: `echo ('
[./lib.sh]
environment: eval: line 1: syntax error near unexpected token `newline'
environment: eval: line 1: `echo ('
## END

#### [[ ]] errors in eval and source return 2
printf '[[ a -zz b ]]\n' > c.sh
bash -c '. ./c.sh; echo "source $?"' 2>&1
bash -c 'eval "[[ a -zz b ]]"; echo "eval $?"' 2>&1
## STDOUT:
./c.sh: line 1: conditional binary operator expected
source 2
bash: eval: line 1: conditional binary operator expected
eval 2
## END

#### here-document warnings, in a file, -c, -n and eval
printf 'echo a\ncat <<EOF\nbody\n' > h.sh
bash h.sh 2>&1; echo "status $?"
bash -n h.sh 2>&1; echo "status $?"
bash -c 'echo a; cat <<EOF
x' 2>&1
cat > ev.sh <<'X'
echo 1
eval $'echo b\ncat <<EOF\ny'
X
bash ev.sh 2>&1
## STDOUT:
a
h.sh: line 3: warning: here-document at line 2 delimited by end-of-file (wanted `EOF')
body
status 0
h.sh: line 3: warning: here-document at line 2 delimited by end-of-file (wanted `EOF')
status 0
bash: line 2: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')
a
x
1
b
ev.sh: line 4: warning: here-document at line 3 delimited by end-of-file (wanted `EOF')
y
## END

#### a here-document warning comes again each time the same text is parsed
for i in 1 2 3; do eval $'cat <<EOF\nrun'; done 2>&1
## STDOUT:
bash: line 2: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')
run
bash: line 2: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')
run
bash: line 2: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')
run
## END

#### eval text spanning lines counts from the line where the eval command ends
bash -c 'echo 1; eval "echo b
echo (
"' 2>&1
## status: 2
## STDOUT:
1
b
bash: eval: line 4: syntax error near unexpected token `newline'
bash: eval: line 4: `echo ('
## END

#### an arithmetic for header closed by one paren stops the script silently, as [[ ]] errors do
for s in 'for ((i=0; i<3; i++)' 'echo a; for ((i=0;i<3;i++)' 'echo a\nfor ((i=0; i<3; i++)\necho b' 'false\nfor ((i=0;i<3;i++)' 'for (( ; ; )' 'false\n[[ a' 'true\n[[ a'; do
  printf "$s\n" > k.sh
  bash k.sh 2>&1; echo "status $?"
  bash -n k.sh 2>&1; echo "n $?"
  ( eval "$(cat k.sh)" ) 2>&1; echo "eval $?"
done
## STDOUT:
status 2
n 2
eval 2
status 2
n 2
eval 2
a
status 0
n 0
a
eval 2
status 1
n 2
eval 2
status 2
n 2
eval 2
k.sh: line 2: unexpected token `newline', conditional binary operator expected
status 1
k.sh: line 2: unexpected token `newline', conditional binary operator expected
n 2
bash: eval: line 6: unexpected token `newline', conditional binary operator expected
eval 2
k.sh: line 2: unexpected token `newline', conditional binary operator expected
status 2
k.sh: line 2: unexpected token `newline', conditional binary operator expected
n 2
bash: eval: line 6: unexpected token `newline', conditional binary operator expected
eval 2
## END

#### a backtick body is parsed when it runs: its syntax error is the substitution's, at run time
printf 'x=`echo $(`; echo "st=$?"\n\necho `if` z; echo "st=$?"\necho "`fi`" \\\n  q\nf() { echo `(`; }\nf\necho `echo a\necho $(`\n' > b.sh
bash b.sh 2>&1; echo "status $?"
bash -n b.sh 2>&1; echo "n $?"
## STDOUT:
b.sh: command substitution: line 2: unexpected EOF while looking for matching `)'
st=2
b.sh: command substitution: line 4: syntax error: unexpected end of file
z
st=0
b.sh: command substitution: line 4: syntax error near unexpected token `fi'
b.sh: command substitution: line 4: `fi'
 q
b.sh: command substitution: line 7: syntax error: unexpected end of file

b.sh: command substitution: line 11: unexpected EOF while looking for matching `)'
a
status 0
n 0
## END

#### $(( whose match runs to the end: the EOF error is on the line of $((, not the last line
bash -c $'echo $(( 1 )\n\n\n' 2>&1; echo "status $?"
bash -c $'echo a\necho $(( 1 ) x\ny\n' 2>&1; echo "status $?"
bash -c $'echo $( (1 )\n\n' 2>&1; echo "status $?"
bash -c $'echo $(( (1) + 2 )) ok' 2>&1; echo "status $?"
## STDOUT:
bash: -c: line 1: unexpected EOF while looking for matching `)'
status 2
a
bash: -c: line 2: unexpected EOF while looking for matching `)'
status 2
bash: -c: line 3: unexpected EOF while looking for matching `)'
status 2
3 ok
status 0
## END

#### a syntax error in a $( ) body that eval reads ends the shell with status 1
echo before
eval 'echo $(if)'
echo not reached
## STDOUT:
before
## END
## status: 1

#### in a subshell, the same error ends only the subshell
x=$(eval 'echo $(if)'); echo status=$?
echo next
## STDOUT:
status=1
next
## END

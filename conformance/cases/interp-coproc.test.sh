# Coprocesses: `coproc [NAME] cmd` with NAME[0] (read its output) and NAME[1] (write its
# input). Bash removes NAME and NAME_PID when it reaps the coprocess, at a moment that depends
# on process timing; these cases read what they need before they close the input (or copy
# the read end first) and `wait` for the coprocess, so that bash's output is fixed.

#### coproc: fds, a round trip through cat, wait, and the variables gone after the wait
coproc cat
declare -p COPROC
echo hi >&"${COPROC[1]}"
read -r x <&"${COPROC[0]}"
echo "got $x"
exec {COPROC[1]}>&-
wait $COPROC_PID; echo "status $?"
declare -p COPROC COPROC_PID 2>/dev/null || echo gone
## STDOUT:
declare -a COPROC=([0]="63" [1]="60")
got hi
status 0
gone
## END

#### coproc NAME { ...; }: read every line of its output after its input is closed
coproc N { while read -r l; do echo "[$l]"; done; echo bye; }
exec 3<&"${N[0]}"
printf '%s\n' a b >&"${N[1]}"
exec {N[1]}>&-
while read -r l <&3; do echo "$l"; done
wait $N_PID; echo "status $?"
## STDOUT:
[a]
[b]
bye
status 0
## END

#### coproc: a simple command, and its exit status through wait
coproc tr a-z A-Z
exec 3<&"${COPROC[0]}"
echo hello >&"${COPROC[1]}"
exec {COPROC[1]}>&-
cat <&3
wait $COPROC_PID; echo "status $?"
coproc { exit 4; }
wait $COPROC_PID; echo "status $?"
## STDOUT:
HELLO
status 0
status 4
## END

#### coproc: a second one while the first runs (bash warns) gets the next fds
coproc A { cat; }
coproc B { cat; } 2>/dev/null
echo "${A[@]} ${B[@]}"
echo x >&"${A[1]}"; echo y >&"${B[1]}"
read -r a <&"${A[0]}"; read -r b <&"${B[0]}"
echo "$a$b"
exec {A[1]}>&- {B[1]}>&-
wait
## STDOUT:
63 60 62 58
xy
## END

#### coproc: a write fd duplicated with exec keeps the input open until it is closed too
coproc cat
exec 3<&"${COPROC[0]}" 5>&"${COPROC[1]}"
exec {COPROC[1]}>&-
echo via5 >&5
exec 5>&-
cat <&3
wait $COPROC_PID; echo "status $?"
## STDOUT:
via5
status 0
## END

#### coproc in a function: the variables are global
f() { coproc W { sed 's/^/> /'; }; }
f
exec 3<&"${W[0]}"
echo "in f" >&"${W[1]}"
exec {W[1]}>&-
read -r l <&3; echo "$l"
wait $W_PID; echo "${W_PID-unset}"
## STDOUT:
> in f
unset
## END

#### {name[subscript]} redirections: an element gets the fd, and closes it
i=3
exec {a[$i]}>/dev/null
declare -p a
exec {a[$i]}>&-; echo $?
declare -A m; exec {m[k]}>/dev/null; declare -p m
echo {a[1]}
## STDOUT:
declare -a a=([3]="10")
0
declare -A m=([k]="10" )
{a[1]}
## END

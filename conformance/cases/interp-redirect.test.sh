#### output and append
echo a > f; echo b >> f; while read l; do echo "[$l]"; done < f
## STDOUT:
[a]
[b]
## END

#### stderr to /dev/null and to stdout
{ echo out; echo err >&2; } 2>/dev/null; { echo e2 >&2; } 2>&1 | tr a-z A-Z
## STDOUT:
out
E2
## END

#### order of 2>&1
{ echo err >&2; } 2>&1 >/dev/null | tr a-z A-Z
## stdout: ERR

#### here-doc with expansion
x=v; cat <<EOF
line $((1+1)) $x
  indented \$x
EOF
## STDOUT:
line 2 v
  indented $x
## END

#### quoted here-doc
cat <<'EOF'
no $expand `here`
EOF
## stdout: no $expand `here`

#### here-doc with tab stripping
cat <<-EOF
	stripped
	EOF
## stdout: stripped

#### here-string
read x <<< "here string"; echo $x; tr a-z A-Z <<< abc
## STDOUT:
here string
ABC
## END

#### exec fd redirections
exec 3>f3; echo via3 >&3; exec 3>&-; cat f3
## stdout: via3

#### missing directory
echo x > /nonexistent/dir/f; echo $?
## stdout: 1

#### noclobber
set -C; echo 1 > f; echo 2 > f; echo $?; echo 3 >| f; cat f
## STDOUT:
1
3
## END

#### redirect a compound command
for i in 1 2; do echo $i; done > out; cat out; { echo a; echo b; } > out2; wc -l < out2
## STDOUT:
1
2
2
## END

#### input from a file
printf 'x\ny\n' > in; wc -l < in; while read l; do echo $l; done < in
## STDOUT:
2
x
y
## END


#### <> opens read-write: one offset, no truncation, created when missing
echo hello > f
exec 3<>f
read -r l <&3; echo "$l"
echo more >&3
exec 3>&-
cat f
echo abc > g; echo x 1<>g; cat g
: <> created; ls created
## STDOUT:
hello
hello
more
x
c
created
## END

#### exec with prefix assignments and only redirections still redirects the shell
FOO=bar exec 3>&1
echo "FOO=$FOO" >&3
FOO=$(echo side >&2) exec 4>&2
echo to-4 >&4
set -o posix
BAR=baz exec 5>&1
echo "BAR=$BAR" >&5
## STDOUT:
FOO=
BAR=baz
## END
## STDERR:
side
to-4
## END

#### a {var} redirection stays open after its command; undoing restores only the fds it changed
echo one {a}>f1
first=$a
{ echo two; } {b}>f2
echo "delta $((b - first))"
echo more >&$a; echo more2 >&$b
cat f1 f2
: {a}>&-
echo still open >&$a; cat f1
{ exec 3>f3; } 4>f4
echo three >&3; cat f3
{ exec 1>f5; } >f6
echo back on stdout
shopt -s varredir_close
: {d}>f7
echo x >&$d || echo closed
## STDOUT:
one
two
delta 1
more
more2
more
still open
three
back on stdout
closed
## END

#### >&word: 1>&file is &>file, other fds make it ambiguous, the word is expanded once
echo one 1>&f1; echo "status=$?"; cat f1
echo two >&f2; echo "status=$?"; cat f2
echo three 2>&f3; echo "status=$?"; ls f*
echo four {v}>&f4; echo "status=$? v=$v"
i=0; exec 5>f5; echo five {w}>&$((i+=5)); echo "i=$i"; echo x >&$w; cat f5
x=7; echo a 2>&$x; echo b <&$x; echo c >&$x; echo "status=$?"
## STDOUT:
status=0
one
status=0
two
status=1
f1
f2
status=1 v=
five
i=5
x
status=1
## END

#### exec with options or -- but no command keeps its redirections; so does command exec
exec -- 3>&1
echo three >&3
exec -c 4>&1
echo four >&4
command exec 5>&1
echo five >&5
exec -- 6>&1 echo ran; echo not reached
## STDOUT:
three
four
five
ran
## END

#### < dir opens the directory; reading it fails as each reader says
mkdir d
mapfile -t a < d; echo status=$? ${#a[@]}
read x < d; echo status=$?
while read l; do :; done < d; echo status=$?
echo "[$(< d)]" status=$?
cat < d; echo status=$?
## STDOUT:
status=0 0
status=1
status=0
[] status=0
status=1
## END

#### an fd duplicated onto itself is left alone, open or not
: 3>&3
: 4>&4-
exec 5>f5
echo five 5>&5
echo x >&5
cat f5
## STDOUT:
five
x
## END

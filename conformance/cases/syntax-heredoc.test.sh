#### a here-doc left open at the ) of $( ) or <( ) reads the lines after the next newline
cat <(cat <<,) - <<B
one
,
two
B
echo "[$(cat <<E) z]"
three
E
## STDOUT:
one
two
[three z]
## END

#### a here-doc in a backtick ends with the backtick's text
echo "[`cat <<E
in`]" after
## stdout: [in] after

#### a $(cat <<E) inside a here-doc body is empty, the outer body goes on
cat <<A
x$(cat <<B)y
A
echo next
## STDOUT:
xy
next
## END

#### backslash-newline joins body lines before the delimiter test
cat <<E
a\
E
E
cat <<'Q'
b\
Q
## STDOUT:
aE
b\
## END

#### unquoted expansions in a delimiter leave the body expanded
x=1 v=val
cat <<$x
$v
$x
cat <<~
$v
~
cat <<$'E'
$v
E
cat <<E'O'F
$v
EOF
cat <<-"E\"F"
	$v
	E"F
## STDOUT:
val
val
$v
$v
$v
## END

#### $( ) and <( ) in a delimiter are matched in bash's printed form
cat <<a$(echo   hi)b
x
a$(echo hi)b
cat <<$( )
y
$()
## STDOUT:
x
y
## END

#### digits before < or > after a redirection operator are a syntax error
eval 'cat >3>x'
echo status $?
eval 'echo ok >&1>x'
echo status $?
cat x
## STDOUT:
status 2
status 0
ok
## END

#### declare -f: here-documents in pipelines, and-or lists and background commands
f() {
  cat <<E | tr a b
abc
E
  echo x
  x | cat <<F && y
def
F
  cat <<G | cat >/dev/null
ghi
G
  echo z
  cat <<H |& cat &
jkl
H
  echo w
  echo v
}
declare -f f
## STDOUT:
f () 
{ 
    cat <<E |
abc
E
  tr a b
    echo x;
    x | cat <<F
def
F
 && y
    cat <<G |
ghi
G
  cat > /dev/null;
    echo z;
    cat <<H 2>&1 |
jkl
H
  cat & echo w
    echo v
}
## END

#### declare -f: here-documents on compound commands and in conditions
f() {
  while read l; do echo $l; done <<E
a
E
  echo x
  echo y
  if cat <<E | grep a; then
abc
E
    echo yes
  fi
  cat <<A && cat <<B || echo no
a
A
b
B
}
declare -f f
## STDOUT:
f () 
{ 
    while read l; do
        echo $l;
    done <<E
a
E

    echo x
    echo y;
    if cat <<E |
abc
E
  grep a; then
        echo yes;
    fi
    cat <<A && 
a
A
 cat <<B
b
B
 || echo no
}
## END

#### a script file found along PATH runs in a child shell, with $0 and arguments
mkdir -p bin
printf 'echo "run $0 $#: $*"\n' > bin/tool
chmod +x bin/tool
PATH="$PWD/bin:$PATH"
tool a "b c" | sed "s,$PWD/bin,BIN,"
echo status=$?
## STDOUT:
run BIN/tool 2: a b c
status=0
## END

#### shebangs naming bash, sh and env sh run in this shell
mkdir -p bin
printf '#!/bin/bash\necho one\n' > bin/s1
printf '#!/bin/sh\necho two\n' > bin/s2
printf '#!/usr/bin/env sh\necho three\n' > bin/s3
chmod +x bin/s1 bin/s2 bin/s3
PATH="bin:$PATH"
s1; s2; s3
## STDOUT:
one
two
three
## END

#### a shebang naming a registered command runs it with the file
printf '#!/usr/bin/awk -f\nBEGIN { print "from awk" }\n' > aw
chmod +x aw
./aw
## stdout: from awk

#### an earlier PATH directory wins; a non-executable file is skipped
mkdir -p one two
echo 'echo one' > one/c
echo 'echo two' > two/c
chmod +x two/c
PATH="one:two:$PATH"
c
chmod +x one/c
hash -r
c
## STDOUT:
two
one
## END

#### a non-executable file alone on PATH: Permission denied, 126
mkdir -p d
echo 'echo x' > d/ne
PATH="d:$PATH"
ne 2>/dev/null
echo status=$?
## stdout: status=126

#### a file on PATH shadows a registered command; type and command report it
mkdir -p bin
printf 'echo mine\n' > bin/cat
chmod +x bin/cat
PATH="bin:$PATH"
type -t cat
type -P cat
cat
type cat
command -v cat
## STDOUT:
file
bin/cat
mine
cat is hashed (./bin/cat)
./bin/cat
## END

#### hash records lookups; hash -r forgets them; PATH change forgets them
hash
cat </dev/null
hash -t cat
hash -r
hash
hash cat; echo $?
hash nosuchcmd 2>/dev/null; echo $?
## STDOUT:
hash: hash table empty
/usr/bin/cat
hash: hash table empty
0
1
## END

#### type -a lists every match along PATH
type -a cat
type -ap cat
type -P nosuchcmd; echo $?
## STDOUT:
cat is /usr/bin/cat
cat is /bin/cat
/usr/bin/cat
/bin/cat
1
## END

#### command -v and -V: status 0 when any name is found
command -v cat nosuchcmd; echo $?
command -v nosuchcmd; echo $?
command -V type
## STDOUT:
/usr/bin/cat
0
1
type is a shell builtin
## END

#### command -p searches the standard utilities, not $PATH
mkdir -p bin
echo 'echo wrong' > bin/tr
echo 'echo hello' > bin/hello
chmod +x bin/tr bin/hello
PATH="$PWD/bin:$PATH"
echo aaa | tr a b
echo aaa | command -p tr a b
command -p hello 2>/dev/null; echo status=$?
## STDOUT:
wrong
bbb
status=127
## END

#### pipeline stages see files that appear, change mode, move and vanish on PATH
mkdir -p bin
PATH="$PWD/bin:$PATH"
for step in 1 2 3 4 5 6; do
  case $step in
    2) printf 'echo shadow "$@"\n' > bin/cat; chmod +x bin/cat ;;
    3) chmod -x bin/cat ;;
    4) chmod +x bin/cat; mv bin/cat bin/kat ;;
    5) ln -s kat bin/cat ;;
    6) rm bin/cat ;;
  esac
  printf '%s: ' "$step"; echo in | cat -n | tr a-z A-Z
done
hash -t cat 2>/dev/null
echo status=$?
## STDOUT:
1:      1	IN
2: SHADOW -N
3:      1	IN
4:      1	IN
5: SHADOW -N
6:      1	IN
status=1
## END

#### a relative PATH entry is searched from the current directory in pipeline stages
mkdir -p a/bin b
printf 'echo shadow\n' > a/bin/cat
chmod +x a/bin/cat
PATH="bin:$PATH"
cd a
echo x | cat | tr a-z A-Z
cd ../b
echo x | cat | tr a-z A-Z
cd ../a
echo x | cat | tr a-z A-Z
hash
## STDOUT:
SHADOW
X
SHADOW
hash: hash table empty
## END

#### a script without #! runs as a new shell: only exported variables, options reset; SHELL, UID and PPID set
mkdir -p d && cd d
printf 'echo "[$BLAH][$EX][$#][$1]"; echo "${SHELL:+s} ${UID:+u} ${BASH_VERSINFO[0]:+v} $-"; f 2>/dev/null || echo no-f\n' > snork
chmod +x snork
f() { echo func; }
BLAH=123; export EX=9
./snork a b
BLAH=4 ./snork
set -u; ./snork
unset SHELL; bash -c 'echo "${SHELL:+set}"'
[ "$(bash -c 'echo $PPID')" = "$$" ] && echo ppid-ok
## STDOUT:
[][9][2][a]
s u v hB
no-f
[4][9][0][]
s u v hB
no-f
[][9][0][]
s u v hB
no-f
set
ppid-ok
## END

# grep: differential cases (Husk vs GNU grep 3.8). Oils spec-test format.

#### grep basic BRE
printf 'alpha\nbeta\ngamma\n' | grep 'a$'
## STDOUT:
alpha
beta
gamma
## END

#### grep -E alternation
printf 'alpha\nbeta\ngamma\n' | grep -E 'ph|et'
## STDOUT:
alpha
beta
## END

#### grep -F literal dot
printf 'a.c\nabc\n' | grep -F 'a.c'
## stdout: a.c

#### grep -G interval
printf 'aa\na\naaa\n' | grep -x 'a\{2\}'
## stdout: aa

#### grep -P lookahead
printf 'beta\nzeta\nbet\n' | grep -P 'e(?=ta)'
## STDOUT:
beta
zeta
## END

#### grep -i
printf 'One\ntwo\nTWO\n' | grep -i two
## STDOUT:
two
TWO
## END

#### grep -v
printf 'a\nb\nc\n' | grep -v b
## STDOUT:
a
c
## END

#### grep -c
printf 'a\nb\na\n' | grep -c a
## stdout: 2

#### grep -l and -L
printf 'x\n' > f1; printf 'y\n' > f2
grep -l x f1 f2; grep -L x f1 f2; echo "status $?"
## STDOUT:
f1
f2
status 0
## END

#### grep -n
printf 'a\nb\na\n' | grep -n a
## STDOUT:
1:a
3:a
## END

#### grep -h and -H
printf 'x\n' > f1; printf 'x\n' > f2
grep -h x f1 f2; grep -H x f1
## STDOUT:
x
x
f1:x
## END

#### grep -o leftmost longest
echo abcd | grep -o 'ab\|abcd'
## stdout: abcd

#### grep -q status
printf 'a\n' | grep -q a; echo $?; printf 'a\n' | grep -q b; echo $?
## STDOUT:
0
1
## END

#### grep -s missing file
grep -s x no-such-file; echo $?
## stdout: 2

#### grep missing file message
grep x no-such-file 2>&1; echo $?
## STDOUT:
grep: no-such-file: No such file or directory
2
## END

#### grep -w
printf 'two\ntwofold\nsay two!\n' | grep -w two
## STDOUT:
two
say two!
## END

#### grep -x
printf 'four\nfour five\n' | grep -x four
## stdout: four

#### grep -m with trailing context
printf 'hi\nhi\nx\n' | grep -m1 -A1 hi
## STDOUT:
hi
hi
## END

#### grep -A -B -C and separators
printf 'a1\nfoo\nbar\nfoo bar\nbaz\nqux\nfoo\nend\n' | grep -n -C1 baz
printf 'a1\nfoo\nbar\nfoo bar\nbaz\nqux\nfoo\nend\n' | grep -A1 foo
printf 'a1\nfoo\nbar\nfoo bar\nbaz\nqux\nfoo\nend\n' | grep -B1 qux
## STDOUT:
4-foo bar
5:baz
6-qux
foo
bar
foo bar
baz
--
foo
end
baz
qux
## END

#### grep -e multiple and -f file
printf 'beta\nzeta\n' > pats
printf 'alpha\nbeta\nzeta\n' | grep -f pats
printf 'alpha\nbeta\nzeta\n' | grep -e alpha -e zeta
## STDOUT:
beta
zeta
alpha
zeta
## END

#### grep -r include exclude
mkdir -p d/sub; echo 'alpha' > d/a.txt; echo 'alpha' > d/b.log; echo 'alpha' > d/sub/c.txt
grep -r alpha d | sort
grep -r --include='*.txt' alpha d | sort
grep -r --exclude='*.txt' alpha d | sort
grep -r --exclude-dir=sub alpha d | sort
## STDOUT:
d/a.txt:alpha
d/b.log:alpha
d/sub/c.txt:alpha
d/a.txt:alpha
d/sub/c.txt:alpha
d/b.log:alpha
d/a.txt:alpha
d/b.log:alpha
## END

#### grep --color=never
echo alpha | grep --color=never alp
## stdout: alpha

#### grep -z
printf 'a\0b\0cb\0' | grep -z b | tr '\0' '\n'
## STDOUT:
b
cb
## END

#### grep unrecognized option
grep --frobnicate x 2>&1; echo $?
## STDOUT:
grep: unrecognized option '--frobnicate'
Usage: grep [OPTION]... PATTERNS [FILE]...
Try 'grep --help' for more information.
2
## END

#### grep invalid short option
grep -k x 2>&1; echo $?
## STDOUT:
grep: invalid option -- 'k'
Usage: grep [OPTION]... PATTERNS [FILE]...
Try 'grep --help' for more information.
2
## END

#### grep bad regex
echo x | grep 'a\(' 2>&1; echo $?
## STDOUT:
grep: Unmatched ( or \(
2
## END

#### grep catastrophic pattern finishes
printf '%s\n' aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa | grep -cE '(a+)+$'
printf '%s\n' aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa | grep -cE '(a|aa)*b'
## status: 1
## STDOUT:
1
0
## END

#### egrep and fgrep
printf 'ab\na+b\n' | grep -E 'a+b'; printf 'ab\na+b\n' | grep -F 'a+b'
## STDOUT:
ab
a+b
## END

#### grep classes
printf 'a1\nb\n22\n' | grep '^[[:digit:]]*$'
## stdout: 22

#### grep -b and -ob
printf 'alpha\nbeta\n' | grep -b beta; printf 'alpha\nbeta\n' | grep -ob ta
## STDOUT:
6:beta
8:ta
## END

#### grep no trailing newline
printf 'first\nlast' | grep last
## stdout: last

#### grep -c with empty pattern
printf 'x\ny\n' | grep -c ''
## stdout: 2

#### grep -v over a buffer: runs of lines between matches
printf 'a\nb x\nc\nd\ne x\nf' > f; grep -v x f; echo "[$?]"; grep -vc x f; grep -v -c . f; echo "[$?]"
grep -v '^[a-c]' f; grep -v -E 'b|d' f; grep -vl x f; grep -vL x f; grep -vq zzz f; echo "[$?]"
printf 'x\nx\n' | grep -v x; echo "[$?]"; printf 'x\n\ny\n' | grep -v -n x; grep -v -o x f; echo "[$?]"
seq 1 50000 | grep -v 1 | tail -2; seq 1 50000 | grep -vc '[2-9]'
## STDOUT:
a
c
d
f
[0]
4
0
[1]
d
e x
f
a
c
e x
f
f
[0]
[1]
2:
3:y
[0]
49999
50000
31
## END

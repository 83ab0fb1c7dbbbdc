# grep: differential cases (Husk vs GNU grep 3.8). Oils spec-test format.

#### grep basic BRE
printf 'alpha\nbeta\ngamma\n' | grep 'a$'

#### grep -E alternation
printf 'alpha\nbeta\ngamma\n' | grep -E 'ph|et'

#### grep -F literal dot
printf 'a.c\nabc\n' | grep -F 'a.c'

#### grep -G interval
printf 'aa\na\naaa\n' | grep -x 'a\{2\}'

#### grep -P lookahead
printf 'beta\nzeta\nbet\n' | grep -P 'e(?=ta)'

#### grep -i
printf 'One\ntwo\nTWO\n' | grep -i two

#### grep -v
printf 'a\nb\nc\n' | grep -v b

#### grep -c
printf 'a\nb\na\n' | grep -c a

#### grep -l and -L
printf 'x\n' > f1; printf 'y\n' > f2
grep -l x f1 f2; grep -L x f1 f2; echo "status $?"

#### grep -n
printf 'a\nb\na\n' | grep -n a

#### grep -h and -H
printf 'x\n' > f1; printf 'x\n' > f2
grep -h x f1 f2; grep -H x f1

#### grep -o leftmost longest
echo abcd | grep -o 'ab\|abcd'

#### grep -q status
printf 'a\n' | grep -q a; echo $?; printf 'a\n' | grep -q b; echo $?

#### grep -s missing file
grep -s x no-such-file; echo $?

#### grep missing file message
grep x no-such-file 2>&1; echo $?

#### grep -w
printf 'two\ntwofold\nsay two!\n' | grep -w two

#### grep -x
printf 'four\nfour five\n' | grep -x four

#### grep -m with trailing context
printf 'hi\nhi\nx\n' | grep -m1 -A1 hi

#### grep -A -B -C and separators
printf 'a1\nfoo\nbar\nfoo bar\nbaz\nqux\nfoo\nend\n' | grep -n -C1 baz
printf 'a1\nfoo\nbar\nfoo bar\nbaz\nqux\nfoo\nend\n' | grep -A1 foo
printf 'a1\nfoo\nbar\nfoo bar\nbaz\nqux\nfoo\nend\n' | grep -B1 qux

#### grep -e multiple and -f file
printf 'beta\nzeta\n' > pats
printf 'alpha\nbeta\nzeta\n' | grep -f pats
printf 'alpha\nbeta\nzeta\n' | grep -e alpha -e zeta

#### grep -r include exclude
mkdir -p d/sub; echo 'alpha' > d/a.txt; echo 'alpha' > d/b.log; echo 'alpha' > d/sub/c.txt
grep -r alpha d | sort
grep -r --include='*.txt' alpha d | sort
grep -r --exclude='*.txt' alpha d | sort
grep -r --exclude-dir=sub alpha d | sort

#### grep --color=never
echo alpha | grep --color=never alp

#### grep -z
printf 'a\0b\0cb\0' | grep -z b | tr '\0' '\n'

#### grep unrecognized option
grep --frobnicate x 2>&1; echo $?

#### grep invalid short option
grep -k x 2>&1; echo $?

#### grep bad regex
echo x | grep 'a\(' 2>&1; echo $?

#### grep catastrophic pattern finishes
printf '%s\n' aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa | grep -cE '(a+)+$'
printf '%s\n' aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa | grep -cE '(a|aa)*b'

#### egrep and fgrep
printf 'ab\na+b\n' | grep -E 'a+b'; printf 'ab\na+b\n' | grep -F 'a+b'

#### grep classes
printf 'a1\nb\n22\n' | grep '^[[:digit:]]*$'

#### grep -b and -ob
printf 'alpha\nbeta\n' | grep -b beta; printf 'alpha\nbeta\n' | grep -ob ta

#### grep no trailing newline
printf 'first\nlast' | grep last

#### grep -c with empty pattern
printf 'x\ny\n' | grep -c ''

# grep: GNU grep 3.8 details found by differential fuzzing (conformance/scripts/tools-fuzz.mjs).

#### grep -E warns about a repetition with nothing to repeat
echo 'xa*b' | grep -E -c '*a|+b'; echo 'xa*b' | grep -E -c -e '(?a)' -e '^{1,}x'; echo 'xa*b' | grep -c '*a'
echo 'xa*b' | grep -E -c -e '+a' -e '+a'
## STDOUT:
1
1
0
1
## END
## STDERR:
grep: warning: * at start of expression
grep: warning: + at start of expression
grep: warning: ? at start of expression
grep: warning: {...} at start of expression
grep: warning: + at start of expression
## END

#### grep -m 0 stops before reading anything
printf 'a\n' > f
grep -c -m0 a f missing; echo "status $?"
grep -L -m0 a f; echo "status $?"
## STDOUT:
status 1
f
status 1
## END

#### grep context separators go between files too
printf 'a\nb\n' > f1; printf 'a\nc\n' > f2
grep -A1 a f1 f2; grep -h -B1 c f1 f2 f1
## STDOUT:
f1:a
f1-b
--
f2:a
f2-c
a
c
## END

#### grep -F -o with an empty pattern still prints the other patterns' matches
printf 'x ERROR y\n' | grep -F -o -e ERROR -e ''
## STDOUT:
ERROR
## END

#### grep -T pads numbers of piped input to 19 columns
seq 2 | grep -n -T .; printf 'a\n' > f; grep -n -T a f
## STDOUT:
                  1:	1
                  2:	2
1:	a
## END

#### grep -o lines with only empty matches still count for separators
printf 'x\nb\nc\nx y\n' > f1; printf 'k\nx\n' > f2
grep -E -o -h -C 0 'x|()' f1 f2; printf 'a1\nb\nc\nd2\n' | grep -o -A1 '[0-9]'
## STDOUT:
x
x
--
x
1
--
2
## END

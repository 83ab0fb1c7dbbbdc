# sed: differential cases (Husk vs GNU sed 4.9). Oils spec-test format.

#### sed s basic and g
printf 'banana\n' | sed 's/a/X/'; printf 'banana\n' | sed 's/a/X/g'

#### sed s Nth and Ng
printf 'banana\n' | sed 's/a/X/2'; printf 'banana\n' | sed 's/a/X/2g'

#### sed s flags p i
printf 'banana\nx\n' | sed -n 's/AN/an/Igp'

#### sed empty matches
printf 'baaac\n' | sed 's/a*/x/g'; printf 'abc\n' | sed 's/x*/-/g'

#### sed groups and case conversion
printf 'hello world\n' | sed -E 's/(\w+) (\w+)/\u\1 \U\2\E!/'
printf 'foo bar\n' | sed 's/\w\+/\u&/g'

#### sed replacement newline and tab
printf 'a.b\n' | sed 's/\./\n/'; printf 'a.b\n' | sed 's/\./\t/'

#### sed addresses
seq 10 | sed -n '3p;$p'
seq 10 | sed '2,8d'
seq 10 | sed -n '/3/,/5/p'
seq 10 | sed -n '0~4p'
seq 10 | sed -n '3,+2p'
seq 10 | sed -n '5,~4p'
seq 10 | sed '0,/1/d'
seq 10 | sed '2!d'

#### sed a i c
printf 'x\ny\n' | sed '1i\
top'
printf 'x\ny\n' | sed '$a end'
printf 'w\nx\ny\nz\n' | sed '2,3c changed'

#### sed y and l
printf 'aabbcc\n' | sed 'y/abc/xyz/'
printf 'a\tb\\c\n' | sed -n l

#### sed N P D and hold space
seq 5 | sed '$!N;s/\n/-/'
printf '1\n2\n3\n' | sed '1!G;h;$!d'
printf 'a\nb\nc\n' | sed ':a;N;$!ba;s/\n/ /g'

#### sed branches t T
printf 'aaaaab\n' | sed ':a;s/aa/a/;ta'
printf 'x\ny\n' | sed 's/x/X/;T;s/$/ (changed)/'

#### sed q Q with status
seq 5 | sed '3q7'; echo "status $?"
seq 5 | sed '3Q'; echo "status $?"

#### sed = and -n
printf 'a\nb\n' | sed -n '$='

#### sed -s and multiple files
printf '1\n2\n' > f1; printf '3\n4\n' > f2
sed -n '$p' f1 f2; sed -s -n '$p' f1 f2

#### sed -i with suffix
printf 'one\ntwo\n' > f; sed -i.bak 's/o/0/g' f; cat f; cat f.bak

#### sed w and r
printf 'R1\n' > r.txt
printf 'a\nb\n' | sed '1r r.txt'
printf 'a\nb\na\n' | sed -n '/a/w out.txt'; cat out.txt

#### sed -z
printf 'a\0b\0' | sed -z 's/^/X/' | tr '\0' '\n'

#### sed -E and -r
printf 'xabbay\n' | sed -E 's/(a|b)+/<&>/g'; printf 'xabbay\n' | sed -r 's/(a|b)+/[&]/'

#### sed -f script file
printf 's/a/A/g\n/^b/d\n' > s.sed; printf 'alpha\nbeta\ngamma\n' | sed -f s.sed

#### sed missing final newline
printf 'a\nb' | sed p

#### sed errors
echo a | sed 's/a/b' 2>&1; echo "status $?"
echo a | sed 'k' 2>&1; echo "status $?"
echo a | sed 'b nowhere' 2>&1; echo "status $?"
echo a | sed --frobnicate 2>&1 | head -1; echo a | sed p missing-file 2>&1; echo "status $?"

#### sed catastrophic pattern finishes
printf '%s\n' aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa! | sed -E 's/(a+)+$/X/'

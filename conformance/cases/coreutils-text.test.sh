# coreutils text tools: differential cases (Husk vs GNU coreutils 9.1). Oils spec-test format.
# Expectations below were recorded from GNU bash 5.2 + coreutils 9.1 on the reference machine.

#### cat -n -b -s -E -T -A
printf 'a\tb\n\n\n\nc\x01\n' > f
cat -n f; cat -b f; cat -s f; cat -E f; cat -T f; cat -A f
## STDOUT:
     1	a	b
     2	
     3	
     4	
     5	c
     1	a	b



     2	c
a	b

c
a	b$
$
$
$
c$
a^Ib



c
a^Ib$
$
$
$
c^A$
## END

#### cat files and stdin dash
printf 'one\n' > a; printf 'two\n' > b
echo mid | cat a - b
## STDOUT:
one
mid
two
## END

#### cat missing file status
cat nope; echo "status $?"
## STDOUT:
status 1
## END

#### head -n -c and negative counts
seq 20 > f
head -n 3 f; head -3 f; head -n -17 f; head -c 5 f; echo; head -c -45 f | tail -1
## STDOUT:
1
2
3
1
2
3
1
2
3
1
2
3
3
## END

#### head several files headers
seq 3 > a; seq 4 6 > b
head -n 1 a b; head -q -n 1 a b; head -v -n 1 a
## STDOUT:
==> a <==
1

==> b <==
4
1
4
==> a <==
1
## END

#### tail -n +N and -c
seq 10 > f
tail -n 2 f; tail -n +9 f; tail +9 f; tail -c 5 f; tail -3 f
## STDOUT:
9
10
9
10
9
10
9
10
8
9
10
## END

#### tail headers and missing file
seq 3 > a
tail -n 1 a nope; echo "status $?"
## STDOUT:
==> a <==
3
status 1
## END

#### wc alignment
printf 'one two\nthree\n' > a; printf 'x\n' > b
wc a; wc -l a; wc a b; wc -c < a; printf 'hi there\n' | wc; printf 'abc' | wc -m -L
## STDOUT:
 2  3 14 a
2 a
 2  3 14 a
 1  1  2 b
 3  4 16 total
14
      1       2       9
      3       3
## END

#### sort default numeric reverse unique
printf 'b\na\nc\na\n10\n9\n' | sort
printf '10\n9\n-1\n2.5\n' | sort -n
printf '10\n9\n-1\n2.5\n' | sort -rn
printf 'b\na\nb\n' | sort -u
## STDOUT:
10
9
a
a
b
c
-1
2.5
9
10
10
9
2.5
-1
a
b
## END

#### sort keys and separators
printf 'bob 25\nal 30\ncy 25\n' | sort -k2,2n -k1,1r
printf 'x,3\ny,1\nz,2\n' | sort -t, -k2n
printf 'a 2\na 1\nb 0\na 0\n' | sort -s -k1,1
## STDOUT:
cy 25
bob 25
al 30
y,1
z,2
x,3
a 2
a 1
a 0
b 0
## END

#### sort -f -b -d -h -V -g -M
printf 'b\nA\na\nB\n' | sort -f
printf '  b\na\n c\n' | sort -b
printf 'a-c\nab\n' | sort -d
printf '2K\n1M\n500\n' | sort -h
printf 'v1.10\nv1.9\nv1.2\n' | sort -V
printf '1e3\n50\n-2\n' | sort -g
printf 'Mar\nJan\nFeb\n' | sort -M
## STDOUT:
A
a
B
b
a
  b
 c
ab
a-c
500
2K
1M
v1.2
v1.9
v1.10
-2
50
1e3
Jan
Feb
Mar
## END

#### sort -c -C -m -o -z
printf 'a\nc\nb\n' | sort -c; echo "status $?"
printf 'a\nb\n' | sort -C; echo "status $?"
printf 'a\nc\n' > x; printf 'b\nd\n' > y; sort -m x y
printf 'b\na\n' > f; sort -o f f; cat f
printf 'b\0a\0' | sort -z | tr '\0' ' '; echo
## STDOUT:
status 1
status 0
a
b
c
d
a
b
a b 
## END

#### uniq -c -d -u -i -f -s -w
printf 'a\na\nb\nc\nc\nc\n' | uniq -c
printf 'a\na\nb\n' | uniq -d
printf 'a\na\nb\n' | uniq -u
printf 'a\nA\nb\n' | uniq -i
printf 'x a\ny a\n' | uniq -f1
printf 'xxa\nyya\n' | uniq -s2
printf 'ab\nac\n' | uniq -w1
## STDOUT:
      2 a
      1 b
      3 c
a
b
a
b
x a
xxa
ab
## END

#### sort uniq -c sort -rn pipeline
printf 'pear\napple\npear\nfig\npear\napple\n' | sort | uniq -c | sort -rn
## STDOUT:
      3 pear
      2 apple
      1 fig
## END

#### cut fields bytes chars
printf 'a,b,c\n1,2,3\n' | cut -d, -f2
printf 'a,b,c\n' | cut -d, -f1,3
printf 'a,b,c\n' | cut -d, -f2-
printf 'hello\n' | cut -c2-4
printf 'hello\n' | cut -b1,5
printf 'a\tb\nnodelim\n' | cut -f2
printf 'a\tb\nnodelim\n' | cut -s -f2
printf 'a,b,c\n' | cut -d, --complement -f2
printf 'a,b,c\n' | cut -d, -f1,3 --output-delimiter=' | '
## STDOUT:
b
2
a,c
b,c
ell
ho
b
nodelim
b
a,c
a | c
## END

#### cut errors
cut -f0 /dev/null; echo "status $?"
cut /dev/null; echo "status $?"
## STDOUT:
status 1
status 1
## END

#### tr ranges classes delete squeeze complement
echo 'Hello World' | tr a-z A-Z
echo 'Hello World' | tr '[:upper:]' '[:lower:]'
echo 'a1b22c' | tr -d '[:digit:]'
echo 'aa   bb' | tr -s ' '
echo 'a-b c!' | tr -c '[:alnum:]\n' _
echo 'abc' | tr -cd 'b\n'
echo 'hello' | tr -t 'hel' 'HE'
printf 'a\nb\n' | tr '\n' ,; echo
## STDOUT:
HELLO WORLD
hello world
abc
aa bb
a_b_c_
b
HEllo
a,b,
## END

#### seq forms
seq 3; seq 2 4; seq 1 2 7; seq 5 -2 1; seq 1 0.5 2.5; seq -w 8 10; seq -s, 4; seq -f '%03g' 3; seq 0.1 0.1 0.3
## STDOUT:
1
2
3
2
3
4
1
3
5
7
5
3
1
1.0
1.5
2.0
2.5
08
09
10
1,2,3,4
001
002
003
0.1
0.2
0.3
## END

#### seq errors
seq; echo "status $?"
seq 1 0 3; echo "status $?"
seq x; echo "status $?"
## STDOUT:
status 1
status 1
status 1
## END

#### tee writes files and appends
echo one | tee a > /dev/null; echo two | tee -a a; cat a
## STDOUT:
two
one
two
## END

#### rev tac nl
printf 'abc\nxyz\n' | rev
printf '1\n2\n3\n' | tac
printf 'a\n\nb\n' | nl
printf 'a\n\nb\n' | nl -ba -w3 -s': '
## STDOUT:
cba
zyx
3
2
1
     1	a
       
     2	b
  1: a
  2: 
  3: b
## END

#### paste and fold
printf '1\n2\n3\n' > a; printf 'x\ny\n' > b
paste a b; paste -d, a b; paste -s a; paste -sd+ a
echo 'the quick brown fox jumps' | fold -w 10
echo 'the quick brown fox jumps' | fold -s -w 10
## STDOUT:
1	x
2	y
3	
1,x
2,y
3,
1	2	3
1+2+3
the quick 
brown fox 
jumps
the quick 
brown fox 
jumps
## END

#### basename dirname
basename /usr/bin/sort; basename include/stdio.h .h; basename -s .h a/b.h c.h; basename -a x/y z/
dirname /usr/bin/; dirname stdio.h; dirname a/b/c
## STDOUT:
sort
stdio
b
c
y
z
/usr
.
a/b
## END

#### env and printenv
FOO=bar printenv FOO; printenv NOPE_NOT_SET; echo "status $?"
env FOO=1 BAR=2 printenv FOO BAR
FOO=x env -u FOO printenv FOO; echo "status $?"
## STDOUT:
bar
status 1
1
2
status 1
## END

#### yes with head
yes | head -3; yes ab | head -2
## STDOUT:
y
y
y
ab
ab
## END

#### expr arithmetic and strings
expr 2 + 3 '*' 4; expr 7 / 2; expr 7 % 3; expr length hello; expr substr hello 2 3; expr index hello l
expr abc : 'a\(.*\)'; expr abc : '.*'; expr 5 '>' 3; expr a '<' b; expr 0; echo "status $?"
## STDOUT:
14
3
1
5
ell
3
bc
3
1
1
0
status 1
## END

#### expr errors
expr 1 / 0; echo "status $?"
expr 1 +; echo "status $?"
expr a + 1; echo "status $?"
## STDOUT:
status 2
status 2
status 2
## END

#### date formats from fixed epoch
TZ=UTC date -d @1704164645
TZ=UTC date -d @1704164645 '+%Y-%m-%d %H:%M:%S %j %a %b %s'
date -u -d '2024-02-29 13:45' '+%F %T %A'
date -u -d '2024-01-31 + 1 day' +%F
date -u -R -d @0; date -u -I -d @0; date -u -Iseconds -d @0
## STDOUT:
Tue Jan  2 03:04:05 UTC 2024
2024-01-02 03:04:05 002 Tue Jan 1704164645
2024-02-29 13:45:00 Thursday
2024-02-01
Thu, 01 Jan 1970 00:00:00 +0000
1970-01-01
1970-01-01T00:00:00+00:00
## END

#### date invalid
date -d 'not a date'; echo "status $?"
## STDOUT:
status 1
## END

#### base64 encode decode
printf 'hello world\n' | base64
printf 'hello world\n' | base64 | base64 -d
printf 'abcdefghij%.0s' 1 2 3 4 5 6 7 8 9 | base64 -w 20
printf 'hi' | base64 -w0; echo
## STDOUT:
aGVsbG8gd29ybGQK
hello world
YWJjZGVmZ2hpamFiY2Rl
ZmdoaWphYmNkZWZnaGlq
YWJjZGVmZ2hpamFiY2Rl
ZmdoaWphYmNkZWZnaGlq
YWJjZGVmZ2hpamFiY2Rl
ZmdoaWphYmNkZWZnaGlq
aGk=
## END

#### checksums
printf 'abc' > f
md5sum f; sha1sum f; sha256sum f
printf 'abc' | md5sum
md5sum f > sums; md5sum -c sums
## STDOUT:
900150983cd24fb0d6963f7d28e17f72  f
a9993e364706816aba3e25717850c26c9cd0d89d  f
ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  f
900150983cd24fb0d6963f7d28e17f72  -
f: OK
## END

#### xargs basic
printf 'a b\nc\n' | xargs echo
printf 'a b c d\n' | xargs -n 2 echo
printf 'x\ny\n' | xargs -I{} echo 'item {}'
printf 'a\0b c\0' | xargs -0 -n1 echo
printf 'a,b' | xargs -d, echo
printf '' | xargs -r echo nothing; echo "status $?"
## STDOUT:
a b c
a b
c d
item x
item y
a
b c
a b
status 0
## END

#### xargs exit status 123
printf 'a\nb\n' | xargs -n1 test a =; echo "status $?"
## STDOUT:
status 123
## END

#### timeout passes status
timeout 5 false; echo "status $?"; timeout 5 true; echo "status $?"
## STDOUT:
status 1
status 0
## END

#### sleep zero
sleep 0; echo "status $?"
## STDOUT:
status 0
## END

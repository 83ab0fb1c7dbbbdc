# sed: commands, flags and options not covered by sed-basic (differential against GNU sed 4.9).

#### sed D and P (sliding window)
printf '1\n2\n3\n4\n' | sed -n '$!N;P;D'; printf 'a\nb\nc\n' | sed 'N;P;D'
## STDOUT:
1
2
3
4
a
b
c
## END

#### sed n and -n with p
seq 6 | sed -n 'n;p'; seq 5 | sed 'n;d'
## STDOUT:
2
4
6
1
3
5
## END

#### sed x H and z
printf 'a\nb\nc\n' | sed -n 'H;${x;s/\n/,/g;p}'; printf 'a\nb\n' | sed 'x'; printf 'a\nb\n' | sed '1z'
## STDOUT:
,a,b,c

a

b
## END

#### sed F and =
printf 'a\nb\n' > f; sed F f; sed -n '/b/=' f; printf 'x\n' | sed F
## STDOUT:
f
a
f
b
2
-
x
## END

#### sed W and w flag of s
printf 'a1\nb\na2\n' | sed -n 'N;W out1
'; cat out1; printf 'a1\nb\na2\n' | sed 's/a/A/w out2'; cat out2
## STDOUT:
a1
A1
b
A2
A1
A2
## END

#### sed R reads a line per cycle
printf 'r1\nr2\n' > r; printf 'a\nb\nc\n' | sed 'R r'
## STDOUT:
a
r1
b
r2
c
## END

#### sed nested blocks and !
seq 10 | sed -n '2,8{/[357]/!{p}}'; seq 6 | sed -n '/2/,/5/{/3/,/4/!p}'
## STDOUT:
2
4
6
8
2
5
## END

#### sed s flags m M and I
printf 'a\nb\n' | sed 'N;s/^b/B/M'; printf 'a\nb\n' | sed 'N;s/a$/A/m'; printf 'a\nb\n' | sed 'N;s/^b/B/'; echo Hello | sed 's/HELLO/x/I'
## STDOUT:
a
B
A
b
a
b
x
## END

#### sed address flags I and M
printf 'Foo\nfoo\nbar\n' | sed -n '/FOO/Ip'; printf 'Foo\nbar\n' | sed -n '/foo/I,$p'
## STDOUT:
Foo
foo
Foo
bar
## END

#### sed a i c with backslash continuation
printf 'x\ny\n' | sed '1a\
line one\
line two'
printf 'x\ny\n' | sed '2i\  indented'; printf 'x\ny\nz\n' | sed '/y/c\
CHANGED'
## STDOUT:
x
line one
line two
y
x
  indented
y
x
CHANGED
z
## END

#### sed c on a range and with !
seq 5 | sed '2,4c\
gone'; seq 3 | sed '2!c X'
## STDOUT:
1
gone
5
X
2
X
## END

#### sed l with a wrap width and -l
printf 'abcdefghijklmnopqrstuvwxyz0123456789\n' | sed -n 'l 10'; printf 'abcdefghij\n' | sed -l 5 -n l; printf 'a\001\n' | sed -n l
## STDOUT:
abcdefghi\
jklmnopqr\
stuvwxyz0\
123456789$
abcd\
efgh\
ij$
a\001$
## END

#### sed q and Q with exit codes and pending output
seq 3 | sed '2q5'; echo "[$?]"; seq 3 | sed -n '2{p;Q3}'; echo "[$?]"; printf 'a\nb\n' | sed '1{a\
appended
q}'
## STDOUT:
1
2
[5]
2
[3]
a
appended
## END

#### sed b and labels, t loops
printf 'a,b,c\n' | sed ':x;s/,/;/;tx'; printf 'ab\n' | sed -n 's/a/A/;ta;p;b;:a;s/$/!/p'; seq 4 | sed -n '/2/b skip;p;:skip'
## STDOUT:
a;b;c
Ab!
1
3
4
## END

#### sed 0,/re/ and first~step and addr,~N
printf 'x\nx\nx\n' | sed '0,/x/s//y/'; seq 10 | sed -n '2~3p'; seq 10 | sed -n '/4/,~4p'; seq 7 | sed '1~2d'
## STDOUT:
y
x
x
2
5
8
4
5
6
7
8
2
4
6
## END

#### sed -s and -i without suffix and F with files
printf '1\n2\n' > a; printf '3\n' > b; sed -s '1F' a b; sed -i '1d' a b; cat a b
## STDOUT:
a
1
2
b
3
2
## END

#### sed -E -r and --regexp-extended and --posix
echo 'aaa' | sed -E 's/a{2}/X/'; echo 'aaa' | sed --regexp-extended 's/a+/X/'; echo 'a+b' | sed 's/a+b/X/'; echo 'ab' | sed --posix 's/a*b/X/'
## STDOUT:
Xa
X
X
X
## END

#### sed -z and -s combined and --null-data
printf 'a\nb\0c\0' | sed -z 's/^./X/' | tr '\0' '|'; echo; printf 'x\0y\0' | sed --null-data -n '2p' | tr '\0' '|'; echo
## STDOUT:
X
b|X|
y|
## END

#### sed -n -e -f and --expression --quiet
printf 's/a/A/\n' > s1; echo abc | sed -n -f s1 -e p; echo abc | sed --quiet --expression='s/b/B/p'
## STDOUT:
Abc
aBc
## END

#### sed replacement escapes
echo 'hello world' | sed 's/\(hello\) \(world\)/\2 \1 [&] \U\1\E \u\2 \L\UMiX\E/'; echo 'ABC' | sed 's/B/\l&x/'; echo 'a' | sed 's/a/1\n2/'
## STDOUT:
world hello [hello world] HELLO World MIX
AbxC
1
2
## END

#### sed y with escapes and errors
printf 'a\tb\n' | sed 'y/\t/ /'; echo abc | sed 'y/abc/xy/' 2>&1; echo "[$?]"
## STDOUT:
a b
sed: -e expression #1, char 9: strings for `y' command are different lengths
[1]
## END

#### sed unknown options and commands
sed --bogus 2>&1 | head -1; echo "[$?]"; sed -k p 2>&1 | head -1; echo x | sed 'foo' 2>&1; echo "[$?]"
## STDOUT:
sed: unrecognized option '--bogus'
[0]
sed: invalid option -- 'k'
sed: -e expression #1, char 1: unknown command: `f'
[1]
## END

#### sed missing input file and status
printf 'a\n' > ok; sed p ok nope 2>&1; echo "[$?]"
## STDOUT:
sed: can't read nope: No such file or directory
a
a
[2]
## END

#### sed G on empty hold and N at last line
printf 'a\nb\n' | sed G; printf 'a\nb\nc\n' | sed N; printf 'a\nb\nc\n' | sed '$!N;s/\n/+/'
## STDOUT:
a

b

a
b
c
a+b
c
## END

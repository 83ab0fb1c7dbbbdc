# sed: GNU sed 4.9 details found by differential fuzzing (conformance/scripts/tools-fuzz.mjs).

#### sed hold space keeps whether its line had a newline (g G h H x)
printf 'a\nb' | sed x; echo '|'
printf 'a\nb' | sed G; echo '|'
printf 'a\nb' | sed '$!d;x;G'; echo '|'
printf 'a\nb' | sed 'H;$!d;x'; echo '|'
## STDOUT:

a
|
a

b

|

b|

a
b|
## END

#### sed -s keeps the missing newline between files, empties hold space, restarts ranges
printf 'a' > f1; printf 'b\nc\n' > f2
sed -s p f1 f2
sed -s 'x' f1 f2
sed -s -n '2,/c/p;$=' f1 f2
## STDOUT:
a
a
b
b
c
c


b
1
c
2
## END

#### sed one-liner a i c decode escapes
printf 'x\n' | sed 'a one\ttwo\nthree'
printf 'x\n' | sed 'i \x41\o102'
printf 'x\n' | sed 'c foo\qbar\\baz'
printf 'x\n' | sed 'a\  kept spaces'
## STDOUT:
x
one	two
three
x41B
x
fooqbar\baz
x
  kept spaces
## END

#### sed a\ at the end of the script appends nothing; a trailing backslash goes on in the next -e
printf 'x\ny\n' | sed 'a\'
printf 'x\ny\n' | sed '1i\'
printf 'x\n' | sed -e 'a one\' -e 'two'
## STDOUT:
x
y
x
y
x
one
two
## END

#### sed s repeated flags are errors
echo x | sed 's/x/y/gg'; echo "status $?"
echo x | sed 's/x/y/pgp'; echo "status $?"
echo x | sed 's/x/y/12g3'; echo "status $?"
## STDOUT:
status 1
status 1
status 1
## END
## STDERR:
sed: -e expression #1, char 8: multiple `g' options to `s' command
sed: -e expression #1, char 9: multiple `p' options to `s' command
sed: -e expression #1, char 10: multiple number options to `s' command
## END

#### sed invalid reference is reported past the command's end
echo x | sed 's/x/\1/;p'; echo x | sed 's/x/\1/'; echo x | sed '{s/x/\1/}'; echo x | sed -n 's/x/\1/gp
p'
## status: 1
## stdout-json: ""
## STDERR:
sed: -e expression #1, char 8: invalid reference \1 on `s' command's RHS
sed: -e expression #1, char 7: invalid reference \1 on `s' command's RHS
sed: -e expression #1, char 8: invalid reference \1 on `s' command's RHS
sed: -e expression #1, char 10: invalid reference \1 on `s' command's RHS
## END

#### sed q and Q take one address
seq 3 | sed '1,2q'; echo "status $?"
seq 3 | sed '0,/2/Q'; echo "status $?"
## STDOUT:
status 1
status 1
## END
## STDERR:
sed: -e expression #1, char 4: command only uses one address
sed: -e expression #1, char 6: command only uses one address
## END

#### sed line address 0 and repeated negation
seq 3 | sed '0,2!d'; seq 3 | sed -n '0p'; seq 3 | sed '1,2!!d'
## status: 1
## stdout-json: ""
## STDERR:
sed: -e expression #1, char 4: invalid usage of line address 0
sed: -e expression #1, char 2: invalid usage of line address 0
sed: -e expression #1, char 5: multiple `!'s
## END

#### sed a line-number range starts at any later line and ends when jumped over
seq 8 | sed -n '$!N;2,3p'
seq 4 | sed -n '${1,+1p}'
seq 6 | sed -n '2{n;n};1,3p'
## STDOUT:
1
2
4
1
## END

#### sed labels end at whitespace, semicolon or closing brace
seq 8 | sed -n '1,3{2,$b};='
echo xx | sed -n '{:a;s/x/y/;ta};p'
echo xx | sed -n ':a b;p'
## STDOUT:
1
4
5
6
7
8
yy
## END

#### sed an unclosed bracket leaves s unterminated
echo 'a/b' | sed 's/[/]/X/'; echo 'a/b' | sed 's/[/x/'; echo "status $?"
echo 'a/b' | sed '/[/p'; echo "status $?"
## STDOUT:
aXb
status 1
status 1
## END
## STDERR:
sed: -e expression #1, char 6: unterminated `s' command
sed: -e expression #1, char 4: unterminated address regex
## END

#### sed -z uses NUL for G N D = i l and q
printf 'a\nb' | sed -z 'G' | od -An -c
printf 'a\0b\0' | sed -z 'N;=;l;P;D' | od -An -c
printf 'a\nb' | sed -z 'i x' | od -An -c
printf 'a\nb' | sed -z -n '$!D;=' | od -An -c
## STDOUT:
   a  \n   b  \0  \0
   2  \0   a   \   0   0   0   b   $  \0   a  \0   b  \0
   x  \0   a  \n   b
   1  \0
## END

#### sed q ends a last line that lacked its newline
printf 'a' | sed q | od -An -c; printf 'a' | sed -n 'p;q' | od -An -c; printf 'a' | sed p | od -An -c
## STDOUT:
   a  \n
   a  \n
   a  \n   a
## END

#### sed l wraps between the bytes of a character
printf 'na\303\257ve caf\303\251\n' | sed -n 'l 5'
## STDOUT:
na\
\303\
\257\
ve c\
af\
\303\
\251$
## END

#### sed unmatched brace names the expression it opened in
echo x | sed -e p -e '{p' -e p; echo x | sed -e '{p;a x}' -e p
## status: 1
## stdout-json: ""
## STDERR:
sed: -e expression #2, char 0: unmatched `{'
sed: -e expression #1, char 0: unmatched `{'
## END

# expr and cut: GNU coreutils 9.1 details found by differential fuzzing
# (conformance/scripts/tools-fuzz.mjs).

#### expr integers have no plus sign
expr +1 / 1; echo "status $?"; expr -3 '<' +1; echo "status $?"; expr 007 - 1
## STDOUT:
status 2
0
status 1
6
## END
## STDERR:
expr: non-integer argument
## END

#### expr does not evaluate the operand | and & skip
expr 0 '&' x / 'a b'; echo "status $?"; expr 1 '|' x / 0; expr 0 '&' x : 'a\('; echo "status $?"
expr -0 '|' 5; expr 00 '&' 1; echo "status $?"
## STDOUT:
0
status 1
1
0
status 1
5
0
status 1
## END

#### expr quotes arguments in syntax errors as GNU does in a UTF-8 locale
export LC_ALL=C.UTF-8; expr 2 +; expr quote x; expr '(' 1 2; expr length; echo "status $?"
## STDOUT:
status 2
## END
## STDERR:
expr: syntax error: missing argument after ‘+’
expr: syntax error: unexpected argument ‘x’
expr: syntax error: expecting ')' instead of ‘2’
expr: syntax error: missing argument after ‘length’
## END

#### cut list errors follow GNU's parser
echo a | cut -f ,; echo a | cut -f 1-2-3; echo a | cut -c 1-2-3; echo a | cut -f -0; echo a | cut -f 1a
echo a | cut -c 0-; echo a | cut -f '1 2'; echo "status $?"
## STDOUT:
a
status 0
## END
## STDERR:
cut: fields are numbered from 1
Try 'cut --help' for more information.
cut: invalid field range
Try 'cut --help' for more information.
cut: invalid byte or character range
Try 'cut --help' for more information.
cut: invalid decreasing range
Try 'cut --help' for more information.
cut: invalid field value ‘a’
Try 'cut --help' for more information.
cut: byte/character positions are numbered from 1
Try 'cut --help' for more information.
## END

#### cut with an empty output delimiter writes NUL
echo 'a b c' | cut -d ' ' -f 1,3 --output-delimiter='' | od -An -c
## STDOUT:
   a  \0   c  \n
## END

# tr: GNU coreutils 9.1's checks of STRING1/STRING2 and the -c domain, found by differential
# fuzzing (conformance/scripts/tools-fuzz.mjs).

#### tr string2 classes when translating are upper and lower only
echo 'Hello 123' | tr '[:lower:]' '[:digit:]'; echo "status $?"
echo 'Hello 123' | tr 'a-z' '[:upper:]'; echo "status $?"
echo 'Hello 123' | tr '[:alpha:]' '[:upper:]'; echo "status $?"
echo 'Hello 123' | tr 'a[:lower:]' 'A[:upper:]'
## STDOUT:
status 1
status 1
status 1
HELLO 123
## END
## STDERR:
tr: when translating, the only character classes that may appear in
string2 are 'upper' and 'lower'
tr: misaligned [:upper:] and/or [:lower:] construct
tr: misaligned [:upper:] and/or [:lower:] construct
## END

#### tr repeat constructs and equivalence classes
echo 'Hello' | tr '[l*]' x; echo "status $?"
echo 'Hello' | tr -ds l '[x*]'; echo "status $?"
echo 'Hello' | tr 'a-c' '[x*][y*]'; echo "status $?"
echo 'Hello' | tr l '[=x=]'; echo "status $?"
echo 'Hello' | tr '[=ll=]' x; echo "status $?"
## STDOUT:
status 1
status 1
status 1
status 1
status 1
## END
## STDERR:
tr: the [c*] repeat construct may not appear in string1
tr: the [c*] construct may appear in string2 only when translating
tr: only one [c*] repeat construct may appear in string2
tr: [=c=] expressions may not appear in string2 when translating
tr: ll: equivalence class operand must be a single character
## END

#### tr -c maps the complement in byte order and checks string2
echo 'Hello, World 123' | tr -c 'a-z' '[A*]'
echo 'Hello, World 123' | tr -sc '\\' 'A-Z'; echo
echo 'Hello 123' | tr -c '[:digit:]' xy; echo "status $?"
echo 'Hello 123' | tr -c a '[:upper:]'; echo "status $?"
echo 'Hello 123' | tr -cs '[:alnum:]' '\n'
## STDOUT:
AelloAAAorldAAAAAZK
status 1
status 1
Hello
123
## END
## STDERR:
tr: when translating with complemented character classes,
string2 must map all characters in the domain to one
tr: when translating with string1 longer than string2,
the latter string must not end with a character class
## END

#### tr quotes operands as GNU does in a UTF-8 locale
echo x | LC_ALL=C.UTF-8 tr a; echo x | LC_ALL=C.UTF-8 tr '[:foo:]' y; echo x | LC_ALL=C tr -d a b
## status: 1
## stdout-json: ""
## STDERR:
tr: missing operand after ‘a’
Two strings must be given when translating.
Try 'tr --help' for more information.
tr: invalid character class ‘foo’
tr: extra operand 'b'
Only one string may be given when deleting without squeezing repeats.
Try 'tr --help' for more information.
## END

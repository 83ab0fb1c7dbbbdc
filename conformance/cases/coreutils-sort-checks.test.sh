# sort: GNU coreutils 9.1 option checks and -z fields, found by differential fuzzing
# (conformance/scripts/tools-fuzz.mjs).

#### sort rejects incompatible orderings
printf 'b\na\n' | sort -n -h; echo "status $?"
printf 'b\na\n' | sort -f -g -M -r -b; echo "status $?"
printf 'b\na\n' | sort -d -i -V; echo "status $?"
printf 'b\na\n' | sort -n -g -k1; echo "status $?"
printf 'b 1\na 2\n' | sort -n -g -k2n
## STDOUT:
status 2
status 2
a
b
status 0
status 2
b 1
a 2
## END
## STDERR:
sort: options '-hn' are incompatible
sort: options '-fgM' are incompatible
sort: options '-gn' are incompatible
## END

#### sort quotes key specs and tabs as GNU does in a UTF-8 locale
sort -k1,0 </dev/null; LC_ALL=C.UTF-8 sort -k1.0 </dev/null; LC_ALL=C.UTF-8 sort -tab </dev/null; LC_ALL=C.UTF-8 sort -k1.x </dev/null
echo "status $?"
## STDOUT:
status 2
## END
## STDERR:
sort: field number is zero: invalid field specification ‘1,0’
sort: character offset is zero: invalid field specification ‘1.0’
sort: multi-character tab ‘ab’
sort: invalid number after '.': invalid count at start of ‘x’
## END

#### sort -c with two files has no help hint
printf 'a\n' > f1; cp f1 f2; sort -c f1 f2; echo "status $?"
## STDOUT:
status 2
## END
## STDERR:
sort: extra operand 'f2' not allowed with -c
## END

#### sort -z counts newline as a blank between fields
printf '2024-01-05 INFO started\n2024-01-07 DEBUG\0001K\ninf\n3k\n\000' | sort -z -k2.3,2 | tr '\0' '|'
## stdout-json: "2024-01-05 INFO started\n2024-01-07 DEBUG|1K\ninf\n3k\n|"

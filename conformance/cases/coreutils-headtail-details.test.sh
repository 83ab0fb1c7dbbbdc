# head and tail: GNU coreutils 9.1 details found by differential fuzzing
# (conformance/scripts/tools-fuzz.mjs).

#### tail keeps a leading empty line
printf '\n' | tail -n 3; printf '\n\nb\n' | tail -n 5; echo end
## STDOUT:



b
end
## END

#### tail with zero lines or bytes opens nothing
printf 'a\n' > f1; tail -n 0 f1 missing; tail -c -0 f1 f1; echo "status $?"; tail -n +0 f1
## STDOUT:
status 0
a
## END

#### tail -N takes at most one file
printf 'a\nb\n' > f1; cp f1 f2
tail -1 f1; tail -1 -- f1; tail -1 f1 f2; echo "status $?"; tail -n 1 -2 f1; echo "status $?"
## STDOUT:
b
b
status 1
status 1
## END
## STDERR:
tail: option used in invalid context -- 1
tail: option used in invalid context -- 2
## END

#### head and tail report a bad count without one leading minus
LC_ALL=C.UTF-8 tail -n -x </dev/null; LC_ALL=C.UTF-8 head -n --1 </dev/null; LC_ALL=C.UTF-8 head -c x </dev/null; tail -n +x </dev/null
echo "status $?"
## STDOUT:
status 1
## END
## STDERR:
tail: invalid number of lines: ‘x’
head: invalid number of lines: ‘-1’
head: invalid number of bytes: ‘x’
tail: invalid number of lines: ‘+x’
## END

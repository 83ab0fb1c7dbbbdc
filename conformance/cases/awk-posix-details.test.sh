# awk: behaviour gawk and mawk agree on, found by differential fuzzing
# (conformance/scripts/tools-fuzz.mjs; the oracle's awk is gawk).

#### awk -F t is a literal t, not a tab
printf 'atb\tc\n' | awk -F t '{ print $1 "|" $2; $1 = $1; print }'
a|b	c
a b	c
## status: 127
## STDOUT:
a|b	c
a b	c
## END
## STDERR:
bash: line 2: a: command not found
bash: line 2: b: command not found
bash: line 3: a: command not found
## END

#### awk paragraph mode adds newline as a separator only for a one-character FS
printf 'a,b\nc,d\n\ne,f\n' | awk -F '[,]' 'BEGIN { RS = "" } { print NF ": " $1 "|" $2 }'
printf 'a|b\nc|d\n' | awk -F '\\|' 'BEGIN { RS = "" } { print NF ": " $1 "|" $2 }'
3: a|b
c
2: e|f
3: a|b
c
## status: 127
## STDOUT:
3: a|b
c
2: e|f
3: a|b
c
## END
## STDERR:
bash: line 3: 3:: command not found
bash: line 3: b: command not found
bash: line 4: c: command not found
bash: line 5: 2:: command not found
bash: line 5: f: command not found
bash: line 6: 3:: command not found
bash: line 6: b: command not found
bash: line 7: c: command not found
## END

#### awk a record rebuilt after a field assignment keeps the OFS of that moment
echo 'a b c' | awk '{ $1 = $1; OFS = "-"; print; $1 = $1; print }'
a b c
a-b-c
## status: 127
## STDOUT:
a b c
a-b-c
## END
## STDERR:
bash: line 2: a: command not found
bash: line 3: a-b-c: command not found
## END

#### awk RLENGTH is 0 before any match()
awk 'BEGIN { if (RLENGTH) print "set"; else print "unset"; print RSTART + 0 }'
unset
0
## status: 127
## STDOUT:
unset
0
## END
## STDERR:
bash: line 3: 0: command not found
## END

#### awk printf with no arguments fails when it runs
awk 'BEGIN { print "before"; printf }'; echo "status $?"
before
status 2
awk: cmd. line:1: fatal: printf: no arguments
## status: 127
## STDOUT:
before
status 2
## END
## STDERR:
awk: cmd. line:1: fatal: printf: no arguments
bash: line 2: before: command not found
bash: line 3: status: command not found
bash: line 4: awk:: command not found
## END

#### awk a variable read as a scalar cannot become an array
awk 'BEGIN { n = length(a); a[1] = 1; print "no" }'; echo "status $?"
awk 'BEGIN { print x; x[1] = 1 }'; echo "status $?"
awk 'BEGIN { y = s "a"; split("a b", s) }'; echo "status $?"
awk 'BEGIN { if (0) print z; z[1] = 1; print "ok" }'
## STDOUT:
status 2

status 2
status 2
ok
## END
## STDERR:
awk: cmd. line:1: fatal: attempt to use scalar `a' as an array
awk: cmd. line:1: fatal: attempt to use scalar `x' as an array
awk: cmd. line:1: fatal: split: second argument is not an array
## END

#### awk printf runs out of arguments before applying a * width
awk 'BEGIN { printf "%*d\n", 2^40 }'; echo "status $?"
awk 'BEGIN { printf "%.*f|%s\n", 2 }'; echo "status $?"
## STDOUT:
status 2
status 2
## END
## STDERR:
awk: cmd. line:1: fatal: not enough arguments to satisfy format string
	`%*d
'
	  ^ ran out for this one
awk: cmd. line:1: fatal: not enough arguments to satisfy format string
	`%.*f|%s
'
	   ^ ran out for this one
## END

# awk: behaviour gawk and mawk agree on, found by differential fuzzing
# (conformance/scripts/tools-fuzz.mjs; the oracle's awk is gawk).

#### awk -F t is a literal t, not a tab
printf 'atb\tc\n' | awk -F t '{ print $1 "|" $2; $1 = $1; print }'
## STDOUT:
a|b	c
a b	c
## END

#### awk paragraph mode adds newline as a separator only for a one-character FS
printf 'a,b\nc,d\n\ne,f\n' | awk -F '[,]' 'BEGIN { RS = "" } { print NF ": " $1 "|" $2 }'
printf 'a|b\nc|d\n' | awk -F '\\|' 'BEGIN { RS = "" } { print NF ": " $1 "|" $2 }'
## STDOUT:
3: a|b
c
2: e|f
3: a|b
c
## END

#### awk a record rebuilt after a field assignment keeps the OFS of that moment
echo 'a b c' | awk '{ $1 = $1; OFS = "-"; print; $1 = $1; print }'
## STDOUT:
a b c
a-b-c
## END

#### awk RLENGTH is 0 before any match()
awk 'BEGIN { if (RLENGTH) print "set"; else print "unset"; print RSTART + 0 }'
## STDOUT:
unset
0
## END

#### awk printf with no arguments fails when it runs
awk 'BEGIN { print "before"; printf }'; echo "status $?"
## STDOUT:
before
status 2
## END
## STDERR:
awk: cmd. line:1: fatal: printf: no arguments
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

#### awk a compound assignment reads its target after the right side
awk 'BEGIN { y = 5; y += (y = 1); print y; z = 2; z *= --z; print z }'
awk 'function f() { v = 10; return 1 } BEGIN { v = 5; v += f(); print v; a[1] = 5; a[1] += (a[1] = 1); print a[1] }'
echo 5 | awk '{ $1 += ($1 = 1); print }'
## STDOUT:
2
1
11
2
2
## END

#### awk computes a subscript before it looks up the array
printf 'x\ny\n' | awk '{ a[length(a) + 1] = $0 } END { print length(a) }'; echo "status $?"
awk 'BEGIN { print (length(b) in b) }'; echo "status $?"
## STDOUT:
status 2
status 2
## END
## STDERR:
awk: cmd. line:1: (FILENAME=- FNR=1) fatal: attempt to use scalar `a' as an array
awk: cmd. line:1: fatal: attempt to use scalar `b' as an array
## END

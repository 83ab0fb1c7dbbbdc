# Catastrophic regexes (exponential for a backtracking engine) over 50,000 a's, in every tool
# that takes a user regex: each must finish (or fail) well within the run's deadline.

#### catastrophic grep
a=$(printf '%50000s' '' | tr ' ' a); echo "$a" > f
grep -cE '(a+)+$' f; grep -cE '(a|aa)*b' f; grep -c '\(a*\)*b' f; grep -cP '(a|aa)*b' f; echo "[$?]"
## STDOUT:
1
0
0
0
[1]
## END

#### catastrophic sed
a=$(printf '%50000s' '' | tr ' ' a); echo "$a" > f
sed -E 's/(a+)+$/X/' f | wc -c; sed -E 's/(a|aa)*b/X/' f | wc -c; sed -n '/\(a*\)*b/p' f | wc -c
## STDOUT:
2
50001
0
## END

#### catastrophic awk
# recorded: gawk 5.2 itself needs ~50 s for match()/gsub() here (GNU regex backtracks); the
# expectation is what it prints then
a=$(printf '%50000s' '' | tr ' ' a); echo "$a" > f
awk '/(a+)+$/ { print "m" }' f; awk '{ print match($0, /(a|aa)*b/) }' f; awk '{ n = gsub(/(a|aa)*b/, "x"); print n }' f
## oracle: recorded
## STDOUT:
m
0
0
## END

#### catastrophic expr
a=$(printf '%50000s' '' | tr ' ' a)
expr "$a" : '\(a*\)*b'; echo "[$?]"; expr "$a" : 'a*\(a\)$'; expr "$a" : '\(a\+\)\+$' | wc -c
## STDOUT:

[1]
a
50001
## END

#### catastrophic [[ =~ ]]
# recorded: bash 5.2 (glibc regex) needs ~60 s here; the expectation is what it prints then
a=$(printf '%50000s' '' | tr ' ' a)
[[ $a =~ (a|aa)*b ]]; echo "[$?]"; [[ $a =~ ^(a+)+$ ]]; echo "[$?] ${#BASH_REMATCH[1]}"
## oracle: recorded
## STDOUT:
[1]
[0] 50000
## END

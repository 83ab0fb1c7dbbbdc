# awk: POSIX core (Husk's awk vs the system awk run by the bash oracle). Every case here gives
# the same output under mawk and gawk; gawk-only behaviour lives in awk-gawk.test.sh.

#### awk print fields
printf 'alice 10\nbob 20\n' | awk '{ print $2, $1 }'

#### awk sum column
printf '1\n2\n3.5\n' | awk '{ s += $1 } END { print s }'

#### awk group by key sorted
printf 'a 1\nb 2\na 3\n' | awk '{ s[$1] += $2 } END { for (k in s) print k, s[k] }' | sort

#### awk NR NF and last field
printf 'a b c\nd e\n' | awk '{ print NR, NF, $NF }'

#### awk -F comma
printf 'x,y,z\n1,2,3\n' | awk -F, '{ print $2 }'

#### awk -F tab escape
printf 'a\tb c\td\n' | awk -F '\t' '{ print $2 }'

#### awk -v assignment
awk -v n=3 -v s=hi 'BEGIN { print n * 2, s }'

#### awk regex pattern
printf 'apple\nbanana\ncherry\n' | awk '/an/'

#### awk range pattern
printf '1\nstart\n2\nend\n3\n' | awk '/start/,/end/'

#### awk comparison pattern
printf '5\n15\n25\n' | awk '$1 > 10'

#### awk printf formats
awk 'BEGIN { printf "%5.2f|%-6s|%03d|%x|%o|%e|%c\n", 3.14159, "ab", 7, 255, 8, 12345.678, 65 }'

#### awk number output
awk 'BEGIN { print 0.1 + 0.2, 1e6, 100000 * 3, 1/3, 2^31 }'

#### awk string functions
awk 'BEGIN { s = "Hello World"; print length(s), substr(s, 7), index(s, "o"), toupper(s), tolower(s) }'

#### awk split
awk 'BEGIN { n = split("a:b:c", p, ":"); print n, p[1], p[3] }'

#### awk sub and gsub
echo 'foo bar foo' | awk '{ n = gsub(/foo/, "baz"); sub(/bar/, "[&]"); print n, $0 }'

#### awk match RSTART RLENGTH
awk 'BEGIN { print match("xxabbby", /ab+/), RSTART, RLENGTH }'

#### awk sprintf
awk 'BEGIN { s = sprintf("%-4s|%4d", "ab", 42); print s }'

#### awk uninitialized values
awk 'BEGIN { print x + 0, "[" x "]", length(x) }'

#### awk numeric string comparison
printf '10 9\nabc 5\n' | awk '{ print ($1 > $2) }'

#### awk field assignment rebuilds record
echo 'a b c' | awk '{ $2 = "X"; print; print NF }'

#### awk OFS
echo 'a b c' | awk 'BEGIN { OFS = "-" } { $1 = $1; print }'

#### awk NF assignment
echo 'a b c d' | awk '{ NF = 2; print }'

#### awk functions and recursion
awk 'function fact(n) { return n <= 1 ? 1 : n * fact(n - 1) } BEGIN { print fact(10) }'

#### awk array passed by reference
awk 'function fill(a, n,  i) { for (i = 1; i <= n; i++) a[i] = i * i } BEGIN { fill(sq, 3); print sq[1], sq[2], sq[3] }'

#### awk delete and in
awk 'BEGIN { a["x"] = 1; a["y"] = 2; delete a["x"]; print ("x" in a), ("y" in a) }'

#### awk multi-dimensional subscript
awk 'BEGIN { a[1, 2] = 3; for (k in a) { split(k, p, SUBSEP); print p[1], p[2], a[k] } }'

#### awk loops break continue
awk 'BEGIN { for (i = 0; i < 10; i++) { if (i == 2) continue; if (i == 5) break; printf "%d ", i } print "" }'

#### awk do while
awk 'BEGIN { i = 0; do { i++ } while (i < 5); print i }'

#### awk next
printf '1\n2\n3\n' | awk 'NR == 2 { next } { print }'

#### awk exit status
printf '1\n2\n' | awk '{ exit 3 } END { print "end" }'; echo "status $?"

#### awk getline var
printf 'a\nb\nc\n' | awk 'NR == 1 { getline x; print "got " x } { print NR ": " $0 }'

#### awk getline from file
printf 'one\ntwo\n' > data.txt
awk 'BEGIN { while ((getline line < "data.txt") > 0) print "> " line }'

#### awk print to file and read back
awk 'BEGIN { print "hello" > "out.txt"; close("out.txt"); getline l < "out.txt"; print l }'

#### awk file operands FILENAME FNR
printf '1\n2\n' > a.txt; printf '3\n' > b.txt
awk '{ print FILENAME, FNR, NR }' a.txt b.txt

#### awk operand assignment
printf 'l\n' > a.txt
awk '{ print x }' x=1 a.txt x=2 a.txt

#### awk paragraph mode
printf 'a b\nc\n\n\nd e\n' | awk 'BEGIN { RS = "" } { print NR ": " $1 " " NF }'

#### awk custom RS
printf 'a;b;c' | awk 'BEGIN { RS = ";" } { print NR, $0 }'

#### awk ORS
printf 'a\nb\n' | awk 'BEGIN { ORS = "," } { print } END { printf "\n" }'

#### awk pipe to command
printf '3\n1\n2\n' | awk '{ print | "sort -n" }'

#### awk command getline
awk 'BEGIN { "echo hi there" | getline x; print x }'

#### awk system
awk 'BEGIN { r = system("echo from system; exit 3"); print "r=" r }'

#### awk ENVIRON
FOO=bar awk 'BEGIN { print ENVIRON["FOO"] }'

#### awk ARGV
awk 'BEGIN { for (i = 1; i < ARGC; i++) print i, ARGV[i] }' x y

#### awk regex dynamic string
printf 'abc\nxyz\n' | awk -v re='^x' '$0 ~ re'

#### awk bracket expressions
printf 'a1\nb\n2c\n' | awk '/[[:digit:]]/ { print "digit:", $0 }'

#### awk division versus regex
echo x | awk '{ a = 10; b = 2; print a / b }'

#### awk newline rules
awk 'BEGIN {
  x = 1
  if (x)
    print "yes"
  else
    print "no"
  for (i = 0;
       i < 2;
       i++) print i
}'

#### awk concatenation and minus
awk 'BEGIN { x = 3; print 1 " " -1, x -1 }'

#### awk increment operators
awk 'BEGIN { i = 5; print i++, i, ++i, i--, --i }'

#### awk ternary and logical
awk 'BEGIN { print (1 && 0), (1 || 0), !1, (5 > 3 ? "yes" : "no") }'

#### awk -f progfile
printf 'BEGIN { print "from file" }\n' > prog.awk
awk -f prog.awk

#### awk integer arithmetic
awk 'BEGIN { print 7 % 3, -7 % 3, int(3.9), int(-3.9), 2^10 }'

#### awk printf without newline
printf 'a\nb\n' | awk '{ printf "%s-", $0 } END { print "" }'

#### awk print parenthesized list
awk 'BEGIN { print("a", "b") }'

#### awk substr edge positions
awk 'BEGIN { print substr("hello", 2), substr("hello", 2, 2), substr("hello", 10) "|" }'

#### awk length of record
printf 'abc\nde\n' | awk '{ print length }'

#### awk fields beyond NF
echo 'a b' | awk '{ print "[" $5 "]", NF }'

#### awk string to number conversions
awk 'BEGIN { print "3x" + 1, " 12 " + 0, ".5" + 0, "1e3" + 0 }'

#### awk stops reading at exit on endless input
yes | awk 'NR == 3 { print NR, $0; exit }'

#### awk writer stops when the reader goes away
yes | awk '{ print NR }' | head -2

#### awk large generated input
seq 1 20000 | awk '{ s += $1 } END { print s, NR }'

#### awk uninitialized array passed then tested
awk 'function has(a, k) { return (k in a) } BEGIN { print has(x, 1); x[1]; print has(x, 1) }'

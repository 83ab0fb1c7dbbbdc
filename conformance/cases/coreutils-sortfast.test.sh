# sort/uniq/cut fast paths (counting repeated lines, in-place comparison, field runs) against
# GNU coreutils 9.1.

#### sort repeated lines counted, with -r -u and several files
seq 1 40000 | sed 's/.*[05]$/five/;s/.*[27]$/seven/;s/^[0-9]*$/other/' > a; printf 'zz\n\nfive\n' > b
sort a b | uniq -c; sort -r a b | uniq -c; sort -u a b; printf 'b\na' | sort a - | tail -3
## STDOUT:
      1 
   8001 five
  24000 other
   8000 seven
      1 zz
      1 zz
   8000 seven
  24000 other
   8001 five
      1 

five
other
seven
zz
seven
seven
seven
## END

#### sort mostly distinct lines after a repetitive start
{ yes same | head -40000; seq 1 60000; } > f; sort f | md5sum; sort -r f | tail -2; sort -u f | wc -l
## STDOUT:
55206178d08256aa310b1ed1a20cc493  -
10
1
60001
## END

#### uniq in place with -c -d -u -D and a final line without newline
printf 'a\na\nb\nc\nc\nc\nd' > f; uniq -c f; uniq -d f; uniq -u f; uniq -D f; printf 'x\nx' | uniq -c; printf 'aa\na\n' | uniq -c
## STDOUT:
      2 a
      1 b
      3 c
      1 d
a
c
b
d
a
a
c
c
c
      2 x
      1 aa
      1 a
## END

#### cut field runs and output delimiters
printf 'a:b:c:d:e\nno-delim\n1:2\n::\n' > f; cut -d: -f1,2 f; cut -d: -f2- f; cut -d: -f1,3-4 --output-delimiter=_ f; cut -s -d: -f3 f; cut -d: --complement -f2 f; cut -d: -f9 f
## STDOUT:
a:b
no-delim
1:2
:
b:c:d:e
no-delim
2
:
a_c_d
no-delim
1
_
c


a:c:d:e
no-delim
1
:

no-delim


## END

# date +FORMAT flags, widths and GNU extensions against GNU date 9 (fixed instants, TZ=UTC).

#### %N: width is a precision; - drops, _ blanks the trailing zeros
for f in %N %3N %-3N %_3N %010N %-N %_N %-12N; do TZ=UTC date -d @1700000000.123456789 "+$f|"; TZ=UTC date -d @1.12 "+$f|"; done
## STDOUT:
123456789|
120000000|
123|
120|
123|
12|
123|
12 |
1234567890|
1200000000|
123456789|
120000000|
123456789|
12       |
123456789|
12|
## END

#### negative and rounding fractions keep their second
TZ=UTC date -d @-1.5 '+%s %N'; TZ=UTC date -d @1.9996 '+%s %N'
## STDOUT:
-2 500000000
1 999600000
## END

#### E and O modifiers: digits kept, a width pads with spaces
TZ=UTC date -d @1700000000 '+[%5Od] [%_5Od] [%-5Od] [%05Od] [%5Ey] [%5EY] [%OH]'; TZ=UTC date -d @1 '+[%5Od] [%-5Od] [%Oe] [%5Oe]'
## STDOUT:
[   14] [   14] [14] [00014] [   23] [ 2023] [22]
[   01] [01] [ 1] [    1]
## END

#### case flags and widths
TZ=UTC date -d @1700000000 '+[%^a] [%#Z] [%#a] [%#p] [%#P] [%^P] [%_5d] [%^10a] [%-d] [%_H]'
## stdout: [TUE] [utc] [TUE] [pm] [pm] [pm] [   14] [       TUE] [14] [22]

#### + flag: zero padding, a sign for wide years only
TZ=UTC date -d @1700000000 '+[%+4Y] [%+6Y] [%+Y] [%+3d] [%+5s]'
## stdout: [2023] [+02023] [2023] [014] [1700000000]

#### %:::z gives the offset to the precision it needs
TZ=UTC date -d @1 '+%:::z'; TZ=Asia/Kolkata date -d @1 '+%:::z'; TZ=America/St_Johns date -d @1 '+%:::z %::z'
## STDOUT:
+00
+05:30
-03:30 -03:30:00
## END

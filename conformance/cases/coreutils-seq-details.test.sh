# seq: GNU coreutils 9.1 details found by differential fuzzing (conformance/scripts/tools-fuzz.mjs).

#### seq -w takes widths from the operands as written
seq -w 01 1 1; seq -w -01 1; seq -w 1 1e1 | tr '\n' ' '; echo; seq -w .5e1 7; seq -w 5 -1 -01 | tr '\n' ' '; echo
## STDOUT:
01
-01
000
001
01 02 03 04 05 06 07 08 09 10 
05
06
07
005 004 003 002 001 000 -01 
## END

#### seq accepts hex operands
seq 10 0x10 | tr '\n' ' '; echo; seq 0x10 0.5 17; seq -w 1 0x10 | tr '\n' ' '; echo; seq 0x1.8 3
## STDOUT:
10 11 12 13 14 15 16 
16.0
16.5
17.0
1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 
1.5
2.5
## END

#### seq checks the format first, with no help hint
seq -f '%d' x 1; echo "status $?"; seq -f '%%' 1; seq -f 'a%gb%g' 1; seq -f '%' 1; seq -w -f '%x' 1; echo "status $?"
seq -f '%5.2Lf' 1 2
## STDOUT:
status 1
status 1
 1.00
 2.00
## END
## STDERR:
seq: format ‘%d’ has unknown %d directive
seq: format ‘%%’ has no % directive
seq: format ‘a%gb%g’ has too many % directives
seq: format ‘%’ ends in %
seq: format ‘%x’ has unknown %x directive
## END

#### seq reads operands left to right
seq 1 0 x; echo "status $?"; seq nan; echo "status $?"
## STDOUT:
status 1
status 1
## END
## STDERR:
seq: invalid Zero increment value: ‘0’
Try 'seq --help' for more information.
seq: invalid ‘not-a-number’ argument: ‘nan’
Try 'seq --help' for more information.
## END

#### fold quotes a bad width as GNU does in a UTF-8 locale
echo abc | LC_ALL=C.UTF-8 fold -w 0; echo abc | LC_ALL=C fold -w x; echo "status $?"
## STDOUT:
status 1
## END
## STDERR:
fold: invalid number of columns: ‘0’: Numerical result out of range
fold: invalid number of columns: 'x'
## END

#### seq computes in long double: first + i * step, rounded as the x87 rounds
seq -f '%.1f' 0.15 0.1 0.55 | tr '\n' ' '; echo; seq -f '%.20f' 0.1 0.1 0.3; seq -f %.0f 0.5 1 4.5 | tr '\n' ' '; echo
## STDOUT:
0.2 0.2 0.4 0.5 0.6 
0.10000000000000000000
0.20000000000000000000
0.30000000000000000001
0 2 2 4 4 
## END

#### seq -f %a prints long doubles; a value past LAST that prints as LAST is printed
seq -f '%a' 1 0.5 2 | tr '\n' ' '; echo; seq -f '%.3e' 1.0005 0.001 1.0035 | tr '\n' ' '; echo; seq -f %.0e 87 7 100 | tr '\n' ' '; echo
## STDOUT:
0x8p-3 0xcp-3 0x8p-2 
1.001e+00 1.002e+00 1.003e+00 1.003e+00 
9e+01 9e+01 1e+02 
## END

#### seq: -0, integers past 2^64 exactly, big values with %g
seq -0 1 | tr '\n' ' '; echo; seq 18446744073709551614 18446744073709551617 | tr '\n' ' '; echo; seq -f %g 1e30 1e30 3e30 | tr '\n' ' '; echo
## STDOUT:
-0 1 
18446744073709551614 18446744073709551615 18446744073709551616 18446744073709551617 
1e+30 2e+30 3e+30 
## END

#### seq -f rounding, flags and widths; %.0Lf of 1e21
seq -f '%.0f' 2.5 2.5; seq -f '%#.0e' 1 1; seq -f '%-8.2f|' 1 1; seq -f '%+08.3g|' 3 3; seq -f "%'.2f" 1234.5 1234.5; seq 1e21 1e21 2e21
## STDOUT:
2
1.e+00
1.00    |
+0000003|
1234.50
1000000000000000000000
2000000000000000000000
## END

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

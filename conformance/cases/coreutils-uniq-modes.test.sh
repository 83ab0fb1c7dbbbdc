# uniq: GNU coreutils 9.1's output switches, --all-repeated and --group, found by differential
# fuzzing (conformance/scripts/tools-fuzz.mjs).

#### uniq -u with -D prints repeated groups but their last line
printf 'a\na\nA\nb\nc\nc\nc\n' | uniq -u -D; echo --; printf 'a\na\nb\n' | uniq -d -u -D; echo --; printf 'a\na\nb\n' | uniq -d -u
## STDOUT:
a
c
c
--
a
--
## END

#### uniq --all-repeated methods
printf 'a\na\nb\nc\nc\n' | uniq --all-repeated=separate; echo --
printf 'a\na\nb\nc\nc\n' | uniq --all-repeated=prepend; echo --
printf 'a\na\nb\n' | uniq --all-repeated=sep -D; echo --
printf 'a\na\n' | uniq --all-repeated=bad; echo "status $?"
## STDOUT:
a
a

c
c
--

a
a

c
c
--
a
a
--
status 1
## END
## STDERR:
uniq: invalid argument ‘bad’ for ‘--all-repeated’
Valid arguments are:
  - ‘none’
  - ‘prepend’
  - ‘separate’
Try 'uniq --help' for more information.
## END

#### uniq --group methods
printf 'a\na\nb\nc\n' | uniq --group; echo --
printf 'a\na\nb\n' | uniq --group=append; echo --
printf 'a\nA\nb\n' | uniq -i --group=both; echo --
printf 'a\n' | uniq -c --group; echo "status $?"
## STDOUT:
a
a

b

c
--
a
a

b

--

a
A

b

--
status 1
## END
## STDERR:
uniq: --group is mutually exclusive with -c/-d/-D/-u
Try 'uniq --help' for more information.
## END

#### uniq -i folds ASCII letters only
printf 'caf\303\251\nCAF\303\211\nab\nAB\n' | uniq -i
## STDOUT:
café
CAFÉ
ab
## END

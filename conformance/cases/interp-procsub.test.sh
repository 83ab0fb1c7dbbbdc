# Process substitution. Bash runs `>(cmd)` concurrently; these cases wait for it (`wait $!`
# waits for the last process substitution) so that bash's output order is fixed.

#### write side: tee into >(cmd)
tee >(tr a-z A-Z) >/dev/null <<< hi; wait $!
## stdout: HI

#### write side: redirection into >(cmd)
echo hi > >(sed s/^/x/); wait $!; echo done
## STDOUT:
xhi
done
## END

#### write side: exec 3> >(cmd) reads until fd 3 is closed
exec 3> >(tr a-z A-Z > out); echo abc >&3; echo def >&3; exec 3>&-; wait $!; cat out
## STDOUT:
ABC
DEF
## END

#### write side: status of the reader through wait $!
echo x > >(cat >/dev/null; exit 3); wait $!; echo $?
## stdout: 3

#### write side: stderr into >(cmd)
{ echo out; echo err >&2; } 2> >(sed 's/^/E:/' > errs); wait $!; cat errs
## STDOUT:
out
E:err
## END

#### write side: a function's output into >(cmd)
f() { echo one; echo two; }; f > >(sort -r > sorted); wait $!; cat sorted
## STDOUT:
two
one
## END

#### write side: the reader gets the fds of the expanding shell
{ tee >(wc -l) >/dev/null < <(printf 'a\nb\n'); wait $!; } > counted; cat counted
## stdout: 2

#### read side: two inputs
paste <(seq 3) <(seq 4 6)
## STDOUT:
1	4
2	5
3	6
## END

#### read side: while loop reading from <(cmd)
while read -r l; do echo "<$l>"; done < <(printf 'a\nb\n'); echo "after"
## STDOUT:
<a>
<b>
after
## END

#### read side: status through wait $!
cat <(exit 4) >/dev/null; wait $!; echo $?
## stdout: 4

#### $(< file) and <(< file) read the file
printf 'FOO\n\n' > foo; echo "[$(<foo)]"; x=$(< foo); echo "${#x}"; tr A-Z a-z < <(<foo)
## STDOUT:
[FOO]
3
foo

## END

#### $(< missing) fails with status 1
x=$(< nofile); echo "$? [$x]"
## stdout: 1 []

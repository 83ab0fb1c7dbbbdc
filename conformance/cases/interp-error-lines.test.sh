# Where bash's error messages say an error happened: the name they start with and the line
# number, in functions, pipeline stages, command substitutions and eval (stderr is compared).

#### an error that ends the line inside a function names the function's source
f() { echo "${BASH_SOURCE[0]}"; echo ${x!}; }
f; echo not reached
f 2>&1 | cat
echo "status $?"
## STDOUT:
main
main
main: line 1: ${x!}: bad substitution
status 0
## END
## STDERR:
main: line 1: ${x!}: bad substitution
## END

#### an error that ends the line inside a pipeline stage goes to the stage's stderr
{ echo a; echo ${x!}; echo b; } 2>&1 | sed 's/^/[out] /'
echo "st=${PIPESTATUS[*]}"
( echo ${x!} ) 2>&1 | sed 's/^/[sub] /'
{ echo ${x!}; } 2>/dev/null | cat
{ echo ${x:?boom}; } 2>&1 | sed 's/^/[err] /'
echo done
## STDOUT:
[out] a
[out] bash: line 1: ${x!}: bad substitution
st=1 0
[sub] bash: line 3: ${x!}: bad substitution
[err] bash: line 5: x: boom
done
## END

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

#### a simple command's line is where the token after its first word ends
echo "a
b" $LINENO
echo \
$LINENO
x=1 \
  y=2 \
  echo $LINENO
echo $(
true
) $LINENO
x="
" y=$LINENO; echo $y
## STDOUT:
a
b 2
4
5
10
12
## END

#### $LINENO in a pipeline stage is the stage's line
true
echo $LINENO | cat
true | echo $LINENO
## STDOUT:
2
3
## END

#### errors in a multi-line $( ) count from its command's line, over bash's printed body
x=$(nosuch_a)
x=$(true
nosuch_b)
x=$(true

nosuch_c   # blank lines and comments are gone
)
x=$(true; nosuch_d)
x=$(for i in 1; do nosuch_e; done)
x=$(if true; then nosuch_f; fi)
x=$(case x in x) true; nosuch_g;; esac)
x=$(f() { true; nosuch_h; }; f)
x=$({ true
nosuch_i
})
x=$(true &&
 nosuch_j)
echo "$(true
nosuch_k)"
: ${x:=$(true
nosuch_l)}
echo done
## STDOUT:

done
## END
## STDERR:
bash: line 1: nosuch_a: command not found
bash: line 4: nosuch_b: command not found
bash: line 8: nosuch_c: command not found
bash: line 8: nosuch_d: command not found
bash: line 11: nosuch_e: command not found
bash: line 11: nosuch_f: command not found
bash: line 13: nosuch_g: command not found
main: line 15: nosuch_h: command not found
bash: line 16: nosuch_i: command not found
bash: line 17: nosuch_j: command not found
bash: line 20: nosuch_k: command not found
bash: line 22: nosuch_l: command not found
## END

#### $LINENO in the compound commands of a $( )
x=$(if false; then
  :
elif true; then
  echo $LINENO
fi
until true; do :; done; echo $LINENO
for ((i=0;i<1;i++)); do echo $LINENO; done
case a in
  a) echo $LINENO ;;
esac
( echo $LINENO
echo $LINENO )
true |
  echo $LINENO
echo $LINENO # comment
)
echo $x
## stdout: 20 25 28 32 35 36 37 38

#### nested $( ), backquotes, process substitution and eval inside $( )
echo "$(echo $LINENO
echo "$(
echo $LINENO
true
echo $LINENO)")"
y=`echo $LINENO

echo $LINENO`
echo $y
cat <(echo $LINENO
echo $LINENO)
w=$(eval 'true
echo $LINENO')
echo $w
## STDOUT:
5
8
10
8 10
11
12
15
## END

#### eval numbers its text from the line of the eval command
true
eval 'true
nosuch1
echo $LINENO
if true; then
  nosuch2
fi'
eval "echo \$LINENO
nosuch3" ; echo $LINENO
x=1 eval '
nosuch4'
eval 'echo (
'
f() {
  eval 'true
  nosuch5'
}
f
## status: 127
## STDOUT:
9
9
9
## END
## STDERR:
bash: line 8: nosuch1: command not found
bash: line 11: nosuch2: command not found
bash: line 10: nosuch3: command not found
bash: line 11: nosuch4: command not found
bash: eval: line 13: syntax error near unexpected token `newline'
bash: eval: line 13: `echo ('
main: line 17: nosuch5: command not found
## END

#### a command name with control characters is shown as $'...' when not found
"a b"; "a	b"; "x$(printf '\001')"; "é"
"ec
ho" hi
echo done
## stdout: done
## STDERR:
bash: line 1: a b: command not found
bash: line 1: $'a\tb': command not found
bash: line 1: $'x\001': command not found
bash: line 1: é: command not found
bash: line 3: $'ec\nho': command not found
## END

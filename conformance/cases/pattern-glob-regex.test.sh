# @husk/pattern through the shell: globs in case/[[ ]]/${x#pat}, extglob, [[ =~ ]].

#### case with globs and classes
for w in apple Banana 42 .hidden x-y; do
  case $w in
    [[:upper:]]*) echo "$w: upper";;
    [0-9]*) echo "$w: digit";;
    .*) echo "$w: dot";;
    *-*) echo "$w: dash";;
    *) echo "$w: other";;
  esac
done

#### [[ == ]] with quoted and unquoted parts
x='a*b'
[[ $x == a\*b ]] && echo escaped
[[ $x == "a*b" ]] && echo quoted
[[ axxb == a*b ]] && echo glob
[[ 'a*b' == a?b ]] && echo question

#### prefix and suffix removal
p=/usr/local/lib/libfoo.so.1
echo "${p#*/}" "${p##*/}" "${p%.*}" "${p%%.*}"

#### pattern substitution
s='hello world hello'
echo "${s/hello/bye}" "${s//hello/bye}" "${s/#hello/X}" "${s/%hello/Y}" "${s//[aeiou]/_}"

#### extglob
shopt -s extglob
for f in foo.c foo.h bar.txt baz.tar.gz; do
  [[ $f == *.@(c|h) ]] && echo "src $f"
  [[ $f == !(*.c) ]] && echo "not-c $f"
  [[ $f == +([a-z]).tar.gz ]] && echo "tgz $f"
done

#### regex match and BASH_REMATCH
if [[ 'key=value42' =~ ^([a-z]+)=([a-z]+)([0-9]*)$ ]]; then
  echo "${BASH_REMATCH[0]} ${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[3]}"
fi
[[ abcd =~ ab|abcd ]] && echo "${BASH_REMATCH[0]}"

#### catastrophic regex in [[ =~ ]] finishes
s=$(printf 'a%.0s' {1..2000})
[[ $s =~ (a+)+$ ]] && echo matched
[[ $s =~ (a|aa)*b ]] || echo no-b

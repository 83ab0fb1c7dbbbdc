# The empty file name names no file (open(2) gives ENOENT): each tool's own message and status.
# `cd ''` is a no-op success in bash; `[ -e '' ]` is false. /dev/null as an operand is empty.

#### text tools on ''
for c in cat head tail sort uniq nl tac rev fold base64 md5sum; do $c ''; echo "$c $?"; done
## STDOUT:
cat 1
head 1
tail 1
sort 2
uniq 1
nl 1
tac 1
rev 1
fold 1
base64 1
md5sum 1
## END

#### grep, sed and awk on '' (awk skips an empty operand, as POSIX says for ARGV)
grep x ''; echo "grep $?"; sed p ''; echo "sed $?"; awk 1 ''; echo "awk $?"
## STDOUT:
grep 2
sed 2
awk 0
## END

#### wc and du: invalid zero-length file name
wc ''; echo "wc $?"; du ''; echo "du $?"
## STDOUT:
wc 1
du 1
## END

#### redirections to and from ''
cat < ''; echo "in $?"; echo x > ''; echo "out $?"; echo x >> ''; echo "append $?"
## STDOUT:
in 1
out 1
append 1
## END

#### cd '' is a no-op, [ -e '' ] is false
mkdir d; cd d; cd ''; echo "cd $? ${PWD##*/}"; [ -e '' ]; echo "e $?"; test -f ''; echo "f $?"
## STDOUT:
cd 0 d
e 1
f 1
## END

#### file utilities on ''
ls ''; echo "ls $?"; stat ''; echo "stat $?"; rm ''; echo "rm $?"; rm -f ''; echo "rm-f $?"; touch ''; echo "touch $?"
## STDOUT:
ls 2
stat 1
rm 1
rm-f 0
touch 1
## END

#### copying, moving and linking ''
echo a > x; cp '' y; echo "cp $?"; cp x ''; echo "cp2 $?"; mv '' y; echo "mv $?"; ln -s '' l; echo "ln $?"; ls
## STDOUT:
cp 1
cp2 1
mv 1
ln 1
x
## END

#### tee, realpath, readlink -f and source on ''
tee '' < /dev/null; echo "tee $?"; realpath ''; echo "realpath $?"; readlink -f ''; echo "readlink $?"; source ''; echo "source $?"
## STDOUT:
tee 1
realpath 1
readlink 1
source 1
## END

#### /dev/null and /dev/stdin as operands
cat /dev/null; echo "cat $?"; sort /dev/null; wc -l /dev/null; echo hi | cat /dev/stdin; head -1 /dev/null; echo "head $?"
## STDOUT:
cat 0
0 /dev/null
hi
head 0
## END

# coreutils file utilities: differential cases (Husk vs GNU coreutils 9.1 / findutils 4.9).
# Expectations below were recorded from GNU bash 5.2 on the reference machine.

#### mkdir -p and ls
mkdir -p a/b/c; mkdir d; ls; ls a; ls -R a
## STDOUT:
a
d
b
a:
b

a/b:
c

a/b/c:
## END

#### mkdir errors
mkdir d; mkdir d; echo "status $?"; mkdir x/y; echo "status $?"
## STDOUT:
status 1
status 1
## END

#### ls -a -A -d -1 -r -F -p
mkdir d; touch .h f g; ln -s f l
ls -a; ls -A; ls -d d; ls -1r; ls -F; ls -p
## STDOUT:
.
..
.h
d
f
g
l
.h
d
f
g
l
d
l
g
f
d
d/
f
g
l@
d/
f
g
l
## END

#### ls missing status
ls nope; echo "status $?"
## STDOUT:
status 2
## END

#### ls -S -t order
printf '1' > s; printf '12345' > b; printf '123' > m
ls -S
touch -d '2020-01-01' m; touch -d '2021-01-01' s; touch -d '2022-01-01' b
ls -t; ls -tr
## STDOUT:
b
m
s
b
s
m
m
s
b
## END

#### rm and rm -r
mkdir -p d/e; touch d/e/f g
rm g; ls; rm d; echo "status $?"; rm -r d; ls; rm nope; echo "status $?"; rm -f nope; echo "status $?"
## STDOUT:
d
status 1
status 1
status 0
## END

#### cp file dir and -r
mkdir src dst; echo hi > src/a; echo yo > f
cp f g; cat g; cp f dst; ls dst; cp src x; echo "status $?"; cp -r src y; ls y; cat y/a
## STDOUT:
yo
f
status 1
a
hi
## END

#### mv rename and into dir
mkdir d; echo a > f
mv f g; ls; mv g d; ls d; mv nope x; echo "status $?"
## STDOUT:
d
g
g
status 1
## END

#### touch creates and -c
touch new; ls; touch -c nothere; ls
## STDOUT:
new
new
## END

#### ln -s and readlink
echo data > target; ln -s target link
cat link; readlink link; ls -l link | cut -d' ' -f1,9-
## STDOUT:
data
target
lrwxrwxrwx 13:40 link -> target
## END

#### ln -s existing fails
touch a b; ln -s a b; echo "status $?"; ln -sf a b; readlink b
## STDOUT:
status 1
a
## END

#### realpath and readlink -f
mkdir -p d/e; touch d/e/f; ln -s d/e lnk
cd d && realpath e/f && realpath ../lnk/f && cd ..
readlink -f lnk/f; realpath -m no/such/../x
## STDOUT:
/tmp/tmpdi2qylxh/d/e/f
/tmp/tmpdi2qylxh/d/e/f
/tmp/tmpdi2qylxh/d/e/f
/tmp/tmpdi2qylxh/no/x
## END

#### chmod octal and symbolic
touch f; chmod 600 f; stat -c '%a' f; chmod u+x,g+r f; stat -c '%a %A' f; chmod a=r f; stat -c '%a' f; chmod -R go-r .; stat -c '%a' f
## STDOUT:
600
740 -rwxr-----
444
400
## END

#### chmod invalid mode
touch f; chmod 9 f; echo "status $?"
## STDOUT:
status 1
## END

#### stat -c
printf 'hello' > f; mkdir d
stat -c '%n %s %F' f d; stat -c '%s' nope; echo "status $?"
## STDOUT:
f 5 regular file
d 4096 directory
status 1
## END

#### find name type maxdepth
mkdir -p a/b; touch a/x.txt a/b/y.txt a/b/z.log top.txt
find . -name '*.txt' | sort
find . -type d | sort
find . -maxdepth 1 -type f | sort
find a -mindepth 2 | sort
## STDOUT:
./a/b/y.txt
./a/x.txt
./top.txt
.
./a
./a/b
./top.txt
a/b/y.txt
a/b/z.log
## END

#### find operators and prune
mkdir -p a/skip b; touch a/skip/f a/g b/h
find . -path ./a/skip -prune -o -type f -print | sort
find . ! -type d | sort
find . \( -name g -o -name h \) | sort
## STDOUT:
./a/g
./b/h
./a/g
./a/skip/f
./b/h
./a/g
./b/h
## END

#### find -exec and -print0
mkdir d; printf '1\n2\n' > d/a; printf '3\n' > d/b
find d -type f -exec cat {} \; | sort
find d -name a -exec echo found {} \;
find d -type f -exec echo {} + | tr ' ' '\n' | sort
find d -name b -print0 | tr '\0' '\n'
## STDOUT:
1
2
3
found d/a
d/a
d/b
d/b
## END

#### find -size -empty -newer -printf
printf 'x%.0s' $(seq 2000) > big; touch empty; mkdir edir
find . -size +1k | sort; find . -empty | sort
touch -d '2020-01-01' old; touch -d '2030-01-01' new
find . -newer big -name 'n*'
find . -name big -printf '%f %s %d\n'
## STDOUT:
.
./big
./edir
./edir
./empty
./new
big 2000 1
## END

#### find -delete and missing path
mkdir -p d/s; touch d/a.tmp d/s/b.tmp d/keep
find d -name '*.tmp' -delete; find d | sort; find nope; echo "status $?"
## STDOUT:
d
d/keep
d/s
status 1
## END

#### du -s -a
mkdir -p d/e; printf 'x' > d/f; printf 'y' > d/e/g
du -s d; du -a d | sort -k2
## STDOUT:
16	d
16	d
8	d/e
4	d/e/g
4	d/f
## END

#### mktemp makes a file
t=$(mktemp); test -f "$t" && echo file; d=$(mktemp -d); test -d "$d" && echo dir
mktemp abc; echo "status $?"
## STDOUT:
file
dir
status 1
## END

#### file types
printf '#!/bin/bash\necho\n' > s; printf '{"a":1}' > j; : > e; mkdir d
file s j e d
## STDOUT:
s: Bourne-Again shell script, ASCII text executable
j: JSON text data
e: empty
d: directory
## END

#### missing files are named as GNU quotes them; an empty name is no file
cat 'a b' '' "it's" 'x$y' '#h' a#b plain 2>&1; echo "rc=$?"
cut -f1 'a b' 2>&1; echo "rc=$?"
sort '' 2>&1; echo "rc=$?"
od 'a b' 2>&1; echo "rc=$?"
hexdump 'a b' 2>&1; echo "rc=$?"
xxd 'a b' 2>&1; echo "rc=$?"
## STDOUT:
cat: 'a b': No such file or directory
cat: '': No such file or directory
cat: "it's": No such file or directory
cat: 'x$y': No such file or directory
cat: '#h': No such file or directory
cat: a#b: No such file or directory
cat: plain: No such file or directory
rc=1
cut: 'a b': No such file or directory
rc=1
sort: cannot read: '': No such file or directory
rc=2
od: 'a b': No such file or directory
rc=1
hexdump: a b: No such file or directory
hexdump: all input file arguments failed
rc=1
xxd: a b: No such file or directory
rc=2
## END

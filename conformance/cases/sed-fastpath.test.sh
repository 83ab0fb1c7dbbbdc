# sed: scripts of only unaddressed `s` commands run over whole buffers of lines (the block fast
# path in packages/sed/src/subst.ts); these cases pin that it prints what GNU sed prints.

#### block s///g over many lines
seq 1 2000 | sed 's/1/x/g' | md5sum
printf 'foo\nbar\nfoo foo\n' > f; sed 's/o/0/g' f
## STDOUT:
2ae574959abc2db839138628c5beb94d  -
f00
bar
f00 f00
## END

#### block non-global s replaces the first match of each line
printf 'aaa\nbab\nccc\naXa\n' > f; sed 's/a/-/' f
## STDOUT:
-aa
b-b
ccc
-Xa
## END

#### block anchors apply per line
printf 'user1 ok\nuser2 FAIL\nuser3 ok\n' > f; sed -e 's/^user/u/' -e 's/ ok$//' f
## STDOUT:
u1
u2 FAIL
u3
## END

#### block regex with groups and case conversion
printf 'user12 buy\nuser7 view\nx\n' > f; sed -E 's/(user)([0-9]+)/\2\U\1/g' f
## STDOUT:
12USER buy
7USER view
x
## END

#### block s with I flag and bracket classes
printf 'Hello\nHELLO world\nhelp\n' > f; sed 's/hel*o/X/Ig' f; sed 's/[[:upper:]]\+/<&>/g' f
## STDOUT:
X
X world
help
<H>ello
<HELLO> world
help
## END

#### block last line without newline
printf 'a b\nc a' | sed 's/a/A/g'; echo; printf 'a\nb' > f; sed 's/b/B/' f | od -c
## STDOUT:
A b
c A
0000000   a  \n   B
0000003
## END

#### block several files, the first without final newline
printf 'one' > a; printf 'two\n' > b; sed 's/o/0/g' a b
## STDOUT:
0ne
tw0
## END

#### block chained substitutions see earlier results
printf 'abc\nabd\n' > f; sed -e 's/b/x/' -e 's/ax/Y/' -e 's/d$/D/g' f
## STDOUT:
Yc
YD
## END

#### block path not taken: empty matches, newline in replacement, Nth
printf 'ab\ncd\n' | sed 's/x*/-/g'; printf 'a,b\n' | sed 's/,/\n/'; printf 'aaa\naaa\n' | sed 's/a/X/2'
## STDOUT:
-a-b-
-c-d-
a
b
aXa
aXa
## END

#### block over a stream in chunks
seq 1 100000 | sed 's/0/zero/g' | tail -3; seq 1 100000 | sed 's/^9\(.*\)9$/<\1>/' | grep -c '<'
## STDOUT:
99998
99999
1zerozerozerozerozero
1111
## END

#### block literal with dollar and ampersand in replacement
printf 'a.b\nc.d\n' | sed 's/\./$&$/g'; printf 'x\n' | sed 's/x/$1/'
## STDOUT:
a$.$b
c$.$d
$1
## END

#### block s with -s and -i
printf 'a\nb\n' > f1; printf 'a\n' > f2; sed -i.bak 's/a/Z/' f1 f2; cat f1 f2 f1.bak
## STDOUT:
Z
b
Z
a
b
## END

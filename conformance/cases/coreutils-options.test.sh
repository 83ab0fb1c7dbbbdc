# coreutils options the differential suite did not exercise yet (issue 4): each case compared with GNU coreutils 9.1 / util-linux / bc on the reference machine.

#### xargs -P runs every item (order fixed by sort)
printf '%s\n' 3 1 2 | xargs -P 2 -n 1 echo item | sort
## STDOUT:
item 1
item 2
item 3
## END

#### rm -rf removes a tree and ignores missing operands
mkdir -p d/e/f; touch d/e/f/g d/x; rm -rf d nosuch; echo "rc=$?"; ls
## stdout: rc=0

#### find -iname and -mtime
mkdir -p t; touch t/Foo.TXT t/bar.txt t/baz.log; find t -iname '*.txt' | sort; find t -mtime -1 -type f | sort; find t -mtime +3 | wc -l
## STDOUT:
t/Foo.TXT
t/bar.txt
t/Foo.TXT
t/bar.txt
t/baz.log
0
## END

#### bc -l
echo 'scale=5; 4*a(1)' | bc -l; echo 'l(1); e(1); s(0); c(0)' | bc -l; echo '10/3' | bc -l
## STDOUT:
3.14156
0
2.71828182845904523536
0
1.00000000000000000000
3.33333333333333333333
## END

#### shuf with one choice, -e, -i, -n
shuf -e only; shuf -i 7-7; printf 'x\n' | shuf; shuf -n 0 -e a b; echo "rc=$?"
## STDOUT:
only
7
x
rc=0
## END

#### wc -w -l -c -m
printf 'one two\nthree\n  four five six\n' > w; wc -w w; wc -l -w w; wc -m -c w; wc -w < w
## STDOUT:
6 w
 3  6 w
30 30 w
6
## END

#### nl -n ln rn rz and -w
printf 'a\nb\n\nc\n' > f; nl -n ln f; nl -n rz -w 3 f; nl -b a -n rn f
## STDOUT:
1     	a
2     	b
       
3     	c
001	a
002	b
    
003	c
     1	a
     2	b
     3	
     4	c
## END

#### expand -t and unexpand -a -t
printf 'a\tbb\tccc\td\n' > f; expand -t 4 f; expand -t 2,6 f; printf 'a       b       c\n' > g; unexpand -a g | od -c | head -2; unexpand -t 4 -a g | od -c | head -2
## STDOUT:
a   bb  ccc d
a bb  ccc d
0000000   a  \t   b  \t   c  \n
0000006
0000000   a  \t  \t   b  \t  \t   c  \n
0000010
## END

#### column -t with -s
printf 'a:bb:c\ndddd:e:ff\n' | column -t -s :; printf 'x y z\nlong w v\n' | column -t
## STDOUT:
a     bb  c
dddd  e   ff
x     y  z
long  w  v
## END

#### comm -1 -2 -3
printf 'a\nb\nc\n' > x; printf 'b\nc\nd\n' > y; comm x y; comm -1 x y; comm -2 x y; comm -3 x y; comm -12 x y
## STDOUT:
a
		b
		c
	d
	b
	c
d
a
	b
	c
a
	d
b
c
## END

#### join -t -1 -2 -a -o
printf 'k1,a\nk2,b\nk3,c\n' > l; printf 'x,k1\ny,k3\nz,k4\n' > r; join -t , -1 1 -2 2 l r; join -t , -1 1 -2 2 -a 1 l r; join -t , -1 1 -2 2 -o 1.2,2.1 l r; join -t , -1 1 -2 2 -a 2 -o 0,1.2,2.1 -e NA l r
## STDOUT:
k1,a,x
k3,c,y
k1,a,x
k2,b
k3,c,y
a,x
c,y
k1,a,x
k3,c,y
k4,NA,z
## END

#### split -l and -b into the filesystem
seq 1 7 > s; split -l 3 s part_; ls part_*; cat part_ab; split -b 4 s byte_; ls byte_* | wc -l; cat byte_aa | od -c | head -1
## STDOUT:
part_aa
part_ab
part_ac
4
5
6
4
0000000   1  \n   2  \n
## END

#### od -x -c -A -t
printf 'ABCDEFGH\n' > f; od -x f; od -A d -c f; od -A x -t x1 f; od -t d2 f
## STDOUT:
0000000 4241 4443 4645 4847 000a
0000011
0000000   A   B   C   D   E   F   G   H  \n
0000009
000000 41 42 43 44 45 46 47 48 0a
000009
0000000  16961  17475  17989  18503     10
0000011
## END

#### xxd -p and -r -p round trip
printf 'hello\nworld' > f; xxd -p f; xxd -p f | xxd -r -p; echo; xxd f
## STDOUT:
68656c6c6f0a776f726c64
hello
world
00000000: 6865 6c6c 6f0a 776f 726c 64              hello.world
## END

#### hexdump -C
printf 'The quick brown fox\0\x01\x7f' | hexdump -C
## STDOUT:
00000000  54 68 65 20 71 75 69 63  6b 20 62 72 6f 77 6e 20  |The quick brown |
00000010  66 6f 78 00 01 7f                                 |fox...|
00000016
## END

#### numfmt --to and --from
numfmt --to=si 1000 1500000 999; numfmt --to=iec 1024 1048576; numfmt --from=si 1K 2.5M; numfmt --from=iec 1Ki
## STDOUT:
1.0K
1.5M
999
1.0K
1.0M
1000
2500000
## END
## status: 2

#### env -i and printenv
FOO=bar env -i X=1 sh -c 'echo "${FOO-unset} $X"'; env -i A=b printenv A; FOO=1 printenv FOO
## STDOUT:
unset 1
b
1
## END

#### sha256sum -c
printf 'data\n' > f; sha256sum f > sums; sha256sum -c sums; printf 'other\n' > f; sha256sum -c sums; echo "rc=$?"
## STDOUT:
f: OK
f: FAILED
rc=1
## END

#### du -s and -h on empty directories
mkdir -p dd/ee; du -s dd | cut -f2; du -h dd | cut -f2 | sort
## STDOUT:
dd
dd
dd/ee
## END

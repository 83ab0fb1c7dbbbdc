#### cd -P and pwd -P resolve symlinks; -L (the default) keeps them
mkdir -p real/sub
ln -s "$PWD/real" link
here=$PWD
cd link/sub
[ "$PWD" = "$here/link/sub" ] && echo logical
[ "$(pwd -P)" = "$here/real/sub" ] && echo pwd -P physical
cd -P ..
[ "$PWD" = "$here/real" ] && echo cd -P physical
cd -L "$here/link"; [ "$(pwd)" = "$here/link" ] && echo -L logical
## STDOUT:
logical
pwd -P physical
cd -P physical
-L logical
## END

#### cd BAD/.. fails when BAD does not exist
cd nonexistent_dir/.. 2>/dev/null
echo status=$?
mkdir d; cd d/..; echo status=$?
## STDOUT:
status=1
status=0
## END

#### cd exports OLDPWD
cd /
cd /tmp
echo "old: $OLDPWD"
env | grep '^OLDPWD='
cd - >/dev/null; echo "$PWD"
## STDOUT:
old: /
OLDPWD=/
/
## END

#### a child shell starts in the physical directory when PWD is unset
mkdir -p t
ln -s "$PWD/t" s
cd s
bash -c 'basename "$PWD"'
unset PWD
bash -c 'basename "$(pwd)"'
## STDOUT:
s
t
## END

# Builtins of interactive bash, as a script sees them: disown, fg/bg without job control,
# logout, suspend, bind, complete/compopt and fc.

#### disown: the current job, a jobspec, -a; errors for a missing job
sleep 0.1 & disown; echo "d=$?"; jobs
sleep 0.1 & disown %1; echo "d=$?"
disown %5; echo "d=$?"
sleep 0.1 & sleep 0.1 & disown -a; echo "a=$?"; jobs
disown; echo "none=$?"
## STDOUT:
d=0
d=0
d=1
a=0
none=1
## END

#### disown -h keeps the job in the table; wait then finds it
(exit 3) & disown -h %1; wait %1; echo "w=$?"
## stdout: w=3

#### fg and bg: no job control in a script
fg; echo "fg=$?"; bg; echo "bg=$?"; sleep 0.1 & fg %1; echo "fg1=$?"
## STDOUT:
fg=1
bg=1
fg1=1
## END

#### logout, suspend, bind
logout; echo "lo=$?"; suspend; echo "su=$?"
bind -x '"\C-a": echo'; echo "bind=$?"
## STDOUT:
lo=1
su=1
bind=0
## END

#### complete and compopt keep and print specifications
complete -F _f foo; echo "c=$?"; complete -p foo
complete -W "a b" -o nospace bar; complete -p bar
complete -F _f -o nospace -A file -W "x y" -X "*.o" -P pre -S suf -C cmd -G "*.c" baz; complete -p baz
complete -abcdefgjksuv z; complete -p z
compopt -o filenames foo; complete -p foo; compopt +o filenames foo; complete -p foo
complete -r foo; complete -p foo; echo "cr=$?"
complete -D -F _d; complete -p -D
## STDOUT:
c=0
complete -F _f foo
complete -o nospace -W 'a b' bar
complete -o nospace -f -G '*.c' -W 'x y' -P 'pre' -S 'suf' -X '*.o' -C 'cmd' -F _f baz
complete -a -b -c -d -e -f -g -j -k -s -u -v z
complete -o filenames -F _f foo
complete -F _f foo
cr=1
complete -F _d -D
## END

#### fc lists and re-runs history entries
fc; echo "fc=$?"
history -s "echo x"; history -s "echo y"
fc -l; echo "l=$?"; fc -ln; fc -l 1 1
fc -s; echo "s=$?"; fc -s y=z echo; echo "s2=$?"
## STDOUT:
fc=0
1	 echo x
2	 echo y
l=0
	 echo x
	 echo y
1	 echo x
y
s=0
z
s2=0
## END

# ulimit. The sandbox reports fixed values of its own (they differ from this machine's), so
# these cases print only values a script set, the layout, and the errors.

#### lowering a limit and reading it back (soft and hard)
ulimit -n 100; ulimit -n; ulimit -Hn; ulimit -Sn 50; ulimit -Sn; ulimit -Hn; ulimit -Sn hard; ulimit -Sn
## STDOUT:
100
100
50
100
100
## END

#### a subshell inherits the limits; its changes stay inside
ulimit -n 100; (ulimit -n 10; ulimit -n); ulimit -n
## STDOUT:
10
100
## END

#### raising a hard limit or passing soft over hard fails
# (-Hn 50 under the soft limit 100 fails, so the soft limit 60 is then fine)
ulimit -n 100; ulimit -n 200; echo "raise $?"; ulimit -Hn 50; ulimit -Sn 60; echo "soft $?"; ulimit -Sn 40; ulimit -Hn 30; echo "hard $?"; ulimit -n unlimited; echo "unl $?"
## STDOUT:
raise 1
soft 0
hard 1
unl 1
## END

#### invalid numbers and options
ulimit -n abc; echo "$?"; ulimit -n 0x10; echo "$?"; ulimit -ns; echo "$?"; ulimit -X; echo "$?"; ulimit -b; echo "$?"
## STDOUT:
1
1
1
2
2
## END

#### -a lists 17 resources; several letters print labels
ulimit -a | wc -l; ulimit -a | cut -c1-40; ulimit -c 0 -s 100; ulimit -c -s
## STDOUT:
17
real-time non-blocking time  (microsecon
core file size              (blocks, -c)
data seg size               (kbytes, -d)
scheduling priority                 (-e)
file size                   (blocks, -f)
pending signals                     (-i)
max locked memory           (kbytes, -l)
max memory size             (kbytes, -m)
open files                          (-n)
pipe size                (512 bytes, -p)
POSIX message queues         (bytes, -q)
real-time priority                  (-r)
stack size                  (kbytes, -s)
cpu time                   (seconds, -t)
max user processes                  (-u)
virtual memory              (kbytes, -v)
file locks                          (-x)
core file size              (blocks, -c) 0
stack size                  (kbytes, -s) 100
## END

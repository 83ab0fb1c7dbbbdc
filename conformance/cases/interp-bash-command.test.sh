# $BASH_COMMAND: the command being run, or in a trap the command that was running when the
# trap fired (bash's make_command_string layout).

#### ERR trap: the failing simple command, as bash prints it
trap 'echo "ERR: [$BASH_COMMAND]"' ERR
false  x   'y z'
echo a   "b  c" >/dev/null 2>&1; false "$(echo sub)"
x=$(false)
f() { false; }; f
## STDOUT:
ERR: [false x 'y z']
ERR: [false "$(echo sub)"]
ERR: [x=$(false)]
ERR: [false]
## END
## status: 1

#### ERR trap: pipelines name their last simple-command stage
trap 'echo "ERR: [$BASH_COMMAND]"' ERR
set -o pipefail
false | true
true | false
echo a | grep -q b
false | { true; }
x=1 false | cat
f() { return 2; }; f | cat
echo hi | f
## STDOUT:
ERR: [true]
ERR: [false]
ERR: [grep -q b]
ERR: [false]
ERR: [cat]
ERR: [cat]
ERR: [f]
## END
## status: 2

#### ERR trap: (( )), [[ ]], ( ), { }, eval and source
trap 'echo "ERR: [$BASH_COMMAND]"' ERR
(( 0 ))
[[ a == b ]]
(false)
{ false; }
eval 'false'
source <(echo false)
## STDOUT:
ERR: [(( 0 ))]
ERR: [[[ a == b ]]]
ERR: [( false )]
ERR: [false]
ERR: [false]
ERR: [eval 'false']
ERR: [false]
ERR: [source <(echo false)]
## END
## status: 1

#### DEBUG trap: the command about to run; commands inside the trap do not change it
trap 'echo "DBG: [$BASH_COMMAND]"; true' DEBUG
echo one; v=2
trap - DEBUG
echo "[$BASH_COMMAND]"
## STDOUT:
DBG: [echo one]
one
DBG: [v=2]
DBG: [trap - DEBUG]
[echo "[$BASH_COMMAND]"]
## END

#### EXIT trap and a subshell
trap 'echo "EXIT: [$BASH_COMMAND]"' EXIT
( echo "in: [$BASH_COMMAND]" )
echo last >/dev/null
## STDOUT:
in: [echo "in: [$BASH_COMMAND]"]
EXIT: [echo last > /dev/null]
## END

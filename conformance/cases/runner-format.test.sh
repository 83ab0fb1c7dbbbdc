# Cases that exercise the runner itself: every expectation form of the Oils spec format, and
# the test helpers (argv.py, printenv.py, stdout_stderr.py) the in-process shell must provide.

#### one-line stdout
echo hi
## stdout: hi

#### block stdout and a status
echo one
echo two
exit 3
## status: 3
## STDOUT:
one
two
## END

#### stdout-json with no trailing newline
printf 'a\tb'
## stdout-json: "a\tb"

#### stderr is compared separately
echo out
echo err >&2
## STDOUT:
out
## END
## STDERR:
err
## END

#### a bash variant overrides the default
echo bash
## stdout: other
## OK bash stdout: bash

#### one-line script given as code
## code: echo from-code
## stdout: from-code

#### argv.py quotes like Python 2
argv.py a 'b c' "it's" '' $'tab\there' 'back\slash'
## stdout: ['a', 'b c', "it's", '', 'tab\there', 'back\\slash']

#### argv.py escapes non-ASCII bytes
argv.py $'\xce\xbc' $'\x01'
## stdout: ['\xce\xbc', '\x01']

#### printenv.py shows exported variables and None
export FOO=bar
BAZ=local
printenv.py FOO BAZ
## STDOUT:
bar
None
## END

#### stdout_stderr.py writes both streams and exits with its status
stdout_stderr.py out err 5 2>/dev/null
echo status=$?
## STDOUT:
out
status=5
## END

#### the case directory is the working directory and TMP
test "$PWD" = "$TMP" && echo same
## stdout: same

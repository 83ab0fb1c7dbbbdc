# Orchestration-shaped scripts: what a model writes for ScriptedTool (tool output -> jq -> loops
# and conditionals). Tools are stood in for by shell functions that print JSON, so real bash is
# the oracle. Only jq features that agree between jq 1.6 and 1.8 are used.

#### tool output piped through jq -r
get_user() { echo '{"id":1,"name":"Alice","tier":"gold"}'; }
get_user --id 1 | jq -r .name

#### capture a field, feed it to the next call
get_user() { echo '{"id":7,"name":"Bob"}'; }
list_orders() { echo "[{\"id\":10,\"user\":$2},{\"id\":11,\"user\":$2}]"; }
uid=$(get_user --id 7 | jq .id)
list_orders --user_id "$uid" | jq -c '.[] | {id, user}'

#### loop over ids from jq -r
ids() { echo '[3,1,2]'; }
for id in $(ids | jq -r '.[]'); do
  echo "item $id"
done

#### while read over jq -c rows
orders() { echo '[{"id":1,"total":9.5},{"id":2,"total":20}]'; }
orders | jq -c '.[]' | while read -r row; do
  id=$(echo "$row" | jq .id)
  total=$(jq -r .total <<< "$row")
  echo "order $id: $total"
done

#### aggregate with jq add and length
orders() { echo '[{"total":1.5},{"total":2.25},{"total":3}]'; }
o=$(orders)
echo "count=$(echo "$o" | jq length) sum=$(echo "$o" | jq '[.[].total] | add')"

#### conditional on a numeric field
stock() { echo "{\"item\":\"$2\",\"stock\":$3}"; }
for pair in "laptop 3" "mouse 42"; do
  set -- $pair
  n=$(stock --item "$1" "$2" | jq .stock)
  if [ "$n" -lt 5 ]; then echo "$1 low"; else echo "$1 ok"; fi
done

#### fallback when a call fails
get_user() { [ "$2" = 1 ] && echo '{"name":"Alice"}' && return 0; echo "get_user: callback failed" >&2; return 1; }
get_user --id 1 | jq -r .name
get_user --id 99 2>/dev/null || echo "fallback guest"
echo "status: $?"

#### exit status of a failing call in if
fails() { echo "fails: callback failed" >&2; return 1; }
if ! fails 2>/dev/null; then echo "recovered"; fi
fails 2>/dev/null; echo "rc=$?"

#### pipefail exposes a failing producer
fails() { echo '{}'; return 3; }
fails | jq -c .; echo "rc=$?"
set -o pipefail
fails | jq -c .; echo "rc=$?"

#### here-string into a tool stand-in that reads stdin
echo_stdin() { local in; in=$(cat); echo "got:$in"; }
echo_stdin <<< '{"a":1}'
echo '{"b":2}' | echo_stdin

#### heredoc JSON built from variables
name=Alice; n=3
cat <<EOF2 | jq -c .
{"name": "$name", "count": $n}
EOF2

#### jq --arg and --argjson
jq -n -c --arg name "Bob O'Neil" --argjson n 5 '{name: $name, n: $n}'

#### jq select and map
echo '[{"n":1,"ok":true},{"n":2,"ok":false},{"n":3,"ok":true}]' | jq -c 'map(select(.ok)) | map(.n)'

#### jq sort_by and group_by
echo '[{"c":"b","v":2},{"c":"a","v":1},{"c":"b","v":3}]' | jq -c 'group_by(.c) | map({c: .[0].c, total: (map(.v) | add)})'

#### arrays collecting results
results=()
for i in 1 2 3; do results+=("r$i"); done
echo "${#results[@]} ${results[*]}"
printf '%s\n' "${results[@]}" | jq -R . | jq -s -c .

#### associative array cache of lookups
declare -A cache
lookup() { echo "{\"k\":\"$1\",\"v\":${#1}}"; }
for k in aa b aa ccc b; do
  if [ -z "${cache[$k]+x}" ]; then cache[$k]=$(lookup "$k" | jq .v); fi
done
for k in aa b ccc; do echo "$k=${cache[$k]}"; done

#### printf table from jq tsv
echo '[{"id":1,"name":"Alice"},{"id":22,"name":"Bob"}]' | jq -r '.[] | [.id, .name] | @tsv' | while IFS=$'\t' read -r id name; do
  printf '%-4s|%s\n' "$id" "$name"
done

#### case on a status field
status() { echo "{\"status\":\"$1\"}"; }
for s in open closed weird; do
  case $(status "$s" | jq -r .status) in
    open) echo "$s: act" ;;
    closed) echo "$s: skip" ;;
    *) echo "$s: unknown" ;;
  esac
done

#### arithmetic over tool numbers
prices() { echo '[3,4,5]'; }
total=0
for p in $(prices | jq '.[]'); do total=$((total + p * 2)); done
echo "total=$total"

#### functions composing tools
get() { echo "{\"id\":$1,\"score\":$(( $1 * 37 % 100 ))}"; }
score() { get "$1" | jq .score; }
best=0; best_id=
for id in 1 2 3 4; do s=$(score "$id"); if [ "$s" -gt "$best" ]; then best=$s; best_id=$id; fi; done
echo "best $best_id ($best)"

#### stdout and stderr separation, discard noise
noisy() { echo "data"; echo "warning: slow" >&2; }
out=$(noisy 2>/dev/null)
echo "out=$out"
noisy 2>&1 >/dev/null | sed 's/^/err: /'

#### grep, sort, uniq over tool lines
lines() { printf 'b\na\nb\nc\na\nb\n'; }
lines | sort | uniq -c | sort -rn | head -2

#### jq -e as a condition
has_admin() { echo '{"roles":["user","admin"]}'; }
if has_admin | jq -e '.roles | index("admin")' >/dev/null; then echo admin; fi
if echo '{"roles":[]}' | jq -e '.roles | length > 0' >/dev/null; then echo some; else echo none; fi

#### building JSON for a write call with jq -n
create() { cat; }
payload=$(jq -n -c --arg r "backorder apology" --argjson p 10 '{percent: $p, reason: $r}')
echo "$payload" | create | jq -r '"\(.percent)% \(.reason)"'

#### empty results and defaults
none() { echo '[]'; }
first=$(none | jq -r '.[0].name // "nobody"')
echo "first=$first"
n=$(none | jq length)
[ "$n" -eq 0 ] && echo "no results"

# One script, many tool calls: the model writes this once instead of making a round-trip
# per call. Tool output is JSON; jq shapes it.

echo "== tools"
help --list

uid=1
name=$(get_user --id "$uid" | jq -r .name)
echo "== orders of $name"
orders=$(list_orders --user_id "$uid")
echo "$orders" | jq -r '.[] | "#\(.id) \(.item) x\(.qty) $\(.total)"'
echo "total spent: $(echo "$orders" | jq '[.[].total] | add')"

echo "== stock check"
low=0
for item in $(echo "$orders" | jq -r '.[].item' | sort -u); do
  stock=$(get_inventory --item "$item" | jq .stock)
  if [ "$stock" -lt 5 ]; then
    echo "$item: low ($stock left)"
    low=$((low + 1))
  else
    echo "$item: ok ($stock left)"
  fi
done

if [ "$low" -gt 0 ]; then
  echo "== discount for $name ($low low-stock items)"
  create_discount --user_id "$uid" --percent 10 --reason "backorder apology" | jq -r .code
fi

echo "== errors are handled in the script"
get_user --id 99 || echo "user 99: lookup failed, falling back to guest"
create_discount --user_id 1 --percent 80 2>&1 || true
create_discount --user_id 1 --percnt 5 2>&1; echo " (exit $?)"

echo "== discovery"
discover --categories
discover --tag write

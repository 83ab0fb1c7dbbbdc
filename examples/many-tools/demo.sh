# Explore first, then act: discovery keeps the prompt small with 50 tools.
discover --categories
echo "--"
discover --search refund
echo "--"
help billing.update_refund
echo "--"
for id in 1 2 3; do billing.get_invoice --id "$id" | jq -c '{id, score}'; done
support.update_macro --id 7 --fields status=closed owner=ana | jq -c .

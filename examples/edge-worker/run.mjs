// Runs the bundled worker under Node with code generation from strings disallowed, as an edge
// isolate would:  node --disallow-code-generation-from-strings examples/edge-worker/run.mjs
// It refuses to run without the flag, so the check cannot silently pass.
const probe = (() => {
  try {
    new Function("return 1");
    return "allowed";
  } catch {
    return "disallowed";
  }
})();
if (probe !== "disallowed") {
  console.error("run.mjs: start node with --disallow-code-generation-from-strings");
  process.exit(2);
}
const { default: worker } = await import("./dist/worker.mjs");
const script = process.argv[2] ?? `name=$(get_user --id 1 | jq -r .name)
echo "orders of $name: $(list_orders --user_id 1 | jq length)"
get_inventory --item mouse | jq -c '{item, stock}'
create_discount --user_id 1 --percent 80; echo "exit $?"
get_user --id nope; echo "exit $?"`;
const res = await worker.fetch(new Request("http://worker/", { method: "POST", body: JSON.stringify({ commands: script }) }));
console.log(JSON.stringify({ status: res.status, body: await res.json() }));

// Builds a ScriptingToolSet in discovery mode from the 50 tools and shows what a host hands
// to the model: two tool definitions, a compact prompt, and discover calls.
import { ScriptingToolSet } from "@husk/tools";
import tools, { name } from "./tools.mjs";

const builder = ScriptingToolSet.builder(name).withDiscovery();
for (const t of tools) builder.toolFn(t.def, t.fn);
const [script, discover] = builder.build().tools();

console.log(`tools: ${script.name}, ${discover.name}`);
console.log(`\n${script.name} prompt (${script.systemPrompt().length} chars, compact):\n${script.systemPrompt()}`);
console.log(`\n${discover.name} prompt:\n${discover.systemPrompt()}`);

const show = async (label, run) => {
  const r = await run;
  console.log(`\n$ ${label} -> exit ${r.exitCode}${r.error ? ` (${r.error})` : ""}`);
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
};
await show(`${discover.name} {all: true}`, discover.execute({ all: true }));
await show(`${discover.name} {query: "ticket"}`, discover.execute({ query: "ticket" }));
await show(`${discover.name} {commands: "help support.update_macro --json"}`, discover.execute({ commands: "help support.update_macro --json" }));
await show(`${script.name} {commands: ...}`, script.execute({ commands: "for id in 1 2; do crm.get_contact --id $id | jq -c '{label, score}'; done" }));

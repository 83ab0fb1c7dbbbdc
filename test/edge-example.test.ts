/**
 * examples/edge-worker: the Workers-style bundle runs under Node with code generation from
 * strings disallowed, and answers exactly what the same script gives through the same tools in
 * plain Node with the default (ajv) validator.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ScriptedTool, type ToolArgs, type ToolDef } from "@husk/tools";
import { describe, expect, it } from "vitest";
import tools, { name } from "../examples/ecommerce/tools.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const built = existsSync(`${root}packages/tools/dist/index.js`);

const SCRIPT = `name=$(get_user --id 1 | jq -r .name)
echo "orders of $name: $(list_orders --user_id 1 | jq length)"
get_inventory --item mouse | jq -c '{item, stock}'
create_discount --user_id 1 --percent 80; echo "exit $?"
create_discount --user_id 1 --percent 0; echo "exit $?"
create_discount --percent 5; echo "exit $?"
get_user --id nope; echo "exit $?"
echo '{"a":[1,2,3]}' | jq '.a | add' | sed 's/6/six/' | awk '{print toupper($0)}'
[[ abc =~ ^a(b)c$ ]] && echo "re \${BASH_REMATCH[1]}"`;

describe.skipIf(!built && !process.env.CI)("edge-worker example", () => {
  it("bundles, refuses to run with code generation allowed, and matches plain Node without it", async () => {
    const b = spawnSync(process.execPath, [`${root}examples/edge-worker/build.mjs`], { encoding: "utf8", timeout: 120_000 });
    expect(b.stderr).toBe("");
    expect(b.stdout).toMatch(/^edge-worker: dist\/worker\.mjs \d+\.\d KiB\n$/);

    const run = `${root}examples/edge-worker/run.mjs`;
    const refused = spawnSync(process.execPath, [run, "echo hi"], { encoding: "utf8", timeout: 60_000 });
    expect(refused.status).toBe(2);

    const r = spawnSync(process.execPath, ["--disallow-code-generation-from-strings", run, SCRIPT], { encoding: "utf8", timeout: 60_000 });
    expect(r.stderr).toBe("");
    const got = JSON.parse(r.stdout) as { status: number; body: unknown };

    const builder = ScriptedTool.builder(name);
    for (const t of tools as { def: ToolDef; fn: (a: ToolArgs) => string }[]) builder.toolFn(t.def, t.fn);
    const expected = await builder.build().execute({ commands: SCRIPT });
    expect(got).toEqual({ status: 200, body: expected });
    expect(expected.stdout).toContain("orders of Alice: 3\n");
    expect(expected.stdout).toContain("SIX\nre b\n");
  }, 180_000);
});

// The README's usage examples, run as written (the values in their comments are asserted here).
import { Bash } from "@husk/bash";
import { ScriptedTool, ToolDef } from "@husk/tools";
import { describe, expect, it } from "vitest";

describe("README examples", () => {
  it("runs jq over a seeded file in the sandbox", async () => {
    const bash = new Bash({ files: { "/data/orders.json": '[{"id":1,"total":30},{"id":2,"total":12}]' } });
    const r = await bash.exec("jq -r '.[] | select(.total > 20) | .id' /data/orders.json");
    expect(r).toMatchObject({ stdout: "1\n", exitCode: 0 });
  });

  it("orchestrates a tool through ScriptedTool", async () => {
    const tool = ScriptedTool.builder("shop")
      .toolFn(
        new ToolDef("get_user", "Fetch user by ID").withSchema({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] }),
        (args) => JSON.stringify({ id: args.paramInt("id"), name: "Alice" }),
      )
      .build();
    const out = await tool.execute({ commands: "get_user --id 1 | jq -r .name" });
    expect(out.stdout).toBe("Alice\n");
    expect(out.exitCode).toBe(0);
  });
});

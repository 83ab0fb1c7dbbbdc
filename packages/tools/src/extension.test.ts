import { CommandTable } from "@husk/host";
import { describe, expect, it } from "vitest";
import { runCommand } from "../test/fake.js";
import { ToolDefExtension } from "./extension.js";
import { ToolDef } from "./tool-def.js";
import { ToolInvocationTrace } from "./trace.js";

const def = new ToolDef("get_user", "Fetch user by ID").withSchema({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] });

function installed(ext: ToolDefExtension): CommandTable {
  const table = new CommandTable([{ name: "help", run: () => 99 }, { name: "get_user", run: () => 98 }]);
  ext.install(table);
  return table;
}

describe("ToolDefExtension", () => {
  const builder = ToolDefExtension.builder().toolFn(def, (a) => `u${a.paramInt("id")}\n`);

  it("installs one command per tool plus help and discover, winning over earlier ones", async () => {
    const table = installed(builder.build());
    expect(table.names()).toEqual(["help", "get_user", "discover"]);
    expect(await runCommand(table.get("get_user")!, ["--id", "2"])).toEqual({ exitCode: 0, stdout: "u2\n", stderr: "" });
    expect((await runCommand(table.get("help")!, [])).stdout).toBe("get_user             Fetch user by ID\n");
  });

  it("each build and each clone has its own trace; the handle survives installation", async () => {
    const a = builder.build();
    const b = builder.build();
    const c = a.clone();
    const handle = a.invocationTrace();
    const ta = installed(a);
    const tb = installed(b);
    await runCommand(ta.get("get_user")!, ["--id", "1"]);
    await runCommand(ta.get("discover")!, ["--categories"]);
    await runCommand(tb.get("get_user")!, ["--id", "2"]);
    expect(handle.take()).toEqual([
      { name: "get_user", kind: "tool", args: ["--id", "1"], exitCode: 0 },
      { name: "discover", kind: "discover", args: ["--categories"], exitCode: 0 },
    ]);
    expect(b.takeInvocations()).toEqual([{ name: "get_user", kind: "tool", args: ["--id", "2"], exitCode: 0 }]);
    expect(c.takeInvocations()).toEqual([]);
    expect(c.invocationTrace()).not.toBe(handle);
  });

  it("a request trace receives entries too", async () => {
    const ext = builder.build();
    const t = new ToolInvocationTrace();
    await runCommand(installed(ext).get("get_user")!, ["--id", "3"], { request: { trace: t } });
    expect(t.size).toBe(1);
    expect(ext.invocationTrace().size).toBe(1);
  });

  it("sanitizes by default; opt out with sanitizeErrors(false)", async () => {
    const failing = ToolDefExtension.builder().toolFn(def, () => {
      throw new Error("secret dsn");
    });
    expect((await runCommand(installed(failing.build()).get("get_user")!, ["--id", "1"])).stderr).toBe("get_user: callback failed\n");
    expect((await runCommand(installed(failing.build().sanitizeErrors(false)).get("get_user")!, ["--id", "1"])).stderr).toBe("secret dsn");
  });
});

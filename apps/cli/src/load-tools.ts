/**
 * `--tools MODULE`: loads a module whose default export is an array of tools (ToolImpl, or
 * `{def, fn}` where `def` is a ToolDef or a plain `{name, description, inputSchema?, tags?,
 * category?}`), and builds a ScriptedTool from it. An optional `name` export names the tool.
 */
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { ScriptedTool, ToolDef, ToolImpl, type JsonObject, type ToolArgs } from "@husk/tools";

type Fn = (args: ToolArgs) => string | Promise<string>;

function toDef(d: unknown): ToolDef {
  if (d instanceof ToolDef) return d;
  if (typeof d === "object" && d !== null) {
    const o = d as Record<string, unknown>;
    if (typeof o.name === "string") {
      let def = new ToolDef(o.name, typeof o.description === "string" ? o.description : "");
      const schema = o.inputSchema ?? o.input_schema ?? o.schema;
      if (typeof schema === "object" && schema !== null) def = def.withSchema(schema as JsonObject);
      if (Array.isArray(o.tags)) def = def.withTags(o.tags.map(String));
      if (typeof o.category === "string") def = def.withCategory(o.category);
      return def;
    }
  }
  throw new Error("a tool definition needs at least a name");
}

/** Builds a ScriptedTool from a loaded module's exports. Throws on a malformed module. */
export function scriptedToolFromModule(mod: Record<string, unknown>, fallbackName: string, name?: string): ScriptedTool {
  const list = mod.default ?? mod.tools;
  if (!Array.isArray(list)) throw new Error("the module must export an array of tools as default (or as `tools`)");
  const builder = ScriptedTool.builder(name ?? (typeof mod.name === "string" ? mod.name : fallbackName));
  for (const [i, t] of list.entries()) {
    if (t instanceof ToolImpl || (typeof t === "object" && t !== null && "def" in t && "callback" in t && typeof (t as ToolImpl).run === "function")) {
      builder.tool(t as ToolImpl);
      continue;
    }
    const o = t as { def?: unknown; fn?: unknown; exec?: unknown };
    const fn = (o?.fn ?? o?.exec) as Fn | undefined;
    if (typeof fn !== "function") throw new Error(`tool #${i + 1}: expected a ToolImpl or {def, fn}`);
    // The registry accepts sync and async results alike; no wrapper on the hot path.
    builder.toolFn(toDef(o.def ?? o), fn as (args: ToolArgs) => string);
  }
  return builder.build();
}

/** Imports `path` (relative to the working directory) and builds its ScriptedTool (named `name` when given). */
export async function loadToolsModule(path: string, name?: string): Promise<ScriptedTool> {
  const mod = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
  return scriptedToolFromModule(mod, "husk", name);
}

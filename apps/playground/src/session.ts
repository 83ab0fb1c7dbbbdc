/**
 * The playground's engine, free of the DOM: builds the e-commerce ScriptedTool from
 * examples/ecommerce/tools.mjs (the same module the CLI demo uses) and runs scripts through it.
 */
import { type ParseError, parse, stripSpans } from "@husk/syntax";
import { ScriptedTool, type ToolArgs, type ToolDef, type ToolInvocation } from "@husk/tools";
import demoTools, { name as demoName } from "../../../examples/ecommerce/tools.mjs";

/** What one run shows: the result, the tool calls it made and the parsed script. */
export interface RunOutcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
  readonly error?: string;
  readonly trace: readonly ToolInvocation[];
  /** The AST without spans, as JSON text; or the parse error's message. */
  readonly ast: string;
  readonly elapsedMs: number;
}

type DemoTool = { def: ToolDef; fn: (args: ToolArgs) => string | Promise<string> };

/** Builds the demo ScriptedTool (one per page; each `execute()` gets a fresh shell). */
export function buildDemoTool(): ScriptedTool {
  const b = ScriptedTool.builder(demoName);
  for (const t of demoTools as DemoTool[]) b.toolFn(t.def, t.fn as (args: ToolArgs) => string);
  return b.build();
}

/** The AST of `script` as indented JSON (spans stripped), or `parse error: ...`. */
export function astText(script: string): string {
  try {
    return JSON.stringify(stripSpans(parse(script)), null, 2);
  } catch (e) {
    const pe = e as ParseError;
    return `parse error: ${pe.message ?? String(e)}`;
  }
}

/** Runs `script` through `tool`, collecting the trace and the AST. Never throws. */
export async function runScript(tool: ScriptedTool, script: string, timeoutMs = 5000): Promise<RunOutcome> {
  const t0 = performance.now();
  const r = await tool.execute({ commands: script, timeout_ms: timeoutMs });
  const elapsedMs = performance.now() - t0;
  return { ...r, trace: tool.takeLastExecutionTrace(), ast: astText(script), elapsedMs };
}

/** Sample scripts offered by the page's example menu. */
export const SAMPLES: Readonly<Record<string, string>> = {
  orders: `uid=1
name=$(get_user --id "$uid" | jq -r .name)
echo "orders of $name:"
list_orders --user_id "$uid" | jq -r '.[] | "#\\(.id) \\(.item) $\\(.total)"'`,
  stock: `for item in laptop mouse keyboard; do
  stock=$(get_inventory --item "$item" | jq .stock)
  if [ "$stock" -lt 5 ]; then echo "$item: low ($stock)"; else echo "$item: ok ($stock)"; fi
done`,
  errors: `get_user --id 99 || echo "fallback: guest"
create_discount --user_id 1 --percent 80
echo "exit $?"`,
  discover: `help --list
discover --categories
discover --tag write`,
};

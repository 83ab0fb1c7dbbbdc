/**
 * The `help` and `discover` commands, and a tool's `--help` text. Formats are the behaviour
 * page's: names padded to 20 columns, JSON with sorted keys indented by 2 spaces.
 */
import type { Command, CommandContext } from "@husk/host";
import { sortedJson } from "./json.js";
import type { ToolDef } from "./tool-def.js";
import type { ToolInvocationTrace } from "./trace.js";
import { usageFromSchema } from "./usage.js";

/** `name - description\nUsage: name --flags\n` (the usage line only when there are properties). */
export function toolHelpText(def: ToolDef): string {
  const usage = usageFromSchema(def.inputSchema);
  return `${def.name} - ${def.description}\n${usage ? `Usage: ${def.name} ${usage}\n` : ""}`;
}

/** One `help --list` line: the name padded to 20 columns, a space, the description. */
export function listLine(def: ToolDef): string {
  return `${def.name.padEnd(20)} ${def.description}\n`;
}

/** The usage message of `help`. */
export const HELP_USAGE = "usage: help [--list] [<tool>] [--json]";
/** The usage message of `discover`. */
export const DISCOVER_USAGE = "usage: discover --categories | --category <name> | --tag <tag> | --search <keyword> [--json]";

type TraceTargets = (ctx: CommandContext) => ToolInvocationTrace[];

function finish(ctx: CommandContext, traces: TraceTargets, name: "help" | "discover", out: string, err: string, status: number): number | Promise<number> {
  for (const t of traces(ctx)) t.record(name, name, ctx.args, status);
  const w1 = out === "" ? undefined : ctx.stdout.write(out);
  const w2 = err === "" ? undefined : ctx.stderr.write(err);
  if (w1 || w2) return Promise.all([w1, w2]).then(() => status);
  return status;
}

/** Computes what `help ARGS` prints: [stdout, stderr, status]. */
export function runHelp(defs: readonly ToolDef[], args: readonly string[]): [string, string, number] {
  if (args.length === 0 || (args.length === 1 && args[0] === "--list")) return [defs.map(listLine).join(""), "", 0];
  const name = args.find((a) => !a.startsWith("--"));
  if (name === undefined) return ["", HELP_USAGE, 1];
  const def = defs.find((d) => d.name === name);
  if (!def) return ["", `help: unknown tool: ${name}`, 1];
  if (args.includes("--json")) {
    return [`${sortedJson({ description: def.description, input_schema: def.inputSchema, name: def.name }, 2)}\n`, "", 0];
  }
  return [toolHelpText(def), "", 0];
}

function valueAfter(args: readonly string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i < 0 ? undefined : (args[i + 1] ?? "");
}

/** Computes what `discover ARGS` prints: [stdout, stderr, status]. */
export function runDiscover(defs: readonly ToolDef[], args: readonly string[]): [string, string, number] {
  if (args.length === 0) return ["", DISCOVER_USAGE, 1];
  const json = args.includes("--json");
  if (args.includes("--categories")) {
    const counts = new Map<string, number>();
    for (const d of defs) if (d.category !== undefined) counts.set(d.category, (counts.get(d.category) ?? 0) + 1);
    const cats = [...counts.keys()].sort();
    if (json) return [`${JSON.stringify(cats.map((c) => ({ category: c, count: counts.get(c) })), null, 2)}\n`, "", 0];
    return [cats.map((c) => `${c} (${counts.get(c)} ${counts.get(c) === 1 ? "tool" : "tools"})\n`).join(""), "", 0];
  }
  let picked: readonly ToolDef[] = defs;
  const category = valueAfter(args, "--category");
  const tag = valueAfter(args, "--tag");
  const search = valueAfter(args, "--search");
  if (category !== undefined) picked = defs.filter((d) => d.category === category);
  else if (tag !== undefined) picked = defs.filter((d) => d.tags.includes(tag));
  else if (search !== undefined) {
    const k = search.toLowerCase();
    picked = defs.filter((d) => d.name.toLowerCase().includes(k) || d.description.toLowerCase().includes(k));
  }
  if (json) {
    const rows = picked.map((d) => {
      const row: Record<string, unknown> = { category: d.category, description: d.description, name: d.name };
      if (d.category === undefined) delete row.category;
      if (d.tags.length > 0) row.tags = [...d.tags];
      return row;
    });
    return [`${sortedJson(rows, 2)}\n`, "", 0];
  }
  return [picked.map(listLine).join(""), "", 0];
}

/** The `help` command over `defs`. */
export function helpCommand(defs: readonly ToolDef[], traces: TraceTargets): Command {
  return {
    name: "help",
    summary: "List the tool commands or show one tool's usage and schema",
    fileAccess: "none",
    run: (ctx) => {
      const [out, err, status] = runHelp(defs, ctx.args);
      return finish(ctx, traces, "help", out, err, status);
    },
  };
}

/** The `discover` command over `defs`. */
export function discoverCommand(defs: readonly ToolDef[], traces: TraceTargets): Command {
  return {
    name: "discover",
    summary: "Find tool commands by category, tag or keyword",
    fileAccess: "none",
    run: (ctx) => {
      const [out, err, status] = runDiscover(defs, ctx.args);
      return finish(ctx, traces, "discover", out, err, status);
    },
  };
}

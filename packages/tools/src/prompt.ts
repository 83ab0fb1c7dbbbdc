/**
 * Metadata a host hands to a language model for a ScriptedTool: the system prompt (one
 * paragraph), the Markdown help, the description and the input/output JSON Schemas.
 */
import type { JsonObject } from "./json.js";
import type { LocaleStrings } from "./locale.js";
import type { ToolDef } from "./tool-def.js";
import { effectiveType, propertiesOf } from "./schema.js";
import { usageFromSchema } from "./usage.js";

/** The input schema of a ScriptedTool: `{commands: string (required), timeout_ms: integer|null}`. */
export function scriptedInputSchema(s: LocaleStrings): JsonObject {
  return {
    type: "object",
    properties: {
      commands: { type: "string", description: s.paramCommands },
      timeout_ms: { type: ["integer", "null"], minimum: 0, description: s.paramTimeout },
    },
    required: ["commands"],
  };
}

/** The output schema of a ScriptedTool: `{stdout, stderr, exit_code (required), error}`. */
export function scriptedOutputSchema(s: LocaleStrings): JsonObject {
  return {
    type: "object",
    properties: {
      stdout: { type: "string", description: s.resultStdout },
      stderr: { type: "string", description: s.resultStderr },
      exit_code: { type: "integer", description: s.resultExit },
      error: { type: ["string", "null"], description: s.resultError },
    },
    required: ["exit_code"],
  };
}

/** `Compose tool callbacks through bash scripts: a, b`. */
export function scriptedDescription(defs: readonly ToolDef[], s: LocaleStrings): string {
  return `${s.description} ${defs.map((d) => d.name).join(", ")}`;
}

/** One tool in the prompt: `name [--usage]`, or `name (description)` when compact. */
function promptEntry(def: ToolDef, compact: boolean): string {
  if (compact) return `${def.name} (${def.description})`;
  const usage = usageFromSchema(def.inputSchema);
  return usage ? `${def.name} [${usage}]` : def.name;
}

/** The one-paragraph system prompt of the behaviour page. */
export function systemPromptText(name: string, defs: readonly ToolDef[], s: LocaleStrings, compact: boolean): string {
  const commands = defs.map((d) => promptEntry(d, compact)).join(", ");
  return `${name}: ${s.promptIntro} ${s.promptCommands} ${commands}. ${s.promptArgs} ${s.promptShell} ${s.promptHelp}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(header), `|${header.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n");
}

/** A sample invocation of `def`: required properties (or the first one) with placeholder values. */
function sampleCall(def: ToolDef): string {
  const schema = def.inputSchema;
  const props = propertiesOf(schema, schema);
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string" && props.has(r)) : [];
  const names = required.length > 0 ? required : [...props.keys()].slice(0, 1);
  const parts = [def.name];
  for (const n of names) {
    const t = effectiveType(props.get(n), schema);
    if (t === "boolean") parts.push(`--${n}`);
    else parts.push(`--${n} ${PLACEHOLDER[t]}`);
  }
  return parts.join(" ");
}

const PLACEHOLDER: Record<string, string> = {
  integer: "1",
  number: "1.5",
  string: "example",
  array: "a,b",
  object: "key=value",
  unknown: "example",
};

/** The help's second example: a loop over the first tool's output piped through jq. */
function exampleScript(defs: readonly ToolDef[]): string {
  const [a, b] = defs;
  if (!a) return "help --list";
  const first = `${sampleCall(a)} | jq .`;
  return b ? `${first}; ${sampleCall(b)} | jq -c . || echo 'fallback'` : first;
}

/** The Markdown help of a ScriptedTool. */
export function helpMarkdown(name: string, description: string, defs: readonly ToolDef[], s: LocaleStrings): string {
  const params = table(s.paramsHeader, [
    ["commands", "string", s.yes, s.paramCommands],
    ["timeout_ms", "integer | null", s.no, s.paramTimeout],
  ]);
  const commands = table(
    s.commandsHeader,
    defs.map((d) => {
      const usage = usageFromSchema(d.inputSchema);
      return [d.name, d.description, `\`${usage ? `${d.name} ${usage}` : d.name}\``];
    }),
  );
  const result = table(s.resultHeader, [
    ["stdout", "string", s.resultStdout],
    ["stderr", "string", s.resultStderr],
    ["exit_code", "integer", s.resultExit],
    ["error", "string | null", s.resultError],
  ]);
  const first = defs[0];
  const ex1 = JSON.stringify({ commands: first ? `help ${first.name}; ${sampleCall(first)}` : "help --list" });
  const ex2 = JSON.stringify({ commands: exampleScript(defs), timeout_ms: 5000 });
  return [
    `# ${name}`,
    "",
    description,
    "",
    `## ${s.paramsTitle}`,
    "",
    params,
    "",
    `## ${s.commandsTitle}`,
    "",
    commands,
    "",
    `## ${s.resultTitle}`,
    "",
    result,
    "",
    `## ${s.examplesTitle}`,
    "",
    "```json",
    ex1,
    "```",
    "",
    "```json",
    ex2,
    "```",
    "",
    `## ${s.notesTitle}`,
    "",
    ...s.notes.map((n) => `- ${n}`),
    "",
  ].join("\n");
}

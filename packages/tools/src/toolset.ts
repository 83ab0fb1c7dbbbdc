/**
 * ScriptingToolSet: the tools a host registers with a model, by discovery mode. `exclusive`
 * (default): one ScriptedTool with full schemas in its prompt. `with-discovery`: the
 * ScriptedTool with a compact prompt, plus `NAME_discover`, which runs only `discover` and
 * `help` so the model can explore schemas before writing scripts.
 */
import type { Command, Limits } from "@husk/host";
import type { JsonObject } from "./json.js";
import { localeStrings } from "./locale.js";
import { type ExecuteOptions, type LlmTool, type ScriptResult, ScriptedTool, ScriptedToolBuilder, type ToolDefinition } from "./scripted-tool.js";
import { scriptedOutputSchema } from "./prompt.js";
import { runDiscover } from "./introspect.js";
import { ToolBuilderBase } from "./tool-builder.js";

/** How many tools `tools()` returns. */
export type DiscoveryMode = "exclusive" | "with-discovery";

/** Characters and sequences the discover tool refuses in `commands`. */
const FORBIDDEN = /[\n\r;&|`]|\$\(/;
/** The commands the discover tool runs. */
const ALLOWED = /^\s*(discover|help)(\s|$)/;

/** The `NAME_discover` tool: input `{query?, all?, commands?, timeout_ms?}`. */
export class DiscoverTool implements LlmTool {
  readonly name: string;
  readonly #inner: ScriptedTool;

  constructor(inner: ScriptedTool) {
    this.#inner = inner;
    this.name = `${inner.name}_discover`;
  }

  #strings() {
    return localeStrings(this.#inner.config.locale);
  }
  /** `Explore the tool commands of NAME`. */
  description(): string {
    return `${this.#strings().discoverDescription} ${this.#inner.name}`;
  }
  /** The prompt: what the tool is for and which input to give. */
  systemPrompt(): string {
    return `${this.name}: ${this.#strings().discoverPrompt}`;
  }
  /** Markdown help. */
  help(): string {
    return `# ${this.name}\n\n${this.description()}\n\n${this.systemPrompt()}\n`;
  }
  /** `{query?, all?, commands?, timeout_ms?}`. */
  inputSchema(): JsonObject {
    return {
      type: "object",
      properties: {
        query: { type: "string", description: "Keyword to search tool names and descriptions (runs discover --search QUERY)." },
        all: { type: "boolean", description: "List the categories (runs discover --categories)." },
        commands: { type: "string", description: "One discover or help command line." },
        timeout_ms: { type: ["integer", "null"], minimum: 0 },
      },
    };
  }
  /** Same result shape as the ScriptedTool. */
  outputSchema(): JsonObject {
    return scriptedOutputSchema(this.#strings());
  }
  /** The OpenAI function-tool shape. */
  toolDefinition(): ToolDefinition {
    return { type: "function", function: { name: this.name, description: this.description(), parameters: this.inputSchema() } };
  }
  /** `discover ARGS` without a shell (the structured inputs need no parsing). */
  #direct(args: string[]): ScriptResult {
    const [stdout, stderr, exitCode] = runDiscover(this.#inner.registry.definitions(), args);
    return { stdout, stderr, exitCode };
  }
  /** Runs the discovery request (precedence: commands > all > query). */
  execute(input: JsonObject, options: ExecuteOptions = {}): Promise<ScriptResult> {
    const fail = (msg: string): Promise<ScriptResult> => Promise.resolve({ stdout: "", stderr: `${this.name}: ${msg}\n`, exitCode: 2, error: "invalid_input" });
    const timeout = typeof input.timeout_ms === "number" ? input.timeout_ms : undefined;
    let script: string;
    if (typeof input.commands === "string") {
      if (FORBIDDEN.test(input.commands)) return fail("commands may not contain newline, carriage return, ';', '&', '|', '`' or '$('");
      if (!ALLOWED.test(input.commands)) return fail("only discover and help commands are allowed");
      script = input.commands;
    } else if (input.all === true) return Promise.resolve(this.#direct(["--categories"]));
    else if (typeof input.query === "string") return Promise.resolve(this.#direct(["--search", input.query]));
    else return fail("give one of commands, all or query");
    return this.#inner.execute({ commands: script, timeout_ms: timeout }, options);
  }
}

/** Builder of a ScriptingToolSet; mirrors ScriptedToolBuilder plus `withDiscovery()`. */
export class ScriptingToolSetBuilder extends ToolBuilderBase<ScriptedToolBuilder> {
  #mode: DiscoveryMode = "exclusive";

  constructor(name: string) {
    super(ScriptedTool.builder(name));
  }
  /** See ScriptedToolBuilder.shortDescription. */
  shortDescription(text: string): this {
    this.inner.shortDescription(text);
    return this;
  }
  /** See ScriptedToolBuilder.locale. */
  locale(locale: string): this {
    this.inner.locale(locale);
    return this;
  }
  /** See ScriptedToolBuilder.builtin. */
  builtin(name: string, command: Command): this {
    this.inner.builtin(name, command);
    return this;
  }
  /** See ScriptedToolBuilder.env. */
  env(key: string, value: string): this {
    this.inner.env(key, value);
    return this;
  }
  /** See ScriptedToolBuilder.limits. */
  limits(limits: Partial<Limits>): this {
    this.inner.limits(limits);
    return this;
  }
  /** See ScriptedToolBuilder.compactPrompt (discovery mode always uses the compact prompt). */
  compactPrompt(on: boolean): this {
    this.inner.compactPrompt(on);
    return this;
  }
  /** Return two tools: the script tool (compact prompt) and `NAME_discover`. */
  withDiscovery(): this {
    this.#mode = "with-discovery";
    return this;
  }
  /** Sets the mode explicitly. */
  discoveryMode(mode: DiscoveryMode): this {
    this.#mode = mode;
    return this;
  }
  /** Builds the set. */
  build(): ScriptingToolSet {
    return new ScriptingToolSet(this.inner.build(), this.#mode);
  }
}

/** See the module comment. */
export class ScriptingToolSet {
  readonly mode: DiscoveryMode;
  readonly #script: ScriptedTool;

  /** A builder. */
  static builder(name: string): ScriptingToolSetBuilder {
    return new ScriptingToolSetBuilder(name);
  }

  constructor(script: ScriptedTool, mode: DiscoveryMode) {
    this.mode = mode;
    this.#script = mode === "with-discovery" ? script.withCompactPrompt(true) : script;
  }
  /** One tool (exclusive) or two (with discovery); both share the same callbacks. */
  tools(): LlmTool[] {
    if (this.mode === "exclusive") return [this.#script];
    return [this.#script, new DiscoverTool(this.#script)];
  }
}

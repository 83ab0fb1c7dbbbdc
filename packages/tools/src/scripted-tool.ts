/**
 * ScriptedTool: many tool callbacks composed into ONE tool that accepts a bash script. Each
 * `execute()` builds a fresh logic-only shell (the tool commands, `help`, `discover` and the
 * custom builtins installed), runs the script and returns `{stdout, stderr, exitCode, error?}`.
 * Callback closures are shared across calls; shell state never is.
 */
import { timeoutMessage } from "@husk/bash";
import { AbortError, type Command, type Limits, LimitError, UsageError } from "@husk/host";
import type { JsonObject } from "./json.js";
import { localeStrings, type LocaleStrings } from "./locale.js";
import { helpMarkdown, scriptedDescription, scriptedInputSchema, scriptedOutputSchema, systemPromptText } from "./prompt.js";
import { ToolRegistry, ToolRegistryBuilder } from "./registry.js";
import { createShell } from "./shell.js";
import type { ToolCallSurface } from "./tool-def.js";
import { ToolBuilderBase } from "./tool-builder.js";
import { type ToolInvocation, ToolInvocationTrace } from "./trace.js";

/** The input of `execute()`: the script and an optional time limit. */
export interface ScriptInput {
  readonly commands: string;
  readonly timeout_ms?: number | null;
}

/** Options of one `execute()` call (per request; never stored on the tool). */
export interface ExecuteOptions {
  readonly signal?: AbortSignal;
  readonly tenant?: string;
  readonly surface?: ToolCallSurface;
  /**
   * Receives this execution's invocations too (what `takeLastExecutionTrace()` returns). Give
   * one per request when executions run concurrently: "the last execution" is then ambiguous.
   */
  readonly trace?: ToolInvocationTrace;
}

/** The result of `execute()`. `error` is `timeout`, `resource_limit`, `cancelled`... when the run ended early. */
export interface ScriptResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
  readonly error?: string;
}

/** The OpenAI function-tool shape. */
export interface ToolDefinition {
  readonly type: "function";
  readonly function: { readonly name: string; readonly description: string; readonly parameters: JsonObject };
}

/** What ScriptedTool and the discover tool of a ScriptingToolSet have in common. */
export interface LlmTool {
  readonly name: string;
  description(): string;
  systemPrompt(): string;
  help(): string;
  inputSchema(): JsonObject;
  outputSchema(): JsonObject;
  toolDefinition(): ToolDefinition;
  execute(input: ScriptInput | JsonObject, options?: ExecuteOptions): Promise<ScriptResult>;
}

/** Everything a ScriptedTool is built from (the builder's state). */
export interface ScriptedToolConfig {
  readonly name: string;
  readonly shortDescription?: string;
  readonly locale: string;
  readonly registry: ToolRegistry;
  readonly builtins: readonly Command[];
  readonly env: Readonly<Record<string, string>>;
  readonly limits: Partial<Limits>;
  readonly compactPrompt: boolean;
}

/** Wraps a custom builtin so that its unexpected errors cross the sanitization boundary. */
function wrapBuiltin(name: string, command: Command, sanitize: () => boolean): Command {
  return {
    name,
    summary: command.summary,
    help: command.help,
    fileAccess: command.fileAccess,
    run: async (ctx) => {
      try {
        return await command.run(ctx);
      } catch (e) {
        if (e instanceof LimitError || e instanceof AbortError || e instanceof UsageError || !sanitize()) throw e;
        await ctx.stderr.write(`${name}: command failed\n`);
        return 1;
      }
    },
  };
}

/** Builder of a ScriptedTool (`ScriptedTool.builder(name)`). */
export class ScriptedToolBuilder extends ToolBuilderBase<ToolRegistryBuilder> {
  readonly #name: string;
  #short: string | undefined;
  #locale = "en-US";
  #builtins: [string, Command][] = [];
  #env: Record<string, string> = Object.create(null);
  #limits: Partial<Limits> = {};
  #sanitize = true;
  #compact = false;

  constructor(name: string) {
    super(new ToolRegistryBuilder());
    this.#name = name;
  }
  /** A one-line description used by `description()` instead of the generated one. */
  shortDescription(text: string): this {
    this.#short = text;
    return this;
  }
  /** Locale of help() and systemPrompt() (`en-US` default, `uk-UA`). */
  locale(locale: string): this {
    this.#locale = locale;
    return this;
  }
  /**
   * Adds a raw-argv command under `name`. It runs in the same logic-only shell (no file is
   * reachable) and is registered BEFORE the tools, so it can never shadow a tool, `help` or
   * `discover`.
   */
  builtin(name: string, command: Command): this {
    this.#builtins.push([name, command]);
    return this;
  }
  /** An environment variable every execution sees. */
  env(key: string, value: string): this {
    this.#env[key] = value;
    return this;
  }
  /** Limits of each execution (merged over the defaults). */
  limits(limits: Partial<Limits>): this {
    this.#limits = { ...this.#limits, ...limits };
    return this;
  }
  /** Sanitize callback and builtin errors (default true). */
  override sanitizeErrors(on: boolean): this {
    this.#sanitize = on;
    return super.sanitizeErrors(on);
  }
  /** List tools as `name (description)` in the system prompt (default false). */
  compactPrompt(on: boolean): this {
    this.#compact = on;
    return this;
  }
  /** Builds the tool; throws on an invalid or duplicate tool name. */
  build(): ScriptedTool {
    const sanitize = this.#sanitize;
    return new ScriptedTool({
      name: this.#name,
      shortDescription: this.#short,
      locale: this.#locale,
      registry: this.inner.build(),
      builtins: this.#builtins.map(([n, c]) => wrapBuiltin(n, c, () => sanitize)),
      env: { ...this.#env },
      limits: { ...this.#limits },
      compactPrompt: this.#compact,
    });
  }
}

/** See the module comment. */
export class ScriptedTool implements LlmTool {
  readonly name: string;
  readonly config: ScriptedToolConfig;
  readonly #strings: LocaleStrings;
  #lastTrace: ToolInvocation[] = [];

  /** A builder. */
  static builder(name: string): ScriptedToolBuilder {
    return new ScriptedToolBuilder(name);
  }

  constructor(config: ScriptedToolConfig) {
    this.name = config.name;
    this.config = config;
    this.#strings = localeStrings(config.locale);
  }
  /** The shared registry (definitions, callbacks, policy). */
  get registry(): ToolRegistry {
    return this.config.registry;
  }
  /** The same tool with another prompt mode (shares callbacks). */
  withCompactPrompt(on: boolean): ScriptedTool {
    return new ScriptedTool({ ...this.config, compactPrompt: on });
  }
  /** `Compose tool callbacks through bash scripts: get_user, list_orders` (or the short description). */
  description(): string {
    return this.config.shortDescription ?? scriptedDescription(this.config.registry.definitions(), this.#strings);
  }
  /** The one-paragraph system prompt. */
  systemPrompt(): string {
    return systemPromptText(this.name, this.config.registry.definitions(), this.#strings, this.config.compactPrompt);
  }
  /** Markdown help: parameters, tool commands, result fields, examples, notes. */
  help(): string {
    return helpMarkdown(this.name, this.description(), this.config.registry.definitions(), this.#strings);
  }
  /** `{commands: string (required), timeout_ms: integer|null}`. */
  inputSchema(): JsonObject {
    return scriptedInputSchema(this.#strings);
  }
  /** `{stdout, stderr, exit_code (required), error}`. */
  outputSchema(): JsonObject {
    return scriptedOutputSchema(this.#strings);
  }
  /** `{type: "function", function: {name, description, parameters}}`. */
  toolDefinition(): ToolDefinition {
    return { type: "function", function: { name: this.name, description: this.description(), parameters: this.inputSchema() } };
  }
  /** The invocations of the most recent `execute()`; clears them. */
  takeLastExecutionTrace(): ToolInvocation[] {
    const t = this.#lastTrace;
    this.#lastTrace = [];
    return t;
  }
  /** Runs a script in a fresh logic-only shell. Never throws for script failures. */
  async execute(input: ScriptInput | JsonObject, options: ExecuteOptions = {}): Promise<ScriptResult> {
    const commands = typeof input.commands === "string" ? input.commands : undefined;
    if (commands === undefined) return { stdout: "", stderr: `${this.name}: 'commands' must be a string\n`, exitCode: 2, error: "invalid_input" };
    const rawTimeout = input.timeout_ms;
    if (rawTimeout !== undefined && rawTimeout !== null && (typeof rawTimeout !== "number" || !Number.isInteger(rawTimeout) || rawTimeout < 0)) {
      return { stdout: "", stderr: `${this.name}: 'timeout_ms' must be a non-negative integer\n`, exitCode: 2, error: "invalid_input" };
    }
    const trace = new ToolInvocationTrace();
    this.#lastTrace = [];
    if (commands.trim() === "") return { stdout: "", stderr: "", exitCode: 0 };
    const timeoutMs = typeof rawTimeout === "number" ? rawTimeout : undefined;
    const result = await this.#run(commands, timeoutMs, trace, options);
    this.#lastTrace = trace.take();
    if (options.trace) for (const e of this.#lastTrace) options.trace.record(e.name, e.kind, e.args, e.exitCode);
    return result;
  }

  async #run(script: string, timeoutMs: number | undefined, trace: ToolInvocationTrace, options: ExecuteOptions): Promise<ScriptResult> {
    const { config } = this;
    const shell = createShell({
      profile: "logic-only",
      commands: config.builtins,
      extensions: [config.registry],
      env: config.env,
      limits: config.limits,
    });

    const controller = new AbortController();
    const outer = options.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener("abort", onOuterAbort, { once: true });

    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const limits: Partial<Limits> = timeoutMs === undefined ? {} : { timeoutMs: Math.min(timeoutMs, config.limits.timeoutMs ?? Number.POSITIVE_INFINITY) };
    const running = shell.exec(script, {
      signal: controller.signal,
      context: { tenant: options.tenant, surface: options.surface ?? "shell", trace },
      limits,
    });
    try {
      let res;
      if (timeoutMs === undefined) res = await running;
      else {
        const expired = new Promise<"expired">((resolve) => {
          timer = setTimeout(() => {
            timedOut = true;
            controller.abort(new AbortError("timeout"));
            resolve("expired");
          }, timeoutMs);
        });
        const first = await Promise.race([running, expired]);
        // After expiry give the shell a moment to unwind and hand back its partial output.
        res = first === "expired" ? await Promise.race([running, new Promise<undefined>((r) => setTimeout(() => r(undefined), 50))]) : first;
      }
      const kind = res?.error?.kind;
      // The shell's own deadline may end a callback ("callback timeout") and the script just
      // before our timer (or the shell's) fires: past the deadline, the call timed out all the same.
      const budget = limits.timeoutMs ?? config.limits.timeoutMs;
      if (budget !== undefined && Date.now() - started >= budget) timedOut = true;
      if (timedOut || kind === "timeout") {
        return { stdout: res?.stdout ?? "", stderr: timeoutMessage(budget ?? 30_000), exitCode: 124, error: "timeout" };
      }
      if (!res) return { stdout: "", stderr: "", exitCode: 1, error: "unavailable" };
      if (kind === "resource_limit") return { stdout: res.stdout, stderr: res.stderr, exitCode: 1, error: "resource_limit" };
      // Cancelled by the caller: report it even if the script ran on after the callback ended.
      if (kind === "cancelled" || outer?.aborted) return { stdout: res.stdout, stderr: res.stderr, exitCode: kind === "cancelled" ? res.exitCode : 130, error: "cancelled" };
      return { stdout: res.stdout, stderr: res.stderr, exitCode: res.exitCode };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener("abort", onOuterAbort);
    }
  }
}

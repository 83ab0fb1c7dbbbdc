/**
 * ToolRegistry: owns tool definitions, callbacks, the policy hook, schema validation (ajv,
 * compiled once per tool), error sanitization, deadlines and trace dispatch. It implements
 * host's `ShellExtension`, so `new Bash({toolRegistry})` installs one command per tool plus
 * `help` and `discover`. Per-request data (tenant, surface, trace) comes from the
 * `RequestContext` of each execution, never from registry state, so one registry serves many
 * concurrent executions.
 */
import { AbortError, LimitError, LimitsMeter, type Command, type CommandContext, type CommandRegistrar, type RequestContext, type ShellExtension } from "@husk/host";
import { FlagError, parseFlags } from "./flags.js";
import { discoverCommand, helpCommand, toolHelpText } from "./introspect.js";
import { jsonObject, sortedJson, type JsonObject } from "./json.js";
import { isValidToolName, LazyAbort, NEVER_ABORTED, ToolArgs, type ToolCallback, type ToolCallSurface, type ToolDef } from "./tool-def.js";
import type { ToolImpl } from "./tool-impl.js";
import { ToolInvocationTrace } from "./trace.js";
import { standardValidator } from "./standard-schema.js";
import { SchemaCompiler, type InputValidator, type SchemaValidatorFactory } from "./validate.js";
import { atDeadline, type Deadline, isTimeout, type Wake, watchRun } from "./watch.js";

/** What the policy hook sees of a call. */
export interface PolicyRequest {
  readonly name: string;
  readonly params: JsonObject;
  readonly tenant: string | undefined;
  readonly surface: ToolCallSurface | undefined;
}

/** A policy verdict: `true`/`"allow"` allows, anything else denies. */
export type PolicyDecision = boolean | "allow" | "deny";

/** The policy hook. Throwing (or rejecting) denies: the hook fails closed. */
export type ToolPolicy = (request: PolicyRequest) => PolicyDecision | Promise<PolicyDecision>;

/**
 * Per-execution tool data, passed as `exec(script, {context})` (it is a host `RequestContext`):
 * the tenant, the surface, and a trace that receives this execution's invocations.
 */
export interface ToolCallRequest extends RequestContext {
  readonly tenant?: string;
  readonly surface?: ToolCallSurface;
  readonly trace?: ToolInvocationTrace;
}

/** The outcome of one call (the shell command writes these; `call()` returns them). */
export interface ToolCallResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of a structured (non-shell) call through `ToolRegistry.call`. */
export interface ToolCallOptions extends ToolCallRequest {
  readonly stdin?: string;
  readonly signal?: AbortSignal;
  /** Deadline for the callback (default 30 s). */
  readonly timeoutMs?: number;
}

/** A registered tool: its definition and callback. */
/** One tool call on its way through validation, policy and the callback. */
interface Call {
  readonly tool: RegisteredTool;
  readonly params: JsonObject;
  readonly stdin: string | undefined;
  readonly tenant: string | undefined;
  readonly surface: ToolCallSurface;
  /** The run's cancellation (or a never-aborted signal). */
  readonly signal: AbortSignal;
  /** The shell run's meter, or the structured call's own deadline. */
  readonly deadline: Deadline;
}

export interface RegisteredTool {
  readonly def: ToolDef;
  readonly callback: ToolCallback;
}

/** Names that `help` and `discover` own; tools cannot take them. */
const RESERVED = new Set(["help", "discover"]);
const DEFAULT_TIMEOUT_MS = 30_000;

/** The traces an invocation is recorded in: the request's, and an extension's own. */
function tracesOf(request: RequestContext | undefined, own: ToolInvocationTrace | undefined): ToolInvocationTrace[] {
  const out: ToolInvocationTrace[] = [];
  const t = request?.trace;
  if (t instanceof ToolInvocationTrace) out.push(t);
  if (own && own !== t) out.push(own);
  return out;
}

/** Records one invocation in the request's trace and in `own` (without building a list). */
function recordTo(request: RequestContext | undefined, own: ToolInvocationTrace | undefined, name: string, kind: "tool", args: readonly string[], exitCode: number): void {
  const t = request?.trace;
  if (t instanceof ToolInvocationTrace) t.record(name, kind, args, exitCode);
  if (own && own !== t) own.record(name, kind, args, exitCode);
}

/** `value`, after `wait` settles when it is a Promise (a write under back-pressure). */
function then<T>(wait: Promise<void> | undefined, value: T): T | Promise<T> {
  return wait === undefined ? value : wait.then(() => value);
}

/** Records one invocation in every target trace. */
export function recordInvocation(
  traces: readonly ToolInvocationTrace[],
  name: string,
  kind: "tool" | "help" | "discover",
  args: readonly string[],
  exitCode: number,
): void {
  for (const t of traces) t.record(name, kind, args, exitCode);
}

/** Builder of a ToolRegistry (`ToolRegistry.builder()`). */
export class ToolRegistryBuilder {
  #tools: RegisteredTool[] = [];
  #policy: ToolPolicy | undefined;
  #sanitize = true;
  #validator: SchemaValidatorFactory | undefined;

  /** Registers a ToolImpl (definition + exec). */
  tool(impl: ToolImpl): this {
    this.#tools.push({ def: impl.def, callback: impl.callback });
    return this;
  }
  /** Registers a definition with a synchronous callback. */
  toolFn(def: ToolDef, fn: (args: ToolArgs) => string): this {
    this.#tools.push({ def, callback: fn });
    return this;
  }
  /** Registers a definition with an async callback. */
  asyncToolFn(def: ToolDef, fn: (args: ToolArgs) => Promise<string>): this {
    this.#tools.push({ def, callback: fn });
    return this;
  }
  /** Sets the policy hook, consulted after validation and before the callback. */
  policy(fn: ToolPolicy): this {
    this.#policy = fn;
    return this;
  }
  /** Whether callback errors are replaced by `NAME: callback failed` (default true). */
  sanitizeErrors(on: boolean): this {
    this.#sanitize = on;
    return this;
  }
  /**
   * Replaces ajv as the JSON Schema validator (for runtimes that forbid `new Function`; see
   * SchemaValidatorFactory). Tools defined by a Standard Schema always use its own `validate`.
   */
  validator(factory: SchemaValidatorFactory): this {
    this.#validator = factory;
    return this;
  }
  /** Builds the registry; throws on an invalid, reserved or duplicate tool name. */
  build(): ToolRegistry {
    return new ToolRegistry(this.#tools, { policy: this.#policy, sanitizeErrors: this.#sanitize, validator: this.#validator });
  }
}

/** See the module comment. Immutable once built. */
export class ToolRegistry implements ShellExtension {
  /** Extension name (host `ShellExtension`). */
  readonly name = "tools";
  readonly #tools = new Map<string, RegisteredTool>();
  readonly #validators = new Map<string, InputValidator>();
  readonly #compiler: SchemaCompiler;
  readonly #factory: SchemaValidatorFactory | undefined;
  readonly #policy: ToolPolicy | undefined;
  readonly #sanitize: boolean;
  #commands: Command[] | undefined;

  /** A builder; see ToolRegistryBuilder. */
  static builder(): ToolRegistryBuilder {
    return new ToolRegistryBuilder();
  }

  /** Prefer `ToolRegistry.builder()`. Throws on an invalid, reserved or duplicate name. */
  constructor(tools: readonly RegisteredTool[], options: { policy?: ToolPolicy; sanitizeErrors?: boolean; validator?: SchemaValidatorFactory } = {}) {
    for (const t of tools) {
      const name = t.def.name;
      if (!isValidToolName(name)) throw new Error(`invalid tool name: ${JSON.stringify(name)}`);
      if (RESERVED.has(name)) throw new Error(`tool name is reserved: ${name}`);
      if (this.#tools.has(name)) throw new Error(`duplicate tool name: ${name}`);
      this.#tools.set(name, t);
    }
    this.#policy = options.policy;
    this.#sanitize = options.sanitizeErrors ?? true;
    this.#factory = options.validator;
    this.#compiler = new SchemaCompiler(options.validator);
  }

  /** Whether callback errors are sanitized. */
  get sanitizesErrors(): boolean {
    return this.#sanitize;
  }

  /** The definitions, in registration order. */
  definitions(): ToolDef[] {
    return [...this.#tools.values()].map((t) => t.def);
  }

  /** The registered tools, in registration order. */
  tools(): RegisteredTool[] {
    return [...this.#tools.values()];
  }

  /** True when a tool of that name is registered. */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** A registry with the same tools and policy and another sanitization setting. */
  withSanitizeErrors(on: boolean): ToolRegistry {
    return new ToolRegistry(this.tools(), { policy: this.#policy, sanitizeErrors: on, validator: this.#factory });
  }

  /** Installs the tool commands, `help` and `discover` (host `ShellExtension`). */
  install(registrar: CommandRegistrar): void {
    this.#commands ??= this.commands();
    for (const c of this.#commands) registrar.register(c);
  }

  /**
   * The commands of this registry: one per tool, then `help` and `discover`. Invocations are
   * traced in the request's trace and in `ownTrace` when given (ToolDefExtension's).
   */
  commands(ownTrace?: ToolInvocationTrace): Command[] {
    const out: Command[] = [];
    for (const tool of this.#tools.values()) {
      out.push({
        name: tool.def.name,
        summary: tool.def.description,
        help: toolHelpText(tool.def),
        fileAccess: "none",
        run: (ctx) => this.#runCommand(tool, ctx, ownTrace),
      });
    }
    const defs = this.definitions();
    out.push(helpCommand(defs, (ctx) => tracesOf(ctx.request, ownTrace)));
    out.push(discoverCommand(defs, (ctx) => tracesOf(ctx.request, ownTrace)));
    return out;
  }

  #validator(tool: RegisteredTool): InputValidator {
    let v = this.#validators.get(tool.def.name);
    if (!v) {
      const standard = tool.def.standardSchema;
      v = standard ? standardValidator(standard) : this.#compiler.compile(tool.def.inputSchema);
      this.#validators.set(tool.def.name, v);
    }
    return v;
  }

  /** Validates params for `name`; undefined when valid, else the DETAIL (a Promise for async Standard Schemas). Unknown tool: undefined. */
  validate(name: string, params: JsonObject): string | undefined | Promise<string | undefined> {
    const tool = this.#tools.get(name);
    return tool ? this.#validator(tool)(params) : undefined;
  }

  /**
   * One shell invocation. Synchronous from start to end when the validator, the policy, the
   * callback and the writes all are (the common case): no Promise, no microtask hop, and the
   * interpreter continues on its own synchronous path. Any step that returns a Promise turns
   * the rest of the call asynchronous.
   */
  #runCommand(tool: RegisteredTool, ctx: CommandContext, own: ToolInvocationTrace | undefined): number | Promise<number> {
    const args = ctx.args;
    if (args.includes("--help") || args.includes("--dry-run")) return this.#runIntrospection(tool, ctx, tracesOf(ctx.request, own));
    let params: JsonObject;
    try {
      params = parseFlags(args, tool.def.inputSchema);
    } catch (e) {
      if (!(e instanceof FlagError)) throw e;
      return then(ctx.stderr.write(e.message), 2);
    }
    const request = ctx.request as ToolCallRequest;
    // Stdin inherited from an enclosing loop or function is not the tool's (`| while read`).
    if (ctx.stdinRedirected !== false) return this.#runWithStdin(tool, ctx, params, own);
    const result = this.#call({ tool, params, stdin: undefined, tenant: request.tenant, surface: request.surface ?? "shell", signal: ctx.signal, deadline: ctx.meter });
    return result instanceof Promise ? result.then((r) => this.#finish(tool, ctx, own, r)) : this.#finish(tool, ctx, own, result);
  }

  async #runWithStdin(tool: RegisteredTool, ctx: CommandContext, params: JsonObject, own: ToolInvocationTrace | undefined): Promise<number> {
    const stdinText = await ctx.stdin.readAll();
    const request = ctx.request as ToolCallRequest;
    const result = await this.#call({ tool, params, stdin: stdinText === "" ? undefined : stdinText, tenant: request.tenant, surface: request.surface ?? "shell", signal: ctx.signal, deadline: ctx.meter });
    return this.#finish(tool, ctx, own, result);
  }

  /** Writes a call's result and traces it; the exit status (later if a write waits). */
  #finish(tool: RegisteredTool, ctx: CommandContext, own: ToolInvocationTrace | undefined, result: ToolCallResult): number | Promise<number> {
    const out = result.stdout !== "" ? ctx.stdout.write(result.stdout) : undefined;
    const done = (): number | Promise<number> => {
      const err = result.stderr !== "" ? ctx.stderr.write(result.stderr) : undefined;
      recordTo(ctx.request, own, tool.def.name, "tool", ctx.args, result.exitCode);
      return then(err, result.exitCode);
    };
    return out === undefined ? done() : out.then(done);
  }

  /** `--help` and `--dry-run`: the tool's help, or parse + validate without calling. */
  async #runIntrospection(tool: RegisteredTool, ctx: CommandContext, traces: ToolInvocationTrace[]): Promise<number> {
    const { name } = tool.def;
    const args = ctx.args;
    if (args.includes("--help")) {
      await ctx.stdout.write(toolHelpText(tool.def));
      recordInvocation(traces, name, "help", args, 0);
      return 0;
    }
    let params: JsonObject;
    try {
      params = parseFlags(args.filter((a) => a !== "--dry-run"), tool.def.inputSchema);
    } catch (e) {
      if (!(e instanceof FlagError)) throw e;
      await ctx.stderr.write(`${sortedJson({ dry_run: true, error: e.message, tool: name, valid: false })}\n`);
      recordInvocation(traces, name, "tool", args, 1);
      return 1;
    }
    const checked = this.#validator(tool)(params);
    const detail = checked instanceof Promise ? await checked : checked;
    if (detail) await ctx.stderr.write(`${sortedJson({ dry_run: true, error: `schema error: ${detail}`, tool: name, valid: false })}\n`);
    else await ctx.stdout.write(`${sortedJson({ dry_run: true, params, tool: name, valid: true })}\n`);
    const exitCode = detail ? 1 : 0;
    recordInvocation(traces, name, "tool", args, exitCode);
    return exitCode;
  }

  /**
   * Calls a tool with structured params (a non-shell surface): validate, policy, callback,
   * with the same messages and statuses as the shell command. An unknown name gives 127.
   */
  async call(name: string, params: JsonObject = jsonObject(), options: ToolCallOptions = {}): Promise<ToolCallResult> {
    const tool = this.#tools.get(name);
    let result: ToolCallResult;
    if (!tool) result = { exitCode: 127, stdout: "", stderr: `${name}: unknown tool\n` };
    else {
      const signal = options.signal ?? NEVER_ABORTED;
      const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      result = await this.#call({ tool, params, stdin: options.stdin, tenant: options.tenant, surface: options.surface ?? "api", signal, deadline: { remainingMs: () => Math.max(0, deadline - Date.now()) } });
    }
    if (options.trace) options.trace.record(name, "tool", [sortedJson(params)], result.exitCode);
    return result;
  }

  /** Validate, policy, callback: a result, or a Promise of one when a step is asynchronous. */
  #call(c: Call): ToolCallResult | Promise<ToolCallResult> {
    const checked = this.#validator(c.tool)(c.params);
    if (checked instanceof Promise) return checked.then((d) => this.#checked(c, d));
    return this.#checked(c, checked);
  }

  #checked(c: Call, detail: string | undefined): ToolCallResult | Promise<ToolCallResult> {
    const { name } = c.tool.def;
    if (detail !== undefined) return { exitCode: 2, stdout: "", stderr: `${name}: schema error: ${detail}\n` };
    if (this.#policy) {
      const denied: ToolCallResult = { exitCode: 1, stdout: "", stderr: `${name}: denied by policy\n` };
      let d: PolicyDecision | Promise<PolicyDecision>;
      try {
        d = this.#policy({ name, params: c.params, tenant: c.tenant, surface: c.surface });
      } catch {
        return denied;
      }
      if (d instanceof Promise) {
        return d.then(
          (v) => (v === true || v === "allow" ? this.#invoke(c) : denied),
          () => denied,
        );
      }
      if (d !== true && d !== "allow") return denied;
    }
    return this.#invoke(c);
  }

  #invoke(c: Call): ToolCallResult | Promise<ToolCallResult> {
    const { tool, params, stdin, tenant, surface, signal, deadline } = c;
    const { name } = tool.def;
    if (signal.aborted) return { exitCode: 1, stdout: "", stderr: `${name}: ${isTimeout(signal.reason) ? "callback timeout" : "request cancelled"}\n` };
    // The callback's own signal: fires on our deadline or when the run is cancelled.
    const controller = new LazyAbort();
    let r: unknown;
    try {
      r = tool.callback(new ToolArgs(params, stdin, { tenant, surface, signal: controller }));
    } catch (e) {
      return this.#failure(name, e);
    }
    if (typeof r === "object" && r !== null && "then" in r) return this.#settle(name, r as PromiseLike<unknown>, controller, signal, deadline);
    return { exitCode: 0, stdout: asOutput(r), stderr: "" };
  }

  /** Waits for an async callback, bounded by the deadline and the run's cancellation. */
  async #settle(name: string, r: PromiseLike<unknown>, controller: LazyAbort, signal: AbortSignal, deadline: Deadline): Promise<ToolCallResult> {
    let stop: (() => void) | undefined;
    let stopAbort: (() => void) | undefined;
    try {
      const outcome = await new Promise<{ value: unknown } | { error: unknown } | Wake>((resolve) => {
        if (deadline instanceof LimitsMeter) {
          // A shell run: one watch per run (its signal also aborts at the run's own deadline).
          stop = watchRun(signal, deadline, resolve);
        } else {
          stop = atDeadline(deadline, () => resolve("timeout"));
          // (no listener on the shared never-aborted signal: concurrent calls would pile them up)
          if (signal !== NEVER_ABORTED) {
            const onAbort = () => resolve(isTimeout(signal.reason) ? "timeout" : "cancelled");
            signal.addEventListener("abort", onAbort, { once: true });
            stopAbort = () => signal.removeEventListener("abort", onAbort);
          }
        }
        Promise.resolve(r).then(
          (value) => resolve({ value }),
          (error: unknown) => resolve({ error }),
        );
      });
      if (outcome === "timeout") {
        controller.abort(new AbortError("timeout", `${name}: callback timeout`));
        return { exitCode: 1, stdout: "", stderr: `${name}: callback timeout\n` };
      }
      if (outcome === "cancelled") {
        controller.abort(new AbortError("cancelled", `${name}: request cancelled`));
        return { exitCode: 1, stdout: "", stderr: `${name}: request cancelled\n` };
      }
      if ("error" in outcome) return this.#failure(name, outcome.error);
      return { exitCode: 0, stdout: asOutput(outcome.value), stderr: "" };
    } finally {
      stop?.();
      stopAbort?.();
    }
  }

  #failure(name: string, e: unknown): ToolCallResult {
    // Cancellation and resource limits keep their category: they end the whole run.
    if (e instanceof LimitError || e instanceof AbortError) throw e;
    if (this.#sanitize) return { exitCode: 1, stdout: "", stderr: `${name}: callback failed\n` };
    const message = e instanceof Error ? e.message : typeof e === "string" ? e : String(e);
    return { exitCode: 1, stdout: "", stderr: message };
  }
}

/** A callback's return value as stdout: strings verbatim, other values as JSON. */
function asOutput(v: unknown): string {
  if (typeof v === "string") return v;
  if (v === undefined || v === null) return "";
  return JSON.stringify(v) ?? "";
}

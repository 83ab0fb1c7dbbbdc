/**
 * The tool primitives: `ToolDef` (metadata + JSON Schema), `ToolArgs` (what a callback
 * receives) and the callback type. `ToolImpl` (definition + callback, usable as a Command)
 * lives in tool-impl.ts.
 */
import { LazyAbort } from "@husk/host";
import type { JsonObject, JsonValue } from "./json.js";
import { isStandardSchema, standardToJsonSchema, type StandardSchemaV1 } from "./standard-schema.js";

/** What a tool's input schema may be: a JSON Schema (draft 2020-12 or 07) or a Standard Schema (zod 4, valibot, arktype...). */
export type ToolInputSchema = JsonObject | StandardSchemaV1;

/** One segment of a tool name: `[A-Za-z_][A-Za-z0-9_]*`; a name is segments joined by `.`. */
const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** True when `name` is a valid tool name (`get_user`, `orders.list`). */
export function isValidToolName(name: string): boolean {
  return TOOL_NAME.test(name);
}

/**
 * An OpenAPI-style tool definition: name, description, JSON Schema of its input, tags and a
 * category (for `discover`). Immutable: every `with*` method returns a new definition.
 */
export class ToolDef {
  /** Command name (`get_user`, or dotted `orders.list`). Checked when a registry is built. */
  readonly name: string;
  /** Human-readable description shown by `help`, `discover` and prompts. */
  readonly description: string;
  /** JSON Schema of the input (`{}` when unset; converted when a Standard Schema was given). */
  readonly inputSchema: JsonObject;
  /** The Standard Schema the definition was made from, if any; it validates the input. */
  readonly standardSchema: StandardSchemaV1 | undefined;
  /** Free-form labels for `discover --tag`. */
  readonly tags: readonly string[];
  /** Grouping key for `discover --category`. */
  readonly category: string | undefined;

  /**
   * `jsonSchema` replaces the JSON Schema derived from a Standard Schema (for libraries that
   * offer no Standard JSON Schema, e.g. valibot without @valibot/to-json-schema): it drives
   * prompts, usage and flag coercion, while the Standard Schema still validates.
   */
  constructor(name: string, description: string, inputSchema: ToolInputSchema = {}, tags: readonly string[] = [], category?: string, jsonSchema?: JsonObject) {
    this.name = name;
    this.description = description;
    if (isStandardSchema(inputSchema)) {
      this.standardSchema = inputSchema;
      this.inputSchema = jsonSchema ?? standardToJsonSchema(inputSchema);
    } else {
      this.standardSchema = undefined;
      this.inputSchema = inputSchema;
    }
    this.tags = Object.freeze([...tags]);
    this.category = category;
  }

  /** A copy with `schema` (JSON Schema or Standard Schema) as the input schema. */
  withSchema(schema: ToolInputSchema, jsonSchema?: JsonObject): ToolDef {
    return new ToolDef(this.name, this.description, schema, this.tags, this.category, jsonSchema);
  }

  /** A copy with these tags (replacing any previous ones). */
  withTags(tags: readonly string[]): ToolDef {
    return new ToolDef(this.name, this.description, this.standardSchema ?? this.inputSchema, tags, this.category, this.inputSchema);
  }

  /** A copy in this category. */
  withCategory(category: string): ToolDef {
    return new ToolDef(this.name, this.description, this.standardSchema ?? this.inputSchema, this.tags, category, this.inputSchema);
  }
}

/** Where a call came from: `shell` for a bash command, or a host-defined surface name. */
export type ToolCallSurface = "shell" | "api" | (string & {});

/** A signal that never fires (for calls without a cancellation source). */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;

/** An AbortController created only when someone reads `signal` (from @husk/host; re-exported for the registry). */
export { LazyAbort };

/**
 * The arguments a callback receives: `params` parsed from `--key value` flags (coerced by the
 * schema, already validated), `stdin` (pipeline input, `undefined` when there is none), the
 * request's tenant and surface, and an AbortSignal that fires on timeout or cancellation.
 */
export class ToolArgs {
  readonly params: JsonObject;
  readonly stdin: string | undefined;
  readonly tenant: string | undefined;
  readonly surface: ToolCallSurface | undefined;
  readonly #signal: AbortSignal | LazyAbort | undefined;

  constructor(
    params: JsonObject,
    stdin?: string,
    context: { tenant?: string; surface?: ToolCallSurface; signal?: AbortSignal | LazyAbort } = {},
  ) {
    this.params = params;
    this.stdin = stdin;
    this.tenant = context.tenant;
    this.surface = context.surface;
    this.#signal = context.signal;
  }

  /** Fires when the call times out or the execution is cancelled. */
  get signal(): AbortSignal {
    const s = this.#signal;
    if (s === undefined) return NEVER_ABORTED;
    return s instanceof LazyAbort ? s.signal : s;
  }

  #get(key: string): JsonValue | undefined {
    return Object.hasOwn(this.params, key) ? this.params[key] : undefined;
  }

  /** The parameter as a string, or undefined when absent or not a string. */
  paramStr(key: string): string | undefined {
    const v = this.#get(key);
    return typeof v === "string" ? v : undefined;
  }

  /** The parameter as an integer, or undefined when absent or not an integer. */
  paramInt(key: string): number | undefined {
    const v = this.#get(key);
    return typeof v === "number" && Number.isInteger(v) ? v : undefined;
  }

  /** The parameter as a number, or undefined when absent or not a number. */
  paramNumber(key: string): number | undefined {
    const v = this.#get(key);
    return typeof v === "number" ? v : undefined;
  }

  /** The parameter as a boolean, or undefined when absent or not a boolean. */
  paramBool(key: string): boolean | undefined {
    const v = this.#get(key);
    return typeof v === "boolean" ? v : undefined;
  }
}

/**
 * A tool callback: returns the command's stdout (verbatim; no newline is added), or a Promise
 * of it. Throwing (or rejecting) makes the command fail with exit 1.
 */
export type ToolCallback = (args: ToolArgs) => string | Promise<string>;
/** A callback that always returns synchronously. */
export type SyncToolCallback = (args: ToolArgs) => string;
/** A callback that returns a Promise. */
export type AsyncToolCallback = (args: ToolArgs) => Promise<string>;

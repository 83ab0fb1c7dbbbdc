/**
 * JSON Schema validation of tool input with ajv, compiled once per tool. Error details use
 * the behaviour page's wording: `required property 'id' is missing`, `unknown property 'x'`,
 * `input.limit must be integer`, `input.tags[3] must be string`. Schemas with bad `$ref`s, or
 * that ajv cannot compile, reject every input (fail closed).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { JsonObject, JsonValue } from "./json.js";
import { checkRefs } from "./schema.js";

/**
 * Validates one input; returns undefined when valid, else the DETAIL of `NAME: schema error:
 * DETAIL` (a Promise of it only for asynchronous Standard Schema validators).
 */
export type InputValidator = (input: JsonValue) => string | undefined | Promise<string | undefined>;

/**
 * The validator seam: builds the validator of one JSON Schema, once per tool. The default
 * (`ajvValidatorFactory`) compiles with ajv, which generates code with `new Function`; in
 * runtimes that forbid it (Cloudflare Workers, Deno Deploy and other V8 isolates with code
 * generation disabled, pages under a strict Content-Security-Policy without `unsafe-eval`,
 * Node with `--disallow-code-generation-from-strings`) supply a factory over an interpreting
 * validator such as `@cfworker/json-schema`. Return undefined for valid input, else a DETAIL.
 */
export type SchemaValidatorFactory = (schema: JsonObject) => (input: JsonValue) => string | undefined;

/** Turns an ajv instance path (`/tags/3`) into the page's form (`input.tags[3]`). */
export function instancePathToText(path: string): string {
  let out = "input";
  if (path === "") return out;
  for (const raw of path.slice(1).split("/")) {
    const seg = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    out += /^(0|[1-9]\d*)$/.test(seg) ? `[${seg}]` : `.${seg}`;
  }
  return out;
}

function describe(e: ErrorObject): string {
  const where = instancePathToText(e.instancePath);
  const nested = e.instancePath === "" ? "" : `${where}: `;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return `${nested}required property '${String(p.missingProperty)}' is missing`;
    case "additionalProperties":
      return `${nested}unknown property '${String(p.additionalProperty)}'`;
    case "type": {
      const t = p.type;
      return `${where} must be ${Array.isArray(t) ? t.join(" or ") : String(t)}`;
    }
    case "enum": {
      const allowed = Array.isArray(p.allowedValues) ? p.allowedValues : [];
      return `${where} must be one of: ${allowed.map((v) => JSON.stringify(v)).join(", ")}`;
    }
    case "const":
      return `${where} must be ${JSON.stringify(p.allowedValue)}`;
    default:
      return `${where} ${e.message ?? "is invalid"}`;
  }
}

// ownProperties: inherited names (`constructor`...) never satisfy `required`.
const AJV_OPTIONS = { strict: false, allErrors: false, validateFormats: false, ownProperties: true, logger: false } as const;

/** A schema that declares draft 2020-12 (or 2019-09) as its dialect; these get Ajv2020. */
function is2020(schema: JsonObject): boolean {
  return typeof schema.$schema === "string" && /\/draft\/(2020-12|2019-09)\//.test(schema.$schema);
}

function newAjv(modern: boolean): Ajv {
  return modern ? new Ajv2020(AJV_OPTIONS) : new Ajv(AJV_OPTIONS);
}

/**
 * Compiles validators. One instance per registry; `compile` is called once per tool (lazily,
 * on first use) and the result cached by the caller.
 */
export class SchemaCompiler {
  /** One ajv instance per dialect for the whole process (creating one costs ~30 ms); it caches by schema. */
  static #ajv: Ajv | undefined;
  static #ajv2020: Ajv | undefined;
  readonly #factory: SchemaValidatorFactory | undefined;

  /** `factory` replaces ajv (see SchemaValidatorFactory); `$ref` checks still apply first. */
  constructor(factory?: SchemaValidatorFactory) {
    this.#factory = factory;
  }

  /** Compiles `schema` into a validator (never throws: broken schemas reject everything). */
  compile(schema: JsonObject): InputValidator {
    const refProblem = checkRefs(schema);
    if (refProblem) return () => refProblem;
    if (this.#factory) {
      try {
        return this.#factory(schema);
      } catch (e) {
        const msg = e instanceof Error ? e.message.split("\n")[0] : "";
        return () => `invalid input schema${msg ? ` (${msg})` : ""}`;
      }
    }
    let fn: ValidateFunction;
    const modern = is2020(schema);
    try {
      const shared = modern ? (SchemaCompiler.#ajv2020 ??= newAjv(true)) : (SchemaCompiler.#ajv ??= newAjv(false));
      try {
        fn = shared.compile(schema);
      } catch {
        // e.g. a `$id` another tool's schema already registered: compile in isolation.
        fn = newAjv(modern).compile(schema);
      }
    } catch (e) {
      const msg = e instanceof Error ? e.message.split("\n")[0] : "";
      return () => `invalid input schema${msg ? ` (${msg})` : ""}`;
    }
    return (input) => {
      if (fn(input)) return undefined;
      const err = fn.errors?.[0];
      return err ? describe(err) : "input is invalid";
    };
  }
}

/**
 * JSON Schema validation of tool input with ajv, compiled once per tool. Error details use
 * the behaviour page's wording: `required property 'id' is missing`, `unknown property 'x'`,
 * `input.limit must be integer`, `input.tags[3] must be string`. Schemas with bad `$ref`s, or
 * that ajv cannot compile, reject every input (fail closed).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { JsonObject, JsonValue } from "./json.js";
import { checkRefs } from "./schema.js";

/** Validates one input; returns undefined when valid, else the DETAIL of `NAME: schema error: DETAIL`. */
export type InputValidator = (input: JsonValue) => string | undefined;

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

function newAjv(): Ajv {
  // ownProperties: inherited names (`constructor`...) never satisfy `required`.
  return new Ajv({ strict: false, allErrors: false, validateFormats: false, ownProperties: true });
}

/**
 * Compiles validators. One instance per registry; `compile` is called once per tool (lazily,
 * on first use) and the result cached by the caller.
 */
export class SchemaCompiler {
  /** One ajv instance for the whole process (creating one costs ~30 ms); it caches by schema. */
  static #ajv: Ajv | undefined;

  /** Compiles `schema` into a validator (never throws: broken schemas reject everything). */
  compile(schema: JsonObject): InputValidator {
    const refProblem = checkRefs(schema);
    if (refProblem) return () => refProblem;
    let fn: ValidateFunction;
    try {
      SchemaCompiler.#ajv ??= newAjv();
      try {
        fn = SchemaCompiler.#ajv.compile(schema);
      } catch {
        // e.g. a `$id` another tool's schema already registered: compile in isolation.
        fn = newAjv().compile(schema);
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

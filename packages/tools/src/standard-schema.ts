/**
 * Standard Schema input (https://standardschema.dev): zod 4, valibot, arktype and any other
 * object with a `~standard` property can describe a tool's input. The JSON Schema used for
 * prompts, usage strings and flag parsing comes from Standard JSON Schema
 * (`~standard.jsonSchema.input({target: "draft-2020-12"})`, offered by zod 4 and arktype) or,
 * when the library offers none, is `{"type": "object"}`; validation always goes through
 * `~standard.validate`, so refinements and transforms the JSON Schema cannot express still
 * apply. Nothing here generates code: Standard Schema validation runs under a strict CSP.
 */
import { isJsonObject, type JsonObject, type JsonValue } from "./json.js";

/** One issue of a failed Standard Schema validation. */
export interface StandardSchemaIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}

/** The result of `~standard.validate`. */
export type StandardSchemaResult = { readonly value: unknown; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardSchemaIssue> };

/** The Standard Schema v1 interface (and the optional Standard JSON Schema extension). */
export interface StandardSchemaV1 {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    validate(value: unknown): StandardSchemaResult | Promise<StandardSchemaResult>;
    readonly jsonSchema?: { input?(options: { readonly target: string }): unknown };
  };
}

/** True when `x` implements Standard Schema v1. */
export function isStandardSchema(x: unknown): x is StandardSchemaV1 {
  if ((typeof x !== "object" && typeof x !== "function") || x === null) return false;
  const s = (x as { "~standard"?: unknown })["~standard"];
  return typeof s === "object" && s !== null && typeof (s as { validate?: unknown }).validate === "function";
}

/** The JSON Schema of a Standard Schema's input; `{"type": "object"}` when the library gives none. */
export function standardToJsonSchema(schema: StandardSchemaV1): JsonObject {
  const input = schema["~standard"].jsonSchema?.input;
  if (typeof input === "function") {
    for (const target of ["draft-2020-12", "draft-07"]) {
      try {
        const out = input.call(schema["~standard"].jsonSchema, { target }) as JsonValue;
        if (isJsonObject(out)) return out;
      } catch {
        // The library cannot express this schema for that target: try the next one.
      }
    }
  }
  return { type: "object" };
}

/** `input.a[3].b`, as the schema-error DETAIL names places. */
function issuePath(path: StandardSchemaIssue["path"]): string {
  let out = "input";
  for (const p of path ?? []) {
    const key = typeof p === "object" && p !== null ? p.key : p;
    out += typeof key === "number" ? `[${key}]` : `.${String(key)}`;
  }
  return out;
}

/** The DETAIL of `NAME: schema error: DETAIL` for the first issue: `input.id: MESSAGE`. */
export function describeIssue(issue: StandardSchemaIssue): string {
  return `${issuePath(issue.path)}: ${issue.message}`;
}

/** A validator over `~standard.validate`; undefined when valid, else the DETAIL (possibly a Promise of it). */
export function standardValidator(schema: StandardSchemaV1): (input: JsonValue) => string | undefined | Promise<string | undefined> {
  const detail = (r: StandardSchemaResult): string | undefined => (r.issues && r.issues.length > 0 ? describeIssue(r.issues[0]!) : undefined);
  return (input) => {
    let r: StandardSchemaResult | Promise<StandardSchemaResult>;
    try {
      r = schema["~standard"].validate(input);
    } catch {
      return "input is invalid";
    }
    return r instanceof Promise ? r.then(detail, () => "input is invalid") : detail(r);
  };
}

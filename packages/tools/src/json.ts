/**
 * JSON helpers of the tool layer: a value type, and serialization with sorted keys (the
 * observable format of `--dry-run`, `help --json` and `discover --json`).
 */

/** A JSON value as the tool layer handles it (params, schemas, results). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object (params of a call, a schema). Keys may be anything, including `__proto__`. */
export type JsonObject = { [key: string]: JsonValue };

/** True for a plain JSON object (not null, not an array). */
export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (isJsonObject(v)) {
    // Null-prototype target: keys like `__proto__` stay ordinary data.
    const out: Record<string, unknown> = Object.create(null);
    for (const k of Object.keys(v).sort()) out[k] = sortKeys(v[k]);
    return out;
  }
  return v;
}

/**
 * Serializes `value` with object keys sorted (code-unit order) at every level. `indent` 0 gives
 * the compact form, 2 the pretty form `help --json` prints.
 */
export function sortedJson(value: unknown, indent = 0): string {
  return JSON.stringify(sortKeys(value), null, indent) ?? "null";
}

/**
 * Parses JSON into values whose objects have a null prototype, so untrusted keys such as
 * `__proto__` are kept as data. Throws SyntaxError like `JSON.parse`.
 */
export function parseJson(text: string): JsonValue {
  return JSON.parse(text, function (this: unknown, _key: string, value: unknown) {
    if (isJsonObject(value) && Object.getPrototypeOf(value) !== null) {
      const out: JsonObject = Object.create(null);
      for (const k of Object.keys(value)) out[k] = value[k] as JsonValue;
      return out;
    }
    return value;
  }) as JsonValue;
}

/** A fresh null-prototype JSON object. */
export function jsonObject(): JsonObject {
  return Object.create(null) as JsonObject;
}

/**
 * Reading JSON Schemas for flag parsing and usage strings: local `$ref` resolution (JSON
 * Pointer with `~0`/`~1`), effective types through `oneOf`/`anyOf`/`allOf`, nullable unions
 * and implicit `items`/`properties`. Bad references fail closed: `checkRefs` reports them and
 * the resolvers treat them as untyped.
 */
import { isJsonObject, type JsonObject, type JsonValue } from "./json.js";

/** The type a flag's value is parsed as. `unknown` values stay strings. */
export type EffectiveType = "integer" | "number" | "boolean" | "string" | "array" | "object" | "unknown";

const MAX_DEPTH = 32;
const BRANCHES = ["allOf", "oneOf", "anyOf"] as const;
const AGGREGATE = new Set<string>(["array", "object"]);
const SCALARS = new Set<string>(["integer", "number", "boolean", "string", "array", "object"]);

/** Resolves one local reference (`#`, `#/a/b~1c`) against `root`; undefined when it cannot. */
export function resolvePointer(ref: unknown, root: JsonValue): JsonValue | undefined {
  if (typeof ref !== "string" || !ref.startsWith("#")) return undefined;
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node: JsonValue | undefined = root;
  for (const raw of ref.slice(2).split("/")) {
    let seg: string;
    try {
      seg = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(seg)) return undefined;
      node = node[Number(seg)];
    } else if (isJsonObject(node) && Object.hasOwn(node, seg)) {
      node = node[seg];
    } else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** Follows a chain of `$ref`s; undefined for unresolved, external, non-string or cyclic ones. */
export function deref(schema: JsonValue | undefined, root: JsonValue): JsonObject | undefined {
  if (!isJsonObject(schema)) return undefined;
  if (!Object.hasOwn(schema, "$ref")) return schema;
  let node: JsonValue | undefined = schema;
  const seen = new Set<JsonValue>();
  while (isJsonObject(node) && Object.hasOwn(node, "$ref")) {
    if (seen.has(node) || seen.size > MAX_DEPTH) return undefined;
    seen.add(node);
    node = resolvePointer(node.$ref, root);
  }
  return isJsonObject(node) ? node : undefined;
}

/**
 * The effective type of a property schema: `type` (an array prefers array/object, else its
 * first non-null entry), then `oneOf`/`anyOf`/`allOf` branches (an aggregate branch wins),
 * then `items` (array) or `properties` (object).
 */
export function effectiveType(schema: JsonValue | undefined, root: JsonValue, depth = 0): EffectiveType {
  const s = deref(schema, root);
  if (!s || depth > MAX_DEPTH) return "unknown";
  const t = s.type;
  if (typeof t === "string") return SCALARS.has(t) ? (t as EffectiveType) : "unknown";
  if (Array.isArray(t)) {
    const names = t.filter((x): x is string => typeof x === "string" && x !== "null");
    const agg = names.find((x) => AGGREGATE.has(x));
    const pick = agg ?? names.find((x) => SCALARS.has(x));
    if (pick) return pick as EffectiveType;
  }
  let first: EffectiveType = "unknown";
  for (const key of BRANCHES) {
    const branches = s[key];
    if (!Array.isArray(branches)) continue;
    for (const b of branches) {
      const bt = effectiveType(b, root, depth + 1);
      if (bt === "array" || bt === "object") return bt;
      if (first === "unknown") first = bt;
    }
  }
  if (first !== "unknown") return first;
  if (Object.hasOwn(s, "items")) return "array";
  if (Object.hasOwn(s, "properties")) return "object";
  return "unknown";
}

/** Property schemas of an object schema, merged over `$ref` and `oneOf`/`anyOf`/`allOf` branches. */
export function propertiesOf(schema: JsonValue | undefined, root: JsonValue, depth = 0): Map<string, JsonValue> {
  const out = new Map<string, JsonValue>();
  const s = deref(schema, root);
  if (!s || depth > MAX_DEPTH) return out;
  if (isJsonObject(s.properties)) {
    for (const k of Object.keys(s.properties)) out.set(k, s.properties[k] as JsonValue);
  }
  for (const key of BRANCHES) {
    const branches = s[key];
    if (!Array.isArray(branches)) continue;
    for (const b of branches) {
      for (const [k, v] of propertiesOf(b, root, depth + 1)) if (!out.has(k)) out.set(k, v);
    }
  }
  return out;
}

/** The `items` schema of an array schema (through `$ref` and branches), if any. */
export function itemsOf(schema: JsonValue | undefined, root: JsonValue, depth = 0): JsonValue | undefined {
  const s = deref(schema, root);
  if (!s || depth > MAX_DEPTH) return undefined;
  if (Object.hasOwn(s, "items") && !Array.isArray(s.items)) return s.items;
  for (const key of BRANCHES) {
    const branches = s[key];
    if (!Array.isArray(branches)) continue;
    for (const b of branches) {
      const it = itemsOf(b, root, depth + 1);
      if (it !== undefined) return it;
    }
  }
  return undefined;
}

/** True when the (dereferenced) object schema sets `"additionalProperties": false`. */
export function isClosed(schema: JsonValue | undefined, root: JsonValue): boolean {
  const s = deref(schema, root);
  return s?.additionalProperties === false;
}

/**
 * Checks every `$ref` in a schema: it must be a string, local (`#...`), resolvable, and not
 * part of a pure reference cycle. Returns the first problem as a message, or undefined.
 */
export function checkRefs(root: JsonValue): string | undefined {
  let visited = 0;
  const walk = (node: JsonValue, depth: number): string | undefined => {
    if (++visited > 100_000 || depth > 200) return "schema too large or too deeply nested";
    if (Array.isArray(node)) {
      for (const x of node) {
        const e = walk(x, depth + 1);
        if (e) return e;
      }
      return undefined;
    }
    if (!isJsonObject(node)) return undefined;
    if (Object.hasOwn(node, "$ref")) {
      const ref = node.$ref;
      if (typeof ref !== "string") return "$ref must be a string";
      if (!ref.startsWith("#")) return `external $ref '${ref}' is not allowed`;
      if (resolvePointer(ref, root) === undefined) return `unresolved $ref '${ref}'`;
      if (deref(node, root) === undefined) return `cyclic $ref '${ref}'`;
    }
    for (const k of Object.keys(node)) {
      if (k === "enum" || k === "const" || k === "default" || k === "examples") continue;
      const e = walk(node[k] as JsonValue, depth + 1);
      if (e) return e;
    }
    return undefined;
  };
  return walk(root, 0);
}

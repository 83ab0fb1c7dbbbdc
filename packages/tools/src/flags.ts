/**
 * Flag parsing: a tool command's argv (`--key value`, `--key=value`) to JSON params, typed by
 * the tool's input schema. The rules are spec/tool-layer-behaviour.md's "Flag parsing".
 * Bounds (64 KiB of flag data, 4,096 array items) are checked before large values are built.
 */
import { utf8Length } from "@husk/host";
import { isJsonObject, jsonObject, parseJson, type JsonObject, type JsonValue } from "./json.js";
import { effectiveType, isClosed, itemsOf, propertiesOf, type EffectiveType } from "./schema.js";

/** Maximum bytes of flag values parsed in one invocation. */
export const MAX_FLAG_BYTES = 65_536;
/** Maximum items of one array flag (after JSON parsing, comma splitting and appends). */
export const MAX_ARRAY_ITEMS = 4_096;

/** A flag could not be parsed; `message` is shown as is (exit 2). */
export class FlagError extends Error {}

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/**
 * Coerces one raw value to a scalar type. Values that do not parse stay strings, so that
 * schema validation reports the real error.
 */
export function coerceScalar(raw: string, type: EffectiveType): JsonValue {
  switch (type) {
    case "integer": {
      if (!INTEGER.test(raw)) return raw;
      if (raw.length <= 15) return Number(raw);
      const big = BigInt(raw);
      return big >= I64_MIN && big <= I64_MAX ? Number(big) : raw;
    }
    case "number":
      return NUMBER.test(raw) ? Number(raw) : raw;
    case "boolean": {
      const l = raw.toLowerCase();
      if (l === "true" || l === "1" || l === "yes") return true;
      if (l === "false" || l === "0" || l === "no") return false;
      return raw;
    }
    default:
      return raw;
  }
}

/** The byte budget of one parse after `text`: `bytes` plus its UTF-8 length; throws past the bound. */
function spend(bytes: number, text: string, key: string): number {
  const total = bytes + utf8Length(text);
  if (total > MAX_FLAG_BYTES) throw new FlagError(`--${key}: parsed flag data exceeds ${MAX_FLAG_BYTES} bytes`);
  return total;
}

function tryJson(raw: string): JsonValue | undefined {
  try {
    return parseJson(raw);
  } catch {
    return undefined;
  }
}

function checkItems(key: string, n: number): void {
  if (n > MAX_ARRAY_ITEMS) throw new FlagError(`--${key}: array flag has ${n} items; maximum is ${MAX_ARRAY_ITEMS}`);
}

/** What flag parsing needs of one property, resolved once. */
interface PropSpec {
  readonly schema: JsonValue;
  readonly type: EffectiveType;
  readonly itemSchema: JsonValue | undefined;
  readonly itemType: EffectiveType;
}

/** What flag parsing needs of one object schema, resolved once and cached per schema object. */
interface ObjectSpec {
  readonly props: Map<string, PropSpec>;
  readonly closed: boolean;
  /** Property names, sorted (for messages). */
  readonly sortedNames: readonly string[];
}

const specs = new WeakMap<object, ObjectSpec>();
const EMPTY_SPEC: ObjectSpec = { props: new Map(), closed: false, sortedNames: [] };

/** The cached spec of an object schema (`schema` inside the document `root`). */
function objectSpec(schema: JsonValue | undefined, root: JsonValue): ObjectSpec {
  if (typeof schema !== "object" || schema === null) return EMPTY_SPEC;
  let spec = specs.get(schema);
  if (spec) return spec;
  const props = new Map<string, PropSpec>();
  for (const [k, v] of propertiesOf(schema, root)) {
    const type = effectiveType(v, root);
    const itemSchema = type === "array" ? itemsOf(v, root) : undefined;
    props.set(k, { schema: v, type, itemSchema, itemType: itemSchema === undefined ? "unknown" : effectiveType(itemSchema, root) });
  }
  spec = { props, closed: isClosed(schema, root), sortedNames: [...props.keys()].sort() };
  specs.set(schema, spec);
  return spec;
}

/** Parses `key=value` pair tokens into an object typed by `schema` (keys checked when it has properties). */
function pairsToObject(key: string, pairs: readonly string[], schema: JsonValue | undefined, root: JsonValue): JsonObject {
  const spec = objectSpec(schema, root);
  const out = jsonObject();
  for (const token of pairs) {
    const eq = token.indexOf("=");
    if (eq <= 0) throw new FlagError(`--${key}: expected key=value, got: ${token}`);
    const k = token.slice(0, eq);
    const prop = spec.props.get(k);
    if (spec.props.size > 0 && !prop) {
      throw new FlagError(`--${key}: unknown key '${k}'; valid keys: ${spec.sortedNames.join(", ")}`);
    }
    out[k] = coerceScalar(token.slice(eq + 1), prop ? prop.type : "unknown");
  }
  return out;
}

/**
 * Stores a parsed flag in the params object: a plain object (fast to build and read) where
 * `__proto__` is defined as an own data property, never assigned, so no prototype changes.
 */
function put(out: JsonObject, k: string, v: JsonValue): void {
  if (k === "__proto__") Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  else out[k] = v;
}

/** A flag parsed earlier in this invocation (own properties only). */
function own(out: JsonObject, k: string): JsonValue | undefined {
  return Object.hasOwn(out, k) ? out[k] : undefined;
}

/**
 * Parses a tool command's arguments into params. Throws `FlagError` with the exact message
 * of the behaviour page on malformed input or a breached bound.
 */
export function parseFlags(args: readonly string[], schema: JsonObject): JsonObject {
  const root: JsonValue = schema;
  const { props, closed, sortedNames } = objectSpec(schema, root);
  let bytes = 0;
  const out: JsonObject = {};
  const n = args.length;
  let i = 0;

  /** Collects the value tokens that follow a flag, up to the next `--flag`. */
  const takeGroup = (first: string | undefined): string[] => {
    const group = first === undefined ? [] : [first];
    while (i < n && !args[i]!.startsWith("--")) group.push(args[i++]!);
    return group;
  };

  while (i < n) {
    const arg = args[i++]!;
    if (!arg.startsWith("--")) throw new FlagError(`expected --flag, got: ${arg}`);
    const eq = arg.indexOf("=", 2);
    const key = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    const inline = eq >= 0 ? arg.slice(eq + 1) : undefined;
    const prop = props.get(key);
    if (prop === undefined && closed) {
      const defined = sortedNames.map((k) => `--${k}`);
      throw new FlagError(`unknown flag --${key}; defined flags: ${defined.join(", ") || "(none)"}`);
    }
    const type = prop === undefined ? "unknown" : prop.type;
    const propSchema = prop?.schema;

    if (type === "array") {
      const itemSchema = prop!.itemSchema;
      const itemType = prop!.itemType;
      let items: JsonValue[];
      if (itemType === "object") {
        const group = takeGroup(inline);
        if (group.length === 0) {
          put(out, key, true);
          continue;
        }
        for (const t of group) bytes = spend(bytes, t, key);
        const jsonTokens = group.filter((t) => t.startsWith("{") || t.startsWith("["));
        if (jsonTokens.length > 0 && jsonTokens.length !== group.length) {
          throw new FlagError(`--${key}: cannot mix JSON and key=value pairs in one flag`);
        }
        if (jsonTokens.length > 1) throw new FlagError(`--${key}: expected one JSON value, got ${jsonTokens.length}`);
        if (jsonTokens.length === 1) {
          const v = tryJson(group[0]!);
          if (v === undefined) {
            put(out, key, group[0]!);
            continue;
          }
          items = Array.isArray(v) ? v : [v];
        } else {
          items = [pairsToObject(key, group, itemSchema, root)];
        }
      } else {
        let raw = inline;
        if (raw === undefined) {
          if (i < n && !args[i]!.startsWith("--")) raw = args[i++]!;
          else {
            put(out, key, true);
            continue;
          }
        }
        bytes = spend(bytes, raw, key);
        if (raw.startsWith("[")) {
          const v = tryJson(raw);
          if (!Array.isArray(v)) {
            put(out, key, raw);
            continue;
          }
          items = v;
        } else {
          let commas = 0;
          for (let p = raw.indexOf(","); p >= 0; p = raw.indexOf(",", p + 1)) commas++;
          const prev = own(out, key);
          checkItems(key, (Array.isArray(prev) ? prev.length : 0) + commas + 1);
          items = raw.split(",").map((s) => coerceScalar(s, itemType));
        }
      }
      const prev = own(out, key);
      const base = Array.isArray(prev) ? prev : [];
      checkItems(key, base.length + items.length);
      put(out, key, base.length === 0 ? items : base.concat(items));
      continue;
    }

    if (type === "object") {
      const group = takeGroup(inline);
      if (group.length === 0) {
        put(out, key, true);
        continue;
      }
      for (const t of group) bytes = spend(bytes, t, key);
      if (group[0]!.startsWith("{")) {
        if (group.length > 1) throw new FlagError(`--${key}: cannot mix JSON and key=value pairs in one flag`);
        const v = tryJson(group[0]!);
        put(out, key, v !== undefined && isJsonObject(v) ? v : group[0]!);
      } else {
        put(out, key, pairsToObject(key, group, propSchema, root));
      }
      continue;
    }

    if (type === "boolean") {
      if (inline === undefined) put(out, key, true);
      else {
        bytes = spend(bytes, inline, key);
        put(out, key, coerceScalar(inline, type));
      }
      continue;
    }

    let raw = inline;
    if (raw === undefined && i < n && !args[i]!.startsWith("--")) raw = args[i++]!;
    if (raw === undefined) put(out, key, true);
    else {
      bytes = spend(bytes, raw, key);
      put(out, key, coerceScalar(raw, type));
    }
  }
  return out;
}

/**
 * Usage strings derived from a tool's schema: `--key <hint>` per property, alphabetical.
 */
import type { JsonObject, JsonValue } from "./json.js";
import { effectiveType, itemsOf, propertiesOf } from "./schema.js";

/** The hint of one property: `<integer>`, `<json|key=value...>`, `<json|a,b,c>`... */
export function flagHint(prop: JsonValue, root: JsonValue): string {
  const t = effectiveType(prop, root);
  switch (t) {
    case "object":
      return "<json|key=value...>";
    case "array":
      return effectiveType(itemsOf(prop, root), root) === "object" ? "<json|key=value...>" : "<json|a,b,c>";
    case "unknown":
      return "<string>";
    default:
      return `<${t}>`;
  }
}

/** `--a <integer> --b <string>`; undefined when the schema has no properties. */
export function usageFromSchema(schema: JsonObject): string | undefined {
  const props = propertiesOf(schema, schema);
  if (props.size === 0) return undefined;
  return [...props.keys()]
    .sort()
    .map((k) => `--${k} ${flagHint(props.get(k)!, schema)}`)
    .join(" ");
}

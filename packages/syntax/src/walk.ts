import type { Node } from "./ast.js";

/**
 * Visits every node under `root` (pre-order, source order), `root` included. The visitor gets
 * the node and its parent node; returning `false` skips the node's children. Nodes nested in
 * non-node containers (parameter operators, if clauses) are reached too.
 */
export function walk(root: Node, visitor: (node: Node, parent: Node | undefined) => boolean | void): void {
  const visit = (value: unknown, parent: Node | undefined): void => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v, parent);
      return;
    }
    if (value === null || typeof value !== "object") return;
    const obj = value as Record<string, unknown>;
    let next = parent;
    if (typeof obj.type === "string") {
      if (visitor(obj as unknown as Node, parent) === false) return;
      next = obj as unknown as Node;
    }
    for (const key in obj) {
      const v = obj[key];
      if (v !== null && typeof v === "object") visit(v, next);
    }
  };
  visit(root, undefined);
}

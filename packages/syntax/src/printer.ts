import type { Node } from "./ast.js";
/** Prints an AST node back as bash source. `parse(print(ast))` equals `ast` up to spans. */
export function print(_node: Node): string {
  throw new Error("printer not implemented yet");
}

/** Static facts about expressions, read by the compilers (no runtime state). */
import type { Expr } from "./ast.js";

/** True when the expression is numeric by construction. */
export function isNumeric(e: Expr): boolean {
  switch (e.type) {
    case "Num":
    case "IncDec":
    case "In":
    case "Match":
    case "Logic":
    case "Regex":
      return true;
    case "Binary":
      return e.op !== " ";
    case "Unary":
      return true;
    case "Assign":
      return e.op !== "=" || isNumeric(e.value);
    case "Group":
      return e.exprs.length === 1 && isNumeric(e.exprs[0]!);
    default:
      return false;
  }
}

/** True when the expression is a string by construction (never a strnum). */
export function isString(e: Expr): boolean {
  if (e.type === "Str") return true;
  if (e.type === "Binary") return e.op === " ";
  if (e.type === "Group") return e.exprs.length === 1 && isString(e.exprs[0]!);
  if (e.type === "Builtin") return ["substr", "sprintf", "tolower", "toupper", "gensub", "strftime"].includes(e.name);
  return false;
}

/** The direct sub-expressions of `e`, in evaluation order. */
export function children(e: Expr): Expr[] {
  switch (e.type) {
    case "Field": return [e.index];
    case "Index": return [...e.subs];
    case "Assign": return [e.target, e.value];
    case "Cond": return [e.test, e.yes, e.no];
    case "Logic":
    case "Binary": return [e.left, e.right];
    case "Match": return [e.left, e.right];
    case "In": return [...e.subs];
    case "Unary": return [e.operand];
    case "IncDec": return [e.target];
    case "Call":
    case "Builtin": return [...e.args];
    case "Getline": return [...(e.target ? [e.target] : []), ...(e.src ? [e.src] : [])];
    case "Group": return [...e.exprs];
    default: return [];
  }
}

/** The jq AST: plain objects discriminated on `k`. `at` is the source offset of the node. */
import type { JqObject } from "./value.js";

/** A destructuring pattern (`$x`, `[$a, $b]`, `{a: $x, $y}`). */
export type Pattern =
  | { readonly k: "PVar"; readonly name: string }
  | { readonly k: "PArray"; readonly elems: readonly Pattern[] }
  | { readonly k: "PObject"; readonly entries: readonly PObjEntry[] };

/** One entry of an object pattern: key expression (or `$var` shorthand) and optional sub-pattern. */
export interface PObjEntry {
  /** Variable bound to the whole value (`$name` or `$name: pattern`). */
  readonly keyVar?: string;
  /** Key expression (string literal, interpolation or `(expr)`), when not a `$var`. */
  readonly key?: Node;
  readonly value?: Pattern;
}

/** One entry of an object construction. */
export interface ObjEntry {
  readonly key: Node;
  /** Absent: shorthand (`{a}`, `{$x}`, `{"a"}`). */
  readonly value?: Node;
  /** For `{$x}`: the variable whose value is used. */
  readonly varName?: string;
}

/** A jq expression. */
export type Node =
  | { readonly k: "Identity" }
  | { readonly k: "RecurseAll" }
  | { readonly k: "Index"; readonly target: Node; readonly index: Node }
  | { readonly k: "Slice"; readonly target: Node; readonly from?: Node; readonly to?: Node }
  | { readonly k: "Iterate"; readonly target: Node }
  | { readonly k: "Try"; readonly body: Node; readonly handler?: Node }
  | { readonly k: "Literal"; readonly value: unknown }
  | { readonly k: "Str"; readonly parts: readonly (string | Node)[]; readonly fmt?: string }
  | { readonly k: "Format"; readonly fmt: string }
  | { readonly k: "Array"; readonly body?: Node }
  | { readonly k: "Object"; readonly entries: readonly ObjEntry[] }
  | { readonly k: "Neg"; readonly body: Node }
  | { readonly k: "Pipe"; readonly left: Node; readonly right: Node }
  | { readonly k: "Comma"; readonly left: Node; readonly right: Node }
  | { readonly k: "Binop"; readonly op: string; readonly left: Node; readonly right: Node }
  | { readonly k: "And"; readonly left: Node; readonly right: Node }
  | { readonly k: "Or"; readonly left: Node; readonly right: Node }
  | { readonly k: "Alt"; readonly left: Node; readonly right: Node }
  | { readonly k: "Assign"; readonly op: string; readonly left: Node; readonly right: Node }
  | { readonly k: "If"; readonly cond: Node; readonly then: Node; readonly else?: Node }
  | { readonly k: "Reduce"; readonly source: Node; readonly pattern: Pattern; readonly init: Node; readonly update: Node }
  | {
      readonly k: "Foreach";
      readonly source: Node;
      readonly pattern: Pattern;
      readonly init: Node;
      readonly update: Node;
      readonly extract?: Node;
    }
  | { readonly k: "FuncDef"; readonly def: FuncDef; readonly rest: Node }
  | { readonly k: "Call"; readonly name: string; readonly args: readonly Node[]; readonly at: number }
  | { readonly k: "Var"; readonly name: string; readonly at: number }
  | { readonly k: "Bind"; readonly source: Node; readonly patterns: readonly Pattern[]; readonly body: Node }
  | { readonly k: "Label"; readonly name: string; readonly body: Node }
  | { readonly k: "Break"; readonly name: string; readonly at: number }
  | { readonly k: "Loc"; readonly line: number };

/** `def name(params): body;` */
export interface FuncDef {
  readonly name: string;
  /** Parameter names; `$name` for value parameters. */
  readonly params: readonly string[];
  readonly body: Node;
}

/** `import "relpath" as name;`, `import "relpath" as $name;` or `include "relpath";` with its metadata. */
export interface ImportDirective {
  readonly relpath: string;
  /** The alias (without `$`); absent for `include`. */
  readonly as?: string;
  /** `as $name`: a JSON data file. */
  readonly isData: boolean;
  /** What `modulemeta` lists for it: the metadata object, then `as`, `is_data`, `relpath`. */
  readonly meta: JqObject;
  /** Offset of the directive's path string. */
  readonly at: number;
}

/** A parsed program (or module): module metadata, imports, top-level definitions and the main expression. */
export interface Program {
  /** The `module {...};` metadata, when given. */
  readonly meta?: JqObject;
  readonly imports: readonly ImportDirective[];
  readonly defs: readonly FuncDef[];
  readonly body: Node;
  /** Offset of the main expression; absent when the text has only directives and definitions. */
  readonly bodyAt?: number;
}

/**
 * The awk AST: plain readonly objects, discriminated on `type`. Every node carries the 1-based
 * source `line` it starts on (runtime errors report it, as gawk does).
 */

/** An assignable place: a variable, an array element or a field. */
export type LValue = VarRef | IndexRef | FieldRef;

/** A variable reference (scalar use). */
export interface VarRef { readonly type: "Var"; readonly name: string; readonly line: number }
/** `name[subs]` (several subscripts are joined with SUBSEP). */
export interface IndexRef { readonly type: "Index"; readonly name: string; readonly subs: readonly Expr[]; readonly line: number }
/** `$expr`. */
export interface FieldRef { readonly type: "Field"; readonly index: Expr; readonly line: number }

/** Every expression node. */
export type Expr =
  | LValue
  | { readonly type: "Num"; readonly value: number; readonly line: number }
  | { readonly type: "Str"; readonly value: string; readonly line: number }
  | { readonly type: "Regex"; readonly source: string; readonly line: number }
  | { readonly type: "Assign"; readonly op: string; readonly target: LValue; readonly value: Expr; readonly line: number }
  | { readonly type: "Cond"; readonly test: Expr; readonly yes: Expr; readonly no: Expr; readonly line: number }
  | { readonly type: "Logic"; readonly op: "&&" | "||"; readonly left: Expr; readonly right: Expr; readonly line: number }
  | { readonly type: "In"; readonly subs: readonly Expr[]; readonly name: string; readonly line: number }
  | { readonly type: "Match"; readonly negate: boolean; readonly left: Expr; readonly right: Expr; readonly line: number }
  | { readonly type: "Binary"; readonly op: string; readonly left: Expr; readonly right: Expr; readonly line: number }
  | { readonly type: "Unary"; readonly op: "!" | "-" | "+"; readonly operand: Expr; readonly line: number }
  | { readonly type: "IncDec"; readonly op: "++" | "--"; readonly prefix: boolean; readonly target: LValue; readonly line: number }
  | { readonly type: "Call"; readonly name: string; readonly args: readonly Expr[]; readonly line: number }
  | { readonly type: "Builtin"; readonly name: string; readonly args: readonly Expr[]; readonly line: number }
  | {
      readonly type: "Getline";
      readonly kind: "simple" | "file" | "cmd";
      readonly target: LValue | undefined;
      readonly src: Expr | undefined;
      readonly line: number;
    }
  | { readonly type: "Group"; readonly exprs: readonly Expr[]; readonly line: number }
  | { readonly type: "Temp"; readonly index: number; readonly line: number };

/** Output redirection of print/printf. */
export interface Redirect { readonly kind: ">" | ">>" | "|"; readonly dest: Expr }

/** Every statement node. */
export type Stmt =
  | { readonly type: "Print"; readonly printf: boolean; readonly args: readonly Expr[]; readonly redirect: Redirect | undefined; readonly line: number }
  | { readonly type: "ExprStmt"; readonly expr: Expr; readonly line: number }
  | { readonly type: "If"; readonly test: Expr; readonly then: Stmt; readonly else: Stmt | undefined; readonly line: number }
  | { readonly type: "While"; readonly test: Expr; readonly body: Stmt; readonly line: number }
  | { readonly type: "Do"; readonly body: Stmt; readonly test: Expr; readonly line: number }
  | {
      readonly type: "For";
      readonly init: Stmt | undefined;
      readonly test: Expr | undefined;
      readonly update: Stmt | undefined;
      readonly body: Stmt;
      readonly line: number;
    }
  | { readonly type: "ForIn"; readonly variable: LValue; readonly array: string; readonly body: Stmt; readonly line: number }
  | { readonly type: "Block"; readonly body: readonly Stmt[]; readonly line: number }
  | { readonly type: "Next" | "NextFile" | "Break" | "Continue"; readonly line: number }
  | { readonly type: "Exit" | "Return"; readonly value: Expr | undefined; readonly line: number }
  | { readonly type: "Delete"; readonly name: string; readonly subs: readonly Expr[] | undefined; readonly line: number };

/** One pattern-action rule. A missing action means `{ print }`. */
export interface Rule {
  readonly kind: "BEGIN" | "END" | "BEGINFILE" | "ENDFILE" | "main";
  readonly pattern: Expr | undefined;
  /** Second pattern of a range `p1, p2`. */
  readonly pattern2: Expr | undefined;
  readonly action: readonly Stmt[] | undefined;
  readonly line: number;
}

/** A user-defined function. */
export interface FuncDef {
  readonly name: string;
  readonly params: readonly string[];
  readonly body: readonly Stmt[];
  readonly line: number;
}

/** A parsed program. */
export interface Program {
  readonly rules: readonly Rule[];
  readonly functions: ReadonlyMap<string, FuncDef>;
}

/**
 * The constructors the parser builds AST nodes with, one class per node type (and per ParamOp
 * kind). The nodes are the plain data of ./ast.ts (own enumerable fields in the order the
 * parser always wrote them, optional fields absent when unset); only their allocation differs.
 *
 * Why not object literals: V8 tracks each object or array literal in the code as an
 * "allocation site" and moves a site's later allocations to the old generation when most of
 * what it made survived a scavenge (allocation-site pretenuring). The parser allocates a whole
 * AST in one go, so some sites are tenured and others not, per process, depending on where the
 * scavenges fell; an AST half in each generation, with old nodes of dead ASTs pointing at
 * young ones, made the same warm 5,000-line parse take 9 ms in one process and 20-30 ms in
 * another (`node --trace-pretenuring bench/dist/child.js husk parse-5000 full time 15 3`).
 * Objects made by `new` and arrays made by `slice` have no allocation site, so every process
 * behaves as the fast ones did. Classes declare no fields (the merged interfaces type them),
 * so nothing is defined before the constructor's assignments, and each constructor assigns
 * `this.x` directly, which is how V8 sizes the objects.
 */
import type {
  AndOr,
  AnsiCQuoted,
  ArithCommand,
  ArithFor,
  Arithmetic,
  ArithSub,
  ArrayElement,
  Assignment,
  Case,
  CaseItem,
  Command,
  CommandSub,
  CompoundWord,
  Coproc,
  DoubleQuoted,
  ExtGlob,
  For,
  FunctionDef,
  HereDoc,
  If,
  Literal,
  ParamExp,
  ParamOp,
  Pipeline,
  ProcessSub,
  Redirect,
  RedirectOp,
  Script,
  SimpleCommand,
  Statement,
  Subshell,
  TestCommand,
  TestExpr,
  TildePrefix,
  While,
  Word,
  WordPart,
} from "./ast.js";

/** `T` with its fields writable (what a constructor assigns). */
export type W<T> = { -readonly [K in keyof T]: T[K] };
type Body = readonly Statement[];
type Redirects = readonly Redirect[];

// ---------------------------------------------------------------------------------------
// Lists and commands

/** Script. */
export interface ScriptNode extends W<Script> {}
export class ScriptNode {
  constructor(start: number, end: number, body: Body) {
    this.type = "Script";
    this.start = start;
    this.end = end;
    this.body = body;
  }
}

/** Statement. */
export interface StatementNode extends W<Statement> {}
export class StatementNode {
  constructor(start: number, end: number, command: Command, background: boolean) {
    this.type = "Statement";
    this.start = start;
    this.end = end;
    this.command = command;
    this.background = background;
  }
}

/** AndOr. */
export interface AndOrNode extends W<AndOr> {}
export class AndOrNode {
  constructor(start: number, end: number, op: "&&" | "||", left: Command, right: Command) {
    this.type = "AndOr";
    this.start = start;
    this.end = end;
    this.op = op;
    this.left = left;
    this.right = right;
  }
}

/** Pipeline (`time` only when given). */
export interface PipelineNode extends W<Pipeline> {}
export class PipelineNode {
  constructor(
    start: number,
    end: number,
    commands: readonly Command[],
    pipeStderr: readonly boolean[],
    negated: boolean,
    time: Pipeline["time"],
  ) {
    this.type = "Pipeline";
    this.start = start;
    this.end = end;
    this.commands = commands;
    this.pipeStderr = pipeStderr;
    this.negated = negated;
    if (time !== undefined) this.time = time;
  }
}

/** SimpleCommand (`argAssignments` only when given). */
export interface SimpleCommandNode extends W<SimpleCommand> {}
export class SimpleCommandNode {
  constructor(
    start: number,
    end: number,
    assignments: readonly Assignment[],
    words: readonly Word[],
    redirects: Redirects,
    argAssignments: SimpleCommand["argAssignments"],
  ) {
    this.type = "SimpleCommand";
    this.start = start;
    this.end = end;
    this.assignments = assignments;
    this.words = words;
    this.redirects = redirects;
    if (argAssignments !== undefined) this.argAssignments = argAssignments;
  }
}

/** Assignment (each optional field only when given). */
export interface AssignmentNode extends W<Assignment> {}
export class AssignmentNode {
  constructor(
    start: number,
    end: number,
    name: string,
    append: boolean,
    index: Word | undefined,
    value: Word | undefined,
    array: readonly ArrayElement[] | undefined,
  ) {
    this.type = "Assignment";
    this.start = start;
    this.end = end;
    this.name = name;
    this.append = append;
    if (index !== undefined) this.index = index;
    if (value !== undefined) this.value = value;
    if (array !== undefined) this.array = array;
  }
}

/** ArrayElement (`index` only when given). */
export interface ArrayElementNode extends W<ArrayElement> {}
export class ArrayElementNode {
  constructor(start: number, end: number, index: Word | undefined, append: boolean, value: Word) {
    this.type = "ArrayElement";
    this.start = start;
    this.end = end;
    if (index !== undefined) this.index = index;
    this.append = append;
    this.value = value;
  }
}

/** Redirect (`fd`, `fdVar`, `heredoc` only when given). */
export interface RedirectNode extends W<Redirect> {}
export class RedirectNode {
  constructor(
    start: number,
    end: number,
    op: RedirectOp,
    target: Word,
    fd: number | undefined,
    fdVar: string | undefined,
    heredoc: HereDoc | undefined,
  ) {
    this.type = "Redirect";
    this.start = start;
    this.end = end;
    this.op = op;
    this.target = target;
    if (fd !== undefined) this.fd = fd;
    if (fdVar !== undefined) this.fdVar = fdVar;
    if (heredoc !== undefined) this.heredoc = heredoc;
  }
}

/** HereDoc (its body and end are filled in when the body is read). */
export interface HereDocNode extends W<HereDoc> {}
export class HereDocNode {
  constructor(start: number, end: number, delimiter: string, quoted: boolean, stripTabs: boolean, body: Word) {
    this.type = "HereDoc";
    this.start = start;
    this.end = end;
    this.delimiter = delimiter;
    this.quoted = quoted;
    this.stripTabs = stripTabs;
    this.body = body;
  }
}

/** Subshell and BraceGroup (the same fields). */
export interface GroupNode extends W<Omit<Subshell, "type">> {
  type: "Subshell" | "BraceGroup";
}
export class GroupNode {
  constructor(type: "Subshell" | "BraceGroup", start: number, end: number, body: Body, redirects: Redirects) {
    this.type = type;
    this.start = start;
    this.end = end;
    this.body = body;
    this.redirects = redirects;
  }
}

/** One `if`/`elif` clause of an If. */
export interface IfClauseNode extends W<If["clauses"][number]> {}
export class IfClauseNode {
  constructor(condition: Body, body: Body) {
    this.condition = condition;
    this.body = body;
  }
}

/** If (`elseBody` only when given). */
export interface IfNode extends W<If> {}
export class IfNode {
  constructor(start: number, end: number, clauses: If["clauses"], redirects: Redirects, elseBody: Body | undefined) {
    this.type = "If";
    this.start = start;
    this.end = end;
    this.clauses = clauses;
    this.redirects = redirects;
    if (elseBody !== undefined) this.elseBody = elseBody;
  }
}

/** While (and until). */
export interface WhileNode extends W<While> {}
export class WhileNode {
  constructor(start: number, end: number, until: boolean, condition: Body, body: Body, redirects: Redirects) {
    this.type = "While";
    this.start = start;
    this.end = end;
    this.until = until;
    this.condition = condition;
    this.body = body;
    this.redirects = redirects;
  }
}

/** For and Select (the same fields; `items` only when given). */
export interface ForNode extends W<Omit<For, "type">> {
  type: "For" | "Select";
}
export class ForNode {
  constructor(
    type: "For" | "Select",
    start: number,
    end: number,
    variable: string,
    body: Body,
    redirects: Redirects,
    items: readonly Word[] | undefined,
  ) {
    this.type = type;
    this.start = start;
    this.end = end;
    this.variable = variable;
    this.body = body;
    this.redirects = redirects;
    if (items !== undefined) this.items = items;
  }
}

/** ArithFor (each of `init`, `test`, `update` only when given). */
export interface ArithForNode extends W<ArithFor> {}
export class ArithForNode {
  constructor(
    start: number,
    end: number,
    init: Arithmetic | undefined,
    test: Arithmetic | undefined,
    update: Arithmetic | undefined,
    body: Body,
    redirects: Redirects,
  ) {
    this.type = "ArithFor";
    this.start = start;
    this.end = end;
    if (init !== undefined) this.init = init;
    if (test !== undefined) this.test = test;
    if (update !== undefined) this.update = update;
    this.body = body;
    this.redirects = redirects;
  }
}

/** Case. */
export interface CaseNode extends W<Case> {}
export class CaseNode {
  constructor(start: number, end: number, word: Word, items: readonly CaseItem[], redirects: Redirects) {
    this.type = "Case";
    this.start = start;
    this.end = end;
    this.word = word;
    this.items = items;
    this.redirects = redirects;
  }
}

/** CaseItem. */
export interface CaseItemNode extends W<CaseItem> {}
export class CaseItemNode {
  constructor(start: number, end: number, patterns: readonly Word[], body: Body, terminator: CaseItem["terminator"]) {
    this.type = "CaseItem";
    this.start = start;
    this.end = end;
    this.patterns = patterns;
    this.body = body;
    this.terminator = terminator;
  }
}

/** ArithCommand. */
export interface ArithCommandNode extends W<ArithCommand> {}
export class ArithCommandNode {
  constructor(start: number, end: number, expr: Arithmetic, redirects: Redirects) {
    this.type = "ArithCommand";
    this.start = start;
    this.end = end;
    this.expr = expr;
    this.redirects = redirects;
  }
}

/** TestCommand. */
export interface TestCommandNode extends W<TestCommand> {}
export class TestCommandNode {
  constructor(start: number, end: number, expr: TestExpr, redirects: Redirects) {
    this.type = "TestCommand";
    this.start = start;
    this.end = end;
    this.expr = expr;
    this.redirects = redirects;
  }
}

/** FunctionDef. */
export interface FunctionDefNode extends W<FunctionDef> {}
export class FunctionDefNode {
  constructor(start: number, end: number, name: string, body: Command, keyword: boolean) {
    this.type = "FunctionDef";
    this.start = start;
    this.end = end;
    this.name = name;
    this.body = body;
    this.keyword = keyword;
  }
}

/** Coproc (`name` only when given). */
export interface CoprocNode extends W<Coproc> {}
export class CoprocNode {
  constructor(start: number, end: number, body: Command, name: string | undefined) {
    this.type = "Coproc";
    this.start = start;
    this.end = end;
    this.body = body;
    if (name !== undefined) this.name = name;
  }
}

// ---------------------------------------------------------------------------------------
// Words

/** CompoundWord. */
export interface CompoundWordNode extends W<CompoundWord> {}
export class CompoundWordNode {
  constructor(start: number, end: number, parts: readonly WordPart[]) {
    this.type = "Word";
    this.start = start;
    this.end = end;
    this.parts = parts;
  }
}

/** Literal, Escaped and SingleQuoted (the same fields: a text value). */
export interface TextNode extends W<Omit<Literal, "type">> {
  type: "Literal" | "Escaped" | "SingleQuoted";
}
export class TextNode {
  constructor(type: "Literal" | "Escaped" | "SingleQuoted", start: number, end: number, value: string) {
    this.type = type;
    this.start = start;
    this.end = end;
    this.value = value;
  }
}

/** DoubleQuoted. */
export interface DoubleQuotedNode extends W<DoubleQuoted> {}
export class DoubleQuotedNode {
  constructor(start: number, end: number, parts: readonly WordPart[], locale: boolean) {
    this.type = "DoubleQuoted";
    this.start = start;
    this.end = end;
    this.parts = parts;
    this.locale = locale;
  }
}

/** AnsiCQuoted. */
export interface AnsiCQuotedNode extends W<AnsiCQuoted> {}
export class AnsiCQuotedNode {
  constructor(start: number, end: number, value: string, raw: string) {
    this.type = "AnsiCQuoted";
    this.start = start;
    this.end = end;
    this.value = value;
    this.raw = raw;
  }
}

/** TildePrefix. */
export interface TildePrefixNode extends W<TildePrefix> {}
export class TildePrefixNode {
  constructor(start: number, end: number, user: string) {
    this.type = "TildePrefix";
    this.start = start;
    this.end = end;
    this.user = user;
  }
}

/** ExtGlob. */
export interface ExtGlobNode extends W<ExtGlob> {}
export class ExtGlobNode {
  constructor(start: number, end: number, op: ExtGlob["op"], pattern: string) {
    this.type = "ExtGlob";
    this.start = start;
    this.end = end;
    this.op = op;
    this.pattern = pattern;
  }
}

/** CommandSub (`unparsed` only when given). */
export interface CommandSubNode extends W<CommandSub> {}
export class CommandSubNode {
  constructor(start: number, end: number, body: Body, backtick: boolean, unparsed: string | undefined) {
    this.type = "CommandSub";
    this.start = start;
    this.end = end;
    this.body = body;
    this.backtick = backtick;
    if (unparsed !== undefined) this.unparsed = unparsed;
  }
}

/** ArithSub (`bracket` only for `$[ ]`). */
export interface ArithSubNode extends W<ArithSub> {}
export class ArithSubNode {
  constructor(start: number, end: number, expr: Arithmetic, bracket: boolean) {
    this.type = "ArithSub";
    this.start = start;
    this.end = end;
    this.expr = expr;
    if (bracket) this.bracket = true;
  }
}

/** ProcessSub. */
export interface ProcessSubNode extends W<ProcessSub> {}
export class ProcessSubNode {
  constructor(start: number, end: number, op: "<" | ">", body: Body) {
    this.type = "ProcessSub";
    this.start = start;
    this.end = end;
    this.op = op;
    this.body = body;
  }
}

/** ParamExp (`index`, `op` only when given). */
export interface ParamExpNode extends W<ParamExp> {}
export class ParamExpNode {
  constructor(
    start: number,
    end: number,
    short: boolean,
    name: string,
    length: boolean,
    indirect: boolean,
    index: ParamExp["index"],
    op: ParamOp | undefined,
  ) {
    this.type = "ParamExp";
    this.start = start;
    this.end = end;
    this.short = short;
    this.name = name;
    this.length = length;
    this.indirect = indirect;
    if (index !== undefined) this.index = index;
    if (op !== undefined) this.op = op;
  }
}

type Op<K extends ParamOp["kind"]> = W<Extract<ParamOp, { kind: K }>>;

/** The ParamOp kind `default` (`${x:-word}`). */
export interface DefaultOpNode extends Op<"default"> {}
export class DefaultOpNode {
  constructor(op: DefaultOpNode["op"], word: Word) {
    this.kind = "default";
    this.op = op;
    this.word = word;
  }
}

/** The ParamOp kind `trim` (`${x%%pattern}`). */
export interface TrimOpNode extends Op<"trim"> {}
export class TrimOpNode {
  constructor(op: TrimOpNode["op"], pattern: Word) {
    this.kind = "trim";
    this.op = op;
    this.pattern = pattern;
  }
}

/** The ParamOp kind `replace` (`replacement` only when given). */
export interface ReplaceOpNode extends Op<"replace"> {}
export class ReplaceOpNode {
  constructor(op: ReplaceOpNode["op"], pattern: Word, replacement: Word | undefined) {
    this.kind = "replace";
    this.op = op;
    this.pattern = pattern;
    if (replacement !== undefined) this.replacement = replacement;
  }
}

/** The ParamOp kind `case` (`pattern` only when given). */
export interface CaseOpNode extends Op<"case"> {}
export class CaseOpNode {
  constructor(op: CaseOpNode["op"], pattern: Word | undefined) {
    this.kind = "case";
    this.op = op;
    if (pattern !== undefined) this.pattern = pattern;
  }
}

/** The ParamOp kind `transform` (`${x@Q}`). */
export interface TransformOpNode extends Op<"transform"> {}
export class TransformOpNode {
  constructor(op: TransformOpNode["op"]) {
    this.kind = "transform";
    this.op = op;
  }
}

/** The ParamOp kind `names` (`${!prefix*}`). */
export interface NamesOpNode extends Op<"names"> {}
export class NamesOpNode {
  constructor(star: boolean) {
    this.kind = "names";
    this.star = star;
  }
}

/** The ParamOp kind `bad` (parsed, rejected when it runs). */
export interface BadOpNode extends Op<"bad"> {}
export class BadOpNode {
  constructor(text: string) {
    this.kind = "bad";
    this.text = text;
  }
}

/** The ParamOp kind `slice` (`length` only when given). */
export interface SliceOpNode extends W<Extract<ParamOp, { kind: "slice" }>> {}
export class SliceOpNode {
  constructor(offset: Arithmetic, length: Arithmetic | undefined) {
    this.kind = "slice";
    this.offset = offset;
    if (length !== undefined) this.length = length;
  }
}

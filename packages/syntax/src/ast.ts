/**
 * The bash AST: plain readonly objects, discriminated on `type`, every node with a `span`
 * (UTF-16 offsets into the source; line/column come from `lineColumn()` on demand).
 *
 * This file is the contract between @husk/syntax (which builds it) and @husk/interp (which
 * runs it). Word parts keep their quoting so the interpreter expands exactly as bash does.
 */

/** Half-open source range `[start, end)` in UTF-16 code units. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The root: a whole script. */
export interface Script {
  readonly type: "Script";
  readonly span: Span;
  readonly body: readonly Statement[];
}

/**
 * One element of a command list: a command (possibly an and-or chain) terminated by `;`,
 * newline or `&` (`background`).
 */
export interface Statement {
  readonly type: "Statement";
  readonly span: Span;
  readonly command: Command;
  readonly background: boolean;
}

/** Every kind of command. */
export type Command =
  | SimpleCommand
  | Pipeline
  | AndOr
  | Subshell
  | BraceGroup
  | If
  | While
  | For
  | ArithFor
  | Select
  | Case
  | ArithCommand
  | TestCommand
  | FunctionDef
  | Coproc;

/** `left && right` or `left || right`; chains are left-associative. */
export interface AndOr {
  readonly type: "AndOr";
  readonly span: Span;
  readonly op: "&&" | "||";
  readonly left: Command;
  readonly right: Command;
}

/**
 * `[time [-p]] [!] a | b |& c`. `pipeStderr[i]` is true when the junction after
 * `commands[i]` is `|&`. A single command with `!` or `time` is a Pipeline of one.
 */
export interface Pipeline {
  readonly type: "Pipeline";
  readonly span: Span;
  readonly commands: readonly Command[];
  readonly pipeStderr: readonly boolean[];
  readonly negated: boolean;
  /** `time` keyword: undefined (absent), "time", or "time -p". */
  readonly time?: "time" | "time -p";
}

/** `name=value ... word ... redirect ...`. Either list may be empty (not both plus redirects). */
export interface SimpleCommand {
  readonly type: "SimpleCommand";
  readonly span: Span;
  readonly assignments: readonly Assignment[];
  readonly words: readonly Word[];
  /** In source order (order matters: `2>&1 >f` differs from `>f 2>&1`). */
  readonly redirects: readonly Redirect[];
  /**
   * Added by the parser work: for declaration builtins (`declare typeset local export
   * readonly`), `argAssignments[i]` is the parsed Assignment when `words[i]` looks like one
   * (`a=1`, `a+=x`, `a[k]=v`, `a=(1 2)`), else undefined. Absent when no argument is one.
   * `words[i]` stays the plain word (for `a=(1 2)` a single Literal of the normalized text).
   */
  readonly argAssignments?: readonly (Assignment | undefined)[];
}

/**
 * `name=value`, `name+=value`, `name[sub]=value`, `name=(a b [k]=v)`. Also used for the
 * arguments of declaration builtins when they look like assignments (see `SimpleCommand`).
 */
export interface Assignment {
  readonly type: "Assignment";
  readonly span: Span;
  readonly name: string;
  /** The subscript of `name[sub]=...`, unexpanded (arithmetic or key depending on the array). */
  readonly index?: Word;
  readonly append: boolean;
  /** Scalar value; undefined for `name=` with nothing after (empty string) and for arrays. */
  readonly value?: Word;
  /** Compound value `(...)`. */
  readonly array?: readonly ArrayElement[];
}

/** One element of `name=( ... )`: `word`, `[key]=word` or `[key]+=word`. */
export interface ArrayElement {
  readonly type: "ArrayElement";
  readonly span: Span;
  readonly index?: Word;
  readonly append: boolean;
  readonly value: Word;
}

/** Redirection operators. */
export type RedirectOp =
  | "<"
  | ">"
  | ">>"
  | ">|"
  | "<>"
  | "<&"
  | ">&"
  | "&>"
  | "&>>"
  | "<<"
  | "<<-"
  | "<<<";

/** `[n]op target`, `{var}op target`, or a here-document. */
export interface Redirect {
  readonly type: "Redirect";
  readonly span: Span;
  readonly op: RedirectOp;
  /** Explicit fd number before the operator. */
  readonly fd?: number;
  /** `{var}>file`: the shell allocates an fd and stores it in `var`. */
  readonly fdVar?: string;
  /** The target word (file, fd number, `-`, here-string); for here-docs, the delimiter word. */
  readonly target: Word;
  /** Here-document body (ops `<<` and `<<-`). */
  readonly heredoc?: HereDoc;
}

/** A here-document body. */
export interface HereDoc {
  readonly type: "HereDoc";
  readonly span: Span;
  /** The delimiter after quote removal. */
  readonly delimiter: string;
  /** Any part of the delimiter was quoted: the body is literal (no expansions). */
  readonly quoted: boolean;
  /** `<<-`: leading tabs were stripped from body lines and the delimiter line. */
  readonly stripTabs: boolean;
  /**
   * The body after tab stripping. When `quoted`, a single Literal part; otherwise parts as
   * inside double quotes (ParamExp, CommandSub, ArithSub, Escaped for `\$ \` \\`, Literal).
   */
  readonly body: Word;
}

/** `( list )` */
export interface Subshell {
  readonly type: "Subshell";
  readonly span: Span;
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `{ list; }` */
export interface BraceGroup {
  readonly type: "BraceGroup";
  readonly span: Span;
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `if c; then b; elif c; then b; else b; fi` */
export interface If {
  readonly type: "If";
  readonly span: Span;
  /** The `if` clause followed by each `elif` clause. */
  readonly clauses: readonly { readonly condition: readonly Statement[]; readonly body: readonly Statement[] }[];
  readonly elseBody?: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `while c; do b; done` or `until c; do b; done` (`until: true`). */
export interface While {
  readonly type: "While";
  readonly span: Span;
  readonly until: boolean;
  readonly condition: readonly Statement[];
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `for name [in words]; do body; done` (no `in`: iterates `"$@"`). */
export interface For {
  readonly type: "For";
  readonly span: Span;
  readonly variable: string;
  readonly items?: readonly Word[];
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `for (( init; test; update )); do body; done` (each part may be empty). */
export interface ArithFor {
  readonly type: "ArithFor";
  readonly span: Span;
  readonly init?: Arithmetic;
  readonly test?: Arithmetic;
  readonly update?: Arithmetic;
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `select name [in words]; do body; done` */
export interface Select {
  readonly type: "Select";
  readonly span: Span;
  readonly variable: string;
  readonly items?: readonly Word[];
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `case word in pat|pat) body ;; ... esac` */
export interface Case {
  readonly type: "Case";
  readonly span: Span;
  readonly word: Word;
  readonly items: readonly CaseItem[];
  readonly redirects: readonly Redirect[];
}

/** One arm of a case: patterns, body and terminator (`;;`, fallthrough `;&`, continue `;;&`). */
export interface CaseItem {
  readonly type: "CaseItem";
  readonly span: Span;
  readonly patterns: readonly Word[];
  readonly body: readonly Statement[];
  readonly terminator: ";;" | ";&" | ";;&";
}

/** `(( expr ))` */
export interface ArithCommand {
  readonly type: "ArithCommand";
  readonly span: Span;
  readonly expr: Arithmetic;
  readonly redirects: readonly Redirect[];
}

/** `[[ expr ]]` */
export interface TestCommand {
  readonly type: "TestCommand";
  readonly span: Span;
  readonly expr: TestExpr;
  readonly redirects: readonly Redirect[];
}

/** `name() compound` or `function name [()] compound`. Redirects live on `body`. */
export interface FunctionDef {
  readonly type: "FunctionDef";
  readonly span: Span;
  readonly name: string;
  readonly body: Command;
  /** Written with the `function` keyword. */
  readonly keyword: boolean;
}

/** `coproc [NAME] command` */
export interface Coproc {
  readonly type: "Coproc";
  readonly span: Span;
  readonly name?: string;
  readonly body: Command;
}

// ---------------------------------------------------------------------------------------
// Words

/** A shell word: the concatenation of its parts (`a"b"$c` is three parts). */
export interface Word {
  readonly type: "Word";
  readonly span: Span;
  readonly parts: readonly WordPart[];
}

/** Parts of a word. Inside DoubleQuoted only Literal, Escaped, ParamExp, CommandSub, ArithSub occur. */
export type WordPart =
  | Literal
  | Escaped
  | SingleQuoted
  | DoubleQuoted
  | AnsiCQuoted
  | ParamExp
  | CommandSub
  | ArithSub
  | ProcessSub
  | TildePrefix
  | ExtGlob;

/**
 * Unquoted literal text (glob characters, braces and `=` stay active here). Inside
 * DoubleQuoted or a here-doc body, it is quoted text.
 */
export interface Literal {
  readonly type: "Literal";
  readonly span: Span;
  readonly value: string;
}

/** A backslash-escaped character: `\*` (unquoted) or `\$` inside double quotes. `value` excludes the backslash. */
export interface Escaped {
  readonly type: "Escaped";
  readonly span: Span;
  readonly value: string;
}

/** `'...'` */
export interface SingleQuoted {
  readonly type: "SingleQuoted";
  readonly span: Span;
  readonly value: string;
}

/** `"..."`, or `$"..."` (`locale: true`, treated as `"..."`). */
export interface DoubleQuoted {
  readonly type: "DoubleQuoted";
  readonly span: Span;
  readonly parts: readonly WordPart[];
  readonly locale: boolean;
}

/** `$'...'`: `value` is the decoded text; `raw` the source between the quotes (for printing). */
export interface AnsiCQuoted {
  readonly type: "AnsiCQuoted";
  readonly span: Span;
  readonly value: string;
  readonly raw: string;
}

/** `~` or `~user` at the start of a word (or after `:`/`=` in assignment values). */
export interface TildePrefix {
  readonly type: "TildePrefix";
  readonly span: Span;
  /** Text after `~` (empty for plain `~`; may be `+` or `-`). */
  readonly user: string;
}

/** `?(...) *(...) +(...) @(...) !(...)` with extglob; `pattern` is the raw text inside the parens. */
export interface ExtGlob {
  readonly type: "ExtGlob";
  readonly span: Span;
  readonly op: "?" | "*" | "+" | "@" | "!";
  readonly pattern: string;
}

/** `$(...)` or `` `...` `` */
export interface CommandSub {
  readonly type: "CommandSub";
  readonly span: Span;
  readonly body: readonly Statement[];
  readonly backtick: boolean;
}

/** `$(( ... ))` (and the deprecated `$[ ... ]`). */
export interface ArithSub {
  readonly type: "ArithSub";
  readonly span: Span;
  readonly expr: Arithmetic;
  /** Written in the deprecated form `$[ ... ]` (printed back so: its parentheses need not balance). */
  readonly bracket?: true;
}

/** `<(...)` or `>(...)` */
export interface ProcessSub {
  readonly type: "ProcessSub";
  readonly span: Span;
  readonly op: "<" | ">";
  readonly body: readonly Statement[];
}

/**
 * `$name`, `${name}`, `${name[sub]}`, `${#name}`, `${!name}`, `${name op ...}`.
 * `name` is a variable name, a positional (`1`, `10`) or a special (`@ * # ? - $ ! 0`).
 */
export interface ParamExp {
  readonly type: "ParamExp";
  readonly span: Span;
  /** `$name` without braces. */
  readonly short: boolean;
  readonly name: string;
  /** The subscript: a Word (`${a[i+1]}`, `${m[key]}`), or `@` / `*` for all elements. */
  readonly index?: Word | "@" | "*";
  /** `${#name}` */
  readonly length: boolean;
  /** `${!name}` (indirection), `${!arr[@]}` (keys) */
  readonly indirect: boolean;
  readonly op?: ParamOp;
}

/** The operator of a braced parameter expansion. */
export type ParamOp =
  | { readonly kind: "default"; readonly op: ":-" | "-" | ":=" | "=" | ":?" | "?" | ":+" | "+"; readonly word: Word }
  | { readonly kind: "trim"; readonly op: "#" | "##" | "%" | "%%"; readonly pattern: Word }
  | { readonly kind: "replace"; readonly op: "/" | "//" | "/#" | "/%"; readonly pattern: Word; readonly replacement?: Word }
  | { readonly kind: "case"; readonly op: "^" | "^^" | "," | ",,"; readonly pattern?: Word }
  | { readonly kind: "slice"; readonly offset: Arithmetic; readonly length?: Arithmetic }
  | { readonly kind: "transform"; readonly op: "Q" | "E" | "P" | "A" | "a" | "U" | "u" | "L" | "K" | "k" }
  /** `${!prefix*}` / `${!prefix@}` (names of variables starting with `name`). */
  | { readonly kind: "names"; readonly star: boolean }
  /**
   * Added by the parser work: an expansion bash accepts when parsing but rejects when it runs
   * (`${x!}`, `${a b}`: "bad substitution"). `text` is the source between `${` and `}`.
   */
  | { readonly kind: "bad"; readonly text: string };

// ---------------------------------------------------------------------------------------
// Arithmetic

/**
 * An arithmetic context (`$(( ))`, `(( ))`, `for ((;;))`, slice offsets). Bash expands the
 * text first and parses the result, so `source` holds the word (parts as inside double
 * quotes). When the source has no expansions, `expr` is the parse, done once at parse time;
 * otherwise the interpreter expands `source` and parses the text with `parseArithmetic`.
 */
export interface Arithmetic {
  readonly type: "Arithmetic";
  readonly span: Span;
  readonly source: Word;
  readonly expr?: ArithExpr;
}

/** Arithmetic expression nodes. */
export type ArithExpr =
  | ArithNumber
  | ArithVar
  | ArithBinary
  | ArithUnary
  | ArithPostfix
  | ArithAssign
  | ArithTernary
  | ArithGroup;

/** A numeric constant as written: `12`, `0x1F`, `017`, `2#101`, `64#_`. */
export interface ArithNumber {
  readonly type: "ArithNumber";
  readonly span: Span;
  readonly text: string;
}

/** A variable, optionally subscripted (`a[i+1]`; the subscript is raw text, evaluated by array type). */
export interface ArithVar {
  readonly type: "ArithVar";
  readonly span: Span;
  readonly name: string;
  readonly index?: string;
}

/** Binary operators, including `,` (comma). */
export interface ArithBinary {
  readonly type: "ArithBinary";
  readonly span: Span;
  readonly op:
    | "," | "||" | "&&" | "|" | "^" | "&" | "==" | "!=" | "<" | ">" | "<=" | ">="
    | "<<" | ">>" | "+" | "-" | "*" | "/" | "%" | "**";
  readonly left: ArithExpr;
  readonly right: ArithExpr;
}

/** Prefix operators. */
export interface ArithUnary {
  readonly type: "ArithUnary";
  readonly span: Span;
  readonly op: "+" | "-" | "!" | "~" | "++" | "--";
  readonly operand: ArithExpr;
}

/** `x++`, `x--` */
export interface ArithPostfix {
  readonly type: "ArithPostfix";
  readonly span: Span;
  readonly op: "++" | "--";
  readonly operand: ArithVar;
}

/** `x = e`, `x += e`, ... */
export interface ArithAssign {
  readonly type: "ArithAssign";
  readonly span: Span;
  readonly op: "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "<<=" | ">>=" | "&=" | "^=" | "|=" | "**=";
  readonly target: ArithVar;
  readonly value: ArithExpr;
}

/** `c ? a : b` */
export interface ArithTernary {
  readonly type: "ArithTernary";
  readonly span: Span;
  readonly test: ArithExpr;
  readonly consequent: ArithExpr;
  readonly alternate: ArithExpr;
}

/** `( e )` (kept for printing). */
export interface ArithGroup {
  readonly type: "ArithGroup";
  readonly span: Span;
  readonly expr: ArithExpr;
}

// ---------------------------------------------------------------------------------------
// [[ ]] expressions

/** Nodes of `[[ ... ]]`. */
export type TestExpr = TestLogical | TestNot | TestGroup | TestUnary | TestBinary | TestWord;

/** `a && b`, `a || b` */
export interface TestLogical {
  readonly type: "TestLogical";
  readonly span: Span;
  readonly op: "&&" | "||";
  readonly left: TestExpr;
  readonly right: TestExpr;
}

/** `! e` */
export interface TestNot {
  readonly type: "TestNot";
  readonly span: Span;
  readonly operand: TestExpr;
}

/** `( e )` */
export interface TestGroup {
  readonly type: "TestGroup";
  readonly span: Span;
  readonly expr: TestExpr;
}

/** `-f word`, `-z word`, `-v name`, `-o optname`, ... */
export interface TestUnary {
  readonly type: "TestUnary";
  readonly span: Span;
  readonly op: string;
  readonly operand: Word;
}

/**
 * `l op r`: `==` `=` `!=` (right side is a pattern), `=~` (right side is a regex; quoted parts
 * literal), `<` `>`, `-eq -ne -lt -le -gt -ge` (arithmetic), `-nt -ot -ef`.
 */
export interface TestBinary {
  readonly type: "TestBinary";
  readonly span: Span;
  readonly op: string;
  readonly left: Word;
  readonly right: Word;
}

/** A lone word: true when non-empty. */
export interface TestWord {
  readonly type: "TestWord";
  readonly span: Span;
  readonly word: Word;
}

/** Any AST node. */
export type Node =
  | Script
  | Statement
  | Command
  | Assignment
  | ArrayElement
  | Redirect
  | HereDoc
  | CaseItem
  | Word
  | WordPart
  | Arithmetic
  | ArithExpr
  | TestExpr;

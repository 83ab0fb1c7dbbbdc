/**
 * The bash AST: plain readonly objects, discriminated on `type`. Every node is a `Span`: its
 * `start` and `end` fields are UTF-16 offsets into the source (line/column come from
 * `lineColumn()` on demand). The offsets sit on the node itself, as in acorn's ESTree nodes,
 * rather than in a separate span object: a 5,000-line script's AST holds ~60,000 fewer objects,
 * which is most of what the garbage collector copies while a large script is parsed.
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
export interface Script extends Span {
  readonly type: "Script";
  readonly body: readonly Statement[];
}

/**
 * One element of a command list: a command (possibly an and-or chain) terminated by `;`,
 * newline or `&` (`background`).
 */
export interface Statement extends Span {
  readonly type: "Statement";
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
export interface AndOr extends Span {
  readonly type: "AndOr";
  readonly op: "&&" | "||";
  readonly left: Command;
  readonly right: Command;
}

/**
 * `[time [-p]] [!] a | b |& c`. `pipeStderr[i]` is true when the junction after
 * `commands[i]` is `|&`. A single command with `!` or `time` is a Pipeline of one.
 */
export interface Pipeline extends Span {
  readonly type: "Pipeline";
  readonly commands: readonly Command[];
  readonly pipeStderr: readonly boolean[];
  readonly negated: boolean;
  /** `time` keyword: undefined (absent), "time", or "time -p". */
  readonly time?: "time" | "time -p";
}

/** `name=value ... word ... redirect ...`. Either list may be empty (not both plus redirects). */
export interface SimpleCommand extends Span {
  readonly type: "SimpleCommand";
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
export interface Assignment extends Span {
  readonly type: "Assignment";
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
export interface ArrayElement extends Span {
  readonly type: "ArrayElement";
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
export interface Redirect extends Span {
  readonly type: "Redirect";
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
export interface HereDoc extends Span {
  readonly type: "HereDoc";
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
export interface Subshell extends Span {
  readonly type: "Subshell";
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `{ list; }` */
export interface BraceGroup extends Span {
  readonly type: "BraceGroup";
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `if c; then b; elif c; then b; else b; fi` */
export interface If extends Span {
  readonly type: "If";
  /** The `if` clause followed by each `elif` clause. */
  readonly clauses: readonly { readonly condition: readonly Statement[]; readonly body: readonly Statement[] }[];
  readonly elseBody?: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `while c; do b; done` or `until c; do b; done` (`until: true`). */
export interface While extends Span {
  readonly type: "While";
  readonly until: boolean;
  readonly condition: readonly Statement[];
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `for name [in words]; do body; done` (no `in`: iterates `"$@"`). */
export interface For extends Span {
  readonly type: "For";
  readonly variable: string;
  readonly items?: readonly Word[];
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `for (( init; test; update )); do body; done` (each part may be empty). */
export interface ArithFor extends Span {
  readonly type: "ArithFor";
  readonly init?: Arithmetic;
  readonly test?: Arithmetic;
  readonly update?: Arithmetic;
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `select name [in words]; do body; done` */
export interface Select extends Span {
  readonly type: "Select";
  readonly variable: string;
  readonly items?: readonly Word[];
  readonly body: readonly Statement[];
  readonly redirects: readonly Redirect[];
}

/** `case word in pat|pat) body ;; ... esac` */
export interface Case extends Span {
  readonly type: "Case";
  readonly word: Word;
  readonly items: readonly CaseItem[];
  readonly redirects: readonly Redirect[];
}

/** One arm of a case: patterns, body and terminator (`;;`, fallthrough `;&`, continue `;;&`). */
export interface CaseItem extends Span {
  readonly type: "CaseItem";
  readonly patterns: readonly Word[];
  readonly body: readonly Statement[];
  readonly terminator: ";;" | ";&" | ";;&";
}

/** `(( expr ))` */
export interface ArithCommand extends Span {
  readonly type: "ArithCommand";
  readonly expr: Arithmetic;
  readonly redirects: readonly Redirect[];
}

/** `[[ expr ]]` */
export interface TestCommand extends Span {
  readonly type: "TestCommand";
  readonly expr: TestExpr;
  readonly redirects: readonly Redirect[];
}

/** `name() compound` or `function name [()] compound`. Redirects live on `body`. */
export interface FunctionDef extends Span {
  readonly type: "FunctionDef";
  readonly name: string;
  readonly body: Command;
  /** Written with the `function` keyword. */
  readonly keyword: boolean;
}

/** `coproc [NAME] command` */
export interface Coproc extends Span {
  readonly type: "Coproc";
  readonly name?: string;
  readonly body: Command;
}

// ---------------------------------------------------------------------------------------
// Words

/**
 * A shell word: the concatenation of its parts (`a"b"$c` is three parts). A word the parser
 * reads as exactly one part is that part itself, with the word's span: `echo` is a Literal,
 * `"$x"` a DoubleQuoted, `$1` a ParamExp (most words are one part, and a wrapper object and
 * a one-element array for each would be most of an AST's memory). Code that builds words may
 * still make a CompoundWord of one part; read any word's parts with `wordParts`.
 */
export type Word = CompoundWord | WordPart;

/** A word of zero or several parts (or one, when built by code other than the parser). */
export interface CompoundWord extends Span {
  readonly type: "Word";
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
export interface Literal extends Span {
  readonly type: "Literal";
  readonly value: string;
}

/** A backslash-escaped character: `\*` (unquoted) or `\$` inside double quotes. `value` excludes the backslash. */
export interface Escaped extends Span {
  readonly type: "Escaped";
  readonly value: string;
}

/** `'...'` */
export interface SingleQuoted extends Span {
  readonly type: "SingleQuoted";
  readonly value: string;
}

/** `"..."`, or `$"..."` (`locale: true`, treated as `"..."`). */
export interface DoubleQuoted extends Span {
  readonly type: "DoubleQuoted";
  readonly parts: readonly WordPart[];
  readonly locale: boolean;
}

/** `$'...'`: `value` is the decoded text; `raw` the source between the quotes (for printing). */
export interface AnsiCQuoted extends Span {
  readonly type: "AnsiCQuoted";
  readonly value: string;
  readonly raw: string;
}

/** `~` or `~user` at the start of a word (or after `:`/`=` in assignment values). */
export interface TildePrefix extends Span {
  readonly type: "TildePrefix";
  /** Text after `~` (empty for plain `~`; may be `+` or `-`). */
  readonly user: string;
}

/** `?(...) *(...) +(...) @(...) !(...)` with extglob; `pattern` is the raw text inside the parens. */
export interface ExtGlob extends Span {
  readonly type: "ExtGlob";
  readonly op: "?" | "*" | "+" | "@" | "!";
  readonly pattern: string;
}

/** `$(...)` or `` `...` `` */
export interface CommandSub extends Span {
  readonly type: "CommandSub";
  readonly body: readonly Statement[];
  readonly backtick: boolean;
  /**
   * A backtick body that does not parse, unescaped (`body` is then empty): bash parses a
   * backtick's text only when it runs it, so the syntax error is the substitution's, at run
   * time (`echo \`fi\`` prints the error and an empty line, status 0).
   */
  readonly unparsed?: string;
}

/** `$(( ... ))` (and the deprecated `$[ ... ]`). */
export interface ArithSub extends Span {
  readonly type: "ArithSub";
  readonly expr: Arithmetic;
  /** Written in the deprecated form `$[ ... ]` (printed back so: its parentheses need not balance). */
  readonly bracket?: true;
}

/** `<(...)` or `>(...)` */
export interface ProcessSub extends Span {
  readonly type: "ProcessSub";
  readonly op: "<" | ">";
  readonly body: readonly Statement[];
}

/**
 * `$name`, `${name}`, `${name[sub]}`, `${#name}`, `${!name}`, `${name op ...}`.
 * `name` is a variable name, a positional (`1`, `10`) or a special (`@ * # ? - $ ! 0`).
 */
export interface ParamExp extends Span {
  readonly type: "ParamExp";
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
export interface Arithmetic extends Span {
  readonly type: "Arithmetic";
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
export interface ArithNumber extends Span {
  readonly type: "ArithNumber";
  readonly text: string;
}

/** A variable, optionally subscripted (`a[i+1]`; the subscript is raw text, evaluated by array type). */
export interface ArithVar extends Span {
  readonly type: "ArithVar";
  readonly name: string;
  readonly index?: string;
}

/** Binary operators, including `,` (comma). */
export interface ArithBinary extends Span {
  readonly type: "ArithBinary";
  readonly op:
    | "," | "||" | "&&" | "|" | "^" | "&" | "==" | "!=" | "<" | ">" | "<=" | ">="
    | "<<" | ">>" | "+" | "-" | "*" | "/" | "%" | "**";
  readonly left: ArithExpr;
  readonly right: ArithExpr;
}

/** Prefix operators. */
export interface ArithUnary extends Span {
  readonly type: "ArithUnary";
  readonly op: "+" | "-" | "!" | "~" | "++" | "--";
  readonly operand: ArithExpr;
}

/** `x++`, `x--` */
export interface ArithPostfix extends Span {
  readonly type: "ArithPostfix";
  readonly op: "++" | "--";
  readonly operand: ArithVar;
}

/** `x = e`, `x += e`, ... */
export interface ArithAssign extends Span {
  readonly type: "ArithAssign";
  readonly op: "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "<<=" | ">>=" | "&=" | "^=" | "|=" | "**=";
  readonly target: ArithVar;
  readonly value: ArithExpr;
}

/** `c ? a : b` */
export interface ArithTernary extends Span {
  readonly type: "ArithTernary";
  readonly test: ArithExpr;
  readonly consequent: ArithExpr;
  readonly alternate: ArithExpr;
}

/** `( e )` (kept for printing). */
export interface ArithGroup extends Span {
  readonly type: "ArithGroup";
  readonly expr: ArithExpr;
}

// ---------------------------------------------------------------------------------------
// [[ ]] expressions

/** Nodes of `[[ ... ]]`. */
export type TestExpr = TestLogical | TestNot | TestGroup | TestUnary | TestBinary | TestWord;

/** `a && b`, `a || b` */
export interface TestLogical extends Span {
  readonly type: "TestLogical";
  readonly op: "&&" | "||";
  readonly left: TestExpr;
  readonly right: TestExpr;
}

/** `! e` */
export interface TestNot extends Span {
  readonly type: "TestNot";
  readonly operand: TestExpr;
}

/** `( e )` */
export interface TestGroup extends Span {
  readonly type: "TestGroup";
  readonly expr: TestExpr;
}

/** `-f word`, `-z word`, `-v name`, `-o optname`, ... */
export interface TestUnary extends Span {
  readonly type: "TestUnary";
  readonly op: string;
  readonly operand: Word;
}

/**
 * `l op r`: `==` `=` `!=` (right side is a pattern), `=~` (right side is a regex; quoted parts
 * literal), `<` `>`, `-eq -ne -lt -le -gt -ge` (arithmetic), `-nt -ot -ef`.
 */
export interface TestBinary extends Span {
  readonly type: "TestBinary";
  readonly op: string;
  readonly left: Word;
  readonly right: Word;
}

/** A lone word: true when non-empty. */
export interface TestWord extends Span {
  readonly type: "TestWord";
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
  | CompoundWord
  | WordPart
  | Arithmetic
  | ArithExpr
  | TestExpr;

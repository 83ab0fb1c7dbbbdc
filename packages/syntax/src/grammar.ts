/**
 * The command grammar: a recursive-descent parser over the scanner's tokens, building the AST
 * directly. The scanner (./scanner.ts) has already built every word, redirect, `[[ ]]` and
 * `(( ))`, and decided which words are reserved words (command position only), so each
 * decision here looks at one token kind (a small integer): no lookahead tables, no closures,
 * no per-rule bookkeeping. Compound commands recurse through `list`, four to five frames per
 * nesting level; the scanner bounds nesting (`maxDepth`) before this parser runs.
 */
import type {
  Arithmetic,
  Assignment,
  CaseItem,
  Command,
  Redirect,
  Span,
  Statement,
  TestExpr,
  Word,
} from "./ast.js";
import { eofLine, lineOf, ParseError, unexpectedToken } from "./errors.js";
import { EMPTY } from "./fit.js";
import {
  AndOrNode,
  ArithCommandNode,
  ArithForNode,
  CaseItemNode,
  CaseNode,
  CoprocNode,
  ForNode,
  FunctionDefNode,
  GroupNode,
  IfClauseNode,
  IfNode,
  PipelineNode,
  SimpleCommandNode,
  StatementNode,
  TestCommandNode,
  WhileNode,
} from "./nodes.js";

/** Token kinds produced by the scanner (small integers; the grouping below is relied on). */
export const T = {
  // Parts of a simple command (SIMPLE_FIRST..SIMPLE_LAST).
  Word: 1,
  AssignWord: 2,
  Redir: 3,
  // Separators (SEP_FIRST..SEP_LAST).
  Newline: 4,
  Semi: 5,
  Amp: 6,
  AndIf: 7,
  OrIf: 8,
  Pipe: 9,
  PipeAmp: 10,
  LParen: 11,
  RParen: 12,
  DSemi: 13,
  SemiAmp: 14,
  DSemiAmp: 15,
  If: 16,
  Then: 17,
  Elif: 18,
  Else: 19,
  Fi: 20,
  Do: 21,
  Done: 22,
  Case: 23,
  Esac: 24,
  While: 25,
  Until: 26,
  For: 27,
  Select: 28,
  In: 29,
  Function: 30,
  LBrace: 31,
  RBrace: 32,
  Bang: 33,
  Time: 34,
  Coproc: 35,
  DBracket: 36,
  DParen: 37,
  ArithForHead: 38,
  FuncName: 39,
  CoprocName: 40,
} as const;

/** A token kind (one of the values of `T`). */
export type TokenKind = (typeof T)[keyof typeof T];

/** Reserved words recognized in command position, by text. */
export const KEYWORDS: ReadonlyMap<string, TokenKind> = new Map<string, TokenKind>([
  ["if", T.If], ["then", T.Then], ["elif", T.Elif], ["else", T.Else], ["fi", T.Fi],
  ["do", T.Do], ["done", T.Done], ["case", T.Case], ["esac", T.Esac], ["while", T.While],
  ["until", T.Until], ["for", T.For], ["select", T.Select], ["function", T.Function],
  ["{", T.LBrace], ["}", T.RBrace], ["!", T.Bang], ["time", T.Time], ["coproc", T.Coproc], ["in", T.In],
]);

/** A scanner token: its kind, offsets, text (sliced lazily) and the AST piece the scanner built. */
export interface Tok {
  readonly tokenType: TokenKind;
  /** Start offset in the whole source. */
  readonly startOffset: number;
  /** Exclusive end offset. */
  end: number;
  readonly image: string;
  payload?: unknown;
}

/** Payload of AssignWord tokens. */
export interface AssignPayload {
  readonly assignment: Assignment;
  /** For arguments of declaration builtins: the same text as a plain word. */
  readonly word: Word;
}
/** Payload of ArithForHead tokens. */
export interface ArithForPayload {
  readonly init?: Arithmetic;
  readonly test?: Arithmetic;
  readonly update?: Arithmetic;
}

const sp = (start: number, end: number): Span => ({ start, end });
const tokSpan = (tk: Tok): Span => sp(tk.startOffset, tk.end);

type Body = Statement[];
type Compound = Exclude<Command, { type: "SimpleCommand" | "Pipeline" | "AndOr" | "FunctionDef" | "Coproc" }>;

/** No token: end of the token vector. */
const EOF = 0;

function isSimplePart(k: number): boolean {
  return k >= T.Word && k <= T.Redir;
}
function isSep(k: number): boolean {
  return k >= T.Newline && k <= T.Amp;
}
/** The token can start a compound command. */
function startsCompound(k: number): boolean {
  switch (k) {
    case T.LBrace: case T.LParen: case T.If: case T.While: case T.Until: case T.For: case T.Select:
    case T.Case: case T.DParen: case T.DBracket:
      return true;
  }
  return false;
}
/** The token can start a command (after `time` / `!`). */
function startsCommand(k: number): boolean {
  return isSimplePart(k) || k === T.FuncName || k === T.Function || k === T.Coproc || startsCompound(k);
}
/** The token can start an and-or list. */
function startsAndOr(k: number): boolean {
  return k === T.Time || k === T.Bang || startsCommand(k);
}
/** Tokens after which `time` / `!` with no command is a complete (empty) pipeline. */
function isTerminator(k: number): boolean {
  switch (k) {
    case EOF: case T.Semi: case T.Amp: case T.Newline: case T.RParen: case T.RBrace: case T.AndIf: case T.OrIf:
    case T.DSemi: case T.SemiAmp: case T.DSemiAmp: case T.Pipe: case T.PipeAmp: case T.Then: case T.Do:
    case T.Done: case T.Fi: case T.Esac: case T.Else: case T.Elif:
      return true;
  }
  return false;
}

/**
 * The lists the grammar builds (statements, words...) are pushed here from `top` and taken
 * off by `take` as exact-size arrays (see ./fit.ts), so building one allocates nothing else.
 * One stack for the module: the grammar runs on a finished token vector and calls nothing
 * that parses, so it never re-enters itself. Entries above `top` are stale until overwritten;
 * `high` bounds what was written, and parseTokens clears up to it when it returns (once per
 * line rather than per list), so no AST stays reachable from here.
 */
const scratch: unknown[] = [];
let top = 0;
let high = 0;

function put(x: unknown): void {
  if (top < scratch.length) scratch[top] = x;
  else scratch.push(x);
  if (++top > high) high = top;
}
function take<X>(mark: number): X[] {
  const n = top - mark;
  const out = n === 0 ? EMPTY : scratch.slice(mark, top);
  top = mark;
  return out as X[];
}

/** The `pipeStderr` list of a pipeline with `n` junctions, true at the indexes in `amps`. */
function junctions(n: number, amps: readonly number[] | undefined): boolean[] {
  const mark = top;
  for (let i = 0; i < n; i++) put(false);
  if (amps !== undefined) for (const j of amps) scratch[mark + j] = true;
  return take(mark);
}

/** Parses one token vector at a time (`reset`, then `script`); see `parseTokens`. */
class CommandParser {
  private i = 0;
  private toks: readonly Tok[] = EMPTY;
  private n = 0;
  private source = "";

  reset(toks: readonly Tok[], n: number, source: string): this {
    this.toks = toks;
    this.n = n;
    this.source = source;
    this.i = 0;
    return this;
  }

  private kind(): number {
    return this.i < this.n ? this.toks[this.i]!.tokenType : EOF;
  }
  private next(): Tok {
    return this.toks[this.i++]!;
  }

  /** A syntax error at the current token (bash's "unexpected end of file" at the end). */
  private err(): never {
    if (this.atFuncParen()) {
      // bash read `WORD (` as the start of `WORD ( )`: the error is at what follows the `(`
      this.i++;
      if (this.i >= this.n) this.errWord();
    }
    if (this.i >= this.n) {
      const at = this.source.length;
      throw new ParseError(unexpectedToken(undefined), sp(at, at), eofLine(this.source));
    }
    const tk = this.toks[this.i]!;
    throw new ParseError(unexpectedToken(tk.image), tokSpan(tk), lineOf(this.source, tk.startOffset));
  }

  /** The current token is a `(` after a command's only word (`echo (`, `"f" ( x`). */
  private atFuncParen(): boolean {
    const i = this.i;
    const t = this.toks;
    if (i >= this.n || i < 1 || t[i]!.tokenType !== T.LParen || t[i - 1]!.tokenType !== T.Word) return false;
    if (i < 2) return true;
    const k = t[i - 2]!.tokenType;
    return !isSimplePart(k) && k !== T.In && k !== T.For && k !== T.Select && k !== T.Case;
  }

  /**
   * A syntax error where bash wants a word (after `for`, `case`, `function`, in a pattern):
   * there, end of input reads as a newline (`syntax error near unexpected token 'newline'`).
   */
  private errWord(): never {
    if (this.i < this.n) this.err();
    const at = this.source.length - (this.source.endsWith("\n") ? 1 : 0);
    throw new ParseError(unexpectedToken("\n"), sp(at, at), lineOf(this.source, at));
  }

  private expect(k: number): Tok {
    if (this.kind() !== k) this.err();
    return this.toks[this.i++]!;
  }
  private expectWord(k: number): Tok {
    if (this.kind() !== k) this.errWord();
    return this.toks[this.i++]!;
  }
  private newlines(): void {
    while (this.i < this.n && this.toks[this.i]!.tokenType === T.Newline) this.i++;
  }

  /** The whole token vector (an empty list is fine); anything left over is an error. */
  script(): Body {
    const body = this.list(true);
    if (this.i < this.n) this.err();
    return body;
  }

  /** Statements separated by `;`, `&` and newlines, up to a token that cannot start one. */
  private list(allowEmpty: boolean): Body {
    const mark = top;
    this.newlines();
    while (startsAndOr(this.kind())) {
      const cmd = this.andOr();
      const k = this.kind();
      if (!isSep(k)) {
        put(new StatementNode(cmd.start, cmd.end, cmd, false));
        break;
      }
      const sep = this.next();
      this.newlines();
      put(new StatementNode(cmd.start, k === T.Newline ? cmd.end : sep.end, cmd, k === T.Amp));
    }
    if (!allowEmpty && top === mark) this.err();
    return take(mark);
  }

  private andOr(): Command {
    let left = this.pipeline();
    for (;;) {
      const k = this.kind();
      if (k !== T.AndIf && k !== T.OrIf) return left;
      this.i++;
      this.newlines();
      const right = this.pipeline();
      left = new AndOrNode(left.start, right.end, k === T.AndIf ? "&&" : "||", left, right);
    }
  }

  private pipeline(): Command {
    let time: "time" | "time -p" | undefined;
    let negated = false;
    let start = -1;
    let end = -1;
    if (this.kind() === T.Time) {
      const tk = this.next();
      time = tk.payload as "time";
      start = tk.startOffset;
      end = tk.end;
    }
    while (this.kind() === T.Bang) {
      const tk = this.next();
      negated = !negated;
      if (start < 0) start = tk.startOffset;
      end = tk.end;
    }
    let k = this.kind();
    if (start >= 0 && (isTerminator(k) || !startsCommand(k))) {
      return new PipelineNode(start, end, EMPTY, EMPTY, negated, time);
    }
    const first = this.command();
    k = this.kind();
    if (time === undefined && !negated && k !== T.Pipe && k !== T.PipeAmp) return first;
    // The commands on the scratch stack; the junctions that are `|&` by index (they are rare).
    const mark = top;
    put(first);
    let last = first;
    let amps: number[] | undefined;
    while (k === T.Pipe || k === T.PipeAmp) {
      this.i++;
      this.newlines();
      if (k === T.PipeAmp) (amps ??= []).push(top - mark - 1);
      last = this.command();
      put(last);
      k = this.kind();
    }
    const commands = take<Command>(mark);
    const pipeStderr = junctions(commands.length - 1, amps);
    const s = start >= 0 ? start : first.start;
    const e = last.end;
    return new PipelineNode(s, e, commands, pipeStderr, negated, time);
  }

  /**
   * A simple command, function definition, coproc, or compound command with its redirects.
   * The compound cases are inline (not one function per rule) so that each nesting level
   * costs few stack frames: list, andOr, pipeline, command (+ ifCmd / forCmd / caseCmd).
   */
  private command(): Command {
    const k = this.kind();
    if (isSimplePart(k)) return this.simple();
    if (k === T.Function || k === T.FuncName) return this.funcDef();
    if (k === T.Coproc) return this.coproc();
    let c: Compound;
    switch (k) {
      case T.LBrace: {
        const a = this.next();
        const body = this.list(false);
        const b = this.expect(T.RBrace);
        c = new GroupNode("BraceGroup", a.startOffset, b.end, body, EMPTY);
        break;
      }
      case T.LParen: {
        const a = this.next();
        const body = this.list(false);
        const b = this.expect(T.RParen);
        c = new GroupNode("Subshell", a.startOffset, b.end, body, EMPTY);
        break;
      }
      case T.If:
        c = this.ifCmd();
        break;
      case T.While:
      case T.Until: {
        const a = this.next();
        const condition = this.list(false);
        this.expect(T.Do);
        const body = this.list(false);
        const z = this.expect(T.Done);
        c = new WhileNode(a.startOffset, z.end, k === T.Until, condition, body, EMPTY);
        break;
      }
      case T.For:
      case T.Select:
        c = this.forCmd();
        break;
      case T.Case:
        c = this.caseCmd();
        break;
      case T.DParen: {
        const tk = this.next();
        c = new ArithCommandNode(tk.startOffset, tk.end, tk.payload as Arithmetic, EMPTY);
        break;
      }
      case T.DBracket: {
        const tk = this.next();
        c = new TestCommandNode(tk.startOffset, tk.end, tk.payload as TestExpr, EMPTY);
        break;
      }
      default:
        this.err();
    }
    if (this.kind() !== T.Redir) return c;
    const mark = top;
    let last: Redirect;
    do put((last = this.next().payload as Redirect));
    while (this.kind() === T.Redir);
    // `c` was built just above and is not shared yet: set its fields in place (no copy).
    const m = c as { redirects: readonly Redirect[]; end: number };
    m.redirects = take<Redirect>(mark);
    m.end = last.end;
    return c;
  }

  /** A compound command with its redirects (function and coproc bodies). */
  private compoundWithRedirects(): Command {
    if (!startsCompound(this.kind())) this.err();
    return this.command();
  }

  private simple(): Command {
    const toks = this.toks;
    const i0 = this.i;
    const start = toks[i0]!.startOffset;
    let end = -1;
    let words = 0;
    let assignments = 0;
    let redirects = 0;
    let argAssign = false;
    // The extent and counts first; then each list in one pass (see `scratch`).
    while (this.i < this.n) {
      const tk = toks[this.i]!;
      const k = tk.tokenType;
      if (k === T.Word) words++;
      else if (k === T.Redir) redirects++;
      else if (k === T.AssignWord) {
        if (words === 0) assignments++;
        else {
          words++;
          argAssign = true;
        }
      } else break;
      end = tk.end;
      this.i++;
    }
    const i1 = this.i;
    const w = words === 0 ? EMPTY : this.collect<Word>(i0, i1, 0);
    const a = assignments === 0 ? EMPTY : this.collect<Assignment>(i0, i1, 1);
    const r = redirects === 0 ? EMPTY : this.collect<Redirect>(i0, i1, 2);
    if (!argAssign) return new SimpleCommandNode(start, end, a, w, r, undefined);
    // `declare a=(1 2)`: the parsed assignment of each word that is one (undefined elsewhere).
    const mark = top;
    for (let j = i0; j < i1; j++) {
      const tk = toks[j]!;
      if (tk.tokenType === T.Word) put(undefined);
      else if (tk.tokenType === T.AssignWord && top > mark) put((tk.payload as AssignPayload).assignment);
    }
    return new SimpleCommandNode(start, end, a, w, r, take<Assignment | undefined>(mark));
  }

  /**
   * One list of the simple command in `toks[i0, i1)`: `what` 0 its words, 1 its assignments
   * (the assignment words before the first word), 2 its redirects.
   */
  private collect<X>(i0: number, i1: number, what: number): X[] {
    const mark = top;
    let words = 0;
    for (let j = i0; j < i1; j++) {
      const tk = this.toks[j]!;
      const k = tk.tokenType;
      if (k === T.Word) {
        words++;
        if (what === 0) put(tk.payload);
      } else if (k === T.AssignWord) {
        const p = tk.payload as AssignPayload;
        if (words === 0) {
          if (what === 1) put(p.assignment);
        } else {
          words++;
          if (what === 0) put(p.word);
        }
      } else if (what === 2) put(tk.payload);
    }
    return take(mark);
  }

  private ifCmd(): Compound {
    const a = this.next();
    // The clauses on the scratch stack (each list below takes its own statements off it first).
    const mark = top;
    const condition = this.list(false);
    this.expect(T.Then);
    put(new IfClauseNode(condition, this.list(false)));
    while (this.kind() === T.Elif) {
      this.i++;
      const c = this.list(false);
      this.expect(T.Then);
      put(new IfClauseNode(c, this.list(false)));
    }
    const clauses = take<{ condition: Body; body: Body }>(mark);
    let elseBody: Body | undefined;
    if (this.kind() === T.Else) {
      this.i++;
      elseBody = this.list(false);
    }
    const z = this.expect(T.Fi);
    const start = a.startOffset;
    const end = z.end;
    return new IfNode(start, end, clauses, EMPTY, elseBody);
  }

  /** `for`/`select` headers, then `do list done` or `{ list }`. */
  private forCmd(): Compound {
    const a = this.next();
    const select = a.tokenType === T.Select;
    let head: Tok | undefined;
    let name: Tok | undefined;
    let items: Word[] | undefined;
    if (this.kind() === T.ArithForHead) {
      head = this.next();
      while (this.kind() === T.Semi || this.kind() === T.Newline) this.i++;
    } else {
      name = this.expectWord(T.Word);
      this.newlines();
      if (this.kind() === T.In) {
        this.i++;
        const mark = top;
        while (this.kind() === T.Word) put(this.next().payload);
        items = take<Word>(mark);
        const k = this.kind();
        if (k !== T.Semi && k !== T.Newline) this.err();
        this.i++;
      } else if (this.kind() === T.Semi) this.i++;
      this.newlines();
    }
    // The body (inline, not a rule of its own: one stack frame less per nesting level).
    const open = this.kind();
    if (open !== T.Do && open !== T.LBrace) this.err();
    this.i++;
    const body = this.list(false);
    const end = this.expect(open === T.Do ? T.Done : T.RBrace).end;
    if (head !== undefined) {
      if (select) throw new ParseError(unexpectedToken(head.image), tokSpan(head), lineOf(this.source, head.startOffset));
      const p = head.payload as ArithForPayload;
      return new ArithForNode(a.startOffset, end, p.init, p.test, p.update, body, EMPTY);
    }
    const type = select ? "Select" : "For";
    const start = a.startOffset;
    const variable = name!.image;
    return new ForNode(type, start, end, variable, body, EMPTY, items);
  }

  /** `case word in items esac`; the items are parsed inline (one stack frame less per level). */
  private caseCmd(): Compound {
    const a = this.next();
    const w = this.expectWord(T.Word);
    this.newlines();
    this.expect(T.In);
    this.newlines();
    // Items and each item's patterns on the scratch stack (the patterns are taken off before
    // the item's body is parsed; the body's list takes its statements off before returning).
    const mark = top;
    for (let k = this.kind(); k === T.LParen || k === T.Word; k = this.kind()) {
      let start = -1;
      if (k === T.LParen) start = this.next().startOffset;
      const p0 = this.expectWord(T.Word);
      if (start < 0) start = p0.startOffset;
      const pmark = top;
      put(p0.payload);
      while (this.kind() === T.Pipe) {
        this.i++;
        put(this.expectWord(T.Word).payload);
      }
      const patterns = take<Word>(pmark);
      let end = this.expectWord(T.RParen).end;
      const body = this.list(true);
      let terminator: ";;" | ";&" | ";;&" = ";;";
      const t = this.kind();
      if (t === T.DSemi || t === T.SemiAmp || t === T.DSemiAmp) {
        const tk = this.next();
        terminator = tk.image as ";;";
        end = tk.end;
      }
      this.newlines();
      const last = body[body.length - 1];
      if (last !== undefined && last.end > end) end = last.end;
      const item: CaseItem = new CaseItemNode(start, end, patterns, body, terminator);
      put(item);
    }
    const items = take<CaseItem>(mark);
    const z = this.expect(T.Esac);
    return new CaseNode(a.startOffset, z.end, w.payload as Word, items, EMPTY);
  }

  private funcDef(): Command {
    let keyword = false;
    let start: number;
    let name: string;
    if (this.kind() === T.Function) {
      start = this.next().startOffset;
      keyword = true;
      name = this.expectWord(T.FuncName).image;
      // `()` only when both tokens are there (`function f ( cmd )` has a subshell body).
      if (this.kind() === T.LParen && this.i + 1 < this.n && this.toks[this.i + 1]!.tokenType === T.RParen) this.i += 2;
    } else {
      const n = this.next();
      start = n.startOffset;
      name = n.image;
      this.expect(T.LParen);
      this.expectWord(T.RParen);
    }
    this.newlines();
    const body = this.compoundWithRedirects();
    return new FunctionDefNode(start, body.end, name, body, keyword);
  }

  private coproc(): Command {
    const a = this.next();
    let name: string | undefined;
    let body: Command;
    const k = this.kind();
    if (k === T.CoprocName) {
      name = this.next().image;
      body = this.compoundWithRedirects();
    } else if (startsCompound(k)) body = this.compoundWithRedirects();
    else if (isSimplePart(k)) body = this.simple();
    else this.errWord();
    return new CoprocNode(a.startOffset, body.end, body, name);
  }
}

/** A grammar instance not in use (one object for all the lines of all parses, not one per line). */
let idle: CommandParser | undefined = new CommandParser();

/** Parses `tokens[0, n)` into statements. Throws ParseError with bash's message shapes. */
export function parseTokens(tokens: readonly Tok[], n: number, source: string): Statement[] {
  const mark = top;
  const parser = idle ?? new CommandParser();
  idle = undefined;
  try {
    return parser.reset(tokens, n, source).script();
  } finally {
    // Nothing of this parse stays reachable from the module (tokens and source included).
    idle = parser.reset(EMPTY, 0, "");
    top = mark;
    if (high > mark) {
      scratch.fill(undefined, mark, high);
      high = mark;
    }
  }
}

/**
 * `parseTokens` for the tokens of a `$( )` that ends with the `)` at `close` (on `line`): where they run
 * out, bash's grammar meets that `)`, so `$(if)` is "unexpected token `)'", not the end of file.
 */
export function parseComsubTokens(toks: readonly Tok[], n: number, source: string, close: Span, line: number): Statement[] {
  try {
    return parseTokens(toks, n, source);
  } catch (e) {
    const atEnd = e instanceof ParseError && e.span.start >= source.length - (source.endsWith("\n") ? 1 : 0);
    if (!atEnd || !(e.message === unexpectedToken(undefined) || e.message === unexpectedToken("\n"))) throw e;
    throw new ParseError(unexpectedToken(")"), close, line);
  }
}

/** True when the error is bash's "unexpected end of file" (more input could complete it). */
export function isEofError(e: unknown): boolean {
  return e instanceof ParseError && (e.message === unexpectedToken(undefined) || e.message.startsWith("unexpected EOF"));
}

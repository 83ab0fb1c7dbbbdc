/**
 * The command grammar: a chevrotain EmbeddedActionsParser over the scanner's tokens, building
 * the AST directly. The scanner (./scanner.ts) has already built every word, redirect,
 * `[[ ]]` and `(( ))`, and decided which words are reserved words (command position only).
 */
import { createToken, EmbeddedActionsParser, type IToken, type TokenType } from "chevrotain";
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

const t = (name: string, categories?: TokenType[]): TokenType =>
  createToken(categories ? { name, pattern: /NA/, categories } : { name, pattern: /NA/ });

// Token categories: one CONSUME matches any member (no per-token OR in hot loops).
const SimplePart = t("SimplePart");
const Sep = t("Sep");
const AndOrOp = t("AndOrOp");
const PipeOp = t("PipeOp");

/** Token types produced by the scanner. */
export const T = {
  SimplePart,
  Sep,
  AndOrOp,
  PipeOp,
  Word: t("Word", [SimplePart]),
  AssignWord: t("AssignWord", [SimplePart]),
  FuncName: t("FuncName"),
  CoprocName: t("CoprocName"),
  Redir: t("Redir", [SimplePart]),
  Newline: t("Newline", [Sep]),
  Semi: t("Semi", [Sep]),
  Amp: t("Amp", [Sep]),
  AndIf: t("AndIf", [AndOrOp]),
  OrIf: t("OrIf", [AndOrOp]),
  Pipe: t("Pipe", [PipeOp]),
  PipeAmp: t("PipeAmp", [PipeOp]),
  LParen: t("LParen"),
  RParen: t("RParen"),
  DSemi: t("DSemi"),
  SemiAmp: t("SemiAmp"),
  DSemiAmp: t("DSemiAmp"),
  If: t("If"),
  Then: t("Then"),
  Elif: t("Elif"),
  Else: t("Else"),
  Fi: t("Fi"),
  Do: t("Do"),
  Done: t("Done"),
  Case: t("Case"),
  Esac: t("Esac"),
  While: t("While"),
  Until: t("Until"),
  For: t("For"),
  Select: t("Select"),
  In: t("In"),
  Function: t("Function"),
  LBrace: t("LBrace"),
  RBrace: t("RBrace"),
  Bang: t("Bang"),
  Time: t("Time"),
  Coproc: t("Coproc"),
  DBracket: t("DBracket"),
  DParen: t("DParen"),
  ArithForHead: t("ArithForHead"),
} as const;

/** Reserved words recognized in command position, by text. */
export const KEYWORDS: ReadonlyMap<string, TokenType> = new Map([
  ["if", T.If], ["then", T.Then], ["elif", T.Elif], ["else", T.Else], ["fi", T.Fi],
  ["do", T.Do], ["done", T.Done], ["case", T.Case], ["esac", T.Esac], ["while", T.While],
  ["until", T.Until], ["for", T.For], ["select", T.Select], ["function", T.Function],
  ["{", T.LBrace], ["}", T.RBrace], ["!", T.Bang], ["time", T.Time], ["coproc", T.Coproc],
]);

/** A scanner token: a chevrotain token plus the AST piece the scanner built. */
export interface Tok extends IToken {
  payload?: unknown;
  /** Exclusive end offset. */
  end: number;
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
const tokSpan = (tk: IToken): Span => sp(tk.startOffset, (tk as Tok).end);

type Body = Statement[];
type Compound = Exclude<Command, { type: "SimpleCommand" | "Pipeline" | "AndOr" | "FunctionDef" | "Coproc" }>;

class Grammar extends EmbeddedActionsParser {
  constructor() {
    super(Object.values(T), { skipValidations: true, maxLookahead: 2 });
    this.performSelfAnalysis();
  }

  /** The next token (public for the driver). */
  peek(): IToken {
    return this.LA(1);
  }

  private sepTok: Tok | undefined;
  // Cached OR alternatives (they only use `this`): no closures allocated per command.
  private cmdAlts: { ALT: () => Command }[] | undefined;
  private compoundAlts: { ALT: () => Compound }[] | undefined;
  private sepAlts: { ALT: () => void }[] | undefined;

  /** Sets before each parse: the source, for error line numbers. */
  source = "";

  private err(tk: IToken): never {
    const eof = tk.tokenType.name === "EOF";
    const at = eof ? this.source.length : tk.startOffset;
    throw new ParseError(unexpectedToken(eof ? undefined : tk.image), sp(at, eof ? at : (tk as Tok).end), eof ? eofLine(this.source) : lineOf(this.source, at));
  }

  script = this.RULE("script", (): Body => this.SUBRULE(this.list, { ARGS: [true] }));

  list = this.RULE("list", (allowEmpty: boolean): Body => {
    const out: Statement[] = [];
    let stop = false;
    this.MANY(() => this.CONSUME(T.Newline));
    this.MANY2({
      GATE: () => !stop,
      DEF: () => {
        const cmd = this.SUBRULE(this.andOr);
        let sep: Tok | undefined;
        this.OR(this.sepAlts ??= [
          { ALT: () => { this.sepTok = this.CONSUME(T.Sep) as Tok; } },
          { ALT: () => { this.sepTok = undefined; } },
        ]);
        sep = this.sepTok;
        this.MANY3(() => this.CONSUME3(T.Newline));
        if (!this.RECORDING_PHASE) {
          if (sep === undefined) stop = true;
          const semiOrAmp = sep !== undefined && sep.tokenType !== T.Newline;
          out.push({
            type: "Statement",
            span: sp(cmd.span.start, semiOrAmp ? sep!.end : cmd.span.end),
            command: cmd,
            background: sep !== undefined && sep.tokenType === T.Amp,
          });
        }
      },
    });
    this.ACTION(() => {
      if (!allowEmpty && out.length === 0) this.err(this.LA(1));
    });
    return out;
  });

  andOr = this.RULE("andOr", (): Command => {
    let left = this.SUBRULE(this.pipeline);
    this.MANY(() => {
      const op = this.CONSUME(T.AndOrOp);
      this.MANY2(() => this.CONSUME(T.Newline));
      const right = this.SUBRULE2(this.pipeline);
      if (!this.RECORDING_PHASE) {
        left = { type: "AndOr", span: sp(left.span.start, right.span.end), op: op.tokenType === T.AndIf ? "&&" : "||", left, right };
      }
    });
    return left;
  });

  pipeline = this.RULE("pipeline", (): Command => {
    let time: "time" | "time -p" | undefined;
    let negated = false;
    let start = -1;
    let end = -1;
    this.OPTION(() => {
      const tk = this.CONSUME(T.Time) as Tok;
      time = tk.payload as "time";
      start = tk.startOffset;
      end = tk.end;
    });
    this.MANY(() => {
      const tk = this.CONSUME(T.Bang) as Tok;
      negated = !negated;
      if (start < 0) start = tk.startOffset;
      end = tk.end;
    });
    const commands: Command[] = [];
    const pipeStderr: boolean[] = [];
    this.OPTION2({
      GATE: () => start < 0 || !isTerminator(this.LA(1).tokenType),
      DEF: () => {
        const first = this.SUBRULE(this.command);
        if (!this.RECORDING_PHASE) commands.push(first);
        this.MANY2(() => {
          const op = this.CONSUME(T.PipeOp);
          this.MANY3(() => this.CONSUME(T.Newline));
          const next = this.SUBRULE2(this.command);
          if (!this.RECORDING_PHASE) {
            pipeStderr.push(op.tokenType === T.PipeAmp);
            commands.push(next);
          }
        });
      },
    });
    if (this.RECORDING_PHASE) return undefined as unknown as Command;
    if (time === undefined && !negated && commands.length === 1) return commands[0]!;
    if (commands.length === 0 && start < 0) this.err(this.LA(1));
    const last = commands[commands.length - 1];
    const span = sp(start >= 0 ? start : commands[0]!.span.start, last ? last.span.end : end);
    return time === undefined
      ? { type: "Pipeline", span, commands, pipeStderr, negated }
      : { type: "Pipeline", span, commands, pipeStderr, negated, time };
  });

  command = this.RULE("command", (): Command =>
    this.OR(this.cmdAlts ??= [
      { ALT: () => this.SUBRULE(this.simple) },
      { ALT: () => this.SUBRULE(this.funcDef) },
      { ALT: () => this.SUBRULE(this.coproc) },
      { ALT: () => this.SUBRULE(this.compoundWithRedirects) },
    ]),
  );

  simple = this.RULE("simple", (): Command => {
    const assignments: Assignment[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    let argAssignments: (Assignment | undefined)[] | undefined;
    let start = -1;
    let end = -1;
    this.AT_LEAST_ONE(() => {
      const tk = this.CONSUME(T.SimplePart) as Tok;
      if (!this.RECORDING_PHASE) {
        if (start < 0) start = tk.startOffset;
        end = tk.end;
        if (tk.tokenType === T.Word) words.push(tk.payload as Word);
        else if (tk.tokenType === T.Redir) redirects.push(tk.payload as Redirect);
        else {
          const p = tk.payload as AssignPayload;
          if (words.length === 0) assignments.push(p.assignment);
          else {
            argAssignments ??= [];
            argAssignments[words.length] = p.assignment;
            words.push(p.word);
          }
        }
      }
    });
    if (this.RECORDING_PHASE) return undefined as unknown as Command;
    if (argAssignments === undefined) return { type: "SimpleCommand", span: sp(start, end), assignments, words, redirects };
    argAssignments.length = words.length;
    return { type: "SimpleCommand", span: sp(start, end), assignments, words, redirects, argAssignments: Array.from(argAssignments) };
  });

  redirects = this.RULE("redirects", (): Redirect[] => {
    const out: Redirect[] = [];
    this.MANY(() => {
      const tk = this.CONSUME(T.Redir) as Tok;
      this.ACTION(() => out.push(tk.payload as Redirect));
    });
    return out;
  });

  compoundWithRedirects = this.RULE("compoundWithRedirects", (): Command => {
    const c = this.SUBRULE(this.compound);
    const redirects = this.SUBRULE(this.redirects);
    return this.ACTION(() => withRedirects(c, redirects));
  });

  compound = this.RULE("compound", (): Compound =>
    this.OR(this.compoundAlts ??= [
      { ALT: () => this.SUBRULE(this.braceGroup) },
      { ALT: () => this.SUBRULE(this.subshell) },
      { ALT: () => this.SUBRULE(this.ifCmd) },
      { ALT: () => this.SUBRULE(this.whileCmd) },
      { ALT: () => this.SUBRULE(this.forCmd) },
      { ALT: () => this.SUBRULE(this.caseCmd) },
      {
        ALT: () => {
          const tk = this.CONSUME(T.DParen) as Tok;
          return this.ACTION((): Compound => ({ type: "ArithCommand", span: tokSpan(tk), expr: tk.payload as Arithmetic, redirects: [] }));
        },
      },
      {
        ALT: () => {
          const tk = this.CONSUME(T.DBracket) as Tok;
          return this.ACTION((): Compound => ({ type: "TestCommand", span: tokSpan(tk), expr: tk.payload as TestExpr, redirects: [] }));
        },
      },
    ]),
  );

  braceGroup = this.RULE("braceGroup", (): Compound => {
    const a = this.CONSUME(T.LBrace);
    const body = this.SUBRULE(this.list, { ARGS: [false] });
    const b = this.CONSUME(T.RBrace) as Tok;
    return { type: "BraceGroup", span: sp(a.startOffset, b.end), body, redirects: [] };
  });

  subshell = this.RULE("subshell", (): Compound => {
    const a = this.CONSUME(T.LParen);
    const body = this.SUBRULE(this.list, { ARGS: [false] });
    const b = this.CONSUME(T.RParen) as Tok;
    return { type: "Subshell", span: sp(a.startOffset, b.end), body, redirects: [] };
  });

  ifCmd = this.RULE("ifCmd", (): Compound => {
    const a = this.CONSUME(T.If);
    const clauses: { condition: Body; body: Body }[] = [];
    const condition = this.SUBRULE(this.list, { ARGS: [false] });
    this.CONSUME(T.Then);
    const body = this.SUBRULE2(this.list, { ARGS: [false] });
    this.ACTION(() => clauses.push({ condition, body }));
    this.MANY(() => {
      this.CONSUME(T.Elif);
      const c = this.SUBRULE3(this.list, { ARGS: [false] });
      this.CONSUME2(T.Then);
      const b = this.SUBRULE4(this.list, { ARGS: [false] });
      this.ACTION(() => clauses.push({ condition: c, body: b }));
    });
    let elseBody: Body | undefined;
    this.OPTION(() => {
      this.CONSUME(T.Else);
      elseBody = this.SUBRULE5(this.list, { ARGS: [false] });
    });
    const z = this.CONSUME(T.Fi) as Tok;
    return this.ACTION((): Compound => {
      const n = { type: "If" as const, span: sp(a.startOffset, z.end), clauses, redirects: [] };
      return elseBody === undefined ? n : { ...n, elseBody };
    });
  });

  whileCmd = this.RULE("whileCmd", (): Compound => {
    const a = this.OR([{ ALT: () => this.CONSUME(T.While) }, { ALT: () => this.CONSUME(T.Until) }]);
    const condition = this.SUBRULE(this.list, { ARGS: [false] });
    this.CONSUME(T.Do);
    const body = this.SUBRULE2(this.list, { ARGS: [false] });
    const z = this.CONSUME(T.Done) as Tok;
    return this.ACTION((): Compound => ({
      type: "While", span: sp(a.startOffset, z.end), until: a.tokenType === T.Until, condition, body, redirects: [],
    }));
  });

  /** `do list done` or `{ list }` (for and select bodies); returns [body, end offset]. */
  doGroup = this.RULE("doGroup", (): [Body, number] =>
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Do);
          const body = this.SUBRULE(this.list, { ARGS: [false] });
          const z = this.CONSUME(T.Done) as Tok;
          return [body, z.end] as [Body, number];
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.LBrace);
          const body = this.SUBRULE2(this.list, { ARGS: [false] });
          const z = this.CONSUME(T.RBrace) as Tok;
          return [body, z.end] as [Body, number];
        },
      },
    ]),
  );

  forCmd = this.RULE("forCmd", (): Compound => {
    const a = this.OR([{ ALT: () => this.CONSUME(T.For) }, { ALT: () => this.CONSUME(T.Select) }]);
    return this.OR2([
      {
        ALT: () => {
          const h = this.CONSUME(T.ArithForHead) as Tok;
          this.MANY(() => this.OR3([{ ALT: () => this.CONSUME(T.Semi) }, { ALT: () => this.CONSUME(T.Newline) }]));
          const dg = this.SUBRULE(this.doGroup);
          return this.ACTION((): Compound => {
            const [body, end] = dg;
            if (a.tokenType === T.Select) this.err(h);
            const p = h.payload as ArithForPayload;
            return { type: "ArithFor", span: sp(a.startOffset, end), ...p, body, redirects: [] };
          });
        },
      },
      {
        ALT: () => {
          const name = this.CONSUME(T.Word) as Tok;
          let items: Word[] | undefined;
          this.MANY2(() => this.CONSUME2(T.Newline));
          this.OPTION(() =>
            this.OR4([
              {
                ALT: () => {
                  this.CONSUME(T.In);
                  items = [];
                  this.MANY3(() => {
                    const w = this.CONSUME3(T.Word) as Tok;
                    this.ACTION(() => items!.push(w.payload as Word));
                  });
                  this.OR5([{ ALT: () => this.CONSUME2(T.Semi) }, { ALT: () => this.CONSUME3(T.Newline) }]);
                },
              },
              { ALT: () => this.CONSUME3(T.Semi) },
            ]),
          );
          this.MANY4(() => this.CONSUME4(T.Newline));
          const dg = this.SUBRULE2(this.doGroup);
          return this.ACTION((): Compound => {
            const [body, end] = dg;
            const n = {
              type: a.tokenType === T.Select ? ("Select" as const) : ("For" as const),
              span: sp(a.startOffset, end), variable: name.image, body, redirects: [],
            };
            return items === undefined ? n : { ...n, items };
          });
        },
      },
    ]);
  });

  caseCmd = this.RULE("caseCmd", (): Compound => {
    const a = this.CONSUME(T.Case);
    const w = this.CONSUME(T.Word) as Tok;
    this.MANY(() => this.CONSUME(T.Newline));
    this.CONSUME(T.In);
    this.MANY2(() => this.CONSUME2(T.Newline));
    const items: CaseItem[] = [];
    this.MANY3(() => {
      const it = this.SUBRULE(this.caseItem);
      this.ACTION(() => items.push(it));
    });
    const z = this.CONSUME(T.Esac) as Tok;
    return this.ACTION((): Compound => ({
      type: "Case", span: sp(a.startOffset, z.end), word: w.payload as Word, items, redirects: [],
    }));
  });

  caseItem = this.RULE("caseItem", (): CaseItem => {
    let start = -1;
    this.OPTION(() => { start = this.CONSUME(T.LParen).startOffset; });
    const patterns: Word[] = [];
    const p0 = this.CONSUME(T.Word) as Tok;
    this.ACTION(() => {
      if (start < 0) start = p0.startOffset;
      patterns.push(p0.payload as Word);
    });
    this.MANY(() => {
      this.CONSUME(T.Pipe);
      const p = this.CONSUME2(T.Word) as Tok;
      this.ACTION(() => patterns.push(p.payload as Word));
    });
    let end = (this.CONSUME(T.RParen) as Tok).end;
    const body = this.SUBRULE(this.list, { ARGS: [true] });
    let terminator: ";;" | ";&" | ";;&" = ";;";
    this.OPTION2(() => {
      const tk = this.OR([
        { ALT: () => this.CONSUME(T.DSemi) },
        { ALT: () => this.CONSUME(T.SemiAmp) },
        { ALT: () => this.CONSUME(T.DSemiAmp) },
      ]) as Tok;
      terminator = tk.image as ";;";
      end = tk.end;
    });
    this.MANY2(() => this.CONSUME(T.Newline));
    return this.ACTION((): CaseItem => {
      const last = body[body.length - 1];
      if (last !== undefined && last.span.end > end) end = last.span.end;
      return { type: "CaseItem", span: sp(start, end), patterns, body, terminator };
    });
  });

  funcDef = this.RULE("funcDef", (): Command => {
    let keyword = false;
    let start = -1;
    let name = "";
    this.OR([
      {
        ALT: () => {
          start = this.CONSUME(T.Function).startOffset;
          keyword = true;
          name = this.CONSUME(T.FuncName).image;
          this.OPTION(() => {
            this.CONSUME(T.LParen);
            this.CONSUME(T.RParen);
          });
        },
      },
      {
        ALT: () => {
          const n = this.CONSUME2(T.FuncName);
          start = n.startOffset;
          name = n.image;
          this.CONSUME2(T.LParen);
          this.CONSUME2(T.RParen);
        },
      },
    ]);
    this.MANY(() => this.CONSUME(T.Newline));
    const body = this.SUBRULE(this.compoundWithRedirects);
    return this.ACTION((): Command => ({ type: "FunctionDef", span: sp(start, body.span.end), name, body, keyword }));
  });

  coproc = this.RULE("coproc", (): Command => {
    const a = this.CONSUME(T.Coproc);
    let name: string | undefined;
    const body = this.OR([
      {
        ALT: () => {
          name = this.CONSUME(T.CoprocName).image;
          return this.SUBRULE(this.compoundWithRedirects);
        },
      },
      { ALT: () => this.SUBRULE2(this.compoundWithRedirects) },
      { ALT: () => this.SUBRULE(this.simple) },
    ]);
    return this.ACTION((): Command => {
      const n = { type: "Coproc" as const, span: sp(a.startOffset, body.span.end), body };
      return name === undefined ? n : { ...n, name };
    });
  });
}

function isTerminator(tt: TokenType): boolean {
  return tt === T.Semi || tt === T.Amp || tt === T.Newline || tt.name === "EOF" || tt === T.RParen ||
    tt === T.RBrace || tt === T.AndIf || tt === T.OrIf || tt === T.DSemi || tt === T.SemiAmp || tt === T.DSemiAmp ||
    tt === T.Pipe || tt === T.PipeAmp || tt === T.Then || tt === T.Do || tt === T.Done || tt === T.Fi ||
    tt === T.Esac || tt === T.Else || tt === T.Elif;
}

function withRedirects(c: Compound, redirects: Redirect[]): Command {
  if (redirects.length === 0) return c;
  const last = redirects[redirects.length - 1]!;
  return { ...c, redirects, span: sp(c.span.start, last.span.end) } as Command;
}

const WANTS_WORD = /--> (?:Word|FuncName|RParen|Pipe) <--|one of these possible Token sequences:[\s\S]*\[(?:Word|FuncName|CoprocName)\]/;
const WORD_RULES = new Set(["forCmd", "caseCmd", "caseItem", "funcDef", "coproc"]);

let instance: Grammar | undefined;
let busy = false;

/** Parses a token vector into statements. Throws ParseError with bash's message shapes. */
export function parseTokens(tokens: Tok[], source: string): Statement[] {
  // The scanner finishes (including nested parses) before the grammar runs, so one instance
  // suffices; a re-entrant call (not expected) gets a fresh instance.
  const g = busy ? new Grammar() : (instance ??= new Grammar());
  const wasBusy = busy;
  busy = true;
  try {
    g.source = source;
    g.input = tokens;
    const body = g.script();
    if (g.errors.length > 0) {
      const e = g.errors[0]!;
      const tk = e.token;
      const eof = tk.tokenType === undefined || tk.tokenType.name === "EOF" || Number.isNaN(tk.startOffset);
      const rules = e.context?.ruleStack ?? [];
      if (eof && WORD_RULES.has(rules[rules.length - 1] ?? "") && WANTS_WORD.test(e.message)) {
        // Where bash wants a word (after `for`, `case`, in a pattern), end of input reads as a newline.
        const at = source.length - (source.endsWith("\n") ? 1 : 0);
        throw new ParseError(unexpectedToken("\n"), sp(at, at), lineOf(source, at));
      }
      const at = eof ? source.length : tk.startOffset;
      throw new ParseError(unexpectedToken(eof ? undefined : tk.image), sp(at, eof ? at : (tk as Tok).end), eof ? eofLine(source) : lineOf(source, at));
    }
    const tk = g.peek();
    if (tk.tokenType.name !== "EOF") {
      throw new ParseError(unexpectedToken(tk.image), tokSpan(tk), lineOf(source, tk.startOffset));
    }
    return body;
  } finally {
    busy = wasBusy;
  }
}

/** True when the error is bash's "unexpected end of file" (more input could complete it). */
export function isEofError(e: unknown): boolean {
  return e instanceof ParseError && (e.message === unexpectedToken(undefined) || e.message.startsWith("unexpected EOF"));
}

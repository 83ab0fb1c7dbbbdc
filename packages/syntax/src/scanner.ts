/**
 * The mode-aware command scanner. Like bash's own lexer it tracks where a command can start
 * (reserved words, assignments and aliases are recognized only there), case patterns, `for`
 * and `case` headers, function definitions and here-documents (bodies are read at the next
 * newline). It emits tokens whose payloads are finished AST pieces (words,
 * assignments, redirects, `[[ ]]`, `(( ))`); ./grammar.ts assembles commands from them.
 */
import type { Assignment, Statement, Word } from "./ast.js";
import { eofLine, lineOf, ParseError, unexpectedToken } from "./errors.js";
import { type ArithForPayload, type AssignPayload, KEYWORDS, parseComsubTokens, parseTokens, T, type Tok, type TokenKind } from "./grammar.js";
import type { ResolvedOptions } from "./options.js";
import { assignment as printAssignment } from "./printer.js";
import { declWord, readArray } from "./lexparts.js";
import { readTestExpr } from "./testexpr.js";
import { assignLike, fdVarEnd, funcParensAt, hasMeta, isMeta, isNameChar, isNameStart, PLAIN, skipPlain, STOP_ARITH, STOP_CMD, STOP_FORARITH, STOP_SUBSCRIPT } from "./chars.js";
import { fdAt, readHeredocs, readRedirect } from "./redirect.js";
import { ScanToken } from "./token.js";
import { sliceShared } from "./intern.js";
import { heredocEnd } from "./heredoc-end.js";
import { type PendingHeredoc, Reader } from "./words.js";
import { makeWord } from "./word.js";
import { AssignmentNode, TextNode } from "./nodes.js";

const S_NORMAL = 0;
const S_FOR_NAME = 1;
const S_FOR_IN = 2;
const S_FOR_LIST = 3;
const S_CASE_WORD = 4;
const S_CASE_IN = 5;
const S_FUNC_NAME = 6;

/**
 * Nesting levels a command substitution (`$( )`, backticks, `<( )`) counts toward maxDepth: it
 * nests a whole scanner, about twice the stack of a compound command, so that maxDepth levels
 * of any construct fit in a default JS stack.
 */
const SUB_LEVELS = 2;
const DECL_BUILTINS = new Set(["declare", "typeset", "local", "export", "readonly", "let"]);
const COMPOUND_START = /^(?:\{|\(|while|until|if|for|select|case|\[\[)(?=[\s;&|()<>]|$)/;

interface Frame {
  readonly src: string;
  readonly pos: number;
  readonly end: number;
  /** The alias text ended with a blank: the next word is checked for aliases too. */
  readonly trailing: boolean;
}

/** The command-level scanner; see the module comment. */
export class Scanner extends Reader {
  /**
   * The tokens scanned since the last `resetTokens`: `tokens[0, ntok)`. Entries past `ntok`
   * are spare token objects, reused by the next line (a 5,000-line script allocates the
   * tokens of its longest line, not of every line).
   */
  readonly tokens: Tok[] = [];
  ntok = 0;
  /** Stopped at the `)` closing a command substitution. */
  stopped = false;
  private kw = true;
  private assign = true;
  private first = true;
  private decl = false;
  private state = S_NORMAL;
  private inPattern = false;
  private patStart = false;
  private caseDepth = 0;
  private parenDepth = 0;
  private funcParens = 0;
  /** Here-documents whose bodies start after the next newline (see also `takePending`). */
  private pending: PendingHeredoc[] = [];
  /**
   * How many of `pending` (at its front) a command substitution left open: bash 5.2 reads
   * their bodies first (`cat <<A; echo "$(cat <<C)"`: C's body, then A's).
   */
  private early = 0;
  /** Warnings go to `opts.onWarning` (not in a backtick body: bash parses it when it runs it). */
  private warns = true;
  private frames: Frame[] = [];
  private expanding: string[] = [];
  private aliasNext = false;

  constructor(
    src: string,
    pos: number,
    end: number,
    opts: ResolvedOptions,
    nest: number,
    base = 0,
    private readonly stopAtRParen = false,
  ) {
    super(src, pos, end, opts, nest, base);
  }

  /** Scans to the end of input (or the closing `)` of a command substitution). */
  scanAll(): void {
    while (this.scanToken()) {
      // keep scanning
    }
    this.finish();
  }

  /**
   * Scans one complete top-level command line (through its newline, here-doc bodies
   * included). Returns false when no token at all was read (end of input).
   */
  scanLine(): boolean {
    const before = this.ntok;
    const tokens = this.tokens;
    while (this.scanToken()) {
      if (tokens[this.ntok - 1]!.tokenType === T.Newline && this.isComplete()) {
        if (this.ntok - before > 1) return true;
        for (let i = 0; i < this.ntok; i++) if (tokens[i]!.tokenType !== T.Newline) return true;
      }
    }
    this.finish();
    return this.ntok > before;
  }

  /** True when at end of input. */
  atEnd(): boolean {
    return this.pos >= this.end && this.frames.length === 0;
  }

  private isComplete(): boolean {
    if (this.depth !== 0 || this.parenDepth !== 0 || this.inPattern || this.state !== S_NORMAL || this.funcParens !== 0) return false;
    for (let i = this.ntok - 2; i >= 0; i--) {
      const tt = this.tokens[i]!.tokenType;
      if (tt === T.Newline) continue;
      return !(tt === T.AndIf || tt === T.OrIf || tt === T.Pipe || tt === T.PipeAmp || tt === T.FuncName || tt === T.Function || tt === T.RParen && this.tokens[i - 1]?.tokenType === T.LParen && this.tokens[i - 2]?.tokenType === T.FuncName);
    }
    return true;
  }

  private finish(): void {
    if (this.stopAtRParen && !this.stopped) {
      throw new ParseError("unexpected EOF while looking for matching `)'", this.span(this.pos, this.pos), eofLine(this.src));
    }
    // Here-documents with no newline after them are delimited by end of file; in a `$( )`
    // the caller takes them: bash reads their bodies after the next newline outside it.
    if (this.pending.length > 0 && !this.stopAtRParen) this.readHeredocs();
  }

  /** Starts a new token vector (the grammar is done with the previous one). */
  resetTokens(): void {
    this.ntok = 0;
  }

  private push(type: TokenKind, image: string | undefined, start: number, end: number, payload?: unknown): Tok {
    const tokens = this.tokens;
    let tk: ScanToken;
    if (this.ntok < tokens.length) tk = tokens[this.ntok] as ScanToken;
    else tokens.push((tk = new ScanToken()));
    this.ntok++;
    return tk.set(type, this.src, image, start, end, this.base, payload);
  }

  private cmdStart(): void {
    this.kw = true;
    this.assign = true;
    this.first = true;
    this.decl = false;
  }
  private cmdEnd(): void {
    this.kw = false;
    this.assign = false;
    this.first = false;
    this.decl = false;
  }

  /** Scans the next token; false at end of input (or at the closing `)`). */
  scanToken(): boolean {
    for (;;) {
      const src = this.src;
      while (this.pos < this.end) {
        const c = src[this.pos];
        if (c === " " || c === "\t") this.pos++;
        else if (c === "\\" && src[this.pos + 1] === "\n") this.pos += 2;
        else break;
      }
      if (this.pos >= this.end) {
        const f = this.frames.pop();
        if (f === undefined) return false;
        this.src = f.src;
        this.pos = f.pos;
        this.end = f.end;
        this.expanding.pop();
        this.aliasNext = f.trailing;
        continue;
      }
      const s = this.pos;
      const c = src[s]!;
      switch (c) {
        case "#": {
          const nl = src.indexOf("\n", s);
          this.pos = nl < 0 || nl > this.end ? this.end : nl;
          continue;
        }
        case "\n":
          this.pos++;
          this.push(T.Newline, "\n", s, s + 1);
          if (this.pending.length > 0) this.readHeredocs();
          if (this.state === S_FOR_LIST) this.state = S_NORMAL;
          if (this.inPattern) this.patStart = true;
          else if (this.state === S_NORMAL) this.cmdStart();
          return true;
        case ";": {
          let op = ";";
          if (src[s + 1] === ";") op = src[s + 2] === "&" ? ";;&" : ";;";
          else if (src[s + 1] === "&") op = ";&";
          this.pos = s + op.length;
          this.push(op === ";" ? T.Semi : op === ";;" ? T.DSemi : op === ";&" ? T.SemiAmp : T.DSemiAmp, op, s, this.pos);
          if (op !== ";" && this.caseDepth > 0) {
            this.inPattern = true;
            this.patStart = true;
          } else {
            if (this.state === S_FOR_IN || this.state === S_FOR_LIST) this.state = S_NORMAL;
            this.cmdStart();
          }
          return true;
        }
        case "&":
          if (src[s + 1] === "&") {
            this.pos = s + 2;
            this.push(T.AndIf, "&&", s, s + 2);
            this.cmdStart();
            return true;
          }
          if (src[s + 1] === ">") return this.scanRedirect(s, undefined, undefined);
          this.pos = s + 1;
          this.push(T.Amp, "&", s, s + 1);
          this.cmdStart();
          return true;
        case "|": {
          const n = src[s + 1];
          const op = n === "|" ? "||" : n === "&" ? "|&" : "|";
          this.pos = s + op.length;
          this.push(op === "||" ? T.OrIf : op === "|&" ? T.PipeAmp : T.Pipe, op, s, this.pos);
          if (this.inPattern) this.patStart = false;
          else this.cmdStart();
          return true;
        }
        case "(":
          return this.scanLParen(s);
        case ")":
          if (this.inPattern) {
            this.pos = s + 1;
            this.push(T.RParen, ")", s, s + 1);
            this.inPattern = false;
            this.cmdStart();
            return true;
          }
          if (this.funcParens === 1) {
            this.pos = s + 1;
            this.push(T.RParen, ")", s, s + 1);
            this.funcParens = 0;
            this.cmdStart();
            this.assign = false;
            return true;
          }
          if (this.stopAtRParen && this.parenDepth === 0) {
            this.stopped = true;
            return false;
          }
          this.pos = s + 1;
          this.push(T.RParen, ")", s, s + 1);
          if (this.parenDepth > 0) {
            this.parenDepth--;
            if (this.depth > 0) this.depth--;
          }
          this.cmdEnd();
          return true;
        case "<":
        case ">":
          if (src[s + 1] === "(") return this.scanWord(s);
          return this.scanRedirect(s, undefined, undefined);
        default:
          if (c >= "0" && c <= "9") {
            const fe = fdAt(src, s, this.end);
            if (fe >= 0) {
              this.pos = fe;
              return this.scanRedirect(s, Number(src.slice(s, fe)), undefined);
            }
          } else if (c === "{") {
            const e = fdVarEnd(src, s, this.end);
            if (e > 0) {
              this.pos = e;
              return this.scanRedirect(s, undefined, src.slice(s + 1, e - 1));
            }
          }
          if (this.scanWord(s)) return true;
          continue; // an alias was pushed
      }
    }
  }

  private scanLParen(s: number): boolean {
    const src = this.src;
    if (this.inPattern) {
      this.pos = s + 1;
      this.push(T.LParen, "(", s, s + 1);
      return true;
    }
    if (this.funcParens === 2) {
      this.pos = s + 1;
      this.push(T.LParen, "(", s, s + 1);
      this.funcParens = 1;
      return true;
    }
    if (src[s + 1] === "(" && this.state === S_FOR_NAME) return this.scanArithFor(s);
    if (src[s + 1] === "(" && this.kw) {
      const a = this.tryArith(s, 2, STOP_ARITH, "))");
      if (a !== undefined) {
        this.push(T.DParen, "((", s, this.pos, a);
        this.cmdEnd();
        this.kw = true;
        return true;
      }
    }
    this.pos = s + 1;
    this.push(T.LParen, "(", s, s + 1);
    this.parenDepth++;
    this.enter();
    this.cmdStart();
    return true;
  }

  private scanArithFor(s: number): boolean {
    this.pos = s + 2;
    const init = this.forPart(STOP_FORARITH);
    if (this.pos >= this.end) this.eof(")", s);
    this.halfClosedFor();
    if (this.src[this.pos] !== ";") this.fail("syntax error: `;' expected in arithmetic for");
    this.pos++;
    const test = this.forPart(STOP_FORARITH);
    if (this.pos >= this.end) this.eof(")", s);
    this.halfClosedFor();
    if (this.src[this.pos] !== ";") this.fail("syntax error: `;' expected in arithmetic for");
    this.pos++;
    const update = this.forPart(STOP_ARITH);
    this.halfClosedFor();
    if (!this.src.startsWith("))", this.pos) || this.pos + 2 > this.end) this.eof(")", s);
    this.pos += 2;
    const payload: ArithForPayload = {
      ...(init && { init }),
      ...(test && { test }),
      ...(update && { update }),
    };
    this.push(T.ArithForHead, "((", s, this.pos, payload);
    this.state = S_NORMAL;
    this.cmdStart();
    return true;
  }

  /**
   * `for ((i=0; i<3; i++)` then anything but `)`: bash's lexer has the `((` closed by one `)`
   * and reads the next character; not a `)`, it hands its grammar an end of input, so the
   * script stops silently, as after `[[ ]]`: with the last status (2 for 0) when that
   * character was the input's last, else with the last status.
   */
  private halfClosedFor(): void {
    const p = this.pos;
    if (this.src[p] !== ")" || (p + 1 < this.end && this.src[p + 1] === ")")) return;
    throw new ParseError("syntax error: arithmetic for not closed", this.span(p, p), lineOf(this.src, p), [], true, p + 2 >= this.end);
  }

  private forPart(stop: number) {
    const start = this.pos;
    const parts = this.readParts(stop);
    if (parts.length === 0 || (parts.length === 1 && parts[0]!.type === "Literal" && /^\s*$/.test(parts[0]!.value))) return undefined;
    return this.arith(parts, start, this.pos);
  }

  /** When `lit` (just read) is an alias not being expanded: reads its text next and returns true. */
  private tryAlias(lit: string): boolean {
    if (this.opts.aliases === undefined || this.expanding.includes(lit)) return false;
    const text = this.opts.aliases(lit);
    if (text === undefined) return false;
    this.frames.push({ src: this.src, pos: this.pos, end: this.end, trailing: /[ \t]$/.test(text) });
    this.expanding.push(lit);
    this.src = text;
    this.pos = 0;
    this.end = text.length;
    // the first word of the text is checked too (`e y` with y='z w', z=ZED is `echo ZED w`)
    this.aliasNext = true;
    return true;
  }

  /** Reads a word (or assignment, keyword, function name); false when an alias was pushed instead. */
  private scanWord(s: number): boolean {
    const src = this.src;
    if ((this.assign || this.decl) && this.state === S_NORMAL && !this.inPattern && isNameStart(src[s]!)) {
      const a = this.tryAssignment(s);
      if (a !== undefined && a.type !== "Assignment") {
        this.push(T.Word, undefined, s, this.pos, a);
        if (this.first) {
          this.first = false;
          this.assign = false;
        }
        this.kw = false;
        return true;
      }
      if (a !== undefined) {
        if (this.assign) {
          this.push(T.AssignWord, undefined, s, this.pos, { assignment: a, word: undefined });
          this.kw = false;
          this.aliasNext = false;
          return true;
        }
        let word: Word;
        if (a.array !== undefined) {
          // Normalized text (what the printer writes), so that print/parse round-trips.
          word = new TextNode("Literal", a.start, a.end, printAssignment(a));
        } else {
          const shared = declWord(this, s, a);
          if (shared !== undefined) word = shared;
          else {
            const end = this.pos;
            this.pos = s;
            word = this.readWord(STOP_CMD)!;
            this.pos = end;
          }
        }
        const payload: AssignPayload = { assignment: a, word };
        this.push(T.AssignWord, undefined, s, this.pos, payload);
        return true;
      }
    }
    // Words that look like assignments get tilde expansion after `=` and `:` (`echo a=~/x`).
    // A word of plain characters (most words, every reserved word) is one Literal: its text
    // decides the token, and its Word is built only if the token is a word (`w ?? litWord`).
    let w: Word | undefined;
    let lit: string | undefined;
    const e = skipPlain(src, s, this.end, PLAIN[STOP_CMD]!);
    if (e > s && (e >= this.end || (isMeta(src[e]!) && !((src[e] === "<" || src[e] === ">") && src[e + 1] === "(")))) {
      lit = sliceShared(src, s, e);
      this.pos = e;
    } else {
      w = this.readWord(STOP_CMD, assignLike(src, s, this.end));
      if (w === undefined) this.fail(unexpectedToken(src[s]));
      lit = w.type === "Literal" ? w.value : undefined;
    }
    const image = undefined;
    if (this.state !== S_NORMAL) {
      // after an alias ending in a blank, bash checks the next word whatever it is: the name
      // and `in` of for/case, their words, a function name (`FOR2 eye2 IN onetwo 3`)
      if (this.aliasNext && lit !== undefined && this.tryAlias(lit)) return false;
      this.aliasNext = false;
    }
    switch (this.state) {
      case S_FOR_NAME:
        this.push(T.Word, undefined, s, this.pos, w ?? this.litWord(s, lit!));
        this.state = S_FOR_IN;
        return true;
      case S_FOR_IN:
        if (lit === "in") {
          this.push(T.In, image, s, this.pos);
          this.state = S_FOR_LIST;
          this.cmdEnd();
        } else if (lit === "do") {
          this.push(T.Do, image, s, this.pos);
          this.state = S_NORMAL;
          this.cmdStart();
        } else if (lit === "{") {
          this.push(T.LBrace, image, s, this.pos);
          this.state = S_NORMAL;
          this.enter();
          this.cmdStart();
        } else this.push(T.Word, undefined, s, this.pos, w ?? this.litWord(s, lit!));
        return true;
      case S_FOR_LIST:
        this.push(T.Word, undefined, s, this.pos, w ?? this.litWord(s, lit!));
        return true;
      case S_CASE_WORD:
        this.push(T.Word, undefined, s, this.pos, w ?? this.litWord(s, lit!));
        this.state = S_CASE_IN;
        return true;
      case S_CASE_IN:
        if (lit === "in") {
          this.push(T.In, image, s, this.pos);
          this.state = S_NORMAL;
          this.inPattern = true;
          this.patStart = true;
          this.caseDepth++;
        } else this.push(T.Word, undefined, s, this.pos, w ?? this.litWord(s, lit!));
        return true;
      case S_FUNC_NAME:
        this.push(T.FuncName, image, s, this.pos);
        this.state = S_NORMAL;
        this.funcParens = funcParensAt(this.src, this.pos, this.end) ? 2 : 0;
        this.kw = true;
        this.assign = false;
        this.first = false;
        return true;
    }
    if (this.inPattern) {
      if (this.patStart && lit === "esac") {
        this.push(T.Esac, image, s, this.pos);
        this.inPattern = false;
        this.caseDepth--;
        if (this.depth > 0) this.depth--;
        this.cmdEnd();
        this.kw = true;
      } else {
        this.push(T.Word, undefined, s, this.pos, w ?? this.litWord(s, lit!));
        this.patStart = false;
      }
      return true;
    }
    if (this.kw && lit !== undefined) {
      if (lit === "[[") {
        const expr = readTestExpr(this, s);
        this.push(T.DBracket, "[[", s, this.pos, expr);
        this.cmdEnd();
        this.kw = true;
        return true;
      }
      const kwType = KEYWORDS.get(lit);
      if (kwType !== undefined) {
        this.keyword(kwType, lit, s);
        return true;
      }
    }
    if ((this.first || this.aliasNext) && lit !== undefined && this.tryAlias(lit)) return false;
    this.aliasNext = false;
    if (this.first && this.kw && funcParensAt(this.src, this.pos, this.end)) {
      this.push(T.FuncName, image, s, this.pos);
      this.funcParens = 2;
      this.kw = true;
      this.assign = false;
      this.first = false;
      return true;
    }
    this.push(T.Word, undefined, s, this.pos, w ?? this.litWord(s, lit!));
    if (this.first) {
      this.first = false;
      this.assign = false;
      this.decl = lit !== undefined && DECL_BUILTINS.has(lit);
    }
    this.kw = false;
    return true;
  }

  /** The Word of plain text `lit` from s to pos (what readWord builds for it). */
  private litWord(s: number, lit: string): Word {
    const start = s + this.base;
    const end = this.pos + this.base;
    return new TextNode("Literal", start, end, lit);
  }

  private keyword(tt: TokenKind, lit: string, s: number): void {
    const tk = this.push(tt, lit, s, this.pos);
    switch (lit) {
      case "if":
      case "while":
      case "until":
      case "{":
        this.enter();
        this.cmdStart();
        break;
      case "then":
      case "else":
      case "elif":
      case "do":
      case "!":
        this.cmdStart();
        break;
      case "}":
      case "fi":
      case "done":
        if (this.depth > 0) this.depth--;
        this.cmdEnd();
        this.kw = true; // bash: `if { a; } then`, `{ { a; } }`
        break;
      case "esac":
        if (this.depth > 0) this.depth--;
        this.caseDepth--;
        this.cmdEnd();
        this.kw = true;
        break;
      case "for":
      case "select":
        this.enter();
        this.state = S_FOR_NAME;
        this.cmdEnd();
        break;
      case "case":
        this.enter();
        this.state = S_CASE_WORD;
        this.cmdEnd();
        break;
      case "function":
        this.state = S_FUNC_NAME;
        this.cmdEnd();
        break;
      case "time": {
        tk.payload = "time";
        let i = this.pos;
        while (this.src[i] === " " || this.src[i] === "\t") i++;
        if (this.src.startsWith("-p", i) && (i + 2 >= this.end || isMeta(this.src[i + 2]!))) {
          this.pos = i + 2;
          tk.payload = "time -p";
          tk.end = this.pos + this.base;
        }
        this.cmdStart();
        break;
      }
      case "coproc": {
        this.cmdStart();
        const src = this.src;
        let i = this.pos;
        while (src[i] === " " || src[i] === "\t") i++;
        if (i < this.end && isNameStart(src[i]!)) {
          let j = i + 1;
          while (j < this.end && isNameChar(src[j]!)) j++;
          let k = j;
          while (src[k] === " " || src[k] === "\t") k++;
          const name = src.slice(i, j);
          if (j < this.end && (src[j] === " " || src[j] === "\t") && !KEYWORDS.has(name) && COMPOUND_START.test(src.slice(k, k + 8))) {
            this.push(T.CoprocName, name, i, j);
            this.pos = j;
          }
        }
        break;
      }
    }
  }

  /** `name=value`, `name+=value`, `name[sub]=value`, `name=(...)` at s, or undefined (pos restored). */
  private tryAssignment(s: number): Assignment | Word | undefined {
    const src = this.src;
    let j = s + 1;
    let joined = false; // bash removes a backslash-newline before it reads words: `a\<newline>b=1` is `ab=1`
    for (;;) {
      if (j < this.end && isNameChar(src[j]!)) j++;
      else if (src[j] === "\\" && src[j + 1] === "\n" && j + 1 < this.end) (j += 2), (joined = true);
      else break;
    }
    const c = src[j];
    if (c !== "=" && c !== "[" && c !== "+") return undefined;
    const name = joined ? src.slice(s, j).replace(/\\\n/g, "") : sliceShared(src, s, j);
    let index: Word | undefined;
    if (src[j] === "[") {
      this.pos = j + 1;
      const parts = this.readParts(STOP_SUBSCRIPT);
      // bash reads `name[...]` in command position to the matching `]`, blanks included.
      if (this.pos >= this.end) this.eof("]", s);
      // a declare/local/export argument is a plain word: `declare a[ 1 ]=x` is three words
      if (!this.assign && parts.some((p) => p.type === "Literal" && hasMeta(p.value))) {
        this.pos = s;
        return undefined;
      }
      index = this.word(j + 1, this.pos, parts);
      j = this.pos + 1;
      if (src[j] !== "=" && !(src[j] === "+" && src[j + 1] === "=")) {
        // Not an assignment: the word is `name[...]` (blanks included) plus what follows.
        const close = this.pos;
        const mark = this.mark();
        this.lit(s, index.start - this.base);
        for (const p of parts) {
          if (p.type === "Literal") this.lit(p.start - this.base, p.end - this.base);
          else this.add(p);
        }
        this.lit(close, close + 1);
        this.pos = close + 1;
        this.readInto(STOP_CMD);
        return makeWord(s + this.base, this.pos + this.base, this.cut(mark));
      }
    }
    let append = false;
    if (src[j] === "+" && src[j + 1] === "=") {
      append = true;
      j += 2;
    } else if (src[j] === "=") j++;
    else {
      this.pos = s;
      return undefined;
    }
    this.pos = j;
    if (src[j] === "(" && j < this.end) {
      this.pos = j + 1;
      const array = readArray(this, j);
      const start = s + this.base;
      const end = this.pos + this.base;
      return new AssignmentNode(start, end, name, append, index, undefined, array);
    }
    const value = this.readWord(STOP_CMD, true);
    const start = s + this.base;
    const end = this.pos + this.base;
    return new AssignmentNode(start, end, name, append, index, value, undefined);
  }

  private scanRedirect(s: number, fd: number | undefined, fdVar: string | undefined): boolean {
    const node = readRedirect(this, s, fd, fdVar, this.pending);
    this.push(T.Redir, undefined, s, this.pos, node);
    this.kw = false;
    return true;
  }

  /** Reads the bodies of pending here-documents; pos is at the start of a line. */
  private readHeredocs(): void {
    const pending = this.pending;
    this.pending = [];
    this.early = 0;
    readHeredocs(this, pending, this.warns ? this.opts.onWarning : undefined);
    // bash parses a `$(cat <<E)` in a body when it expands it: E ends with the `)`, empty.
    this.pending = [];
  }

  heredocReader(text: string, offset: number): Scanner {
    return new Scanner(text, 0, text.length, this.opts, this.nest + 1 + this.depth, offset);
  }

  /** `$( ... )`: a nested scanner runs to the closing `)`, then the grammar parses its tokens. */
  readCommandSub(): Statement[] {
    // Memoized by offset: text that is read twice (an assignment argument of `declare`, the
    // `$( (` retry of `$((`) would otherwise re-parse every level inside (exponential time).
    // A result is reused at another nesting when its height still fits under maxDepth. (An
    // arithmetic expression inside gets its depth budget from where it was first read: at
    // worst one left for run time where a fresh read would have pre-parsed it, or vice versa.)
    const memo = this.memoFor();
    const start = this.pos;
    const nest = this.nest + SUB_LEVELS + this.depth;
    const hit = memo.subs.get(start);
    if (hit !== undefined && hit.end === this.end && nest + hit.height <= this.opts.maxDepth) {
      this.pos = hit.pos;
      if (nest + hit.height > this.peak) this.peak = nest + hit.height;
      this.takePending(hit.pending);
      return hit.body;
    }
    const sub = new Scanner(this.src, start, this.end, this.opts, nest, this.base, true);
    sub.memo = memo;
    sub.warns = this.warns;
    let body: Statement[];
    try {
      sub.scanAll();
      body = parseComsubTokens(sub.tokens, sub.ntok, this.src, this.span(sub.pos, sub.pos + 1), lineOf(this.src, sub.pos));
    } catch (e) {
      // (an unterminated `$(` is an error of the enclosing text)
      if (e instanceof ParseError && !e.message.startsWith("unexpected EOF while looking for matching")) e.inSubstitution = true;
      throw e;
    }
    this.pos = sub.pos + 1;
    if (sub.peak > this.peak) this.peak = sub.peak;
    // Here-documents still open at the `)` (`$(cat <<E)`): like bash 5.2, their bodies are the
    // lines after the next newline of the enclosing text.
    const pending = sub.pending.length > 0 ? sub.pending : undefined;
    if (pending !== undefined) {
      const warn = this.warns ? this.opts.onWarning : undefined;
      const n = pending.length;
      if (warn !== undefined) warn({ message: `command substitution: ${n} unterminated here-document${n === 1 ? "" : "s"}`, span: this.span(sub.pos, sub.pos + 1), line: this.comsubLine(sub.pos) });
      this.takePending(pending);
    }
    memo.subs.set(start, { end: this.end, height: sub.peak - nest, body, pos: this.pos, pending });
    return body;
  }

  /**
   * The line bash names for here-documents left open at the `)` at `at`: its line, but after
   * an earlier substitution left some open, bash has read their bodies by then (`"$(cat <<C)"
   * "$(cat <<D)"` names the line of C's delimiter for D).
   */
  private comsubLine(at: number): number {
    const src = this.src;
    if (this.early === 0) return lineOf(src, at);
    const nl = src.indexOf("\n", at);
    if (nl < 0) return lineOf(src, at);
    let pos = nl + 1;
    for (let i = 0; i < this.early; i++) pos = heredocEnd(src, pos, this.end, this.pending[i]!.hd).after;
    return lineOf(src, pos) - (src[pos - 1] === "\n" ? 1 : 0);
  }

  /**
   * Adds a substitution's open here-documents to this scanner's. The same ones come back when
   * a memoized substitution is reused (a re-read after backtracking): they are added once.
   */
  private takePending(hds: readonly PendingHeredoc[] | undefined): void {
    if (hds === undefined) return;
    for (let i = 0; i < hds.length; i++) if (!this.pending.includes(hds[i]!)) this.pending.splice(this.early++, 0, hds[i]!);
  }

  /** The body of a backtick substitution, already unescaped. */
  parseBacktick(text: string, offset: number): Statement[] {
    const sub = new Scanner(text, 0, text.length, this.opts, this.nest + SUB_LEVELS + this.depth, offset);
    sub.warns = false;
    sub.scanAll();
    if (sub.peak > this.peak) this.peak = sub.peak;
    return parseTokens(sub.tokens, sub.ntok, text);
  }
}

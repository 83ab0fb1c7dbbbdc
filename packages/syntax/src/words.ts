/**
 * The word reader: builds a Word's parts (quotes, escapes, every `$` expansion, backticks,
 * tilde, extglob, process substitution) straight from the source. The command-level scanner
 * (./scanner.ts) extends it and supplies the recursive parse of `$( )` and backticks.
 */
import type {
  AnsiCQuoted,
  Arithmetic,
  Literal,
  ParamExp,
  Span,
  Statement,
  Word,
  WordPart,
} from "./ast.js";
import { tryParseArithmetic } from "./arith.js";
import { decodeAnsiC } from "./ansi.js";
import { lineOf, ParseError } from "./errors.js";
import type { ResolvedOptions } from "./options.js";
import {
  isDigit,
  isMeta,
  isNameChar,
  isTildeUserChar,
  isNameStart,
  PLAIN,
  PLAIN_DQ,
  skipPlain,
  SPECIALS,
  STOP_ARITH,
  STOP_BRACKET,
  STOP_CMD,
  STOP_FORARITH,
  STOP_PATTERN,
  STOP_PARAM,
  STOP_REGEX,
  STOP_SLASH,
  STOP_SLICE,
  STOP_SUBSCRIPT,
  TILDE_ASSIGN,
  TILDE_OPERAND,
  TILDE_WORD,
} from "./chars.js";
import { EMPTY } from "./fit.js";
import { sliceShared } from "./intern.js";
import {
  AnsiCQuotedNode,
  ArithSubNode,
  CommandSubNode,
  DoubleQuotedNode,
  ExtGlobNode,
  HereDocNode,
  ParamExpNode,
  ProcessSubNode,
  TextNode,
  TildePrefixNode,
} from "./nodes.js";
import { ArithmeticNode } from "./expr-nodes.js";
import { readBraced } from "./braced.js";
import { makeWord } from "./word.js";

/** A here-document whose body is not read yet (`hd.body`, `hd.start` and `hd.end` are set when it is). */
export interface PendingHeredoc {
  readonly hd: HereDocNode;
}

/** See `Reader.memo`. Entries hold the `end` they were read with (and subs their nesting). */
export interface ReadMemo {
  readonly src: string;
  /** `height`: how many levels the substitution nests below its own nesting. */
  readonly subs: Map<number, { readonly end: number; readonly height: number; readonly body: Statement[]; readonly pos: number; readonly pending?: readonly PendingHeredoc[] }>;
  readonly arithFails: Map<number, number>;
}

/** Reads words; the scanner subclass provides nested command parsing. */
export abstract class Reader {
  src: string;
  pos: number;
  end: number;
  readonly opts: ResolvedOptions;
  /** Nesting depth of this reader (command substitutions, parameter expansions...). */
  readonly nest: number;
  /** Offset added to spans (non-zero when reading a derived string, e.g. a backtick body). */
  readonly base: number;

  constructor(src: string, pos: number, end: number, opts: ResolvedOptions, nest: number, base = 0) {
    this.src = src;
    this.pos = pos;
    this.end = end;
    this.opts = opts;
    this.nest = nest;
    this.base = base;
    this.peak = nest;
    if (nest > opts.maxDepth) this.tooDeep();
  }

  /**
   * Nesting inside this reader: compound commands (the scanner) and expansions inside words
   * (`${ }`, quotes, arithmetic). `nest + depth` is bounded by `opts.maxDepth`.
   */
  depth = 0;

  /** Enters one nesting level (callers decrement `depth` on the way out); fails past maxDepth. */
  enter(): void {
    const level = ++this.depth + this.nest;
    if (level > this.opts.maxDepth) this.tooDeep();
    if (level > this.peak) this.peak = level;
  }

  /** The deepest `nest + depth` reached by this reader and the readers nested in it. */
  peak: number;

  /**
   * Results shared by the readers of one source string (a parse and its nested `$( )`
   * scanners), so that re-reading text never re-parses what it contains: command
   * substitutions by start offset, and offsets where `$((` turned out not to be arithmetic.
   */
  memo: ReadMemo | undefined;

  /** The memo for the current source text (a fresh one when the text changed, e.g. an alias). */
  memoFor(): ReadMemo {
    let m = this.memo;
    if (m === undefined || m.src !== this.src) m = this.memo = { src: this.src, subs: new Map(), arithFails: new Map() };
    return m;
  }

  /** Throws the ParseError of a breached nesting bound (it names the option). */
  tooDeep(): never {
    this.fail(`maximum nesting depth exceeded (maxDepth ${this.opts.maxDepth})`);
  }

  /** Parses `$( ... )`: `pos` is just after `$(`; leaves `pos` after the `)`. */
  abstract readCommandSub(): Statement[];
  /** Parses the unescaped text of a backtick substitution. */
  abstract parseBacktick(text: string, offset: number): Statement[];
  /** A reader of `text` (a `<<-` body without its leading tabs) that starts at `offset`. */
  abstract heredocReader(text: string, offset: number): Reader;

  /** Throws a ParseError at `at`. */
  fail(msg: string, at: number = this.pos): never {
    throw new ParseError(msg, this.span(at, at), lineOf(this.src, at));
  }
  /** Throws bash's "unexpected EOF while looking for matching `c'". */
  eof(c: string, at: number = this.pos): never {
    this.fail(`unexpected EOF while looking for matching \`${c}'`, at);
  }
  span(start: number, end: number): Span {
    return { start: start + this.base, end: end + this.base };
  }

  /**
   * The parts of the words being read, innermost last: one stack shared by nested reads (a
   * `"..."` inside a word, a `${x:-...}` inside that). A read appends from `top` and takes
   * its parts off with `cut`, as an exact-size array; the stack itself never shrinks, so
   * reading a word allocates no scratch array (see ./fit.ts).
   */
  private readonly stack: WordPart[] = [];
  protected top = 0;
  /** `top` just after `lit` appended a Literal (the next `lit` may merge into it), else -1. */
  private litTop = -1;

  /** Appends a part to the stack. */
  protected add(p: WordPart): void {
    if (this.top < this.stack.length) this.stack[this.top] = p;
    else this.stack.push(p);
    this.top++;
  }

  /** Starts a read on the stack: its parts go above the returned height (no merging below it). */
  protected mark(): number {
    this.litTop = -1;
    return this.top;
  }

  /** Takes the parts from `mark` to the top off the stack, as an exact-size array. */
  protected cut(mark: number): WordPart[] {
    const st = this.stack;
    const n = this.top - mark;
    const out = n === 0 ? EMPTY : st.slice(mark, this.top);
    this.top = mark;
    this.litTop = -1;
    return out;
  }

  /** Appends a Literal for `src[start, end)` (merging with a preceding Literal). */
  protected lit(start: number, end: number): void {
    if (end <= start) return;
    const value = sliceShared(this.src, start, end);
    // Literal parts enter the stack only through here, so "the last part is a Literal" is
    // "the last call appended at this height" (no megamorphic `type` load per call).
    if (this.litTop === this.top) {
      const last = this.stack[this.top - 1] as Literal;
      this.stack[this.top - 1] = new TextNode("Literal", last.start, end + this.base, last.value + value);
    } else {
      this.add(new TextNode("Literal", start + this.base, end + this.base, value));
      this.litTop = this.top;
    }
  }

  /** Reads an unquoted word in context `stop`; returns undefined when no character was read. */
  readWord(stop: number, assignValue = false): Word | undefined {
    const start = this.pos;
    const w = this.readWordParts(stop, assignValue ? TILDE_ASSIGN : TILDE_WORD);
    return this.pos === start ? undefined : w;
  }

  /**
   * `word(start, pos, readParts(stop, tildes))` from the current position, without the
   * one-element array a one-part word would drop at once. With `from` before the current
   * position, the text from `from` is the word's first literal (the stop condition does not
   * apply to it: the `/` that starts the pattern of `${x///y}`).
   */
  readWordParts(stop: number, tildes: number = TILDE_WORD, from: number = this.pos): Word {
    const start = from;
    const mark = this.mark();
    this.readInto(stop, tildes, from);
    if (this.top - mark === 1) {
      this.top = mark;
      this.litTop = -1;
      return this.stack[mark]!;
    }
    return this.word(start, this.pos, this.cut(mark));
  }

  /** The Word of `parts` from `start` to `end` (offsets in the reader's text). */
  word(start: number, end: number, parts: WordPart[]): Word {
    return makeWord(start + this.base, end + this.base, parts);
  }

  /**
   * Reads word parts until the stop condition of context `stop`. `tildes` says where a tilde
   * prefix may start besides the word's start (TILDE_WORD, TILDE_ASSIGN, TILDE_OPERAND).
   */
  readParts(stop: number, tildes: number = TILDE_WORD): WordPart[] {
    const mark = this.mark();
    this.readInto(stop, tildes);
    return this.cut(mark);
  }

  /**
   * readParts, leaving the parts on the stack (to be taken off by the caller's `cut`). `tildes`
   * says where a tilde prefix may start besides the word's start (TILDE_WORD, TILDE_ASSIGN,
   * TILDE_OPERAND). The word starts at `from` (see `readWordParts`).
   */
  protected readInto(stop: number, tildes: number = TILDE_WORD, from: number = this.pos): void {
    const assignValue = tildes === TILDE_ASSIGN;
    const src = this.src;
    const end = this.end;
    const plain = PLAIN[stop]!;
    const wordStart = from;
    let litStart = from;
    let depth = 0;
    let ternary = 0;
    for (;;) {
      const i = skipPlain(src, this.pos, end, plain);
      this.pos = i;
      if (i >= end) break;
      const c = src[i]!;
      // Stop conditions.
      switch (stop) {
        case STOP_CMD:
          if (isMeta(c)) {
            if ((c === "<" || c === ">") && src[this.pos + 1] === "(") break;
            this.lit(litStart, this.pos);
            return;
          }
          break;
        case STOP_PARAM:
          if (c === "}") { this.lit(litStart, this.pos); return; }
          break;
        case STOP_SLASH:
          if (c === "}" || c === "/") { this.lit(litStart, this.pos); return; }
          break;
        case STOP_SUBSCRIPT:
        case STOP_BRACKET:
          if (c === "[") depth++;
          else if (c === "]") {
            if (depth === 0) { this.lit(litStart, this.pos); return; }
            depth--;
          }
          break;
        case STOP_SLICE:
          // bash's skiparith: each `?` outside parens lets one `:` through (`${s: 1 ? 2 : 0 : 1}`)
          if (depth === 0 && (c === "}" || (c === ":" && ternary-- === 0))) { this.lit(litStart, this.pos); return; }
          if (c === "(") depth++;
          else if (c === ")") depth--;
          else if (c === "?" && depth === 0) ternary++;
          break;
        case STOP_ARITH:
        case STOP_FORARITH:
          if (c === "(") depth++;
          else if (c === ")") {
            if (depth === 0) { this.lit(litStart, this.pos); return; }
            depth--;
          } else if (c === ";" && depth === 0 && stop === STOP_FORARITH) { this.lit(litStart, this.pos); return; }
          break;
        case STOP_REGEX:
          if (c === "(") depth++;
          else if (c === ")") {
            if (depth === 0) { this.lit(litStart, this.pos); return; }
            depth--;
          } else if (depth === 0 && (c === " " || c === "\t" || c === "\n" || c === ";" || c === "&" || c === "<" || c === ">")) {
            this.lit(litStart, this.pos);
            return;
          } else if (depth === 0 && c === "|" && src[this.pos + 1] === "|") {
            this.lit(litStart, this.pos);
            return;
          }
          break;
      }
      switch (c) {
        case "\\": {
          this.lit(litStart, this.pos);
          if (this.pos + 1 >= this.end) {
            // A trailing backslash stands for itself. It is an Escaped backslash (not a Literal
            // one) so that the printer's `\\` reads back as the same node wherever the word
            // ends up: a raw `\` followed by anything would escape what follows.
            this.add(new TextNode("Escaped", this.pos + this.base, this.pos + 1 + this.base, "\\"));
            this.pos++;
          } else if (src[this.pos + 1] === "\n") {
            this.pos += 2;
          } else {
            this.add(new TextNode("Escaped", this.pos + this.base, this.pos + 2 + this.base, src[this.pos + 1]!));
            this.pos += 2;
          }
          litStart = this.pos;
          continue;
        }
        case "'":
          this.lit(litStart, this.pos);
          this.add(this.readSingle());
          litStart = this.pos;
          continue;
        case '"':
          this.lit(litStart, this.pos);
          this.add(this.readDouble(this.pos, 1, false));
          litStart = this.pos;
          continue;
        case "$": {
          const n = src[this.pos + 1];
          if (n === "'" ) {
            this.lit(litStart, this.pos);
            this.add(this.readAnsiC());
            litStart = this.pos;
            continue;
          }
          if (n === '"') {
            this.lit(litStart, this.pos);
            this.add(this.readDouble(this.pos, 2, true));
            litStart = this.pos;
            continue;
          }
          this.lit(litStart, this.pos);
          this.readDollar(tildes === TILDE_WORD ? TILDE_WORD : TILDE_OPERAND);
          litStart = this.pos;
          continue;
        }
        case "`":
          this.lit(litStart, this.pos);
          this.add(this.readBacktick(false));
          litStart = this.pos;
          continue;
        case "~":
          if (stop !== STOP_ARITH && stop !== STOP_FORARITH && stop !== STOP_SUBSCRIPT && stop !== STOP_BRACKET &&
              (this.pos === wordStart || (tildes !== TILDE_WORD && (src[this.pos - 1] === ":" || (assignValue && src[this.pos - 1] === "=")))) &&
              this.tryTilde(stop, litStart)) {
            litStart = this.pos;
            continue;
          }
          break;
        case "<":
        case ">":
          if (stop === STOP_CMD && src[this.pos + 1] === "(") {
            this.lit(litStart, this.pos);
            const s = this.pos;
            this.pos += 2;
            const body = this.readCommandSub();
            this.add(new ProcessSubNode(s + this.base, this.pos + this.base, c, body));
            litStart = this.pos;
            continue;
          }
          break;
        case "?":
        case "*":
        case "+":
        case "@":
        case "!":
          if (src[this.pos + 1] === "(" && (stop === STOP_CMD ? this.extglobHere() : stop === STOP_REGEX || stop === STOP_PATTERN || ((stop === STOP_PARAM || stop === STOP_SLASH) && (this.opts.extglob !== false || this.forceExtglob)))) {
            const g = this.readExtGlob();
            if (g !== undefined) {
              this.lit(litStart, g.start - this.base);
              this.add(g);
              litStart = this.pos;
              continue;
            }
          }
          break;
      }
      this.pos++;
    }
    this.lit(litStart, this.pos);
  }

  /** `~user` when followed by `/`, `:` (bash's tilde suffixes) or the end of the word. */
  private tryTilde(stop: number, litStart: number): boolean {
    const src = this.src;
    let j = this.pos + 1;
    while (j < this.end) {
      const c = src[j]!;
      if (isTildeUserChar(c)) j++;
      else break;
    }
    const next = j < this.end ? src[j]! : "";
    const ok = next === "" || next === "/" || next === ":" ||
      (stop === STOP_CMD ? isMeta(next) && !((next === "<" || next === ">") && src[j + 1] === "(") : stop === STOP_PARAM ? next === "}" : stop === STOP_SLASH ? next === "}" || next === "/" : stop === STOP_REGEX ? next === " " || next === "\t" || next === "\n" || next === ")" : false);
    if (!ok) return false;
    this.lit(litStart, this.pos);
    this.add(new TildePrefixNode(this.pos + this.base, j + this.base, src.slice(this.pos + 1, j)));
    this.pos = j;
    return true;
  }

  /** `'...'` at pos. */
  readSingle(): WordPart {
    const s = this.pos;
    const e = this.src.indexOf("'", s + 1);
    if (e < 0 || e >= this.end) this.eof("'", s);
    this.pos = e + 1;
    return new TextNode("SingleQuoted", s + this.base, this.pos + this.base, sliceShared(this.src, s + 1, e));
  }

  /** `$'...'` at pos. */
  readAnsiC(): AnsiCQuoted {
    const s = this.pos;
    let i = s + 2;
    const src = this.src;
    while (i < this.end && src[i] !== "'") i += src[i] === "\\" ? 2 : 1;
    if (i >= this.end) this.eof("'", s);
    const raw = src.slice(s + 2, i);
    this.pos = i + 1;
    return new AnsiCQuotedNode(s + this.base, this.pos + this.base, decodeAnsiC(raw), raw);
  }

  /** `"..."` (or `$"..."`, `skip` = 2) starting at `s`. */
  readDouble(s: number, skip: number, locale: boolean): WordPart {
    this.pos = s + skip;
    this.enter();
    const parts = this.readDQParts(true, false);
    this.depth--;
    if (this.pos >= this.end) this.eof('"', s);
    this.pos++;
    return new DoubleQuotedNode(s + this.base, this.pos + this.base, parts, locale);
  }

  /**
   * Reads parts as inside double quotes: up to an unescaped `"` (when `quoted`), or to `end`
   * (here-document bodies, where `\"` stays literal).
   */
  readDQParts(quoted: boolean, heredoc: boolean): WordPart[] {
    const src = this.src;
    const mark = this.mark();
    let litStart = this.pos;
    const end = this.end;
    for (;;) {
      const i = skipPlain(src, this.pos, end, PLAIN_DQ);
      this.pos = i;
      if (i >= end) break;
      const c = src[i]!;
      if (c === '"' && quoted) break;
      if (c === "\\") {
        const n = src[this.pos + 1];
        if (n === "\n") {
          this.lit(litStart, this.pos);
          this.pos += 2;
          litStart = this.pos;
          continue;
        }
        if (n === "$" || n === "`" || n === "\\" || (n === '"' && !heredoc)) {
          this.lit(litStart, this.pos);
          this.add(new TextNode("Escaped", this.pos + this.base, this.pos + 2 + this.base, n));
          this.pos += 2;
          litStart = this.pos;
          continue;
        }
        this.pos += n === undefined ? 1 : 2;
        continue;
      }
      if (c === "$") {
        this.lit(litStart, this.pos);
        this.readDollar();
        litStart = this.pos;
        continue;
      }
      if (c === "`") {
        this.lit(litStart, this.pos);
        this.add(this.readBacktick(true));
        litStart = this.pos;
        continue;
      }
      this.pos++;
    }
    this.lit(litStart, Math.min(this.pos, this.end));
    return this.cut(mark);
  }

  /**
   * A `$` at pos: parameter, `$( )`, `$(( ))`, `${ }`, `$[ ]`, or a literal `$`. `tildes` is
   * TILDE_OPERAND in an assignment value, where the words of `${x-w}` and `${x+w}` expand a
   * tilde after `:` as bash does (`x=${u-a:~}` is a:$HOME).
   */
  readDollar(tildes: number = TILDE_WORD): void {
    const src = this.src;
    let s = this.pos;
    if (src[s + 1] === "\\" && src[s + 2] === "\n") {
      // Line continuations between `$` and what follows vanish first (`$\<newline>?` is `$?`).
      let k = s + 1;
      while (src[k] === "\\" && src[k + 1] === "\n") k += 2;
      const c = src[k];
      if (c !== undefined && k < this.end && (isNameStart(c) || isDigit(c) || SPECIALS.includes(c) || c === "{" || c === "(")) s = k - 1;
    }
    const n = src[s + 1];
    if (n === "(") {
      if (src[s + 2] === "(") {
        const a = this.tryArith(s, 3, STOP_ARITH, "))");
        if (a !== undefined) {
          this.add(new ArithSubNode(s + this.base, this.pos + this.base, a, false));
          return;
        }
      }
      this.pos = s + 2;
      const body = this.readCommandSub();
      this.add(new CommandSubNode(s + this.base, this.pos + this.base, body, false, undefined));
      return;
    }
    if (n === "{") {
      this.enter();
      this.add(readBraced(this, s, tildes));
      this.depth--;
      return;
    }
    if (n === "[") {
      const a = this.tryArith(s, 2, STOP_BRACKET, "]");
      if (a === undefined) this.eof("]", s);
      this.add(new ArithSubNode(s + this.base, this.pos + this.base, a, true));
      return;
    }
    if (n !== undefined && s + 1 < this.end) {
      if (isNameStart(n)) {
        let j = s + 2;
        while (j < this.end && isNameChar(src[j]!)) j++;
        this.pos = j;
        this.add(this.param(s, sliceShared(src, s + 1, j)));
        return;
      }
      if (isDigit(n) || SPECIALS.includes(n)) {
        this.pos = s + 2;
        this.add(this.param(s, n));
        return;
      }
    }
    this.pos = s + 1;
    this.lit(s, s + 1);
  }

  private param(s: number, name: string): ParamExp {
    return new ParamExpNode(s + this.base, this.pos + this.base, true, name, false, false, undefined, undefined);
  }

  /**
   * Reads an arithmetic source from `s + skip` up to `close` (`))` or `]`); returns undefined
   * (pos restored) when the text does not end that way (then `$((` is `$( (`).
   */
  tryArith(s: number, skip: number, stop: number, close: string): Arithmetic | undefined {
    const memo = this.memoFor();
    if (memo.arithFails.get(s) === this.end) return undefined;
    this.pos = s + skip;
    const start = this.pos;
    this.enter();
    const parts = this.readParts(stop);
    this.depth--;
    if (!this.src.startsWith(close, this.pos) || this.pos + close.length > this.end) {
      // bash: an arithmetic context cut off by end of input is an error, not a subshell.
      if (this.pos >= this.end) this.eof(close === "]" ? "]" : ")", s);
      if (this.src[s] === "$" && close === "))") this.openToEnd(s);
      this.pos = s;
      // Remembered: `$(($((...) )) )` retries each level as `$( (`, which would re-try the
      // levels inside it again (exponential time without this).
      memo.arithFails.set(s, this.end);
      return undefined;
    }
    const arith = this.arith(parts, start, this.pos);
    this.pos += close.length;
    return arith;
  }

  /**
   * At the `)` that closed only the inner paren of `$((` at `s`: bash reads `$((` to its
   * matching `)` before it decides it is `$( (`, so when that match runs to the end of the
   * text, the error is the EOF of `$((` on its own line (`echo $(( 1 )` then more lines).
   */
  private openToEnd(s: number): void {
    this.pos++;
    this.enter();
    this.readParts(STOP_ARITH);
    this.depth--;
    if (this.pos >= this.end) this.eof(")", s);
  }

  /** Builds an Arithmetic from source parts, pre-parsing when there are no expansions. */
  arith(parts: WordPart[], start: number, end: number): Arithmetic {
    const source = this.word(start, end, parts);
    let expr;
    if (parts.length === 0) expr = tryParseArithmetic("", start + this.base);
    // The expression nests inside what is open here: it gets the rest of the depth budget.
    else if (parts.length === 1 && parts[0]!.type === "Literal") expr = tryParseArithmetic(parts[0]!.value, parts[0]!.start, this.opts.maxDepth - this.nest - this.depth);
    return new ArithmeticNode(source.start, source.end, source, expr);
  }

  /** `` `...` `` at pos (`inDQ`: inside double quotes, where `\"` is unescaped too). */
  readBacktick(inDQ: boolean): WordPart {
    const src = this.src;
    const s = this.pos;
    let i = s + 1;
    let text = "";
    let chunk = i;
    while (i < this.end && src[i] !== "`") {
      if (src[i] === "\\" && i + 1 < this.end) {
        const n = src[i + 1]!;
        if (n === "$" || n === "`" || n === "\\" || (inDQ && n === '"')) {
          text += src.slice(chunk, i) + n;
          i += 2;
          chunk = i;
          continue;
        }
        i += 2;
        continue;
      }
      i++;
    }
    if (i >= this.end) this.eof("`", s);
    text += src.slice(chunk, i);
    this.pos = i + 1;
    let body: Statement[];
    try {
      body = this.parseBacktick(text, s + 1 + this.base);
    } catch (e) {
      // (a breached nesting bound stays a parse error: deferring it would defer the bound)
      if (!(e instanceof ParseError) || e.message.startsWith("maximum nesting depth")) throw e;
      return new CommandSubNode(s + this.base, this.pos + this.base, EMPTY, true, text);
    }
    return new CommandSubNode(s + this.base, this.pos + this.base, body, true, undefined);
  }

  /** The right operand of `==` / `!=` in `[[ ]]`: bash parses extglob patterns whatever the option says. */
  forceExtglob = false;

  /** Whether a command-level word reads `@( )` and the like as an extglob group here. */
  extglobHere(): boolean {
    const e = this.opts.extglob;
    return this.forceExtglob || (typeof e === "boolean" ? e : e());
  }

  /** `?( ) *( ) +( ) @( ) !( )` at pos: the raw pattern up to the matching `)` (undefined if none). */
  readExtGlob(): WordPart | undefined {
    const src = this.src;
    const s = this.pos;
    let i = s + 2;
    let depth = 0;
    while (i < this.end) {
      const c = src[i]!;
      if (c === "\\") { i += 2; continue; }
      if (c === "'") {
        const e = src.indexOf("'", i + 1);
        if (e < 0) return undefined;
        i = e + 1;
        continue;
      }
      if (c === "(") depth++;
      else if (c === ")") {
        if (depth === 0) break;
        depth--;
      }
      i++;
    }
    if (i >= this.end) return undefined;
    this.pos = i + 1;
    return new ExtGlobNode(s + this.base, this.pos + this.base, src[s] as "?", src.slice(s + 2, i));
  }
}

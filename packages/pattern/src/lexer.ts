/**
 * A small modal lexer for the mini-languages (jq, awk): ordered token definitions, the first
 * that matches at the current offset wins (so list longer operators first), skipped groups
 * (whitespace, comments), and a mode stack (`push`/`pop`) for nested contexts such as jq's
 * string interpolation. Patterns are fixed, trusted regexes (written by us, matched sticky at
 * one offset, none with nested quantifiers), literal strings, or custom matchers.
 *
 * It replaces chevrotain's Lexer, the one part of chevrotain the packages used: chevrotain's
 * ESM entry imports lodash-es whole, 640 modules that took Node about 400 ms to load on the
 * first jq or awk run of a process (its bundled build is not importable: not in its exports).
 */

/** A matcher for what a regex cannot say (awk's regex-versus-division rule): the match at `offset`, or null. */
export interface CustomPattern {
  exec(text: string, offset: number, tokens: readonly Token[]): { readonly 0: string } | null;
}

/** How to define a token type. */
export interface TokenOptions {
  readonly name: string;
  /** A literal string, a regex (matched at the offset only; flags other than `i`, `s`, `u` are ignored), or a custom matcher. */
  readonly pattern: string | RegExp | CustomPattern;
  /** Matched but not returned (whitespace, comments). */
  readonly skip?: boolean;
  /** Enter this mode after the token. */
  readonly push?: string;
  /** Return to the previous mode after the token (an error when there is none). */
  readonly pop?: boolean;
}

/** A token type: its name and how it matches. Compare token types by identity or by `name`. */
export interface TokenType {
  readonly name: string;
  readonly skip: boolean;
  readonly push: string | undefined;
  readonly pop: boolean;
  /** @internal the literal, the sticky regex or the custom matcher. */
  readonly match: string | RegExp | CustomPattern;
}

/** A token: its type, its text, and where it starts and ends (offsets are 0-based, `endOffset` inclusive; lines and columns 1-based). */
export interface Token {
  readonly tokenType: TokenType;
  readonly image: string;
  readonly startOffset: number;
  readonly endOffset: number;
  readonly startLine: number;
  readonly startColumn: number;
}

/** A lexing error: no token matched at `offset` (`length` characters were skipped), or a pop with no mode to return to. */
export interface LexError {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  readonly length: number;
  readonly message: string;
}

/** The tokens of a text (skipped ones left out) and the errors met on the way, in order. */
export interface LexResult {
  readonly tokens: Token[];
  readonly errors: LexError[];
}

/** Defines a token type. */
export function defineToken(o: TokenOptions): TokenType {
  const p = o.pattern;
  const match = p instanceof RegExp ? new RegExp(p.source, `${p.flags.replace(/[gmyd]/g, "")}y`) : p;
  return { name: o.name, skip: o.skip === true, push: o.push, pop: o.pop === true, match };
}

/** Length of the match of `t` at `offset`, or -1 (an empty match counts as none). */
function matchAt(t: TokenType, text: string, offset: number, tokens: readonly Token[]): number {
  const m = t.match;
  if (typeof m === "string") return text.startsWith(m, offset) ? m.length : -1;
  if (m instanceof RegExp) {
    m.lastIndex = offset;
    const r = m.exec(text);
    return r === null || r[0].length === 0 ? -1 : r[0].length;
  }
  const r = m.exec(text, offset, tokens);
  return r === null || r[0].length === 0 ? -1 : r[0].length;
}

/**
 * A lexer over ordered token types, in one mode (an array) or several (`modes`, starting in
 * `defaultMode`). Build it once and reuse it; `tokenize` keeps no state between calls.
 */
export class ModalLexer {
  readonly #modes: ReadonlyMap<string, readonly TokenType[]>;
  readonly #start: string;

  constructor(modes: readonly TokenType[] | Readonly<Record<string, readonly TokenType[]>>, defaultMode = "default") {
    this.#modes = new Map(Array.isArray(modes) ? [[defaultMode, modes as readonly TokenType[]]] : Object.entries(modes));
    if (!this.#modes.has(defaultMode)) throw new Error(`lexer: no mode ${defaultMode}`);
    this.#start = defaultMode;
  }

  /** Splits `text` into tokens; never throws on bad input (see `errors`). */
  tokenize(text: string): LexResult {
    const tokens: Token[] = [];
    const errors: LexError[] = [];
    const stack = [this.#start];
    let types = this.#modes.get(this.#start)!;
    let pos = 0;
    let line = 1;
    let lineStart = 0;
    let badFrom = -1;
    let badLine = 1;
    let badLineStart = 0;
    const flushBad = (end: number) => {
      if (badFrom < 0) return;
      errors.push({ offset: badFrom, line: badLine, column: badFrom - badLineStart + 1, length: end - badFrom, message: `unexpected character: ->${text[badFrom]}<- at offset: ${badFrom}, skipped ${end - badFrom} characters.` });
      badFrom = -1;
    };
    while (pos < text.length) {
      let type: TokenType | undefined;
      let len = -1;
      for (let i = 0; i < types.length; i++) {
        len = matchAt(types[i]!, text, pos, tokens);
        if (len > 0) {
          type = types[i];
          break;
        }
      }
      if (type === undefined) {
        if (badFrom < 0) {
          badFrom = pos;
          badLine = line;
          badLineStart = lineStart;
        }
        if (text.charCodeAt(pos) === 10) {
          line++;
          lineStart = pos + 1;
        }
        pos++;
        continue;
      }
      flushBad(pos);
      const image = text.slice(pos, pos + len);
      if (!type.skip) tokens.push({ tokenType: type, image, startOffset: pos, endOffset: pos + len - 1, startLine: line, startColumn: pos - lineStart + 1 });
      for (let nl = image.indexOf("\n"); nl >= 0; nl = image.indexOf("\n", nl + 1)) {
        line++;
        lineStart = pos + nl + 1;
      }
      if (type.pop) {
        if (stack.length > 1) {
          stack.pop();
          types = this.#modes.get(stack[stack.length - 1]!)!;
        } else {
          errors.push({ offset: pos, line, column: pos - lineStart + 1, length: len, message: `unable to pop lexer mode after ->${image}<-: the mode stack is empty` });
        }
      }
      if (type.push !== undefined) {
        const next = this.#modes.get(type.push);
        if (next === undefined) throw new Error(`lexer: no mode ${type.push}`);
        stack.push(type.push);
        types = next;
      }
      pos += len;
    }
    flushBad(pos);
    return { tokens, errors };
  }
}

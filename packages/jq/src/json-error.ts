/**
 * What jq says of a malformed JSON text: the state machine of jq 1.8's parser (jv_parse.c,
 * non-streaming mode) run over the text, for its first error only. The fast reader (json.ts)
 * reads by recursive descent and finds every error jq finds, but not always where jq finds it
 * or with jq's wording (`[1,]` is "Expected another array element", `{"a" 1}` "Expected
 * separator between values" at the `}`): once it has failed, this machine reads the text again
 * from the start of the value being read and gives jq's message. Positions are jq's: the line,
 * and the column in UTF-8 bytes after the character where jq noticed the error.
 */

import type { Val } from "./value.js";

/** What the parser's `next` holds: nothing, a string (a possible key), or another value. */
const NONE = 0;
const STR = 1;
const OTHER = 2;

/** An open array or object and how many members it has; a key (string) waiting for its value. */
interface Frame {
  readonly kind: "array" | "object" | "key";
  size: number;
}

/** A token's value, or jq's message for it. */
export type TokenResult = { readonly v: Val } | { readonly error: string };

/**
 * jq's reading of the bare token `t` (jv_parse.c `check_literal`): `true`, `false`, `null` when
 * spelled so (a token starting with `t`, `f` or `nu` is one of them or "Invalid literal"),
 * `number(t)` otherwise, or its error.
 */
export function literalToken(t: string, number: (w: string) => Val | undefined): TokenResult {
  let pattern: string | undefined;
  let v: Val = null;
  switch (t[0]) {
    case "t":
      pattern = "true";
      v = true;
      break;
    case "f":
      pattern = "false";
      v = false;
      break;
    case "'":
      return { error: `Invalid string literal; expected ", but got '` };
    case "n":
      if (t.length > 1 && t[1] === "u") pattern = "null";
  }
  if (pattern !== undefined) return t === pattern ? { v } : { error: "Invalid literal" };
  const n = number(t);
  return n === undefined ? { error: "Invalid numeric literal" } : { v: n };
}

/** jq's reading of a string token, `raw` being the text between its quotes (`found_string`). */
export function stringToken(raw: string): TokenResult {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x5c) {
      const e = raw[++i];
      if (e === undefined) return { error: "Expected escape character at end of string" };
      if ('\\"/bfntr'.includes(e)) continue;
      if (e !== "u") return { error: "Invalid escape" };
      if (i + 5 > raw.length) return { error: "Invalid \\uXXXX escape" };
      const h = hex4(raw, i + 1);
      if (h < 0) return { error: "Invalid characters in \\uXXXX escape" };
      i += 4;
      if (h >= 0xd800 && h <= 0xdbff) {
        const lo = i + 7 > raw.length || raw[i + 1] !== "\\" || raw[i + 2] !== "u" ? -1 : hex4(raw, i + 3);
        if (!(lo >= 0xdc00 && lo <= 0xdfff)) return { error: "Invalid \\uXXXX\\uXXXX surrogate pair escape" };
        i += 6;
      }
    } else if (c < 0x20) return { error: "Invalid string: control characters from U+0000 through U+001F must be escaped" };
  }
  // (valid escapes, no control characters: JSON's own syntax)
  return { v: JSON.parse(`"${raw}"`) as string };
}

/** True when `c` is a character of a bare token (jq's `classify`: not white space, a quote or `[,]{:}`). */
export function isTokenChar(c: number): boolean {
  return !(c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x22 || c === 0x5b || c === 0x2c || c === 0x5d || c === 0x7b || c === 0x3a || c === 0x7d);
}

/** `MSG at line L, column C` or, at the end of the text, `MSG at EOF at line L, column C` (jq's shapes). */
export function errorAt(msg: string, eof: boolean, line: number, col: number): string {
  return `${msg} at ${eof ? "EOF at " : ""}line ${line}, column ${col}`;
}

/**
 * jq's error for the text `text` read from `from`, where `line` and `col` are jq's position just
 * before `from` (col counted in UTF-8 bytes): `MSG at line L, column C` or `MSG at EOF at line L,
 * column C`; undefined when jq would find no error there. `number(w)` is jq's reading of a bare
 * word that is not true/false/null; `maxDepth` is jq's nesting limit.
 */
export function jqParseError(text: string, from: number, line: number, col: number, maxDepth: number, number: (w: string) => Val | undefined): string | undefined {
  const stack: Frame[] = [];
  let next = NONE;
  const sc = new JvScan(line, col);

  const value = (kind: number): string | undefined => {
    if (next !== NONE) return "Expected separator between values";
    next = kind;
    return undefined;
  };
  const checkLiteral = (): string | undefined => {
    const r = sc.takeLiteral(number);
    return r === undefined ? undefined : "error" in r ? r.error : value(OTHER);
  };
  const top = (): Frame | undefined => stack[stack.length - 1];
  const structure = (ch: string): string | undefined => {
    const f = top();
    switch (ch) {
      case "[":
      case "{":
        if (stack.length >= maxDepth) return "Exceeds depth limit for parsing";
        if (next !== NONE) return "Expected separator between values";
        stack.push({ kind: ch === "[" ? "array" : "object", size: 0 });
        return undefined;
      case ":":
        if (next === NONE) return "Expected string key before ':'";
        if (f === undefined || f.kind !== "object") return "':' not as part of an object";
        if (next !== STR) return "Object keys must be strings";
        stack.push({ kind: "key", size: 0 });
        next = NONE;
        return undefined;
      case ",":
        if (next === NONE) return "Expected value before ','";
        if (f === undefined) return "',' not as part of an object or array";
        if (f.kind === "array") f.size++;
        else if (f.kind === "key") {
          stack.pop();
          top()!.size++;
        } else return "Objects must consist of key:value pairs";
        next = NONE;
        return undefined;
      case "]":
        if (f === undefined || f.kind !== "array") return "Unmatched ']'";
        if (next === NONE && f.size !== 0) return "Expected another array element";
        stack.pop();
        next = OTHER;
        return undefined;
      default: {
        // "}"
        if (f === undefined) return "Unmatched '}'";
        if (next !== NONE) {
          if (f.kind !== "key") return "Objects must consist of key:value pairs";
          stack.pop();
        } else {
          if (f.kind !== "object") return "Unmatched '}'";
          if (f.size !== 0) return "Expected another key-value pair";
        }
        stack.pop();
        next = OTHER;
        return undefined;
      }
    }
  };

  for (let i = from; i < text.length; i++) {
    const ch = text[i]!;
    const k = sc.step(ch);
    if (k === TAKEN) continue;
    let err: string | undefined;
    if (k === STRING_END) {
      const r = stringToken(sc.raw);
      err = "error" in r ? r.error : value(STR);
    } else {
      err = checkLiteral();
      // (a finished top-level value goes out: the next one starts afresh)
      if (err === undefined && stack.length === 0) next = NONE;
      if (err === undefined && ch !== '"' && ch > " ") err = structure(ch);
    }
    if (err !== undefined) return errorAt(err, false, sc.line, sc.col);
    if (stack.length === 0) next = NONE;
  }
  if (sc.inString) return errorAt("Unfinished string", true, sc.line, sc.col);
  const err = checkLiteral();
  if (err !== undefined) return errorAt(err, true, sc.line, sc.col);
  if (stack.length !== 0) return errorAt("Unfinished JSON term", true, sc.line, sc.col);
  return undefined;
}

/** The UTF-8 bytes of the UTF-16 unit `c` (2 for each half of a surrogate pair): jq counts columns in bytes. */
export function utf8Units(c: number): number {
  return c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
}

/** What `JvScan.step` did with a character. */
export const TAKEN = 0;
export const STRING_END = 1;
export const OTHER_CHAR = 2;

/**
 * jq's character scanner (jv_parse.c `scan`), shared by its two parsers: the position (line,
 * and column in UTF-8 bytes, after the character read), the bare token being read, the string
 * being read.
 */
export class JvScan {
  token = "";
  /** The text between the quotes of the string `step` just ended. */
  raw = "";
  #inString = false;
  #escaped = false;
  constructor(
    public line: number,
    public col: number,
  ) {}

  /** The bare token read (see `literalToken`), now complete, or undefined when there is none. */
  takeLiteral(number: (w: string) => Val | undefined): TokenResult | undefined {
    if (this.token === "") return undefined;
    const r = literalToken(this.token, number);
    this.token = "";
    return r;
  }

  /** True inside a string (at the end of the text: "Unfinished string"). */
  get inString(): boolean {
    return this.#inString;
  }

  /**
   * Reads `ch`: TAKEN when it went into the token or the string, STRING_END when it closed a
   * string (in `raw`), OTHER_CHAR for white space, a quote opening a string, or structure (the
   * token before it, if any, is complete: the caller checks it).
   */
  step(ch: string): number {
    const c = ch.charCodeAt(0);
    this.col += utf8Units(c);
    if (c === 0x0a) {
      this.line++;
      this.col = 0;
    }
    if (this.#inString) {
      if (c === 0x22 && !this.#escaped) {
        this.#inString = false;
        return STRING_END;
      }
      this.raw += ch;
      this.#escaped = c === 0x5c && !this.#escaped;
      return TAKEN;
    }
    if (isTokenChar(c)) {
      this.token += ch;
      return TAKEN;
    }
    if (c === 0x22) {
      this.#inString = true;
      this.raw = "";
    }
    return OTHER_CHAR;
  }
}

/** The 4 hex digits at `s[i]` as a number, or -1. */
function hex4(s: string, i: number): number {
  const h = s.slice(i, i + 4);
  return /^[0-9a-fA-F]{4}$/.test(h) ? Number.parseInt(h, 16) : -1;
}

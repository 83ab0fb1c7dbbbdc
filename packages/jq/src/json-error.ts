/**
 * What jq says of a malformed JSON text: the state machine of jq 1.8's parser (jv_parse.c,
 * non-streaming mode) run over the text, for its first error only. The fast reader (json.ts)
 * reads by recursive descent and finds every error jq finds, but not always where jq finds it
 * or with jq's wording (`[1,]` is "Expected another array element", `{"a" 1}` "Expected
 * separator between values" at the `}`): once it has failed, this machine reads the text again
 * from the start of the value being read and gives jq's message. Positions are jq's: the line,
 * and the column in UTF-8 bytes after the character where jq noticed the error.
 */

/** Parser states (jq's JV_PARSER_NORMAL, _STRING, _STRING_ESCAPE). */
const NORMAL = 0;
const STRING = 1;
const ESCAPE = 2;

/** What the parser's `next` holds: nothing, a string (a possible key), or another value. */
const NONE = 0;
const STR = 1;
const OTHER = 2;

/** An open array or object and how many members it has; a key (string) waiting for its value. */
interface Frame {
  readonly kind: "array" | "object" | "key";
  size: number;
}

/**
 * jq's error for the text `text` read from `from`, where `line` and `col` are jq's position just
 * before `from` (col counted in UTF-8 bytes): `MSG at line L, column C` or `MSG at EOF at line L,
 * column C`; undefined when jq would find no error there. `bareword(w)` tells whether jq reads
 * the bare word `w` (not true/false/null) as a number; `maxDepth` is jq's nesting limit.
 */
export function jqParseError(text: string, from: number, line: number, col: number, maxDepth: number, bareword: (w: string) => boolean): string | undefined {
  const stack: Frame[] = [];
  let next = NONE;
  let token = "";
  let st = NORMAL;
  let str = "";

  const value = (kind: number): string | undefined => {
    if (next !== NONE) return "Expected separator between values";
    next = kind;
    return undefined;
  };
  const checkLiteral = (): string | undefined => {
    if (token === "") return undefined;
    const t = token;
    token = "";
    let pattern: string | undefined;
    switch (t[0]) {
      case "t":
        pattern = "true";
        break;
      case "f":
        pattern = "false";
        break;
      case "'":
        return `Invalid string literal; expected ", but got '`;
      case "n":
        if (t.length > 1 && t[1] === "u") pattern = "null";
    }
    if (pattern !== undefined) return t === pattern ? value(OTHER) : "Invalid literal";
    return bareword(t) ? value(OTHER) : "Invalid numeric literal";
  };
  const top = (): Frame | undefined => stack[stack.length - 1];
  /** Ends the member whose value is `next`: appended to an array, or set under the key below it. */
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
  const foundString = (): string | undefined => {
    const s = str;
    str = "";
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x5c) {
        const e = s[++i];
        if (e === undefined) return "Expected escape character at end of string";
        if ('\\"/bfntr'.includes(e)) continue;
        if (e !== "u") return "Invalid escape";
        if (i + 5 > s.length) return "Invalid \\uXXXX escape";
        const h = hex4(s, i + 1);
        if (h < 0) return "Invalid characters in \\uXXXX escape";
        i += 4;
        if (h >= 0xd800 && h <= 0xdbff) {
          if (i + 7 > s.length || s[i + 1] !== "\\" || s[i + 2] !== "u") return "Invalid \\uXXXX\\uXXXX surrogate pair escape";
          const lo = hex4(s, i + 3);
          if (!(lo >= 0xdc00 && lo <= 0xdfff)) return "Invalid \\uXXXX\\uXXXX surrogate pair escape";
          i += 6;
        }
      } else if (c < 0x20) return "Invalid string: control characters from U+0000 through U+001F must be escaped";
    }
    return value(STR);
  };
  const at = (msg: string, eof: boolean): string => `${msg} at ${eof ? "EOF at " : ""}line ${line}, column ${col}`;

  for (let i = from; i < text.length; i++) {
    const ch = text[i]!;
    const c = ch.charCodeAt(0);
    col += utf8Units(c);
    if (c === 0x0a) {
      line++;
      col = 0;
    }
    let err: string | undefined;
    if (st === NORMAL) {
      const literal = !(c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x22 || "[,]{:}".includes(ch));
      if (literal) {
        token += ch;
        continue;
      }
      err = checkLiteral();
      // (a finished top-level value goes out: the next one starts afresh)
      if (err === undefined && stack.length === 0) next = NONE;
      if (err === undefined) {
        if (c === 0x22) st = STRING;
        else if (c > 0x20) err = structure(ch);
      }
    } else if (c === 0x22 && st === STRING) {
      st = NORMAL;
      err = foundString();
    } else {
      str += ch;
      st = c === 0x5c && st === STRING ? ESCAPE : STRING;
    }
    if (err !== undefined) return at(err, false);
    if (stack.length === 0) next = NONE;
  }
  if (st !== NORMAL) return at("Unfinished string", true);
  const err = checkLiteral();
  if (err !== undefined) return at(err, true);
  if (stack.length !== 0) return at("Unfinished JSON term", true);
  return undefined;
}

/** The UTF-8 bytes of the UTF-16 unit `c` (2 for each half of a surrogate pair): jq counts columns in bytes. */
export function utf8Units(c: number): number {
  return c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
}

/** The 4 hex digits at `s[i]` as a number, or -1. */
function hex4(s: string, i: number): number {
  const h = s.slice(i, i + 4);
  return /^[0-9a-fA-F]{4}$/.test(h) ? Number.parseInt(h, 16) : -1;
}

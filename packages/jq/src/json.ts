/**
 * JSON text <-> jq values: a streaming reader of concatenated JSON texts (jq's input format,
 * with `nan`/`NaN` accepted as jq does; numbers keep their literal as jq 1.8's decNumber build
 * does, number.ts). The serializer is in dump.ts.
 */
import type { JqObject, Val } from "./value.js";
import { EMPTY_SHAPE } from "./object.js";
import { decNumberWord, numberLiteral } from "./number.js";
import { jqParseError, utf8Units } from "./json-error.js";
import { JqMap } from "./value.js";

/** A malformed JSON text. `message` follows jq's wording (`... at line L, column C`). */
export class JsonParseError extends Error {}

const WS = new Uint8Array(128);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WS[c] = 1;
/** Characters that end a literal token (jq's scanner: whitespace and `[]{},:"`). */
const DELIM = new Uint8Array(128);
for (const c of [0x20, 0x09, 0x0a, 0x0d, 0x5b, 0x5d, 0x7b, 0x7d, 0x2c, 0x3a, 0x22]) DELIM[c] = 1;
/** True when `s[p]` continues a literal token (false at the end of the text). */
function inToken(s: string, p: number): boolean {
  const c = s.charCodeAt(p);
  return c >= 128 || DELIM[c] === 0;
}

/** Exact powers of ten up to 1e15 (for the decimal fast path of `#literal`). */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** Object keys seen lately (a direct-mapped cache), shared by every reader: see `JsonReader.#key`. */
const KEYS: (string | undefined)[] = new Array<string | undefined>(1024).fill(undefined);
/** Short string values seen lately, as `KEYS` (apart, so unique values do not evict the keys). */
const VALS: (string | undefined)[] = new Array<string | undefined>(1024).fill(undefined);

/**
 * `s[b..b+n)` as a new array. Up to 8 elements through array literals: each literal is an
 * allocation site V8 can learn to allocate in the old generation when its arrays live long (a
 * parsed document's do), instead of copying every one of them out of the young generation.
 */
function take(s: Val[], b: number, n: number): Val[] {
  switch (n) {
    case 1:
      return [s[b]!];
    case 2:
      return [s[b]!, s[b + 1]!];
    case 3:
      return [s[b]!, s[b + 1]!, s[b + 2]!];
    case 4:
      return [s[b]!, s[b + 1]!, s[b + 2]!, s[b + 3]!];
    case 5:
      return [s[b]!, s[b + 1]!, s[b + 2]!, s[b + 3]!, s[b + 4]!];
    case 6:
      return [s[b]!, s[b + 1]!, s[b + 2]!, s[b + 3]!, s[b + 4]!, s[b + 5]!];
    case 7:
      return [s[b]!, s[b + 1]!, s[b + 2]!, s[b + 3]!, s[b + 4]!, s[b + 5]!, s[b + 6]!];
    case 8:
      return [s[b]!, s[b + 1]!, s[b + 2]!, s[b + 3]!, s[b + 4]!, s[b + 5]!, s[b + 6]!, s[b + 7]!];
  }
  return s.slice(b, b + n);
}

/** Reads successive JSON values from one text. */
export class JsonReader {
  readonly text: string;
  pos = 0;
  readonly #maxDepth: number;
  /** Elements of the arrays and objects being read (below `#top`; the array never shrinks). */
  readonly #stack: Val[] = [];
  #top = 0;
  /** The array `nextItem` reads: 0 none, 1 before its first element, 2 after an element. */
  #items = 0;
  /** Where the array `openArray` opened starts. */
  #arrayStart = 0;
  readonly #line: number;
  readonly #col: number;
  /** What follows `text` in the input, when known (see `#asJq`). */
  readonly #after: string;
  /**
   * `line`/`col`: where `text` starts in the whole input (for error positions); `after`: the
   * input's character after `text` if there is one (jq may notice an error there).
   */
  constructor(text: string, maxDepth = 10000, line = 1, col = 0, after = "") {
    this.text = stripBom(text);
    this.#maxDepth = maxDepth;
    this.#line = line;
    this.#col = col;
    this.#after = after;
  }

  /** The next value, or `undefined` at the end of the text. */
  next(): Val | undefined {
    this.#top = 0;
    this.#skipWs();
    if (this.pos >= this.text.length) return undefined;
    const start = this.pos;
    try {
      return this.#next(start);
    } catch (e) {
      throw e instanceof JsonParseError ? this.#asJq(e, start) : e;
    }
  }

  #next(start: number): Val {
    let v: Val;
    try {
      v = this.#value(0);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      // Nested past the JavaScript stack: parse this text again without recursion.
      this.pos = start;
      v = this.#valueIterative();
    }
    const c = this.text.charCodeAt(this.pos);
    if (this.pos < this.text.length && !(c < 128 && WS[c]) && c !== 0x5b && c !== 0x7b && c !== 0x22 && isLiteralChar(c) && isLiteralChar(this.text.charCodeAt(this.pos - 1))) {
      this.#fail("Invalid numeric literal");
    }
    return v;
  }

  /**
   * True when the next text is an array (after whitespace): `openArray` and `nextItem` can then
   * read it element by element, never building it (see `nextItem`).
   */
  atArray(): boolean {
    this.#skipWs();
    return this.text.charCodeAt(this.pos) === 0x5b;
  }

  /** Consumes the `[` that `atArray` saw; `nextItem` then reads the elements. */
  openArray(): void {
    this.#arrayStart = this.pos;
    this.pos++;
    this.#items = 1;
  }

  /**
   * `e` with jq's own message (./json-error.ts): what jq says of the text read from `start`
   * (the start of the top-level value being read), or `e` when jq would find nothing wrong.
   */
  #asJq(e: JsonParseError, start: number): JsonParseError {
    const s = this.text;
    let line = this.#line;
    let col = this.#col;
    for (let i = 0; i < start; i++) {
      const c = s.charCodeAt(i);
      col += utf8Units(c);
      if (c === 10) {
        line++;
        col = 0;
      }
    }
    const msg = jqParseError(s + this.#after, start, line, col, this.#maxDepth, decNumberWord);
    return msg === undefined ? e : new JsonParseError(msg);
  }

  /**
   * The next element of the array `openArray` opened, or `undefined` after its `]`. Reads what
   * `next` would read for the whole array, with the same errors at the same positions.
   */
  nextItem(): Val | undefined {
    try {
      return this.#nextItem();
    } catch (e) {
      throw e instanceof JsonParseError ? this.#asJq(e, this.#arrayStart) : e;
    }
  }

  #nextItem(): Val | undefined {
    const s = this.text;
    if (this.#items === 0) return undefined;
    if (s.charCodeAt(this.pos) <= 0x20) this.#skipWs();
    if (this.#items === 1) {
      if (s.charCodeAt(this.pos) === 0x5d) {
        this.pos++;
        this.#items = 0;
        return undefined;
      }
    } else {
      const d = s.charCodeAt(this.pos);
      this.pos++;
      if (d === 0x5d) {
        this.#items = 0;
        return undefined;
      }
      if (d !== 0x2c) {
        if (this.pos > s.length) this.#fail("Unfinished JSON term at EOF");
        this.#failAfterToken("Expected separator between values", this.pos - 1);
      }
      if (s.charCodeAt(this.pos) <= 0x20) this.#skipWs();
    }
    if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
    if (s.charCodeAt(this.pos) === 0x2c) this.#fail("Expected value before ','");
    this.#top = 0;
    const start = this.pos;
    let v: Val;
    try {
      v = this.#value(1);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      this.pos = start;
      v = this.#valueIterative(1);
    }
    this.#items = 2;
    return v;
  }

  #skipWs(): void {
    const s = this.text;
    let p = this.pos;
    for (;;) {
      const c = s.charCodeAt(p);
      if (c < 128 && WS[c] === 1) p++;
      else break;
    }
    this.pos = p;
  }

  #where(): string {
    let line = this.#line;
    let col = this.#col;
    for (let i = 0; i < this.pos && i < this.text.length; i++) {
      if (this.text.charCodeAt(i) === 10) {
        line++;
        col = 0;
      } else col++;
    }
    return `at line ${line}, column ${col}`;
  }

  #fail(msg: string): never {
    throw new JsonParseError(`${msg} ${this.#where()}`);
  }

  /**
   * Fails where jq notices the error: after the token starting at `p` (a string up to its closing
   * quote, a literal up to and including the delimiter that ends it, else the one character).
   */
  #failAfterToken(msg: string, p: number): never {
    const s = this.text;
    if (s.charCodeAt(p) === 0x22) {
      for (p++; p < s.length && s.charCodeAt(p) !== 0x22; p++) if (s.charCodeAt(p) === 0x5c) p++;
      p++;
    } else if (inToken(s, p)) {
      while (p < s.length && inToken(s, p)) p++;
      p++;
    } else p++;
    this.pos = Math.min(p, s.length);
    this.#fail(msg);
  }

  #value(depth: number): Val {
    if (depth >= this.#maxDepth) this.#fail("Exceeds depth limit for parsing");
    const s = this.text;
    const c = s.charCodeAt(this.pos);
    if (c === 0x22) return this.#stringValue();
    if (c === 0x7b) {
      this.pos++;
      // `<= 0x20` first: compact text skips no whitespace and makes no call.
      if (s.charCodeAt(this.pos) <= 0x20) this.#skipWs();
      if (s.charCodeAt(this.pos) === 0x7d) {
        this.pos++;
        return new JqMap();
      }
      // Values go on the shared stack (as array elements do) while the keys walk the shared
      // shapes: the object is made once, of its shape and an exactly sized value array.
      const stk = this.#stack;
      const base = this.#top;
      let shape = EMPTY_SHAPE;
      try {
        for (;;) {
          if (s.charCodeAt(this.pos) <= 0x20) this.#skipWs();
          const q = s.charCodeAt(this.pos);
          if (q !== 0x22) {
            if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
            // jq reads the key as a value first (reporting a bad literal as such), then rejects it at ':'.
            if (q !== 0x5d && q !== 0x7d && q !== 0x2c && q !== 0x3a) this.#value(depth + 1);
            this.#skipWs();
            if (s.charCodeAt(this.pos) === 0x3a) this.pos++;
            this.#fail("Object keys must be strings");
          }
          // Records repeat their keys in order: the key this shape was followed by last time,
          // when the raw text is exactly it, costs one comparison (no scan, no cache lookup).
          const guess = shape.guess();
          let k: string;
          if (guess !== undefined && s.charCodeAt(this.pos + guess.length + 1) === 0x22 && s.startsWith(guess, this.pos + 1)) {
            k = guess;
            this.pos += guess.length + 2;
          } else k = this.#key();
          if (s.charCodeAt(this.pos) <= 0x20) this.#skipWs();
          if (s.charCodeAt(this.pos) !== 0x3a) {
            if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
            this.#fail("Objects must consist of key:value pairs");
          }
          this.pos++;
          if (s.charCodeAt(this.pos) <= 0x20) this.#skipWs();
          if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
          const v = this.#value(depth + 1);
          const next = shape.next(k);
          if (next !== undefined) {
            shape = next;
            stk[this.#top++] = v;
          } else {
            const at = shape.indexOf(k);
            if (at >= 0) stk[base + at] = v;
            else {
              shape = shape.with(k);
              stk[this.#top++] = v;
            }
          }
          if (s.charCodeAt(this.pos) <= 0x20) this.#skipWs();
          const d = s.charCodeAt(this.pos);
          this.pos++;
          if (d === 0x2c) continue;
          if (d === 0x7d) return JqMap.fromParts(shape, take(stk, base, this.#top - base));
          if (this.pos > s.length) this.#fail("Unfinished JSON term at EOF");
          this.#failAfterToken("Expected separator between values", this.pos - 1);
        }
      } finally {
        this.#top = base;
      }
    }
    if (c === 0x5b) {
      this.pos++;
      if (s.charCodeAt(this.pos) <= 0x20) this.#skipWs();
      if (s.charCodeAt(this.pos) === 0x5d) {
        this.pos++;
        return [];
      }
      // Elements go on a shared stack and leave it as one exactly sized array (an array grown
      // by push keeps a capacity of 16 or more: most of a parsed document's small arrays).
      const stk = this.#stack;
      const base = this.#top;
      try {
        for (;;) {
          if (s.charCodeAt(this.pos) <= 0x20) this.#skipWs();
          if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
          if (s.charCodeAt(this.pos) === 0x2c) this.#fail("Expected value before ','");
          const v = this.#value(depth + 1);
          stk[this.#top++] = v;
          if (s.charCodeAt(this.pos) <= 0x20) this.#skipWs();
          const d = s.charCodeAt(this.pos);
          this.pos++;
          if (d === 0x2c) continue;
          if (d === 0x5d) return take(stk, base, this.#top - base);
          if (this.pos > s.length) this.#fail("Unfinished JSON term at EOF");
          this.#failAfterToken("Expected separator between values", this.pos - 1);
        }
      } finally {
        this.#top = base;
      }
    }
    return this.#literal();
  }

  /** The same grammar as `#value`, with an explicit stack (for deeply nested texts); `depth0`: the value's nesting. */
  #valueIterative(depth0 = 0): Val {
    const s = this.text;
    const stack: { c: Val[] | JqObject; key: string }[] = [];
    const readKey = (): string => {
      this.#skipWs();
      if (s.charCodeAt(this.pos) !== 0x22) {
        if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
        this.#fail("Object keys must be strings");
      }
      const k = this.#string();
      this.#skipWs();
      if (s.charCodeAt(this.pos) !== 0x3a) {
        if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
        this.#fail("Objects must consist of key:value pairs");
      }
      this.pos++;
      return k;
    };
    for (;;) {
      this.#skipWs();
      if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
      const c = s.charCodeAt(this.pos);
      let v: Val;
      if (c === 0x5b || c === 0x7b) {
        this.pos++;
        this.#skipWs();
        const close = c === 0x5b ? 0x5d : 0x7d;
        if (s.charCodeAt(this.pos) === close) {
          this.pos++;
          v = c === 0x5b ? [] : new JqMap();
        } else {
          if (stack.length + 1 + depth0 >= this.#maxDepth) this.#fail("Exceeds depth limit for parsing");
          if (c === 0x5b) stack.push({ c: [], key: "" });
          else stack.push({ c: new JqMap(), key: readKey() });
          continue;
        }
      } else if (c === 0x22) v = this.#string();
      else v = this.#literal();
      for (;;) {
        const top = stack[stack.length - 1];
        if (!top) return v;
        if (Array.isArray(top.c)) top.c.push(v);
        else top.c.set(top.key, v);
        this.#skipWs();
        const d = s.charCodeAt(this.pos++);
        if (d === 0x2c) {
          if (!Array.isArray(top.c)) top.key = readKey();
          break;
        }
        if ((d === 0x5d && Array.isArray(top.c)) || (d === 0x7d && !Array.isArray(top.c))) {
          stack.pop();
          v = top.c;
          continue;
        }
        if (this.pos > s.length) this.#fail("Unfinished JSON term at EOF");
        this.#fail("Expected separator between values");
      }
    }
  }

  #literal(): Val {
    const s = this.text;
    const start = this.pos;
    let p = start;
    // Fast paths: true/false/null, and a well-formed JSON number followed by a delimiter
    // (integers of up to 15 digits are computed without slicing the text).
    let c = s.charCodeAt(p);
    if (c === 0x74 && s.startsWith("true", p) && !inToken(s, p + 4)) {
      this.pos = p + 4;
      return true;
    }
    if (c === 0x66 && s.startsWith("false", p) && !inToken(s, p + 5)) {
      this.pos = p + 5;
      return false;
    }
    if (c === 0x6e && s.startsWith("null", p) && !inToken(s, p + 4)) {
      this.pos = p + 4;
      return null;
    }
    const neg = c === 0x2d;
    if (neg) c = s.charCodeAt(++p);
    if (c >= 0x30 && c <= 0x39) {
      const digits = p;
      let n = 0;
      do {
        n = n * 10 + (c - 0x30);
        c = s.charCodeAt(++p);
      } while (c >= 0x30 && c <= 0x39);
      if (p - digits <= 15 && c !== 0x2e && c !== 0x65 && c !== 0x45 && !inToken(s, p)) {
        this.pos = p;
        return neg ? -n : n;
      }
      if (c === 0x2e) {
        const f0 = p + 1;
        do c = s.charCodeAt(++p);
        while (c >= 0x30 && c <= 0x39);
        // At most 15 significant digits and no exponent: the digits as an integer (exact) over a
        // power of ten (exact) is one correctly rounded division, the value Number() gives. Its
        // shortest digits are the literal's, so it prints as written unless the literal ends in
        // a zero (`1.50`) or is below 1e-4 (`0.00005`, printed `5e-05`): those keep the literal.
        if (p - digits <= 16 && c !== 0x65 && c !== 0x45 && !inToken(s, p)) {
          let m = n;
          for (let i = f0; i < p; i++) m = m * 10 + (s.charCodeAt(i) - 0x30);
          const x = m / POW10[p - f0]!;
          if (p === f0 || (s.charCodeAt(p - 1) !== 0x30 && x >= 1e-4)) {
            this.pos = p;
            return neg ? -x : x;
          }
        }
      }
      if (c === 0x65 || c === 0x45) {
        c = s.charCodeAt(++p);
        if (c === 0x2b || c === 0x2d) c = s.charCodeAt(++p);
        while (c >= 0x30 && c <= 0x39) c = s.charCodeAt(++p);
      }
      if (!inToken(s, p)) {
        const v = numberLiteral(s.slice(start, p));
        if (v !== undefined) {
          this.pos = p;
          return v;
        }
      }
    }
    p = start;
    while (p < s.length && inToken(s, p)) p++;
    if (p === start) {
      this.pos++;
      const ch = s[start]!;
      if (ch === "]" || ch === "}") this.#fail(`Unmatched '${ch}'`);
      if (ch === ",") this.#fail("Expected value before ','");
      if (ch === ":") this.#fail("':' not as part of an object");
      this.#fail("Invalid literal");
    }
    this.pos = p;
    const w = s.slice(start, p);
    switch (w) {
      case "true":
        return true;
      case "false":
        return false;
      case "null":
        return null;
    }
    const n = decNumberWord(w);
    if (n === undefined) {
      if (p >= s.length) this.#fail("Invalid numeric literal at EOF");
      // jq reports a bad literal once it has read the delimiter after it.
      this.pos = p + 1;
      if (w.charCodeAt(0) === 0x27) this.#fail(`Invalid string literal; expected ", but got '`);
      this.#fail(/^[tfn]/.test(w) ? "Invalid literal" : "Invalid numeric literal");
    }
    return n;
  }

  /** An object key: short keys are shared across the document (`name` is stored once, not per object). */
  #key(): string {
    return this.#cached(KEYS, 32);
  }

  /**
   * A string value: short ones come from a cache as keys do, so a value repeated across records
   * (`"active"`, `"key7"`) is one string instead of one per record, which a large document would
   * otherwise copy out of the young generation at every scavenge.
   */
  #stringValue(): string {
    return this.#cached(VALS, 16);
  }

  /** The string at `pos`, from the direct-mapped `cache` when it has at most `max` code units and no escape. */
  #cached(cache: (string | undefined)[], max: number): string {
    const s = this.text;
    const p = this.pos + 1;
    const end = Math.min(s.length, p + max + 1);
    let q = p;
    // Every code unit goes into the hash: records' values often differ in one digit only.
    let h = 0;
    for (; q < end; q++) {
      const c = s.charCodeAt(q);
      if (c === 0x22) break;
      if (c === 0x5c || c < 0x20) return this.#string();
      h = (h * 31 + c) | 0;
    }
    if (q >= end) return this.#string();
    this.pos = q + 1;
    const len = q - p;
    if (len === 0) return "";
    // A direct-mapped cache: a hit costs a comparison, no slice.
    h = (h ^ (h >>> 10)) & (cache.length - 1);
    const known = cache[h];
    if (known !== undefined && known.length === len && s.startsWith(known, p)) return known;
    const k = s.slice(p, q);
    cache[h] = k;
    return k;
  }

  #string(): string {
    const s = this.text;
    let p = this.pos + 1;
    // Fast path: no escapes.
    for (let q = p; q < s.length; q++) {
      const c = s.charCodeAt(q);
      if (c === 0x22) {
        this.pos = q + 1;
        return s.slice(p, q);
      }
      if (c === 0x5c || c < 0x20) break;
    }
    let out = "";
    let chunk = p;
    for (;;) {
      const c = s.charCodeAt(p);
      if (c === 0x22) {
        out += s.slice(chunk, p);
        this.pos = p + 1;
        return out;
      }
      if (Number.isNaN(c)) {
        this.pos = p;
        this.#fail("Unfinished string at EOF");
      }
      if (c < 0x20) {
        this.pos = p;
        this.#fail("Invalid string: control characters from U+0000 through U+001F must be escaped");
      }
      if (c === 0x5c) {
        out += s.slice(chunk, p);
        const e = s[p + 1];
        p += 2;
        switch (e) {
          case '"': out += '"'; break;
          case "\\": out += "\\"; break;
          case "/": out += "/"; break;
          case "b": out += "\b"; break;
          case "f": out += "\f"; break;
          case "n": out += "\n"; break;
          case "r": out += "\r"; break;
          case "t": out += "\t"; break;
          case "u": {
            const h = s.slice(p, p + 4);
            if (!/^[0-9a-fA-F]{4}$/.test(h)) {
              this.pos = p;
              this.#fail("Invalid escape");
            }
            const u = Number.parseInt(h, 16);
            p += 4;
            if (u >= 0xd800 && u <= 0xdbff) {
              // a high surrogate must be followed by a low one (jq: "Invalid \uXXXX\uXXXX surrogate pair escape")
              const lo = s[p] === "\\" && s[p + 1] === "u" ? Number.parseInt(s.slice(p + 2, p + 6), 16) : Number.NaN;
              if (!(lo >= 0xdc00 && lo <= 0xdfff) || !/^[0-9a-fA-F]{4}$/.test(s.slice(p + 2, p + 6))) {
                this.pos = p;
                this.#fail("Invalid \\uXXXX\\uXXXX surrogate pair escape");
              }
              out += String.fromCharCode(u, lo);
              p += 6;
              break;
            }
            out += String.fromCharCode(u);
            break;
          }
          default:
            this.pos = p;
            this.#fail("Invalid escape");
        }
        chunk = p;
        continue;
      }
      p++;
    }
  }
}

/** `text` without the byte order mark it may start with (jq skips it). */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function isLiteralChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x2b || c === 0x2d || c === 0x2e;
}

/** Parses exactly one JSON text (jq's `fromjson` and `--argjson`). */
export function parseJson(text: string): Val {
  const r = new JsonReader(text);
  const v = r.next();
  if (v === undefined) throw new JsonParseError(`Expected JSON value`);
  r.pos = r.pos;
  const rest = r.next();
  if (rest !== undefined) throw new JsonParseError(`Unexpected extra JSON values`);
  return v;
}

/** Parses all JSON texts of `text`. */
export function parseJsonSeq(text: string): Val[] {
  const r = new JsonReader(text);
  const out: Val[] = [];
  for (let v = r.next(); v !== undefined; v = r.next()) out.push(v);
  return out;
}

/**
 * JSON text <-> jq values: a streaming reader of concatenated JSON texts (jq's input format,
 * with `nan`/`NaN` accepted as jq does) and the serializer with jq's exact output bytes.
 */
import type { JqObject, Val } from "./value.js";
import { compareStrings } from "./value.js";

/** A malformed JSON text. `message` follows jq's wording (`... at line L, column C`). */
export class JsonParseError extends Error {}

const WS = new Uint8Array(128);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WS[c] = 1;

/** Reads successive JSON values from one text. */
export class JsonReader {
  readonly text: string;
  pos = 0;
  readonly #maxDepth: number;
  constructor(text: string, maxDepth = 10000) {
    this.text = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    this.#maxDepth = maxDepth;
  }

  /** The next value, or `undefined` at the end of the text. */
  next(): Val | undefined {
    this.#skipWs();
    if (this.pos >= this.text.length) return undefined;
    let v: Val;
    const start = this.pos;
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
    let line = 1;
    let col = 0;
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

  #value(depth: number): Val {
    if (depth >= this.#maxDepth) this.#fail("Exceeds depth limit for parsing");
    const s = this.text;
    const c = s.charCodeAt(this.pos);
    if (c === 0x22) return this.#string();
    if (c === 0x7b) {
      this.pos++;
      const m: JqObject = new Map();
      this.#skipWs();
      if (s.charCodeAt(this.pos) === 0x7d) {
        this.pos++;
        return m;
      }
      for (;;) {
        this.#skipWs();
        const q = s.charCodeAt(this.pos);
        if (q !== 0x22) {
          if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
          if (q === 0x27) {
            this.pos++;
            this.#fail(`Invalid string literal; expected ", but got '`);
          }
          this.#fail("Object keys must be strings");
        }
        const k = this.#string();
        this.#skipWs();
        if (s.charCodeAt(this.pos) !== 0x3a) {
          if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
          this.#fail("Objects must consist of key:value pairs");
        }
        this.pos++;
        this.#skipWs();
        if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
        m.set(k, this.#value(depth + 1));
        this.#skipWs();
        const d = s.charCodeAt(this.pos);
        this.pos++;
        if (d === 0x2c) continue;
        if (d === 0x7d) return m;
        if (this.pos > s.length) this.#fail("Unfinished JSON term at EOF");
        this.#fail("Expected separator between values");
      }
    }
    if (c === 0x5b) {
      this.pos++;
      const a: Val[] = [];
      this.#skipWs();
      if (s.charCodeAt(this.pos) === 0x5d) {
        this.pos++;
        return a;
      }
      for (;;) {
        this.#skipWs();
        if (this.pos >= s.length) this.#fail("Unfinished JSON term at EOF");
        if (s.charCodeAt(this.pos) === 0x2c) this.#fail("Expected value before ','");
        a.push(this.#value(depth + 1));
        this.#skipWs();
        const d = s.charCodeAt(this.pos);
        this.pos++;
        if (d === 0x2c) continue;
        if (d === 0x5d) return a;
        if (this.pos > s.length) this.#fail("Unfinished JSON term at EOF");
        this.#fail("Expected separator between values");
      }
    }
    return this.#literal();
  }

  /** The same grammar as `#value`, with an explicit stack (for deeply nested texts). */
  #valueIterative(): Val {
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
          v = c === 0x5b ? [] : new Map();
        } else {
          if (stack.length + 1 >= this.#maxDepth) this.#fail("Exceeds depth limit for parsing");
          if (c === 0x5b) stack.push({ c: [], key: "" });
          else stack.push({ c: new Map(), key: readKey() });
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
    // Fast path: a well-formed JSON number followed by a delimiter.
    let c = s.charCodeAt(p);
    if (c === 0x2d) c = s.charCodeAt(++p);
    if (c >= 0x30 && c <= 0x39) {
      do c = s.charCodeAt(++p);
      while (c >= 0x30 && c <= 0x39);
      if (c === 0x2e) {
        do c = s.charCodeAt(++p);
        while (c >= 0x30 && c <= 0x39);
      }
      if (c === 0x65 || c === 0x45) {
        c = s.charCodeAt(++p);
        if (c === 0x2b || c === 0x2d) c = s.charCodeAt(++p);
        while (c >= 0x30 && c <= 0x39) c = s.charCodeAt(++p);
      }
      if (!isLiteralChar(c)) {
        this.pos = p;
        return Number(s.slice(start, p));
      }
    }
    p = start;
    while (p < s.length && isLiteralChar(s.charCodeAt(p))) p++;
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
      case "nan":
      case "NaN":
      case "-nan":
      case "-NaN":
        return Number.NaN;
      case "Infinity":
        return Number.POSITIVE_INFINITY;
      case "-Infinity":
        return Number.NEGATIVE_INFINITY;
    }
    const n = parseNumberLiteral(w);
    if (n === undefined) {
      if (p >= s.length) this.#fail("Invalid numeric literal at EOF");
      this.#fail(/^[tfn]/.test(w) ? "Invalid literal" : "Invalid numeric literal");
    }
    return n;
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
      if (c === 0x5c) break;
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
            out += String.fromCharCode(Number.parseInt(h, 16));
            p += 4;
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

function isLiteralChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x2b || c === 0x2d || c === 0x2e;
}

const NUM_RE = /^-?(?:0|[0-9]+)(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?$|^-?\.[0-9]+(?:[eE][+-]?[0-9]+)?$/;

/** Parses a JSON number literal as jq accepts it; `undefined` when invalid. */
export function parseNumberLiteral(w: string): number | undefined {
  if (!NUM_RE.test(w)) return undefined;
  const n = Number(w);
  return Number.isNaN(n) ? undefined : n;
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

// ---------------------------------------------------------------- output

/** Serializer options (jq's output flags). */
export interface DumpOptions {
  /** Spaces per level; 0 = compact (`-c`). Default 2. */
  readonly indent?: number;
  /** Indent with tabs (`--tab`). */
  readonly tab?: boolean;
  /** Sort object keys (`-S`). */
  readonly sortKeys?: boolean;
  /** Escape non-ASCII (`-a`). */
  readonly ascii?: boolean;
  /** ANSI colors (`-C`). */
  readonly color?: boolean;
}

/** Formats a number exactly as jq 1.8 prints it (shortest round-trip, 17 significant digits). */
export function formatNumber(n: number): string {
  if (Number.isInteger(n) && n < 1e16 && n > -1e16) return n === 0 && Object.is(n, -0) ? "-0" : String(n);
  if (Number.isNaN(n)) return "null";
  if (!Number.isFinite(n)) return n > 0 ? "1.7976931348623157e+308" : "-1.7976931348623157e+308";
  const e = n.toExponential();
  const neg = e.charCodeAt(0) === 45;
  const ei = e.indexOf("e");
  const mant = e.slice(neg ? 1 : 0, ei);
  const exp = Number(e.slice(ei + 1));
  const digits = mant.length > 1 ? mant[0]! + mant.slice(2) : mant;
  const nd = digits.length;
  const decpt = exp + 1;
  let out: string;
  if (decpt <= -4 || decpt > nd + 15) {
    const ae = Math.abs(exp);
    out = `${digits[0]}${nd > 1 ? `.${digits.slice(1)}` : ""}e${exp < 0 ? "-" : "+"}${ae < 10 ? `0${ae}` : ae}`;
  } else if (decpt <= 0) {
    out = `0.${"0".repeat(-decpt)}${digits}`;
  } else if (decpt >= nd) {
    out = digits + "0".repeat(decpt - nd);
  } else {
    out = `${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
  }
  return neg ? `-${out}` : out;
}

const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f]/;
const NEEDS_ESCAPE_ASCII = /["\\\u0000-\u001f\u007f-\uffff]/;

/** A JSON string literal with jq's escaping (`\u007f`, lowercase hex; `ascii` escapes non-ASCII). */
export function quoteString(s: string, ascii = false): string {
  if (!(ascii ? NEEDS_ESCAPE_ASCII : NEEDS_ESCAPE).test(s)) return `"${s}"`;
  let out = '"';
  let chunk = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | undefined;
    if (c < 0x20 || c === 0x22 || c === 0x5c || c === 0x7f) {
      switch (c) {
        case 0x22: rep = '\\"'; break;
        case 0x5c: rep = "\\\\"; break;
        case 0x0a: rep = "\\n"; break;
        case 0x09: rep = "\\t"; break;
        case 0x0d: rep = "\\r"; break;
        case 0x08: rep = "\\b"; break;
        case 0x0c: rep = "\\f"; break;
        default: rep = `\\u${c.toString(16).padStart(4, "0")}`;
      }
    } else if (ascii && c > 0x7f) {
      rep = `\\u${c.toString(16).padStart(4, "0")}`;
    }
    if (rep !== undefined) {
      out += s.slice(chunk, i) + rep;
      chunk = i + 1;
    }
  }
  return `${out + s.slice(chunk)}"`;
}

const COL = { null: "1;30", false: "0;39", true: "0;39", number: "0;39", string: "0;32", array: "1;39", object: "1;39", key: "34;1" };

/** Serializes a value with jq's formatting. */
export function dump(v: Val, opts: DumpOptions = {}): string {
  const indent = opts.tab ? "\t" : " ".repeat(opts.indent ?? 2);
  const pretty = opts.tab || (opts.indent ?? 2) > 0;
  const ascii = opts.ascii ?? false;
  const sortKeys = opts.sortKeys ?? false;
  if (opts.color) return dumpColor(v, pretty ? indent : "", "", sortKeys, ascii);
  if (!pretty && !sortKeys && !ascii) return dumpCompact(v);
  const pads: string[] = ["\n"];
  const padAt = (d: number): string => {
    while (pads.length <= d) pads.push(pads[pads.length - 1]! + indent);
    return pads[d]!;
  };
  const colon = pretty ? ": " : ":";
  const rec = (x: Val, d: number): string => {
    if (x === null) return "null";
    switch (typeof x) {
      case "boolean":
        return x ? "true" : "false";
      case "number":
        return formatNumber(x);
      case "string":
        return quoteString(x, ascii);
    }
    if (d >= 10000) return "<skipped: too deep>";
    if (Array.isArray(x)) {
      if (x.length === 0) return "[]";
      const inner = pretty ? padAt(d + 1) : "";
      let s = `[${inner}`;
      for (let i = 0; i < x.length; i++) s += (i > 0 ? `,${inner}` : "") + rec(x[i]!, d + 1);
      return `${s}${pretty ? padAt(d) : ""}]`;
    }
    if (x.size === 0) return "{}";
    const inner = pretty ? padAt(d + 1) : "";
    let s = `{${inner}`;
    let first = true;
    const keys = sortKeys ? [...x.keys()].sort(compareStrings) : x.keys();
    for (const k of keys) {
      s += `${first ? "" : `,${inner}`}${quoteString(k, ascii)}${colon}${rec(x.get(k)!, d + 1)}`;
      first = false;
    }
    return `${s}${pretty ? padAt(d) : ""}}`;
  };
  try {
    return rec(v, 0);
  } catch (e) {
    if (e instanceof RangeError) return dumpIterative(v);
    throw e;
  }
}

/** Compact serialization (`-c`, `tojson`): recursive (fast), iterative past the JS stack. */
export function dumpCompact(x: Val, depth = 0): string {
  if (depth === 0 && typeof x === "object" && x !== null) {
    try {
      return dumpCompactRec(x, 0);
    } catch (e) {
      if (e instanceof RangeError) return dumpIterative(x);
      throw e;
    }
  }
  return dumpCompactRec(x, depth);
}

/** Iterative compact dump (deep values); containers nested deeper than 10,000 print `<skipped: too deep>`. */
function dumpIterative(x: Val): string {
  const out: string[] = [];
  type Fr = { it: Iterator<[string | number, Val]>; arr: boolean; first: boolean };
  const stack: Fr[] = [];
  const open = (v: Val): void => {
    if (v === null || typeof v !== "object") {
      out.push(dumpCompactRec(v, 0));
      return;
    }
    const arr = Array.isArray(v);
    if ((arr && v.length === 0) || (!arr && (v as JqObject).size === 0)) {
      out.push(arr ? "[]" : "{}");
      return;
    }
    if (stack.length >= 10000) {
      out.push("<skipped: too deep>");
      return;
    }
    out.push(arr ? "[" : "{");
    stack.push({ it: arr ? (v as Val[]).entries() : (v as JqObject).entries(), arr, first: true });
  };
  open(x);
  while (stack.length > 0) {
    const fr = stack[stack.length - 1]!;
    const n = fr.it.next();
    if (n.done) {
      stack.pop();
      out.push(fr.arr ? "]" : "}");
      continue;
    }
    if (!fr.first) out.push(",");
    fr.first = false;
    if (!fr.arr) out.push(`${quoteString(n.value[0] as string)}:`);
    open(n.value[1]);
  }
  return out.join("");
}

function dumpCompactRec(x: Val, depth: number): string {
  if (x === null) return "null";
  switch (typeof x) {
    case "boolean":
      return x ? "true" : "false";
    case "number":
      return formatNumber(x);
    case "string":
      return quoteString(x);
  }
  if (Array.isArray(x)) {
    if (x.length === 0) return "[]";
    if (depth >= 10000) return "<skipped: too deep>";
    let s = "[";
    for (let i = 0; i < x.length; i++) s += (i > 0 ? "," : "") + dumpCompactRec(x[i]!, depth + 1);
    return `${s}]`;
  }
  if (x.size === 0) return "{}";
  if (depth >= 10000) return "<skipped: too deep>";
  let s = "{";
  let first = true;
  for (const [k, v] of x) {
    s += `${first ? "" : ","}${quoteString(k)}:${dumpCompactRec(v, depth + 1)}`;
    first = false;
  }
  return `${s}}`;
}

function dumpColor(x: Val, indent: string, pad: string, sortKeys: boolean, ascii: boolean): string {
  const c = (code: string, s: string) => `\x1b[${code}m${s}\x1b[0m`;
  if (x === null) return c(COL.null, "null");
  if (typeof x === "boolean") return c(COL.true, x ? "true" : "false");
  if (typeof x === "number") return c(COL.number, formatNumber(x));
  if (typeof x === "string") return c(COL.string, quoteString(x, ascii));
  const inner = pad + indent;
  const nl = indent ? "\n" : "";
  if (Array.isArray(x)) {
    if (x.length === 0) return c(COL.array, "[]");
    const items = x.map((e) => inner + dumpColor(e, indent, inner, sortKeys, ascii));
    return `\x1b[${COL.array}m[${nl}${items.join(`\x1b[${COL.array}m,${nl}`)}\x1b[${COL.array}m${nl}${pad}\x1b[${COL.array}m]\x1b[0m`;
  }
  if (x.size === 0) return c(COL.object, "{}");
  const keys = sortKeys ? [...x.keys()].sort(compareStrings) : [...x.keys()];
  const items = keys.map(
    (k) => `${inner}\x1b[0m\x1b[${COL.key}m${quoteString(k, ascii)}\x1b[0m\x1b[${COL.object}m:${indent ? " " : ""}\x1b[0m${dumpColor(x.get(k)!, indent, inner, sortKeys, ascii)}`,
  );
  return `\x1b[${COL.object}m{${nl}${items.join(`\x1b[${COL.object}m,${nl}`)}\x1b[${COL.object}m${nl}${pad}\x1b[${COL.object}m}\x1b[0m`;
}

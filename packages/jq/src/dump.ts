/**
 * jq values -> JSON text with jq 1.8's exact bytes (number format, escapes, indentation, colors).
 * The writer emits flat strings of about 128 KiB (`CHUNK`) to a sink, never one rope per value: a 10 MB
 * output costs its own bytes, not a tree of millions of string pieces.
 */
import { charge, checkDeadline, tick } from "./budget.js";
import { formatNumber, numberText } from "./number.js";
import type { JqObject, Val } from "./value.js";
import { DecLit, compareStrings } from "./value.js";

export { formatNumber };

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

const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f]/;
const NEEDS_ESCAPE_ASCII = /["\\\u0000-\u001f\u007f-\uffff]/;

/** Characters of input quoted per block: the pieces of a block are joined before the next one. */
const QUOTE_BLOCK = 1 << 16;

/** The escape jq writes for the character `c`, or undefined when it is written as it is. */
function escapeOf(c: number, ascii: boolean): string | undefined {
  if (c < 0x20 || c === 0x22 || c === 0x5c || c === 0x7f) {
    switch (c) {
      case 0x22: return '\\"';
      case 0x5c: return "\\\\";
      case 0x0a: return "\\n";
      case 0x09: return "\\t";
      case 0x0d: return "\\r";
      case 0x08: return "\\b";
      case 0x0c: return "\\f";
      default: return `\\u${c.toString(16).padStart(4, "0")}`;
    }
  }
  return ascii && c > 0x7f ? `\\u${c.toString(16).padStart(4, "0")}` : undefined;
}

/**
 * A JSON string literal with jq's escaping (`\u007f`, lowercase hex; `ascii` escapes non-ASCII).
 * Escapes are gathered as pieces joined per block of `QUOTE_BLOCK` characters (one `+=` per
 * escape built a rope that cost 700 ns per escape), with a deadline tick per escape: a string
 * of quotes escaped again and again (`tojson` in a loop) doubles per round.
 */
export function quoteString(s: string, ascii = false): string {
  if (!(ascii ? NEEDS_ESCAPE_ASCII : NEEDS_ESCAPE).test(s)) return `"${s}"`;
  let out = '"';
  for (let from = 0; from < s.length; from += QUOTE_BLOCK) {
    const to = Math.min(s.length, from + QUOTE_BLOCK);
    const parts: string[] = [];
    let chunk = from;
    for (let i = from; i < to; i++) {
      const rep = escapeOf(s.charCodeAt(i), ascii);
      if (rep !== undefined) {
        tick();
        if (chunk < i) parts.push(s.slice(chunk, i));
        parts.push(rep);
        chunk = i + 1;
      }
    }
    if (chunk < to) parts.push(s.slice(chunk, to));
    out += parts.length === 1 ? parts[0]! : parts.join("");
  }
  return `${out}"`;
}

/** True when `s` needs no escape in a JSON string (jq's rules, non-ASCII kept). */
function isPlain(s: string): boolean {
  const n = s.length;
  // A loop beats a regex call on the short strings that dominate documents.
  if (n > 24) return !NEEDS_ESCAPE.test(s);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c === 0x7f) return false;
  }
  return true;
}

/** Distinct object keys a writer remembers the quoted text of. */
const MAX_KEY_CACHE = 4096;

/** Containers nested deeper than this print as `<skipped: too deep>` (jq's limit). */
const MAX_PRINT_DEPTH = 10000;
const SKIPPED = "<skipped: too deep>";
/** Below this depth the writer recurses; deeper subtrees use an explicit stack. */
const RECURSE_DEPTH = 1000;
/**
 * Output is handed on in flat strings of just over this many chars (128 Ki). Above 128 KiB V8
 * allocates a flat string in its large-object space, which a scavenge promotes by moving the
 * page, never by copying: the output of a large run, held until its input is read, is then not
 * copied twice by scavenges as 64 KiB chunks were (`map(to_entries)` over 20 MB: 81 MB of
 * survivors copied per run before, 25 MB after, `--trace-gc-nvp`).
 */
export const CHUNK = 1 << 17;

const COMPACT: DumpOptions = { indent: 0 };

/** A key's text as the writer puts it: `"k":`, and with the `{` or `,` before it. */
interface KeyText {
  readonly text: string;
  readonly open: string;
  readonly next: string;
}

interface Frame {
  readonly a: Val[] | null;
  readonly o: JqObject | null;
  readonly keys: readonly string[] | null;
  readonly d: number;
  i: number;
}

/** Serializes values piece by piece into flat chunks (see the module comment). */
class Writer {
  #buf = "";
  readonly #sink: (s: string) => void;
  readonly #chunk: number;
  readonly #pretty: boolean;
  readonly #indent: string;
  readonly #colon: string;
  readonly #ascii: boolean;
  readonly #sortKeys: boolean;
  readonly #pads: string[] = ["\n"];
  readonly #keyText = new Map<string, KeyText>();

  /** `chunk`: the size of the pieces handed to `sink` (default `CHUNK`). */
  constructor(opts: DumpOptions, sink: (s: string) => void, chunk = CHUNK) {
    this.#sink = sink;
    this.#chunk = chunk;
    this.#pretty = opts.tab === true || (opts.indent ?? 2) > 0;
    this.#indent = opts.tab ? "\t" : " ".repeat(opts.indent ?? 2);
    this.#colon = this.#pretty ? ": " : ":";
    this.#ascii = opts.ascii ?? false;
    this.#sortKeys = opts.sortKeys ?? false;
  }

  put(s: string): void {
    // `+=` is many times faster than collecting pieces for `join`; the rope it builds is
    // flattened at each chunk boundary, so it never grows past one chunk.
    if ((this.#buf += s).length > this.#chunk) this.flush();
  }

  /** Drops what is buffered. */
  discard(): void {
    this.#buf = "";
  }

  /**
   * Hands what is buffered to the sink, as one flat string. Looks at the run's deadline first:
   * every value visited adds at least one character, so a value expanded without end (a DAG of
   * shared arrays) reaches a check every `CHUNK` characters (TM-DOS-009).
   */
  flush(): void {
    const t = this.#buf;
    if (t === "") return;
    checkDeadline();
    this.#buf = "";
    t.charCodeAt(0); // flattens the rope in place: the sink keeps one flat string, not its pieces
    this.#sink(t);
  }

  /** True unless compact. */
  get pretty(): boolean {
    return this.#pretty;
  }

  /** A newline and the indentation of depth `d`. */
  pad(d: number): string {
    const pads = this.#pads;
    while (pads.length <= d) pads.push(pads[pads.length - 1]! + this.#indent);
    return pads[d]!;
  }

  #str(s: string): void {
    // One piece per string: the rope (and its flattening) costs per piece, not per character.
    this.put(this.#ascii || !isPlain(s) ? quoteString(s, this.#ascii) : `"${s}"`);
  }

  /** An object key quoted and followed by the colon, remembered per writer (keys repeat). */
  #key(k: string): KeyText {
    let q = this.#keyText.get(k);
    if (q === undefined) {
      const t = quoteString(k, this.#ascii) + this.#colon;
      q = { text: t, open: `{${t}`, next: `,${t}` };
      if (this.#keyText.size < MAX_KEY_CACHE) this.#keyText.set(k, q);
    }
    return q;
  }

  #keys(o: JqObject): readonly string[] {
    return this.#sortKeys ? o.keyList().slice().sort(compareStrings) : o.keyList();
  }

  /** Writes a value at nesting depth `d`. */
  value(x: Val, d: number): void {
    if (x === null) return this.put("null");
    switch (typeof x) {
      case "boolean":
        return this.put(x ? "true" : "false");
      case "number":
        return this.put(formatNumber(x));
      case "string":
        return this.#str(x);
    }
    if (x instanceof DecLit) return this.put(x.text);
    if (d >= RECURSE_DEPTH) return this.#deep(x, d);
    const pretty = this.#pretty;
    if (Array.isArray(x)) {
      if (x.length === 0) return this.put("[]");
      this.put("[");
      const inner = pretty ? this.pad(d + 1) : "";
      for (let i = 0; i < x.length; i++) {
        if (i > 0) this.put(",");
        if (pretty) this.put(inner);
        this.value(x[i]!, d + 1);
      }
      if (pretty) this.put(this.pad(d));
      return this.put("]");
    }
    if (x.size === 0) return this.put("{}");
    const inner = pretty ? this.pad(d + 1) : "";
    let first = true;
    if (this.#sortKeys) {
      for (const k of this.#keys(x)) {
        this.put(first ? "{" : ",");
        first = false;
        if (pretty) this.put(inner);
        this.put(this.#key(k).text);
        this.value(x.get(k)!, d + 1);
      }
    } else {
      const ks = x.keyList();
      const vs = x.valueList();
      for (let i = 0; i < ks.length; i++) {
        const kt = this.#key(ks[i]!);
        if (pretty) {
          this.put(i === 0 ? "{" : ",");
          this.put(inner);
          this.put(kt.text);
        } else this.put(i === 0 ? kt.open : kt.next); // one piece for `,"key":`
        this.value(vs[i]!, d + 1);
      }
    }
    if (pretty) this.put(this.pad(d));
    return this.put("}");
  }

  /** `value` with an explicit stack, for deeply nested values. */
  #deep(x: Val, d0: number): void {
    const stack: Frame[] = [];
    let v = x;
    let d = d0;
    for (;;) {
      if (v !== null && typeof v === "object" && !(v instanceof DecLit)) {
        const arr = Array.isArray(v);
        if (arr ? (v as Val[]).length === 0 : (v as JqObject).size === 0) this.put(arr ? "[]" : "{}");
        else if (d >= MAX_PRINT_DEPTH) this.put(SKIPPED);
        else {
          this.put(arr ? "[" : "{");
          stack.push(arr ? { a: v as Val[], o: null, keys: null, d, i: 0 } : { a: null, o: v as JqObject, keys: this.#keys(v as JqObject), d, i: 0 });
        }
      } else this.value(v, d);
      let more = false;
      while (stack.length > 0) {
        const fr = stack[stack.length - 1]!;
        if (fr.i < (fr.a ?? fr.keys!).length) {
          if (fr.i > 0) this.put(",");
          if (this.#pretty) this.put(this.pad(fr.d + 1));
          if (fr.a) v = fr.a[fr.i]!;
          else {
            const k = fr.keys![fr.i]!;
            this.put(this.#key(k).text);
            v = fr.o!.get(k)!;
          }
          fr.i++;
          d = fr.d + 1;
          more = true;
          break;
        }
        stack.pop();
        if (this.#pretty) this.put(this.pad(fr.d));
        this.put(fr.a ? "]" : "}");
      }
      if (!more) return;
    }
  }
}

/** Serializes `v` with jq's formatting, handing the text to `sink` in flat chunks of about `CHUNK` chars. */
export function dumpTo(v: Val, opts: DumpOptions, sink: (s: string) => void): void {
  if (opts.color) {
    sink(dumpColor(v, opts.tab || (opts.indent ?? 2) > 0 ? (opts.tab ? "\t" : " ".repeat(opts.indent ?? 2)) : "", "", opts.sortKeys ?? false, opts.ascii ?? false));
    return;
  }
  const w = new Writer(opts, sink);
  w.value(v, 0);
  w.flush();
}

/**
 * Serializes one array from its elements as they are produced, giving the text `dumpTo` gives
 * for the whole array (colors excepted: `color` is ignored), so a large array output is never
 * held as an array of values. `item` per element, then `end`, which flushes to the sink and
 * readies the dumper for the next array.
 */
export class ArrayDumper {
  readonly #w: Writer;
  #n = 0;
  constructor(opts: DumpOptions, sink: (s: string) => void) {
    this.#w = new Writer(opts, sink);
  }

  /** Writes the next element. */
  item(v: Val): void {
    const w = this.#w;
    w.put(this.#n++ === 0 ? "[" : ",");
    if (w.pretty) w.put(w.pad(1));
    w.value(v, 1);
  }

  /** Closes the array and flushes. */
  end(): void {
    const w = this.#w;
    if (this.#n === 0) w.put("[]");
    else {
      if (w.pretty) w.put(w.pad(0));
      w.put("]");
    }
    this.#n = 0;
    w.flush();
  }

  /** Forgets an array left unfinished (its elements already flushed are the caller's to drop). */
  reset(): void {
    this.#n = 0;
    this.#w.discard();
  }
}

/**
 * Serializes a value with jq's formatting, as one string: the text is data the run builds,
 * charged to its budget chunk by chunk as it is written (`tojson` of a DAG of shared arrays
 * stops at the budget, not at the end of an exponential text).
 */
export function dump(v: Val, opts: DumpOptions = {}): string {
  if (v === null || typeof v !== "object") {
    if (typeof v === "string") {
      // at most 6 characters per character of `v` (`\u001f`): charged once built
      const q = quoteString(v, opts.ascii ?? false);
      charge(q.length);
      return q;
    }
    if (!opts.color) return v === null ? "null" : typeof v === "number" ? formatNumber(v) : v ? "true" : "false";
  } else if (v instanceof DecLit && !opts.color) return v.text;
  const chunks: string[] = [];
  dumpTo(v, opts, (s) => {
    charge(s.length);
    chunks.push(s);
  });
  return chunks.length === 1 ? chunks[0]! : chunks.join("");
}

/** Thrown by `dumpHead`'s sink once it has enough text. */
const ENOUGH: unique symbol = Symbol("enough");

/**
 * The compact text of `v` cut after about `max` characters (whole when shorter), for messages
 * (`describe`, jq's truncated values): the work is bounded whatever the value's size.
 */
export function dumpHead(v: Val, max = 64): string {
  if (typeof v === "string") return quoteString(v.length > max ? v.slice(0, max) : v);
  if (v === null || typeof v !== "object" || v instanceof DecLit) return dump(v);
  let text = "";
  const w = new Writer(COMPACT, (s) => {
    text += s;
    if (text.length >= max) throw ENOUGH;
  }, max);
  try {
    w.value(v, 0);
    w.flush();
  } catch (e) {
    if (e !== ENOUGH) throw e;
  }
  return text;
}

/** Compact serialization (`-c`, `tojson`). */
export function dumpCompact(x: Val): string {
  return dump(x, COMPACT);
}

const COL = { null: "1;30", false: "0;39", true: "0;39", number: "0;39", string: "0;32", array: "1;39", object: "1;39", key: "34;1" };

/** The colored text (`-C`), built whole: each scalar's text and container is charged as it is made. */
function dumpColor(x: Val, indent: string, pad: string, sortKeys: boolean, ascii: boolean): string {
  const c = (code: string, s: string) => {
    charge(s.length + 12);
    return `\x1b[${code}m${s}\x1b[0m`;
  };
  if (typeof x === "object" && x !== null && !(x instanceof DecLit)) {
    tick();
    charge(24 + pad.length);
  }
  if (x === null) return c(COL.null, "null");
  if (typeof x === "boolean") return c(COL.true, x ? "true" : "false");
  if (typeof x === "number" || x instanceof DecLit) return c(COL.number, numberText(x));
  if (typeof x === "string") return c(COL.string, quoteString(x, ascii));
  const inner = pad + indent;
  const nl = indent ? "\n" : "";
  if (Array.isArray(x)) {
    if (x.length === 0) return c(COL.array, "[]");
    const items = x.map((e) => {
      charge(inner.length + 12);
      return inner + dumpColor(e, indent, inner, sortKeys, ascii);
    });
    return `\x1b[${COL.array}m[${nl}${items.join(`\x1b[${COL.array}m,${nl}`)}\x1b[${COL.array}m${nl}${pad}\x1b[${COL.array}m]\x1b[0m`;
  }
  if (x.size === 0) return c(COL.object, "{}");
  const keys = sortKeys ? x.keyList().slice().sort(compareStrings) : x.keyList();
  const items = keys.map(
    (k) => `${inner}\x1b[0m\x1b[${COL.key}m${quoteString(k, ascii)}\x1b[0m\x1b[${COL.object}m:${indent ? " " : ""}\x1b[0m${dumpColor(x.get(k)!, indent, inner, sortKeys, ascii)}`,
  );
  return `\x1b[${COL.object}m{${nl}${items.join(`\x1b[${COL.object}m,${nl}`)}\x1b[${COL.object}m${nl}${pad}\x1b[${COL.object}m}\x1b[0m`;
}

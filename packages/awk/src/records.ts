/**
 * Record reading: splits a text source into records by RS (newline, another single character,
 * paragraph mode `RS=""`, or a regex), synchronously while the buffer holds a whole record and
 * asking for more input only when it does not.
 */
import type { InputStream, LimitsMeter } from "@husk/host";
import type { AwkRegex } from "./regex.js";

/** How records are separated (derived from RS). */
export type RecordSep =
  | { readonly kind: "char"; readonly ch: string }
  | { readonly kind: "para" }
  | { readonly kind: "regex"; readonly re: AwkRegex };

/** Returned by `tryNext` when the buffer does not hold a complete record yet. */
export const NEED_MORE: unique symbol = Symbol("need-more");

/** A record source over a stream (or a fixed string). */
export class RecordReader {
  #buf = "";
  #pos = 0;
  #eof: boolean;
  #started = false;
  readonly #input: InputStream | undefined;
  readonly #meter: LimitsMeter | undefined;
  /** The text that terminated the last record (gawk's RT). */
  rt = "";

  /**
   * A reader of `input`. With a `meter`, a stream's record may grow to `maxStringBytes` only
   * (`yes | tr -d '\n' | awk 1` would otherwise buffer without end).
   */
  constructor(input: InputStream | string, meter?: LimitsMeter) {
    this.#meter = meter;
    if (typeof input === "string") {
      this.#buf = input;
      this.#eof = true;
      this.#input = undefined;
    } else {
      this.#eof = false;
      this.#input = input;
    }
  }

  /** True once the source is exhausted and the buffer consumed. */
  get done(): boolean {
    return this.#eof && this.#pos >= this.#buf.length;
  }

  /** Reads more input into the buffer; false at end of input. */
  async fill(): Promise<boolean> {
    if (this.#eof || this.#input === undefined) return false;
    // what is left holds no whole record: it is the start of a long one
    const rest = this.#buf.length - this.#pos;
    if (rest > 65536) this.#meter?.checkString(rest);
    const chunk = await this.#input.read();
    if (chunk === undefined) {
      this.#eof = true;
      return false;
    }
    this.#buf = this.#pos >= this.#buf.length ? chunk : this.#buf.slice(this.#pos) + chunk;
    this.#pos = 0;
    return true;
  }

  /** The next record, `undefined` at end of input, or NEED_MORE (call `fill` and retry). */
  tryNext(sep: RecordSep): string | undefined | typeof NEED_MORE {
    const buf = this.#buf;
    let pos = this.#pos;
    if (sep.kind === "char") {
      const i = buf.indexOf(sep.ch, pos);
      if (i >= 0) {
        this.#pos = i + 1;
        this.rt = sep.ch;
        return buf.slice(pos, i);
      }
    } else if (sep.kind === "para") {
      if (!this.#started || pos === 0) {
        while (pos < buf.length && buf.charCodeAt(pos) === 10) pos++;
        this.#pos = pos;
        if (pos >= buf.length && !this.#eof) return NEED_MORE;
      }
      this.#started = true;
      const i = buf.indexOf("\n\n", pos);
      if (i >= 0) {
        let j = i + 2;
        while (j < buf.length && buf.charCodeAt(j) === 10) j++;
        if (j < buf.length || this.#eof) {
          this.#pos = j;
          this.rt = buf.slice(i, j);
          return buf.slice(pos, i);
        }
      }
    } else {
      const re = sep.re;
      const i = re.search(buf, pos);
      if (i >= 0 && re.lastEnd > i && (re.lastEnd < buf.length || this.#eof)) {
        this.#pos = re.lastEnd;
        this.rt = buf.slice(i, re.lastEnd);
        return buf.slice(pos, i);
      }
    }
    if (!this.#eof) return NEED_MORE;
    if (pos >= buf.length) return undefined;
    this.#pos = buf.length;
    let rec = buf.slice(pos);
    this.rt = "";
    if (sep.kind === "para") {
      let e = rec.length;
      while (e > 0 && rec.charCodeAt(e - 1) === 10) e--;
      this.rt = rec.slice(e);
      rec = rec.slice(0, e);
    }
    return rec;
  }

  /** The next record, reading input as needed; `undefined` at end of input. */
  async next(sep: RecordSep): Promise<string | undefined> {
    for (;;) {
      const r = this.tryNext(sep);
      if (r !== NEED_MORE) return r;
      await this.fill();
    }
  }
}

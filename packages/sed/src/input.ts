import type { InputStream } from "@husk/host";

/** One input of sed: a name (for `F` and errors) and how to get its text. */
export interface SedSource {
  readonly name: string;
  /** Whole text (files), or a stream (standard input). Null: the source failed to open (skipped). */
  open(): Promise<string | InputStream | null>;
}

/** A line read: its text and whether it ended with the separator. */
export interface SedLine {
  readonly text: string;
  readonly nl: boolean;
}

/**
 * The lines of a sequence of sources as one stream, with one-line lookahead so `$` can be
 * known. Whole-text sources are split synchronously; streams are read chunk by chunk.
 */
export class LineReader {
  readonly #sources: readonly SedSource[];
  readonly #sep: string;
  #idx = -1;
  #buf = "";
  #pos = 0;
  #stream: InputStream | null = null;
  #streamDone = true;
  /**
   * Where the last line lies in `buffer` (from its first character to just past its separator),
   * so unchanged lines can be copied out as one slice of the input.
   */
  buffer = "";
  lineStart = 0;
  lineEnd = 0;

  #mark(start: number, end: number): void {
    this.buffer = this.#buf;
    this.lineStart = start;
    this.lineEnd = end;
  }

  /** Name of the source the last line came from ("-" for stdin). */
  fileName = "-";
  #nextName = "-";

  constructor(sources: readonly SedSource[], separator: string) {
    this.#sources = sources;
    this.#sep = separator;
  }

  /** True when another line is available (opens further sources as needed). */
  async hasMore(): Promise<boolean> {
    for (;;) {
      if (this.#pos < this.#buf.length) return true;
      if (!this.#streamDone && this.#stream) {
        const chunk = await this.#stream.read();
        if (chunk === undefined) this.#streamDone = true;
        else {
          this.#buf = this.#pos < this.#buf.length ? this.#buf.slice(this.#pos) + chunk : chunk;
          this.#pos = 0;
        }
        continue;
      }
      if (this.#idx + 1 >= this.#sources.length) return false;
      const src = this.#sources[++this.#idx]!;
      const opened = await src.open();
      this.#buf = "";
      this.#pos = 0;
      this.#stream = null;
      this.#streamDone = true;
      this.#nextName = src.name;
      if (opened === null) continue;
      if (typeof opened === "string") this.#buf = opened;
      else {
        this.#stream = opened;
        this.#streamDone = false;
      }
    }
  }

  /**
   * Synchronous fast path: true/false when it is known whether another line is available
   * without reading, undefined when a read is needed (then use `hasMore`).
   */
  hasMoreSync(): boolean | undefined {
    if (this.#pos < this.#buf.length) return true;
    if (!this.#streamDone) return undefined;
    return this.#idx + 1 >= this.#sources.length ? false : undefined;
  }

  /** Synchronous fast path of `next`: the line, null at the end, undefined when a read is needed. */
  nextSync(): SedLine | null | undefined {
    if (this.#pos >= this.#buf.length) return this.hasMoreSync() === false ? null : undefined;
    const i = this.#buf.indexOf(this.#sep, this.#pos);
    if (i >= 0) {
      const text = this.#buf.slice(this.#pos, i);
      this.#mark(this.#pos, i + this.#sep.length);
      this.#pos = i + this.#sep.length;
      this.fileName = this.#nextName;
      return { text, nl: true };
    }
    if (!this.#streamDone) return undefined;
    const text = this.#buf.slice(this.#pos);
    this.#mark(this.#pos, this.#buf.length);
    this.#pos = this.#buf.length;
    this.fileName = this.#nextName;
    return { text, nl: false };
  }

  /**
   * Synchronous: the complete lines at the read position of the current buffer, about `size`
   * code units of them (at least one line), as one string (separators included), with their
   * count and the longest one's length; null when the buffer holds no complete line. The
   * lines count as read.
   */
  takeBlock(size: number): { text: string; lines: number; maxLine: number } | null {
    const sep = this.#sep;
    const buf = this.#buf;
    let last = this.#pos + size >= buf.length ? buf.lastIndexOf(sep) : buf.lastIndexOf(sep, this.#pos + size);
    if (last < this.#pos) last = buf.indexOf(sep, this.#pos + size);
    if (last < this.#pos) return null;
    const end = last + sep.length;
    let lines = 0;
    let maxLine = 0;
    let p = this.#pos;
    while (p < end) {
      const e = buf.indexOf(sep, p);
      if (e - p > maxLine) maxLine = e - p;
      lines++;
      p = e + sep.length;
    }
    const text = buf.slice(this.#pos, end);
    this.#mark(this.#pos, end);
    this.#pos = end;
    this.fileName = this.#nextName;
    return { text, lines, maxLine };
  }

  /** The next line, or null at the end of all sources. */
  async next(): Promise<SedLine | null> {
    if (!(await this.hasMore())) return null;
    for (;;) {
      const i = this.#buf.indexOf(this.#sep, this.#pos);
      if (i >= 0) {
        const text = this.#buf.slice(this.#pos, i);
        this.#mark(this.#pos, i + this.#sep.length);
        this.#pos = i + this.#sep.length;
        this.fileName = this.#nextName;
        return { text, nl: true };
      }
      if (!this.#streamDone && this.#stream) {
        const chunk = await this.#stream.read();
        if (chunk === undefined) this.#streamDone = true;
        else {
          this.#buf = this.#buf.slice(this.#pos) + chunk;
          this.#pos = 0;
        }
        continue;
      }
      const text = this.#buf.slice(this.#pos);
      this.#mark(this.#pos, this.#buf.length);
      this.#pos = this.#buf.length;
      this.fileName = this.#nextName;
      return { text, nl: false };
    }
  }
}

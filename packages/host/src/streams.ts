/**
 * Byte streams between commands. Husk carries text as JavaScript strings (Unicode);
 * `wc -c`, `head -c` and friends count UTF-8 bytes of that text.
 */

/** A readable stream of text chunks (stdin of a command, or the read end of a pipe). */
export interface InputStream {
  /**
   * Resolves with the next chunk, or `undefined` at end of input. Chunks have no
   * particular alignment (a chunk may end in the middle of a line).
   */
  read(): Promise<string | undefined>;
  /**
   * Reads everything that remains. Throws a `LimitError` when the total would exceed the
   * caller's bound (`maxBytes`, default: the stdout limit of the run).
   */
  readAll(maxBytes?: number): Promise<string>;
  /**
   * Tells the writer that no more input is wanted (like closing the read end of a pipe):
   * writers blocked on this stream fail with `BrokenPipeError`.
   */
  close(): void;
}

/** A writable stream of text (stdout or stderr of a command, or the write end of a pipe). */
export interface OutputStream {
  /**
   * Writes text. Returns `undefined` when the chunk was accepted at once, or a Promise that
   * settles when the consumer has room again (back-pressure). Callers that produce unbounded
   * output must await the Promise when one is returned. Throws (or rejects with)
   * `BrokenPipeError` once the reader has gone away, and `LimitError` when the output limit
   * is breached.
   */
  write(text: string): Promise<void> | undefined;
  /** True once the reader has gone away; further writes fail with `BrokenPipeError`. */
  readonly closed: boolean;
  /**
   * True once the run's output limit was reached and further text is dropped (set only by the
   * run's own stdout and stderr): a producer of much output may stop early, as nothing more of
   * it will be seen.
   */
  readonly truncated?: boolean;
}

/** An InputStream over a fixed string (here-strings, captured output, tests). */
export class StringInput implements InputStream {
  #text: string | undefined;
  constructor(text: string) {
    this.#text = text === "" ? undefined : text;
  }
  read(): Promise<string | undefined> {
    const t = this.#text;
    this.#text = undefined;
    return Promise.resolve(t);
  }
  readAll(): Promise<string> {
    const t = this.#text ?? "";
    this.#text = undefined;
    return Promise.resolve(t);
  }
  close(): void {
    this.#text = undefined;
  }
}

/** An InputStream that is always at end of input. */
export const EMPTY_INPUT: InputStream = {
  read: () => Promise.resolve(undefined),
  readAll: () => Promise.resolve(""),
  close: () => {},
};

/** An OutputStream that collects everything written into a string (`.text`). */
export class StringOutput implements OutputStream {
  #parts: string[] = [];
  #size = 0;
  readonly closed = false;
  /** Bytes (UTF-16 code units) written so far. */
  get length(): number {
    return this.#size;
  }
  write(text: string): undefined {
    this.#parts.push(text);
    this.#size += text.length;
    return undefined;
  }
  /** Everything written so far. */
  get text(): string {
    if (this.#parts.length > 1) this.#parts = [this.#parts.join("")];
    return this.#parts[0] ?? "";
  }
}

/** An OutputStream that discards its input (`/dev/null`). */
export const NULL_OUTPUT: OutputStream = {
  write: () => undefined,
  closed: false,
};

/**
 * Splits an InputStream into lines. Each yielded line excludes its terminator; `terminated`
 * tells whether the line ended with the separator (the last line of input may not).
 */
export async function* readLines(
  input: InputStream,
  separator = "\n",
): AsyncGenerator<{ line: string; terminated: boolean }> {
  let buf = "";
  for (;;) {
    const chunk = await input.read();
    if (chunk === undefined) break;
    buf = buf === "" ? chunk : buf + chunk;
    let start = 0;
    for (;;) {
      const i = buf.indexOf(separator, start);
      if (i < 0) break;
      yield { line: buf.slice(start, i), terminated: true };
      start = i + separator.length;
    }
    buf = start === 0 ? buf : buf.slice(start);
  }
  if (buf !== "") yield { line: buf, terminated: false };
}

/** A character that is not ASCII (one UTF-8 byte per character before it). */
const NON_ASCII = /[^\x00-\x7f]/;

/** UTF-8 byte length of a string, without allocating. */
export function utf8Length(s: string): number {
  // A long text is often all ASCII: the regex engine finds the first other character about
  // three times faster than the loop below counts (10 MB: 13 vs 40 ms), so count from there.
  let from = 0;
  if (s.length > 256) {
    from = s.search(NON_ASCII);
    if (from < 0) return s.length;
  }
  let n = from;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

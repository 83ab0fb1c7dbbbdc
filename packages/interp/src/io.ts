/**
 * Streams of the interpreter: bounded pipes between pipeline stages, a push-back input that
 * lets `read` consume exactly one line, capped outputs for the run's stdout/stderr, and file
 * outputs that write through the FileSystem.
 */
import { BrokenPipeError, FsError, LimitError, StringOutput } from "@husk/host";
import type { FileSystem, InputStream, LimitName, OutputStream } from "@husk/host";

/** Default capacity of a pipe, in UTF-16 units (like a 64 KiB kernel pipe). */
export const PIPE_CAPACITY = 65536;
/** Buffered units after which a writer yields to let the reader run (see `Pipe.write`). */
const YIELD_AT = 4096;
/** Writes after which a writer yields to let the reader run (see `Pipe.write`). */
const YIELD_WRITES = 64;

/**
 * A bounded channel: the writer side is an OutputStream, the reader side an InputStream.
 * When the buffer is full, `write` returns a Promise that settles once the reader drained it.
 * When the reader closes, pending and future writes fail with BrokenPipeError.
 */
export class Pipe implements InputStream, OutputStream {
  #chunks: string[] = [];
  #size = 0;
  #writerClosed = false;
  #readerClosed = false;
  #readWaiter: (() => void) | null = null;
  /** Buffered size at which the writer next yields (see `write`). */
  #yieldAt = YIELD_AT;
  /** Writes since the writer last yielded. */
  #writes = 0;
  #writeWaiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  readonly #signal: AbortSignal | undefined;
  /**
   * `signal`: the run's; when it aborts, a read or write waiting on this pipe rejects with its
   * reason. Needed where the two ends can wait on each other (a coprocess and the shell that
   * reads and writes it), so that a deadlock ends at the run's time limit.
   */
  constructor(
    readonly capacity = PIPE_CAPACITY,
    signal?: AbortSignal,
  ) {
    this.#signal = signal;
    signal?.addEventListener("abort", () => this.#aborted(), { once: true });
  }

  #aborted(): void {
    const ws = this.#writeWaiters;
    this.#writeWaiters = [];
    for (const w of ws) w.reject(this.#signal!.reason);
    const r = this.#readWaiter;
    if (r !== null) {
      this.#readWaiter = null;
      r();
    }
  }

  get closed(): boolean {
    return this.#readerClosed;
  }

  write(text: string): Promise<void> | undefined {
    if (this.#readerClosed) throw new BrokenPipeError();
    if (text === "") return undefined;
    this.#chunks.push(text);
    this.#size += text.length;
    const w = this.#readWaiter;
    if (w !== null) {
      this.#readWaiter = null;
      w();
    }
    if (this.#size < this.capacity) {
      // The reader runs only when the writer yields: a writer that never blocks (`while :; do
      // echo y; done | head -1`) would otherwise run on, synchronously, until a limit stops it,
      // before `head` had even started to take its line and close the pipe (a kernel pipe lets
      // the reader run at once). So the writer yields one microtask turn per YIELD_AT units or
      // YIELD_WRITES writes: a reader that takes several turns to finish (`grep -m1`, awk's
      // `exit`) ends while the writer has run a few hundred commands, not thousands.
      if (this.#size < this.#yieldAt && ++this.#writes < YIELD_WRITES) return undefined;
      this.#yieldAt = this.#size + YIELD_AT;
      this.#writes = 0;
      return Promise.resolve();
    }
    if (this.#signal?.aborted) throw this.#signal.reason;
    return new Promise((resolve, reject) => this.#writeWaiters.push({ resolve, reject }));
  }

  /** The writer is done: the reader sees end of input after the buffered data. */
  closeWrite(): void {
    this.#writerClosed = true;
    const w = this.#readWaiter;
    if (w !== null) {
      this.#readWaiter = null;
      w();
    }
  }

  async read(): Promise<string | undefined> {
    for (;;) {
      if (this.#chunks.length > 0) {
        const t = this.#chunks.length === 1 ? this.#chunks[0]! : this.#chunks.join("");
        this.#chunks = [];
        this.#size = 0;
        this.#yieldAt = YIELD_AT;
        const ws = this.#writeWaiters;
        this.#writeWaiters = [];
        for (const w of ws) w.resolve();
        return t;
      }
      if (this.#writerClosed || this.#readerClosed) return undefined;
      if (this.#signal?.aborted) throw this.#signal.reason;
      await new Promise<void>((r) => (this.#readWaiter = r));
    }
  }

  async readAll(maxBytes = Infinity): Promise<string> {
    const parts: string[] = [];
    let n = 0;
    for (;;) {
      const c = await this.read();
      if (c === undefined) return parts.join("");
      n += c.length;
      if (n > maxBytes) throw new LimitError("maxStringBytes", `input too large: more than ${maxBytes} bytes`);
      parts.push(c);
    }
  }

  close(): void {
    if (this.#readerClosed) return;
    this.#readerClosed = true;
    this.#chunks = [];
    this.#size = 0;
    const ws = this.#writeWaiters;
    this.#writeWaiters = [];
    for (const w of ws) w.reject(new BrokenPipeError());
    const r = this.#readWaiter;
    if (r !== null) {
      this.#readWaiter = null;
      r();
    }
  }
}

/**
 * An input with push-back: the shell wraps every stdin in one so that `read` can take one line
 * and leave the rest for the next command.
 */
export class ShellInput implements InputStream {
  #buf = "";
  #eof = false;
  constructor(readonly source: InputStream) {}

  /** Puts text back in front of the stream. */
  unread(text: string): void {
    if (text !== "") this.#buf = text + this.#buf;
  }

  /** Takes the text already pushed back or buffered ("" when none: then `read` must wait). */
  takeBuffered(): string {
    const t = this.#buf;
    this.#buf = "";
    return t;
  }

  async read(): Promise<string | undefined> {
    if (this.#buf !== "") {
      const t = this.#buf;
      this.#buf = "";
      return t;
    }
    if (this.#eof) return undefined;
    const c = await this.source.read();
    if (c === undefined) this.#eof = true;
    return c;
  }

  async readAll(maxBytes?: number): Promise<string> {
    const head = this.#buf;
    this.#buf = "";
    if (this.#eof) return head;
    const rest = await this.source.readAll(maxBytes);
    this.#eof = true;
    return head + rest;
  }

  close(): void {
    this.#buf = "";
    this.source.close();
  }
}

/** Wraps any input as a ShellInput (idempotent). */
export function shellInput(s: InputStream): ShellInput {
  return s instanceof ShellInput ? s : new ShellInput(s);
}

/** Average piece length from which CappedOutput.text chains the pieces instead of joining them. */
const ROPE_PIECE = 4096;

/**
 * Input redirected from a directory (`mapfile < dir`): bash opens it, and every read fails
 * with EISDIR, which each reader reports its own way (`cat: -: Is a directory`; `read`'s read
 * error; mapfile and `$(< dir)` read nothing).
 */
export class DirectoryInput implements InputStream {
  read(): Promise<string | undefined> {
    return Promise.reject(new FsError("EISDIR", "-"));
  }
  readAll(): Promise<string> {
    return Promise.reject(new FsError("EISDIR", "-"));
  }
  close(): void {}
}

/**
 * The run's stdout or stderr: collects text up to `max` UTF-16 units; past it the text is
 * cut and `truncated` set (the run goes on: the limits page says output is truncated, flagged).
 */
export class CappedOutput implements OutputStream {
  #parts: string[] = [];
  #size = 0;
  truncated = false;
  readonly closed = false;
  constructor(
    readonly max: number,
    readonly limit: LimitName,
    readonly onWrite?: (text: string) => void,
  ) {}
  write(text: string): undefined {
    if (this.truncated) return undefined;
    if (this.#size + text.length > this.max) {
      const room = this.max - this.#size;
      if (room > 0) {
        this.#parts.push(text.slice(0, room));
        this.onWrite?.(text.slice(0, room));
      }
      this.#size = this.max;
      this.truncated = true;
      return undefined;
    }
    this.#parts.push(text);
    this.#size += text.length;
    this.onWrite?.(text);
    return undefined;
  }
  get text(): string {
    const parts = this.#parts;
    if (parts.length > 1) {
      // Large pieces (a jq or cat output written in 64 KiB chunks) are chained with `+`: a rope
      // V8 copies into one flat string when the caller first reads its characters, once the run
      // is over and its data unreachable, where `join` copies the whole output inside the run.
      // Many small pieces are joined: a rope node per piece would outweigh them.
      let text = "";
      if (this.#size >= parts.length * ROPE_PIECE) for (const p of parts) text += p;
      else text = parts.join("");
      this.#parts = [text];
    }
    return this.#parts[0] ?? "";
  }
}

/**
 * Output to a file of the shell's FileSystem. Writes are buffered and flushed with `flush()`
 * (the shell flushes when the redirection ends). The first flush truncates unless `append`.
 */
export class FileOutput implements OutputStream {
  #parts: string[] = [];
  #size = 0;
  #started: boolean;
  readonly closed = false;
  constructor(
    readonly fs: FileSystem,
    readonly path: string,
    append: boolean,
    readonly maxBytes: number,
  ) {
    this.#started = append;
  }
  write(text: string): undefined {
    this.#size += text.length;
    if (this.#size > this.maxBytes) throw new LimitError("maxFileBytes", `file ${this.path} too large: more than ${this.maxBytes} bytes`);
    this.#parts.push(text);
    return undefined;
  }
  /** Writes buffered text to the file. */
  async flush(): Promise<void> {
    const data = this.#parts.join("");
    this.#parts = [];
    if (data === "" && this.#started) return;
    await this.fs.writeFile(this.path, data, { append: this.#started });
    this.#started = true;
  }
}

/** An output that forwards to another, used to share one stream under two fds. */
export function isClosed(o: OutputStream): boolean {
  return o.closed;
}

/** A StringOutput that throws LimitError past `max` units (command substitution). */
export class LimitedOutput extends StringOutput {
  constructor(readonly max: number) {
    super();
  }
  override write(text: string): undefined {
    if (this.length + text.length > this.max) throw new LimitError("maxStringBytes", `command substitution output too large: more than ${this.max} bytes`);
    return super.write(text);
  }
}

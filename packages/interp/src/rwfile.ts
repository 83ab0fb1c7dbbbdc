/**
 * `<>`: a file opened for reading and writing, with one offset shared by both directions as
 * with a real file descriptor. Writes overwrite in place (no truncation) at the offset the
 * reader has reached; the content is written back to the filesystem on `flush`.
 */
import { LimitError } from "@husk/host";
import type { FileSystem, InputStream } from "@husk/host";
import { FileOutput, ShellInput } from "./io.js";

/** The output side of a `<>` file; `input` is its reading side. */
export class ReadWriteFile extends FileOutput {
  #content: string;
  /** How much of the content the reader has been handed (what it buffers is given back on write). */
  #pos = 0;
  #dirty = false;
  readonly #max: number;
  /** The reading side, sharing the offset. */
  readonly input: ShellInput;

  constructor(fs: FileSystem, path: string, content: string, maxBytes: number) {
    super(fs, path, true, maxBytes);
    this.#content = content;
    this.#max = maxBytes;
    const source: InputStream = {
      read: () => Promise.resolve(this.#take()),
      readAll: () => Promise.resolve(this.#take() ?? ""),
      close: () => undefined,
    };
    this.input = new ShellInput(source);
  }

  #take(): string | undefined {
    if (this.#pos >= this.#content.length) return undefined;
    const t = this.#content.slice(this.#pos);
    this.#pos = this.#content.length;
    return t;
  }

  override write(text: string): undefined {
    // what the reader took but did not consume goes back: the write lands where it stopped
    const at = this.#pos - this.input.takeBuffered().length;
    const c = this.#content.slice(0, at) + text + this.#content.slice(at + text.length);
    if (c.length > this.#max) throw new LimitError("maxFileBytes", `file ${this.path} too large: more than ${this.#max} bytes`);
    this.#content = c;
    this.#pos = at + text.length;
    this.#dirty = true;
    return undefined;
  }

  override async flush(): Promise<void> {
    if (!this.#dirty) return;
    this.#dirty = false;
    await this.fs.writeFile(this.path, this.#content);
  }
}

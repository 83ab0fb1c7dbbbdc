/**
 * An in-memory pipe between a command run inside the shell (the writer) and awk (the reader):
 * `cmd | getline` streams, so `"yes" | getline` returns at once. Bounded: the writer waits when
 * 64 KiB are queued; once the reader closes, writes fail with BrokenPipeError.
 */
import { BrokenPipeError } from "@husk/host";
import type { InputStream, OutputStream } from "@husk/host";

const HIGH_WATER = 1 << 16;

/** Both ends of the pipe. */
export class Channel implements InputStream, OutputStream {
  #chunks: string[] = [];
  #queued = 0;
  #ended = false;
  #closed = false;
  #readerWake: (() => void) | undefined;
  #writerWake: ((broken: boolean) => void) | undefined;

  get closed(): boolean {
    return this.#closed;
  }

  write(text: string): Promise<void> | undefined {
    if (this.#closed) throw new BrokenPipeError();
    if (text === "") return undefined;
    this.#chunks.push(text);
    this.#queued += text.length;
    this.#wakeReader();
    if (this.#queued < HIGH_WATER) return undefined;
    return new Promise<void>((resolve, reject) => {
      this.#writerWake = (broken) => (broken ? reject(new BrokenPipeError()) : resolve());
    });
  }

  /** The writer is done (its command ended). */
  end(): void {
    this.#ended = true;
    this.#wakeReader();
  }

  async read(): Promise<string | undefined> {
    while (this.#chunks.length === 0) {
      if (this.#ended || this.#closed) return undefined;
      await new Promise<void>((resolve) => {
        this.#readerWake = resolve;
      });
    }
    const text = this.#chunks.length === 1 ? this.#chunks[0]! : this.#chunks.join("");
    this.#chunks = [];
    this.#queued = 0;
    const w = this.#writerWake;
    this.#writerWake = undefined;
    w?.(false);
    return text;
  }

  async readAll(): Promise<string> {
    let out = "";
    for (let c = await this.read(); c !== undefined; c = await this.read()) out += c;
    return out;
  }

  /** The reader is gone: pending and later writes fail with BrokenPipeError. */
  close(): void {
    this.#closed = true;
    this.#chunks = [];
    this.#queued = 0;
    const w = this.#writerWake;
    this.#writerWake = undefined;
    w?.(true);
    this.#wakeReader();
  }

  #wakeReader(): void {
    const r = this.#readerWake;
    this.#readerWake = undefined;
    r?.();
  }
}

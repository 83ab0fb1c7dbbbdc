import type { CommandContext } from "@husk/host";
import { unquotedOperand, type Writer } from "./io.js";
import { ConcatInput, eachChunk } from "./stream.js";
import { toBytes } from "./text.js";

/**
 * Reads the operands (stdin when none) as one stream of UTF-8 bytes, handing `each` one piece
 * at a time; reports unreadable files, quoted as GNU's od does or (`quote` false: util-linux
 * hexdump, xxd) as given. `read` counts the operands that could be read.
 */
export async function eachBytes(
  ctx: CommandContext,
  operands: readonly string[],
  quote: boolean,
  each: (bytes: Uint8Array) => void | Promise<void>,
): Promise<{ status: number; read: number }> {
  const input = new ConcatInput(ctx, operands, ctx.name, quote ? undefined : unquotedOperand);
  await eachChunk(input, ctx.meter, (chunk) => each(toBytes(chunk)));
  return { status: input.status, read: input.opened };
}

/** Hex of a byte, two digits. */
export function hex2(b: number): string {
  return (b < 16 ? "0" : "") + b.toString(16);
}

/** Printable ASCII or `.` (xxd, hexdump -C). */
export function printable(b: number): string {
  return b >= 32 && b < 127 ? String.fromCharCode(b) : ".";
}

/**
 * Walks bytes given in pieces in rows of `width`, as od, hexdump and xxd print them: a full
 * row equal to the previous one is squeezed into a single `*` line unless `verbose`; `emit`
 * writes the others (with the row's offset). A row may span pieces; `end` emits the short last
 * row and returns the number of bytes seen.
 */
export class RowWalker {
  readonly #row: Uint8Array;
  #fill = 0;
  #offset = 0;
  #prev: string | undefined;
  #starred = false;
  constructor(
    readonly ctx: CommandContext,
    readonly w: Writer,
    readonly width: number,
    readonly verbose: boolean,
    readonly emit: (row: Uint8Array, off: number) => void,
  ) {
    this.#row = new Uint8Array(width);
  }

  /** Adds bytes; emits every row they complete. */
  push(bytes: Uint8Array): void {
    const width = this.width;
    let i = 0;
    if (this.#fill > 0) {
      const take = Math.min(width - this.#fill, bytes.length);
      this.#row.set(bytes.subarray(0, take), this.#fill);
      this.#fill += take;
      i = take;
      if (this.#fill < width) return;
      this.#fill = 0;
      this.#one(this.#row);
    }
    for (; i + width <= bytes.length; i += width) this.#one(bytes.subarray(i, i + width));
    if (i < bytes.length) {
      this.#row.set(bytes.subarray(i));
      this.#fill = bytes.length - i;
    }
  }

  /** Emits the short last row, if any; returns the count of bytes pushed. */
  end(): number {
    if (this.#fill > 0) {
      const row = this.#row.subarray(0, this.#fill);
      this.#fill = 0;
      this.#one(row);
    }
    return this.#offset;
  }

  #one(row: Uint8Array): void {
    this.ctx.meter.tick();
    const off = this.#offset;
    this.#offset += row.length;
    const key = !this.verbose && row.length === this.width ? row.join(",") : undefined;
    if (key !== undefined && key === this.#prev) {
      if (!this.#starred) this.w.write("*\n");
      this.#starred = true;
      return;
    }
    this.#prev = key;
    this.#starred = false;
    this.emit(row, off);
  }
}

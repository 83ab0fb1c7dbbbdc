import type { CommandContext } from "@husk/host";
import { readAllInputs, unquotedOperand, type Writer } from "./io.js";
import { toBytes } from "./text.js";

/**
 * Reads the operands (stdin when none) as UTF-8 bytes; reports unreadable files, quoted as
 * GNU's od does or (`quote` false: util-linux hexdump, xxd) as given. `read` counts the
 * operands that could be read.
 */
export async function readBytes(
  ctx: CommandContext,
  operands: readonly string[],
  quote = true,
): Promise<{ bytes: Uint8Array; status: number; read: number }> {
  const { text, status, read } = await readAllInputs(ctx, operands, quote ? undefined : unquotedOperand);
  return { bytes: toBytes(text), status, read };
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
 * Walks `bytes` in rows of `width` as od and hexdump print them: a full row equal to the
 * previous one is squeezed into a single `*` line unless `verbose`; `emit` writes the others.
 */
export function eachRow(
  ctx: CommandContext,
  w: Writer,
  bytes: Uint8Array,
  width: number,
  verbose: boolean,
  emit: (row: Uint8Array, off: number) => void,
): void {
  let prev: string | undefined;
  let starred = false;
  for (let off = 0; off < bytes.length; off += width) {
    ctx.meter.tick();
    const row = bytes.subarray(off, off + width);
    const key = row.length === width ? row.join(",") : undefined;
    if (!verbose && key !== undefined && key === prev) {
      if (!starred) w.write("*\n");
      starred = true;
      continue;
    }
    prev = key;
    starred = false;
    emit(row, off);
  }
}

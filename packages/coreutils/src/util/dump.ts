import type { CommandContext } from "@husk/host";
import { readInput, reportFsError } from "./io.js";
import { toBytes } from "./text.js";

/** Reads the operands (stdin when none) as UTF-8 bytes; reports unreadable files. */
export async function readBytes(ctx: CommandContext, operands: readonly string[]): Promise<{ bytes: Uint8Array; status: number }> {
  const parts: string[] = [];
  let status = 0;
  for (const op of operands.length ? operands : ["-"]) {
    try {
      parts.push(await readInput(ctx, op));
    } catch (e) {
      status = reportFsError(ctx, op, e);
    }
  }
  return { bytes: toBytes(parts.join("")), status };
}

/** Hex of a byte, two digits. */
export function hex2(b: number): string {
  return (b < 16 ? "0" : "") + b.toString(16);
}

/** Printable ASCII or `.` (xxd, hexdump -C). */
export function printable(b: number): string {
  return b >= 32 && b < 127 ? String.fromCharCode(b) : ".";
}

import { type CommandContext, HuskError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { readInput, reportFsError, Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { fromBytes, toBytes } from "./util/text.js";

const ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const INDEX = new Int16Array(256).fill(-1);
for (let i = 0; i < 64; i++) INDEX[ALPHA.charCodeAt(i)] = i;

/** Base64-encodes bytes (RFC 4648, with padding). */
export function base64Encode(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHA[n >> 18]! + ALPHA[(n >> 12) & 63]! + ALPHA[(n >> 6) & 63]! + ALPHA[n & 63]!;
  }
  if (i < bytes.length) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8);
    out += ALPHA[n >> 18]! + ALPHA[(n >> 12) & 63]! + (i + 1 < bytes.length ? ALPHA[(n >> 6) & 63]! : "=") + "=";
  }
  return out;
}

/**
 * Decodes base64 text (newlines and blanks ignored; `ignoreGarbage` skips other foreign
 * characters). `ok` is false on invalid input (bad character, data after padding, or a
 * missing `=`); `bytes` then holds what decoded before the error, as GNU prints it.
 */
export function base64Decode(text: string, ignoreGarbage = false): { bytes: Uint8Array; ok: boolean } {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  let count = 0;
  let padding = 0;
  let ok = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 || c === 32 || c === 9) continue;
    if (c === 61) {
      padding++;
      count++;
      continue;
    }
    const v = c < 256 ? (INDEX[c] as number) : -1;
    if (v < 0 && ignoreGarbage) continue;
    if (v < 0 || padding) {
      ok = false;
      break;
    }
    count++;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  if (count % 4 !== 0) ok = false;
  return { bytes: Uint8Array.from(out), ok };
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const ops = args.operands;
  if (ops.length > 1) throw new HuskError(`extra operand '${ops[1]}'`, 1);
  const op = ops[0] ?? "-";
  let text: string;
  try {
    text = await readInput(ctx, op);
  } catch (e) {
    return reportFsError(ctx, op, e);
  }
  const w = new Writer(ctx.stdout);
  if (args.has("d")) {
    const { bytes, ok } = base64Decode(text, args.has("i"));
    w.write(fromBytes(bytes));
    if (!ok) {
      await w.flush();
      throw new HuskError("invalid input", 1);
    }
  } else {
    const wv = args.get("w") ?? "76";
    if (!/^\d+$/.test(wv)) throw new HuskError(`invalid wrap size: '${wv}'`, 1);
    const width = Number(wv);
    const enc = base64Encode(toBytes(text));
    if (width === 0) w.write(enc);
    else for (let i = 0; i < enc.length; i += width) w.write(`${enc.slice(i, i + width)}\n`);
  }
  await w.flush();
  return 0;
}

/** `base64 [-d [-i]] [-w COLS] [FILE]`: RFC 4648 over the UTF-8 bytes of the text (decoded bytes are read back as UTF-8). */
export const base64 = defineCommand({
  name: "base64",
  summary: "base64 encode/decode data and print to standard output",
  usage: `Usage: base64 [OPTION]... [FILE]
Base64 encode or decode FILE, or standard input, to standard output.

  -d, --decode          decode data
  -i, --ignore-garbage  when decoding, ignore non-alphabet characters
  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
                          Use 0 to disable line wrapping`,
  options: [
    { key: "d", short: "d", long: "decode" },
    { key: "i", short: "i", long: "ignore-garbage" },
    { key: "w", short: "w", long: "wrap", arg: "required" },
  ],
  run,
});

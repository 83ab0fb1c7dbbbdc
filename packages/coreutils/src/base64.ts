import { type CommandContext, HuskError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { reportFsError, Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { type Chunks, eachChunk, openInput } from "./util/stream.js";
import { toBytes } from "./util/text.js";

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
 * A base64 decoder over text given in pieces (newlines and blanks ignored; `ignoreGarbage`
 * skips other foreign characters): `push` returns the bytes each piece completes; `ok` turns
 * false at the first invalid character (bad character or data after padding) and nothing
 * more is decoded; `end` also checks that the input was complete (a missing `=`).
 */
export class Base64Decoder {
  ok = true;
  #acc = 0;
  #bits = 0;
  #count = 0;
  #padding = 0;
  constructor(readonly ignoreGarbage = false) {}

  /** Decodes one more piece of text. */
  push(text: string): Uint8Array {
    const out = new Uint8Array(Math.ceil((text.length * 3) / 4) + 1);
    let n = 0;
    if (!this.ok) return out.subarray(0, 0);
    let acc = this.#acc;
    let bits = this.#bits;
    let count = this.#count;
    let padding = this.#padding;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13 || c === 32 || c === 9) continue;
      if (c === 61) {
        padding++;
        count++;
        continue;
      }
      const v = c < 256 ? (INDEX[c] as number) : -1;
      if (v < 0 && this.ignoreGarbage) continue;
      if (v < 0 || padding) {
        this.ok = false;
        break;
      }
      count++;
      acc = ((acc << 6) | v) & 0xffffff;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out[n++] = (acc >> bits) & 0xff;
      }
    }
    this.#acc = acc;
    this.#bits = bits;
    this.#count = count;
    this.#padding = padding;
    return out.subarray(0, n);
  }

  /** The end of the input: false when it was invalid or incomplete. */
  end(): boolean {
    if (this.#count % 4 !== 0) this.ok = false;
    return this.ok;
  }
}

/**
 * Decodes base64 text (newlines and blanks ignored; `ignoreGarbage` skips other foreign
 * characters). `ok` is false on invalid input (bad character, data after padding, or a
 * missing `=`); `bytes` then holds what decoded before the error, as GNU prints it.
 */
export function base64Decode(text: string, ignoreGarbage = false): { bytes: Uint8Array; ok: boolean } {
  const d = new Base64Decoder(ignoreGarbage);
  const bytes = d.push(text);
  return { bytes, ok: d.end() };
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const ops = args.operands;
  if (ops.length > 1) throw new HuskError(`extra operand '${ops[1]}'`, 1);
  const op = ops[0] ?? "-";
  let input: Chunks;
  try {
    input = await openInput(ctx, op);
  } catch (e) {
    return reportFsError(ctx, op, e);
  }
  const w = new Writer(ctx.stdout);
  if (args.has("d")) {
    const d = new Base64Decoder(args.has("i"));
    // decoded bytes are read back as UTF-8: a character may span two pieces
    const utf8 = new TextDecoder("utf-8", { fatal: false });
    await eachChunk(input, ctx.meter, (chunk) => (d.ok ? w.write(utf8.decode(d.push(chunk), { stream: true })) : undefined));
    const ok = d.end();
    w.write(utf8.decode());
    if (!ok) {
      await w.flush();
      throw new HuskError("invalid input", 1);
    }
  } else {
    const wv = args.get("w") ?? "76";
    if (!/^\d+$/.test(wv)) throw new HuskError(`invalid wrap size: '${wv}'`, 1);
    const width = Number(wv);
    let held: Uint8Array = new Uint8Array(0);
    let col = 0;
    // encodes whole groups of 3 bytes; the last 1 or 2 wait for the next piece (or the end)
    const emit = (bytes: Uint8Array, last: boolean): Promise<void> | undefined => {
      const whole = last ? bytes.length : bytes.length - (bytes.length % 3);
      held = bytes.slice(whole);
      const enc = base64Encode(bytes.subarray(0, whole));
      if (width === 0) return w.write(enc);
      let p: Promise<void> | undefined;
      let i = 0;
      while (i < enc.length) {
        const take = Math.min(width - col, enc.length - i);
        const piece = enc.slice(i, i + take);
        col += take;
        i += take;
        if (col === width) {
          col = 0;
          p = w.write(`${piece}\n`) ?? p;
        } else p = w.write(piece) ?? p;
      }
      if (last && col > 0) w.write("\n");
      return p;
    };
    await eachChunk(input, ctx.meter, (chunk) => {
      const b = toBytes(chunk);
      if (held.length === 0) return emit(b, false);
      const joined = new Uint8Array(held.length + b.length);
      joined.set(held);
      joined.set(b, held.length);
      return emit(joined, false);
    });
    emit(held, true);
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

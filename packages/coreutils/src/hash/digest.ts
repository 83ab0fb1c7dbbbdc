/**
 * Pure TypeScript MD5, SHA-1 and SHA-256 over bytes, returning lowercase hex: one-shot
 * (`md5(bytes)`) or incremental (`new Md5()`, `update` chunk by chunk, then `digest`), so a
 * stream is hashed in constant memory.
 */

function hex(words: Uint32Array | number[], littleEndian: boolean): string {
  let s = "";
  for (const w of words) {
    for (let k = 0; k < 4; k++) {
      const b = littleEndian ? (w >>> (8 * k)) & 0xff : (w >>> (24 - 8 * k)) & 0xff;
      s += b.toString(16).padStart(2, "0");
    }
  }
  return s;
}

/** An incremental hash: feed bytes with `update`, read the hex digest once with `digest`. */
export interface Hasher {
  /** Adds bytes to the message. */
  update(bytes: Uint8Array): void;
  /** The lowercase hex digest of everything added (the hasher is spent after). */
  digest(): string;
}

/**
 * A Merkle-Damgard hash over 64-byte blocks: buffers partial blocks, calls `compress` on each
 * full one (as 16 words of the given endianness) and pads with the bit length at the end.
 */
abstract class BlockHash implements Hasher {
  readonly #block = new Uint8Array(64);
  readonly #view = new DataView(this.#block.buffer);
  readonly #words = new Uint32Array(16);
  #fill = 0;
  #length = 0;
  constructor(readonly littleEndian: boolean) {}

  /** Mixes one block (16 words) into the state. */
  protected abstract compress(m: Uint32Array): void;
  /** The state as hex. */
  protected abstract hexState(): string;

  #flushBlock(): void {
    const v = this.#view;
    const le = this.littleEndian;
    const m = this.#words;
    for (let i = 0; i < 16; i++) m[i] = v.getUint32(i * 4, le);
    this.compress(m);
  }

  update(bytes: Uint8Array): void {
    this.#length += bytes.length;
    let i = 0;
    const block = this.#block;
    if (this.#fill > 0) {
      const take = Math.min(64 - this.#fill, bytes.length);
      block.set(bytes.subarray(0, take), this.#fill);
      this.#fill += take;
      i = take;
      if (this.#fill < 64) return;
      this.#flushBlock();
      this.#fill = 0;
    }
    if (i + 64 <= bytes.length) {
      const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const le = this.littleEndian;
      const m = this.#words;
      for (; i + 64 <= bytes.length; i += 64) {
        for (let k = 0; k < 16; k++) m[k] = v.getUint32(i + k * 4, le);
        this.compress(m);
      }
    }
    if (i < bytes.length) {
      block.set(bytes.subarray(i), 0);
      this.#fill = bytes.length - i;
    }
  }

  digest(): string {
    const bits = this.#length * 8;
    const padLen = this.#fill < 56 ? 56 - this.#fill : 120 - this.#fill;
    const tail = new Uint8Array(padLen + 8);
    tail[0] = 0x80;
    const v = new DataView(tail.buffer);
    const hi = Math.floor(bits / 4294967296);
    const lo = bits >>> 0;
    if (this.littleEndian) {
      v.setUint32(padLen, lo, true);
      v.setUint32(padLen + 4, hi, true);
    } else {
      v.setUint32(padLen, hi, false);
      v.setUint32(padLen + 4, lo, false);
    }
    const length = this.#length;
    this.update(tail);
    this.#length = length;
    return this.hexState();
  }
}

const MD5_S = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21];
const MD5_K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 4294967296) >>> 0);

/** Incremental MD5 (32 hex digits). */
export class Md5 extends BlockHash {
  readonly #h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  constructor() {
    super(true);
  }
  protected compress(m: Uint32Array): void {
    const h = this.#h;
    let [a, b, c, d] = h as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const tmp = d;
      d = c;
      c = b;
      const x = (a + f + (MD5_K[i] as number) + (m[g] as number)) >>> 0;
      const s = MD5_S[i] as number;
      b = (b + ((x << s) | (x >>> (32 - s)))) >>> 0;
      a = tmp;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
  }
  protected hexState(): string {
    return hex(this.#h, true);
  }
}

/** Incremental SHA-1 (40 hex digits). */
export class Sha1 extends BlockHash {
  readonly #h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  readonly #w = new Uint32Array(80);
  constructor() {
    super(false);
  }
  protected compress(m: Uint32Array): void {
    const h = this.#h;
    const w = this.#w;
    w.set(m);
    for (let i = 16; i < 80; i++) {
      const x = w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!;
      w[i] = (x << 1) | (x >>> 31);
    }
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const f = i < 20 ? (b & c) | (~b & d) : i < 40 ? b ^ c ^ d : i < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
      const k = i < 20 ? 0x5a827999 : i < 40 ? 0x6ed9eba1 : i < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const t = (((a << 5) | (a >>> 27)) + f + e + k + w[i]!) >>> 0;
      e = d;
      d = c;
      c = ((b << 30) | (b >>> 2)) >>> 0;
      b = a;
      a = t;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
  }
  protected hexState(): string {
    return hex(this.#h, false);
  }
}

const K256 = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** Incremental SHA-256 (64 hex digits). */
export class Sha256 extends BlockHash {
  readonly #h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  readonly #w = new Uint32Array(64);
  constructor() {
    super(false);
  }
  protected compress(m: Uint32Array): void {
    const h = this.#h;
    const w = this.#w;
    const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));
    w.set(m);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15]!, 7) ^ rotr(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3);
      const s1 = rotr(w[i - 2]!, 17) ^ rotr(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K256[i]! + w[i]!) >>> 0;
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = h[0]! + a;
    h[1] = h[1]! + b;
    h[2] = h[2]! + c;
    h[3] = h[3]! + d;
    h[4] = h[4]! + e;
    h[5] = h[5]! + f;
    h[6] = h[6]! + g;
    h[7] = h[7]! + hh;
  }
  protected hexState(): string {
    return hex(this.#h, false);
  }
}

/** MD5 of `bytes` as 32 hex digits. */
export function md5(bytes: Uint8Array): string {
  const h = new Md5();
  h.update(bytes);
  return h.digest();
}

/** SHA-1 of `bytes` as 40 hex digits. */
export function sha1(bytes: Uint8Array): string {
  const h = new Sha1();
  h.update(bytes);
  return h.digest();
}

/** SHA-256 of `bytes` as 64 hex digits. */
export function sha256(bytes: Uint8Array): string {
  const h = new Sha256();
  h.update(bytes);
  return h.digest();
}

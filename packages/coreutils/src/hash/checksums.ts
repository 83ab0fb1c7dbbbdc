/**
 * The classic checksums of `cksum` (and `sum`), incremental like the digests of `digest.ts`:
 * the POSIX CRC of `cksum` and the BSD and System V sums. Their `digest()` is the text GNU
 * prints before the file name, checksum and size together (`3015617425 6`, `36979     1`).
 */
import type { Hasher } from "./digest.js";

const CRC_TABLE = ((): Uint32Array => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    t[i] = c >>> 0;
  }
  return t;
})();

/** POSIX `cksum`: CRC-32 (polynomial 0x04C11DB7, most significant bit first) over the bytes and then their count; digest `CRC SIZE`. */
export class PosixCrc implements Hasher {
  #crc = 0;
  #length = 0;
  update(bytes: Uint8Array): void {
    let crc = this.#crc;
    for (let i = 0; i < bytes.length; i++) crc = (crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ (bytes[i] as number)) & 0xff] as number);
    this.#crc = crc;
    this.#length += bytes.length;
  }
  digest(): string {
    let crc = this.#crc;
    for (let n = this.#length; n > 0; n = Math.floor(n / 256)) crc = (crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ n) & 0xff] as number);
    return `${~crc >>> 0} ${this.#length}`;
  }
}

/** The BSD sum (`sum -r`, `cksum -a bsd`): 16-bit rotating checksum; digest `%05d %5d`, size in 1024-byte blocks. */
export class BsdSum implements Hasher {
  #sum = 0;
  #length = 0;
  update(bytes: Uint8Array): void {
    let s = this.#sum;
    for (let i = 0; i < bytes.length; i++) s = (((s >> 1) + ((s & 1) << 15)) + (bytes[i] as number)) & 0xffff;
    this.#sum = s;
    this.#length += bytes.length;
  }
  digest(): string {
    return `${String(this.#sum).padStart(5, "0")} ${String(Math.ceil(this.#length / 1024)).padStart(5)}`;
  }
}

/** The System V sum (`sum -s`, `cksum -a sysv`): byte sum folded to 16 bits; digest `%d %d`, size in 512-byte blocks. */
export class SysvSum implements Hasher {
  #sum = 0;
  #length = 0;
  update(bytes: Uint8Array): void {
    let s = this.#sum;
    for (let i = 0; i < bytes.length; i++) s = (s + (bytes[i] as number)) >>> 0;
    this.#sum = s;
    this.#length += bytes.length;
  }
  digest(): string {
    const s = this.#sum;
    const r = (s & 0xffff) + (s >>> 16);
    return `${(r & 0xffff) + (r >>> 16)} ${Math.ceil(this.#length / 512)}`;
  }
}

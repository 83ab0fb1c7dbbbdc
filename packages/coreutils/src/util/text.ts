/** Text helpers shared by several tools (byte counting, sizes, visible forms of characters). */

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: false });

/** The UTF-8 bytes of `s`. */
export function toBytes(s: string): Uint8Array {
  return encoder.encode(s);
}

/** Decodes UTF-8 bytes (invalid sequences become U+FFFD). */
export function fromBytes(b: Uint8Array): string {
  return decoder.decode(b);
}

/** True when `s` is pure ASCII (bytes and code units coincide). */
export function isAscii(s: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/[^\x00-\x7f]/.test(s);
}

/** The first `n` UTF-8 bytes of `s` (a character cut in half is dropped). */
export function headBytes(s: string, n: number): string {
  if (n <= 0) return "";
  if (isAscii(s)) return s.slice(0, n);
  const b = toBytes(s);
  return fromBytes(b.subarray(0, Math.min(n, b.length)));
}

/** Everything of `s` after its first `n` UTF-8 bytes. */
export function dropBytes(s: string, n: number): string {
  if (n <= 0) return s;
  if (isAscii(s)) return s.slice(n);
  const b = toBytes(s);
  return fromBytes(b.subarray(Math.min(n, b.length)));
}

const SIZE_SUFFIX: Record<string, number> = Object.assign(Object.create(null) as Record<string, number>, {
  b: 512,
  K: 1024,
  k: 1024,
  KiB: 1024,
  kB: 1000,
  KB: 1000,
  M: 1024 ** 2,
  MiB: 1024 ** 2,
  MB: 1000 ** 2,
  G: 1024 ** 3,
  GiB: 1024 ** 3,
  GB: 1000 ** 3,
  T: 1024 ** 4,
  TB: 1000 ** 4,
});

/** Parses a GNU size/count like `10`, `2K`, `1MB`, `3b` (no sign). Undefined when invalid. */
export function parseSize(s: string): number | undefined {
  const m = /^(\d+)([a-zA-Z]*)$/.exec(s);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (!m[2]) return n;
  const mul = SIZE_SUFFIX[m[2]];
  return mul === undefined ? undefined : n * mul;
}

/**
 * The `cat -v` form of a string: control characters as `^X`, DEL as `^?`, bytes >= 128 as
 * `M-` plus the form of the low 7 bits. `keepTab`/`keepNewline` leave those as they are.
 */
export function showNonprinting(s: string, keepTab: boolean): string {
  let out = "";
  const bytes = isAscii(s) ? undefined : toBytes(s);
  const len = bytes ? bytes.length : s.length;
  for (let i = 0; i < len; i++) {
    let c = bytes ? (bytes[i] as number) : s.charCodeAt(i);
    let prefix = "";
    if (c >= 128) {
      prefix = "M-";
      c -= 128;
    }
    if (c === 9 && keepTab && !prefix) out += "\t";
    else if (c === 10 && !prefix) out += "\n";
    else if (c < 32) out += `${prefix}^${String.fromCharCode(c + 64)}`;
    else if (c === 127) out += `${prefix}^?`;
    else out += prefix + String.fromCharCode(c);
  }
  return out;
}

/**
 * GNU's quote(): `‘s’` when the locale (LC_ALL, else LC_CTYPE, else LANG) is UTF-8, `'s'`
 * otherwise (the C locale). Messages like "extra operand ‘x’" use it.
 */
export function gnuQuote(env: ReadonlyMap<string, string>, s: string): string {
  const loc = env.get("LC_ALL") || env.get("LC_CTYPE") || env.get("LANG") || "";
  return /utf-?8/i.test(loc) ? `\u2018${s}\u2019` : `'${s}'`;
}

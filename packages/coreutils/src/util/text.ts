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

/**
 * The longest prefix of `s` of at most `n` UTF-8 bytes that ends on a character boundary (a
 * character cut in half is left out whole, never replaced: for content that is kept, as a file's).
 */
export function utf8Prefix(s: string, n: number): string {
  if (n <= 0) return "";
  if (isAscii(s)) return s.slice(0, n);
  const b = toBytes(s);
  if (n >= b.length) return s;
  let end = n;
  while (end > 0 && ((b[end] as number) & 0xc0) === 0x80) end--;
  return fromBytes(b.subarray(0, end));
}

/** Everything of `s` after its first `n` UTF-8 bytes. */
export function dropBytes(s: string, n: number): string {
  if (n <= 0) return s;
  if (isAscii(s)) return s.slice(n);
  const b = toBytes(s);
  return fromBytes(b.subarray(Math.min(n, b.length)));
}

/**
 * Parses a GNU size/count of head, tail and split like `10`, `2K`, `1MB`, `3b` (digits first:
 * no sign, no blanks), as `parseScaledInt` with their suffixes. Undefined when invalid.
 */
export function parseSize(s: string): number | undefined {
  const c = s.charCodeAt(0);
  if (!(c >= 48 && c <= 57)) return undefined;
  const n = parseScaledInt(s, "bkKmMGTPEZYRQ0");
  return n === undefined ? undefined : Number(n);
}

/**
 * The `cat -v` form of one byte: control characters as `^X`, DEL as `^?`, bytes >= 128 as
 * `M-` plus the form of the low 7 bits (also cmp's `-b` form of a byte).
 */
export function visibleByte(c: number): string {
  let prefix = "";
  if (c >= 128) {
    prefix = "M-";
    c -= 128;
  }
  if (c < 32) return `${prefix}^${String.fromCharCode(c + 64)}`;
  if (c === 127) return `${prefix}^?`;
  return prefix + String.fromCharCode(c);
}

/**
 * The `cat -v` form of a string (see `visibleByte`, over its UTF-8 bytes); newlines stay as
 * they are, and tabs when `keepTab`.
 */
export function showNonprinting(s: string, keepTab: boolean): string {
  let out = "";
  const bytes = isAscii(s) ? undefined : toBytes(s);
  const len = bytes ? bytes.length : s.length;
  for (let i = 0; i < len; i++) {
    const c = bytes ? (bytes[i] as number) : s.charCodeAt(i);
    if (c === 9 && keepTab) out += "\t";
    else if (c === 10) out += "\n";
    else out += visibleByte(c);
  }
  return out;
}

/** Powers of gnulib xstrtol's multiplicative suffix letters (1000 or 1024 to that power, or a fixed factor). */
const SCALE_POWER: Record<string, number> = Object.assign(Object.create(null) as Record<string, number>, {
  k: 1, K: 1, m: 2, M: 2, g: 3, G: 3, t: 4, T: 4, P: 5, E: 6, Z: 7, Y: 8, R: 9, Q: 10,
});
const SCALE_FIXED: Record<string, bigint> = Object.assign(Object.create(null) as Record<string, bigint>, { b: 512n, B: 1024n, c: 1n, w: 2n });

/**
 * Parses an integer the way GNU tools read option values with gnulib's xstrtoimax: optional
 * leading blanks and sign, digits (decimal; with `base` 0 also `0x` hexadecimal and `0`
 * octal, as strtol), then at most one suffix letter from `suffixes` (`k`/`K` 1024, `M` 1024^2
 * ... `Y`, `b` 512, `c` 1, `w` 2); when `suffixes` holds "0", the letter may be followed by `B`
 * (powers of 1000: `kB`, `MB`) or `iB` (`KiB`). A suffix without digits counts one unit (`K` =
 * 1024). The exact value (a bigint), or undefined when invalid; the caller checks the range.
 */
export function parseScaledInt(s: string, suffixes: string, base: 0 | 10 = 10): bigint | undefined {
  const digitsRe = base === 0 ? /^[ \t\n\v\f\r]*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*|)(.*)$/s : /^[ \t\n\v\f\r]*([+-]?)(\d*)(.*)$/s;
  const m = digitsRe.exec(s);
  if (!m) return undefined;
  const [, sign, digits, rest] = m as unknown as [string, string, string, string];
  if (digits === "" && (rest === "" || !suffixes.includes(rest[0] as string))) return undefined;
  // BigInt reads 0x hexadecimal itself; a leading 0 (base 0) is octal
  let n = digits === "" ? 1n : base === 0 && /^0[0-7]+$/.test(digits) ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits);
  if (rest !== "") {
    const letter = rest[0] as string;
    if (!suffixes.includes(letter)) return undefined;
    let base = 1024n;
    let tail = rest.slice(1);
    if (suffixes.includes("0")) {
      if (tail === "iB") tail = "";
      else if (tail === "B" || tail === "D") {
        base = 1000n;
        tail = "";
      }
    }
    if (tail !== "") return undefined;
    const power = SCALE_POWER[letter];
    const fixed = SCALE_FIXED[letter];
    if (power !== undefined) n *= base ** BigInt(power);
    else if (fixed !== undefined) n *= fixed;
    else return undefined;
  }
  return sign === "-" ? -n : n;
}

/** The locale of a category (`LC_CTYPE`, `LC_TIME` ...) as setlocale finds it: LC_ALL, else the category, else LANG; "" when none is set. */
export function localeOf(env: ReadonlyMap<string, string>, category: string): string {
  return env.get("LC_ALL") || env.get(category) || env.get("LANG") || "";
}

/** True when a category's locale is the POSIX one: unset, `C` or `POSIX`. */
export function posixLocale(env: ReadonlyMap<string, string>, category: string): boolean {
  const loc = localeOf(env, category);
  return loc === "" || loc === "C" || loc === "POSIX";
}

/**
 * GNU's quote(): `‘s’` when the locale (LC_ALL, else LC_CTYPE, else LANG) is UTF-8, `'s'`
 * otherwise (the C locale). Messages like "extra operand ‘x’" use it.
 */
export function gnuQuote(env: ReadonlyMap<string, string>, s: string): string {
  const loc = localeOf(env, "LC_CTYPE");
  return /utf-?8/i.test(loc) ? `\u2018${s}\u2019` : `'${s}'`;
}

/** Decoding of `$'...'` escapes. */

const SIMPLE: Record<string, string> = {
  a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v",
  "\\": "\\", "'": "'", '"': '"', "?": "?",
};

function hexLen(raw: string, i: number, max: number): number {
  let n = 0;
  while (n < max && i + n < raw.length && /[0-9a-fA-F]/.test(raw[i + n]!)) n++;
  return n;
}

/**
 * Decodes the text between `$'` and `'` as bash does (`\n`, `\x41`, `\u00e9`, `\101`, `\cA`...).
 * A NUL ends the string, as it does in bash (`$'a\0b'` is `a`).
 */
export function decodeAnsiC(raw: string): string {
  const s = decodeEscapes(raw);
  const nul = s.indexOf("\0");
  return nul < 0 ? s : s.slice(0, nul);
}

function decodeEscapes(raw: string): string {
  if (!raw.includes("\\")) return raw;
  let out = "";
  let i = 0;
  while (i < raw.length) {
    const c = raw[i]!;
    if (c !== "\\" || i + 1 >= raw.length) {
      out += c;
      i++;
      continue;
    }
    const n = raw[i + 1]!;
    const simple = Object.prototype.hasOwnProperty.call(SIMPLE, n) ? SIMPLE[n] : undefined;
    if (simple !== undefined) {
      out += simple;
      i += 2;
    } else if (n >= "0" && n <= "7") {
      let j = i + 1;
      while (j < raw.length && j < i + 4 && raw[j]! >= "0" && raw[j]! <= "7") j++;
      out += String.fromCharCode(parseInt(raw.slice(i + 1, j), 8) & 0xff);
      i = j;
    } else if (n === "x" || n === "u" || n === "U") {
      const len = hexLen(raw, i + 2, n === "x" ? 2 : n === "u" ? 4 : 8);
      if (len === 0) {
        out += "\\" + n;
      } else {
        const cp = parseInt(raw.slice(i + 2, i + 2 + len), 16);
        out += cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
      }
      i += 2 + len;
    } else if (n === "c" && i + 2 < raw.length) {
      out += String.fromCharCode(raw.charCodeAt(i + 2) & 0x1f);
      i += 3;
    } else {
      out += "\\" + n;
      i += 2;
    }
  }
  return out;
}

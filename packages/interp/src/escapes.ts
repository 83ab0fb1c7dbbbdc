/**
 * Backslash escapes of `echo -e`, `printf %b`, `printf`'s format string and `${x@E}`.
 */

/** Result of decoding: the text, and whether `\c` asked to stop all output. */
export interface Decoded {
  readonly text: string;
  readonly stop: boolean;
}

const SIMPLE: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
};

/**
 * Decodes backslash escapes. `echoStyle` (echo -e, %b): octal is `\0nnn`, `\c` stops output.
 * Otherwise (printf format, @E): octal is `\nnn`, `\"` `\'` `\?` decode, `\c` is kept.
 * `percentB` (printf %b): echo style, but `\nnn` without the leading 0 is octal too.
 */
export function decodeEscapes(s: string, echoStyle: boolean, percentB = false): Decoded {
  if (!s.includes("\\")) return { text: s, stop: false };
  let text = "";
  let bytes: number[] = [];
  // byte escapes (\xHH, octal) are collected and decoded as UTF-8 when they form valid text
  const flush = (): void => {
    if (bytes.length === 0) return;
    text += bytesToText(bytes);
    bytes = [];
  };
  const out = {
    add(t: string): void {
      flush();
      text += t;
    },
  };
  const res = decodeInto(s, echoStyle, out, (b) => bytes.push(b), percentB);
  flush();
  return { text, stop: res };
}

function bytesToText(bytes: number[]): string {
  if (bytes.every((b) => b < 0x80)) return String.fromCharCode(...bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return String.fromCharCode(...bytes);
  }
}

function decodeInto(s: string, echoStyle: boolean, sink: { add(t: string): void }, byte: (b: number) => void, percentB: boolean): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== "\\" || i + 1 >= s.length) {
      sink.add(c);
      continue;
    }
    const d = s[++i]!;
    const simple = SIMPLE[d];
    if (simple !== undefined) {
      sink.add(simple);
      continue;
    }
    if (d === "c" && echoStyle) return true;
    if (!echoStyle && (d === '"' || d === "'" || d === "?")) {
      sink.add(d);
      continue;
    }
    if (d >= "0" && d <= "7") {
      let j = i;
      let max = 3;
      if (echoStyle && d === "0") {
        j = i + 1;
        max = 3;
      }
      let n = 0;
      let k = 0;
      while (k < max && j < s.length && s[j]! >= "0" && s[j]! <= "7") {
        n = n * 8 + (s.charCodeAt(j) - 48);
        j++;
        k++;
      }
      if (echoStyle && d !== "0" && !percentB) {
        sink.add(`\\${d}`);
        continue;
      }
      byte(n & 255);
      i = j - 1;
      continue;
    }
    if (d === "x") {
      let j = i + 1;
      let hex = "";
      while (hex.length < 2 && j < s.length && /[0-9a-fA-F]/.test(s[j]!)) hex += s[j++];
      if (hex === "") {
        sink.add("\\x");
        continue;
      }
      byte(parseInt(hex, 16));
      i = j - 1;
      continue;
    }
    if (d === "u" || d === "U") {
      let j = i + 1;
      let hex = "";
      const max = d === "u" ? 4 : 8;
      while (hex.length < max && j < s.length && /[0-9a-fA-F]/.test(s[j]!)) hex += s[j++];
      if (hex === "") {
        sink.add(`\\${d}`);
        continue;
      }
      const cp = parseInt(hex, 16);
      sink.add(cp <= 0x10ffff ? String.fromCodePoint(cp) : "");
      i = j - 1;
      continue;
    }
    sink.add(`\\${d}`);
  }
  return false;
}

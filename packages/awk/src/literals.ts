/**
 * Literal text of the awk language: numeric and string literals (with awk's escapes, also
 * used for `-v` and operand assignments) and the table of built-in function names and arities.
 */

/** Names of built-in functions (callable with or without a space before `(`). */
export const BUILTINS = new Set([
  "length", "substr", "index", "split", "sub", "gsub", "match", "sprintf", "sin", "cos", "atan2", "exp", "log",
  "sqrt", "int", "rand", "srand", "tolower", "toupper", "system", "close", "fflush", "gensub", "strftime",
  "systime", "mktime", "asort", "asorti", "and", "or", "xor", "lshift", "rshift", "compl", "patsplit", "isarray",
  "typeof", "strtonum",
]);

/** Allowed argument counts of the built-ins: [min, max]. */
export const BUILTIN_ARITY: Record<string, readonly [number, number]> = {
  length: [0, 1], substr: [2, 3], index: [2, 2], split: [2, 4], sub: [2, 3], gsub: [2, 3], match: [2, 3],
  sprintf: [1, Infinity], sin: [1, 1], cos: [1, 1], atan2: [2, 2], exp: [1, 1], log: [1, 1], sqrt: [1, 1],
  int: [1, 1], rand: [0, 0], srand: [0, 1], tolower: [1, 1], toupper: [1, 1], system: [1, 1], close: [1, 2],
  fflush: [0, 1], gensub: [3, 4], strftime: [0, 3], systime: [0, 0], mktime: [1, 2], asort: [1, 3],
  asorti: [1, 3], and: [2, Infinity], or: [2, Infinity], xor: [2, Infinity], lshift: [2, 2], rshift: [2, 2],
  compl: [1, 1], patsplit: [2, 4], isarray: [1, 1], typeof: [1, 2], strtonum: [1, 1],
};

/** Parses a numeric literal (decimal, float, or gawk's hex `0x1F`). */
export function parseNumberToken(image: string): number {
  if (image.length > 2 && image[0] === "0" && (image[1] === "x" || image[1] === "X")) return Number.parseInt(image.slice(2), 16);
  return Number(image);
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", '"': '"', "/": "/", a: "\x07", b: "\b", f: "\f", v: "\v" };

/** Interprets the escapes of an awk string literal body (`\n`, `\t`, `\"`, octal `\101` ...). */
export function unescapeString(body: string): string {
  if (!body.includes("\\")) return body;
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== "\\" || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const d = body[++i]!;
    const e = ESCAPES[d];
    if (e !== undefined) out += e;
    else if (d >= "0" && d <= "7") {
      let v = 0;
      let n = 0;
      while (n < 3 && i < body.length && body[i]! >= "0" && body[i]! <= "7") {
        v = v * 8 + body.charCodeAt(i) - 48;
        i++;
        n++;
      }
      i--;
      out += String.fromCharCode(v & 255);
    } else if (d === "\n") {
      // line continuation inside a string
    } else out += d; // gawk: "escape sequence `\q' treated as plain `q'"
  }
  return out;
}

/** The comparison functions of `sort` (C locale): numeric, general numeric, human, month, version. */

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/**
 * sort's blanks: space and tab, and newline, which only a -z record can hold (GNU counts it
 * as a blank there: it separates fields and -b skips it).
 */
export function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10;
}

/** `sort -n` value: leading blanks, optional `-`, digits, optional fraction; else 0. */
export function numericValue(s: string): number {
  // Fast path: plain optional-minus digits (most inputs).
  let k = 0;
  const n = s.length;
  while (k < n && isBlank(s.charCodeAt(k))) k++;
  let j = k;
  if (j < n && s.charCodeAt(j) === 45) j++;
  const digitsStart = j;
  let acc = 0;
  while (j < n) {
    const c = s.charCodeAt(j);
    if (c < 48 || c > 57) break;
    acc = acc * 10 + (c - 48);
    j++;
  }
  if (j > digitsStart && (j === n || s.charCodeAt(j) !== 46) && j - digitsStart < 16) {
    return s.charCodeAt(k) === 45 ? (acc === 0 ? 0 : -acc) : acc;
  }
  let i = 0;
  while (i < s.length && isBlank(s.charCodeAt(i))) i++;
  const m = /^-?(\d*)(\.\d*)?/.exec(s.slice(i));
  if (!m || (m[1] === "" && (m[2] === undefined || m[2] === "."))) return 0;
  const v = Number(m[0].endsWith(".") ? m[0].slice(0, -1) : m[0] === "-" ? "0" : m[0]);
  return Number.isNaN(v) ? 0 : v === 0 ? 0 : v;
}

/**
 * `sort -g` value: the longest strtod prefix. Returns a pair [rank, value]: rank 0 for
 * non-numbers, 1 for NaN, 2 for numbers (GNU orders them so).
 */
export function generalValue(s: string): [number, number] {
  const m = /^\s*([+-]?(?:inf(?:inity)?|nan|0x[0-9a-f]+(?:\.[0-9a-f]*)?(?:p[+-]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?))/i.exec(s);
  if (!m) return [0, 0];
  const t = (m[1] as string).toLowerCase();
  if (t.includes("nan")) return [1, 0];
  if (t.includes("inf")) return [2, t.startsWith("-") ? -Infinity : Infinity];
  if (t.includes("0x")) return [2, (t.startsWith("-") ? -1 : 1) * parseInt(t.replace(/^[+-]?0x/, ""), 16)];
  return [2, Number(t)];
}

const SUFFIX = "KMGTPEZYRQ";

/** `sort -h` value: [suffix rank (0 none, negative numbers negate), number]. */
export function humanValue(s: string): [number, number] {
  const m = /^[ \t]*(-?)(\d*)(\.\d*)?([kKMGTPEZYRQ]?)/.exec(s) as RegExpExecArray;
  const num = numericValue(s);
  const suf = m[4] ? SUFFIX.indexOf((m[4] as string).toUpperCase()) + 1 : 0;
  const sign = num < 0 || (m[1] === "-" && num === 0) ? -1 : num > 0 ? 1 : 0;
  return [sign * (num === 0 ? 0 : suf), num];
}

/** `sort -M` value: 0 for unknown, 1..12 for JAN..DEC (leading blanks skipped, case folded). */
export function monthValue(s: string): number {
  const t = s.replace(/^[ \t]+/, "").slice(0, 3).toUpperCase();
  return MONTHS.indexOf(t) + 1;
}

/** Byte-order (C locale) comparison of two strings. */
export function compareC(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function order(c: number): number {
  // gnulib filevercmp: digits 0, letters themselves, '~' -1, others code + 256.
  if (c >= 48 && c <= 57) return 0;
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return c;
  if (c === 126) return -1;
  return c + 256;
}

function verrevcmp(a: string, b: string): number {
  let i = 0;
  let j = 0;
  const isDigit = (c: number): boolean => c >= 48 && c <= 57;
  while (i < a.length || j < b.length) {
    let first = 0;
    while ((i < a.length && !isDigit(a.charCodeAt(i))) || (j < b.length && !isDigit(b.charCodeAt(j)))) {
      const ac = i < a.length ? order(a.charCodeAt(i)) : 0;
      const bc = j < b.length ? order(b.charCodeAt(j)) : 0;
      if (ac !== bc) return ac - bc;
      i++;
      j++;
    }
    while (a.charCodeAt(i) === 48) i++;
    while (b.charCodeAt(j) === 48) j++;
    while (i < a.length && j < b.length && isDigit(a.charCodeAt(i)) && isDigit(b.charCodeAt(j))) {
      if (!first) first = a.charCodeAt(i) - b.charCodeAt(j);
      i++;
      j++;
    }
    if (i < a.length && isDigit(a.charCodeAt(i))) return 1;
    if (j < b.length && isDigit(b.charCodeAt(j))) return -1;
    if (first) return first;
  }
  return 0;
}

function suffixStart(s: string): number {
  // The longest suffix matching (\.[A-Za-z~][A-Za-z0-9~]*)*$ (gnulib file_prefixlen).
  let i = s.length;
  let start = s.length;
  for (;;) {
    let j = i;
    while (j > 0 && /[A-Za-z0-9~]/.test(s[j - 1] as string)) j--;
    if (j > 0 && s[j - 1] === "." && j < i && /[A-Za-z~]/.test(s[j] as string)) {
      start = j - 1;
      i = j - 1;
      continue;
    }
    return start;
  }
}

/** GNU `sort -V` / `ls -v` comparison (gnulib filevercmp). */
export function versionCompare(a: string, b: string): number {
  if (a === b) return 0;
  if (a === "") return -1;
  if (b === "") return 1;
  if (a === ".") return -1;
  if (b === ".") return 1;
  if (a === "..") return -1;
  if (b === "..") return 1;
  const ad = a.startsWith(".");
  const bd = b.startsWith(".");
  if (ad !== bd) return ad ? -1 : 1;
  const ai = ad ? 1 : 0;
  const bi = bd ? 1 : 0;
  const ae = suffixStart(a);
  const be = suffixStart(b);
  const pa = a.slice(ai, ae);
  const pb = b.slice(bi, be);
  const r = pa === pb ? 0 : verrevcmp(pa, pb);
  return r !== 0 ? r : verrevcmp(a.slice(ai), b.slice(bi));
}

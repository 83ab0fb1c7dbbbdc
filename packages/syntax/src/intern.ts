/**
 * Short strings shared between the nodes of an AST: a 5,000-line script has thousands of
 * `echo`, `fi`, `/dev/null`, `x`... and `src.slice` copies each one into a string of its own
 * (24 to 32 bytes that live as long as the AST, or die at once for a reserved word). A small
 * direct-mapped cache returns the string already made for the same text, found by comparing
 * characters, so a hit allocates nothing. Only strings V8 copies when slicing (under 13
 * characters) are cached: longer slices point into their source, and a cache holding one
 * would keep a whole script alive.
 */
const SLOTS = 1024;
const cache: string[] = new Array<string>(SLOTS).fill("");

/** `src.slice(s, e)`, or an equal string made before (see the module comment). */
export function sliceShared(src: string, s: number, e: number): string {
  const n = e - s;
  if (n > 12 || n <= 0) return src.slice(s, e);
  const c0 = src.charCodeAt(s);
  const h = (n * 613 + c0 * 31 + src.charCodeAt(e - 1) * 7 + src.charCodeAt(s + (n >> 1))) & (SLOTS - 1);
  const c = cache[h]!;
  if (c.length === n) {
    let k = 0;
    while (k < n && c.charCodeAt(k) === src.charCodeAt(s + k)) k++;
    if (k === n) return c;
  }
  const v = src.slice(s, e);
  cache[h] = v;
  return v;
}

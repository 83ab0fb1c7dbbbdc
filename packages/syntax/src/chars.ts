/**
 * Character classes of the scanner and word reader, and the stop contexts of
 * `Reader.readParts` with the tables that let it skip ordinary characters quickly.
 */

/** Stop conditions of `readParts` (which context the word is read in). */
export const STOP_CMD = 0;
/** `${x:-word}`: up to the closing `}`. */
export const STOP_PARAM = 1;
/** `${x/pattern/...}`: up to `/` or `}`. */
export const STOP_SLASH = 2;
/** `[subscript]`: up to the matching `]`. */
export const STOP_SUBSCRIPT = 3;
/** `${x:offset:len}`: up to `:` or `}`. */
export const STOP_SLICE = 4;
/** `$(( ))` / `(( ))`: up to a `)` at paren depth 0. */
export const STOP_ARITH = 5;
/** `[[ x =~ regex ]]`: parens and `|` are literal, blanks inside parens too. */
export const STOP_REGEX = 6;
/** `$[ ]`: up to the matching `]`. */
export const STOP_BRACKET = 7;
/** `for (( a; b; c ))`: up to `;` or a `)` at depth 0. */
export const STOP_FORARITH = 8;
/** An arm of an extglob group (`parsePatternWord`): to the end; blanks and operators are literal. */
export const STOP_PATTERN = 9;

/** True for a shell metacharacter that ends an unquoted word. */
export function isMeta(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === ";" || c === "&" || c === "|" ||
    c === "(" || c === ")" || c === "<" || c === ">";
}
/** True when unquoted text has a shell metacharacter. */
export function hasMeta(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isMeta(text[i]!)) return true;
  return false;
}
/** At `s`: a name and `=` (`[A-Za-z_][A-Za-z0-9_]*=`), the start of an assignment-like word. */
export function assignLike(src: string, s: number, end: number): boolean {
  if (!isNameStart(src[s]!)) return false;
  let j = s + 1;
  while (j < end && isNameChar(src[j]!)) j++;
  return src[j] === "=";
}
/** `[A-Za-z_]` */
export function isNameStart(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_";
}
/** `[A-Za-z0-9_]` */
export function isNameChar(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_" || (c >= "0" && c <= "9");
}
/** A character of the user name in a tilde prefix (`~user`, `~+`, `~-`, `~first.last`). */
export function isTildeUserChar(c: string): boolean {
  return isNameChar(c) || c === "." || c === "-" || c === "+";
}
/** `[0-9]` */
export function isDigit(c: string): boolean {
  return c >= "0" && c <= "9";
}
/** The one-character special parameters (`$@ $* $# $? $- $$ $!`). */
export const SPECIALS = "@*#?-$!";

/**
 * `PLAIN[stop][c]` is 1 when the ASCII character `c` needs no decision in context `stop`
 * (it neither stops the word nor starts a quote, expansion, tilde, extglob or nested paren):
 * readParts skips runs of them with `skipPlain`. Characters from 128 up are all plain.
 */
export const PLAIN: readonly Uint8Array[] = (() => {
  const quoting = "\\'\"$`";
  const extglob = "?*+@!";
  const specials = [
    /* CMD */ " \t\n;&|()<>~" + extglob,
    /* PARAM */ "}~" + extglob,
    /* SLASH */ "}/~" + extglob,
    /* SUBSCRIPT */ "[]",
    /* SLICE */ ":}()~?",
    /* ARITH */ "()",
    /* REGEX */ " \t\n;&|()<>~" + extglob,
    /* BRACKET */ "[]",
    /* FORARITH */ "();",
    /* PATTERN */ extglob,
  ];
  return specials.map((sp) => {
    const t = new Uint8Array(128).fill(1);
    for (const c of sp + quoting) t[c.charCodeAt(0)] = 0;
    return t;
  });
})();
/** Inside double quotes and here-documents: what readDQParts must look at. */
export const PLAIN_DQ: Uint8Array = (() => {
  const t = new Uint8Array(128).fill(1);
  for (const c of '"\\$`') t[c.charCodeAt(0)] = 0;
  return t;
})();

/** The first index from `i` (below `end`) whose character is not plain in `table` (or `end`). */
export function skipPlain(src: string, i: number, end: number, table: Uint8Array): number {
  for (let ch = 0; i < end && ((ch = src.charCodeAt(i)) >= 128 || table[ch] === 1); ) i++;
  return i;
}


/**
 * The end of the digits at `i` when a `<` or `>` follows them (an fd redirect like `2>`), else
 * -1. A loop over char codes, not a sticky regex: it runs at every redirect target and
 * digit-led word, and a regex costs far more until V8 has compiled it (a process's first parse).
 */
export function fdDigitsEnd(src: string, i: number, end: number): number {
  let j = i;
  for (let c = src.charCodeAt(j); c >= 48 && c <= 57; c = src.charCodeAt(++j));
  const n = src.charCodeAt(j);
  return j === i || j > end || (n !== 60 && n !== 62) ? -1 : j;
}

/**
 * At `s` (a `{`): the end of a `{name}` or `{name[subscript]}` right before `<`/`>` (a
 * named-fd redirect: `exec {fd}>file`, `exec {COPROC[1]}>&-`), else 0. The subscript holds no
 * blank, metacharacter, `[`, `]` or `}`.
 */
export function fdVarEnd(src: string, s: number, end: number): number {
  if (!isNameStart(src[s + 1] ?? "")) return 0;
  let j = s + 2;
  while (j < src.length && isNameChar(src[j]!)) j++;
  if (src[j] === "[") {
    const open = j;
    for (j++; j < src.length && src[j] !== "]"; j++) if (isMeta(src[j]!) || src[j] === "[" || src[j] === "}") return 0;
    if (j === open + 1 || src[j] !== "]") return 0;
    j++;
  }
  const n = src[j + 1];
  return src[j] === "}" && (n === "<" || n === ">") && j + 1 <= end ? j + 1 : 0;
}

/** Where a tilde prefix may start: only at the start of the word. */
export const TILDE_WORD = 0;
/** An assignment value: also after `=` and `:`. */
export const TILDE_ASSIGN = 1;
/** The word of `${x-w}` / `${x+w}` in an assignment value: also after `:`. */
export const TILDE_OPERAND = 2;

/** At `i` in `src[.., end)`: optional blanks, `(`, optional blanks, `)` (a function definition's parentheses). */
export function funcParensAt(src: string, i: number, end: number): boolean {
  while (src[i] === " " || src[i] === "\t") i++;
  if (src[i] !== "(" || i >= end) return false;
  i++;
  while (src[i] === " " || src[i] === "\t") i++;
  return src[i] === ")" && i < end;
}

/**
 * `set -x` lines of compound commands, as bash prints them: `for NAME in WORDS` (the words as
 * written) before each iteration, `select NAME in WORDS`, `case WORD in` (as written), `(( EXPR ))`
 * with the expression expanded, each part of a `for (( ))` header, and each primary of a
 * `[[ ]]` with its operands expanded (`[[ -n a b ]]`, `[[ ! a == \a\* ]]`).
 */
import type { Arithmetic, Span } from "@husk/syntax";
import { arithWord } from "./arith-words.js";
import type { Int } from "./int64.js";
import type { Interp } from "./interp.js";
import { ps4 } from "./prompt.js";

/** Writes one trace line: PS4, then `text`. */
export async function trace(ip: Interp, text: string): Promise<void> {
  ip.stderr().write(`${await ps4(ip)}${text}\n`);
}

/** The source text from the start of `first` to the end of `last` (words as written). */
export function written(ip: Interp, first: Span, last: Span): string {
  return ip.src.text.slice(first.start, last.end);
}

/**
 * `(( ))` (or, `trim`med, a part of a `for (( ))` header) under set -x: its text expanded once,
 * traced as `(( TEXT ))`, then evaluated. Throws ArithError as evaluation does.
 */
export async function tracedArith(ip: Interp, a: Arithmetic, trim: boolean): Promise<Int> {
  let text = await ip.expandString(arithWord(a.source));
  if (trim) text = text.trim();
  await trace(ip, `(( ${text} ))`);
  return ip.arith.evaluateText(text);
}


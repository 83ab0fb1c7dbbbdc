/**
 * Expansion inside extended globs: `@($a|$b)`, `!($str)`, `+(x|$(echo y))`,
 * `@(help|$prefix-@(long|short)-'opt')`. The parser keeps the text between the parentheses raw;
 * when it holds expansions or quotes, each `|`-separated arm is parsed as a word (once per
 * distinct text, cached; blanks and operators in it are literal) and expanded in place, quoted parts matching literally.
 */
import { parsePatternWord } from "@husk/syntax";
import type { ExtGlob, Word } from "@husk/syntax";
import type { FieldBuilder } from "./fields.js";
import type { Interp } from "./interp.js";

const CACHE_MAX = 256;
/** Parsed arms by pattern text; null when the text is used as it is. */
const cache = new Map<string, readonly Word[] | null>();

/** Appends the expansion of an extglob part to the builder (pattern characters stay active). */
export async function expandExtGlobInto(ip: Interp, p: ExtGlob, b: FieldBuilder): Promise<void> {
  const arms = parsedArms(p.pattern);
  if (arms === null) {
    b.literal(`${p.op}(${p.pattern})`);
    return;
  }
  b.literal(`${p.op}(`);
  for (let i = 0; i < arms.length; i++) {
    if (i > 0) b.literal("|");
    await ip.expandWordPartsInto(arms[i]!, false, b);
  }
  b.literal(")");
}

function parsedArms(text: string): readonly Word[] | null {
  let arms = cache.get(text);
  if (arms !== undefined) return arms;
  arms = /[$`'"\\]/.test(text) ? parseArms(text) : null;
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(text, arms);
  return arms;
}

/** Each top-level arm as a word, or null when one does not parse (the text is then used as it is). */
function parseArms(text: string): readonly Word[] | null {
  const out: Word[] = [];
  for (const arm of splitArms(text)) {
    try {
      out.push(arm === "" ? { type: "Word", start: 0, end: 0, parts: [] } : parsePatternWord(arm));
    } catch {
      return null;
    }
  }
  return out;
}

/** Splits at `|` outside parentheses, quotes and brackets. */
function splitArms(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "'") {
      const j = text.indexOf("'", i + 1);
      i = j < 0 ? text.length : j;
    } else if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

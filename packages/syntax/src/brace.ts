/**
 * Brace expansion on the AST: `a{b,c}d`, `{1..10..2}`, `{a..e}`, `{01..10}`, nesting. Only
 * unquoted Literal text takes part; quoted and escaped parts and expansions are opaque.
 */
import type { Literal, TildePrefix, Word, WordPart } from "./ast.js";
import { isTildeUserChar } from "./chars.js";
import { makeWord, wordParts } from "./word.js";

/** An active character of unquoted literal text, or an opaque part. */
type Item = string | WordPart;

const SEQ_NUM = /^([-+]?\d+)\.\.([-+]?\d+)(?:\.\.([-+]?\d+))?$/;
const SEQ_CHR = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.([-+]?\d+))?$/;

/** Thrown when an expansion would produce more than the allowed number of words. */
export class BraceLimitError extends Error {
  constructor(limit: number) {
    super(`brace expansion: more than ${limit} words`);
    this.name = "BraceLimitError";
  }
}

/**
 * Expands the braces of a word as bash does (before any other expansion) and returns the
 * resulting words in order; a word without brace expressions comes back as `[word]`.
 * Not expanded: `{a}`, `{}`, `${x}` (a ParamExp), quoted or escaped braces, bad sequences.
 * Throws BraceLimitError past `limit` words (default 100,000).
 */
export function braceExpand(word: Word, limit = 100_000): Word[] {
  if (word.type === "Literal" ? !word.value.includes("{") : word.type !== "Word" || !word.parts.some((p) => p.type === "Literal" && p.value.includes("{"))) return [word];
  const items: Item[] = [];
  for (const p of wordParts(word)) {
    if (p.type === "Literal") for (const ch of p.value) items.push(ch);
    else items.push(p);
  }
  const out: Item[][] = [];
  expand(items, 0, out, limit);
  if (out.length === 1 && out[0] === items) return [word];
  return out.map((its) => toWord(its, word));
}

function expand(items: Item[], from: number, out: Item[][], limit: number): void {
  for (let i = from; i < items.length; i++) {
    if (items[i] !== "{") continue;
    // Find the matching `}` and the top-level commas.
    let depth = 0;
    const commas: number[] = [];
    let close = -1;
    for (let j = i + 1; j < items.length; j++) {
      const it = items[j];
      if (it === "{") depth++;
      else if (it === "}") {
        if (depth === 0) {
          close = j;
          break;
        }
        depth--;
      } else if (it === "," && depth === 0) commas.push(j);
    }
    if (close < 0) continue; // unmatched: literal, but a later brace may expand
    const prefix = items.slice(0, i);
    const suffix = items.slice(close + 1);
    if (commas.length > 0) {
      const bounds = [i, ...commas, close];
      for (let k = 0; k + 1 < bounds.length; k++) {
        const alt = items.slice(bounds[k]! + 1, bounds[k + 1]);
        expand([...prefix, ...alt, ...suffix], prefix.length, out, limit);
        if (out.length > limit) throw new BraceLimitError(limit);
      }
      return;
    }
    const inner = items.slice(i + 1, close);
    const seq = inner.every((x) => typeof x === "string") ? sequence((inner as string[]).join(""), limit) : undefined;
    if (seq !== undefined) {
      for (const s of seq) {
        expand([...prefix, ...s, ...suffix], prefix.length + s.length, out, limit);
        if (out.length > limit) throw new BraceLimitError(limit);
      }
      return;
    }
    // Not an expansion: keep looking after this brace.
  }
  out.push(items);
}

/** `1..10`, `a..e`, with optional `..step`; undefined when not a valid sequence. */
function sequence(text: string, limit: number): string[] | undefined {
  let m = SEQ_NUM.exec(text);
  if (m !== null) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const step = Math.abs(m[3] !== undefined ? Number(m[3]) : 1) || 1;
    const width = /^[-+]?0\d/.test(m[1]!) || /^[-+]?0\d/.test(m[2]!) ? Math.max(m[1]!.length, m[2]!.length) : 0;
    if (Math.abs(b - a) / step > limit) throw new BraceLimitError(limit);
    const out: string[] = [];
    for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
      let s = String(Math.abs(v));
      if (width > 0) s = s.padStart(width - (v < 0 ? 1 : 0), "0");
      out.push(v < 0 ? "-" + s : s);
    }
    return out;
  }
  m = SEQ_CHR.exec(text);
  if (m !== null) {
    const a = m[1]!.charCodeAt(0);
    const b = m[2]!.charCodeAt(0);
    const step = Math.abs(m[3] !== undefined ? Number(m[3]) : 1) || 1;
    const out: string[] = [];
    for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) out.push(String.fromCharCode(v));
    return out;
  }
  return undefined;
}

function toWord(items: Item[], orig: Word): Word {
  const parts: WordPart[] = [];
  let text = "";
  const flush = (): void => {
    if (text !== "") parts.push({ type: "Literal", start: orig.start, end: orig.end, value: text } satisfies Literal);
    text = "";
  };
  for (const it of items) {
    if (typeof it === "string") text += it;
    else {
      flush();
      parts.push(it);
    }
  }
  flush();
  leadingTilde(parts, orig);
  return makeWord(orig.start, orig.end, parts);
}

/**
 * A word that brace expansion made start with an unquoted `~user` followed by `/` or its end
 * (`~{/src,root}`, `{a,~}/x`) gets its tilde prefix, as bash tilde-expands after brace expansion.
 */
function leadingTilde(parts: WordPart[], orig: Word): void {
  const first = parts[0];
  if (first?.type !== "Literal" || first.value[0] !== "~") return;
  const v = first.value;
  let j = 1;
  while (j < v.length && isTildeUserChar(v[j]!)) j++;
  if (j < v.length ? v[j] !== "/" : parts.length > 1) return;
  const tilde: TildePrefix = { type: "TildePrefix", start: orig.start, end: orig.end, user: v.slice(1, j) };
  if (j === v.length) parts[0] = tilde;
  else parts.splice(0, 1, tilde, { type: "Literal", start: orig.start, end: orig.end, value: v.slice(j) });
}

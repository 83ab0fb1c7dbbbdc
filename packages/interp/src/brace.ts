/**
 * Brace expansion on words: `a{b,c}d`, `{1..10..2}`, `{a..e}`, `{01..10}`, nested braces.
 * Only unquoted Literal text takes part; every other part is opaque and copied along.
 */
import type { Literal, Word, WordPart } from "@husk/syntax";

type Tok = string | WordPart; // one active character, or an opaque part

/** True when the word might contain a brace expansion (cheap pre-check). */
export function mayBrace(w: Word): boolean {
  for (const p of w.parts) if (p.type === "Literal" && p.value.includes("{")) return true;
  return false;
}

/** Expands braces in a word; returns `[w]` when there is nothing to expand. */
export function braceExpandWord(w: Word, maxFields: number): Word[] {
  if (!mayBrace(w)) return [w];
  const toks: Tok[] = [];
  for (const p of w.parts) {
    if (p.type === "Literal") for (const ch of p.value) toks.push(ch);
    else toks.push(p);
  }
  const out = expand(toks, maxFields);
  if (out.length === 1 && out[0]!.length === toks.length) return [w];
  return out.map((ts) => toWord(ts, w));
}

function toWord(ts: Tok[], w: Word): Word {
  const parts: WordPart[] = [];
  let lit = "";
  for (const t of ts) {
    if (typeof t === "string") lit += t;
    else {
      if (lit !== "") parts.push(literal(lit, w));
      lit = "";
      parts.push(t);
    }
  }
  if (lit !== "") parts.push(literal(lit, w));
  return { type: "Word", span: w.span, parts };
}

function literal(value: string, w: Word): Literal {
  return { type: "Literal", span: w.span, value };
}

function expand(ts: Tok[], max: number): Tok[][] {
  // find the first '{' that has a matching '}' with a top-level ',' or a valid sequence
  for (let i = 0; i < ts.length; i++) {
    if (ts[i] !== "{") continue;
    if (i > 0 && ts[i - 1] === "$") continue;
    let depth = 0;
    const commas: number[] = [];
    let close = -1;
    for (let j = i + 1; j < ts.length; j++) {
      const t = ts[j];
      if (t === "{") depth++;
      else if (t === "}") {
        if (depth === 0) {
          close = j;
          break;
        }
        depth--;
      } else if (t === "," && depth === 0) commas.push(j);
    }
    if (close < 0) return [ts];
    const pre = ts.slice(0, i);
    const post = ts.slice(close + 1);
    let alts: Tok[][];
    if (commas.length > 0) {
      alts = [];
      let s = i + 1;
      for (const c of [...commas, close]) {
        alts.push(ts.slice(s, c));
        s = c + 1;
      }
    } else {
      const inner = ts.slice(i + 1, close);
      const seq = inner.every((t) => typeof t === "string") ? sequence(inner.join("")) : undefined;
      if (seq === undefined) {
        // not an expansion: keep the '{' literal and look further
        const rest = expand(ts.slice(i + 1), max);
        return rest.map((r) => [...pre, "{", ...r]);
      }
      alts = seq.map((s) => [...s]);
    }
    const tails = expand(post, max);
    const out: Tok[][] = [];
    for (const a of alts) {
      for (const ea of expand(a, max)) {
        for (const t of tails) {
          out.push([...pre, ...ea, ...t]);
          if (out.length > max) return out;
        }
      }
    }
    return out;
  }
  return [ts];
}

/** `1..10`, `1..10..2`, `a..e`, `01..10` -> the items, or undefined when not a sequence. */
function sequence(s: string): string[] | undefined {
  let m = /^(-?[0-9]+)\.\.(-?[0-9]+)(?:\.\.(-?[0-9]+))?$/.exec(s);
  if (m !== null) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    let step = Math.abs(Number(m[3] ?? 1)) || 1;
    const width = /^-?0[0-9]/.test(m[1]!) || /^-?0[0-9]/.test(m[2]!) ? Math.max(m[1]!.length, m[2]!.length) : 0;
    const out: string[] = [];
    if (a <= b) for (let x = a; x <= b && out.length <= 100000; x += step) out.push(pad(x, width));
    else for (let x = a; x >= b && out.length <= 100000; x -= step) out.push(pad(x, width));
    return out;
  }
  m = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?[0-9]+))?$/.exec(s);
  if (m !== null) {
    const a = m[1]!.charCodeAt(0);
    const b = m[2]!.charCodeAt(0);
    const step = Math.abs(Number(m[3] ?? 1)) || 1;
    const out: string[] = [];
    if (a <= b) for (let x = a; x <= b; x += step) out.push(String.fromCharCode(x));
    else for (let x = a; x >= b; x -= step) out.push(String.fromCharCode(x));
    return out;
  }
  return undefined;
}

function pad(x: number, width: number): string {
  if (width === 0) return String(x);
  const neg = x < 0;
  const s = String(Math.abs(x)).padStart(neg ? width - 1 : width, "0");
  return neg ? `-${s}` : s;
}

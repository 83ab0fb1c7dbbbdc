/**
 * Variable references held in data: the value of a nameref (`declare -n r='a[2]'`) and the
 * target of `${!ref}`. Either is `name` or `name[subscript]`; bash expands the subscript as a
 * word (parameters, command substitution, arithmetic) when the reference is used, so the
 * subscript is parsed into a `Word` here (once per distinct text, cached).
 */
import { parse, walk, wordParts } from "@husk/syntax";
import type { Word, WordPart } from "@husk/syntax";
import { arithFatal, arithWord } from "./arith-words.js";
import { FatalError } from "./errors.js";
import type { Interp } from "./interp.js";
import { Attr } from "./vars.js";

/** A parsed reference: a variable name, and for `name[sub]` its subscript. */
export interface Ref {
  readonly name: string;
  readonly index?: Word | "@" | "*";
}

const REF = /^([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(?:\[(.*)\])?$/s;
const CACHE_MAX = 256;
const cache = new Map<string, Word>();

/**
 * Parses `name` or `name[subscript]`. Undefined for an empty reference; throws a
 * `FatalError` ("invalid variable name") for text that is not a reference.
 */
export function parseRef(s: string | undefined): Ref | undefined {
  if (s === undefined || s === "") return undefined;
  const m = REF.exec(s);
  if (m === null) throw new FatalError(`${s}: invalid variable name`, 1, "command");
  const idx = m[2];
  if (idx === undefined) return { name: m[1]! };
  if (idx === "@" || idx === "*") return { name: m[1]!, index: idx };
  return { name: m[1]!, index: subscriptWord(idx) };
}

/** True when `s` (a resolved nameref target) names an element: `a[...]`. */
export function isElementRef(s: string): boolean {
  return s.charCodeAt(s.length - 1) === 93 && s.includes("[");
}

/** The subscript text as a Word, expanded later like a subscript written in the script. */
export function subscriptWord(idx: string): Word {
  let w = cache.get(idx);
  if (w !== undefined) return w;
  w = literalWord(idx);
  if (/[$`'"\\]/.test(idx)) {
    try {
      walk(parse(`: \${x[${idx}]}`), (n) => {
        if (n.type === "ParamExp" && typeof n.index === "object") {
          w = n.index;
          return false;
        }
        return undefined;
      });
    } catch {
      // not parseable as a subscript: keep the literal text (the expansion reports the error)
    }
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(idx, w);
  return w;
}

function literalWord(text: string): Word {
  return { type: "Word", start: 0, end: 0, parts: [{ type: "Literal", start: 0, end: 0, value: text }] };
}

/**
 * The element a subscript held in data names (`unset 'A[$k]'`, `printf -v 'a[i+1]'`,
 * `test -v 'A["k"]'`): the subscript is expanded like one written in the script, then used as
 * the key of an associative array or evaluated as an index.
 */
export async function dataSubscript(ip: Interp, name: string, text: string): Promise<string | number> {
  const s = await ip.expandString(subscriptWord(text));
  const v = ip.st.vars.get(name);
  if (v !== undefined && (v.value instanceof Map || v.attrs & Attr.Assoc)) return s;
  return Number(ip.evalArithText(s));
}

/**
 * An indexed array's subscript held in data (`unset 'a[$i]'`) as a number: the text expanded
 * as a word, single quotes kept as bash's arithmetic sees them (`a['1']` is an operand error),
 * then evaluated; an arithmetic error ends the line, as bash's does.
 */
export async function arithSubscript(ip: Interp, text: string): Promise<number> {
  const s = await ip.expandString(arithWord(subscriptWord(text)));
  try {
    return Number(ip.arith.evaluateText(s));
  } catch (e) {
    throw arithFatal(e);
  }
}

/**
 * The same without command substitution, for synchronous callers (assignment through a nameref
 * to `A[$key]`): literal text, quotes and plain `$name` parameters. Undefined when the
 * subscript needs more.
 */
export function simpleSubscript(ip: Interp, text: string): string | undefined {
  return expandSimple(ip, wordParts(subscriptWord(text)));
}

function expandSimple(ip: Interp, parts: readonly WordPart[]): string | undefined {
  let out = "";
  for (const p of parts) {
    if (p.type === "Literal" || p.type === "SingleQuoted" || p.type === "Escaped" || p.type === "AnsiCQuoted") out += p.value;
    else if (p.type === "DoubleQuoted") {
      const inner = expandSimple(ip, p.parts);
      if (inner === undefined) return undefined;
      out += inner;
    } else if (p.type === "ParamExp" && p.index === undefined && p.op === undefined && !p.length && !p.indirect) out += ip.getScalar(p.name) ?? "";
    else return undefined;
  }
  return out;
}

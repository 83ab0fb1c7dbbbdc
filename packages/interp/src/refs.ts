/**
 * Variable references held in data: the value of a nameref (`declare -n r='a[2]'`) and the
 * target of `${!ref}`. Either is `name` or `name[subscript]`; bash expands the subscript as a
 * word (parameters, command substitution, arithmetic) when the reference is used, so the
 * subscript is parsed into a `Word` here (once per distinct text, cached).
 */
import { parse, walk } from "@husk/syntax";
import type { Word } from "@husk/syntax";
import { FatalError } from "./errors.js";

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
function subscriptWord(idx: string): Word {
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
  return { type: "Word", span: { start: 0, end: 0 }, parts: [{ type: "Literal", span: { start: 0, end: 0 }, value: text }] };
}

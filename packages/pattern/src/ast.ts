import type { CharSet } from "./charset.js";

/** Zero-width assertions. */
export type AssertKind =
  | "bol" // ^ : start of input, or after \n in multiline mode
  | "eol" // $ : end of input, or before \n in multiline mode
  | "bos" // \` \A : start of input
  | "eos" // \' \z : end of input
  | "eosnl" // \Z : end of input or before a final \n
  | "wordb" // \b
  | "nwordb" // \B
  | "uwordb" // \b with Oniguruma's Unicode word characters (jq)
  | "unwordb" // \B likewise
  | "wstart" // \<
  | "wend" // \>
  | "nwbefore" // not preceded by a word character (grep -w)
  | "nwafter"; // not followed by a word character (grep -w)

/**
 * The regex syntax tree every flavor parses into. Case folding and `.`'s newline behaviour are
 * already resolved into sets, so each backend (JS RegExp, Pike VM, backtracker) sees one meaning.
 */
export type Node =
  | { readonly t: "empty" }
  | { readonly t: "set"; readonly set: CharSet }
  | { readonly t: "cat"; readonly items: readonly Node[] }
  | { readonly t: "alt"; readonly alts: readonly Node[] }
  | { readonly t: "rep"; readonly node: Node; readonly min: number; readonly max: number; readonly greedy: boolean }
  | { readonly t: "group"; readonly node: Node; readonly index: number }
  | { readonly t: "assert"; readonly kind: AssertKind; readonly multiline: boolean }
  | { readonly t: "backref"; readonly n: number; readonly icase: boolean }
  | { readonly t: "look"; readonly node: Node; readonly ahead: boolean; readonly neg: boolean };

/** `max` of an unbounded repetition. */
export const INF = -1;

/** The result of parsing: the tree, the number of capture groups and the named groups. */
export interface ParsedRegex {
  readonly node: Node;
  readonly groupCount: number;
  readonly groupNames: ReadonlyMap<string, number>;
}

/** Builds a concatenation, flattening trivial cases. */
export function cat(items: Node[]): Node {
  if (items.length === 0) return { t: "empty" };
  if (items.length === 1) return items[0]!;
  return { t: "cat", items };
}

/** Builds an alternation, flattening trivial cases. */
export function alt(alts: Node[]): Node {
  return alts.length === 1 ? alts[0]! : { t: "alt", alts };
}

/** Facts about a tree that decide which engine may run it. */
export interface Features {
  backrefs: boolean;
  lookaround: boolean;
  /** An alternation anywhere. */
  alternation: boolean;
  /** A repetition whose body is not a single character set. */
  complexRep: boolean;
  /** Product over repetitions of their cost factor (max+1, or `unbounded` as INF). */
  unboundedReps: number;
  /** Lazy (non-greedy) repetitions exist. */
  lazy: boolean;
}

/** Scans a tree for the engine-choice facts. */
export function features(node: Node): Features {
  const f: Features = { backrefs: false, lookaround: false, alternation: false, complexRep: false, unboundedReps: 0, lazy: false };
  const walk = (n: Node): void => {
    switch (n.t) {
      case "cat":
        for (const i of n.items) walk(i);
        break;
      case "alt":
        f.alternation = true;
        for (const a of n.alts) walk(a);
        break;
      case "rep":
        if (n.node.t !== "set") f.complexRep = true;
        if (n.max === INF || n.max > 16) f.unboundedReps++;
        if (!n.greedy) f.lazy = true;
        walk(n.node);
        break;
      case "group":
        walk(n.node);
        break;
      case "backref":
        f.backrefs = true;
        break;
      case "look":
        f.lookaround = true;
        walk(n.node);
        break;
      default:
        break;
    }
  };
  walk(node);
  return f;
}

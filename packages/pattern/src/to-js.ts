import { INF, type Node } from "./ast.js";
import { type CharSet, isWordChar, onigClass, wordSet } from "./charset.js";

/** Every member of `set` is a word character (small sets only; large ones answer false). */
function allWord(set: CharSet): boolean {
  const r = set.ranges;
  let n = 0;
  for (let i = 0; i < r.length; i += 2) {
    n += r[i + 1]! - r[i]! + 1;
    if (n > 256) return false;
    for (let c = r[i]!; c <= r[i + 1]!; c++) if (!isWordChar(c)) return false;
  }
  return n > 0;
}

/**
 * Translates a tree into JS RegExp source with the same meaning (sets are spelled out as
 * `\uXXXX` ranges, assertions as lookarounds), for use with flags `g` (and `i` when the
 * whole pattern ignores case). Returns null when no faithful translation exists.
 */
export function toJsSource(node: Node): string | null {
  let W = "";
  let UW = "";
  const w = (): string => (W ||= wordSet().toJsClass());
  const uw = (): string => (UW ||= onigClass("w").toJsClass());
  const out = (n: Node): string | null => {
    switch (n.t) {
      case "empty":
        return "(?:)";
      case "set": {
        const c = n.set.single();
        if (c >= 0) return /[0-9A-Za-z]/.test(String.fromCharCode(c)) ? String.fromCharCode(c) : `\\u${c.toString(16).padStart(4, "0")}`;
        return n.set.toJsClass();
      }
      case "cat": {
        let s = "";
        for (let k = 0; k < n.items.length; k++) {
          const i = n.items[k]!;
          // \b next to a character that is surely a word character needs only one lookaround
          if (i.t === "assert" && (i.kind === "wordb" || i.kind === "wstart" || i.kind === "wend")) {
            const next = n.items[k + 1];
            const prev = n.items[k - 1];
            if (i.kind !== "wend" && next?.t === "set" && allWord(next.set)) {
              s += `(?<!${w()})`;
              continue;
            }
            if (i.kind !== "wstart" && prev?.t === "set" && allWord(prev.set)) {
              s += `(?!${w()})`;
              continue;
            }
          }
          const x = out(i);
          if (x === null) return null;
          s += x;
        }
        return s;
      }
      case "alt": {
        const parts: string[] = [];
        for (const a of n.alts) {
          const x = out(a);
          if (x === null) return null;
          parts.push(x);
        }
        return `(?:${parts.join("|")})`;
      }
      case "rep": {
        const x = out(n.node);
        if (x === null) return null;
        const q =
          n.min === 0 && n.max === INF ? "*" : n.min === 1 && n.max === INF ? "+" : n.min === 0 && n.max === 1 ? "?" : `{${n.min},${n.max === INF ? "" : n.max}}`;
        return `(?:${x})${q}${n.greedy ? "" : "?"}`;
      }
      case "group": {
        const x = out(n.node);
        return x === null ? null : `(${x})`;
      }
      case "backref":
        return `\\${n.n}`;
      case "look": {
        const x = out(n.node);
        if (x === null) return null;
        return `(?${n.ahead ? "" : "<"}${n.neg ? "!" : "="}${x})`;
      }
      case "assert":
        switch (n.kind) {
          case "bol":
            return n.multiline ? "(?<![^\\n])" : "^";
          case "eol":
            return n.multiline ? "(?![^\\n])" : "$";
          case "bos":
            return "^";
          case "eos":
            return "$";
          case "eosnl":
            return "(?=\\n?$)";
          case "wordb":
            return `(?:(?<=${w()})(?!${w()})|(?<!${w()})(?=${w()}))`;
          case "nwordb":
            return `(?:(?<=${w()})(?=${w()})|(?<!${w()})(?!${w()}))`;
          case "uwordb":
            return `(?:(?<=${uw()})(?!${uw()})|(?<!${uw()})(?=${uw()}))`;
          case "unwordb":
            return `(?:(?<=${uw()})(?=${uw()})|(?<!${uw()})(?!${uw()}))`;
          case "wstart":
            return `(?<!${w()})(?=${w()})`;
          case "wend":
            return `(?<=${w()})(?!${w()})`;
          case "nwbefore":
            return `(?<!${w()})`;
          case "nwafter":
            return `(?!${w()})`;
        }
    }
  };
  return out(node);
}

import { INF, type Node } from "./ast.js";
import { wordSet } from "./charset.js";

/**
 * Translates a tree into JS RegExp source with the same meaning (sets are spelled out as
 * `\uXXXX` ranges, assertions as lookarounds), for use with flags `g` (and `i` when the
 * whole pattern ignores case). Returns null when no faithful translation exists.
 */
export function toJsSource(node: Node): string | null {
  let W = "";
  const w = (): string => (W ||= wordSet().toJsClass());
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
        for (const i of n.items) {
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

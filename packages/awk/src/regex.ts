/**
 * awk regular expressions: dynamic and literal ERE text compiled once and cached. The engine is
 * reached only through `AwkRegex`, so the implementation can be swapped: today it translates
 * awk's ERE dialect (POSIX classes, `]` first in a bracket, backslash escapes in brackets, gawk's
 * `\y \< \> \s \w`, intervals, literal leading `*`) into a JavaScript RegExp.
 */
import { AwkFatalError } from "./errors.js";

/** One match: `[start, end)` and the capture groups (index 0 = whole match). */
export interface RegexMatch {
  readonly start: number;
  readonly end: number;
  readonly groups: readonly (string | undefined)[];
}

/** A compiled awk regex. */
export interface AwkRegex {
  readonly source: string;
  /** True when the regex matches anywhere in `s`. */
  test(s: string): boolean;
  /** The leftmost match starting at or after `from`, or null. */
  exec(s: string, from: number): RegexMatch | null;
  /** Start index of the leftmost match at or after `from` and sets `lastEnd`; -1 when none. */
  search(s: string, from: number): number;
  /** End of the last successful `search`. */
  lastEnd: number;
}

const CLASSES: Record<string, string> = {
  alpha: "a-zA-Z", digit: "0-9", alnum: "a-zA-Z0-9", upper: "A-Z", lower: "a-z", space: " \\t\\n\\r\\f\\v",
  blank: " \\t", punct: "!-\\/:-@\\[-`{-~", print: " -~", graph: "!-~", cntrl: "\\x00-\\x1f\\x7f", xdigit: "0-9A-Fa-f",
  word: "a-zA-Z0-9_",
};

function octal(src: string, i: number): [string, number] {
  let v = 0;
  let n = 0;
  while (n < 3 && i < src.length && src[i]! >= "0" && src[i]! <= "7") {
    v = v * 8 + src.charCodeAt(i++) - 48;
    n++;
  }
  return [`\\x${(v & 255).toString(16).padStart(2, "0")}`, i];
}

const SIMPLE_ESC: Record<string, string> = { n: "\\n", t: "\\t", r: "\\r", f: "\\f", v: "\\v", a: "\\x07", "/": "\\/", '"': '"' };

/** Translates awk ERE text into JavaScript RegExp source. Exported for tests. */
export function translateEre(src: string): string {
  let out = "";
  let i = 0;
  let atomStart = true; // a quantifier here is literal
  while (i < src.length) {
    const c = src[i]!;
    if (c === "\\") {
      const d = src[i + 1];
      i += 2;
      if (d === undefined) {
        out += "\\\\";
      } else if (d >= "0" && d <= "7") {
        const [t, j] = octal(src, i - 1);
        out += t;
        i = j;
      } else if (SIMPLE_ESC[d] !== undefined) out += SIMPLE_ESC[d];
      else if (d === "y") out += "\\b";
      else if (d === "B") out += "\\B";
      else if (d === "<") out += "\\b(?=\\w)";
      else if (d === ">") out += "\\b(?<=\\w)";
      else if (d === "`") out += "^";
      else if (d === "'") out += "$";
      else if ("wWsS".includes(d)) out += `\\${d}`;
      else if (d === "b") out += "\\x08";
      else if (/[A-Za-z0-9]/.test(d)) out += d;
      else out += `\\${d}`;
      atomStart = false;
      continue;
    }
    if (c === "[") {
      let j = i + 1;
      let cls = "[";
      if (src[j] === "^") {
        cls += "^";
        j++;
      }
      let first = true;
      let closed = false;
      while (j < src.length) {
        const e = src[j]!;
        if (e === "]" && !first) {
          closed = true;
          j++;
          break;
        }
        first = false;
        if (e === "[" && src[j + 1] === ":") {
          const end = src.indexOf(":]", j + 2);
          const name = end > 0 ? src.slice(j + 2, end) : "";
          if (CLASSES[name] !== undefined) {
            cls += CLASSES[name];
            j = end + 2;
            continue;
          }
        }
        if (e === "[" && (src[j + 1] === "." || src[j + 1] === "=")) {
          const end = src.indexOf(`${src[j + 1]}]`, j + 2);
          if (end > 0) {
            const lit = src.slice(j + 2, end);
            cls += lit.replace(/[\\\]\[^-]/g, "\\$&");
            j = end + 2;
            continue;
          }
        }
        if (e === "\\") {
          const d = src[j + 1];
          if (d !== undefined && d >= "0" && d <= "7") {
            const [t, k] = octal(src, j + 1);
            cls += t;
            j = k;
            continue;
          }
          if (d !== undefined && SIMPLE_ESC[d] !== undefined) cls += SIMPLE_ESC[d];
          else if (d !== undefined && "wWsS".includes(d)) cls += `\\${d}`;
          else if (d !== undefined) cls += /[A-Za-z0-9]/.test(d) ? d : `\\${d}`;
          j += 2;
          continue;
        }
        if (e === "[" || e === "]") cls += `\\${e}`;
        else cls += e;
        j++;
      }
      if (!closed) throw new Error("Unmatched [, [^, [:, [., or [=");
      out += cls === "[^" ? "[^]" : `${cls}]`;
      i = j;
      atomStart = false;
      continue;
    }
    if (c === "*" || c === "+" || c === "?") {
      if (atomStart) out += `\\${c}`;
      else {
        out += c;
        // Collapse repeated quantifiers (`a**`), which JS rejects.
        while (i + 1 < src.length && "*+?".includes(src[i + 1]!)) i++;
      }
      i++;
      continue;
    }
    if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
      if (m !== null && !atomStart) {
        out += m[0];
        i += m[0].length;
      } else {
        out += "\\{";
        i++;
      }
      continue;
    }
    if (c === "}") {
      out += "\\}";
      i++;
      continue;
    }
    if (c === "(" || c === "|") {
      out += c;
      i++;
      atomStart = true;
      continue;
    }
    if (c === "^") {
      out += c;
      i++;
      atomStart = true;
      continue;
    }
    if (c === "/") out += "\\/";
    else if (c === "\n") out += "\\n";
    else out += c;
    atomStart = false;
    i++;
  }
  return out;
}

class JsRegex implements AwkRegex {
  readonly source: string;
  readonly #test: RegExp;
  readonly #global: RegExp;
  lastEnd = 0;
  constructor(source: string, ignoreCase: boolean) {
    this.source = source;
    let js: string;
    try {
      js = translateEre(source);
      this.#test = new RegExp(js, ignoreCase ? "si" : "s");
      this.#global = new RegExp(js, ignoreCase ? "gsi" : "gs");
    } catch (e) {
      const why = e instanceof Error && e.message.startsWith("Unmatched") ? e.message : "Invalid regular expression";
      throw new AwkFatalError(`invalid regexp: ${why}: /${source}/`);
    }
  }
  test(s: string): boolean {
    return this.#test.test(s);
  }
  exec(s: string, from: number): RegexMatch | null {
    const re = this.#global;
    re.lastIndex = from;
    const m = re.exec(s);
    if (m === null) return null;
    return { start: m.index, end: m.index + m[0].length, groups: m };
  }
  search(s: string, from: number): number {
    const re = this.#global;
    re.lastIndex = from;
    const m = re.exec(s);
    if (m === null) return -1;
    this.lastEnd = m.index + m[0].length;
    return m.index;
  }
}

/** A bounded cache of compiled regexes (dynamic regex strings are recompiled rarely). */
export class RegexCache {
  readonly #map = new Map<string, AwkRegex>();
  readonly #icase = new Map<string, AwkRegex>();
  /** Compiles (or fetches) `source`; throws AwkFatalError for an invalid regex. */
  get(source: string, ignoreCase = false): AwkRegex {
    const map = ignoreCase ? this.#icase : this.#map;
    let r = map.get(source);
    if (r === undefined) {
      if (map.size > 500) map.clear();
      r = new JsRegex(source, ignoreCase);
      map.set(source, r);
    }
    return r;
  }
}

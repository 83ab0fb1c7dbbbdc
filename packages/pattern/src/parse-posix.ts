import { type AssertKind, INF, type Node, type ParsedRegex, alt, cat } from "./ast.js";
import { CharSetBuilder, MAX_CHAR, otherCase, wordSet } from "./charset.js";
import { perlClassEscape, readBracket } from "./bracket.js";
import { RegexError } from "./errors.js";

/** Options of the POSIX parser. */
export interface PosixParseOptions {
  /** true: ERE (`egrep`, `grep -E`, `sed -E`); false: BRE. */
  readonly extended: boolean;
  readonly ignoreCase: boolean;
  /** `^`/`$` also match around newlines (sed's M flag). */
  readonly multiline: boolean;
}

/** The largest interval count GNU accepts (RE_DUP_MAX). */
export const DUP_MAX = 32767;

/** A literal code unit as a node (case-folded when asked). */
export function charNode(c: number, ignoreCase: boolean): Node {
  const b = new CharSetBuilder().add(c);
  if (ignoreCase) {
    const o = otherCase(c);
    if (o !== c) b.add(o);
  }
  return { t: "set", set: b.build() };
}

const ANY: Node = { t: "set", set: new CharSetBuilder().addRange(0, MAX_CHAR).build() };

/**
 * Parses a GNU BRE or ERE into the shared tree. GNU's extensions are accepted (`\w \W \s \S \b
 * \B \< \> \` \'`, and in BRE `\+ \? \|`); back-references `\1`..`\9` work in both. Errors
 * carry GNU regcomp's messages.
 */
export function parsePosix(src: string, opts: PosixParseOptions): ParsedRegex {
  return new PosixParser(src, opts).parse();
}

class PosixParser {
  readonly #s: string;
  readonly #ere: boolean;
  readonly #icase: boolean;
  readonly #ml: boolean;
  #i = 0;
  #groups = 0;
  readonly #closed = new Set<number>();
  #depth = 0;

  constructor(src: string, opts: PosixParseOptions) {
    this.#s = src;
    this.#ere = opts.extended;
    this.#icase = opts.ignoreCase;
    this.#ml = opts.multiline;
  }

  parse(): ParsedRegex {
    const node = this.#alternation();
    if (this.#i < this.#s.length) {
      // only an unmatched close paren can stop the top level
      throw new RegexError("Unmatched ) or \\)");
    }
    return { node, groupCount: this.#groups, groupNames: new Map() };
  }

  #atAltBar(): boolean {
    const s = this.#s;
    const i = this.#i;
    return this.#ere ? s[i] === "|" : s[i] === "\\" && s[i + 1] === "|";
  }

  #atClose(): boolean {
    const s = this.#s;
    const i = this.#i;
    if (this.#depth === 0) return false;
    return this.#ere ? s[i] === ")" : s[i] === "\\" && s[i + 1] === ")";
  }

  #alternation(): Node {
    const alts: Node[] = [this.#sequence()];
    while (this.#atAltBar()) {
      this.#i += this.#ere ? 1 : 2;
      alts.push(this.#sequence());
    }
    return alt(alts);
  }

  #sequence(): Node {
    const items: Node[] = [];
    const s = this.#s;
    const start = this.#i;
    let afterAnchor = false;
    while (this.#i < s.length && !this.#atAltBar() && !this.#atClose()) {
      const c = s[this.#i]!;
      const atStart = this.#i === start || afterAnchor;
      // In ERE a stray ')' at top level is literal (GNU).
      if (this.#ere && c === ")" && this.#depth === 0) {
        this.#i++;
        items.push(charNode(41, this.#icase));
        afterAnchor = false;
        continue;
      }
      // anchors
      if (c === "^" && (this.#ere || this.#i === start)) {
        this.#i++;
        items.push(this.#assert("bol"));
        afterAnchor = !this.#ere || true;
        continue;
      }
      if (c === "$" && (this.#ere || this.#atSeqEnd(this.#i + 1))) {
        this.#i++;
        items.push(this.#assert("eol"));
        afterAnchor = false;
        continue;
      }
      const rep = this.#repeatAhead();
      if (rep !== 0) {
        if (atStart || items.length === 0) {
          if (this.#ere) {
            // GNU ERE ignores a repetition operator with nothing before it ("* at start of expression")
            if (s[this.#i] === "{") {
              const iv = this.#tryInterval();
              if (!iv) {
                this.#i++;
                items.push(charNode(123, this.#icase));
              }
            } else this.#i++;
            continue;
          }
          if (s[this.#i] === "\\" && s[this.#i + 1] === "{") throw new RegexError("Invalid preceding regular expression");
          // BRE: a leading '*' (or \+ \?) is literal
          const lit = s[this.#i] === "\\" ? s[this.#i + 1]! : s[this.#i]!;
          this.#i += rep;
          items.push(charNode(lit.charCodeAt(0), this.#icase));
          afterAnchor = false;
          continue;
        }
        this.#applyRepeats(items);
        afterAnchor = false;
        continue;
      }
      items.push(this.#atom());
      afterAnchor = false;
      this.#applyRepeats(items);
    }
    return cat(items);
  }

  /** Length of the repetition operator at the cursor (0 when none). */
  #repeatAhead(): number {
    const s = this.#s;
    const c = s[this.#i];
    if (c === "*") return 1;
    if (this.#ere) {
      if (c === "+" || c === "?") return 1;
      if (c === "{" && this.#intervalValid(this.#i + 1)) return 1;
      return 0;
    }
    if (c === "\\") {
      const d = s[this.#i + 1];
      if (d === "+" || d === "?" || d === "{") return 2;
    }
    return 0;
  }

  /** ERE: `{` starts an interval only when followed by digits/comma and a `}`. */
  #intervalValid(p: number): boolean {
    const m = /^(\d*)(,(\d*))?\}/.exec(this.#s.slice(p, p + 24));
    return m !== null && (m[1] !== "" || m[2] !== undefined);
  }

  #atSeqEnd(p: number): boolean {
    const s = this.#s;
    if (p >= s.length) return true;
    if (this.#ere) return s[p] === "|" || s[p] === ")";
    return s[p] === "\\" && (s[p + 1] === ")" || s[p + 1] === "|");
  }

  #assert(kind: AssertKind): Node {
    return { t: "assert", kind, multiline: this.#ml };
  }

  #tryInterval(): { min: number; max: number } | null {
    const s = this.#s;
    const open = this.#ere ? 1 : 2;
    const closeTok = this.#ere ? "}" : "\\}";
    const close = s.indexOf(closeTok, this.#i + open);
    if (close < 0) {
      if (this.#ere) return null;
      throw new RegexError("Unmatched \\{");
    }
    const body = s.slice(this.#i + open, close);
    const m = /^(\d*)(?:(,)(\d*))?$/.exec(body);
    if (!m || (m[1] === "" && m[2] === undefined)) {
      if (this.#ere) return null;
      throw new RegexError("Invalid content of \\{\\}");
    }
    const min = m[1] === "" ? 0 : Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? INF : Number(m[3]);
    if (min > DUP_MAX || max > DUP_MAX) throw new RegexError("Regular expression too big");
    if (max !== INF && max < min) throw new RegexError("Invalid content of \\{\\}");
    this.#i = close + closeTok.length;
    return { min, max };
  }

  #applyRepeats(items: Node[]): void {
    const s = this.#s;
    for (;;) {
      const len = this.#repeatAhead();
      if (len === 0) return;
      const op = s[this.#i] === "\\" ? s[this.#i + 1]! : s[this.#i]!;
      let min: number;
      let max: number;
      if (op === "{") {
        const iv = this.#tryInterval();
        if (!iv) return;
        ({ min, max } = iv);
      } else {
        this.#i += len;
        min = op === "+" ? 1 : 0;
        max = op === "?" ? 1 : INF;
      }
      const last = items.pop()!;
      if (last.t === "assert") {
        // repetition of an anchor: GNU treats it as matching the anchor (or nothing)
        items.push(min === 0 ? { t: "empty" } : last);
        continue;
      }
      items.push({ t: "rep", node: last, min, max, greedy: true });
    }
  }

  #atom(): Node {
    const s = this.#s;
    const c = s[this.#i]!;
    if (c === "[") {
      const r = readBracket(s, this.#i, { perlEscapes: false, ignoreCase: this.#icase })!;
      this.#i = r.end;
      return { t: "set", set: r.set };
    }
    if (c === ".") {
      this.#i++;
      return ANY;
    }
    if (this.#ere && c === "(") {
      this.#i++;
      return this.#group();
    }
    if (c === "\\") return this.#escape();
    this.#i++;
    return charNode(s.charCodeAt(this.#i - 1), this.#icase);
  }

  #group(): Node {
    const index = ++this.#groups;
    this.#depth++;
    const node = this.#alternation();
    const s = this.#s;
    if (this.#ere ? s[this.#i] !== ")" : !(s[this.#i] === "\\" && s[this.#i + 1] === ")")) {
      throw new RegexError("Unmatched ( or \\(");
    }
    this.#i += this.#ere ? 1 : 2;
    this.#depth--;
    this.#closed.add(index);
    return { t: "group", node, index };
  }

  #escape(): Node {
    const s = this.#s;
    const e = s[this.#i + 1];
    if (e === undefined) throw new RegexError("Trailing backslash");
    this.#i += 2;
    if (!this.#ere && e === "(") return this.#group();
    if (!this.#ere && e === ")") throw new RegexError("Unmatched ) or \\)");
    if (!this.#ere && e === "{") throw new RegexError("Invalid preceding regular expression");
    if (e >= "1" && e <= "9") {
      const n = e.charCodeAt(0) - 48;
      if (!this.#closed.has(n)) throw new RegexError("Invalid back reference");
      return { t: "backref", n, icase: this.#icase };
    }
    switch (e) {
      case "w":
        return { t: "set", set: wordSet() };
      case "W":
        return { t: "set", set: wordSet().negate() };
      case "s":
      case "S":
        return { t: "set", set: perlClassEscape(e)! };
      case "b":
        return this.#assert("wordb");
      case "B":
        return this.#assert("nwordb");
      case "<":
        return this.#assert("wstart");
      case ">":
        return this.#assert("wend");
      case "`":
        return this.#assert("bos");
      case "'":
        return this.#assert("eos");
      case "n":
        return charNode(10, false);
      default:
        return charNode(e.charCodeAt(0), this.#icase);
    }
  }
}

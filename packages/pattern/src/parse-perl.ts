import { type AssertKind, INF, type Node, type ParsedRegex, alt, cat } from "./ast.js";
import { CharSetBuilder, MAX_CHAR } from "./charset.js";
import { perlClassEscape, readBracket, readPerlCharEscape } from "./bracket.js";
import { RegexError } from "./errors.js";
import { charNode } from "./parse-posix.js";

/** Options of the Perl/Oniguruma parser. */
export interface PerlParseOptions {
  /** "pcre" (grep -P) or "onig" (jq). */
  readonly flavor: "pcre" | "onig";
  readonly ignoreCase: boolean;
  readonly multiline: boolean;
  readonly dotAll: boolean;
  readonly extended: boolean;
}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  x: boolean;
}

const HSPACE = new CharSetBuilder().add(9).add(32).add(0xa0).build();

/**
 * Parses Perl-compatible syntax (grep -P) or Oniguruma's Perl_NT syntax (jq): groups `(?:)`,
 * named groups `(?<n>)` `(?P<n>)` `(?'n')`, lookaround, lazy quantifiers, inline flags
 * `(?i)` `(?i:...)`, `\Q..\E`, `\d \w \s \h`, `\A \z \Z \b \B`, back-references `\1` `\k<n>`.
 * Atomic groups `(?>...)` and possessive quantifiers are read as plain groups/greedy
 * quantifiers (they only differ in backtracking effort, except in contrived patterns).
 */
export function parsePerl(src: string, opts: PerlParseOptions): ParsedRegex {
  return new PerlParser(src, opts).parse();
}

class PerlParser {
  readonly #s: string;
  readonly #onig: boolean;
  #i = 0;
  #groups = 0;
  readonly #names = new Map<string, number>();
  #f: Flags;

  constructor(src: string, o: PerlParseOptions) {
    this.#s = src;
    this.#onig = o.flavor === "onig";
    this.#f = { i: o.ignoreCase, m: o.multiline, s: o.dotAll, x: o.extended };
  }

  parse(): ParsedRegex {
    const node = this.#alternation();
    if (this.#i < this.#s.length) throw new RegexError("unmatched closing parenthesis");
    return { node, groupCount: this.#groups, groupNames: this.#names };
  }

  #alternation(): Node {
    const saved = { ...this.#f };
    const alts: Node[] = [this.#sequence()];
    while (this.#s[this.#i] === "|") {
      this.#i++;
      alts.push(this.#sequence());
    }
    this.#f = saved;
    return alt(alts);
  }

  #skipExtended(): void {
    if (!this.#f.x) return;
    const s = this.#s;
    for (;;) {
      const c = s[this.#i];
      if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v") this.#i++;
      else if (c === "#") {
        while (this.#i < s.length && s[this.#i] !== "\n") this.#i++;
      } else return;
    }
  }

  #sequence(): Node {
    const items: Node[] = [];
    const s = this.#s;
    for (;;) {
      this.#skipExtended();
      if (this.#i >= s.length || s[this.#i] === "|" || s[this.#i] === ")") break;
      const c = s[this.#i]!;
      if (c === "*" || c === "+" || c === "?" || (c === "{" && this.#interval(true))) {
        throw new RegexError("quantifier does not follow a repeatable item");
      }
      const atom = this.#atom();
      if (atom === null) continue;
      items.push(this.#quantifiers(atom));
    }
    return cat(items);
  }

  /** Reads `{m}`, `{m,}`, `{m,n}` (and onig's `{,n}`) at the cursor; peek-only when `peek`. */
  #interval(peek: boolean): { min: number; max: number } | null {
    const m = /^\{(\d*)(?:(,)(\d*))?\}/.exec(this.#s.slice(this.#i, this.#i + 24));
    if (!m || m[1] === "") return null; // `{,n}` is literal in PCRE2 10.42 and in onig's Perl_NT syntax
    const min = m[1] === "" ? 0 : Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? INF : Number(m[3]);
    if (min > 65535 || max > 65535) throw new RegexError("number too big in {} quantifier");
    if (max !== INF && max < min) throw new RegexError("numbers out of order in {} quantifier");
    if (!peek) this.#i += m[0].length;
    return { min, max };
  }

  #quantifiers(atom: Node): Node {
    const s = this.#s;
    let node = atom;
    for (;;) {
      this.#skipExtended();
      const c = s[this.#i];
      let min: number;
      let max: number;
      if (c === "*" || c === "+" || c === "?") {
        this.#i++;
        min = c === "+" ? 1 : 0;
        max = c === "?" ? 1 : INF;
      } else if (c === "{") {
        const iv = this.#interval(false);
        if (!iv) return node;
        ({ min, max } = iv);
      } else return node;
      let greedy = true;
      if (s[this.#i] === "?") {
        greedy = false;
        this.#i++;
      } else if (s[this.#i] === "+") this.#i++; // possessive: read as greedy
      if (node.t === "assert" || node.t === "look") continue;
      node = { t: "rep", node, min, max, greedy };
    }
  }

  #assert(kind: AssertKind, multiline = this.#f.m): Node {
    return { t: "assert", kind, multiline };
  }

  #atom(): Node | null {
    const s = this.#s;
    const c = s[this.#i]!;
    switch (c) {
      case "(":
        return this.#group();
      case "[": {
        const r = readBracket(s, this.#i, { perlEscapes: true, onig: this.#onig, ignoreCase: this.#f.i });
        this.#i = r!.end;
        return { t: "set", set: r!.set };
      }
      case ".":
        this.#i++;
        return { t: "set", set: this.#f.s ? ANY : ANY_BUT_NL };
      case "^":
        this.#i++;
        return this.#assert("bol");
      case "$":
        this.#i++;
        // Perl and onig's Perl_NT syntax (jq): end of the string or before a final newline
        return this.#f.m ? this.#assert("eol") : this.#assert("eosnl");
      case "\\":
        return this.#escape();
      default:
        this.#i++;
        return charNode(c.charCodeAt(0), this.#f.i);
    }
  }

  #escape(): Node | null {
    const s = this.#s;
    const e = s[this.#i + 1];
    if (e === undefined) throw new RegexError("\\ at end of pattern");
    const cls = perlClassEscape(e, this.#onig);
    if (cls) {
      this.#i += 2;
      return { t: "set", set: cls };
    }
    if (e >= "1" && e <= "9") {
      const m = /^\d+/.exec(s.slice(this.#i + 1))!;
      this.#i += 1 + m[0].length;
      const n = Number(m[0]);
      if (n > this.#groups && n > 9) throw new RegexError("reference to non-existent subpattern");
      return { t: "backref", n, icase: this.#f.i };
    }
    switch (e) {
      case "b":
        this.#i += 2;
        return this.#assert(this.#onig ? "uwordb" : "wordb");
      case "B":
        this.#i += 2;
        return this.#assert(this.#onig ? "unwordb" : "nwordb");
      case "A":
        this.#i += 2;
        return this.#assert("bos");
      case "z":
        this.#i += 2;
        return this.#assert("eos");
      case "Z":
        this.#i += 2;
        return this.#assert("eosnl");
      case "G":
        this.#i += 2;
        return null;
      case "h":
      case "H":
        this.#i += 2;
        // onig's Perl_NT syntax has no \h: it is a literal letter there
        if (this.#onig) return charNode(e.charCodeAt(0), this.#f.i);
        return { t: "set", set: e === "h" ? HSPACE : HSPACE.negate() };
      case "k": {
        const m = /^\\k(?:<([^>]+)>|'([^']+)'|\{([^}]+)\})/.exec(s.slice(this.#i));
        if (!m) throw new RegexError("\\k is not followed by a braced, angle-bracketed, or quoted name");
        const name = m[1] ?? m[2] ?? m[3]!;
        const n = /^\d+$/.test(name) ? Number(name) : this.#names.get(name);
        if (n === undefined) throw new RegexError("reference to non-existent subpattern");
        this.#i += m[0].length;
        return { t: "backref", n, icase: this.#f.i };
      }
      case "Q": {
        const end = s.indexOf("\\E", this.#i + 2);
        const lit = s.slice(this.#i + 2, end < 0 ? s.length : end);
        this.#i = end < 0 ? s.length : end + 2;
        return cat([...lit].map((ch) => charNode(ch.charCodeAt(0), this.#f.i)));
      }
      case "E":
        this.#i += 2;
        return null;
      case "K":
      case "R":
      case "X":
      case "C":
        throw new RegexError(`\\${e} is not supported`);
      case "p":
      case "P":
        throw new RegexError(`\\${e} (Unicode properties) is not supported`);
      default: {
        const r = readPerlCharEscape(s, this.#i);
        this.#i = r.end;
        return charNode(r.code, this.#f.i);
      }
    }
  }

  #group(): Node {
    const s = this.#s;
    this.#i++; // (
    let index = 0;
    let look: { ahead: boolean; neg: boolean } | null = null;
    const saved = { ...this.#f };
    if (s[this.#i] === "?") {
      const rest = s.slice(this.#i + 1, this.#i + 40);
      const named = /^(?:P?<([A-Za-z_][A-Za-z0-9_]*)>|'([A-Za-z_][A-Za-z0-9_]*)')/.exec(rest);
      if (named) {
        index = ++this.#groups;
        const name = named[1] ?? named[2]!;
        if (!this.#names.has(name)) this.#names.set(name, index);
        this.#i += 1 + named[0].length;
      } else if (rest.startsWith(":") || rest.startsWith(">") || rest.startsWith("|")) {
        this.#i += 2;
      } else if (rest.startsWith("=") || rest.startsWith("!")) {
        look = { ahead: true, neg: rest[0] === "!" };
        this.#i += 2;
      } else if (rest.startsWith("<=") || rest.startsWith("<!")) {
        look = { ahead: false, neg: rest[1] === "!" };
        this.#i += 3;
      } else if (rest.startsWith("#")) {
        const close = s.indexOf(")", this.#i);
        if (close < 0) throw new RegexError("missing ) after (?# comment");
        this.#i = close + 1;
        return { t: "empty" };
      } else {
        const m = /^([imsx]*)(?:-([imsx]*))?([:)])/.exec(rest);
        if (!m) throw new RegexError("unrecognized character after (? or (?-");
        const set = (letters: string, v: boolean): void => {
          for (const l of letters) this.#f[l as keyof Flags] = v;
        };
        set(m[1]!, true);
        set(m[2] ?? "", false);
        this.#i += 1 + m[0].length;
        if (m[3] === ")") return { t: "empty" }; // flags apply to the rest of the enclosing group
      }
    } else index = ++this.#groups;
    const node = this.#alternation();
    if (s[this.#i] !== ")") throw new RegexError("missing closing parenthesis");
    this.#i++;
    this.#f = saved;
    if (look) return { t: "look", node, ...look };
    return index ? { t: "group", node, index } : node;
  }
}

const ANY = new CharSetBuilder().addRange(0, MAX_CHAR).build();
const ANY_BUT_NL = new CharSetBuilder().add(10).build(true);

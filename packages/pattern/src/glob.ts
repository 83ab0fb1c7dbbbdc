import { INF, type Node, alt, cat } from "./ast.js";
import { type CharSet, CharSetBuilder, MAX_CHAR, otherCase } from "./charset.js";
import { readBracket } from "./bracket.js";
import { RegexCore } from "./regex.js";

const ANY_CHAR = new CharSetBuilder().addRange(0, MAX_CHAR).build();
const NOT_SLASH = new CharSetBuilder().add(47).build(true);

/** The regex tree of a glob (for linear-time search), or null when it has `!(...)`. */
function globToNode(items: readonly Item[], o: GlobOptions): Node | null {
  const out: Node[] = [];
  const any = o.pathname ? NOT_SLASH : ANY_CHAR;
  for (const it of items) {
    switch (it.k) {
      case "lit": {
        const b = new CharSetBuilder().add(it.c);
        if (it.alt !== it.c) b.add(it.alt);
        out.push({ t: "set", set: b.build() });
        break;
      }
      case "any":
        out.push({ t: "set", set: any });
        break;
      case "set":
        out.push({ t: "set", set: it.set });
        break;
      case "star":
        out.push({ t: "rep", node: { t: "set", set: any }, min: 0, max: INF, greedy: true });
        break;
      case "ext": {
        if (it.op === "!") return null;
        const alts: Node[] = [];
        for (const a of it.alts) {
          const n = globToNode(a, o);
          if (n === null) return null;
          alts.push(n);
        }
        const body = alt(alts);
        if (it.op === "@") out.push(body);
        else out.push({ t: "rep", node: body, min: it.op === "+" ? 1 : 0, max: it.op === "?" ? 1 : INF, greedy: true });
        break;
      }
    }
  }
  return cat(out);
}

/** How a glob pattern is matched. */
export interface GlobOptions {
  /** `?(a|b) *( ) +( ) @( ) !( )` are operators (bash `shopt -s extglob`). */
  extglob?: boolean;
  /** Letters match either case (`nocasematch` / `nocaseglob`). */
  nocase?: boolean;
  /** With `pathname`: a leading `.` of a name may be matched by wildcards. */
  dotglob?: boolean;
  /** '*' and '?' do not match '/' (pathname expansion, fnmatch FNM_PATHNAME) */
  pathname?: boolean;
}

/** A compiled glob. Positions are UTF-16 offsets. */
export interface CompiledGlob {
  /** The whole of `s` matches. */
  matches(s: string): boolean;
  /** for ${x#pat} ${x##pat} ${x%pat} ${x%%pat} ${x/pat/r}: find a match of the pattern within s */
  matchPrefix(s: string, longest: boolean): number /* length or -1 */;
  matchSuffix(s: string, longest: boolean): number /* start index or -1 */;
  /** Leftmost-longest match starting at or after `from`. */
  search(s: string, from: number): { start: number; end: number } | null /* leftmost-longest */;
}

type Item =
  | { readonly k: "lit"; readonly c: number; readonly alt: number }
  | { readonly k: "any" }
  | { readonly k: "star" }
  | { readonly k: "set"; readonly set: CharSet }
  | { readonly k: "ext"; readonly op: string; readonly alts: readonly (readonly Item[])[] };

/** Parses glob text into items; `end` stops at `)`/`|` inside an extglob group. */
function parseGlob(p: string, o: GlobOptions): Item[] {
  let i = 0;
  const seq = (inGroup: boolean): Item[] => {
    const items: Item[] = [];
    while (i < p.length) {
      const c = p[i]!;
      if (inGroup && (c === ")" || c === "|")) break;
      if (o.extglob && "?*+@!".includes(c) && p[i + 1] === "(" && hasClose(p, i + 1)) {
        i += 2;
        const alts: Item[][] = [seq(true)];
        while (p[i] === "|") {
          i++;
          alts.push(seq(true));
        }
        i++; // ')'
        items.push({ k: "ext", op: c, alts });
        continue;
      }
      if (c === "*") {
        i++;
        if (items.length === 0 || items[items.length - 1]!.k !== "star") items.push({ k: "star" });
        continue;
      }
      if (c === "?") {
        i++;
        items.push({ k: "any" });
        continue;
      }
      if (c === "[") {
        const r = readBracket(p, i, { perlEscapes: false, ignoreCase: !!o.nocase, bang: true, backslashEscapes: true }, true);
        if (r) {
          i = r.end;
          items.push({ k: "set", set: r.set });
          continue;
        }
      }
      let code = p.charCodeAt(i);
      if (c === "\\" && i + 1 < p.length) {
        code = p.charCodeAt(i + 1);
        i++;
      }
      i++;
      items.push({ k: "lit", c: code, alt: o.nocase ? otherCase(code) : code });
    }
    return items;
  };
  return seq(false);
}

/** True when the `(` at `open` has a matching `)` (else the extglob text is literal). */
function hasClose(p: string, open: number): boolean {
  let depth = 0;
  for (let i = open; i < p.length; i++) {
    const c = p[i];
    if (c === "\\") i++;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return true;
  }
  return false;
}

function reverseItems(items: readonly Item[]): Item[] {
  return items
    .slice()
    .reverse()
    .map((it) => (it.k === "ext" ? { k: "ext", op: it.op, alts: it.alts.map(reverseItems) } : it));
}

/**
 * Set-of-positions simulation: from every position in `from` (a reach bitmap over 0..n),
 * which positions can the item sequence end at? Polynomial (no backtracking): O(items × n)
 * for plain globs, O(items × n²) per extglob group.
 */
class Runner {
  readonly #s: string;
  readonly #n: number;
  readonly #o: GlobOptions;
  readonly #period: boolean;
  constructor(s: string, o: GlobOptions, period: boolean) {
    this.#s = s;
    this.#n = s.length;
    this.#o = o;
    this.#period = period;
  }

  /** True when a wildcard may consume the character at p. */
  #wild(p: number): boolean {
    const c = this.#s.charCodeAt(p);
    if (this.#o.pathname && c === 47) return false;
    if (this.#period && c === 46 && (p === 0 || this.#s.charCodeAt(p - 1) === 47)) return false;
    return true;
  }

  run(items: readonly Item[], from: Uint8Array): Uint8Array {
    let cur = from;
    const n = this.#n;
    const s = this.#s;
    for (const it of items) {
      const out = new Uint8Array(n + 1);
      let any = false;
      switch (it.k) {
        case "lit":
          for (let p = 0; p < n; p++) {
            if (cur[p] && (s.charCodeAt(p) === it.c || s.charCodeAt(p) === it.alt)) out[p + 1] = 1, (any = true);
          }
          break;
        case "any":
          for (let p = 0; p < n; p++) if (cur[p] && this.#wild(p)) out[p + 1] = 1, (any = true);
          break;
        case "set":
          for (let p = 0; p < n; p++) {
            if (cur[p] && it.set.has(s.charCodeAt(p)) && this.#wild(p)) out[p + 1] = 1, (any = true);
          }
          break;
        case "star": {
          let on = false;
          for (let p = 0; p <= n; p++) {
            on = cur[p] === 1 || (on && this.#wild(p - 1));
            if (on) out[p] = 1, (any = true);
          }
          break;
        }
        case "ext":
          any = this.#ext(it, cur, out);
          break;
      }
      if (!any) return out;
      cur = out;
    }
    return cur;
  }

  #union(alts: readonly (readonly Item[])[], from: Uint8Array, out: Uint8Array): boolean {
    let any = false;
    for (const a of alts) {
      const r = this.run(a, from);
      for (let p = 0; p <= this.#n; p++) if (r[p]) out[p] = 1, (any = true);
    }
    return any;
  }

  #ext(it: Item & { k: "ext" }, cur: Uint8Array, out: Uint8Array): boolean {
    const n = this.#n;
    switch (it.op) {
      case "@":
        return this.#union(it.alts, cur, out);
      case "?": {
        out.set(cur);
        this.#union(it.alts, cur, out);
        return out.includes(1);
      }
      case "*":
      case "+": {
        if (it.op === "*") out.set(cur);
        let frontier = cur;
        for (let guard = 0; guard <= n + 1; guard++) {
          const next = new Uint8Array(n + 1);
          this.#union(it.alts, frontier, next);
          let grew = false;
          for (let p = 0; p <= n; p++) {
            if (next[p] && !out[p]) {
              out[p] = 1;
              grew = true;
            } else next[p] = 0;
          }
          if (!grew) break;
          frontier = next;
        }
        return out.includes(1);
      }
      default: {
        // !(...): every end q >= p such that s[p..q) does not match any alternative
        let any = false;
        for (let p = 0; p <= n; p++) {
          if (!cur[p]) continue;
          const single = new Uint8Array(n + 1);
          single[p] = 1;
          const ends = new Uint8Array(n + 1);
          this.#union(it.alts, single, ends);
          for (let q = p; q <= n; q++) {
            if (!ends[q]) {
              if (this.#o.pathname && q > p && this.#s.charCodeAt(q - 1) === 47) break;
              out[q] = 1;
              any = true;
            }
          }
        }
        return any;
      }
    }
  }
}

class Glob implements CompiledGlob {
  readonly #items: Item[];
  readonly #rev: Item[];
  readonly #o: GlobOptions;
  /** Literal text when the pattern has no wildcard at all (fast path), else null. */
  readonly #literal: string | null;
  /** The same pattern as a leftmost-longest regex, for search (null with `!(...)`). */
  readonly #re: RegexCore | null;
  constructor(pattern: string, o: GlobOptions) {
    this.#o = o;
    this.#items = parseGlob(pattern, o);
    this.#rev = reverseItems(this.#items);
    const node = globToNode(this.#items, o);
    this.#re = node ? new RegexCore({ node, groupCount: 0, groupNames: new Map() }, { flavor: "ere" }) : null;
    this.#literal = !o.nocase && this.#items.every((i) => i.k === "lit") ? String.fromCharCode(...this.#items.map((i) => (i as { c: number }).c)) : null;
  }
  #start(n: number, p: number): Uint8Array {
    const a = new Uint8Array(n + 1);
    a[p] = 1;
    return a;
  }
  matches(s: string): boolean {
    if (this.#literal !== null) return s === this.#literal;
    const period = !!this.#o.pathname && !this.#o.dotglob;
    return new Runner(s, this.#o, period).run(this.#items, this.#start(s.length, 0))[s.length] === 1;
  }
  matchPrefix(s: string, longest: boolean): number {
    if (this.#literal !== null) return s.startsWith(this.#literal) ? this.#literal.length : -1;
    const ends = new Runner(s, this.#o, false).run(this.#items, this.#start(s.length, 0));
    return longest ? ends.lastIndexOf(1) : ends.indexOf(1);
  }
  matchSuffix(s: string, longest: boolean): number {
    if (this.#literal !== null) return s.endsWith(this.#literal) ? s.length - this.#literal.length : -1;
    const r = reverse(s);
    const ends = new Runner(r, this.#o, false).run(this.#rev, this.#start(s.length, 0));
    const p = longest ? ends.lastIndexOf(1) : ends.indexOf(1);
    return p < 0 ? -1 : s.length - p;
  }
  search(s: string, from: number): { start: number; end: number } | null {
    const n = s.length;
    if (from > n) return null;
    if (this.#literal !== null) {
      const i = s.indexOf(this.#literal, from);
      return i < 0 ? null : { start: i, end: i + this.#literal.length };
    }
    if (this.#re) {
      const m = this.#re.exec(s, from, false, undefined);
      return m ? { start: m.start, end: m.end } : null;
    }
    // reverse pass from every end gives every start that has a match; pick the leftmost >= from
    const all = new Uint8Array(n + 1).fill(1);
    const starts = new Runner(reverse(s), this.#o, false).run(this.#rev, all);
    for (let q = from; q <= n; q++) {
      if (!starts[n - q]) continue;
      const ends = new Runner(s, this.#o, false).run(this.#items, this.#start(n, q));
      const e = ends.lastIndexOf(1);
      if (e >= q) return { start: q, end: e };
    }
    return null;
  }
}

function reverse(s: string): string {
  let r = "";
  for (let i = s.length - 1; i >= 0; i--) r += s[i];
  return r;
}

const CACHE_MAX = 256;
const cache = new Map<string, CompiledGlob>();

/**
 * Compiles a glob (cached: one bounded LRU of 256). Syntax: `* ? [...] [!...] [^...]
 * [[:class:]]`, and with `extglob` `?(a|b) *( ) +( ) @( ) !( )`; a backslash makes the next
 * character literal (the interpreter escapes quoted characters this way); an unmatched `[`
 * is literal. Matching simulates sets of positions, so no pattern can backtrack
 * exponentially.
 */
export function compileGlob(pattern: string, options: GlobOptions = {}): CompiledGlob {
  const key = `${options.extglob ? 1 : 0}${options.nocase ? 1 : 0}${options.dotglob ? 1 : 0}${options.pathname ? 1 : 0}${pattern}`;
  let g = cache.get(key);
  if (g) {
    cache.delete(key);
    cache.set(key, g);
    return g;
  }
  g = new Glob(pattern, options);
  cache.set(key, g);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return g;
}

/** Empties the compiled-glob cache. */
export function globCacheClear(): void {
  cache.clear();
}

/** True when `pattern` has an unescaped glob operator (`* ? [`, or an extglob group). */
export function hasGlobMeta(pattern: string, extglob = false): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (c === "*" || c === "?") return true;
    else if (c === "[" && pattern.indexOf("]", i + 2) > 0) return true;
    else if (extglob && (c === "+" || c === "@" || c === "!") && pattern[i + 1] === "(") return true;
  }
  return false;
}

/** Backslash-escapes every glob operator so `literal` matches only itself. */
export function escapeGlob(literal: string): string {
  return literal.replace(/[\\*?[\]()|!+@]/g, "\\$&");
}

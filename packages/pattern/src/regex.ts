import type { LimitsMeter } from "@husk/host";
import { INF, type Node, type ParsedRegex, cat } from "./ast.js";
import { type CharSet, CharSetBuilder } from "./charset.js";
import { Backtracker } from "./backtrack.js";
import { parsePerl } from "./parse-perl.js";
import { parsePosix } from "./parse-posix.js";
import { pikeSearch } from "./pike.js";
import { type Program, compileProgram } from "./program.js";
import { toJsSource } from "./to-js.js";
import type { SearchContext } from "./vm-common.js";

/** Regex dialects: POSIX basic/extended (GNU), Perl-compatible (grep -P), Oniguruma (jq). */
export type RegexFlavor = "bre" | "ere" | "pcre" | "onig";

/** How a pattern is compiled. */
export interface RegexOptions {
  flavor: RegexFlavor;
  ignoreCase?: boolean;
  /** `^` and `$` also match at line boundaries (sed M, Perl m). */
  multiline?: boolean;
  /** '.' matches newline (onig 's' / jq flag; POSIX flavors always match it). */
  dotAll?: boolean;
  /** Perl/onig: whitespace and `#` comments in the pattern are ignored (jq 'x'). */
  extended?: boolean;
  /** The match must not touch a word character on either side (grep -w). */
  wordMatch?: boolean;
  /** The match must span the whole input (grep -x). */
  lineMatch?: boolean;
  /**
   * The input is a buffer of newline-terminated lines searched as a whole (grep's fast path):
   * no character matches `\n`, and `^ $ \` \'` (and lineMatch) apply to each line.
   */
  lineMode?: boolean;
}

/** One match: offsets in UTF-16 code units. */
export interface RegexMatch {
  start: number;
  end: number;
  /** per group 1..n: [start, end] or undefined when the group did not participate */
  groups: ReadonlyArray<readonly [number, number] | undefined>;
}

/** Per-call options of `exec`. */
export interface ExecOptions {
  /** Position 0 is not a line start for `^` (the caller passes a tail of a line). */
  notBol?: boolean;
  /**
   * lineMode only: no line of the input is longer than this, so backtracking work is bounded
   * by the line length rather than the input length (lets the JS fast path take big buffers).
   */
  maxLineLength?: number;
}

/** A compiled pattern. Reusable; not safe to share between concurrently running searches. */
export interface CompiledRegex {
  readonly groupCount: number;
  readonly groupNames: ReadonlyMap<string, number>;
  /** leftmost match at or after `from` (POSIX flavors: leftmost-LONGEST; pcre/onig: leftmost-first).
   *  `notBol`: position 0 is not a line start for ^ (the caller passes a tail of a line) */
  exec(input: string, from?: number, opts?: ExecOptions): RegexMatch | null;
  /** True when the pattern matches anywhere in `input` (fastest path: no positions kept). */
  test(input: string): boolean;
  /**
   * Where the leftmost match at or after `from` starts (the same start `exec` reports), or -1.
   * The match's end is not computed, so a faster engine may run where leftmost-first and
   * leftmost-longest differ only in the end (grep's buffer search needs only the line).
   */
  searchStart(input: string, from?: number, opts?: ExecOptions): number;
  /**
   * lineMode searches over `n` code units: a line length L such that every `maxLineLength` up to
   * L picks the same engine as L itself (the choice is monotone in the line length), so a caller
   * that has checked every line is at most L long may pass L instead of the exact longest line.
   * Infinity when the choice does not depend on the line length (not lineMode, no JS engine, or
   * the same engine for every length).
   */
  affordableLine(n: number): number;
  /**
   * The text every match equals when the pattern is one fixed, case-sensitive string without
   * groups or anchors (callers may then use `indexOf`); null otherwise.
   */
  readonly literal: string | null;
  /** Some input has an empty match (the pattern may match without consuming a character). */
  readonly canMatchEmpty: boolean;
}

/** Work a JS RegExp fast path may do in the worst case before we prefer the automaton. */
const JS_BUDGET = 20_000_000;

/**
 * The compiled, meter-free core of a pattern (what the cache keeps).
 *
 * Engine choice, per call:
 * 1. JS RegExp (V8's irregexp) when it provably cannot blow up AND means the same thing:
 *    every repetition's body is free of repetitions, alternations, back-references and
 *    lookaround (so backtracking is polynomial), and the input is short enough that the
 *    polynomial bound `(L+1)^(k+1)` (k = repetitions) stays under `JS_BUDGET`. For exec() in
 *    the POSIX flavors it is also required that leftmost-first equals leftmost-longest: no
 *    alternation and every repetition is over a single character set.
 * 2. Otherwise the Pike VM (linear time) on the compiled NFA.
 * 3. Back-references and lookaround that JS cannot take run on the bounded backtracker.
 */
export class RegexCore {
  readonly groupCount: number;
  readonly groupNames: ReadonlyMap<string, number>;
  readonly longest: boolean;
  readonly #prog: Program;
  /** JS RegExp usable for test() on inputs up to `#jsTestMax` code units. */
  readonly #js: RegExp | null;
  /** The same source with the `d` flag (group offsets), when there are groups. */
  readonly #jsD: RegExp | null;
  readonly #jsTestMax: number;
  /** Same RegExp usable for exec() (semantics equal) when true. */
  readonly #jsExec: boolean;
  /** The RegExp finds the same match starts (any end). */
  readonly #jsStart: boolean;
  readonly #hasBol: boolean;
  readonly #factors: number[];
  /** Compiled with `lineMode`. */
  readonly lineMode: boolean;
  /** See CompiledRegex.literal. */
  readonly literal: string | null;
  /** See CompiledRegex.canMatchEmpty. */
  readonly canMatchEmpty: boolean;

  /** `allowJs: false` forces the automaton/backtracker (tests compare the engines). */
  constructor(parsed: ParsedRegex, options: RegexOptions, allowJs = true) {
    this.groupCount = parsed.groupCount;
    this.groupNames = parsed.groupNames;
    this.longest = options.flavor === "bre" || options.flavor === "ere";
    this.lineMode = !!options.lineMode;
    this.literal = literalOf(parsed.node);
    this.canMatchEmpty = nullable(parsed.node);
    this.#prog = compileProgram(parsed.node, parsed.groupCount);
    const a = analyze(parsed.node);
    this.#hasBol = a.hasBol;
    this.#factors = a.factors;
    let js: RegExp | null = null;
    let max = 0;
    if (a.simple && allowJs) {
      const src = toJsSource(parsed.node);
      if (src !== null) {
        try {
          js = new RegExp(src, options.ignoreCase ? "gi" : "g");
          max = maxLength(a.factors);
        } catch {
          js = null;
        }
      }
    }
    this.#js = js;
    this.#jsD = js && parsed.groupCount > 0 ? new RegExp(js.source, `${js.flags}d`) : null;
    this.#jsTestMax = max;
    this.#jsExec = js !== null && (!this.longest || a.longestSafe) && a.backrefsSafe;
    this.#jsStart = js !== null && a.backrefsSafe;
  }

  /** Whether the JS RegExp may search input[from..] (its worst-case work stays bounded). */
  #jsAffordable(input: string, from: number, notBol: boolean, maxLine: number): boolean {
    // lineMode: work per attempt is bounded by the line; attempts are one per position
    const ok =
      maxLine >= 0 && this.lineMode
        ? lineModeCost(this.#factors, input.length - from, maxLine) <= JS_BUDGET * 50
        : input.length - from <= this.#jsTestMax;
    return ok && !(notBol && this.#hasBol);
  }

  /** See CompiledRegex.affordableLine. */
  affordableLine(n: number): number {
    if (!this.lineMode || !this.#jsStart) return Number.POSITIVE_INFINITY;
    const budget = JS_BUDGET * 50;
    const f = this.#factors;
    if (lineModeCost(f, n, 1 << 30) <= budget || lineModeCost(f, n, 0) > budget) return Number.POSITIVE_INFINITY;
    let lo = 0;
    let hi = 1 << 30;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (lineModeCost(f, n, mid) <= budget) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** See CompiledRegex.searchStart. */
  searchStart(input: string, from: number, notBol: boolean, meter: LimitsMeter | undefined, maxLine = -1): number {
    if (from > input.length) return -1;
    if (this.#jsStart && this.#jsAffordable(input, from, notBol, maxLine)) {
      const js = this.#js!;
      js.lastIndex = from;
      const m = js.exec(input);
      return m === null ? -1 : m.index;
    }
    const m = this.exec(input, from, notBol, meter, maxLine);
    return m === null ? -1 : m.start;
  }

  /** See CompiledRegex.exec. */
  exec(input: string, from: number, notBol: boolean, meter: LimitsMeter | undefined, maxLine = -1): RegexMatch | null {
    if (from > input.length) return null;
    const js = this.#js;
    if (this.#jsExec && this.#jsAffordable(input, from, notBol, maxLine)) {
      const groups: ([number, number] | undefined)[] = [];
      if (this.#jsD !== null) {
        const re = this.#jsD;
        re.lastIndex = from;
        const m = re.exec(input);
        if (m === null) return null;
        const ind = m.indices!;
        for (let g = 1; g <= this.groupCount; g++) {
          const p = ind[g];
          groups.push(p ? [p[0], p[1]] : undefined);
        }
        return { start: m.index, end: m.index + m[0].length, groups };
      }
      js!.lastIndex = from;
      const m = js!.exec(input);
      if (m === null) return null;
      return { start: m.index, end: m.index + m[0].length, groups };
    }
    return this.#execVm(input, from, notBol, meter, -1);
  }

  #execVm(input: string, from: number, notBol: boolean, meter: LimitsMeter | undefined, knownStart: number): RegexMatch | null {
    const ctx: SearchContext = { input, notBol };
    const start = knownStart >= 0 ? knownStart : from;
    const anchored = knownStart >= 0;
    const caps = this.#prog.needsBacktrack
      ? new Backtracker(this.#prog, meter).search(ctx, start, this.longest, anchored)
      : pikeSearch(this.#prog, ctx, start, this.longest, anchored, meter, this.groupCount > 0);
    if (caps === null) return null;
    const groups: ([number, number] | undefined)[] = [];
    for (let g = 1; g <= this.groupCount; g++) {
      if (caps.length <= g * 2) {
        groups.push(undefined);
        continue;
      }
      const s = caps[g * 2]!;
      const e = caps[g * 2 + 1]!;
      groups.push(s >= 0 && e >= 0 ? [s, e] : undefined);
    }
    return { start: caps[0]!, end: caps[1]!, groups };
  }

  /** See CompiledRegex.test. */
  test(input: string, meter: LimitsMeter | undefined): boolean {
    const js = this.#js;
    if (js !== null && input.length <= this.#jsTestMax) {
      js.lastIndex = 0;
      return js.test(input);
    }
    const ctx: SearchContext = { input, notBol: false };
    const caps = this.#prog.needsBacktrack
      ? new Backtracker(this.#prog, meter).search(ctx, 0, false, false)
      : pikeSearch(this.#prog, ctx, 0, false, false, meter, false);
    return caps !== null;
  }
}

interface Analysis {
  /** Backtracking on this tree is polynomial (no repetition over a complex body). */
  simple: boolean;
  /** Cost factor per repetition (max+1, INF for unbounded). */
  factors: number[];
  /** Greedy leftmost-first equals leftmost-longest (no alternation, reps over single sets). */
  longestSafe: boolean;
  /** Every back-referenced group always participates (JS would match empty otherwise). */
  backrefsSafe: boolean;
  hasBol: boolean;
}

function analyze(root: Node): Analysis {
  const r: Analysis = { simple: true, factors: [], longestSafe: true, backrefsSafe: true, hasBol: false };
  const optionalGroups = new Set<number>();
  const refs: number[] = [];
  const complex = (n: Node): boolean => {
    switch (n.t) {
      case "rep":
      case "alt":
      case "backref":
      case "look":
        return true;
      case "cat":
        return n.items.some(complex);
      case "group":
        return complex(n.node);
      default:
        return false;
    }
  };
  const walk = (n: Node, optional: boolean): void => {
    switch (n.t) {
      case "cat":
        for (const i of n.items) walk(i, optional);
        return;
      case "alt":
        if (!approved.has(n)) r.longestSafe = false;
        for (const x of n.alts) walk(x, true);
        return;
      case "rep":
        if (complex(n.node)) r.simple = false;
        if (n.node.t !== "set") r.longestSafe = false;
        if (n.max === INF || n.max > 1) r.factors.push(n.max === INF ? INF : n.max + 1);
        walk(n.node, optional || n.min === 0);
        return;
      case "group":
        if (optional) optionalGroups.add(n.index);
        walk(n.node, optional);
        return;
      case "look":
        if (complex(n.node)) r.simple = false;
        walk(n.node, true);
        return;
      case "backref":
        refs.push(n.n);
        return;
      case "assert":
        if (n.kind === "bol" || n.kind === "bos") r.hasBol = true;
        return;
      default:
        return;
    }
  };
  // alternations that leftmost-first resolves like leftmost-longest (see deterministicAlt)
  const approved = new Set<Node>();
  const items = root.t === "cat" ? root.items : [root];
  let fixedBefore = true;
  for (const it of items) {
    const inner = it.t === "group" ? it.node : it;
    if (inner.t === "alt" && deterministicAlt(inner.alts) && (fixedBefore || fixedLen(inner) !== null)) approved.add(inner);
    if (fixedLen(it) === null) fixedBefore = false;
  }
  walk(root, false);
  for (const g of refs) if (optionalGroups.has(g)) r.backrefsSafe = false;
  return r;
}

/** The length every match of `n` has, or null when it varies. */
function fixedLen(n: Node): number | null {
  switch (n.t) {
    case "set":
      return 1;
    case "empty":
    case "assert":
    case "look":
      return 0;
    case "group":
      return fixedLen(n.node);
    case "cat": {
      let t = 0;
      for (const i of n.items) {
        const l = fixedLen(i);
        if (l === null) return null;
        t += l;
      }
      return t;
    }
    case "alt": {
      const l = fixedLen(n.alts[0]!);
      return n.alts.every((a) => fixedLen(a) === l) ? l : null;
    }
    case "rep": {
      const l = fixedLen(n.node);
      return l !== null && n.min === n.max ? l * n.min : l === 0 ? 0 : null;
    }
    default:
      return null;
  }
}

/** The sets of an alternative that is a fixed sequence of single characters (no groups, reps, asserts), else null. */
function fixedSeq(n: Node): CharSet[] | null {
  if (n.t === "set") return [n.set];
  if (n.t === "cat" && n.items.every((i) => i.t === "set")) return n.items.map((i) => (i as { set: CharSet }).set);
  return null;
}

function intersects(a: CharSet, b: CharSet): boolean {
  const x = a.ranges;
  const y = b.ranges;
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (x[i + 1]! < y[j]!) i += 2;
    else if (y[j + 1]! < x[i]!) j += 2;
    else return true;
  }
  return false;
}

/**
 * An alternation where, at any position, at most one alternative can match (or all that can
 * match have the same length): every alternative is a fixed sequence of characters and no
 * shorter one can match a prefix of a longer one. Then greedy leftmost-first picks the same
 * match as leftmost-longest (e.g. `error|warning`, `foo|bar`, not `ab|abcd`).
 */
function deterministicAlt(alts: readonly Node[]): boolean {
  const seqs: CharSet[][] = [];
  for (const a of alts) {
    const q = fixedSeq(a);
    if (!q || q.length === 0) return false;
    seqs.push(q);
  }
  for (let i = 0; i < seqs.length; i++) {
    for (let j = 0; j < seqs.length; j++) {
      const a = seqs[i]!;
      const b = seqs[j]!;
      if (a.length >= b.length) continue;
      let compatible = true;
      for (let k = 0; k < a.length && compatible; k++) compatible = intersects(a[k]!, b[k]!);
      if (compatible) return false;
    }
  }
  return true;
}

/** The tree may match the empty string (conservative: assertions and back-references count as empty). */
function nullable(n: Node): boolean {
  switch (n.t) {
    case "set":
      return false;
    case "cat":
      return n.items.every(nullable);
    case "alt":
      return n.alts.some(nullable);
    case "rep":
      return n.min === 0 || nullable(n.node);
    case "group":
      return nullable(n.node);
    default:
      return true;
  }
}

/** The fixed string a tree always matches (single-member sets only), or null. */
function literalOf(n: Node): string | null {
  const items = n.t === "cat" ? n.items : [n];
  let s = "";
  for (const i of items) {
    if (i.t !== "set") return null;
    const c = i.set.single();
    if (c < 0) return null;
    s += String.fromCharCode(c);
  }
  return s === "" ? null : s;
}

/** Worst-case backtracking steps over `n` positions when no attempt can run past a line of `m`. */
function lineModeCost(factors: readonly number[], n: number, m: number): number {
  let c = n + 1;
  for (const f of factors) c *= f === INF ? m + 1 : Math.min(m + 1, f);
  return c;
}

/** The longest input whose worst-case backtracking cost stays within JS_BUDGET. */
function maxLength(factors: number[]): number {
  const cost = (L: number): number => {
    let c = L + 1;
    for (const f of factors) {
      c *= f === INF ? L + 1 : Math.min(L + 1, f);
      if (c > JS_BUDGET) return c;
    }
    return c;
  };
  if (cost(1 << 30) <= JS_BUDGET) return 1 << 30;
  let lo = 0;
  let hi = 1 << 30;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (cost(mid) <= JS_BUDGET) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Parses a pattern in the given flavor. */
export function parseRegex(source: string, options: RegexOptions): ParsedRegex {
  const p = parseBare(source, options);
  if (!options.wordMatch && !options.lineMatch && !options.lineMode) return p;
  const a = (kind: "bos" | "eos" | "nwbefore" | "nwafter"): Node => ({ t: "assert", kind, multiline: false });
  let node = p.node;
  if (options.wordMatch) node = cat([a("nwbefore"), node, a("nwafter")]);
  if (options.lineMatch) node = cat([a("bos"), node, a("eos")]);
  if (options.lineMode) node = toLineMode(node);
  return { ...p, node };
}

const NO_NEWLINE = new CharSetBuilder().add(10).build(true);

/** lineMode rewrite: sets lose `\n`; string anchors become line anchors. */
function toLineMode(n: Node): Node {
  switch (n.t) {
    case "set":
      return n.set.has(10) ? { t: "set", set: intersect(n.set, NO_NEWLINE) } : n;
    case "cat":
      return { t: "cat", items: n.items.map(toLineMode) };
    case "alt":
      return { t: "alt", alts: n.alts.map(toLineMode) };
    case "rep":
      return { ...n, node: toLineMode(n.node) };
    case "group":
      return { ...n, node: toLineMode(n.node) };
    case "look":
      return { ...n, node: toLineMode(n.node) };
    case "assert":
      switch (n.kind) {
        case "bol":
        case "bos":
          return { t: "assert", kind: "bol", multiline: true };
        case "eol":
        case "eos":
        case "eosnl":
          return { t: "assert", kind: "eol", multiline: true };
        default:
          return n;
      }
    default:
      return n;
  }
}

function intersect(a: CharSet, b: CharSet): CharSet {
  // a ∩ b = ¬(¬a ∪ ¬b)
  return new CharSetBuilder().addSet(a.negate()).addSet(b.negate()).build(true);
}

function parseBare(source: string, options: RegexOptions): ParsedRegex {
  if (options.flavor === "bre" || options.flavor === "ere") {
    return parsePosix(source, { extended: options.flavor === "ere", ignoreCase: !!options.ignoreCase, multiline: !!options.multiline });
  }
  return parsePerl(source, {
    flavor: options.flavor,
    ignoreCase: !!options.ignoreCase,
    multiline: !!options.multiline,
    dotAll: !!options.dotAll,
    extended: !!options.extended,
  });
}

const CACHE_MAX = 256;
const cache = new Map<string, RegexCore>();

/** Empties the compiled-regex cache. */
export function regexCacheClear(): void {
  cache.clear();
}

/**
 * Compiles `source` (cached: one bounded LRU of 256 patterns). Throws `RegexError` with GNU's
 * message on a bad pattern. `meter` bounds the search work (deadline, cancellation).
 */
export function compileRegex(source: string, options: RegexOptions, meter?: LimitsMeter): CompiledRegex {
  const key = `${options.flavor}\u0000${options.ignoreCase ? 1 : 0}${options.multiline ? 1 : 0}${options.dotAll ? 1 : 0}${options.extended ? 1 : 0}${options.wordMatch ? 1 : 0}${options.lineMatch ? 1 : 0}${options.lineMode ? 1 : 0}\u0000${source}`;
  let core = cache.get(key);
  if (core) {
    cache.delete(key);
    cache.set(key, core);
  } else {
    core = new RegexCore(parseRegex(source, options), options);
    cache.set(key, core);
    if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  }
  const c = core;
  return {
    groupCount: c.groupCount,
    groupNames: c.groupNames,
    literal: c.literal,
    canMatchEmpty: c.canMatchEmpty,
    exec: (input, from = 0, opts) => c.exec(input, from, opts?.notBol ?? false, meter, opts?.maxLineLength ?? -1),
    test: (input) => c.test(input, meter),
    searchStart: (input, from = 0, opts) => c.searchStart(input, from, opts?.notBol ?? false, meter, opts?.maxLineLength ?? -1),
    affordableLine: (n) => c.affordableLine(n),
  };
}

/** Escapes `literal` so it matches only itself as a `bre`/`ere`/`pcre`/`onig` pattern (grep -F, sed). */
export function escapeRegex(literal: string, flavor: RegexFlavor): string {
  switch (flavor) {
    case "bre":
      return literal.replace(/[\\.[*^$]/g, "\\$&");
    case "ere":
      return literal.replace(/[\\.[()*+?{|^$]/g, "\\$&");
    default:
      return literal.replace(/[\\.[\](){}*+?|^$]/g, "\\$&");
  }
}

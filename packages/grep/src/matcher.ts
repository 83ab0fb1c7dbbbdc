import type { LimitsMeter } from "@husk/host";
import { type CompiledRegex, type RegexFlavor, RegexError, compileRegex, escapeRegex } from "@husk/pattern";
import type { GrepOptions } from "./options.js";

/** Finds the selected text in one line. */
export interface LineMatcher {
  /** True when the line contains a match. */
  test(line: string): boolean;
  /** The leftmost(-longest across patterns) match at or after `from`, as [start, end], or null. */
  next(line: string, from: number): readonly [number, number] | null;
  /**
   * Buffer search (grep's fast path): the position of some match at or after `from` in a
   * buffer of "\n"-terminated lines, such that no line between `from` and that position
   * matches; -1 when no line matches. `maxLine` bounds the length of every line.
   */
  find?(buf: string, from: number, maxLine: number): number;
  /** `find` wants `maxLine` (regex matchers); fixed strings do not. */
  readonly needsMaxLine?: boolean;
  /**
   * With `needsMaxLine`: for a buffer of `n` code units, a line length L such that passing L as
   * `maxLine` when every line is at most L long searches as fast as passing the exact longest
   * line (see CompiledRegex.affordableLine); Infinity when `maxLine` makes no difference.
   */
  affordableLine?(n: number): number;
}

const FLAVOR: Record<string, RegexFlavor> = { G: "bre", E: "ere", P: "pcre", F: "ere" };

/**
 * Builds the matcher for grep's patterns (each already split on newlines): any pattern may
 * match; -o takes the leftmost match, the longest among patterns starting there. -F without
 * -i/-w/-x uses indexOf; everything else goes through @husk/pattern. Throws RegexError.
 */
export function buildMatcher(patterns: readonly string[], o: GrepOptions, meter?: LimitsMeter): LineMatcher {
  const mode = o.mode ?? "G";
  if (patterns.length === 0) return { test: () => false, next: () => null };
  if (mode === "F" && !o.ignoreCase && !o.wordRegexp && !o.lineRegexp) return fixedMatcher(patterns);
  if (mode === "P" && patterns.length > 1) {
    // GNU grep -P accepts one pattern only; a newline inside it is an error there too
    throw new RegexError("the -P option only supports a single pattern");
  }
  const flavor = FLAVOR[mode]!;
  const compile = (lineMode: boolean): CompiledRegex[] =>
    patterns.map((p) =>
      compileRegex(mode === "F" ? escapeRegex(p, "ere") : p, { flavor, ignoreCase: o.ignoreCase, wordMatch: o.wordRegexp, lineMatch: o.lineRegexp, lineMode }, meter),
    );
  const res = compile(false);
  // patterns that are plain strings (`grep FAIL`) search like -F: indexOf, no automaton
  if (res.every((re) => re.literal !== null)) return fixedMatcher(res.map((re) => re.literal!));
  let buffered: CompiledRegex[] | null = null;
  const find = (buf: string, from: number, maxLine: number): number => {
    buffered ??= compile(true);
    let best = -1;
    for (const re of buffered) {
      const k = re.searchStart(buf, from, { maxLineLength: maxLine });
      if (k >= 0 && (best < 0 || k < best)) best = k;
    }
    return best;
  };
  const affordableLine = (n: number): number => {
    buffered ??= compile(true);
    let l = Number.POSITIVE_INFINITY;
    for (const re of buffered) l = Math.min(l, re.affordableLine(n));
    return l;
  };
  if (res.length === 1) {
    const re = res[0]!;
    return {
      find,
      needsMaxLine: true,
      affordableLine,
      test: (line) => re.test(line),
      next: (line, from) => {
        const m = re.exec(line, from);
        return m ? [m.start, m.end] : null;
      },
    };
  }
  return {
    find,
    needsMaxLine: true,
    affordableLine,
    test: (line) => res.some((re) => re.test(line)),
    next: (line, from) => {
      let best: [number, number] | null = null;
      for (const re of res) {
        const m = re.exec(line, from);
        if (m && (best === null || m.start < best[0] || (m.start === best[0] && m.end > best[1]))) best = [m.start, m.end];
      }
      return best;
    },
  };
}

function fixedMatcher(patterns: readonly string[]): LineMatcher {
  if (patterns.includes("")) {
    // every position matches; -o wants the longest pattern that starts there
    const rest = patterns.filter((p) => p !== "");
    const next = (l: string, from: number): [number, number] => {
      let end = from;
      for (const p of rest) if (from + p.length > end && l.startsWith(p, from)) end = from + p.length;
      return [from, end];
    };
    return { test: () => true, next, find: (_b, from) => from };
  }
  if (patterns.length === 1) {
    const p = patterns[0]!;
    return {
      find: (buf, from) => buf.indexOf(p, from),
      test: (line) => line.includes(p),
      next: (line, from) => {
        const i = line.indexOf(p, from);
        return i < 0 ? null : [i, i + p.length];
      },
    };
  }
  return {
    find: (buf, from) => {
      let best = -1;
      for (const p of patterns) {
        const i = buf.indexOf(p, from);
        if (i >= 0 && (best < 0 || i < best)) best = i;
      }
      return best;
    },
    test: (line) => patterns.some((p) => line.includes(p)),
    next: (line, from) => {
      let best: [number, number] | null = null;
      for (const p of patterns) {
        const i = line.indexOf(p, from);
        if (i >= 0 && (best === null || i < best[0] || (i === best[0] && i + p.length > best[1]))) best = [i, i + p.length];
      }
      return best;
    },
  };
}

/**
 * GNU grep's (dfa's) warnings for an ERE: a `*`, `+`, `?` or `{n,m}` with nothing to repeat
 * (at the start, after `(` or `|`, or after a leading `^`) gives "X at start of expression",
 * once per occurrence. One linear pass; bracket expressions and escapes are skipped.
 */
export function ereWarnings(p: string): string[] {
  const out: string[] = [];
  let start = true;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === "\\") {
      i++;
      start = false;
    } else if (c === "[") {
      let k = i + 1;
      if (p[k] === "^") k++;
      if (p[k] === "]") k++;
      while (k < p.length && p[k] !== "]") k = p[k] === "[" && ":.=".includes(p[k + 1] ?? "") ? Math.max(p.indexOf(`${p[k + 1]}]`, k + 2) + 2, k + 1) : k + 1;
      i = k;
      start = false;
    } else if (c === "(" || c === "|") start = true;
    else if (c === "*" || c === "+" || c === "?") {
      if (start) out.push(`${c} at start of expression`);
    } else if (c === "{") {
      const m = /^\{(\d*)(,\d*)?\}/.exec(p.slice(i, i + 24));
      if (m && (m[1] !== "" || m[2] !== undefined)) {
        if (start) out.push("{...} at start of expression");
        i += m[0].length - 1;
      } else start = false;
    } else if (c !== "^") start = false;
  }
  return out;
}

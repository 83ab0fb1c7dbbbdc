import type { LimitsMeter } from "@husk/host";
import { type CompiledRegex, compileRegex } from "@husk/pattern";
import type { Program } from "./parse.js";
import type { ReplPart, Subst } from "./script.js";

/**
 * Where `substitute` runs: one pattern space (`null`), or a block of whole lines, each ended by
 * "\n", whose longest line has `maxLine` code units (the regex must then be compiled with
 * `lineMode`, and a non-global `s` replaces at most one match per line).
 */
export interface BlockInfo {
  readonly maxLine: number;
}

/**
 * Applies `s` with the regex `re` to `text`: returns the new text, or null when nothing was
 * replaced. GNU's rules: the Nth match onward (`nth`), all of them with `g`, and no empty match
 * right after the previous match.
 */
export function substitute(s: Subst, re: CompiledRegex, text: string, meter: LimitsMeter | undefined, block: BlockInfo | null): string | null {
  const lit = re.literal;
  if (lit !== null && s.repl.every((p) => p.k === "lit" || (p.k === "group" && p.n === 0))) {
    // fixed string: indexOf, no regex machinery
    let i = text.indexOf(lit);
    if (i < 0) return null;
    const rep = expand(s.repl, lit, 0, lit.length, []);
    if (s.global && s.nth <= 1) return text.replaceAll(lit, rep.replaceAll("$", "$$$$"));
    let out = "";
    let pos = 0;
    let count = 0;
    let did = false;
    while (i >= 0) {
      if (++count >= s.nth) {
        out += text.slice(pos, i) + rep;
        pos = i + lit.length;
        did = true;
        if (!s.global) {
          if (block === null) break;
          // next line (a block holds whole lines)
          const nl = text.indexOf("\n", pos);
          if (nl < 0) break;
          i = text.indexOf(lit, nl + 1);
          continue;
        }
      }
      i = text.indexOf(lit, i + lit.length);
    }
    return did ? out + text.slice(pos) : null;
  }
  const opts = block === null ? undefined : { maxLineLength: block.maxLine };
  let out = "";
  let pos = 0;
  let from = 0;
  let prevEnd = -1;
  let count = 0;
  let did = false;
  while (from <= text.length) {
    const m = re.exec(text, from, opts);
    if (!m) break;
    if (m.start === m.end && m.start === prevEnd) {
      // no empty match right after the previous match
      from = m.start + 1;
      continue;
    }
    count++;
    if (count >= s.nth) {
      out += text.slice(pos, m.start) + expand(s.repl, text, m.start, m.end, m.groups);
      pos = m.end;
      did = true;
      if (!s.global) {
        if (block === null) break;
        const nl = text.indexOf("\n", pos);
        if (nl < 0) break;
        from = nl + 1;
        prevEnd = -1;
        count = 0;
        continue;
      }
    }
    prevEnd = m.end;
    from = m.end > m.start ? m.end : m.start + 1;
    if (meter) meter.tick();
  }
  return did ? out + text.slice(pos) : null;
}

/** Expands a replacement for one match (`&`, groups, case conversion). */
export function expand(
  parts: readonly ReplPart[],
  ps: string,
  start: number,
  end: number,
  groups: ReadonlyArray<readonly [number, number] | undefined>,
): string {
  if (parts.length === 1 && parts[0]!.k === "lit") return parts[0]!.s;
  let out = "";
  let mode: "U" | "L" | null = null;
  let one: "u" | "l" | null = null;
  const add = (t: string): void => {
    if (t === "") return;
    if (mode === null && one === null) {
      out += t;
      return;
    }
    let first = "";
    let rest = t;
    if (one !== null) {
      first = one === "u" ? t[0]!.toUpperCase() : t[0]!.toLowerCase();
      rest = t.slice(1);
      one = null;
    }
    out += first + (mode === "U" ? rest.toUpperCase() : mode === "L" ? rest.toLowerCase() : rest);
  };
  for (const p of parts) {
    if (p.k === "lit") add(p.s);
    else if (p.k === "group") {
      if (p.n === 0) add(ps.slice(start, end));
      else {
        const g = groups[p.n - 1];
        if (g) add(ps.slice(g[0], g[1]));
      }
    } else if (p.c === "u" || p.c === "l") one = p.c;
    else if (p.c === "E") {
      mode = null;
      one = null;
    } else mode = p.c;
  }
  return out;
}

/** One step of a block plan: an `s` command and its regex compiled for buffers of lines. */
export interface BlockStep {
  readonly subst: Subst;
  readonly re: CompiledRegex;
}

/**
 * The block fast path for the commonest scripts (`sed 's/a/b/g'`, `sed -e 's/^x//' -e 's/y$//'`):
 * when the program is only unaddressed `s` commands that cannot join, split or see across lines
 * (no empty matches, no newline in a replacement, no `p`/`w` flags, first or every match), then
 * running each `s` over a whole buffer of lines gives what running them line by line gives.
 * Returns the steps, or null when the program needs the line-by-line executor.
 */
export function blockPlan(p: Program, quiet: boolean, sep: string, meter: LimitsMeter | undefined): BlockStep[] | null {
  if (quiet || sep !== "\n" || p.commands.length === 0) return null;
  const steps: BlockStep[] = [];
  for (const c of p.commands) {
    const s = c.subst;
    if (c.name !== "s" || c.a1 !== null || c.negate || s === null) return null;
    if (s.nth !== 1 || s.print !== 0 || s.wfile !== null || s.re.source === undefined || s.re.options === undefined) return null;
    if (s.repl.some((r) => r.k === "lit" && r.s.includes("\n"))) return null;
    if (s.re.re === null || s.re.re.canMatchEmpty) return null;
    steps.push({ subst: s, re: compileRegex(s.re.source, { ...s.re.options, lineMode: true }, meter) });
  }
  return steps;
}

/** Runs a block plan over `text` (whole lines, each ended by "\n", the longest `maxLine` long). */
export function runBlock(steps: readonly BlockStep[], text: string, maxLine: number, meter: LimitsMeter | undefined): string {
  const info: BlockInfo = { maxLine };
  for (const st of steps) {
    const r = substitute(st.subst, st.re, text, meter, info);
    if (r !== null) text = r;
  }
  // flatten the rope of pieces now, while they are young (V8 flattens on charCodeAt)
  text.charCodeAt(text.length >> 1);
  return text;
}

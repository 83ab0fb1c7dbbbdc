/**
 * Regex builtins (`test match capture scan split/2 splits sub gsub`) over @husk/pattern's
 * Oniguruma flavor, which bounds the work. Offsets are reported in code points, as jq does.
 */
import type { CompiledRegex } from "@husk/pattern";
import { RegexError, compileRegex } from "@husk/pattern";
import type { LimitsMeter } from "@husk/host";
import { SLOT, charge, tick } from "../budget.js";
import { add, describe } from "../ops.js";
import type { Filter, Frame, Native, Path } from "../runtime.js";
import { BAD_PATH } from "../runtime.js";
import type { JqObject, Val } from "../value.js";
import { JqError, JqMap } from "../value.js";
import { gen } from "./define.js";

interface Flags {
  global: boolean;
  ignoreCase: boolean;
  extended: boolean;
  dotAll: boolean;
  noEmpty: boolean;
}

function parseFlags(f: Val): Flags {
  const fl: Flags = { global: false, ignoreCase: false, extended: false, dotAll: false, noEmpty: false };
  if (f === null) return fl;
  if (typeof f !== "string") throw new JqError(`${describe(f)} is not a string`);
  for (const c of f) {
    switch (c) {
      case "g": fl.global = true; break;
      case "i": fl.ignoreCase = true; break;
      case "x": fl.extended = true; break;
      case "s": fl.dotAll = true; break;
      case "n": fl.noEmpty = true; break;
      case "p": fl.dotAll = true; break;
      case "l": break;
      default:
        throw new JqError(`${f} is not a valid modifier string`);
    }
  }
  return fl;
}

function compile(re: Val, fl: Flags, meter: LimitsMeter | undefined): { rx: CompiledRegex; names: (string | null)[] } {
  if (typeof re !== "string") throw new JqError(`${describe(re)} cannot be matched, as it is not a string`);
  let rx: CompiledRegex;
  try {
    rx = compileRegex(re, { flavor: "onig", ignoreCase: fl.ignoreCase, extended: fl.extended, dotAll: fl.dotAll }, meter);
  } catch (e) {
    if (e instanceof RegexError) throw new JqError(`${re} (at offset 0) is not a valid regex: ${e.message}`);
    throw e;
  }
  const names: (string | null)[] = new Array(rx.groupCount).fill(null);
  for (const [n, i] of rx.groupNames) names[i - 1] = n;
  return { rx, names };
}

/** Maps UTF-16 offsets to code point offsets lazily. */
class CpIndex {
  readonly #s: string;
  readonly #ascii: boolean;
  constructor(s: string) {
    this.#s = s;
    this.#ascii = isBmp(s);
  }
  at(u: number): number {
    if (this.#ascii) return u;
    let n = 0;
    for (let i = 0; i < u; i++) {
      const c = this.#s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < u) i++;
      n++;
    }
    return n;
  }
}

/** What one match object costs the data budget: its entries and its object (TM-DOS-009). */
const MATCH_BYTES = 6 * SLOT;

/** True when `s` has no surrogate (its UTF-16 offsets are code point offsets). */
function isBmp(s: string): boolean {
  return !/[\ud800-\udfff]/.test(s);
}

/** All matches of `re` in `s` as jq match objects. */
function matches(s: string, re: Val, flags: Val, testOnly: boolean, meter: LimitsMeter | undefined): JqObject[] | boolean {
  const fl = parseFlags(flags);
  const { rx, names } = compile(re, fl, meter);
  if (testOnly && !fl.noEmpty) return rx.exec(s, 0) !== null;
  const cp = new CpIndex(s);
  const out: JqObject[] = [];
  let from = 0;
  while (from <= s.length) {
    meter?.tick();
    const m = rx.exec(s, from);
    if (!m) break;
    if (!(fl.noEmpty && m.end === m.start)) {
      if (testOnly) return [new JqMap()];
      // a match object (4 entries) and one (4 entries) per capture, built for every match
      charge(MATCH_BYTES * (1 + m.groups.length));
      const captures: Val[] = m.groups.map((g, k) => {
        const name = names[k] ?? null;
        if (!g) return new JqMap([["offset", -1], ["string", null], ["length", 0], ["name", name]]);
        const o = cp.at(g[0]);
        return new JqMap([["offset", o], ["length", cp.at(g[1]) - o], ["string", s.slice(g[0], g[1])], ["name", name]]);
      });
      const off = cp.at(m.start);
      out.push(
        new JqMap([["offset", off], ["length", cp.at(m.end) - off], ["string", s.slice(m.start, m.end)], ["captures", captures]]),
      );
    }
    if (!fl.global) break;
    if (m.end === m.start) {
      const c = s.charCodeAt(m.end);
      from = m.end + (c >= 0xd800 && c <= 0xdbff ? 2 : 1);
    } else from = m.end;
  }
  return out;
}

/**
 * Slices `s` by code point offsets. The code points are spread into an array (8 bytes each,
 * charged) only when `s` has a surrogate: for other strings the offsets are UTF-16 offsets.
 */
function slicer(s: string): (a: number, b?: number) => string {
  if (isBmp(s)) return (a, b) => s.slice(a, b);
  charge(SLOT * s.length);
  const cps = [...s];
  return (a, b) => cps.slice(a, b).join("");
}

function needString(v: Val): string {
  if (typeof v !== "string") throw new JqError(`${describe(v)} cannot be matched, as it is not a string`);
  return v;
}

/** Evaluates regex and flags arguments (flags outermost, as jq's `$flags` binding). */
function withReFlags(i: Val, f: Frame, re: Filter, flags: Filter | undefined, k: (re: Val, flags: Val) => boolean): boolean {
  if (!flags) return re(i, null, f, (r) => k(r, null));
  return re(i, null, f, (r) => flags(i, null, f, (fl) => k(r, fl)));
}

function splitRe(re: Val): [Val, Val] {
  if (typeof re === "string") return [re, null];
  if (Array.isArray(re) && re.length > 0) return [re[0]!, re.length > 1 ? re[1]! : null];
  throw new JqError(`${describe(re)} cannot be matched, as it is not a string`);
}

function captureObject(m: JqObject): JqObject {
  const o: JqObject = new JqMap();
  for (const c of m.get("captures") as JqObject[]) {
    const n = c.get("name");
    if (typeof n === "string") o.set(n, c.get("string")!);
  }
  return o;
}

function emitV(v: Val, p: Path, e: (v: Val, p: Path) => boolean): boolean {
  return e(v, p === null ? null : BAD_PATH);
}

const matchN = (arity: number, mode: "match" | "test" | "capture" | "scan"): Native =>
  gen(mode, arity, (i, p, f, e, args) =>
    withReFlags(i, f, args[0]!, args[1], (re0, fl0) => {
      let [re, fl] = arity === 1 ? splitRe(re0) : [re0, fl0];
      const s = needString(i);
      const meter = f.rt.meter;
      if (mode === "test") {
        const r = matches(s, re, fl, true, meter);
        return emitV(typeof r === "boolean" ? r : r.length > 0, p, e);
      }
      if (mode === "scan") fl = `g${fl ?? ""}`;
      const ms = matches(s, re, fl, false, meter) as JqObject[];
      for (const m of ms) {
        let v: Val = m;
        if (mode === "capture") v = captureObject(m);
        else if (mode === "scan") {
          const caps = m.get("captures") as JqObject[];
          v = caps.length > 0 ? caps.map((c) => c.get("string")!) : m.get("string")!;
        }
        if (emitV(v, p, e)) return true;
      }
      return false;
    }),
  );

function splitBy(s: string, re: Val, flags: Val, meter: LimitsMeter | undefined): string[] {
  const ms = matches(s, re, `g${typeof flags === "string" ? flags : ""}`, false, meter) as JqObject[];
  const sl = slicer(s);
  charge(SLOT * (ms.length + 1));
  const out: string[] = [];
  let prev = 0;
  for (const m of ms) {
    const o = m.get("offset") as number;
    out.push(sl(prev, o));
    prev = o + (m.get("length") as number);
  }
  out.push(sl(prev));
  return out;
}

function subImpl(i: Val, p: Path, f: Frame, e: (v: Val, p: Path) => boolean, re: Val, repl: Filter, flags: Val): boolean {
  const s = needString(i);
  const ms = matches(s, re, flags, false, f.rt.meter) as JqObject[];
  const sl = slicer(s);
  // jq: .result[$ix] += $gap + $inserts[$ix] for each match; then .result[] + rest, // $in.
  if (ms.length === 0) return emitV(s, p, e);
  const results: Val[] = [];
  let prev = 0;
  for (const m of ms) {
    tick();
    const o = m.get("offset") as number;
    const gap = sl(prev, o);
    let ix = 0;
    repl(captureObject(m), null, f, (v) => {
      const cur = ix < results.length ? results[ix]! : null;
      results[ix++] = add(cur, add(gap, v));
      return false;
    });
    prev = o + (m.get("length") as number);
  }
  const tail = sl(prev);
  let any = false;
  for (const r of results) {
    const out = add(r ?? null, tail);
    if (out === null || out === false) continue;
    any = true;
    if (emitV(out, p, e)) return true;
  }
  return any ? false : emitV(s, p, e);
}

/** Regex natives. */
export const REGEX: Native[] = [
  matchN(1, "match"), matchN(2, "match"),
  matchN(1, "test"), matchN(2, "test"),
  matchN(1, "capture"), matchN(2, "capture"),
  matchN(1, "scan"), matchN(2, "scan"),
  gen("split", 2, (i, p, f, e, [re, fl]) =>
    withReFlags(i, f, re!, fl, (r, flags) => emitV(splitBy(needString(i), r, flags, f.rt.meter), p, e)),
  ),
  gen("splits", 1, (i, p, f, e, [re]) =>
    re!(i, null, f, (r) => {
      for (const x of splitBy(needString(i), r, null, f.rt.meter)) if (emitV(x, p, e)) return true;
      return false;
    }),
  ),
  gen("splits", 2, (i, p, f, e, [re, fl]) =>
    withReFlags(i, f, re!, fl, (r, flags) => {
      for (const x of splitBy(needString(i), r, flags, f.rt.meter)) if (emitV(x, p, e)) return true;
      return false;
    }),
  ),
  gen("sub", 2, (i, p, f, e, [re, repl]) => re!(i, null, f, (r) => subImpl(i, p, f, e, r, repl!, null))),
  gen("sub", 3, (i, p, f, e, [re, repl, fl]) => withReFlags(i, f, re!, fl, (r, flags) => subImpl(i, p, f, e, r, repl!, flags))),
  gen("gsub", 2, (i, p, f, e, [re, repl]) => re!(i, null, f, (r) => subImpl(i, p, f, e, r, repl!, "g"))),
  gen("gsub", 3, (i, p, f, e, [re, repl, fl]) =>
    withReFlags(i, f, re!, fl, (r, flags) => subImpl(i, p, f, e, r, repl!, `g${typeof flags === "string" ? flags : ""}`)),
  ),
];

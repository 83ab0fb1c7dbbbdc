import type { LimitsMeter } from "@husk/host";
import { otherCase } from "./charset.js";
import { RegexError } from "./errors.js";
import { Op, type Program } from "./program.js";
import { type SearchContext, assertAt, CHECK_EVERY } from "./vm-common.js";

/** Steps a backtracking search may take when no meter bounds it by the run's deadline. */
export const DEFAULT_BACKTRACK_STEPS = 10_000_000;

/**
 * A backtracking matcher over the same program, for what an automaton cannot do
 * (back-references, lookaround). Exponential in the worst case, so every step is counted: the
 * meter's deadline (or `DEFAULT_BACKTRACK_STEPS` without a meter) ends it with an error
 * rather than stalling the thread. `longest` explores every path and keeps the longest match
 * at the leftmost start (POSIX); otherwise the first match in priority order (Perl).
 */
export class Backtracker {
  readonly #p: Program;
  readonly #meter: LimitsMeter | undefined;
  #ctx!: SearchContext;
  #regs!: Int32Array; // caps then empty-loop registers
  #undo: number[] = [];
  #steps = 0;
  #budget = DEFAULT_BACKTRACK_STEPS;

  constructor(p: Program, meter: LimitsMeter | undefined) {
    this.#p = p;
    this.#meter = meter;
  }

  /** Leftmost match at or after `from`: the capture slots, or null. */
  search(ctx: SearchContext, from: number, longest: boolean, anchored: boolean): Int32Array | null {
    this.#ctx = ctx;
    this.#steps = 0;
    this.#budget = DEFAULT_BACKTRACK_STEPS;
    const len = ctx.input.length;
    for (let start = from; start <= len; start++) {
      this.#regs = new Int32Array(this.#p.nslots + this.#p.nregs).fill(-1);
      this.#undo.length = 0;
      const r = this.#run(0, start, -1, longest);
      if (r) return r;
      if (anchored) break;
    }
    return null;
  }

  #tick(): void {
    if (++this.#steps % CHECK_EVERY === 0) {
      if (this.#meter) this.#meter.checkDeadline();
      else if (this.#steps > this.#budget) throw new RegexError("regular expression too complex (backtracking limit reached)");
    }
  }

  #set(slot: number, v: number): void {
    this.#undo.push(slot, this.#regs[slot]!);
    this.#regs[slot] = v;
  }

  #rollback(to: number): void {
    const u = this.#undo;
    while (u.length > to) {
      const v = u.pop()!;
      const slot = u.pop()!;
      this.#regs[slot] = v;
    }
  }

  /**
   * Runs from (pc, pos). `lookEnd` >= 0: a lookbehind body that must end there. Returns a
   * copy of the capture slots of the (first or longest) match, or null.
   */
  #run(pc0: number, pos0: number, lookEnd: number, longest: boolean): Int32Array | null {
    const { op, a, b, sets } = this.#p;
    const input = this.#ctx.input;
    const len = input.length;
    const stack: number[] = [pc0, pos0, this.#undo.length];
    let best: Int32Array | null = null;
    while (stack.length > 0) {
      const mark = stack.pop()!;
      let pos = stack.pop()!;
      let pc = stack.pop()!;
      this.#rollback(mark);
      for (;;) {
        this.#tick();
        const o = op[pc];
        if (o === Op.Char) {
          if (pos < len && input.charCodeAt(pos) === a[pc]) {
            pos++;
            pc++;
            continue;
          }
          break;
        }
        if (o === Op.Set) {
          if (pos < len && sets[a[pc]!]!.has(input.charCodeAt(pos))) {
            pos++;
            pc++;
            continue;
          }
          break;
        }
        if (o === Op.Split) {
          stack.push(b[pc]!, pos, this.#undo.length);
          pc = a[pc]!;
          continue;
        }
        if (o === Op.Jmp) {
          pc = a[pc]!;
          continue;
        }
        if (o === Op.Save) {
          this.#set(a[pc]!, pos);
          pc++;
          continue;
        }
        if (o === Op.Mark) {
          this.#set(this.#p.nslots + a[pc]!, pos);
          pc++;
          continue;
        }
        if (o === Op.Check) {
          if (this.#regs[this.#p.nslots + a[pc]!] === pos) break;
          pc++;
          continue;
        }
        if (o === Op.Assert) {
          if (!assertAt(a[pc]!, b[pc] === 1, this.#ctx, pos)) break;
          pc++;
          continue;
        }
        if (o === Op.Backref) {
          const s = this.#regs[a[pc]! * 2]!;
          const e = this.#regs[a[pc]! * 2 + 1]!;
          if (s < 0 || e < 0) break;
          const n = e - s;
          if (pos + n > len) break;
          let ok = true;
          for (let k = 0; k < n; k++) {
            const x = input.charCodeAt(s + k);
            const y = input.charCodeAt(pos + k);
            if (x !== y && !(b[pc] === 1 && otherCase(x) === y)) {
              ok = false;
              break;
            }
          }
          if (!ok) break;
          pos += n;
          pc++;
          continue;
        }
        if (o === Op.Look) {
          const ahead = (b[pc]! & 1) === 1;
          const neg = (b[pc]! & 2) === 2;
          const saved = this.#undo.length;
          let found = false;
          if (ahead) found = this.#run(a[pc]!, pos, -1, false) !== null;
          else {
            for (let k = pos; k >= 0 && !found; k--) found = this.#run(a[pc]!, k, pos, false) !== null;
          }
          if (neg) this.#rollback(saved);
          if (found === neg) break;
          pc++;
          continue;
        }
        if (o === Op.LookEnd) {
          if (pos !== lookEnd) break;
          return this.#regs.slice(0, this.#p.nslots);
        }
        // Match
        if (lookEnd >= 0 || pc0 !== 0) return this.#regs.slice(0, this.#p.nslots);
        if (!longest) return this.#regs.slice(0, this.#p.nslots);
        if (best === null || pos > best[1]!) best = this.#regs.slice(0, this.#p.nslots);
        if (pos === len) return best;
        break;
      }
    }
    return best;
  }
}

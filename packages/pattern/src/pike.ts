import type { LimitsMeter } from "@husk/host";
import { Op, type Program } from "./program.js";
import { type SearchContext, assertAt, CHECK_EVERY } from "./vm-common.js";

/**
 * A Pike VM: simulates the NFA on all threads at once, so time is O(program × input) whatever
 * the pattern. `longest` gives POSIX leftmost-longest (among matches at the leftmost start,
 * the longest; captures from the highest-priority thread reaching that length); otherwise
 * leftmost-first with backtracking priorities (Perl). With `captures` false only the bounds
 * are tracked (no allocation per step). Returns the capture slots (at least [start, end]) or
 * null.
 */
export function pikeSearch(
  prog: Program,
  ctx: SearchContext,
  from: number,
  longest: boolean,
  anchored: boolean,
  meter: LimitsMeter | undefined,
  captures = true,
): Int32Array | null {
  const n = prog.op.length;
  const { op, a, b, sets } = prog;
  const input = ctx.input;
  const len = input.length;
  let cpcs = new Int32Array(n);
  let cstart = new Int32Array(n);
  let ccaps: (Int32Array | null)[] = captures ? new Array(n) : [];
  let ccount = 0;
  let npcs = new Int32Array(n);
  let nstart = new Int32Array(n);
  let ncaps: (Int32Array | null)[] = captures ? new Array(n) : [];
  let ncount = 0;
  const mark = new Int32Array(n).fill(-1);
  let gen = 0;
  const stackPc = new Int32Array(n * 2 + 4);
  const stackCaps: (Int32Array | null)[] = captures ? new Array(n * 2 + 4) : [];
  let bestStart = -1;
  let bestEnd = -1;
  let bestCaps: Int32Array | null = null;
  let steps = 0;

  // adds the epsilon closure of pc to the next list at position pos
  const add = (pc0: number, start: number, caps0: Int32Array | null, pos: number): void => {
    let sp = 0;
    stackPc[sp] = pc0;
    if (captures) stackCaps[sp] = caps0;
    sp++;
    while (sp > 0) {
      sp--;
      const pc = stackPc[sp]!;
      let caps = captures ? stackCaps[sp]! : null;
      if (mark[pc] === gen) continue;
      mark[pc] = gen;
      switch (op[pc]) {
        case Op.Jmp:
          stackPc[sp] = a[pc]!;
          if (captures) stackCaps[sp] = caps;
          sp++;
          break;
        case Op.Split:
          stackPc[sp] = b[pc]!;
          if (captures) stackCaps[sp] = caps;
          sp++;
          stackPc[sp] = a[pc]!;
          if (captures) stackCaps[sp] = caps;
          sp++;
          break;
        case Op.Save:
          if (captures) {
            caps = caps!.slice();
            caps[a[pc]!] = pos;
            stackCaps[sp] = caps;
          }
          stackPc[sp++] = pc + 1;
          break;
        case Op.Assert:
          if (assertAt(a[pc]!, b[pc] === 1, ctx, pos)) {
            stackPc[sp] = pc + 1;
            if (captures) stackCaps[sp] = caps;
            sp++;
          }
          break;
        case Op.Mark:
        case Op.Check:
          stackPc[sp] = pc + 1;
          if (captures) stackCaps[sp] = caps;
          sp++;
          break;
        default:
          npcs[ncount] = pc;
          nstart[ncount] = start;
          if (captures) ncaps[ncount] = caps;
          ncount++;
      }
    }
  };

  const empty = captures ? new Int32Array(prog.nslots).fill(-1) : null;
  let pos = from;
  gen++;
  add(0, pos, empty, pos);
  for (;;) {
    let t = cpcs;
    cpcs = npcs;
    npcs = t;
    t = cstart;
    cstart = nstart;
    nstart = t;
    const tc = ccaps;
    ccaps = ncaps;
    ncaps = tc;
    ccount = ncount;
    ncount = 0;
    if (ccount === 0) {
      if (bestStart >= 0 || anchored) break;
      // no live thread: skip ahead to the next position where the first instruction can match
    }
    gen++;
    const c = pos < len ? input.charCodeAt(pos) : -1;
    for (let i = 0; i < ccount; i++) {
      const pc = cpcs[i]!;
      switch (op[pc]) {
        case Op.Match: {
          const st = cstart[i]!;
          if (longest) {
            if (bestStart < 0 || st < bestStart || (st === bestStart && pos > bestEnd)) {
              bestStart = st;
              bestEnd = pos;
              bestCaps = captures ? ccaps[i]! : null;
            }
            // drop the threads that started later than this match
            let w = i + 1;
            for (let k = i + 1; k < ccount; k++) {
              if (cstart[k]! <= st) {
                cpcs[w] = cpcs[k]!;
                cstart[w] = cstart[k]!;
                if (captures) ccaps[w] = ccaps[k]!;
                w++;
              }
            }
            ccount = w;
          } else {
            bestStart = st;
            bestEnd = pos;
            bestCaps = captures ? ccaps[i]! : null;
            ccount = i + 1; // cut the lower-priority threads
          }
          break;
        }
        case Op.Char:
          if (c === a[pc]) add(pc + 1, cstart[i]!, captures ? ccaps[i]! : null, pos + 1);
          break;
        case Op.Set:
          if (c >= 0 && sets[a[pc]!]!.has(c)) add(pc + 1, cstart[i]!, captures ? ccaps[i]! : null, pos + 1);
          break;
        default:
          break;
      }
    }
    if (pos >= len) break;
    pos++;
    // a new thread at the new position, lowest priority, while no match is fixed
    if (!anchored && bestStart < 0) add(0, pos, empty, pos);
    if (meter && (steps += ccount + 1) > CHECK_EVERY) {
      steps = 0;
      meter.checkDeadline();
    }
  }
  if (bestStart < 0) return null;
  if (bestCaps) return bestCaps;
  const r = new Int32Array(2);
  r[0] = bestStart;
  r[1] = bestEnd;
  return r;
}

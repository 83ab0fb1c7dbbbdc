import { Op, type Program } from "./program.js";
import { type SearchContext, assertAt, CHECK_EVERY } from "./vm-common.js";
import type { LimitsMeter } from "@husk/host";

/**
 * A Pike VM: simulates the NFA on all threads at once, so time is O(program × input) whatever
 * the pattern. `longest` gives POSIX leftmost-longest (among matches at the leftmost start,
 * the longest; captures from the highest-priority thread reaching that length); otherwise
 * leftmost-first with backtracking priorities (Perl). Returns the capture slots or null.
 */
export function pikeSearch(
  prog: Program,
  ctx: SearchContext,
  from: number,
  longest: boolean,
  anchored: boolean,
  meter: LimitsMeter | undefined,
): Int32Array | null {
  const n = prog.op.length;
  const { op, a, b, sets } = prog;
  const input = ctx.input;
  const len = input.length;
  const nslots = prog.nslots;
  let cpcs = new Int32Array(n);
  let ccaps: Int32Array[] = new Array(n);
  let ccount = 0;
  let npcs = new Int32Array(n);
  let ncaps: Int32Array[] = new Array(n);
  let ncount = 0;
  const mark = new Int32Array(n).fill(-1);
  let gen = 0;
  const stackPc = new Int32Array(n * 2 + 4);
  const stackCaps: Int32Array[] = new Array(n * 2 + 4);
  let best: Int32Array | null = null;
  let steps = 0;

  // adds the epsilon closure of pc (with caps) to the next list at position pos
  const add = (pc0: number, caps0: Int32Array, pos: number): void => {
    let sp = 0;
    stackPc[sp] = pc0;
    stackCaps[sp++] = caps0;
    while (sp > 0) {
      const pc = stackPc[--sp]!;
      let caps = stackCaps[sp]!;
      if (mark[pc] === gen) continue;
      mark[pc] = gen;
      switch (op[pc]) {
        case Op.Jmp:
          stackPc[sp] = a[pc]!;
          stackCaps[sp++] = caps;
          break;
        case Op.Split:
          stackPc[sp] = b[pc]!;
          stackCaps[sp++] = caps;
          stackPc[sp] = a[pc]!;
          stackCaps[sp++] = caps;
          break;
        case Op.Save:
          caps = caps.slice();
          caps[a[pc]!] = pos;
          stackPc[sp] = pc + 1;
          stackCaps[sp++] = caps;
          break;
        case Op.Assert:
          if (assertAt(a[pc]!, b[pc] === 1, ctx, pos)) {
            stackPc[sp] = pc + 1;
            stackCaps[sp++] = caps;
          }
          break;
        case Op.Mark:
        case Op.Check:
          stackPc[sp] = pc + 1;
          stackCaps[sp++] = caps;
          break;
        default:
          npcs[ncount] = pc;
          ncaps[ncount++] = caps;
      }
    }
  };

  const empty = new Int32Array(nslots).fill(-1);
  let pos = from;
  gen++;
  add(0, empty, pos);
  for (;;) {
    const t = cpcs;
    cpcs = npcs;
    npcs = t;
    const tc = ccaps;
    ccaps = ncaps;
    ncaps = tc;
    ccount = ncount;
    ncount = 0;
    if (ccount === 0 && (best !== null || anchored)) break;
    gen++;
    const c = pos < len ? input.charCodeAt(pos) : -1;
    for (let i = 0; i < ccount; i++) {
      const pc = cpcs[i]!;
      const caps = ccaps[i]!;
      switch (op[pc]) {
        case Op.Match:
          if (longest) {
            if (best === null || caps[0]! < best[0]! || (caps[0] === best[0] && caps[1]! > best[1]!)) best = caps;
            // drop the threads that started later than this match
            let w = i + 1;
            for (let k = i + 1; k < ccount; k++) {
              if (ccaps[k]![0]! <= caps[0]!) {
                cpcs[w] = cpcs[k]!;
                ccaps[w++] = ccaps[k]!;
              }
            }
            ccount = w;
          } else {
            best = caps;
            ccount = i + 1; // cut the lower-priority threads
          }
          break;
        case Op.Char:
          if (c === a[pc]) add(pc + 1, caps, pos + 1);
          break;
        case Op.Set:
          if (c >= 0 && sets[a[pc]!]!.has(c)) add(pc + 1, caps, pos + 1);
          break;
        default:
          break;
      }
    }
    if (pos >= len) break;
    pos++;
    // a new thread at the new position, lowest priority, while no match is fixed
    if (!anchored && best === null) add(0, empty, pos);
    if (meter && (steps += ccount + 1) > CHECK_EVERY) {
      steps = 0;
      meter.checkDeadline();
    }
  }
  return best;
}

import { type AssertKind, INF, type Node } from "./ast.js";
import type { CharSet } from "./charset.js";
import { RegexError } from "./errors.js";

/** Instruction opcodes of the compiled NFA program (shared by the Pike VM and the backtracker). */
export const enum Op {
  /** Match one code unit in sets[a]. */
  Set = 0,
  /** Match the code unit a. */
  Char = 1,
  /** Fork: try a first, then b. */
  Split = 2,
  Jmp = 3,
  /** caps[a] = position. */
  Save = 4,
  /** Zero-width assertion of kind a (b = 1 when multiline). */
  Assert = 5,
  Match = 6,
  /** Back-reference to group a (b = 1 ignoring case). Backtracker only. */
  Backref = 7,
  /** Lookaround: body starts at a, flags b (1 = ahead, 2 = negative); continue at next. Backtracker only. */
  Look = 8,
  /** Remember the position in register a (empty-loop guard). */
  Mark = 9,
  /** Fail when the position equals register a (the loop body matched empty). */
  Check = 10,
  /** Lookbehind body end: succeed only at the position the lookbehind started from. */
  LookEnd = 11,
}

/** Assertion kinds as numbers (for the instruction's `a`). */
export const ASSERT_CODES: Record<AssertKind, number> = { bol: 0, eol: 1, bos: 2, eos: 3, eosnl: 4, wordb: 5, nwordb: 6, wstart: 7, wend: 8, nwbefore: 9, nwafter: 10, uwordb: 11, unwordb: 12 };

/** A compiled program: parallel instruction arrays plus the sets they reference. */
export interface Program {
  readonly op: Uint8Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly sets: readonly CharSet[];
  /** Capture slots (2 per group, group 0 included). */
  readonly nslots: number;
  /** Empty-loop registers used by Mark/Check. */
  readonly nregs: number;
  /** Needs the backtracker (back-references or lookaround). */
  readonly needsBacktrack: boolean;
}

/** The most instructions a program may have ("Regular expression too big" past it). */
export const MAX_PROGRAM = 250_000;

/** Compiles a tree (group 0 wrapped around it) into a program. */
export function compileProgram(root: Node, groupCount: number): Program {
  const op: number[] = [];
  const a: number[] = [];
  const b: number[] = [];
  const sets: CharSet[] = [];
  let nregs = 0;
  let needsBacktrack = false;
  const emit = (o: Op, x = 0, y = 0): number => {
    if (op.length >= MAX_PROGRAM) throw new RegexError("Regular expression too big");
    op.push(o);
    a.push(x);
    b.push(y);
    return op.length - 1;
  };
  const canBeEmpty = (n: Node): boolean => {
    switch (n.t) {
      case "set":
        return false;
      case "backref":
        return true;
      case "cat":
        return n.items.every(canBeEmpty);
      case "alt":
        return n.alts.some(canBeEmpty);
      case "rep":
        return n.min === 0 || canBeEmpty(n.node);
      case "group":
        return canBeEmpty(n.node);
      default:
        return true;
    }
  };
  const star = (n: Node, greedy: boolean): void => {
    const guard = canBeEmpty(n);
    const reg = guard ? nregs++ : -1;
    const split = emit(Op.Split);
    const body = op.length;
    if (guard) emit(Op.Mark, reg);
    gen(n);
    if (guard) emit(Op.Check, reg);
    emit(Op.Jmp, split);
    const end = op.length;
    a[split] = greedy ? body : end;
    b[split] = greedy ? end : body;
  };
  const gen = (n: Node): void => {
    switch (n.t) {
      case "empty":
        return;
      case "set": {
        const single = n.set.single();
        if (single >= 0) emit(Op.Char, single);
        else {
          sets.push(n.set);
          emit(Op.Set, sets.length - 1);
        }
        return;
      }
      case "cat":
        for (const i of n.items) gen(i);
        return;
      case "alt": {
        const jumps: number[] = [];
        for (let k = 0; k < n.alts.length; k++) {
          if (k < n.alts.length - 1) {
            const split = emit(Op.Split);
            a[split] = op.length;
            gen(n.alts[k]!);
            jumps.push(emit(Op.Jmp));
            b[split] = op.length;
          } else gen(n.alts[k]!);
        }
        for (const j of jumps) a[j] = op.length;
        return;
      }
      case "rep": {
        for (let k = 0; k < n.min; k++) gen(n.node);
        if (n.max === INF) {
          star(n.node, n.greedy);
          return;
        }
        const holes: number[] = [];
        for (let k = n.min; k < n.max; k++) {
          const split = emit(Op.Split);
          holes.push(split);
          if (n.greedy) a[split] = op.length;
          else b[split] = op.length;
          gen(n.node);
        }
        for (const h of holes) {
          if (n.greedy) b[h] = op.length;
          else a[h] = op.length;
        }
        return;
      }
      case "group":
        emit(Op.Save, n.index * 2);
        gen(n.node);
        emit(Op.Save, n.index * 2 + 1);
        return;
      case "assert":
        emit(Op.Assert, ASSERT_CODES[n.kind], n.multiline ? 1 : 0);
        return;
      case "backref":
        needsBacktrack = true;
        emit(Op.Backref, n.n, n.icase ? 1 : 0);
        return;
      case "look": {
        needsBacktrack = true;
        const look = emit(Op.Look, 0, (n.ahead ? 1 : 0) | (n.neg ? 2 : 0));
        const skip = emit(Op.Jmp);
        a[look] = op.length;
        gen(n.node);
        emit(n.ahead ? Op.Match : Op.LookEnd);
        a[skip] = op.length;
        return;
      }
    }
  };
  emit(Op.Save, 0);
  gen(root);
  emit(Op.Save, 1);
  emit(Op.Match);
  return {
    op: Uint8Array.from(op),
    a: Int32Array.from(a),
    b: Int32Array.from(b),
    sets,
    nslots: (groupCount + 1) * 2,
    nregs,
    needsBacktrack,
  };
}

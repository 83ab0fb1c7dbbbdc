/**
 * The comparison of GNU diff (diffutils 3.8's analyze.c with gnulib's diffseq.h), step for step,
 * so that the hunks are GNU's: lines that match nothing in the other file are discarded first
 * (`discardConfusingLines`), Myers' O(ND) search with GNU's midpoint choice and its
 * TOO_EXPENSIVE cut-off (`compareSeq`), then `shiftBoundaries` slides each run of changes as GNU
 * does, and `buildScript` turns the flags into changes.
 *
 * Inputs are equivalence-class numbers (1-based; equal lines have equal numbers) of the lines
 * both files do not share at their ends (see `lines.ts`).
 */

/** One change: `deleted` lines of file 0 from `line0` replaced by `inserted` lines of file 1 from `line1` (0-based). */
export interface Change {
  line0: number;
  line1: number;
  deleted: number;
  inserted: number;
  /** Set by `-B`: every changed line is blank (the change alone would not be shown). */
  ignore: boolean;
}

/** Options of `analyze`. */
export interface AnalyzeOptions {
  /** `--minimal`: no discarding of confusing lines, no TOO_EXPENSIVE cut-off. */
  readonly minimal: boolean;
  /** `--speed-large-files`: GNU's big-snake heuristic. */
  readonly speedLargeFiles: boolean;
  /** Called often in long loops (the run's deadline and cancellation). */
  readonly tick: () => void;
}

/**
 * Per-line change flags of two class vectors: `changed0[i + 1]` is 1 when line `i` of file 0 is
 * deleted (index 0 and the last index are the always-zero sentinels GNU keeps), same for file 1.
 */
export interface Flags {
  readonly changed0: Uint8Array;
  readonly changed1: Uint8Array;
}

const SNAKE_LIMIT = 20;
const LIN_MAX = 0x7fffffff;

/** Runs GNU's analysis on the class vectors `eq0` and `eq1`; `classes` bounds the class numbers. */
export function analyze(eq0: Int32Array, eq1: Int32Array, classes: number, options: AnalyzeOptions): Flags {
  const changed0 = new Uint8Array(eq0.length + 2);
  const changed1 = new Uint8Array(eq1.length + 2);
  const kept0 = discardConfusingLines(eq0, eq1, classes, changed0, options.minimal);
  const kept1 = discardConfusingLines(eq1, eq0, classes, changed1, options.minimal, kept0.counts);
  const x = kept0.undiscarded;
  const y = kept1.undiscarded;
  let diags = x.length + y.length + 3;
  let tooExpensive = 1;
  for (; diags !== 0; diags = Math.floor(diags / 4)) tooExpensive *= 2;
  const ctx: SearchContext = {
    x,
    y,
    fd: new Int32Array(x.length + y.length + 3),
    bd: new Int32Array(x.length + y.length + 3),
    offset: y.length + 1,
    tooExpensive: options.minimal ? LIN_MAX : Math.max(4096, tooExpensive),
    heuristic: options.speedLargeFiles,
    tick: options.tick,
    mark0: (i) => (changed0[(kept0.realIndexes[i] as number) + 1] = 1),
    mark1: (i) => (changed1[(kept1.realIndexes[i] as number) + 1] = 1),
  };
  compareSeq(ctx, 0, x.length, 0, y.length, options.minimal);
  shiftBoundaries(eq0, changed0, changed1, options.tick);
  shiftBoundaries(eq1, changed1, changed0, options.tick);
  return { changed0, changed1 };
}

interface Kept {
  readonly undiscarded: Int32Array;
  readonly realIndexes: Int32Array;
  readonly counts: Int32Array;
}

/**
 * GNU's discard_confusing_lines for one file: a line whose class is absent from the other file
 * is discarded (marked changed), one with more than about sqrt(n) matches is provisionally
 * discardable, and provisional discards survive only inside runs of real ones. Returns the kept
 * lines' classes and their real indexes, and this file's class counts (for the other call).
 */
function discardConfusingLines(
  eqs: Int32Array,
  other: Int32Array,
  classes: number,
  changed: Uint8Array,
  minimal: boolean,
  otherCounts?: Int32Array,
): Kept {
  const counts = new Int32Array(classes);
  for (const e of eqs) counts[e]++;
  let oc = otherCounts;
  if (!oc) {
    oc = new Int32Array(classes);
    for (const e of other) oc[e]++;
  }
  const end = eqs.length;
  const discards = new Uint8Array(end);
  let many = 5;
  let tem = Math.floor(end / 64);
  while ((tem = Math.floor(tem / 4)) > 0) many *= 2;
  for (let i = 0; i < end; i++) {
    const e = eqs[i] as number;
    if (e === 0) continue;
    const nmatch = oc[e] as number;
    if (nmatch === 0) discards[i] = 1;
    else if (nmatch > many) discards[i] = 2;
  }
  for (let i = 0; i < end; i++) {
    if (discards[i] === 2) discards[i] = 0;
    else if (discards[i] !== 0) {
      let j: number;
      let provisional = 0;
      for (j = i; j < end; j++) {
        if (discards[j] === 0) break;
        if (discards[j] === 2) ++provisional;
      }
      while (j > i && discards[j - 1] === 2) {
        discards[--j] = 0;
        --provisional;
      }
      const length = j - i;
      if (provisional * 4 > length) {
        while (j > i) if (discards[--j] === 2) discards[j] = 0;
      } else {
        let minimum = 1;
        let t = length >> 2;
        while (0 < (t >>= 2)) minimum <<= 1;
        minimum++;
        let consec = 0;
        for (j = 0; j < length; j++) {
          if (discards[i + j] !== 2) consec = 0;
          else if (minimum === ++consec) j -= consec;
          else if (minimum < consec) discards[i + j] = 0;
        }
        consec = 0;
        for (j = 0; j < length; j++) {
          if (j >= 8 && discards[i + j] === 1) break;
          if (discards[i + j] === 2) {
            consec = 0;
            discards[i + j] = 0;
          } else if (discards[i + j] === 0) consec = 0;
          else consec++;
          if (consec === 3) break;
        }
        i += length - 1;
        consec = 0;
        for (j = 0; j < length; j++) {
          if (j >= 8 && discards[i - j] === 1) break;
          if (discards[i - j] === 2) {
            consec = 0;
            discards[i - j] = 0;
          } else if (discards[i - j] === 0) consec = 0;
          else consec++;
          if (consec === 3) break;
        }
      }
    }
  }
  const undiscarded = new Int32Array(end);
  const realIndexes = new Int32Array(end);
  let k = 0;
  for (let i = 0; i < end; i++) {
    if (minimal || discards[i] === 0) {
      undiscarded[k] = eqs[i] as number;
      realIndexes[k++] = i;
    } else changed[i + 1] = 1;
  }
  return { undiscarded: undiscarded.subarray(0, k), realIndexes: realIndexes.subarray(0, k), counts };
}

interface SearchContext {
  readonly x: Int32Array;
  readonly y: Int32Array;
  /** Furthest-reaching x per diagonal, forward and backward (index = diagonal + offset). */
  readonly fd: Int32Array;
  readonly bd: Int32Array;
  readonly offset: number;
  readonly tooExpensive: number;
  readonly heuristic: boolean;
  readonly tick: () => void;
  readonly mark0: (i: number) => void;
  readonly mark1: (i: number) => void;
}

interface Partition {
  xmid: number;
  ymid: number;
  loMinimal: boolean;
  hiMinimal: boolean;
}

/**
 * gnulib's compareseq: trims the matching ends of [xoff, xlim) x [yoff, ylim), marks what is
 * left when one side is empty, else splits at `diag`'s midpoint. An explicit stack replaces the
 * recursion (the halves are independent, so the order does not change the result).
 */
function compareSeq(ctx: SearchContext, xoff0: number, xlim0: number, yoff0: number, ylim0: number, minimal0: boolean): void {
  const { x, y } = ctx;
  const stack: Array<[number, number, number, number, boolean]> = [[xoff0, xlim0, yoff0, ylim0, minimal0]];
  const part: Partition = { xmid: 0, ymid: 0, loMinimal: false, hiMinimal: false };
  while (stack.length) {
    let [xoff, xlim, yoff, ylim, minimal] = stack.pop() as [number, number, number, number, boolean];
    ctx.tick();
    while (xoff < xlim && yoff < ylim && x[xoff] === y[yoff]) ++xoff, ++yoff;
    while (xoff < xlim && yoff < ylim && x[xlim - 1] === y[ylim - 1]) --xlim, --ylim;
    if (xoff === xlim) while (yoff < ylim) ctx.mark1(yoff++);
    else if (yoff === ylim) while (xoff < xlim) ctx.mark0(xoff++);
    else {
      diag(ctx, xoff, xlim, yoff, ylim, minimal, part);
      const { xmid, ymid, loMinimal, hiMinimal } = part;
      stack.push([xmid, xlim, ymid, ylim, hiMinimal]);
      stack.push([xoff, xmid, yoff, ymid, loMinimal]);
    }
  }
}

/** gnulib's diag: the midpoint of a shortest edit script (or GNU's heuristic stand-in for it). */
function diag(ctx: SearchContext, xoff: number, xlim: number, yoff: number, ylim: number, findMinimal: boolean, part: Partition): void {
  const { x: xv, y: yv, fd, bd, offset: o, tick } = ctx;
  const dmin = xoff - ylim;
  const dmax = xlim - yoff;
  const fmid = xoff - yoff;
  const bmid = xlim - ylim;
  let fmin = fmid;
  let fmax = fmid;
  let bmin = bmid;
  let bmax = bmid;
  const odd = ((fmid - bmid) & 1) !== 0;
  fd[fmid + o] = xoff;
  bd[bmid + o] = xlim;
  for (let c = 1; ; ++c) {
    let bigSnake = false;
    if (fmin > dmin) fd[--fmin - 1 + o] = -1;
    else ++fmin;
    if (fmax < dmax) fd[++fmax + 1 + o] = -1;
    else --fmax;
    for (let d = fmax; d >= fmin; d -= 2) {
      tick();
      const tlo = fd[d - 1 + o] as number;
      const thi = fd[d + 1 + o] as number;
      let x = tlo >= thi ? tlo + 1 : thi;
      const oldx = x;
      let y = x - d;
      while (x < xlim && y < ylim && xv[x] === yv[y]) ++x, ++y;
      if (x - oldx > SNAKE_LIMIT) bigSnake = true;
      fd[d + o] = x;
      if (odd && bmin <= d && d <= bmax && (bd[d + o] as number) <= x) {
        part.xmid = x;
        part.ymid = y;
        part.loMinimal = part.hiMinimal = true;
        return;
      }
    }
    if (bmin > dmin) bd[--bmin - 1 + o] = LIN_MAX;
    else ++bmin;
    if (bmax < dmax) bd[++bmax + 1 + o] = LIN_MAX;
    else --bmax;
    for (let d = bmax; d >= bmin; d -= 2) {
      tick();
      const tlo = bd[d - 1 + o] as number;
      const thi = bd[d + 1 + o] as number;
      let x = tlo < thi ? tlo : thi - 1;
      const oldx = x;
      let y = x - d;
      while (x > xoff && y > yoff && xv[x - 1] === yv[y - 1]) --x, --y;
      if (oldx - x > SNAKE_LIMIT) bigSnake = true;
      bd[d + o] = x;
      if (!odd && fmin <= d && d <= fmax && x <= (fd[d + o] as number)) {
        part.xmid = x;
        part.ymid = y;
        part.loMinimal = part.hiMinimal = true;
        return;
      }
    }
    if (findMinimal) continue;
    if (ctx.heuristic && 200 < c && bigSnake && bigSnakeMidpoint(ctx, c, xoff, xlim, yoff, ylim, fmin, fmax, bmin, bmax, fmid, bmid, part)) return;
    if (c >= ctx.tooExpensive) {
      let fxybest = -1;
      let fxbest = 0;
      for (let d = fmax; d >= fmin; d -= 2) {
        let x = Math.min(fd[d + o] as number, xlim);
        let y = x - d;
        if (ylim < y) {
          x = ylim + d;
          y = ylim;
        }
        if (fxybest < x + y) {
          fxybest = x + y;
          fxbest = x;
        }
      }
      let bxybest = LIN_MAX;
      let bxbest = 0;
      for (let d = bmax; d >= bmin; d -= 2) {
        let x = Math.max(xoff, bd[d + o] as number);
        let y = x - d;
        if (y < yoff) {
          x = yoff + d;
          y = yoff;
        }
        if (x + y < bxybest) {
          bxybest = x + y;
          bxbest = x;
        }
      }
      if (xlim + ylim - bxybest < fxybest - (xoff + yoff)) {
        part.xmid = fxbest;
        part.ymid = fxybest - fxbest;
        part.loMinimal = true;
        part.hiMinimal = false;
      } else {
        part.xmid = bxbest;
        part.ymid = bxybest - bxbest;
        part.loMinimal = false;
        part.hiMinimal = true;
      }
      return;
    }
  }
}

/** The `--speed-large-files` heuristic of diag: a diagonal with much progress ending in a big snake. */
function bigSnakeMidpoint(
  ctx: SearchContext,
  c: number,
  xoff: number,
  xlim: number,
  yoff: number,
  ylim: number,
  fmin: number,
  fmax: number,
  bmin: number,
  bmax: number,
  fmid: number,
  bmid: number,
  part: Partition,
): boolean {
  const { x: xv, y: yv, fd, bd, offset: o } = ctx;
  let best = 0;
  for (let d = fmax; d >= fmin; d -= 2) {
    const dd = d - fmid;
    const x = fd[d + o] as number;
    const y = x - d;
    const v = (x - xoff) * 2 - dd;
    if (v > 12 * (c + Math.abs(dd)) && v > best && xoff + SNAKE_LIMIT <= x && x < xlim && yoff + SNAKE_LIMIT <= y && y < ylim) {
      for (let k = 1; xv[x - k] === yv[y - k]; k++) {
        if (k === SNAKE_LIMIT) {
          best = v;
          part.xmid = x;
          part.ymid = y;
          break;
        }
      }
    }
  }
  if (best > 0) {
    part.loMinimal = true;
    part.hiMinimal = false;
    return true;
  }
  best = 0;
  for (let d = bmax; d >= bmin; d -= 2) {
    const dd = d - bmid;
    const x = bd[d + o] as number;
    const y = x - d;
    const v = (xlim - x) * 2 + dd;
    if (v > 12 * (c + Math.abs(dd)) && v > best && xoff < x && x <= xlim - SNAKE_LIMIT && yoff < y && y <= ylim - SNAKE_LIMIT) {
      for (let k = 0; xv[x + k] === yv[y + k]; k++) {
        if (k === SNAKE_LIMIT - 1) {
          best = v;
          part.xmid = x;
          part.ymid = y;
          break;
        }
      }
    }
  }
  if (best > 0) {
    part.loMinimal = false;
    part.hiMinimal = true;
    return true;
  }
  return false;
}

/**
 * GNU's shift_boundaries for one file: each run of changes slides up while the line before it
 * equals its last line (merging with earlier runs), then down as far as it can (merging with
 * later ones), and finally back up to end where a run of the other file's changes ends.
 * `changed` and `other` use the sentinel layout of `Flags` (line i at index i + 1).
 */
function shiftBoundaries(equivs: Int32Array, changedArr: Uint8Array, otherArr: Uint8Array, tick: () => void): void {
  // c(i) / oc(j) read line i with the sentinel at -1; writes go through setC
  const changed = (i: number): number => changedArr[i + 1] as number;
  const setC = (i: number, v: number): void => {
    changedArr[i + 1] = v;
  };
  const other = (j: number): number => otherArr[j + 1] as number;
  const iEnd = equivs.length;
  let i = 0;
  let j = 0;
  for (;;) {
    tick();
    while (i < iEnd && !changed(i)) {
      while (other(j++));
      i++;
    }
    if (i === iEnd) break;
    let start = i;
    while (changed(++i));
    while (other(j)) j++;
    let runlength: number;
    let corresponding: number;
    do {
      runlength = i - start;
      while (start && equivs[start - 1] === equivs[i - 1]) {
        setC(--start, 1);
        setC(--i, 0);
        while (changed(start - 1)) start--;
        while (other(--j));
      }
      corresponding = other(j - 1) ? i : iEnd;
      while (i !== iEnd && equivs[start] === equivs[i]) {
        setC(start++, 0);
        setC(i++, 1);
        while (changed(i)) i++;
        while (other(++j)) corresponding = i;
      }
    } while (runlength !== i - start);
    while (corresponding < i) {
      setC(--start, 1);
      setC(--i, 0);
      while (other(--j));
    }
  }
}

/** GNU's build_script: the changes of `flags`, in order, with `base0`/`base1` added to the line numbers. */
export function buildScript(flags: Flags, n0: number, n1: number, base0: number, base1: number): Change[] {
  const { changed0, changed1 } = flags;
  const script: Change[] = [];
  let i0 = 0;
  let i1 = 0;
  while (i0 < n0 || i1 < n1) {
    if (changed0[i0 + 1] || changed1[i1 + 1]) {
      const line0 = i0;
      const line1 = i1;
      while (changed0[i0 + 1]) ++i0;
      while (changed1[i1 + 1]) ++i1;
      script.push({ line0: line0 + base0, line1: line1 + base1, deleted: i0 - line0, inserted: i1 - line1, ignore: false });
    }
    i0++;
    i1++;
  }
  return script;
}

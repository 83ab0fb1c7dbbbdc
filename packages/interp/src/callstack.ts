/**
 * The call stack as bash exposes it: `FUNCNAME`, `BASH_SOURCE` and `BASH_LINENO` (innermost
 * frame first) and the `caller` builtin's view of it. Frames are pushed by function calls,
 * `source` and a script file run as `bash FILE` (its `main` frame). The three arrays are
 * computed when read, so a function call costs no more than pushing its frame.
 */
import type { ShellState } from "./state.js";
import { Attr, IndexedArray } from "./vars.js";
import type { Var } from "./vars.js";

/** One frame: what was called, from which line of the caller, and the file it lives in. */
export interface Frame {
  /** Function name, `source`, or `main`. */
  readonly name: string;
  /** Line of the call in the calling file (0 for `main`). */
  readonly line: number;
  /** File the function was defined in, or the sourced file / script. */
  readonly source: string;
  /** True for a shell function (FUNCNAME is empty while no function runs). */
  readonly fn: boolean;
}

type Field = "name" | "line" | "source";

/** A read-only array variable computed from the state's frames at every read. */
class StackVar implements Var {
  attrs = Attr.Array;
  readonly computed = true;
  constructor(
    readonly st: ShellState,
    readonly field: Field,
  ) {}
  get value(): IndexedArray | undefined {
    const frames = this.st.callStack;
    if (this.field === "name" && !frames.some((f) => f.fn)) return undefined;
    const out: string[] = [];
    for (let i = frames.length - 1; i >= 0; i--) out.push(String(frames[i]![this.field]));
    return IndexedArray.of(out);
  }
  set value(_v: unknown) {
    // bash ignores assignments to the call-stack variables
  }
}

const NAMES: ReadonlyArray<readonly [string, Field]> = [
  ["FUNCNAME", "name"],
  ["BASH_SOURCE", "source"],
  ["BASH_LINENO", "line"],
];

/** Binds FUNCNAME, BASH_SOURCE and BASH_LINENO of `st`'s global scope to its call stack. */
export function installCallStackVars(st: ShellState): void {
  const g = st.vars.scopes[0]!;
  for (const [name, field] of NAMES) g.set(name, new StackVar(st, field));
}

/**
 * `caller [n]`: the line and file of the current call (no argument), or the line, function
 * and file of frame `n`'s caller. Undefined when there is no such frame.
 */
export function callerLine(st: ShellState, n: number | undefined): string | undefined {
  const f = st.callStack;
  const at = (i: number): Frame | undefined => f[f.length - 1 - i];
  if (n === undefined) {
    const cur = at(0);
    if (cur === undefined) return undefined;
    return `${cur.line} ${at(1)?.source ?? "NULL"}`;
  }
  const cur = at(n);
  const outer = at(n + 1);
  if (cur === undefined || outer === undefined) return undefined;
  return `${cur.line} ${outer.name} ${outer.source}`;
}

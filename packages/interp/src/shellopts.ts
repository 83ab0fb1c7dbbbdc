/**
 * `SHELLOPTS` and `BASHOPTS`: read-only variables listing the enabled `set -o` and `shopt`
 * options (colon-separated, sorted), computed when read. A child shell started with
 * SHELLOPTS in its environment turns those options on (`export SHELLOPTS; set -x` traces
 * child shells too).
 */
import type { SetOptions, ShellState } from "./state.js";
import { Attr } from "./vars.js";
import type { Var } from "./vars.js";

/** The `set -o` name of an option key (`interactive_comments` is `interactive-comments`). */
const optName = (k: string): string => k.replace(/_/g, "-");

/** A read-only scalar computed from the state's options at every read. */
class OptionsVar implements Var {
  readonly computed = true;
  constructor(
    readonly st: ShellState,
    readonly shopt: boolean,
    public attrs: number,
  ) {}
  get value(): string {
    const on: string[] = [];
    if (this.shopt) {
      for (const [k, v] of this.st.shopt) if (v) on.push(k);
    } else {
      for (const [k, v] of Object.entries(this.st.options)) if (v) on.push(optName(k));
    }
    return on.sort().join(":");
  }
  set value(_v: unknown) {
    // read-only: VarStore refuses the assignment before it gets here
  }
}

/** Binds SHELLOPTS and BASHOPTS in `st`'s global scope (keeping attributes such as export). */
export function installOptionVars(st: ShellState): void {
  const g = st.vars.scopes[0]!;
  for (const [name, shopt] of [["SHELLOPTS", false], ["BASHOPTS", true]] as const) {
    const old = g.get(name);
    g.set(name, new OptionsVar(st, shopt, (old?.attrs ?? 0) | Attr.Readonly));
  }
}

/** Turns on the options a SHELLOPTS / BASHOPTS value names (a child shell's startup). */
export function applyOptionList(st: ShellState, shellopts: string | undefined, bashopts: string | undefined): void {
  const opts = st.options as unknown as Record<string, boolean>;
  for (const n of (shellopts ?? "").split(":")) {
    const k = n.replace(/-/g, "_") as keyof SetOptions;
    if (n !== "" && k in opts) opts[k] = true;
  }
  for (const n of (bashopts ?? "").split(":")) if (st.shopt.has(n)) st.shopt.set(n, true);
}

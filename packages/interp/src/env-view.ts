/**
 * CommandContext.env as the shell hands it to a command: the exported variables, looked up
 * one name at a time. Most commands read one variable (`TZ`, `HOME`, `TMPDIR`) or none, and
 * building the whole environment per command was most of what a cheap command allocated.
 */
import type { Interp } from "./interp.js";

/**
 * The exported variables of `ip`'s shell. `get` and `has` look a name up as `exportedEnv`
 * decides it (bash's rule: see VarStore.exported); anything that lists
 * variables builds the whole map once and uses it from then on. A command reads it while it
 * runs, when the shell does not change, so it shows the snapshot CommandContext promises.
 */
export class ExportedEnv implements ReadonlyMap<string, string> {
  #all: Map<string, string> | undefined;
  constructor(readonly ip: Interp) {}

  get(name: string): string | undefined {
    if (this.#all !== undefined) return this.#all.get(name);
    return this.ip.st.vars.exported(name);
  }
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
  /** The whole environment (built on first use). */
  #map(): Map<string, string> {
    this.#all ??= this.ip.exportedEnv();
    return this.#all;
  }
  get size(): number {
    return this.#map().size;
  }
  entries(): MapIterator<[string, string]> {
    return this.#map().entries();
  }
  keys(): MapIterator<string> {
    return this.#map().keys();
  }
  values(): MapIterator<string> {
    return this.#map().values();
  }
  forEach(fn: (value: string, key: string, map: ReadonlyMap<string, string>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.#map()) fn.call(thisArg, v, k, this);
  }
  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.#map()[Symbol.iterator]();
  }
}

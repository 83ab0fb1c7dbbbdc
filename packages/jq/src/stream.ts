/** jq's streaming form (`--stream`, `tostream`): `[path, leaf]` events and closing `[path]` events. */
import { SLOT, charge, tick } from "./budget.js";
import type { Val } from "./value.js";
import { JqMap } from "./value.js";

/** Calls `emit` for each stream event of `v` (as `tostream` produces them). Stops when emit returns true. */
export function streamEvents(v: Val, emit: (ev: Val[]) => boolean): boolean {
  // Each event is built (its path copied): charged, so a DAG's stream ends at the budget.
  const rec = (x: Val, path: Val[], top: boolean): boolean => {
    tick();
    charge(SLOT * (path.length + 3));
    const isArr = Array.isArray(x);
    const isObj = x instanceof JqMap;
    if ((isArr && x.length > 0) || (isObj && x.size > 0)) {
      let lastKey: Val = null;
      if (isArr) {
        for (let i = 0; i < x.length; i++) {
          if (rec(x[i]!, [...path, i], false)) return true;
          lastKey = i;
        }
      } else {
        const ks = (x as JqMap).keyList();
        const vs = (x as JqMap).valueList();
        for (let i = 0; i < ks.length; i++) {
          const k = ks[i]!;
          if (rec(vs[i]!, [...path, k], false)) return true;
          lastKey = k;
        }
      }
      return emit([[...path, lastKey]]);
    }
    void top;
    return emit([path, x]);
  };
  return rec(v, [], true);
}

/**
 * Subscripts that arithmetic expands when it evaluates them. bash expands the subscript of
 * `name[...]` again as it evaluates it (expand_arith_string): a variable whose value is
 * `a[$i]` or `a[$(echo 2)]` reads the element that names, and `b[expr]=x` with
 * expr='a[$(echo 2)]' runs the substitution. The evaluator is synchronous, so a subscript whose
 * expansion has to wait (a command substitution) stops the evaluation with `AsyncSubscript`;
 * the entry points that can wait expand it and evaluate again (see `retryArith`), as long as
 * nothing was assigned in between. Elsewhere such a subscript is evaluated as it is written.
 */
import { ArithError } from "./arith.js";
import type { Int } from "./int64.js";
import { intToString } from "./int64.js";
import { stripQuotes } from "./arith-words.js";
import { FatalError } from "./errors.js";
import { Attr, IndexedArray } from "./vars.js";
import { arithWord } from "./arith-words.js";
import type { MaybeAsync } from "./errors.js";
import type { Interp } from "./interp.js";
import { subscriptWord } from "./refs.js";

/** A subscript that needs a command substitution before the evaluation can go on. */
export class AsyncSubscript extends Error {
  constructor(
    readonly text: string,
    readonly assoc: boolean,
    /** The expansion, already started. */
    readonly value: Promise<string>,
  ) {
    super(`${text}: subscript expansion must wait`);
    this.name = "AsyncSubscript";
  }
}

/** True when a subscript's text has something to expand (`$`, a backquote). */
export function expandable(text: string): boolean {
  return text.includes("$") || text.includes("`");
}

/**
 * The subscript `text` (of an associative array when `assoc`) expanded as bash's arithmetic
 * does: single quotes stay for an indexed one. Throws AsyncSubscript for a command substitution
 * inside a retrying evaluation; outside one, such text is returned as written.
 */
export function expandSubscript(ip: Interp, text: string, assoc: boolean): string {
  const done = ip.subscriptValues?.get(key(text, assoc));
  if (done !== undefined) return done;
  // (outside a retrying evaluation, a command substitution is not started at all)
  if (ip.arithRetry === 0 && (text.includes("$(") || text.includes("`"))) return text;
  const w = subscriptWord(text);
  const r = ip.expandString(assoc ? w : arithWord(w));
  if (typeof r === "string") return r;
  if (ip.arithRetry > 0) throw new AsyncSubscript(text, assoc, r);
  r.catch(() => undefined);
  return text;
}

function key(text: string, assoc: boolean): string {
  return assoc ? `A${text}` : `I${text}`;
}

/**
 * After `evaluate` stopped at the subscript of `e`: waits for its expansion, then evaluates again, as many
 * times as subscripts need it. `effects` is the count of arithmetic assignments when the
 * evaluation began: when it has changed, evaluating again would repeat them, so the subscript
 * is an error as bash's parser would see it unexpanded.
 */
export async function retryArith<T>(ip: Interp, e: AsyncSubscript, effects: number, evaluate: () => MaybeAsync<T>): Promise<T> {
  const outer = ip.subscriptValues === undefined;
  ip.subscriptValues ??= new Map();
  try {
    for (;;) {
      const value = await e.value;
      if (ip.arithEffects !== effects) throw new ArithError(`${e.text}: syntax error: operand expected (error token is "${e.text}")`);
      ip.subscriptValues.set(key(e.text, e.assoc), value);
      ip.arithRetry++;
      try {
        return await evaluate();
      } catch (again) {
        if (!(again instanceof AsyncSubscript)) throw again;
        e = again;
      } finally {
        ip.arithRetry--;
      }
    }
  } finally {
    if (outer) ip.subscriptValues = undefined;
  }
}

/** How arithmetic reads `name` or `name[index]` (ArithEnv.getVar): its raw value, undefined when unset. */
export function arithGet(ip: Interp, name: string, index: string | undefined): string | undefined {
  if (index === undefined) {
    const s = ip.getScalar(name);
    if (s === undefined && ip.st.options.nounset) throw new FatalError(`${name}: unbound variable`, 1, "exit");
    return s;
  }
  const v = ip.st.vars.get(name);
  const val = v?.value;
  // set -u: an element of a variable without any value is unbound (`undef[0]`); a missing
  // element of a set array is not (bash reads it as 0)
  if (val === undefined && ip.st.options.nounset) throw new FatalError(`${name}: unbound variable`, 1, "exit");
  if (val instanceof Map) return val.get(expandable(index) ? expandSubscript(ip, index, true) : stripQuotes(index));
  if (v !== undefined && v.attrs & Attr.Assoc) return undefined;
  let i = Number(ip.arith.evaluateText(expandable(index) ? expandSubscript(ip, index, false) : index));
  if (val instanceof IndexedArray) {
    if (i < 0) i += val.end;
    if (i < 0) {
      // bash reports an index before the first element and reads 0
      ip.error(`${name}: bad array subscript`);
      return undefined;
    }
    return val.get(i);
  }
  return i === 0 ? ip.getScalar(name) : undefined;
}

/** How arithmetic assigns `name` or `name[index]` (ArithEnv.setVar); counted in `arithEffects`. */
export function arithSet(ip: Interp, name: string, index: string | undefined, value: Int): void {
  const s = intToString(value);
  if (index === undefined) {
    ip.setVar(name, s);
    ip.arithEffects++;
    return;
  }
  const v = ip.st.vars.get(name);
  const assoc = v !== undefined && (v.value instanceof Map || (v.attrs & Attr.Assoc) !== 0);
  const text = expandable(index) ? expandSubscript(ip, index, assoc) : assoc ? stripQuotes(index) : index;
  ip.setElement(name, assoc ? text : Number(ip.arith.evaluateText(text)), s);
  ip.arithEffects++;
}

/**
 * Assignments: `x=v`, `x+=v`, `a[i]=v`, `a=(...)`, `a+=(...)`, prepared (expanded) first and
 * then applied, so declaration builtins (`declare`, `local`, `export`, `readonly`) can apply
 * them in their own scope with their own attributes.
 */
import type { Assignment } from "@husk/syntax";
import { FatalError } from "./errors.js";
import type { MaybeAsync } from "./errors.js";
import type { Interp } from "./interp.js";
import { AssocArray, Attr, IndexedArray, transformCase } from "./vars.js";
import type { Scope } from "./vars.js";

/** One element of a prepared compound value. */
export interface PreparedElem {
  /** Expanded subscript text (`[k]=v`), or undefined for a plain element. */
  readonly key?: string;
  readonly append: boolean;
  readonly value: string;
}

/** An assignment with every word expanded. */
export interface PreparedAssign {
  readonly name: string;
  /** Expanded subscript text of `name[sub]=`. */
  readonly index?: string;
  readonly append: boolean;
  /** Scalar value (undefined with `array`, or for `declare x` without `=`). */
  readonly value?: string;
  readonly array?: readonly PreparedElem[];
}

/** Expands the words of an assignment (synchronously unless an expansion has to wait). */
export function prepareAssign(ip: Interp, a: Assignment): MaybeAsync<PreparedAssign> {
  if (a.array !== undefined) return prepareArrayAssign(ip, a);
  if (a.index === undefined) return withValue(ip, a, undefined);
  const index = ip.expandString(a.index);
  if (index instanceof Promise) return index.then((i) => withValue(ip, a, i));
  return withValue(ip, a, index);
}

function withValue(ip: Interp, a: Assignment, index: string | undefined): MaybeAsync<PreparedAssign> {
  if (a.value === undefined) return { name: a.name, index, append: a.append, value: "" };
  const value = ip.expandString(a.value);
  if (value instanceof Promise) return value.then((v) => ({ name: a.name, index, append: a.append, value: v }));
  return { name: a.name, index, append: a.append, value };
}

async function prepareArrayAssign(ip: Interp, a: Assignment): Promise<PreparedAssign> {
  const index = a.index === undefined ? undefined : await ip.expandString(a.index);
  if (a.array !== undefined) {
    const elems: PreparedElem[] = [];
    for (const e of a.array) {
      if (e.index !== undefined) {
        elems.push({ key: await ip.expandString(e.index), append: e.append, value: await ip.expandString(e.value) });
      } else {
        for (const v of await ip.expandWords([e.value])) elems.push({ append: false, value: v });
      }
    }
    return { name: a.name, index, append: a.append, array: elems };
  }
  const value = a.value === undefined ? "" : await ip.expandString(a.value);
  return { name: a.name, index, append: a.append, value };
}

/**
 * Applies a prepared assignment. With `scope`, the variable is created there (local/declare in
 * a function); `attrs` are added first (`declare -A a=(...)`).
 */
export function applyAssign(ip: Interp, p: PreparedAssign, scope?: Scope, attrs = 0): void {
  const vars = ip.st.vars;
  let v = scope !== undefined ? vars.create(p.name, scope) : vars.lookup(vars.resolveName(p.name));
  if (v !== undefined && v.attrs & Attr.Readonly) throw new FatalError(`${p.name}: readonly variable`, 1, "command");
  if (attrs !== 0) {
    v ??= vars.target(p.name);
    if (attrs & Attr.Assoc && !(v.value instanceof Map)) v.value = new AssocArray();
    else if (attrs & Attr.Array && !(v.value instanceof IndexedArray) && !(v.value instanceof Map)) {
      v.value = v.value === undefined ? new IndexedArray() : IndexedArray.of([v.value as string]);
    }
    v.attrs |= attrs & ~Attr.Readonly;
  }
  if (p.array !== undefined) {
    v ??= vars.target(p.name);
    const name = p.name;
    if (p.index !== undefined) throw new FatalError(`${name}[${p.index}]: cannot assign list to array member`, 1, "command");
    if (v.value instanceof Map || (v.value === undefined && v.attrs & Attr.Assoc)) {
      const m: AssocArray = p.append && v.value instanceof AssocArray ? v.value : new AssocArray();
      const els = p.array;
      if (els.length > 0 && els[0]!.key === undefined) {
        for (let i = 0; i < els.length; i += 2) m.set(els[i]!.value, transformCase(els[i + 1]?.value ?? "", v.attrs));
      } else {
        for (const e of els) {
          if (e.key === undefined) {
            ip.error(`${name}: ${e.value}: must use subscript when assigning associative array`);
            continue;
          }
          const old = m.get(e.key);
          m.set(e.key, transformCase(e.append && old !== undefined ? old + e.value : e.value, v.attrs));
        }
      }
      v.value = m;
    } else {
      const arr = p.append ? (v.value instanceof IndexedArray ? v.value : IndexedArray.of(typeof v.value === "string" ? [v.value] : [])) : new IndexedArray();
      let next = arr.end;
      for (const e of p.array) {
        let i = next;
        if (e.key !== undefined) {
          i = Number(ip.evalArithText(e.key));
          if (i < 0) i += arr.end;
          if (i < 0) {
            ip.error(`${name}[${e.key}]: bad array subscript`);
            continue;
          }
        }
        let val = e.value;
        if (v.attrs & Attr.Integer) val = String(ip.evalArithText(val));
        const old = arr.get(i);
        arr.set(i, transformCase(e.append && old !== undefined ? old + val : val, v.attrs));
        next = i + 1;
      }
      v.value = arr;
    }
    if (ip.st.options.allexport) v.attrs |= Attr.Export;
    return;
  }
  if (p.index !== undefined) {
    const target = v ?? vars.target(p.name);
    if (target.value instanceof Map || (target.value === undefined && target.attrs & Attr.Assoc)) ip.setElement(p.name, p.index, p.value ?? "", p.append);
    else ip.setElement(p.name, Number(ip.evalArithText(p.index)), p.value ?? "", p.append);
    return;
  }
  if (scope !== undefined && p.value === undefined) return;
  if (attrs & Attr.Nameref && v !== undefined) {
    // `declare -n r=x` sets the reference itself, even when r already refers elsewhere
    v.value = p.append && typeof v.value === "string" ? v.value + (p.value ?? "") : (p.value ?? "");
    return;
  }
  ip.setVar(p.name, p.value ?? "", p.append);
}

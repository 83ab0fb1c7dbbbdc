/**
 * The variable store: scalars, sparse indexed arrays and associative arrays with bash's
 * attributes, in a global scope plus a stack of function scopes (dynamic scoping). Every name
 * and key lives in a `Map`, so untrusted names never touch a prototype.
 */
import { LimitError } from "@husk/host";
import type { Limits } from "@husk/host";
import { AssocArray } from "./assoc.js";
import { FatalError } from "./errors.js";

export { AssocArray };

/** Longest nameref chain followed (longer chains count as circular). */
const NAMEREF_MAX = 64;

/** Variable attribute bits (`declare -i -r -x -l -u -n -a -A -t`). */
export const enum Attr {
  Integer = 1,
  Readonly = 2,
  Export = 4,
  Lower = 8,
  Upper = 16,
  Nameref = 32,
  Array = 64,
  Assoc = 128,
  Trace = 256,
  Capitalize = 512,
  /**
   * Not a bash attribute (nothing prints it): a variable declared `local` in an eval/source
   * prefix scope (`v=t eval 'local v'`), which `unset` keeps as an unset local.
   */
  LocalInTemp = 1024,
}

/**
 * An indexed array: index -> value, iterated in index order. While it has no holes (the
 * usual `a[i]=...` in order, `a+=(x)`, `a=(...)`) the values sit in a plain array; the first
 * hole (an index past the end, a deletion before the last element) turns it into a Map.
 */
export class IndexedArray {
  /** Element i at index i, while the array has no holes (null once it is sparse). */
  #dense: string[] | null = [];
  /** index -> value once the array is sparse. */
  #map: Map<number, string> | null = null;
  /** Indices in ascending order (null: to compute). */
  #sorted: number[] | null = null;
  /** Largest index + 1 (0 when empty). */
  get end(): number {
    if (this.#dense !== null) return this.#dense.length;
    const k = this.keys();
    return k.length === 0 ? 0 : k[k.length - 1]! + 1;
  }
  get size(): number {
    return this.#dense !== null ? this.#dense.length : this.#map!.size;
  }
  get(i: number): string | undefined {
    const d = this.#dense;
    if (d !== null) return i >= 0 && i < d.length ? d[i] : undefined;
    return this.#map!.get(i);
  }
  set(i: number, v: string): void {
    const d = this.#dense;
    if (d !== null) {
      if (i === d.length) {
        d.push(v);
        this.#sorted?.push(i);
        return;
      }
      if (i >= 0 && i < d.length && Number.isInteger(i)) {
        d[i] = v;
        return;
      }
      this.#sparse();
    }
    const m = this.#map!;
    if (!m.has(i)) {
      const s = this.#sorted;
      if (s !== null && (s.length === 0 || s[s.length - 1]! < i)) s.push(i);
      else this.#sorted = null;
    }
    m.set(i, v);
  }
  delete(i: number): boolean {
    const d = this.#dense;
    if (d !== null) {
      if (i === d.length - 1) {
        d.pop();
        this.#sorted?.pop();
        return true;
      }
      if (!(i >= 0 && i < d.length && Number.isInteger(i))) return false;
      this.#sparse();
    }
    if (this.#map!.delete(i)) {
      const s = this.#sorted;
      if (s !== null && s[s.length - 1] === i) s.pop();
      else this.#sorted = null;
      return true;
    }
    return false;
  }
  /** Moves the values from the plain array to the Map. */
  #sparse(): void {
    const d = this.#dense!;
    const m = new Map<number, string>();
    for (let i = 0; i < d.length; i++) m.set(i, d[i]!);
    this.#map = m;
    this.#dense = null;
  }
  /** Indices in ascending order. */
  keys(): number[] {
    if (this.#sorted === null) {
      const d = this.#dense;
      if (d !== null) {
        const k = new Array<number>(d.length);
        for (let i = 0; i < d.length; i++) k[i] = i;
        this.#sorted = k;
      } else this.#sorted = [...this.#map!.keys()].sort((a, b) => a - b);
    }
    return this.#sorted;
  }
  /** Values in index order. */
  values(): string[] {
    if (this.#dense !== null) return this.#dense.slice();
    const out: string[] = [];
    const m = this.#map!;
    for (const k of this.keys()) out.push(m.get(k)!);
    return out;
  }
  /** Appends after the last index. */
  push(v: string): void {
    this.set(this.end, v);
  }
  clone(): IndexedArray {
    const c = new IndexedArray();
    if (this.#dense !== null) c.#dense = this.#dense.slice();
    else for (const k of this.keys()) c.set(k, this.#map!.get(k)!);
    return c;
  }
  /** Builds an array of consecutive values from index 0. */
  static of(values: readonly string[]): IndexedArray {
    const a = new IndexedArray();
    a.#dense = values.slice();
    return a;
  }
}

/** One variable. `value` undefined means declared but unset (`local x`, `declare -a a`). */
export interface Var {
  value: string | IndexedArray | AssocArray | undefined;
  attrs: number;
  /**
   * True when `value` is computed at each read (SHELLOPTS, BASHOPTS): a clone of the store
   * shares the object without reading it, and the clone's owner binds its own.
   */
  readonly computed?: boolean;
}

/** A variable could not be assigned (readonly). */
export class VarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VarError";
  }
}

/** A function scope: its local variables. */
export type Scope = Map<string, Var>;

/**
 * The scope of a command's prefix assignments (`E=x cmd`), bound while that one command runs
 * (bash's temporary environment): `local` declares below it, and `export`/`readonly` reach
 * through it. For `eval` and `source` (`context`), it is a scope of the code they run as in
 * bash: `v=t eval 'local v=l'` sets the temporary v.
 */
export class TempScope extends Map<string, Var> {
  constructor(readonly context = false) {
    super();
  }
}

/** True for a {@link TempScope} that declarations look through. */
function isTemp(s: Scope | undefined): s is TempScope {
  return s instanceof TempScope && !s.context;
}

/**
 * The store. `scopes[0]` is the global scope; function calls push scopes. Lookups search from
 * the innermost scope outward (bash's dynamic scoping).
 */
export class VarStore {
  scopes: Scope[] = [new Map()];
  count = 0;
  constructor(readonly limits: Pick<Limits, "maxVariables" | "maxStringBytes">) {}

  /** A deep copy (for subshells). */
  clone(): VarStore {
    const c = new VarStore(this.limits);
    c.scopes = this.scopes.map((s) => {
      const m: Scope = s instanceof TempScope ? new TempScope(s.context) : new Map();
      for (const [k, v] of s) m.set(k, cloneVar(v));
      return m;
    });
    c.count = this.count;
    return c;
  }

  /** Finds a variable (without following namerefs). */
  lookup(name: string): Var | undefined {
    const sc = this.scopes;
    for (let i = sc.length - 1; i >= 0; i--) {
      const v = sc[i]!.get(name);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  /** The scope holding `name`, if any. */
  scopeOf(name: string): Scope | undefined {
    const sc = this.scopes;
    for (let i = sc.length - 1; i >= 0; i--) if (sc[i]!.has(name)) return sc[i];
    return undefined;
  }

  /** The prefix-assignment scope holding the innermost binding of `name`, if that is where it is. */
  tempHolder(name: string): TempScope | undefined {
    const s = this.scopeOf(name);
    return isTemp(s) ? s : undefined;
  }

  /** Takes the prefix-assignment scopes out of the stack (give them back to {@link restoreTemps}). */
  hideTemps(): [number, Scope][] {
    const sc = this.scopes;
    const out: [number, Scope][] = [];
    for (let i = sc.length - 1; i > 0; i--) if (isTemp(sc[i])) out.push([i, sc.splice(i, 1)[0]!]);
    return out;
  }

  /** Puts back what {@link hideTemps} took. */
  restoreTemps(hidden: [number, Scope][]): void {
    for (let i = hidden.length - 1; i >= 0; i--) this.scopes.splice(hidden[i]![0], 0, hidden[i]![1]);
  }

  /** The innermost scope that is not a command's prefix assignments (where `local` declares). */
  localScope(): Scope {
    const sc = this.scopes;
    let i = sc.length - 1;
    while (i > 0 && isTemp(sc[i])) i--;
    return sc[i]!;
  }

  /**
   * The value `name` has in a command's environment: bash's first binding, innermost outward,
   * that is set and exported (a local without a value, or one not exported, lets an outer
   * exported binding through); an exported array hides outer ones but is not exported itself.
   */
  exported(name: string): string | undefined {
    const sc = this.scopes;
    for (let i = sc.length - 1; i >= 0; i--) {
      const v = sc[i]!.get(name);
      if (v === undefined || v.value === undefined || !(v.attrs & Attr.Export)) continue;
      return typeof v.value === "string" ? v.value : undefined;
    }
    return undefined;
  }

  /** Every exported variable as {@link exported} sees it (a fresh Map, global names first). */
  exportedAll(): Map<string, string> {
    const env = new Map<string, string>();
    const seen = new Set<string>();
    for (const s of this.scopes) {
      for (const k of s.keys()) {
        if (seen.has(k)) continue;
        seen.add(k);
        const x = this.exported(k);
        if (x !== undefined) env.set(k, x);
      }
    }
    return env;
  }

  /**
   * Follows namerefs from `name` to the final variable name, which may be an element reference
   * (`a[2]`). A circular chain resolves to "" (reads see nothing; {@link target} refuses it).
   */
  resolveName(name: string): string {
    let n = name;
    for (let i = 0; i < NAMEREF_MAX; i++) {
      const v = this.lookup(n);
      if (v === undefined || !(v.attrs & Attr.Nameref) || typeof v.value !== "string" || v.value === "") return n;
      n = v.value;
      if (n === name) return "";
    }
    return "";
  }

  /** Finds a variable following namerefs. */
  get(name: string): Var | undefined {
    const v = this.lookup(name);
    if (v !== undefined && v.attrs & Attr.Nameref) return this.lookup(this.resolveName(name));
    return v;
  }

  /** Drops the innermost scope (a function's locals, a command's prefix assignments): its variables no longer count. */
  popScope(): void {
    const s = this.scopes.pop();
    if (s !== undefined) this.count -= s.size;
  }

  /** Drops every function and temporary scope (the end of a run). */
  popToGlobal(): void {
    while (this.scopes.length > 1) this.popScope();
  }

  /** Creates `name` in `scope` (or returns the existing one there). */
  create(name: string, scope: Scope, attrs = 0): Var {
    let v = scope.get(name);
    if (v === undefined) {
      if (++this.count > this.limits.maxVariables) {
        throw new LimitError("maxVariables", `too many variables: more than ${this.limits.maxVariables}`);
      }
      v = { value: undefined, attrs };
      scope.set(name, v);
    }
    return v;
  }

  /** The variable to assign for `name`: an existing one in any scope, else a new global. */
  target(name: string): Var {
    const n = this.resolveName(name);
    if (n === "") throw new FatalError(`${name}: circular name reference`, 1, "line");
    if (n !== name && !isName(n)) throw new FatalError(`\`${n}': not a valid identifier`, 1, "command");
    return this.lookup(n) ?? this.create(n, this.scopes[0]!);
  }

  /** Assigns a scalar (or element 0 of an array), honouring attributes. */
  setScalar(name: string, value: string, append = false): void {
    const v = this.target(name);
    if (v.attrs & Attr.Readonly) throw new VarError(`${this.resolveName(name) || name}: readonly variable`);
    const val = v.value;
    if (val instanceof IndexedArray) {
      const old = val.get(0);
      val.set(0, transformCase(append && old !== undefined ? old + value : value, v.attrs));
      return;
    }
    if (val instanceof Map) {
      const old = val.get("0");
      val.set("0", transformCase(append && old !== undefined ? old + value : value, v.attrs));
      return;
    }
    const s = append && val !== undefined ? val + value : value;
    if (s.length > this.limits.maxStringBytes) throw new LimitError("maxStringBytes", `variable ${name} too long: ${s.length} bytes`);
    v.value = transformCase(s, v.attrs);
  }

  /** Removes a variable (the innermost binding). Returns false when readonly. */
  unset(name: string): boolean {
    const n = this.resolveName(name);
    const sc = this.scopeOf(n);
    if (sc === undefined) return true;
    const v = sc.get(n)!;
    if (v.attrs & Attr.Readonly) return false;
    if (sc !== this.scopes[0] && sc === this.scopes[this.scopes.length - 1] && (!(sc instanceof TempScope) || v.attrs & Attr.LocalInTemp)) {
      // bash: a local unset in its own function stays local (and unset) until the function returns
      // (a prefix-assignment binding, `v=t eval 'unset v'`, goes and reveals the one below).
      v.value = undefined;
      v.attrs &= ~(Attr.Array | Attr.Assoc | Attr.Integer | Attr.Nameref);
      return true;
    }
    sc.delete(n);
    this.count--;
    return true;
  }

  /** Every visible variable name (innermost binding wins), sorted. */
  names(): string[] {
    const set = new Set<string>();
    for (const s of this.scopes) for (const k of s.keys()) set.add(k);
    return [...set].sort();
  }
}

/** Applies -l / -u / capitalize attributes. */
export function transformCase(s: string, attrs: number): string {
  if (attrs & Attr.Lower) return s.toLowerCase();
  if (attrs & Attr.Upper) return s.toUpperCase();
  if (attrs & Attr.Capitalize) return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
  return s;
}

/** A deep copy of one variable. */
export function cloneVar(v: Var): Var {
  if (v.computed === true) return v;
  const val = v.value;
  if (val instanceof IndexedArray) return { value: val.clone(), attrs: v.attrs };
  if (val instanceof AssocArray) return { value: val.clone(), attrs: v.attrs };
  return { value: val, attrs: v.attrs };
}

/** True when `s` is a valid shell variable name. */
export function isName(s: string): boolean {
  if (s === "") return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 95 || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (i > 0 && c >= 48 && c <= 57)) continue;
    return false;
  }
  return true;
}

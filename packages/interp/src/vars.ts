/**
 * The variable store: scalars, sparse indexed arrays and associative arrays with bash's
 * attributes, in a global scope plus a stack of function scopes (dynamic scoping). Every name
 * and key lives in a `Map`, so untrusted names never touch a prototype.
 */
import { LimitError } from "@husk/host";
import type { Limits } from "@husk/host";
import { AssocArray } from "./assoc.js";
import { FatalError } from "./errors.js";
import { IndexedArray } from "./indexed.js";
import type { ByteAccount } from "./var-bytes.js";

export { AssocArray, IndexedArray };

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

/** The bytes a value holds (see var-bytes.ts). */
function bytesOf(x: Var["value"]): number {
  return x === undefined ? 0 : typeof x === "string" ? x.length : x.bytes;
}

/**
 * A variable of a {@link VarStore}: every assignment of `value`, wherever it is made, is
 * charged to the store's count of bytes held (`maxVariableBytes`) before it takes effect, and
 * an array it holds charges its own changes there until it is replaced.
 */
class Cell implements Var {
  #value: Var["value"];
  attrs: number;
  readonly #account: ByteAccount;
  constructor(account: ByteAccount, attrs: number, value: Var["value"] = undefined) {
    this.#account = account;
    this.attrs = attrs;
    this.#value = undefined;
    if (value !== undefined) this.value = value;
  }
  get value(): Var["value"] {
    return this.#value;
  }
  set value(x: Var["value"]) {
    const old = this.#value;
    if (typeof x === "string" && typeof old === "string") {
      // the usual case, kept cheap: a scalar replacing a scalar
      const d = x.length - old.length;
      if (d !== 0) this.#account.charge(d);
      this.#value = x;
      return;
    }
    if (x === old) return;
    this.#account.charge(bytesOf(x) - bytesOf(old));
    if (old !== undefined && typeof old !== "string" && old.account === this.#account) old.account = null;
    if (x !== undefined && typeof x !== "string") x.account = this.#account;
    this.#value = x;
  }
  /** Gives back the bytes it holds (it leaves the store: unset, or its scope ends). */
  release(): void {
    const old = this.#value;
    if (old === undefined) return;
    this.#account.charge(-bytesOf(old));
    if (typeof old !== "string" && old.account === this.#account) old.account = null;
    this.#value = undefined;
  }
}

/** Gives back what `v` holds if it is a store's variable (not a computed one). */
function releaseVar(v: Var): void {
  if (v instanceof Cell) v.release();
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
export class VarStore implements ByteAccount {
  scopes: Scope[] = [new Map()];
  count = 0;
  /** Bytes held in the variables (see var-bytes.ts), kept as values change. */
  bytes = 0;
  constructor(readonly limits: Pick<Limits, "maxVariables" | "maxStringBytes" | "maxVariableBytes">) {}

  /** Counts a change of the bytes held; throws (nothing changed yet) past `maxVariableBytes`. */
  charge(delta: number): void {
    const b = this.bytes + delta;
    if (delta > 0 && b > this.limits.maxVariableBytes) {
      throw new LimitError("maxVariableBytes", `variables too large: more than ${this.limits.maxVariableBytes} bytes held`);
    }
    this.bytes = b;
  }

  /** A deep copy (for subshells). */
  clone(): VarStore {
    const c = new VarStore(this.limits);
    c.scopes = this.scopes.map((s) => {
      const m: Scope = s instanceof TempScope ? new TempScope(s.context) : new Map();
      for (const [k, v] of s) m.set(k, c.copyOf(v));
      return m;
    });
    c.count = this.count;
    return c;
  }

  /** A deep copy of one variable, held by this store (its bytes counted here). */
  copyOf(v: Var): Var {
    if (v.computed === true) return v;
    const val = v.value;
    return new Cell(this, v.attrs, val instanceof IndexedArray || val instanceof AssocArray ? val.clone() : val);
  }

  /**
   * Removes `name` from `scope` and gives back the bytes its variable held: every removal of
   * a variable from a scope goes through here (or {@link popScope}), or its bytes would stay
   * counted.
   */
  drop(scope: Scope, name: string): boolean {
    const v = scope.get(name);
    if (v === undefined) return false;
    scope.delete(name);
    releaseVar(v);
    return true;
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
    if (s === undefined) return;
    this.count -= s.size;
    this.releaseAll(s);
  }

  /** Gives back the bytes of every variable of a scope that leaves the stack. */
  releaseAll(s: Scope): void {
    if (s.size !== 0) s.forEach(releaseVar);
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
      v = new Cell(this, attrs);
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
    this.drop(sc, n);
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

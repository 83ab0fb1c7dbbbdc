/**
 * Assignments: `x=v`, `x+=v`, `a[i]=v`, `a=(...)`, `a+=(...)`, prepared (expanded) first and
 * then applied, so declaration builtins (`declare`, `local`, `export`, `readonly`) can apply
 * them in their own scope with their own attributes.
 */
import { braceExpand, makeWord, parse, wordParts } from "@husk/syntax";
import type { ArrayElement, Assignment, Word, WordPart } from "@husk/syntax";
import { arithWord } from "./arith-words.js";
import { FatalError } from "./errors.js";
import type { MaybeAsync } from "./errors.js";
import type { Interp } from "./interp.js";
import { AssocArray, Attr, IndexedArray, transformCase } from "./vars.js";
import type { Scope, Var } from "./vars.js";

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

/**
 * Expands the words of an assignment (synchronously unless an expansion has to wait). `assoc`
 * says the target is declared associative by the command itself (`declare -A a=(...)`).
 */
export function prepareAssign(ip: Interp, a: Assignment, assoc = false): MaybeAsync<PreparedAssign> {
  if (a.array !== undefined) return prepareArrayAssign(ip, a, assoc);
  if (a.index === undefined) return withValue(ip, a, undefined);
  if (a.index.type === "Word" && a.index.parts.length === 0) throw new FatalError(`${a.name}[]: bad array subscript`, 1, "command");
  const index = ip.expandString(assoc ? a.index : subscript(ip, a.name, a.index));
  if (index instanceof Promise) return withValueLater(ip, a, index);
  return withValue(ip, a, index);
}

/** The subscript of `name[...]=`: for an indexed array as its arithmetic sees it (`a['2']=3` fails as in bash). */
function subscript(ip: Interp, name: string, w: Word): Word {
  const aw = arithWord(w);
  if (aw === w) return w;
  const v = ip.st.vars.get(name);
  return v !== undefined && (v.value instanceof AssocArray || v.attrs & Attr.Assoc) ? w : aw;
}

// (continuations in separate functions: a closure in the hot ones costs a context per call)
async function withValueLater(ip: Interp, a: Assignment, index: Promise<string>): Promise<PreparedAssign> {
  return withValue(ip, a, await index);
}

function withValue(ip: Interp, a: Assignment, index: string | undefined): MaybeAsync<PreparedAssign> {
  if (index === "" && a.index !== undefined) {
    // an empty key of an associative array (`A[$empty]=v`) is bash's bad subscript
    const v = ip.st.vars.get(a.name);
    if (v !== undefined && (v.value instanceof AssocArray || v.attrs & Attr.Assoc)) {
      throw new FatalError(`${a.name}[${ip.src.text.slice(a.index.start, a.index.end)}]: bad array subscript`, 1, "command");
    }
  }
  if (a.value === undefined) return { name: a.name, index, append: a.append, value: "" };
  const value = ip.expandString(a.value);
  if (value instanceof Promise) return preparedLater(a, index, value);
  return { name: a.name, index, append: a.append, value };
}

async function preparedLater(a: Assignment, index: string | undefined, value: Promise<string>): Promise<PreparedAssign> {
  return { name: a.name, index, append: a.append, value: await value };
}

async function prepareArrayAssign(ip: Interp, a: Assignment, assoc: boolean): Promise<PreparedAssign> {
  const index = a.index === undefined ? undefined : await ip.expandString(assoc ? a.index : subscript(ip, a.name, a.index));
  if (a.array !== undefined) {
    const elems: PreparedElem[] = [];
    // bash 5.2 does not tilde-expand the values of `[k]=v` in an associative array literal
    const target = ip.st.vars.get(a.name);
    const noTilde = assoc || (target !== undefined && (target.value instanceof AssocArray || (target.attrs & Attr.Assoc) !== 0));
    for (const e of a.array) {
      if (e.index !== undefined && !noTilde && ip.st.options.braceexpand && hasBraces(e.value)) {
        // bash 5.2: `[k]=-{a,b}-` in an indexed array is brace-expanded as a whole word, and
        // its results (`[k]=-a-`, `[k]=-b-`) are plain elements
        for (const v of await ip.expandWords([elementWord(e)])) elems.push({ append: false, value: v });
      } else if (e.index !== undefined) {
        elems.push({ key: await ip.expandString(e.index), append: e.append, value: await ip.expandString(noTilde ? literalTildes(e.value) : e.value) });
      } else {
        for (const v of await ip.expandWords([e.value])) elems.push({ append: false, value: v });
      }
    }
    return { name: a.name, index, append: a.append, array: elems };
  }
  const value = a.value === undefined ? "" : await ip.expandString(a.value);
  return { name: a.name, index, append: a.append, value };
}

/** True when brace expansion changes `w` (`-{a,b}-`, `a{1..1}`). */
function hasBraces(w: Word): boolean {
  const out = braceExpand(w);
  return out.length !== 1 || out[0] !== w;
}

/** The element `[k]=v` (or `[k]+=v`) as the one word bash sees. */
function elementWord(e: ArrayElement): Word {
  const lit = (value: string): WordPart => ({ type: "Literal", start: e.start, end: e.start, value });
  return makeWord(e.start, e.end, [lit("["), ...wordParts(e.index!), lit(e.append ? "]+=" : "]="), ...wordParts(e.value)]);
}

/**
 * `declare -a x='(1 2)'` (or `-A`): bash parses a scalar value that looks like a compound
 * literal as one. Returns the prepared compound assignment, or undefined when the value is not
 * such a literal (or does not parse).
 */
export async function reparseCompound(ip: Interp, p: PreparedAssign, assoc: boolean): Promise<PreparedAssign | undefined> {
  const v = p.value;
  if (v === undefined || p.array !== undefined || p.index !== undefined || !/^\(.*\)$/s.test(v)) return undefined;
  let a: Assignment | undefined;
  try {
    const cmd = parse(`${p.name}=${v}`).body[0]?.command;
    if (cmd?.type === "SimpleCommand" && cmd.words.length === 0 && cmd.assignments.length === 1) a = cmd.assignments[0];
  } catch {
    return undefined;
  }
  if (a?.array === undefined) return undefined;
  const r = await prepareAssign(ip, a, assoc);
  return { ...r, append: p.append };
}

/**
 * A compound value in a prefix assignment (`B=(x "y z") cmd`): bash binds it as the string
 * `(x y z)`, each element expanded without splitting, globbing or tildes, joined by spaces.
 */
export async function arrayAsText(ip: Interp, elems: readonly ArrayElement[]): Promise<string> {
  const out: string[] = [];
  for (const e of elems) {
    const v = await ip.expandString(literalTildes(e.value));
    out.push(e.index === undefined ? v : `[${await ip.expandString(e.index)}]${e.append ? "+=" : "="}${v}`);
  }
  return `(${out.join(" ")})`;
}

/** The word with its tilde prefixes as literal text. */
function literalTildes(w: Word): Word {
  const parts = wordParts(w);
  if (!parts.some((p) => p.type === "TildePrefix")) return w;
  return makeWord(w.start, w.end, parts.map((p) => (p.type === "TildePrefix" ? { type: "SingleQuoted", start: p.start, end: p.end, value: `~${p.user}` } : p)));
}

/**
 * `applyAssign` for an assignment statement: the subscript of an indexed element may wait for
 * a subscript's expansion as arithmetic evaluates it (`b[expr]=x` with expr='a[$(echo 2)]'),
 * and the Promise returned then settles once it is assigned; undefined when assigned at once.
 */
export function assignStatement(ip: Interp, p: PreparedAssign): Promise<void> | undefined {
  return applyAssign(ip, p, undefined, 0, true);
}

/** The variable `name` names, namerefs followed (undefined when unset); one scope walk when it is no nameref. */
function lookupResolved(ip: Interp, name: string): Var | undefined {
  const vars = ip.st.vars;
  const raw = vars.lookup(name);
  if (raw === undefined || !(raw.attrs & Attr.Nameref)) return raw;
  return vars.lookup(vars.resolveName(name));
}

/**
 * Applies a prepared assignment. With `scope`, the variable is created there (local/declare in
 * a function); `attrs` are added first (`declare -A a=(...)`). With `wait`, an indexed element's
 * subscript may wait for its expansion: a Promise is returned then (see `assignStatement`).
 */
export function applyAssign(ip: Interp, p: PreparedAssign, scope?: Scope, attrs = 0, wait = false): Promise<void> | undefined {
  const vars = ip.st.vars;
  if (scope === undefined && attrs === 0 && p.array === undefined && p.index === undefined) {
    // `x=v`: setVar does the rest (its readonly and nameref handling is the same as below)
    ip.setVar(p.name, p.value ?? "", p.append);
    return;
  }
  let v = scope !== undefined ? vars.create(p.name, scope) : lookupResolved(ip, p.name);
  if (v !== undefined && v.attrs & Attr.Readonly) throw new FatalError(`${p.name}: readonly variable`, 1, "command");
  if (attrs !== 0) {
    v ??= vars.target(p.name);
    if (attrs & Attr.Assoc && v.value instanceof IndexedArray) throw new FatalError(`${p.name}: cannot convert indexed to associative array`, 1, "command");
    if (attrs & Attr.Array && !(attrs & Attr.Assoc) && v.value instanceof AssocArray) throw new FatalError(`${p.name}: cannot convert associative to indexed array`, 1, "command");
    if (attrs & Attr.Assoc && !(v.value instanceof Map)) {
      const m = new AssocArray();
      // `declare -A s+=(...)` keeps a string value as element "0"
      if (p.append && typeof v.value === "string") m.set("0", v.value);
      v.value = m;
    } else if (attrs & Attr.Array && !(v.value instanceof IndexedArray) && !(v.value instanceof Map)) {
      v.value = v.value === undefined ? new IndexedArray() : IndexedArray.of([v.value as string]);
    }
    v.attrs |= attrs & ~Attr.Readonly;
  }
  if (p.array !== undefined) {
    v ??= vars.target(p.name);
    const name = p.name;
    if (p.index !== undefined) throw new FatalError(`${name}[${p.index}]: cannot assign list to array member`, 1, "command");
    if (v.value instanceof Map || (v.value === undefined && v.attrs & Attr.Assoc)) {
      const prev = v.value instanceof AssocArray ? v.value : undefined;
      const m: AssocArray = p.append && prev !== undefined ? prev : new AssocArray();
      const els = p.array;
      if (els.length > 0 && els[0]!.key === undefined) {
        for (let i = 0; i < els.length; i += 2) m.set(els[i]!.value, transformCase(els[i + 1]?.value ?? "", v.attrs));
      } else {
        for (const e of els) {
          if (e.key === undefined) {
            ip.error(`${name}: ${e.value}: must use subscript when assigning associative array`);
            continue;
          }
          // bash 5.2: `[k]+=v` in `A=(...)` appends to the value A had before the assignment
          const old = e.append ? (p.append ? m : prev)?.get(e.key) : undefined;
          m.set(e.key, transformCase(old !== undefined ? old + e.value : e.value, v.attrs));
        }
      }
      v.value = m;
    } else {
      const arr = p.append ? (v.value instanceof IndexedArray ? v.value : IndexedArray.of(typeof v.value === "string" ? [v.value] : [])) : new IndexedArray();
      // subscripts are evaluated as the elements are assigned: `a=([0]=1 [a[0]]=2)` sees a[0]
      v.value = arr;
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
    if (target.value instanceof Map || (target.value === undefined && target.attrs & Attr.Assoc)) ip.setElement(p.name, p.index, p.value ?? "", p.append, target);
    else {
      // `target` is the variable's cell: evaluating the subscript can change its value, not replace it
      const i = wait ? ip.evalIndexText(p.index) : Number(ip.evalArithText(p.index));
      if (typeof i !== "number") return i.then((n) => ip.setElement(p.name, n, p.value ?? "", p.append, target));
      ip.setElement(p.name, i, p.value ?? "", p.append, target);
    }
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

/**
 * Parameter expansion: `$x`, `${x}`, `${a[i]}`, `${#x}`, `${!x}`, `${!a[@]}`, `${!pre*}` and
 * every operator (`:-` `:=` `:?` `:+`, `#` `##` `%` `%%`, `/` `//` `/#` `/%`, `^` `^^` `,` `,,`,
 * slices, `@Q` and the other transforms), applied per element on `@`/`*` lists.
 */
import { LimitError } from "@husk/host";
import { onlyPart, parse, wordParts } from "@husk/syntax";
import type { Arithmetic, ParamExp, ParamOp, SingleQuoted, Word, WordPart } from "@husk/syntax";
import type { CompiledGlob } from "@husk/pattern";
import { FieldBuilder, Mode } from "./fields.js";
import { expandPrompt } from "./prompt.js";
import type { Interp } from "./interp.js";
import { bashMatchLength, bashMisjudgesLength, compilePattern, hasGlob, unescapePattern } from "./pattern.js";
import { Attr, IndexedArray, isName } from "./vars.js";
import { DYNAMIC_VARS, isDynamicVar } from "./special-params.js";
import type { Var } from "./vars.js";
import { ArithError } from "./arith.js";
import { literalText } from "./arith-words.js";
import { FatalError } from "./errors.js";
import type { MaybeAsync } from "./errors.js";
import { shellQuote, attrFlags, declareValue } from "./quote.js";
import { decodeEscapes } from "./escapes.js";
import { isElementRef, parseRef } from "./refs.js";
import type { Ref } from "./refs.js";

/** The reference an indirection's text names; text that is none ends the line, as in bash. */
function indirectRef(text: string | undefined): Ref | undefined {
  try {
    return parseRef(text);
  } catch (e) {
    if (e instanceof FatalError) throw new FatalError(e.message, 1, "line", true);
    throw e;
  }
}

/** A parameter's value: one string (or unset), or a list from `@`/`*`. */
export type PValue = { readonly list: false; readonly v: string | undefined } | { readonly list: true; readonly items: string[]; readonly star: boolean };

const UNSET: PValue = { list: false, v: undefined };

/**
 * Expands a ParamExp part into the builder (`q`: inside double quotes). Synchronous unless a
 * subscript, pattern or operator word has to wait (or the form is one handled only by the
 * general path: indirection, `${x:-w}`-style defaults, `${!pre*}`).
 */
export function expandParam(ip: Interp, pe: ParamExp, q: boolean, b: FieldBuilder): MaybeAsync<void> {
  const op = pe.op;
  if (pe.indirect || (op !== undefined && (op.kind === "default" || op.kind === "names" || op.kind === "bad"))) return expandParamAsync(ip, pe, q, b);
  const ref: Ref = pe;
  if (typeof pe.index === "object" && pe.index.type === "Word" && pe.index.parts.length === 0) throw emptySubscript(ip, pe);
  const val = lookup(ip, pe.name, pe.index);
  if (val instanceof Promise) return finishParamLater(ip, pe, ref, val, q, b);
  return finishParam(ip, pe, ref, val, q, b);
}

/** `${a[]}`: bash's bad substitution, when it runs. */
function emptySubscript(ip: Interp, pe: ParamExp): FatalError {
  return badSubstitution(ip, pe, `\${${pe.name}[]}`);
}

/** `${x:}` */
function emptySlice(ip: Interp, pe: ParamExp): FatalError {
  return badSubstitution(ip, pe, `\${${pe.name}${typeof pe.index === "string" ? `[${pe.index}]` : ""}:}`);
}

/** A bad substitution of `pe`, named by its source text (else `fallback`). */
function badSubstitution(ip: Interp, pe: ParamExp, fallback: string): FatalError {
  const text = ip.src.text.slice(pe.start, pe.end);
  return new FatalError(`${text.startsWith("${") ? text : fallback}: bad substitution`, 1, "line", true);
}

// The hot functions here keep their asynchronous continuations (and per-element callbacks) in
// separate functions: a closure inside them would make V8 allocate a context at every call.

async function finishParamLater(ip: Interp, pe: ParamExp, ref: Ref, val: Promise<PValue>, q: boolean, b: FieldBuilder): Promise<void> {
  return finishParam(ip, pe, ref, await val, q, b);
}

async function emitLater(ip: Interp, val: Promise<PValue>, q: boolean, b: FieldBuilder): Promise<void> {
  emit(ip, await val, q, b);
}

/** The general path of `expandParam`. */
async function expandParamAsync(ip: Interp, pe: ParamExp, q: boolean, b: FieldBuilder): Promise<void> {
  const op = pe.op;
  if (op?.kind === "bad") throw new FatalError(`\${${op.text}}: bad substitution`, 1, "line", true);
  // ${!prefix*} / ${!prefix@}
  if (op?.kind === "names") {
    const names = ip.st.vars.names().filter((n) => n.startsWith(pe.name) && ip.st.vars.lookup(n)?.value !== undefined);
    // the dynamic variables are names too (`${!RAN*}` is RANDOM)
    for (const d of DYNAMIC_VARS.keys()) if (d.startsWith(pe.name) && isDynamicVar(ip, d)) names.push(d);
    names.sort();
    if (op.star && nullIfsStar(ip, q, b)) return b.split(names.join(""));
    return emit(ip, { list: true, items: names, star: op.star }, q, b);
  }
  let ref: Ref = { name: pe.name, index: pe.index };
  const listIndirect = pe.indirect && (pe.index === "@" || pe.index === "*");
  if (listIndirect && op !== undefined) {
    // ${!a[@]OP}: with an operator, the elements joined by spaces name the parameter
    const v = ip.st.vars.get(pe.name);
    if (v === undefined) throw new FatalError(`${pe.name}[${pe.index}]: invalid indirect expansion`, 1, "line", true);
    const joined = (await lookup(ip, pe.name, pe.index)) as { items?: string[] };
    ref = indirectRef((joined.items ?? []).join(" ")) ?? { name: "" };
  } else if (listIndirect) {
    // ${!a[@]}: the keys of an array
    const v = ip.st.vars.get(pe.name);
    const keys = v === undefined ? [] : keysOf(v);
    if (pe.index === "*" && nullIfsStar(ip, q, b)) return b.split(keys.join(" "));
    return emit(ip, { list: true, items: keys, star: pe.index === "*" }, q, b);
  } else if (pe.indirect) {
    const nv = ip.st.vars.lookup(pe.name);
    if (nv !== undefined && nv.attrs & Attr.Nameref && typeof nv.value === "string") {
      return emit(ip, { list: false, v: nv.value }, q, b);
    }
    const text = pe.index !== undefined && typeof pe.index === "object" ? ((await lookup(ip, pe.name, pe.index)) as { v?: string }).v : ip.getScalar(pe.name);
    const target = indirectRef(text);
    if (target === undefined) {
      // bash 5.2: a variable that does not exist cannot be indirected through, whatever the
      // operator (`${!u:-d}` too); an unset positional parameter, or a variable without a value
      // (`declare x`, an array without element 0: `${!A}` of an associative array), expands as
      // unset; an empty value is no name
      if (text === "") throw new FatalError(": invalid variable name", 1, "line", true);
      const sub = typeof pe.index === "object" ? `[${ip.src.text.slice(pe.index.start, pe.index.end)}]` : "";
      if (!/^[0-9@*#?$!-]/.test(pe.name) && ip.st.vars.get(pe.name) === undefined) throw new FatalError(`${pe.name}${sub}: invalid indirect expansion`, 1, "line", true);
      if (op === undefined || op.kind !== "default") {
        if (ip.st.options.nounset) throw unbound(ip, `!${pe.name}${sub}`);
        return;
      }
    } else ref = target;
  }
  let val: PValue = await lookup(ip, ref.name, ref.index);
  if (!pe.length && op?.kind === "default") {
    const isSet = val.list ? val.items.length > 0 : val.v !== undefined;
    // a list is null when its join is: a quoted "$*" joins with IFS's first character, the
    // other forms with a space
    const starJoin = val.list && val.star && q;
    const ifs = starJoin ? ip.getScalar("IFS") : undefined;
    const nonEmpty = val.list ? val.items.join(starJoin ? (ifs === undefined ? " " : ifs.slice(0, 1)) : " ") !== "" : (val.v ?? "") !== "";
    // bash quirk: through `${!ref}` to `a[@]`/`a[*]`, the `:` forms test only set-ness
    const ok = op.op.startsWith(":") && !(pe.indirect && val.list) ? isSet && nonEmpty : isSet;
    switch (op.op) {
      case ":-":
      case "-":
        if (ok) return emit(ip, val, q, b);
        return expandInto(ip, op.word, q, b);
      case ":+":
      case "+":
        if (!ok) return;
        return expandInto(ip, op.word, q, b);
      case ":=":
      case "=": {
        if (ok) return emit(ip, val, q, b);
        if (!isName(ref.name) || (ref.index !== undefined && typeof ref.index !== "object")) {
          throw new FatalError(`$${ref.name}: cannot assign in this way`, 1, "command");
        }
        const s = q ? await quotedWordString(ip, op.word) : await ip.expandString(op.word);
        if (ref.index !== undefined && typeof ref.index === "object") await ip.assignIndexed(ref.name, ref.index, s);
        else ip.setVar(ref.name, s);
        val = await lookup(ip, ref.name, ref.index);
        return emit(ip, val, q, b);
      }
      default: {
        if (ok) return emit(ip, val, q, b);
        const msg = op.word.type === "Word" && op.word.parts.length === 0 ? (op.op === ":?" ? "parameter null or not set" : "parameter not set") : await ip.expandString(op.word);
        // bash names an indirection itself (`!w: message`)
        throw new FatalError(`${pe.indirect ? `!${pe.name}` : displayName(ref)}: ${msg}`, 1, "exit");
      }
    }
  }
  return finishParam(ip, pe, ref, val, q, b);
}

/** `${#x}`, the set -u check, then the operator (not a default) and the emission of the value. */
function finishParam(ip: Interp, pe: ParamExp, ref: Ref, val: PValue, q: boolean, b: FieldBuilder): MaybeAsync<void> {
  const op = pe.op;
  if (pe.length) {
    if (val.list) return emit(ip, { list: false, v: String(val.items.length) }, q, b);
    if (val.v === undefined && ip.st.options.nounset && !isSpecialSet(ref.name)) throw unbound(ip, displayName(ref));
    return emit(ip, { list: false, v: String(charLength(val.v ?? "")) }, q, b);
  }
  if (!val.list && val.v === undefined && ip.st.options.nounset && !isSpecialSet(ref.name)) {
    // bash names the indirection itself: `${!r}` to an unset variable is `!r: unbound variable`
    throw unbound(ip, pe.indirect && op === undefined ? `!${pe.name}` : displayName(ref));
  }
  if (op === undefined) return emit(ip, val, q, b);
  // operators see the parameter the indirection reached (`${!r@a}`, slices of `${!r}`)
  const r = applyOps(ip, pe.indirect ? { ...pe, name: ref.name, index: ref.index, indirect: false } : pe, val);
  if (r instanceof Promise) return emitLater(ip, r, q, b);
  return emit(ip, r, q, b);
}

/**
 * Unquoted `${!a[*]}` and `${!prefix*}` as words with IFS set to null: bash joins them into one
 * field (the keys with spaces, the names with nothing), where `$*` stays separate fields.
 */
function nullIfsStar(ip: Interp, q: boolean, b: FieldBuilder): boolean {
  return !q && b.mode === Mode.Fields && ip.getScalar("IFS") === "";
}

function displayName(ref: Ref): string {
  if (ref.index === undefined) return ref.name;
  if (typeof ref.index === "string") return `${ref.name}[${ref.index}]`;
  return `${ref.name}[${wordParts(ref.index).map((p) => ("value" in p ? p.value : "")).join("")}]`;
}

function isSpecialSet(name: string): boolean {
  return name === "@" || name === "*";
}

function unbound(ip: Interp, name: string): FatalError {
  return new FatalError(`${name}: unbound variable`, 1, "exit");
}

/** Upper case of one character, unless it would become several (bash keeps `ß`). */
function upper1(ch: string): string {
  const u = ch.toUpperCase();
  return u.length === ch.length ? u : ch;
}

function lower1(ch: string): string {
  const l = ch.toLowerCase();
  return l.length === ch.length ? l : ch;
}

/** Counts characters (code points) the way bash does in a UTF-8 locale. */
export function charLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) n--;
  }
  return n;
}

/** Expands a word's parts into the builder with the given quoting (for `${x:-word}`). */
async function expandInto(ip: Interp, w: Word, q: boolean, b: FieldBuilder): Promise<void> {
  if (q) {
    // inside double quotes, the word of ${x:-word} keeps single quotes and most backslashes
    for (const p of wordParts(w)) {
      if (p.type === "SingleQuoted") {
        // ... and what is between them expands as in double quotes: "${u:-'$v'}" is '<v>'
        const inner = /[$`\\]/.test(p.value) ? quotedInner(p) : undefined;
        if (inner === undefined) b.quoted(`'${p.value}'`);
        else {
          b.quoted("'");
          await ip.expandPartsInto(inner, true, b);
          b.quoted("'");
        }
      }
      else if (p.type === "Escaped" && !"$`\"\\}".includes(p.value)) b.quoted(`\\${p.value}`);
      else await ip.expandPartsInto([p], true, b);
    }
    return;
  }
  await ip.expandWordPartsInto(w, q, b, !q);
}

/** The word of a double-quoted `"${x:=word}"` as the value it assigns (quotes kept as expandInto keeps them). */
async function quotedWordString(ip: Interp, w: Word): Promise<string> {
  const b = new FieldBuilder(Mode.String);
  await expandInto(ip, w, true, b);
  return b.result();
}

const innerCache = new WeakMap<SingleQuoted, readonly WordPart[] | null>();

/** The text of `'...'` in a double-quoted `${x:-'...'}` parsed as double-quoted text (undefined when it cannot be). */
function quotedInner(p: SingleQuoted): readonly WordPart[] | undefined {
  let parts = innerCache.get(p);
  if (parts === undefined) {
    parts = null;
    if (!p.value.includes('"')) {
      try {
        const st = parse(`: "${p.value}"`).body[0]?.command;
        const w = st?.type === "SimpleCommand" ? st.words[1] : undefined;
        const dq = w === undefined ? undefined : onlyPart(w);
        if (dq?.type === "DoubleQuoted") parts = dq.parts;
      } catch {
        // not parseable in double quotes: kept literal
      }
    }
    innerCache.set(p, parts);
  }
  return parts ?? undefined;
}

/** Appends a value to the builder. */
function emit(ip: Interp, val: PValue, q: boolean, b: FieldBuilder): void {
  if (!val.list) {
    if (val.v === undefined) return;
    if (q) b.quoted(val.v);
    else b.split(val.v);
    return;
  }
  const items = val.items;
  if (val.star && (q || b.mode !== Mode.Fields)) {
    const ifs = ip.getScalar("IFS");
    const sep = ifs === undefined ? " " : ifs.slice(0, 1);
    if (q) b.quoted(items.join(sep));
    else b.split(items.join(sep));
    return;
  }
  if (b.mode !== Mode.Fields) {
    const s = items.join(" ");
    if (q) b.quoted(s);
    else b.literal(s);
    return;
  }
  const ifs = ip.getScalar("IFS");
  const forceEmpty = ifs !== undefined && /[^ \t\n]/.test(ifs);
  for (let i = 0; i < items.length; i++) {
    if (i > 0) {
      if (q || forceEmpty) b.endField(true);
      else if (b.open) b.endField();
    }
    if (q) b.quoted(items[i]!);
    else b.split(items[i]!);
  }
}

/** The keys of a variable (`${!a[@]}`). */
export function keysOf(v: Var): string[] {
  const val = v.value;
  if (val instanceof IndexedArray) return val.keys().map(String);
  if (val instanceof Map) return [...val.keys()];
  return val === undefined ? [] : ["0"];
}

/** Looks up `name` or `name[index]` (synchronous unless the subscript's expansion waits). */
export function lookup(ip: Interp, name: string, index: Word | "@" | "*" | undefined): MaybeAsync<PValue> {
  if (index === undefined) {
    if (name === "@" || name === "*") return { list: true, items: ip.st.positional.slice(), star: name === "*" };
    const raw = ip.st.vars.lookup(name);
    if (raw !== undefined && !(raw.attrs & Attr.Nameref) && name !== "_") {
      // a variable of the store: its value (element 0 of an array), as getScalar gives it
      const val = raw.value;
      return { list: false, v: typeof val === "object" ? (val instanceof Map ? val.get("0") : val.get(0)) : val };
    }
    if (raw !== undefined && raw.attrs & Attr.Nameref) {
      // a nameref to an element (`declare -n r='a[2]'`) reads that element
      const target = ip.st.vars.resolveName(name);
      if (isElementRef(target)) {
        const r = parseRef(target);
        if (r !== undefined) return lookup(ip, r.name, r.index);
      }
    }
    const arr = ip.st.vars.get(name);
    if (arr !== undefined && typeof arr.value === "object") {
      const val = arr.value;
      return { list: false, v: val instanceof Map ? val.get("0") : val.get(0) };
    }
    return { list: false, v: ip.getScalar(name) };
  }
  const v = ip.st.vars.get(name);
  if (index === "@" || index === "*") {
    const star = index === "*";
    if (v === undefined) {
      const s = ip.getScalar(name);
      return { list: true, items: s === undefined ? [] : [s], star };
    }
    const val = v.value;
    if (val instanceof IndexedArray) return { list: true, items: val.values(), star };
    if (val instanceof Map) return { list: true, items: [...val.values()], star };
    return { list: true, items: val === undefined ? [] : [val], star };
  }
  const val = v?.value;
  if (val instanceof Map) {
    const key = ip.expandString(index);
    if (key instanceof Promise) return keyLater(val, key);
    return { list: false, v: val.get(key) };
  }
  // `declare -A A` with no value yet: still a string key, not arithmetic
  if (v !== undefined && v.attrs & Attr.Assoc) return keyLater(new Map(), ip.expandString(index));
  const n = ip.arithIndex(index);
  if (n instanceof Promise) return elementLater(ip, name, v, n);
  return element(ip, name, v, n);
}

async function keyLater(val: Map<string, string>, key: MaybeAsync<string>): Promise<PValue> {
  return { list: false, v: val.get(await key) };
}

async function elementLater(ip: Interp, name: string, v: Var | undefined, n: Promise<number>): Promise<PValue> {
  return element(ip, name, v, await n);
}

/** Element `n` of an indexed array (or of a scalar: index 0 / -1). */
function element(ip: Interp, name: string, v: Var | undefined, n: number): PValue {
  const val = v?.value;
  if (val instanceof IndexedArray) {
    let i = n;
    if (i < 0) i += val.end;
    // bash reports an index before the first element and goes on with nothing
    if (i < 0) ip.error(`${name}: bad array subscript`);
    return { list: false, v: i < 0 ? undefined : val.get(i) };
  }
  if (n === 0 || n === -1) return { list: false, v: v === undefined ? ip.getScalar(name) : (val as string | undefined) };
  return UNSET;
}

/** `f` applied to a value (per element on lists). */
function mapValue(val: PValue, f: (s: string) => string): PValue {
  return val.list ? { list: true, items: val.items.map(f), star: val.star } : { list: false, v: val.v === undefined ? undefined : f(val.v) };
}

const PATTERN_OPTS = { extglob: true, nocase: false } as const;

/** Applies a non-default operator to a value (synchronous unless a word's expansion waits). */
function applyOps(ip: Interp, pe: ParamExp, val: PValue): MaybeAsync<PValue> {
  const op = pe.op!;
  switch (op.kind) {
    case "trim": {
      const pat = ip.expandPattern(op.pattern);
      if (pat instanceof Promise) return trimLater(val, pat, op.op);
      return trimValue(val, pat, op.op);
    }
    case "replace": {
      const pat = ip.expandPattern(op.pattern);
      if (pat instanceof Promise) return replaceLater(ip, op, val, pat);
      return replaceWith(ip, op, val, pat);
    }
    case "case": {
      if (op.pattern === undefined) {
        if (!val.list) return val.v === undefined ? val : { list: false, v: caseNoPattern(val.v, op.op[0] === "^", op.op.length === 2) };
        return mapValue(val, caseMapper(ip, op.op, ""));
      }
      const pat = ip.expandPattern(op.pattern);
      return pat instanceof Promise ? caseLater(ip, op.op, val, pat) : mapValue(val, caseMapper(ip, op.op, pat));
    }
    case "transform":
      if (op.op !== "P") return transform(ip, pe, val, op.op);
      return applyOpsAsync(ip, pe, val);
    default:
      return applyOpsAsync(ip, pe, val);
  }
}

async function trimLater(val: PValue, pat: Promise<string>, op: string): Promise<PValue> {
  return trimValue(val, await pat, op);
}

async function replaceLater(ip: Interp, op: Extract<ParamOp, { kind: "replace" }>, val: PValue, pat: Promise<string>): Promise<PValue> {
  return replaceWith(ip, op, val, await pat);
}

async function caseLater(ip: Interp, op: string, val: PValue, pat: Promise<string>): Promise<PValue> {
  return mapValue(val, caseMapper(ip, op, await pat));
}

/** `${x#pat}`-style trimming of a value (per element on lists). */
function trimValue(val: PValue, pat: string, op: string): PValue {
  if (!val.list) return val.v === undefined ? val : { list: false, v: trim(val.v, pat, op, PATTERN_OPTS) };
  return trimList(val, pat, op);
}

function trimList(val: Extract<PValue, { list: true }>, pat: string, op: string): PValue {
  return { list: true, items: val.items.map((s) => trim(s, pat, op, PATTERN_OPTS)), star: val.star };
}

/** `${x/pat/rep}` once the pattern is expanded. */
function replaceWith(ip: Interp, op: Extract<ParamOp, { kind: "replace" }>, val: PValue, pat: string): MaybeAsync<PValue> {
  const patsub = ip.st.opt("patsub_replacement");
  if (op.replacement === undefined) return replaceValue(ip, op.op, val, pat, "", patsub);
  const rep = ip.expandPattern(op.replacement);
  return rep instanceof Promise ? replaceValueLater(ip, op.op, val, pat, rep, patsub) : replaceValue(ip, op.op, val, pat, rep, patsub);
}

async function replaceValueLater(ip: Interp, op: string, val: PValue, pat: string, rep: Promise<string>, patsub: boolean): Promise<PValue> {
  return replaceValue(ip, op, val, pat, await rep, patsub);
}

/** `replace` applied to a value (per element on lists). */
function replaceValue(ip: Interp, op: string, val: PValue, pat: string, rep: string, patsub: boolean): PValue {
  const max = ip.rt.limits.maxStringBytes;
  if (!val.list) return val.v === undefined ? val : { list: false, v: replace(val.v, pat, rep, op, PATTERN_OPTS, patsub, max) };
  return replaceList(val, pat, rep, op, patsub, max);
}

function replaceList(val: Extract<PValue, { list: true }>, pat: string, rep: string, op: string, patsub: boolean, max: number): PValue {
  return { list: true, items: val.items.map((s) => replace(s, pat, rep, op, PATTERN_OPTS, patsub, max)), star: val.star };
}

const ASCII = /^[\x00-\x7f]*$/;

/** The per-string function of `${x^pat}` `${x^^pat}` `${x,pat}` `${x,,pat}` (`pat` "" for none). */
function caseMapper(ip: Interp, op: string, pat: string): (s: string) => string {
  const up = op[0] === "^";
  const all = op.length === 2;
  if (pat === "") return (s) => caseNoPattern(s, up, all);
  const re = compilePattern(pat, { extglob: true, nocase: ip.st.opt("nocasematch") });
  return (s) => caseEach(s, up, all, re);
}

/** `${x^}` `${x^^}` `${x,}` `${x,,}`: ASCII text maps as a whole; other text character by character (bash keeps `ß`). */
function caseNoPattern(s: string, up: boolean, all: boolean): string {
  if (all) return ASCII.test(s) ? (up ? s.toUpperCase() : s.toLowerCase()) : caseEach(s, up, all, undefined);
  return s !== "" && s.charCodeAt(0) < 128 ? (up ? s[0]!.toUpperCase() : s[0]!.toLowerCase()) + s.slice(1) : caseEach(s, up, all, undefined);
}

function caseEach(s: string, up: boolean, all: boolean, re: CompiledGlob | undefined): string {
  let out = "";
  let done = false;
  for (const ch of s) {
    if (!done && (re === undefined || re.matches(ch))) {
      out += up ? upper1(ch) : lower1(ch);
      if (!all) done = true;
    } else {
      out += ch;
      if (!all) done = true;
    }
  }
  return out;
}

/** A slice bound; an error of the bound's own arithmetic names the parameter, as bash's does (`x: 1/0: division by 0`). */
async function sliceBound(ip: Interp, pe: ParamExp, a: Arithmetic): Promise<number> {
  try {
    return Number(await ip.evalArithRaw(a));
  } catch (e) {
    if (!(e instanceof ArithError)) throw e;
    const index = pe.index === undefined ? "" : `[${typeof pe.index === "string" ? pe.index : literalText(pe.index)}]`;
    throw new FatalError(`${pe.name}${index}: ${e.message}`, 1, "line");
  }
}

/** The operators whose evaluation may wait: slices (arithmetic) and `@P` (prompt expansion). */
async function applyOpsAsync(ip: Interp, pe: ParamExp, val: PValue): Promise<PValue> {
  const op = pe.op!;
  switch (op.kind) {
    case "slice": {
      // `${x:}` (no offset, no length) is a bad substitution, even for an unset x
      if (op.length === undefined && op.offset.source.type === "Word" && op.offset.source.parts.length === 0) throw emptySlice(ip, pe);
      // bash evaluates no bound of an unset parameter or an empty array: `${x:1/0}` is ""
      if (val.list ? val.items.length === 0 && pe.name !== "@" && pe.name !== "*" : val.v === undefined) return val;
      const off = await sliceBound(ip, pe, op.offset);
      const len = op.length === undefined ? undefined : await sliceBound(ip, pe, op.length);
      if (val.list) {
        let items = val.items;
        if (pe.name === "@" || pe.name === "*") {
          items = [ip.st.arg0, ...items];
        } else if (pe.index !== undefined) {
          // sparse arrays slice by index
          const v = ip.st.vars.get(pe.name);
          if (v?.value instanceof IndexedArray) {
            const arr = v.value;
            const keys = arr.keys();
            let start = off < 0 ? arr.end + off : off;
            if (start < 0) return { list: true, items: [], star: val.star };
            const sel = keys.filter((k) => k >= start).map((k) => arr.get(k)!);
            if (len !== undefined && len < 0) throw new FatalError(`${len}: substring expression < 0`, 1, "line");
            return { list: true, items: len === undefined ? sel : sel.slice(0, len), star: val.star };
          }
        }
        // bash counts an associative array's offsets from 1 (0 is taken as 1)
        const from1 = pe.index !== undefined && !pe.indirect && ip.st.vars.get(pe.name)?.value instanceof Map;
        let start = off < 0 ? items.length + off : from1 && off > 0 ? off - 1 : off;
        if (start < 0) return { list: true, items: [], star: val.star };
        if (len !== undefined && len < 0) throw new FatalError(`${len}: substring expression < 0`, 1, "line");
        return { list: true, items: items.slice(start, len === undefined ? undefined : start + len), star: val.star };
      }
      const chars = Array.from(val.v!);
      let start = off < 0 ? chars.length + off : off;
      if (start < 0 || start > chars.length) return { list: false, v: "" };
      let end = chars.length;
      if (len !== undefined) {
        end = len < 0 ? chars.length + len : start + len;
        if (end < start) {
          if (len < 0) throw new FatalError(`${len}: substring expression < 0`, 1, "line");
          end = start;
        }
      }
      return { list: false, v: chars.slice(start, end).join("") };
    }
    case "transform":
      if (op.op === "P") {
        if (!val.list) return { list: false, v: val.v === undefined ? undefined : await expandPrompt(ip, val.v) };
        const items: string[] = [];
        for (const it of val.items) items.push(await expandPrompt(ip, it));
        return { list: true, items, star: val.star };
      }
      return transform(ip, pe, val, op.op);
    default:
      return val;
  }
}

function transform(ip: Interp, pe: ParamExp, val: PValue, op: string): PValue {
  const f = (s: string): string => {
    switch (op) {
      case "Q":
        return shellQuote(s);
      case "E":
        return decodeEscapes(s, false).text;
      case "U":
        return Array.from(s, upper1).join("");
      case "u":
        return s === "" ? s : upper1(Array.from(s)[0]!) + s.slice(Array.from(s)[0]!.length);
      case "L":
        return Array.from(s, lower1).join("");
      default:
        return s;
    }
  };
  if (op === "a") {
    const v = ip.st.vars.get(pe.name);
    const flags = v === undefined ? "" : attrFlags(v);
    return val.list ? { list: true, items: val.items.map(() => flags), star: val.star } : { list: false, v: val.v === undefined && v === undefined ? undefined : flags };
  }
  if (op === "A") {
    const v = ip.st.vars.get(pe.name);
    if (v === undefined) return val.list ? val : { list: false, v: val.v === undefined ? undefined : `${pe.name}=${shellQuote(val.v)}` };
    const flags = attrFlags(v);
    const decl = flags === "" ? "" : `declare -${flags} `;
    if (typeof v.value === "object" && (pe.index === "@" || pe.index === "*" || pe.index === undefined)) {
      return { list: false, v: `declare -${flags || "-"} ${pe.name}=${declareValue(v)}` };
    }
    return { list: false, v: val.list ? undefined : val.v === undefined ? undefined : `${decl}${pe.name}=${shellQuote(val.v)}` };
  }
  if (op === "K" || op === "k") {
    const v = ip.st.vars.get(pe.name);
    if (v !== undefined && typeof v.value === "object") {
      const parts: string[] = [];
      const value = v.value;
      if (value instanceof Map) for (const [k, x] of value) parts.push(op === "K" ? `${shellQuote(k)} ${shellQuote(x)}` : k, ...(op === "k" ? [x] : []));
      else for (const k of value.keys()) parts.push(op === "K" ? `${k} ${shellQuote(value.get(k)!)}` : String(k), ...(op === "k" ? [value.get(k)!] : []));
      if (op === "K") return { list: false, v: parts.join(" ") };
      return { list: true, items: parts, star: pe.index === "*" };
    }
    return val.list ? { list: true, items: val.items.map(shellQuote), star: val.star } : { list: false, v: val.v === undefined ? undefined : shellQuote(val.v) };
  }
  return val.list ? { list: true, items: val.items.map(f), star: val.star } : { list: false, v: val.v === undefined ? undefined : f(val.v) };
}

/** `${s#pat}` `${s##pat}` `${s%pat}` `${s%%pat}`. */
export function trim(s: string, pat: string, op: string, opts: { extglob: boolean; nocase: boolean }): string {
  if (!hasGlob(pat, opts.extglob)) {
    const lit = unescapePattern(pat);
    if (op[0] === "#") return s.startsWith(lit) ? s.slice(lit.length) : s;
    return s.endsWith(lit) ? s.slice(0, s.length - lit.length) : s;
  }
  const g = compilePattern(pat, opts);
  if (op[0] === "#") {
    const n = g.matchPrefix(s, op === "##");
    return n < 0 ? s : s.slice(n);
  }
  const i = g.matchSuffix(s, op === "%%");
  return i < 0 ? s : s.slice(0, i);
}

/**
 * `${s/pat/rep}` and its `//`, `/#`, `/%` forms; `rep` is in escaped form (`&` is the match).
 * Throws LimitError (maxStringBytes) as soon as the result would grow past `maxBytes`.
 */
export function replace(s: string, pat: string, rep: string, op: string, opts: { extglob: boolean; nocase: boolean }, patsub: boolean, maxBytes = Number.POSITIVE_INFINITY): string {
  const repl = (m: string): string => {
    if (!patsub) return unescapePattern(rep);
    let out = "";
    for (let i = 0; i < rep.length; i++) {
      const c = rep[i]!;
      if (c === "\\" && i + 1 < rep.length) out += rep[++i];
      else if (c === "&") out += m;
      else out += c;
    }
    return out;
  };
  if (pat === "") return op === "/#" ? repl("") + s : op === "/%" ? s + repl("") : s;
  if (!opts.nocase && !hasGlob(pat, opts.extglob)) return replaceLiteral(s, unescapePattern(pat), repl, op, maxBytes);
  const g = compilePattern(pat, opts);
  // bash's pat_subst: an empty value matches only a pattern that can start there, one that begins with `*`
  if (s === "") return pat.startsWith("*") && g.matchPrefix("", true) === 0 ? repl("") : "";
  const fixed = bashMisjudgesLength(pat) ? bashMatchLength(pat) : -1;
  if (fixed >= 0) return replaceFixed(s, g, fixed, repl, op);
  if (op === "/#") {
    const n = g.matchPrefix(s, true);
    return n < 0 ? s : repl(s.slice(0, n)) + s.slice(n);
  }
  if (op === "/%") {
    const i = g.matchSuffix(s, true);
    return i < 0 ? s : s.slice(0, i) + repl(s.slice(i));
  }
  let out = "";
  let from = 0;
  let last = 0;
  while (from <= s.length) {
    const m = g.search(s, from);
    if (m === null) break;
    // as bash: an empty match at the end is none; elsewhere the replacement goes in and the
    // next character is copied before searching again
    if (m.end === m.start && m.start === s.length) break;
    out += s.slice(last, m.start) + repl(s.slice(m.start, m.end));
    // TM-DOS-004: `${x//?/$x$x}` grows quadratically; stop before the string is built
    if (out.length > maxBytes) throw new LimitError("maxStringBytes", `string too long: more than ${maxBytes} bytes`);
    last = from = m.end;
    if (op === "/") break;
    if (m.end === m.start) {
      out += s[m.start];
      last = from = m.start + 1;
    }
  }
  return out + s.slice(last);
}

/**
 * `replace` as bash's match_upattern does it for a pattern it takes to match `len` characters
 * (not -1): only matches of that length count. Used where bash's length is wrong.
 */
function replaceFixed(s: string, g: CompiledGlob, len: number, repl: (m: string) => string, op: string): string {
  if (len > s.length) return s;
  if (op === "/#") return g.matches(s.slice(0, len)) ? repl(s.slice(0, len)) + s.slice(len) : s;
  if (op === "/%") return g.matches(s.slice(s.length - len)) ? s.slice(0, s.length - len) + repl(s.slice(s.length - len)) : s;
  let out = "";
  let last = 0;
  for (let p = 0; p + len <= s.length; p++) {
    if (!g.matches(s.slice(p, p + len))) continue;
    out += s.slice(last, p) + repl(s.slice(p, p + len));
    last = p + len;
    if (op === "/") break;
    p = last - 1;
  }
  return out + s.slice(last);
}

/** `replace` for a pattern without glob operators: plain string search for `lit` (non-empty). */
function replaceLiteral(s: string, lit: string, repl: (m: string) => string, op: string, maxBytes: number): string {
  if (op === "/#") return s.startsWith(lit) ? repl(lit) + s.slice(lit.length) : s;
  if (op === "/%") return s.endsWith(lit) ? s.slice(0, s.length - lit.length) + repl(lit) : s;
  let i = s.indexOf(lit);
  if (i < 0) return s;
  const r = repl(lit);
  let out = "";
  let last = 0;
  while (i >= 0) {
    out += s.slice(last, i) + r;
    if (out.length > maxBytes) throw new LimitError("maxStringBytes", `string too long: more than ${maxBytes} bytes`);
    last = i + lit.length;
    if (op === "/") break;
    i = s.indexOf(lit, last);
  }
  return out + s.slice(last);
}

/**
 * Word expansion in bash's order: brace, tilde, parameter, command substitution, arithmetic,
 * word splitting, pathname expansion, quote removal.
 */
import { BraceLimitError, braceExpand, onlyPart, type ParamExp, type Word, type WordPart } from "@husk/syntax";
import { FatalError } from "./errors.js";
import { FieldBuilder, Mode } from "./fields.js";
import type { Field } from "./fields.js";
import { globExpand } from "./glob.js";
import { intToString } from "./int64.js";
import type { Int } from "./int64.js";
import type { Interp } from "./interp.js";
import { expandParam } from "./params.js";
import { expandExtGlobInto } from "./extglob.js";
import { hasGlob, unescapePattern } from "./pattern.js";
import { LimitError } from "@husk/host";
import type { MaybeAsync } from "./errors.js";

/**
 * Expands command words into argument strings (splitting and globbing). Synchronous unless a
 * word needs a command substitution or another asynchronous expansion, or a field needs
 * pathname expansion. As in bash, every word is expanded and split before any is globbed.
 */
export function expandWords(ip: Interp, words: readonly Word[]): MaybeAsync<string[]> {
  // fields of the words: a string, or a Field still to glob
  const items: (string | Field)[] = [];
  const max = ip.rt.limits.maxFields;
  for (let i = 0; i < words.length; i++) {
    const w0 = words[i]!;
    if (!ip.st.options.braceexpand || !hasBraceText(w0)) {
      const r = expandWordInto(ip, w0, items);
      if (r instanceof Promise) return expandWordsFrom(ip, words, i, [w0], 0, r, items);
      continue;
    }
    const ws = expandBraces(w0, max);
    for (let j = 0; j < ws.length; j++) {
      const r = expandWordInto(ip, ws[j]!, items);
      if (r instanceof Promise) return expandWordsFrom(ip, words, i, ws, j, r, items);
    }
  }
  return globItems(ip, items);
}

/** The rest of `expandWords` once word `ws[j]` of `words[i]` went asynchronous. */
async function expandWordsFrom(ip: Interp, words: readonly Word[], i: number, ws: Word[], j: number, pending: Promise<void>, items: (string | Field)[]): Promise<string[]> {
  await pending;
  const max = ip.rt.limits.maxFields;
  for (;;) {
    for (j++; j < ws.length; j++) {
      const r = expandWordInto(ip, ws[j]!, items);
      if (r instanceof Promise) await r;
    }
    if (++i >= words.length) break;
    ws = ip.st.options.braceexpand ? expandBraces(words[i]!, max) : [words[i]!];
    j = -1;
  }
  return globItems(ip, items);
}

/** True when unquoted literal text of the word has a `{` (brace expansion may apply). */
function hasBraceText(w: Word): boolean {
  if (w.type !== "Word") return w.type === "Literal" && w.value.includes("{");
  const parts = w.parts;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p.type === "Literal" && p.value.includes("{")) return true;
  }
  return false;
}

/** Expands one (brace-expanded) word and appends its fields to `items`. */
function expandWordInto(ip: Interp, w: Word, items: (string | Field)[]): MaybeAsync<void> {
  const simple = literalField(w);
  if (simple !== undefined) {
    items.push(simple);
    return checkFields(ip, items.length);
  }
  const one = onlyPart(w);
  if (one?.type === "DoubleQuoted" && one.parts.length === 1) {
    // `"$x"` of a set variable: exactly one field, its value
    const q = one.parts[0]!;
    const v = q.type === "ParamExp" && isPlainParam(q) ? ip.getScalar(q.name) : undefined;
    if (v !== undefined) {
      items.push(v);
      return checkFields(ip, items.length);
    }
  }
  const b = new FieldBuilder(Mode.Fields, ip.getScalar("IFS"));
  const p0 = w.type === "Word" ? w.parts[0] : w;
  const m = p0?.type === "Literal" ? /^([A-Za-z_][A-Za-z0-9_]*=)~(?=\/|:|$)/.exec(p0.value) : null;
  let r: MaybeAsync<void>;
  if (m !== null && p0?.type === "Literal") {
    // bash expands a tilde after `name=` even in an ordinary argument
    b.literal(m[1]!);
    b.quoted(tilde(ip, ""));
    b.literal(p0.value.slice(m[0].length));
    r = w.type === "Word" ? expandPartsInto(ip, w.parts.slice(1), false, b) : undefined;
  } else r = expandWordPartsInto(ip, w, false, b);
  if (r instanceof Promise) return pushFieldsLater(ip, b, items, r);
  pushFields(ip, b, items);
}

// The hot functions here keep their asynchronous continuations in separate functions: a
// closure inside them would make V8 allocate a context at every call, even on the synchronous path.

async function pushFieldsLater(ip: Interp, b: FieldBuilder, items: (string | Field)[], r: Promise<void>): Promise<void> {
  await r;
  pushFields(ip, b, items);
}

async function resultLater(b: FieldBuilder, r: Promise<void>): Promise<string> {
  await r;
  return b.result();
}

/** Appends a builder's fields: their text, or the Field itself when it is to be globbed. */
function pushFields(ip: Interp, b: FieldBuilder, items: (string | Field)[]): void {
  for (const f of b.finish()) {
    if (f.glob && !ip.st.options.noglob && hasGlob(f.pat, ip.st.opt("extglob"))) items.push(f);
    else items.push(f.text);
  }
  checkFields(ip, items.length);
}

function checkFields(ip: Interp, n: number): void {
  const max = ip.rt.limits.maxFields;
  if (n > max) throw new LimitError("maxFields", `too many fields: more than ${max}`);
}

/** Pathname expansion of the fields that need it (asynchronous only when there is one). */
function globItems(ip: Interp, items: (string | Field)[]): MaybeAsync<string[]> {
  for (let i = 0; i < items.length; i++) if (typeof items[i] !== "string") return globItemsAsync(ip, items);
  return items as string[];
}

async function globItemsAsync(ip: Interp, items: (string | Field)[]): Promise<string[]> {
  const out: string[] = [];
  for (const f of items) {
    if (typeof f === "string") {
      out.push(f);
      continue;
    }
    const matches = await globExpand(ip, f.pat);
    if (matches.length > 0) out.push(...matches);
    else if (ip.st.opt("failglob")) throw new FatalError(`no match: ${f.text}`, 1, "line", true);
    else if (!ip.st.opt("nullglob")) out.push(unescapeField(f));
  }
  checkFields(ip, out.length);
  return out;
}

function unescapeField(f: Field): string {
  return f.text;
}

/**
 * The fields of `words` when every word is literal text that no expansion, splitting or
 * globbing changes (`read -r line`, `echo done`); null otherwise.
 */
export function staticFields(words: readonly Word[]): string[] | null {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const s = literalField(words[i]!);
    if (s === undefined) return null;
    out.push(s);
  }
  return out;
}

/**
 * The one field of a word that is a single plain Literal (or single-quoted text) without
 * characters that brace expansion or globbing would act on; undefined for any other word.
 */
export function literalField(w: Word): string | undefined {
  const p = onlyPart(w);
  if (p === undefined) return undefined;
  if (p.type === "SingleQuoted") return p.value;
  if (p.type !== "Literal") return undefined;
  const v = p.value;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    // * ? [ { + @ !
    if (c === 42 || c === 63 || c === 91 || c === 123 || c === 43 || c === 64 || c === 33) return undefined;
  }
  return v;
}

/** Expands a word to one string without splitting or globbing (assignments, here-docs, `[[ ]]`). */
export function expandString(ip: Interp, w: Word): MaybeAsync<string> {
  let p = onlyPart(w);
  if (p !== undefined) {
    if (p.type === "Literal" || p.type === "SingleQuoted" || p.type === "Escaped" || p.type === "AnsiCQuoted") return p.value;
    // `$x`, `"$x"`, `$((e))`, `"$((e))"`: without splitting, the value is the result as it is
    if (p.type === "DoubleQuoted" && p.parts.length === 1) p = p.parts[0]!;
    if (p.type === "ParamExp" && isPlainParam(p)) {
      const v = ip.getScalar(p.name);
      if (v !== undefined) return v;
    } else if (p.type === "ArithSub") {
      const v = ip.evalArith(p.expr);
      return v instanceof Promise ? v.then(intToString) : intToString(v);
    }
  }
  const parts = w.type === "Word" ? w.parts : [w];
  // `k$i`, `$a-$b`: literal text and set plain variables concatenated, as the builder would
  let acc = "";
  let i = 0;
  for (; i < parts.length; i++) {
    const p = parts[i]!;
    if (p.type === "Literal" || p.type === "SingleQuoted" || p.type === "Escaped" || p.type === "AnsiCQuoted") acc += p.value;
    else if (p.type === "ParamExp" && isPlainParam(p)) {
      const v = ip.getScalar(p.name);
      if (v === undefined) break;
      acc += v;
    } else break;
  }
  if (i === parts.length) return acc;
  const b = new FieldBuilder(Mode.String);
  if (i > 0) b.quoted(acc);
  const r = expandPartsInto(ip, i === 0 ? parts : parts.slice(i), false, b);
  if (r instanceof Promise) return resultLater(b, r);
  return b.result();
}

/** `expandPattern` under set -x: the pattern, and the text bash traces for it (see FieldBuilder.trace). */
export async function expandPatternTraced(ip: Interp, w: Word): Promise<{ readonly pat: string; readonly trace: string }> {
  const b = new FieldBuilder(Mode.Pattern);
  b.trace = "";
  await expandWordPartsInto(ip, w, false, b);
  return { pat: b.result(), trace: b.trace };
}

/** Expands a word to escaped pattern form (quoted characters backslash-escaped). */
export function expandPattern(ip: Interp, w: Word): MaybeAsync<string> {
  if (w.type === "Literal") return w.value;
  const b = new FieldBuilder(Mode.Pattern);
  const r = expandWordPartsInto(ip, w, false, b);
  if (r instanceof Promise) return resultLater(b, r);
  return b.result();
}

/**
 * Expands parts into a builder; `q` is true inside double quotes. `splitLiterals` (the word of
 * `${x:-word}`) makes unquoted literal text subject to splitting, as bash does. Synchronous
 * until a part needs to wait (command substitution, an operator's word that does).
 */
export function expandPartsInto(ip: Interp, parts: readonly WordPart[], q: boolean, b: FieldBuilder, splitLiterals = false): MaybeAsync<void> {
  for (let i = 0; i < parts.length; i++) {
    const r = expandPart(ip, parts[i]!, q, b, splitLiterals);
    if (r instanceof Promise) return expandPartsFrom(ip, parts, i, r, q, b, splitLiterals);
  }
}

/** `expandPartsInto` of a word's parts (a one-part word is its part). */
export function expandWordPartsInto(ip: Interp, w: Word, q: boolean, b: FieldBuilder, splitLiterals = false): MaybeAsync<void> {
  return w.type === "Word" ? expandPartsInto(ip, w.parts, q, b, splitLiterals) : expandPart(ip, w, q, b, splitLiterals);
}

async function expandPartsFrom(ip: Interp, parts: readonly WordPart[], i: number, pending: Promise<void>, q: boolean, b: FieldBuilder, splitLiterals: boolean): Promise<void> {
  await pending;
  for (i++; i < parts.length; i++) {
    const r = expandPart(ip, parts[i]!, q, b, splitLiterals);
    if (r instanceof Promise) await r;
  }
}

/** Expands one part into the builder. */
function expandPart(ip: Interp, p: WordPart, q: boolean, b: FieldBuilder, splitLiterals: boolean): MaybeAsync<void> {
  switch (p.type) {
    case "Literal":
      if (q) b.quoted(p.value);
      else if (splitLiterals) b.split(p.value);
      else b.literal(p.value);
      break;
    case "Escaped":
    case "SingleQuoted":
    case "AnsiCQuoted":
      b.quoted(p.value);
      break;
    case "DoubleQuoted":
      if (!p.parts.some(isAtList)) b.quoted("");
      return expandPartsInto(ip, p.parts, true, b);
    case "TildePrefix":
      // inside double quotes (`"${x:-~}"`) a tilde is literal
      b.quoted(q ? `~${p.user}` : tilde(ip, p.user));
      break;
    case "ParamExp":
      if (isPlainParam(p)) {
        // `$x` / `${x}` of a set variable: as expandParam would, without its promise
        const v = ip.getScalar(p.name);
        if (v !== undefined) {
          if (q) b.quoted(v);
          else b.split(v);
          break;
        }
      }
      return expandParam(ip, p, q, b);
    case "CommandSub":
      return addLater(p.unparsed === undefined ? ip.commandSub(p.body, p.backtick ? p.start : undefined) : ip.commandSub(p.body, p.start, p.unparsed, p.end), q, b);
    case "ArithSub": {
      const v = ip.evalArith(p.expr);
      if (v instanceof Promise) return addLater(v, q, b);
      const s = intToString(v);
      if (q) b.quoted(s);
      else b.split(s);
      break;
    }
    case "ProcessSub":
      return quotedLater(ip.processSub(p), b);
    case "ExtGlob":
      return expandExtGlobInto(ip, p, b);
  }
}

/** Adds an expansion's text once it is known: quoted, or subject to splitting. */
async function addLater(v: Promise<string | Int>, q: boolean, b: FieldBuilder): Promise<void> {
  const x = await v;
  const s = typeof x === "string" ? x : intToString(x);
  if (q) b.quoted(s);
  else b.split(s);
}

async function quotedLater(v: Promise<string>, b: FieldBuilder): Promise<void> {
  b.quoted(await v);
}

/** True for `$x` / `${x}`: a plain read of one scalar (not `$@`/`$*`, no subscript or operator). */
export function isPlainParam(p: ParamExp): boolean {
  return p.op === undefined && p.index === undefined && !p.length && !p.indirect && p.name !== "@" && p.name !== "*";
}

/** True for `$@` / `${a[@]}`-style parts (a quoted empty list yields no field). */
function isAtList(p: WordPart): boolean {
  // `${!a[@]OP}` names one parameter through the joined elements: not a list
  return p.type === "ParamExp" && (p.name === "@" || p.index === "@") && !p.length && !(p.indirect && p.op !== undefined);
}

/** `~`, `~+`, `~-`, `~user`. */
function tilde(ip: Interp, user: string): string {
  if (user === "") return ip.getScalar("HOME") ?? ip.rt.identity.home;
  if (user === "+") return ip.getScalar("PWD") ?? ip.st.cwd;
  if (user === "-") return ip.getScalar("OLDPWD") ?? `~-`;
  if (user === ip.rt.identity.user) return ip.rt.identity.home;
  if (user === "root") return "/root";
  return `~${user}`;
}

export { unescapePattern };

/** Brace expansion through @husk/syntax's `braceExpand`; too many words breach `maxFields` (TM-DOS-004). */
function expandBraces(w: Word, max: number): Word[] {
  try {
    return braceExpand(w, max);
  } catch (e) {
    if (e instanceof BraceLimitError) throw new LimitError("maxFields", `brace expansion produced more than ${max} words`);
    throw e;
  }
}

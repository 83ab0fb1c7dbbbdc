/**
 * Word expansion in bash's order: brace, tilde, parameter, command substitution, arithmetic,
 * word splitting, pathname expansion, quote removal.
 */
import { BraceLimitError, braceExpand, type Word, type WordPart } from "@husk/syntax";
import { FatalError } from "./errors.js";
import { FieldBuilder, Mode } from "./fields.js";
import type { Field } from "./fields.js";
import { globExpand } from "./glob.js";
import { intToString } from "./int64.js";
import type { Interp } from "./interp.js";
import { expandParam } from "./params.js";
import { expandExtGlobInto } from "./extglob.js";
import { hasGlob, unescapePattern } from "./pattern.js";
import { LimitError } from "@husk/host";

/** Expands command words into argument strings (splitting and globbing). */
export async function expandWords(ip: Interp, words: readonly Word[]): Promise<string[]> {
  const out: string[] = [];
  const max = ip.rt.limits.maxFields;
  for (const w0 of words) {
    const ws = ip.st.options.braceexpand ? expandBraces(w0, max) : [w0];
    for (const w of ws) {
      const simple = simpleLiteral(w);
      if (simple !== undefined) {
        out.push(simple);
        continue;
      }
      const b = new FieldBuilder(Mode.Fields, ip.getScalar("IFS"));
      const p0 = w.parts[0];
      const m = p0?.type === "Literal" ? /^([A-Za-z_][A-Za-z0-9_]*=)~(?=\/|:|$)/.exec(p0.value) : null;
      if (m !== null && p0?.type === "Literal") {
        // bash expands a tilde after `name=` even in an ordinary argument
        b.literal(m[1]!);
        b.quoted(tilde(ip, ""));
        b.literal(p0.value.slice(m[0].length));
        await expandPartsInto(ip, w.parts.slice(1), false, b);
      } else await expandPartsInto(ip, w.parts, false, b);
      for (const f of b.finish()) {
        if (f.glob && !ip.st.options.noglob && hasGlob(f.pat, ip.st.opt("extglob"))) {
          const matches = await globExpand(ip, f.pat);
          if (matches.length > 0) out.push(...matches);
          else if (ip.st.opt("failglob")) throw new FatalError(`no match: ${f.text}`, 1, "command");
          else if (!ip.st.opt("nullglob")) out.push(unescapeField(f));
        } else out.push(f.text);
      }
      if (out.length > max) throw new LimitError("maxFields", `too many fields: more than ${max}`);
    }
  }
  return out;
}

function unescapeField(f: Field): string {
  return f.text;
}

/** The text of a word made of one plain Literal without special characters, else undefined. */
function simpleLiteral(w: Word): string | undefined {
  if (w.parts.length !== 1) return undefined;
  const p = w.parts[0]!;
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
export async function expandString(ip: Interp, w: Word): Promise<string> {
  const parts = w.parts;
  if (parts.length === 1) {
    const p = parts[0]!;
    if (p.type === "Literal" || p.type === "SingleQuoted" || p.type === "Escaped" || p.type === "AnsiCQuoted") return p.value;
  }
  const b = new FieldBuilder(Mode.String);
  await expandPartsInto(ip, parts, false, b);
  return b.result();
}

/** Expands a word to escaped pattern form (quoted characters backslash-escaped). */
export async function expandPattern(ip: Interp, w: Word): Promise<string> {
  const b = new FieldBuilder(Mode.Pattern);
  await expandPartsInto(ip, w.parts, false, b);
  return b.result();
}

/**
 * Expands parts into a builder; `q` is true inside double quotes. `splitLiterals` (the word of
 * `${x:-word}`) makes unquoted literal text subject to splitting, as bash does.
 */
export async function expandPartsInto(ip: Interp, parts: readonly WordPart[], q: boolean, b: FieldBuilder, splitLiterals = false): Promise<void> {
  for (const p of parts) {
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
        await expandPartsInto(ip, p.parts, true, b);
        break;
      case "TildePrefix":
        b.quoted(tilde(ip, p.user));
        break;
      case "ParamExp":
        if (p.short && !q && b.mode === Mode.String) {
          const v = p.name === "@" || p.name === "*" ? undefined : ip.getScalar(p.name);
          if (v !== undefined) {
            b.literal(v);
            break;
          }
        }
        await expandParam(ip, p, q, b);
        break;
      case "CommandSub": {
        const s = await ip.commandSub(p.body);
        if (q) b.quoted(s);
        else b.split(s);
        break;
      }
      case "ArithSub": {
        const s = intToString(await ip.evalArith(p.expr));
        if (q) b.quoted(s);
        else b.split(s);
        break;
      }
      case "ProcessSub": {
        const path = await ip.processSub(p);
        b.quoted(path);
        break;
      }
      case "ExtGlob":
        await expandExtGlobInto(ip, p, b);
        break;
    }
  }
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

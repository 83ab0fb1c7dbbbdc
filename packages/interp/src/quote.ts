/**
 * Quoting of values the way bash prints them: `${x@Q}`, `printf %q`, `declare -p`, `set`,
 * `alias`, `trap -p`.
 */
import { Attr, IndexedArray } from "./vars.js";
import type { Var } from "./vars.js";

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** `${x@Q}`: single quotes, or `$'...'` when the text has control characters. */
export function shellQuote(s: string): string {
  if (/[\x00-\x1f\x7f]/.test(s)) return ansiQuote(s);
  return `'${s.replace(/'/g, "'\\''")}'`;
}

/** `$'...'` with C escapes. */
export function ansiQuote(s: string): string {
  let out = "$'";
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (ch === "\\") out += "\\\\";
    else if (ch === "'") out += "\\'";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\r") out += "\\r";
    else if (c === 7) out += "\\a";
    else if (c === 8) out += "\\b";
    else if (c === 27) out += "\\E";
    else if (c === 11) out += "\\v";
    else if (c === 12) out += "\\f";
    else if (c < 32 || c === 127) out += `\\${c.toString(8).padStart(3, "0")}`;
    else out += ch;
  }
  return `${out}'`;
}

/** `printf %q`: backslash-escapes shell-special characters; `''` for empty. */
export function printfQuote(s: string): string {
  if (s === "") return "''";
  if (/[\x00-\x1f\x7f]/.test(s)) return ansiQuote(s);
  if (SAFE.test(s)) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (/[A-Za-z0-9_@%+=:,./-]/.test(ch) || ch.charCodeAt(0) > 127) out += ch;
    else if (ch === "~" && i !== 0) out += ch;
    else out += `\\${ch}`;
  }
  return out;
}

/** Quoting used by `declare -p` for scalar values: double quotes with `\ $ " \``. */
export function dquote(s: string): string {
  return `"${s.replace(/[\\"$`]/g, "\\$&")}"`;
}

const CONTROL = /[\x01-\x1f\x7f]/;

/** A value as `declare -p` prints it: `$'...'` when it has control characters, else {@link dquote}. */
export function declareQuote(s: string): string {
  return CONTROL.test(s) ? ansiQuote(s) : dquote(s);
}

/** bash's `sh_contains_shell_metas`: characters that make `declare -p` quote an assoc key. */
const METAS = /[ \t\n'"\\|&;()<>!{}*[?\]^$`]|^[~#]|[=:]~/;

/** An associative array key as `declare -p` prints it: bare, `"..."`, or `$'...'`. */
export function declareKey(k: string): string {
  if (CONTROL.test(k)) return ansiQuote(k);
  return METAS.test(k) ? dquote(k) : k;
}

/** The attribute letters of `declare -p` / `${x@a}` in bash's order. */
export function attrFlags(v: Var): string {
  let f = "";
  const a = v.attrs;
  if (a & Attr.Array || v.value instanceof IndexedArray) f += "a";
  if (a & Attr.Assoc || v.value instanceof Map) f += "A";
  if (a & Attr.Integer) f += "i";
  if (a & Attr.Lower) f += "l";
  if (a & Attr.Nameref) f += "n";
  if (a & Attr.Readonly) f += "r";
  if (a & Attr.Trace) f += "t";
  if (a & Attr.Upper) f += "u";
  if (a & Attr.Export) f += "x";
  return f;
}

/** The `=(...)` or `="..."` part of `declare -p` for a variable with a value. */
export function declareValue(v: Var): string {
  const val = v.value;
  if (val instanceof IndexedArray) {
    return `(${val.keys().map((k) => `[${k}]=${declareQuote(val.get(k)!)}`).join(" ")})`;
  }
  if (val instanceof Map) {
    const parts = [...val].map(([k, x]) => `[${declareKey(k)}]=${declareQuote(x)}`);
    return `(${parts.join(" ")}${parts.length ? " " : ""})`;
  }
  return declareQuote(val ?? "");
}

/**
 * Scanner helpers that only need the word reader: array literals, the words of declaration
 * arguments, redirect nodes, operator text for error messages, here-doc delimiters.
 */
import type { ArrayElement, Assignment, HereDoc, Redirect, RedirectOp, Word, WordPart } from "./ast.js";
import { print } from "./printer.js";
import { walk } from "./walk.js";
import { ArrayError, lineOf, unexpectedToken } from "./errors.js";
import { EMPTY, Scratch } from "./fit.js";
import { STOP_CMD, STOP_SUBSCRIPT } from "./chars.js";
import type { Reader } from "./words.js";
import { makeWord, partAt, partCount } from "./word.js";
import { ArrayElementNode, RedirectNode, TextNode } from "./nodes.js";

/** Lists being collected by readArray and declWord (readArray nests: a `$( )` in an element). */
const ELEMENTS = new Scratch<ArrayElement>();
const PARTS = new Scratch<WordPart>();

/** The elements of `name=( ... )`; `r.pos` is after `(`, and is left after `)`. */
export function readArray(r: Reader, open: number): ArrayElement[] {
  const mark = ELEMENTS.top;
  try {
    readElements(r, open);
  } catch (e) {
    ELEMENTS.take(mark);
    throw e;
  }
  return ELEMENTS.take(mark);
}

/** Puts the elements on ELEMENTS, up to and past the closing `)`. */
function readElements(r: Reader, open: number): void {
  const src = r.src;
  for (;;) {
    while (r.pos < r.end) {
      const c = src[r.pos];
      if (c === " " || c === "\t" || c === "\n") r.pos++;
      else if (c === "\\" && src[r.pos + 1] === "\n") r.pos += 2;
      else if (c === "#") {
        const nl = src.indexOf("\n", r.pos);
        r.pos = nl < 0 || nl > r.end ? r.end : nl;
      } else break;
    }
    if (r.pos >= r.end) {
      const msg = "unexpected EOF while looking for matching `)'";
      throw new ArrayError(msg, r.span(open, open), lineOf(src, open));
    }
    if (src[r.pos] === ")") {
      r.pos++;
      return;
    }
    const es = r.pos;
    if (src[es] === "[") {
      r.pos = es + 1;
      const index = r.readWordParts(STOP_SUBSCRIPT);
      const close = r.pos;
      if (src[close] === "]" && (src[close + 1] === "=" || (src[close + 1] === "+" && src[close + 2] === "="))) {
        const append = src[close + 1] === "+";
        r.pos = close + (append ? 3 : 2);
        const vs = r.pos;
        const value = r.readWord(STOP_CMD, true) ?? makeWord(vs + r.base, vs + r.base, EMPTY);
        ELEMENTS.put(new ArrayElementNode(es + r.base, r.pos + r.base, index, append, value));
        continue;
      }
      r.pos = es;
    }
    const value = r.readWord(STOP_CMD);
    if (value === undefined) {
      const msg = unexpectedToken(opText(r, r.pos));
      throw new ArrayError(msg, r.span(r.pos, r.pos), lineOf(src, r.pos));
    }
    ELEMENTS.put(new ArrayElementNode(value.start, value.end, undefined, false, value));
  }
}

/** The operator text at `i` (for error messages); a newline at end of input. */
export function opText(r: Reader, i: number): string {
  const src = r.src;
  if (i >= r.end) return "\n";
  for (const op of [";;&", ";;", ";&", "&&", "||", "|&", ">>", "<<", "&>", ">&", "<&", ";", "&", "|", "(", ")", "<", ">"]) {
    if (src.startsWith(op, i)) return op;
  }
  return src[i]!;
}

/**
 * The here-doc delimiter after quote removal. Expansions are kept as written, except that a
 * `$( )` or `<( )` anywhere in it is the printer's text for it, as bash 5.2 re-prints them
 * (`<<$( echo  x)` wants the line `$(echo x)`). Backticks are printed too, so that the
 * printed script has the same delimiter (bash keeps them as written: `` <<`a  b` `` differs).
 */
export function delimiterText(src: string, w: Word, base: number): string {
  let out = "";
  for (let i = 0, n = partCount(w); i < n; i++) {
    const p = partAt(w, i);
    switch (p.type) {
      case "Literal":
      case "Escaped":
      case "SingleQuoted":
      case "AnsiCQuoted":
        out += p.value;
        break;
      case "DoubleQuoted":
        for (const q of p.parts) out += q.type === "Literal" || q.type === "Escaped" ? q.value : asWritten(src, q, base);
        break;
      default:
        out += asWritten(src, p, base);
    }
  }
  return out;
}

/** True when any part of a here-doc delimiter is quoted: the body is then not expanded. */
export function delimiterQuoted(w: Word): boolean {
  for (let i = 0, n = partCount(w); i < n; i++) {
    const t = partAt(w, i).type;
    if (t === "SingleQuoted" || t === "DoubleQuoted" || t === "Escaped" || t === "AnsiCQuoted") return true;
  }
  return false;
}

/** The source text of `node` with each command or process substitution in it printed. */
function asWritten(src: string, node: WordPart, base: number): string {
  let out = "";
  let at = node.start;
  walk(node, (n) => {
    if (n.type !== "CommandSub" && n.type !== "ProcessSub") return true;
    out += src.slice(at - base, n.start - base) + print(n);
    at = n.end;
    return false;
  });
  return out + src.slice(at - base, node.end - base);
}

/** A Redirect node with only the optional fields that are set. */
export function redirectNode(start: number, end: number, op: RedirectOp, target: Word, fd: number | undefined, fdVar: string | undefined, heredoc: HereDoc | undefined): Redirect {
  return new RedirectNode(start, end, op, target, fd, fdVar, heredoc);
}

/**
 * The plain word of a declaration-builtin argument just read as the assignment `a` from `s`
 * to `r.pos` (`local x="$1"` has the word `x="$1"` too), built from the value's parts instead
 * of reading the text a second time (which also built every node in it twice). Undefined
 * when the text must be read again: a subscript or array, or a tilde the value expanded after
 * `=` or `:` (the plain word keeps it as text).
 */
export function declWord(r: Reader, s: number, a: Assignment): Word | undefined {
  const src = r.src;
  // (a name written with a backslash-newline in it, `x\<newline>y=1`, is read as a word)
  if (a.index !== undefined || a.array !== undefined || !src.startsWith(a.name, s)) return undefined;
  // The name as written (not joined across a backslash-newline), then `=` or `+=`.
  const eq = s + a.name.length;
  if (!src.startsWith(a.name, s) || (a.append ? src[eq] !== "+" || src[eq + 1] !== "=" : src[eq] !== "=")) return undefined;
  const vs = eq + (a.append ? 2 : 1);
  const v = a.value;
  const n = v === undefined ? 0 : partCount(v);
  for (let i = 0; i < n; i++) if (partAt(v!, i).type === "TildePrefix") return undefined;
  // The text `name=` joins a first Literal of the value (a plain read makes one Literal of both).
  const first = n === 0 ? undefined : partAt(v!, 0);
  const joined = first !== undefined && first.type === "Literal";
  const mark = PARTS.top;
  PARTS.put(joined ? new TextNode("Literal", s + r.base, first.end, src.slice(s, vs) + first.value) : new TextNode("Literal", s + r.base, vs + r.base, src.slice(s, vs)));
  for (let i = joined ? 1 : 0; i < n; i++) PARTS.put(partAt(v!, i));
  return makeWord(s + r.base, r.pos + r.base, PARTS.take(mark));
}

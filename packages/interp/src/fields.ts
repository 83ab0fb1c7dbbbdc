/**
 * The field builder of word expansion: accumulates the text of the current field, its
 * escaped-form pattern (quoted characters backslash-escaped, for pathname expansion), and
 * splits unquoted expansion results on IFS with bash's whitespace / non-whitespace rules.
 */
import { escapePattern } from "./pattern.js";

/**
 * A finished field: its text, its pattern form and whether it has active glob characters.
 * In Fields mode `pat` is built only once unquoted text joins the field (`glob` true): a
 * field of quoted text alone is never globbed, so its pattern is not needed.
 */
export interface Field {
  readonly text: string;
  readonly pat: string;
  readonly glob: boolean;
}

/** How expansion results are collected. */
export const enum Mode {
  /** Word splitting and pathname expansion (command arguments, `for` lists). */
  Fields,
  /** One string, no splitting (assignments, here-docs, `case` subject, `[[ ]]` operands). */
  String,
  /** One string in escaped pattern form (case patterns, `[[ == ]]`, `${x#pat}`). */
  Pattern,
}

/** Collects expansion pieces into fields. */
export class FieldBuilder {
  readonly fields: Field[] = [];
  cur = "";
  pat = "";
  glob = false;
  /** The current field exists (has text or a quoted empty string). */
  open = false;
  /** The previous field was ended by IFS whitespace (a following non-whitespace delimiter joins it). */
  afterWs = false;
  #ifsWs = " \t\n";
  #ifsOther = "";

  constructor(
    readonly mode: Mode,
    ifs?: string,
  ) {
    if (ifs !== undefined) this.setIfs(ifs);
  }

  /** Sets the IFS used for splitting (undefined means unset: default whitespace). */
  setIfs(ifs: string | undefined): void {
    if (ifs === undefined || ifs === " \t\n") {
      this.#ifsWs = " \t\n";
      this.#ifsOther = "";
      return;
    }
    let ws = "";
    let other = "";
    for (const c of ifs) {
      if (c === " " || c === "\t" || c === "\n") ws += c;
      else other += c;
    }
    this.#ifsWs = ws;
    this.#ifsOther = other;
  }

  /**
   * In Pattern mode under set -x: the pattern as bash traces it (every quoted character
   * escaped, `\a\*` for "a*"); undefined when not wanted.
   */
  trace: string | undefined;

  /** Quoted text: literal, never split, never globbed. */
  quoted(s: string): void {
    this.open = true;
    this.afterWs = false;
    if (s === "") return;
    this.cur += s;
    if (this.mode === Mode.Pattern || (this.mode === Mode.Fields && this.glob)) this.pat += escapePattern(s);
    if (this.trace !== undefined) this.trace += s.replace(/[^]/gu, "\\$&");
  }

  /** Unquoted source text (glob characters active, no splitting). */
  literal(s: string): void {
    if (s === "") return;
    this.open = true;
    this.afterWs = false;
    if (this.mode === Mode.Fields && !this.glob) this.pat = escapePattern(this.cur);
    this.cur += s;
    if (this.mode !== Mode.String) {
      this.pat += s;
      this.glob = true;
      if (this.trace !== undefined) this.trace += s;
    }
  }

  /** The result of an unquoted expansion: split on IFS in Fields mode, glob characters active. */
  split(s: string): void {
    if (this.mode !== Mode.Fields) {
      this.literal(s);
      return;
    }
    if (s === "") return;
    const ws = this.#ifsWs;
    const other = this.#ifsOther;
    if (ws === "" && other === "") {
      this.literal(s);
      return;
    }
    let start = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      const isWs = ws.includes(c);
      if (!isWs && !other.includes(c)) continue;
      if (i > start) this.literal(s.slice(start, i));
      start = i + 1;
      if (isWs) {
        if (this.open) {
          this.endField();
          this.afterWs = true;
        }
      } else {
        if (this.open) this.endField();
        else if (!this.afterWs) this.endField(true);
        this.afterWs = false;
      }
    }
    if (start < s.length) this.literal(s.slice(start));
  }

  /** Ends the current field (an empty one only when `force`). */
  endField(force = false): void {
    if (this.open || force) this.fields.push({ text: this.cur, pat: this.pat, glob: this.glob });
    this.cur = "";
    this.pat = "";
    this.glob = false;
    this.open = false;
  }

  /** Finishes and returns the fields. */
  finish(): Field[] {
    if (this.open) this.endField();
    return this.fields;
  }

  /** In String/Pattern mode: the single result (text or pattern). */
  result(): string {
    return this.mode === Mode.Pattern ? this.pat : this.cur;
  }
}

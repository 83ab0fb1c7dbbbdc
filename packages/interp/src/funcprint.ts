/**
 * Functions printed in bash's own layout (`declare -f`, `type`, `command -V`), as bash's
 * print_cmd.c does: `name () ` and `{ ` on their own lines, four-space indentation, list
 * elements separated by `;` and a newline, compound bodies ending in `;`, `if`/`while`
 * conditions inline, `for`/`select` with `do` on its own line, `elif` as a nested `if`.
 * Words, assignments and arithmetic keep the shapes of @husk/syntax's printer.
 */
import { print } from "@husk/syntax";
import type { Assignment, Command, FunctionDef, Redirect, SimpleCommand, Statement, Word } from "@husk/syntax";
import { SubstitutionLines, commandLinePos } from "./source.js";
import type { SourceInfo } from "./source.js";

const INDENT = "    ";

/**
 * print_cmd.c's here-document state while one function is printed: the documents of the last
 * redirection list, waiting for the next connector when inside a list, pipeline or and-or
 * (`conn` > 0); `wasHeredoc`: bodies were just printed, so the next `;` is left out (bash
 * clears it when it prints another redirection list).
 */
const st = {
  deferred: [] as Redirect[],
  conn: 0,
  wasHeredoc: false,
  /**
   * Printing a command substitution's body (see `substitutionLines`): the source text, to tell
   * a newline between two commands from `;` (bash keeps `\n` connectors there and prints them
   * as newlines, `;` and `&` inline, and `{ }` on one line, except inside a function).
   */
  sub: undefined as string | undefined,
  /** Nesting of function definitions being printed (bash's inside_function_def). */
  inFn: 0,
  /** While `substitutionLines` prints: each command as its text starts (MARK), with the newlines of its first tokens. */
  marked: undefined as { cmd: Command; extra: number }[] | undefined,
};

/** Marks where a command's text starts while `substitutionLines` prints (a noncharacter: no script text holds it). */
const MARK = "\uFDD0";

/** The text of a redirection: a space after the operator except for fd duplications and here-documents. */
function redirText(r: Redirect): string {
  const prefix = r.fdVar !== undefined ? `{${r.fdVar}}` : r.fd !== undefined ? String(r.fd) : "";
  const hd = r.heredoc;
  if (hd !== undefined) return `${prefix}${r.op}${hd.quoted ? `'${hd.delimiter}'` : hd.delimiter}`;
  const dup = r.op === ">&" || r.op === "<&";
  return `${prefix}${r.op}${dup ? "" : " "}${print(r.target)}`;
}

/** The redirections' texts; their here-documents' bodies follow, or wait for a connector. */
function redirList(rs: readonly Redirect[]): string[] {
  if (rs.length === 0) return [];
  st.wasHeredoc = false;
  const docs = rs.filter((r) => r.heredoc !== undefined);
  const out = rs.map(redirText);
  if (docs.length > 0 && st.conn > 0) st.deferred = docs;
  else if (docs.length > 0) out[out.length - 1] += bodies(docs);
  return out;
}

/** A newline, then each body with its delimiter line. */
function bodies(docs: readonly Redirect[]): string {
  return `\n${docs.map((r) => `${print(r.heredoc!)}${r.heredoc!.delimiter}\n`).join("")}`;
}

/** Deferred bodies (then `after`), as bash prints them after a connector; "" when none. */
function flush(after: string): string {
  if (st.deferred.length === 0) return "";
  const out = bodies(st.deferred) + after;
  st.deferred = [];
  st.wasHeredoc = true;
  return out;
}

function redirs(rs: readonly Redirect[]): string {
  return redirList(rs)
    .map((t) => ` ${t}`)
    .join("");
}

function simple(c: SimpleCommand): string {
  const p = st.sub === undefined ? print : printedWord;
  return [...c.assignments.map(p), ...c.words.map(p), ...redirList(c.redirects)].join(" ");
}

/**
 * A word or assignment as `substitutionLines` counts it: @husk/syntax prints a `$( )` inside it
 * on one line, bash with its body's printed lines (the newlines are added after the word).
 */
function printedWord(w: Word | Assignment): string {
  const text = print(w);
  const extra = nestedLines(w);
  return extra === 0 ? text : text + "\n".repeat(extra);
}

/** The lines bash's printed bodies of the `$( )` inside `node` (an AST value) have. */
function nestedLines(node: unknown): number {
  if (typeof node !== "object" || node === null) return 0;
  if (Array.isArray(node)) return node.reduce((n: number, x) => n + nestedLines(x), 0);
  const o = node as { type?: string; backtick?: boolean; body?: readonly Statement[] };
  if (o.type === "CommandSub" && o.backtick !== true) return bodyLines(o.body!);
  let n = 0;
  for (const v of Object.values(o)) if (typeof v === "object") n += nestedLines(v);
  return n;
}

/** Newlines in a nested substitution body's printed text (the printer's state is kept for the caller). */
function bodyLines(body: readonly Statement[]): number {
  const saved = { ...st };
  st.deferred = [];
  st.conn = 0;
  st.wasHeredoc = false;
  st.inFn = 0;
  st.marked = undefined;
  try {
    return countLines(list(body, ""));
  } finally {
    Object.assign(st, saved);
  }
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/** Runs `f` (printing a list, pipeline or and-or list) with here-documents deferred to connectors. */
function inConnection<T>(f: () => T): T {
  st.conn++;
  try {
    return f();
  } finally {
    st.conn--;
  }
}

/**
 * `a | b`: each command's here-documents follow the `|` (bash turns `|&` into `2>&1 |`),
 * the last one's end the pipeline.
 */
function pipeline(c: Extract<Command, { type: "Pipeline" }>, ind: string): string {
  const head = `${c.time !== undefined ? `${c.time} ` : ""}${c.negated ? "! " : ""}`;
  if (c.commands.length < 2) return head + c.commands.map((x) => command(x, ind)).join("");
  return inConnection(() => {
    let out = head;
    c.commands.forEach((x, i) => {
      out += command(x, ind);
      if (i < c.commands.length - 1) out += `${c.pipeStderr[i] ? " 2>&1" : ""} |${flush(" ")} `;
    });
    return out + flush("");
  });
}

/**
 * A command list at indentation `ind`: `;` + newline between elements, ` & ` after background
 * ones; here-document bodies follow the command's line, and then the next `;` is left out.
 * `last` is what ends the final element (`;` in compound bodies, not after a body).
 */
function list(stmts: readonly Statement[], ind: string, last = ""): string {
  const each = (): string => {
    let out = "";
    stmts.forEach((s, i) => {
      const more = i < stmts.length - 1;
      out += command(s.command, ind);
      if (s.background) out += more ? ` &${flush(" ")} ` : ` &${flush("")}`;
      else if (!more) out += flush("");
      else if (st.sub !== undefined && st.inFn === 0) {
        // a newline connector stays a newline (after here-document bodies too), `;` is inline
        const nl = newlineBetween(st.sub, s, stmts[i + 1]!);
        const docs = flush("");
        out += nl ? `${docs}\n${ind}` : `${docs}; `;
        st.wasHeredoc = false;
      } else if (st.deferred.length > 0) out += `${flush("")}\n${ind}`;
      else {
        out += `${st.wasHeredoc ? "" : ";"}\n${ind}`;
        st.wasHeredoc = false;
      }
    });
    return out.endsWith("\n") || out.endsWith("&") ? out : out + last;
  };
  return stmts.length > 1 ? inConnection(each) : each();
}

/** A compound body: each element on its own line one level in, the last one ending in `;`. */
function body(stmts: readonly Statement[], ind: string): string {
  const inner = ind + INDENT;
  return `${inner}${list(stmts, inner, ";")}\n`;
}

function ifText(c: Extract<Command, { type: "If" }>, ind: string, clause: number): string {
  const { condition, body: b } = c.clauses[clause]!;
  let out = `if ${list(condition, ind)}; then\n${body(b, ind)}`;
  if (clause + 1 < c.clauses.length) out += `${ind}else\n${ind}${INDENT}${ifText(c, ind + INDENT, clause + 1)};\n`;
  else if (c.elseBody !== undefined) out += `${ind}else\n${body(c.elseBody, ind)}`;
  return `${out}${ind}fi`;
}

/** One command at indentation `ind` (its first line is already indented by the caller). */
function command(c: Command, ind: string): string {
  const m = st.marked;
  if (m === undefined) return commandText(c, ind);
  m.push({ cmd: c, extra: c.type === "SimpleCommand" ? firstTokenLines(c) : 0 });
  return MARK + commandText(c, ind);
}

/**
 * The newlines bash's parser reads in a printed simple command before it makes the command:
 * in its first element, and in the next word when the first one is a word (see commandLinePos).
 */
function firstTokenLines(c: SimpleCommand): number {
  const first = c.assignments[0] ?? c.words[0];
  if (first === undefined) return 0;
  let text = printedWord(first);
  if (first.type !== "Assignment") {
    const next = c.words[1];
    if (next !== undefined) text += printedWord(next);
  }
  return countLines(text);
}

/** True when only blanks, comments and newlines (no `;` or `&`) separate two commands of a list in `text`. */
function newlineBetween(text: string, a: Statement, b: Statement): boolean {
  const from = a.command.end;
  if (from > b.start || b.start > text.length) return false;
  const gap = text.slice(from, b.start).replace(/#[^\n]*/g, "");
  return gap.includes("\n") && !/[;&]/.test(gap);
}

function commandText(c: Command, ind: string): string {
  switch (c.type) {
    case "SimpleCommand":
      return simple(c);
    case "Pipeline":
      return pipeline(c, ind);
    case "AndOr":
      return inConnection(() => {
        const left = command(c.left, ind);
        return `${left} ${c.op} ${flush(" ")}${command(c.right, ind)}${flush("")}`;
      });
    case "Subshell":
      return `( ${list(c.body, ind)} )${redirs(c.redirects)}`;
    case "BraceGroup":
      if (st.sub !== undefined && st.inFn === 0) return `{ ${list(c.body, ind, ";")} }${redirs(c.redirects)}`;
      return `{ \n${ind}${INDENT}${list(c.body, ind + INDENT)}\n${ind}}${redirs(c.redirects)}`;
    case "If":
      return ifText(c, ind, 0) + redirs(c.redirects);
    case "While":
      return `${c.until ? "until" : "while"} ${list(c.condition, ind)}; do\n${body(c.body, ind)}${ind}done${redirs(c.redirects)}`;
    case "For":
    case "Select": {
      const items = c.items === undefined ? ` in "$@"` : ` in ${c.items.map((w) => print(w)).join(" ")}`;
      return `${c.type === "For" ? "for" : "select"} ${c.variable}${items};\n${ind}do\n${body(c.body, ind)}${ind}done${redirs(c.redirects)}`;
    }
    case "ArithFor": {
      const part = (a: typeof c.init): string => (a === undefined ? "" : print(a).replace(/^\(\(\s*|\s*\)\)$/g, ""));
      return `for ((${part(c.init)}; ${part(c.test)}; ${part(c.update)}))\n${ind}do\n${body(c.body, ind)}${ind}done${redirs(c.redirects)}`;
    }
    case "Case": {
      const in1 = ind + INDENT;
      const in2 = in1 + INDENT;
      const items = c.items.map((it) => `${in1}${it.patterns.map((w) => print(w)).join(" | ")})\n${it.body.length > 0 ? in2 + list(it.body, in2) : ""}\n${in1}${it.terminator}\n`);
      return `case ${print(c.word)} in \n${items.join("")}${ind}esac${redirs(c.redirects)}`;
    }
    case "FunctionDef":
      st.inFn++;
      try {
        return `function ${functionText(c, ind)}`;
      } finally {
        st.inFn--;
      }
    default:
      // (( )), [[ ]], coproc: one line, as the syntax printer writes them
      return print(c);
  }
}

function functionText(f: FunctionDef, ind: string): string {
  const b = f.body;
  const inner = b.type === "BraceGroup" ? b.body : [{ type: "Statement" as const, start: b.start, end: b.end, command: b, background: false }];
  const tail = b.type === "BraceGroup" ? redirs(b.redirects) : "";
  return `${f.name} () \n${ind}{ \n${ind}${INDENT}${list(inner, ind + INDENT)}\n${ind}}${tail}`;
}

/**
 * A command as `$BASH_COMMAND` shows it: bash's make_command_string, the print_cmd.c layout
 * of `declare -f` without indentation (`false x 'y z'`, `echo a > /dev/null`, `( false )`).
 */
export function commandString(c: Command): string {
  resetPrintState();
  return commandText(c, "");
}

/** A fresh start for one printed command or function: no pending here-documents, outside any connector. */
function resetPrintState(): void {
  st.deferred = [];
  st.conn = 0;
  st.wasHeredoc = false;
}

/**
 * `declare -f NAME`'s text for a function definition, without a final newline.
 */
export function bashFunctionText(f: FunctionDef): string {
  resetPrintState();
  return functionText(f, "");
}

/**
 * Where bash numbers the lines of a command substitution's commands. bash 5.2 runs `$( )` from
 * its parsed and printed text, so a command's line is the substitution's line plus the lines
 * before it in that text: blank lines and comments are gone, `a; b` stays on one line, a `for`
 * body starts 2 lines down (`for i in 1;`, `do`). Returns the commands' offsets in `text` (the
 * source they were parsed from; ascending) and their line in the printed text (0 = first).
 */
export function substitutionLines(stmts: readonly Statement[], text: string): { offsets: number[]; lines: number[] } {
  st.deferred = [];
  st.conn = 0;
  st.wasHeredoc = false;
  st.sub = text;
  st.inFn = 0;
  const marked: { cmd: Command; extra: number }[] = [];
  st.marked = marked;
  let printed: string;
  try {
    printed = list(stmts, "");
  } finally {
    st.sub = undefined;
    st.marked = undefined;
  }
  const at = new Map<number, number>();
  let line = 0;
  let k = 0;
  for (let i = 0; i < printed.length; i++) {
    const ch = printed.charCodeAt(i);
    if (ch === 10) line++;
    else if (ch === 0xfdd0) {
      const m = marked[k++];
      if (m === undefined) break;
      at.set(m.cmd.start, line);
      if (m.cmd.type === "SimpleCommand") at.set(commandLinePos(m.cmd), line + m.extra);
    }
  }
  const offsets = [...at.keys()].sort((a, b) => a - b);
  return { offsets, lines: offsets.map((o) => at.get(o)!) };
}

/** A substitution body's printed lines, once per body, and the last source made from them. */
const PRINTED_LINES = new WeakMap<readonly Statement[], { readonly map: ReturnType<typeof substitutionLines>; last: SubstitutionLines | undefined }>();

/**
 * The source a substitution's body runs with, expanded at offset `pos` of `src`: bash's line
 * numbers there (SubstitutionLines); `backquote`: the offset of the opening backquote of
 * `` `...` `` (raw text).
 */
export function substitutionSource(src: SourceInfo, pos: number, body: readonly Statement[], backquote?: number): SourceInfo {
  if (backquote !== undefined) return new SubstitutionLines(src, pos, undefined, backquote);
  let e = PRINTED_LINES.get(body);
  if (e === undefined) {
    e = { map: substitutionLines(body, src.text), last: undefined };
    PRINTED_LINES.set(body, e);
  }
  // (a loop expands the same substitution from the same place: one object for all)
  const last = e.last;
  if (last !== undefined && last.base === src && last.at === pos) return last;
  e.last = new SubstitutionLines(src, pos, e.map);
  return e.last;
}

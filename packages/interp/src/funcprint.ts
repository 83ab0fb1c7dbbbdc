/**
 * Functions printed in bash's own layout (`declare -f`, `type`, `command -V`), as bash's
 * print_cmd.c does: `name () ` and `{ ` on their own lines, four-space indentation, list
 * elements separated by `;` and a newline, compound bodies ending in `;`, `if`/`while`
 * conditions inline, `for`/`select` with `do` on its own line, `elif` as a nested `if`.
 * Words, assignments and arithmetic keep the shapes of @husk/syntax's printer.
 */
import { print } from "@husk/syntax";
import type { Command, FunctionDef, Redirect, SimpleCommand, Statement } from "@husk/syntax";

const INDENT = "    ";

/** The text of a redirection: a space after the operator except for fd duplications and here-documents. */
function redirText(r: Redirect): string {
  const prefix = r.fdVar !== undefined ? `{${r.fdVar}}` : r.fd !== undefined ? String(r.fd) : "";
  const hd = r.heredoc;
  if (hd !== undefined) return `${prefix}${r.op}${hd.quoted ? `'${hd.delimiter}'` : hd.delimiter}`;
  const dup = r.op === ">&" || r.op === "<&";
  return `${prefix}${r.op}${dup ? "" : " "}${print(r.target)}`;
}

function redirs(rs: readonly Redirect[]): string {
  return rs.map((r) => ` ${redirText(r)}`).join("");
}

function simple(c: SimpleCommand): string {
  return [...c.assignments.map((a) => print(a)), ...c.words.map((w) => print(w)), ...c.redirects.map(redirText)].join(" ");
}

/** The here-document bodies of a statement's simple commands (its pipelines and and-or lists), each with its delimiter line. */
function heredocs(c: Command): string {
  if (c.type === "AndOr") return heredocs(c.left) + heredocs(c.right);
  if (c.type === "Pipeline") return c.commands.map(heredocs).join("");
  if (c.type !== "SimpleCommand") return "";
  return c.redirects.map((r) => (r.heredoc === undefined ? "" : `${print(r.heredoc)}${r.heredoc.delimiter}\n`)).join("");
}

/**
 * A command list at indentation `ind`: `;` + newline between elements, ` & ` after background
 * ones; here-document bodies follow their command's line (then a blank line, no `;`). `last`
 * is what ends the final element (`;` in compound bodies).
 */
function list(stmts: readonly Statement[], ind: string, last = ""): string {
  let out = "";
  let afterDocs = false;
  stmts.forEach((s, i) => {
    const more = i < stmts.length - 1;
    out += command(s.command, ind);
    const docs = heredocs(s.command);
    // bash also leaves out the `;` after the command that follows a here-document
    const semi = afterDocs ? "" : ";";
    afterDocs = docs !== "";
    if (docs !== "") out += `\n${docs}${more ? `\n${ind}` : ""}`;
    else if (s.background) out += more ? " & " : " &";
    else out += more ? `${semi}\n${ind}` : last;
  });
  return out;
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
  switch (c.type) {
    case "SimpleCommand":
      return simple(c);
    case "Pipeline":
      return `${c.time !== undefined ? `${c.time} ` : ""}${c.negated ? "! " : ""}${c.commands.map((x, i) => command(x, ind) + (i < c.commands.length - 1 ? (c.pipeStderr[i] ? " |& " : " | ") : "")).join("")}`;
    case "AndOr":
      return `${command(c.left, ind)} ${c.op} ${command(c.right, ind)}`;
    case "Subshell":
      return `( ${list(c.body, ind)} )${redirs(c.redirects)}`;
    case "BraceGroup":
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
      return `function ${functionText(c, ind)}`;
    default:
      // (( )), [[ ]], coproc: one line, as the syntax printer writes them
      return print(c);
  }
}

function functionText(f: FunctionDef, ind: string): string {
  const b = f.body;
  const inner = b.type === "BraceGroup" ? b.body : [{ type: "Statement" as const, span: b.span, command: b, background: false }];
  const tail = b.type === "BraceGroup" ? redirs(b.redirects) : "";
  return `${f.name} () \n${ind}{ \n${ind}${INDENT}${list(inner, ind + INDENT)}\n${ind}}${tail}`;
}

/**
 * `declare -f NAME`'s text for a function definition, without a final newline.
 */
export function bashFunctionText(f: FunctionDef): string {
  return functionText(f, "");
}

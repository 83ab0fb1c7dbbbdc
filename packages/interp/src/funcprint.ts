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

/**
 * print_cmd.c's here-document state while one function is printed: the documents of the last
 * redirection list, waiting for the next connector when inside a list, pipeline or and-or
 * (`conn` > 0); `wasHeredoc`: bodies were just printed, so the next `;` is left out (bash
 * clears it when it prints another redirection list).
 */
const st = { deferred: [] as Redirect[], conn: 0, wasHeredoc: false };

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
  return [...c.assignments.map((a) => print(a)), ...c.words.map((w) => print(w)), ...redirList(c.redirects)].join(" ");
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
      else if (st.deferred.length > 0) out += `${flush("")}\n${ind}`;
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
  const inner = b.type === "BraceGroup" ? b.body : [{ type: "Statement" as const, start: b.start, end: b.end, command: b, background: false }];
  const tail = b.type === "BraceGroup" ? redirs(b.redirects) : "";
  return `${f.name} () \n${ind}{ \n${ind}${INDENT}${list(inner, ind + INDENT)}\n${ind}}${tail}`;
}

/**
 * `declare -f NAME`'s text for a function definition, without a final newline.
 */
export function bashFunctionText(f: FunctionDef): string {
  st.deferred = [];
  st.conn = 0;
  st.wasHeredoc = false;
  return functionText(f, "");
}

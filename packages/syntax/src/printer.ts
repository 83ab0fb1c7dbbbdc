/**
 * The printer: AST -> bash text, such that `parse(print(ast))` equals `ast` up to spans.
 * Every newline goes through `nl()`, which writes pending here-document bodies right after
 * it, exactly where bash reads them.
 */
import type {
  ArithExpr,
  Arithmetic,
  Assignment,
  Command,
  HereDoc,
  Node,
  ParamExp,
  Redirect,
  Statement,
  TestExpr,
  Word,
  WordPart,
} from "./ast.js";
import { KEYWORDS } from "./grammar.js";
import { wordParts } from "./word.js";

const INDENT = "  ";
/** Words the scanner takes as reserved words in command position (plus `[[` and `((`). */
const RESERVED = new Set([...KEYWORDS.keys(), "[[", "in", "coproc"]);

/**
 * Here-documents cut off by end of input inside a `$( )` / `<( )`, waiting for the enclosing
 * printer's next newline (bash reads them after the next newline outside the substitution).
 * Module state: printing is synchronous, and `print` starts with it empty.
 */
let spilled: HereDoc[] = [];

/**
 * Where a printer's text goes: a script, a `$( )` / `<( )` body, a backtick body, or a `$( )`
 * in a here-document body (whose own here-documents end with it, empty: see `list`).
 */
type Context = "script" | "sub" | "backtick" | "inBody";

class Printer {
  private readonly o: string[] = [];
  private pending: HereDoc[] = [];
  /** A here-document body cut off by end of input was printed: nothing can follow it. */
  private cut = false;
  /**
   * The end offset of the script being printed (-1 when unknown): a here-document whose body
   * runs to it without a final newline was cut off by end of input (bash warns) and is printed
   * the same way, without its delimiter, so that it parses back to the same body.
   */
  eof = -1;
  constructor(
    private ind = "",
    private readonly ctx: Context = "script",
  ) {}

  text(): string {
    return this.o.join("");
  }

  private w(s: string): void {
    this.o.push(s);
  }

  /**
   * A newline, then any pending here-document bodies. While a body that runs to end of input
   * is pending, the rest of the text stays on its line instead (it would be read as part of
   * that body): `sep` then, `; ` after a statement, a space after a keyword or pattern.
   */
  nl(sep = " "): void {
    if (this.holds()) {
      this.w(sep);
      return;
    }
    this.o.push("\n");
    this.docs();
  }

  /** The pending bodies, each with its delimiter line unless it ran to end of input. */
  private docs(): void {
    // Substitutions are in the words, printed before the redirects: their documents first.
    const p = [...spilled, ...this.pending];
    this.pending = [];
    spilled = [];
    for (const hd of p) {
      if (this.cut) continue; // after a body that ran to end of input: empty ones, at its end
      const body = bodyText(hd);
      this.o.push(body);
      if (isCut(hd) && (this.ctx === "backtick" || hd.end === this.eof || hd.delimiter.includes("\n"))) {
        this.cut = true;
        continue;
      }
      if (body !== "" && !body.endsWith("\n")) this.o.push("\n");
      this.o.push(hd.delimiter, "\n");
    }
  }

  /**
   * Ends the text: bodies still held (see `nl`) follow a newline; in a `$( )` they are left to
   * the enclosing printer, as bash reads them after the next newline outside.
   */
  end(): void {
    if (this.pending.length === 0 && spilled.length === 0) return;
    if (this.ctx === "sub" || this.ctx === "inBody") {
      spilled.push(...this.pending);
      this.pending = [];
      return;
    }
    this.o.push("\n");
    this.docs();
  }

  /** Statements one per line at the current indent. */
  list(stmts: readonly Statement[]): void {
    stmts.forEach((st, i) => {
      this.w(this.ind);
      this.command(st.command);
      if (st.background) this.w(" &");
      // `$(cat <<E)` in a here-document body, `` `cat <<E` ``: E ended with the text, empty.
      // Printed with its delimiter line, that line could end an enclosing body early.
      const closes = this.ctx === "inBody" || this.ctx === "backtick";
      if (closes && this.ind === "" && i === stmts.length - 1 && this.pending.length > 0 && this.pending.every((hd) => bodyText(hd) === "")) {
        this.pending = [];
        return;
      }
      this.nl(st.background ? " " : "; ");
    });
  }

  /** A here-document of the current line runs to end of input (see `nl`). */
  private holds(): boolean {
    return spilled.length > 0 || this.pending.some((hd) => isCut(hd));
  }

  /** `a; b &` on one line (callers check `inlinable` first). */
  inline(stmts: readonly Statement[]): void {
    stmts.forEach((st, i) => {
      this.command(st.command);
      const more = i < stmts.length - 1;
      if (st.background) this.w(more ? " & " : " &");
      else if (more) this.w("; ");
    });
  }

  /** Prints `stmts` nested: indented lines; the closing keyword goes on its own line. */
  private block(stmts: readonly Statement[]): void {
    const saved = this.ind;
    this.ind += INDENT;
    this.list(stmts);
    this.ind = saved;
  }

  /** `head LIST sep` inline when possible, else `head` newline LIST (ends at line start). */
  private clause(head: string, stmts: readonly Statement[], sep: string): void {
    this.w(head);
    if (inlinable(stmts)) {
      this.w(" ");
      this.inline(stmts);
      this.w(sep);
      this.nl();
    } else {
      this.nl();
      this.block(stmts);
      this.w(this.ind);
    }
  }

  command(c: Command): void {
    switch (c.type) {
      case "SimpleCommand": {
        const out: string[] = [];
        for (const a of c.assignments) out.push(assignment(a));
        c.words.forEach((wd, i) => {
          const a = c.argAssignments?.[i];
          out.push(a !== undefined ? assignment(a) : word(wd));
        });
        // A first word spelled like a reserved word (`<f if`, `>x !`) is an ordinary word only
        // after a redirect: print the redirects first then.
        if (c.assignments.length === 0 && c.redirects.length > 0 && out.length > 0 && RESERVED.has(out[0]!)) {
          this.redirects(c.redirects, false);
          this.w(" " + out.join(" "));
          return;
        }
        this.w(out.join(" "));
        this.redirects(c.redirects, out.length > 0);
        return;
      }
      case "Pipeline": {
        if (c.time !== undefined) this.w(c.time + (c.commands.length > 0 || c.negated ? " " : ""));
        if (c.negated) this.w(c.commands.length > 0 ? "! " : "!");
        // `! !` (two negations of nothing) parses to an empty, un-negated pipeline: print it
        // back as `! !`, since printing nothing would drop the statement
        else if (c.commands.length === 0 && c.time === undefined) this.w("! !");
        c.commands.forEach((cmd, i) => {
          if (i > 0) this.w(c.pipeStderr[i - 1] ? " |& " : " | ");
          this.command(cmd);
        });
        return;
      }
      case "AndOr":
        this.command(c.left);
        this.w(` ${c.op} `);
        this.command(c.right);
        return;
      case "Subshell":
        if (inlinable(c.body)) {
          this.w("( ");
          this.inline(c.body);
          this.w(" )");
        } else {
          this.w("(");
          this.nl();
          this.block(c.body);
          this.w(this.ind + ")");
        }
        break;
      case "BraceGroup":
        if (inlinable(c.body)) {
          this.w("{ ");
          this.inline(c.body);
          this.w(c.body[c.body.length - 1]?.background ? " }" : "; }");
        } else {
          this.w("{");
          this.nl();
          this.block(c.body);
          this.w(this.ind + "}");
        }
        break;
      case "If":
        c.clauses.forEach((cl, i) => {
          this.clause(i === 0 ? "if" : this.ind + "elif", cl.condition, "; then");
          if (!inlinable(cl.condition)) this.w("then"), this.nl();
          this.block(cl.body);
        });
        if (c.elseBody !== undefined) {
          this.w(this.ind + "else");
          this.nl();
          this.block(c.elseBody);
        }
        this.w(this.ind + "fi");
        break;
      case "While":
        this.clause(c.until ? "until" : "while", c.condition, "; do");
        if (!inlinable(c.condition)) this.w("do"), this.nl();
        this.block(c.body);
        this.w(this.ind + "done");
        break;
      case "For":
      case "Select":
        this.w(`${c.type === "For" ? "for" : "select"} ${c.variable}`);
        if (c.items !== undefined) this.w(" in" + c.items.map((x) => " " + word(x)).join(""));
        this.w("; do");
        this.nl();
        this.block(c.body);
        this.w(this.ind + "done");
        break;
      case "ArithFor":
        this.w(`for ((${c.init ? arith(c.init) : ""};${c.test ? arith(c.test) : ""};${c.update ? arith(c.update) : ""})); do`);
        this.nl();
        this.block(c.body);
        this.w(this.ind + "done");
        break;
      case "Case": {
        this.w(`case ${word(c.word)} in`);
        this.nl();
        const saved = this.ind;
        for (const it of c.items) {
          this.w(saved + INDENT + it.patterns.map(word).join(" | ") + ")");
          this.nl();
          this.ind = saved + INDENT + INDENT;
          this.list(it.body);
          this.w(this.ind + it.terminator);
          this.nl();
          this.ind = saved;
        }
        this.w(this.ind + "esac");
        break;
      }
      case "ArithCommand":
        this.w(`((${arith(c.expr)}))`);
        break;
      case "TestCommand":
        this.w(`[[ ${test(c.expr)} ]]`);
        break;
      case "FunctionDef":
        this.w(c.keyword ? `function ${c.name} ` : `${c.name}() `);
        this.command(c.body);
        return;
      case "Coproc":
        this.w(c.name !== undefined ? `coproc ${c.name} ` : "coproc ");
        this.command(c.body);
        return;
    }
    this.redirects(c.redirects, true);
  }

  private redirects(rs: readonly Redirect[], space: boolean): void {
    rs.forEach((r, i) => {
      if (space || i > 0) this.w(" ");
      this.w(redirect(r));
      if (r.heredoc !== undefined) this.pending.push(r.heredoc);
    });
  }
}

function bodyText(hd: HereDoc): string {
  const ps = wordParts(hd.body);
  return hd.quoted ? ps.map((x) => (x.type === "Literal" ? x.value : "")).join("") : parts(ps, true);
}

/**
 * True when a here-document's body ran to end of input: it does not end with a newline, or
 * its delimiter has one (it never matches a line).
 */
function isCut(hd: HereDoc): boolean {
  const body = bodyText(hd);
  return (body !== "" && !body.endsWith("\n")) || hd.delimiter.includes("\n");
}

/** True when statements can be printed on one line (no here-docs inside). */
function inlinable(stmts: readonly Statement[]): boolean {
  return stmts.length > 0 && stmts.length <= 3 && !stmts.some((s) => hasHeredocOrBlock(s.command));
}

function hasHeredocOrBlock(c: Command): boolean {
  switch (c.type) {
    case "SimpleCommand":
      return c.redirects.some((r) => r.heredoc !== undefined);
    case "Pipeline":
      return c.commands.some(hasHeredocOrBlock);
    case "AndOr":
      return hasHeredocOrBlock(c.left) || hasHeredocOrBlock(c.right);
    case "ArithCommand":
    case "TestCommand":
      return c.redirects.some((r) => r.heredoc !== undefined);
    default:
      return true;
  }
}

function redirect(r: Redirect): string {
  const prefix = r.fdVar !== undefined ? `{${r.fdVar}}` : r.fd !== undefined ? String(r.fd) : "";
  return `${prefix}${r.op} ${word(r.target)}`;
}

/** Prints an assignment (`a=1`, `a[k]+=v`, `a=(x [k]=v)`). */
export function assignment(a: Assignment): string {
  let s = a.name;
  if (a.index !== undefined) s += `[${word(a.index)}]`;
  s += a.append ? "+=" : "=";
  if (a.array !== undefined) {
    const els = a.array.map((e) => (e.index !== undefined ? `[${word(e.index)}]${e.append ? "+=" : "="}` : "") + word(e.value));
    return `${s}(${els.join(" ")})`;
  }
  return a.value !== undefined ? s + word(a.value) : s;
}

/** Prints a word. */
export function word(w: Word): string {
  return parts(wordParts(w), false);
}

function parts(ps: readonly WordPart[], heredoc: boolean): string {
  let s = "";
  let prev: WordPart | undefined;
  for (const p of ps) {
    const t = part(p, heredoc);
    // `$t` then a literal `E` was written `$t\<newline>E`: print it so, not as `$tE`.
    if (prev?.type === "ParamExp" && prev.short && /^[A-Za-z_]/.test(prev.name) && /^[A-Za-z0-9_]/.test(t)) s += "\\\n";
    s += t;
    prev = p;
  }
  return s;
}

function statementsText(body: readonly Statement[], ctx: Context): string {
  if (body.length === 0) return "";
  const p = new Printer("", ctx);
  if (inlinable(body)) {
    p.inline(body);
    p.end();
    return p.text();
  }
  p.list(body);
  p.end();
  return "\n" + p.text();
}

function part(p: WordPart, heredoc: boolean): string {
  switch (p.type) {
    case "Literal":
      return p.value;
    case "Escaped":
      return "\\" + p.value;
    case "SingleQuoted":
      return `'${p.value}'`;
    case "DoubleQuoted":
      return (p.locale ? '$"' : '"') + parts(p.parts, false) + '"';
    case "AnsiCQuoted":
      return `$'${p.raw}'`;
    case "ParamExp":
      return param(p);
    case "CommandSub": {
      const t = p.unparsed ?? statementsText(p.body, p.backtick ? "backtick" : heredoc ? "inBody" : "sub");
      if (p.backtick) return "`" + t.replace(/[\\`]/g, (m) => "\\" + m) + "`";
      return t.startsWith("(") ? `$( ${t})` : `$(${t})`;
    }
    case "ArithSub":
      return p.bracket ? `$[${arith(p.expr)}]` : `$((${arith(p.expr)}))`;
    case "ProcessSub": {
      const t = statementsText(p.body, "sub");
      return `${p.op}(${t.startsWith("(") ? " " + t : t})`;
    }
    case "TildePrefix":
      return "~" + p.user;
    case "ExtGlob":
      return `${p.op}(${p.pattern})`;
  }
}

function param(p: ParamExp): string {
  if (p.short) return "$" + p.name;
  const op = p.op;
  if (op?.kind === "bad") return "${" + op.text + "}";
  let s = "${" + (p.length ? "#" : "") + (p.indirect ? "!" : "") + p.name;
  if (p.index !== undefined) s += typeof p.index === "string" ? `[${p.index}]` : `[${word(p.index)}]`;
  if (op !== undefined) {
    switch (op.kind) {
      case "default":
        s += op.op + word(op.word);
        break;
      case "trim":
        s += op.op + word(op.pattern);
        break;
      case "replace":
        s += op.op + word(op.pattern) + (op.replacement !== undefined ? "/" + word(op.replacement) : "");
        break;
      case "case":
        s += op.op + (op.pattern !== undefined ? word(op.pattern) : "");
        break;
      case "slice":
        s += ":" + arith(op.offset) + (op.length !== undefined ? ":" + arith(op.length) : "");
        break;
      case "transform":
        s += "@" + op.op;
        break;
      case "names":
        s += op.star ? "*" : "@";
        break;
    }
  }
  return s + "}";
}

function arith(a: Arithmetic): string {
  return word(a.source);
}

/** Prints an arithmetic expression tree (fully parenthesized where precedence requires). */
export function arithExpr(e: ArithExpr): string {
  switch (e.type) {
    case "ArithNumber":
      return e.text;
    case "ArithVar":
      return e.index !== undefined ? `${e.name}[${e.index}]` : e.name;
    case "ArithGroup":
      return `(${arithExpr(e.expr)})`;
    case "ArithUnary":
      return e.op + (e.op === "-" || e.op === "+" ? " " : "") + arithExpr(e.operand);
    case "ArithPostfix":
      return arithExpr(e.operand) + e.op;
    case "ArithBinary":
      return `${arithExpr(e.left)} ${e.op} ${arithExpr(e.right)}`;
    case "ArithAssign":
      return `${arithExpr(e.target)} ${e.op} ${arithExpr(e.value)}`;
    case "ArithTernary":
      return `${arithExpr(e.test)} ? ${arithExpr(e.consequent)} : ${arithExpr(e.alternate)}`;
  }
}

function test(e: TestExpr): string {
  switch (e.type) {
    case "TestLogical":
      return `${test(e.left)} ${e.op} ${test(e.right)}`;
    case "TestNot":
      return `! ${test(e.operand)}`;
    case "TestGroup":
      return `( ${test(e.expr)} )`;
    case "TestUnary":
      return `${e.op} ${word(e.operand)}`;
    case "TestBinary":
      return `${word(e.left)} ${e.op} ${word(e.right)}`;
    case "TestWord":
      return word(e.word);
  }
}

/** Prints an AST node back as bash source. `parse(print(ast))` equals `ast` up to spans. */
export function print(node: Node): string {
  spilled = [];
  switch (node.type) {
    case "Script": {
      const p = new Printer();
      p.eof = node.end;
      p.list(node.body);
      p.end();
      const text = p.text();
      // A backslash at the very end of a script is a literal one: the final newline would
      // turn it into a line continuation.
      let n = 0;
      while (text[text.length - 2 - n] === "\\") n++;
      return n % 2 === 1 && text.endsWith("\n") ? text.slice(0, -1) : text;
    }
    case "Statement": {
      const p = new Printer();
      p.list([node]);
      p.end();
      return p.text();
    }
    case "Word":
      return word(node);
    case "Assignment":
      return assignment(node);
    case "Redirect":
      return redirect(node);
    case "Arithmetic":
      return arith(node);
    case "ArrayElement":
      return (node.index !== undefined ? `[${word(node.index)}]${node.append ? "+=" : "="}` : "") + word(node.value);
    case "HereDoc":
      return parts(wordParts(node.body), true);
    case "CaseItem":
      return `${node.patterns.map(word).join(" | ")}) ${statementsText(node.body, "script")} ${node.terminator}`;
    case "ArithNumber":
    case "ArithVar":
    case "ArithBinary":
    case "ArithUnary":
    case "ArithPostfix":
    case "ArithAssign":
    case "ArithTernary":
    case "ArithGroup":
      return arithExpr(node);
    case "TestLogical":
    case "TestNot":
    case "TestGroup":
    case "TestUnary":
    case "TestBinary":
    case "TestWord":
      return test(node);
    case "Literal":
    case "Escaped":
    case "SingleQuoted":
    case "DoubleQuoted":
    case "AnsiCQuoted":
    case "ParamExp":
    case "CommandSub":
    case "ArithSub":
    case "ProcessSub":
    case "TildePrefix":
    case "ExtGlob":
      return part(node, false);
    default: {
      // A command: one line, plus here-document bodies when it has some.
      const p = new Printer();
      p.list([{ type: "Statement", start: node.start, end: node.end, command: node, background: false }]);
      p.end();
      const t = p.text();
      return t.endsWith("\n") && !t.slice(0, -1).includes("\n") ? t.slice(0, -1) : t;
    }
  }
}

/** A deep copy of `node` without the nodes' `start` and `end` offsets (for comparing trees). */
export function stripSpans<T>(node: T): T {
  return JSON.parse(
    JSON.stringify(node, function (this: Record<string, unknown>, k, v: unknown) {
      return (k === "start" || k === "end") && typeof this.type === "string" ? undefined : v;
    }),
  ) as T;
}

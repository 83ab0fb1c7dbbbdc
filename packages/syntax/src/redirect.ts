/**
 * Redirections and here-document bodies, for the command scanner (./scanner.ts): the
 * operator, its target word and the here-document it opens (`readRedirect`), the fd digits
 * before an operator (`fdAt`), and the bodies read at the next newline (`readHeredocs`).
 */
import type { HereDoc, Redirect, RedirectOp } from "./ast.js";
import { lastLine, lineOf, unexpectedToken } from "./errors.js";
import { delimiterQuoted, delimiterText, opText, redirectNode } from "./lexparts.js";
import { fdDigitsEnd, isMeta, STOP_CMD } from "./chars.js";
import { EMPTY } from "./fit.js";
import { heredocEnd } from "./heredoc-end.js";
import { heredocEofMessage, type ParseWarning } from "./options.js";
import type { PendingHeredoc, Reader } from "./words.js";
import { makeWord } from "./word.js";
import { HereDocNode, TextNode } from "./nodes.js";

const REDIR_OPS: readonly RedirectOp[] = ["<<<", "<<-", "<<", "<>", "<&", "<", ">>", ">|", ">&", ">", "&>>", "&>"];

/**
 * The end of fd digits at `i` right before `<`/`>` (see fdDigitsEnd), or -1; like bash, digits
 * past the C int range are a word, not an fd (`8901234567890<0`).
 */
export function fdAt(src: string, i: number, end: number): number {
  const j = fdDigitsEnd(src, i, end);
  return j < 0 || Number(src.slice(i, j)) > 2147483647 ? -1 : j;
}

/**
 * The redirection whose operator is at `r.pos` (its fd digits or `{name}` from `s`); `r.pos`
 * is left after the target word. A here-document it opens is added to `pending`; its body is
 * read at the next newline.
 */
export function readRedirect(r: Reader, s: number, fd: number | undefined, fdVar: string | undefined, pending: PendingHeredoc[]): Redirect {
  const src = r.src;
  const opStart = r.pos;
  let op: RedirectOp | undefined;
  for (const o of REDIR_OPS) {
    if (src.startsWith(o, opStart)) {
      op = o;
      break;
    }
  }
  if (op === undefined || (fd !== undefined || fdVar !== undefined) && op.startsWith("&")) r.fail(unexpectedToken(src[opStart]));
  r.pos = opStart + op.length;
  while (r.pos < r.end) {
    const c = src[r.pos];
    if (c === " " || c === "\t") r.pos++;
    else if (c === "\\" && src[r.pos + 1] === "\n") r.pos += 2;
    else break;
  }
  const ts = r.pos;
  const c = src[ts];
  if (ts >= r.end || (c !== undefined && isMeta(c) && !((c === "<" || c === ">") && src[ts + 1] === "("))) {
    r.fail(unexpectedToken(opText(r, ts)), ts);
  }
  // Digits right before `<`/`>` are the next redirection's fd, not this one's target
  // (bash: `cat >3>x` is a syntax error near `3'; `>&3>x` duplicates fd 3).
  if (op !== ">&" && op !== "<&") {
    const fe = fdAt(src, ts, r.end);
    if (fe >= 0) r.fail(unexpectedToken(src.slice(ts, fe)), ts);
  }
  const target = r.readWord(STOP_CMD)!;
  const start = s + r.base;
  const end = r.pos + r.base;
  let heredoc: HereDoc | undefined;
  if (op === "<<" || op === "<<-") {
    const hd = new HereDocNode(end, end, delimiterText(src, target, r.base), delimiterQuoted(target), op === "<<-", makeWord(end, end, EMPTY));
    pending.push({ hd });
    heredoc = hd;
  }
  return redirectNode(start, end, op, target, fd, fdVar, heredoc);
}

/**
 * Reads the bodies of the `pending` here-documents, one after the other from `r.pos` (the
 * start of a line). `sub` reads a `<<-` body, whose leading tabs are gone, as a text of its own
 * at `offset`. A body that runs to the end of the text is reported to `warn`, as bash does.
 * Here-documents opened inside a body (`$(cat <<E)`) are added to the reader's
 * pending list, which the caller drops: bash parses them when it expands the body.
 */
export function readHeredocs(r: Reader, pending: readonly PendingHeredoc[], warn: ((w: ParseWarning) => void) | undefined): void {
  const src = r.src;
  for (const { hd } of pending) {
    const bodyStart = r.pos;
    const { bodyEnd, after } = heredocEnd(src, bodyStart, r.end, hd);
    // (a delimiter line found makes bodyEnd its start, before r.end)
    if (bodyEnd === r.end && warn !== undefined) {
      // bash names the line it was on when it started the body: the one before it (the last
      // line when the text ends before the newline that would start the body).
      const cut = bodyStart >= r.end && bodyStart > 0 && src[bodyStart - 1] !== "\n";
      const heredoc = { line: lineOf(src, bodyStart) - (cut ? 0 : 1), delimiter: hd.delimiter };
      warn({ message: heredocEofMessage(heredoc.line, heredoc.delimiter), span: r.span(bodyStart, bodyEnd), line: lastLine(src.slice(0, r.end)), heredoc });
    }
    const start = bodyStart + r.base;
    const end = bodyEnd + r.base;
    hd.start = start;
    hd.end = end;
    if (hd.quoted) {
      const text = bodyText(src, bodyStart, bodyEnd, hd.stripTabs);
      hd.body = text === "" ? makeWord(start, end, EMPTY) : new TextNode("Literal", start, end, text);
    } else if (!hd.stripTabs) {
      const saveEnd = r.end;
      r.pos = bodyStart;
      r.end = bodyEnd;
      const parts = r.readDQParts(false, true);
      r.end = saveEnd;
      hd.body = makeWord(start, end, parts);
    } else {
      hd.body = makeWord(start, end, r.heredocReader(bodyText(src, bodyStart, bodyEnd, true), bodyStart + r.base).readDQParts(false, true));
    }
    r.pos = after;
  }
}

/** The text of a here-document body, without leading tabs for `<<-`. */
function bodyText(src: string, from: number, to: number, stripTabs: boolean): string {
  const text = src.slice(from, to);
  return stripTabs ? text.replace(/^\t+/gm, "") : text;
}

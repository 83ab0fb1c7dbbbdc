/**
 * Simple commands that are only assignments (`x=1 y=$(cmd)`, possibly with redirections): the
 * values persist in the shell and the status is the last command substitution's. Split from
 * simple.ts, which runs the commands that have words.
 */
import type { Assignment, SimpleCommand } from "@husk/syntax";
import { assignStatement, prepareAssign } from "./assign.js";
import type { PreparedAssign } from "./assign.js";
import { Abrupt, FatalError } from "./errors.js";
import type { Completion, MaybeAsync } from "./errors.js";
import type { Interp } from "./interp.js";
import { ps4 } from "./prompt.js";
import { withRedirects } from "./redirect.js";
import { xtraceQuote } from "./simple.js";

/** `x=1 y=2` with no command: assignments persist; status is the last substitution's. */
export function assignOnly(ip: Interp, cmd: SimpleCommand): MaybeAsync<Completion> {
  if (ip.st.options.xtrace) return assignOnlyFrom(ip, cmd, 0, undefined);
  const as = cmd.assignments;
  for (let i = 0; i < as.length; i++) {
    const a = as[i]!;
    let p: MaybeAsync<PreparedAssign>;
    try {
      if (a.index === undefined && a.array === undefined) {
        // `x=v`: what prepareAssign + applyAssign do, without the prepared object
        const v = a.value === undefined ? "" : ip.expandString(a.value);
        if (!(v instanceof Promise)) {
          ip.setVar(a.name, v, a.append);
          continue;
        }
        p = preparedLater(a, v);
      } else {
        p = prepareAssign(ip, a);
        if (!(p instanceof Promise)) {
          const w = assignStatement(ip, p);
          if (w !== undefined) return assignOnlyFrom(ip, cmd, i + 1, undefined, w);
        }
      }
    } catch (e) {
      return assignFailed(ip, e);
    }
    if (p instanceof Promise) return assignOnlyFrom(ip, cmd, i, p);
  }
  return assignmentsDone(ip, cmd);
}

async function preparedLater(a: Assignment, v: Promise<string>): Promise<PreparedAssign> {
  return { name: a.name, append: a.append, value: await v };
}

async function assignOnlyFrom(ip: Interp, cmd: SimpleCommand, i: number, pending: Promise<PreparedAssign> | undefined, assigning?: Promise<void>): Promise<Completion> {
  try {
    await assigning;
    if (pending !== undefined) {
      await applyOne(ip, await pending);
      i++;
    }
    for (; i < cmd.assignments.length; i++) await applyOne(ip, await prepareAssign(ip, cmd.assignments[i]!));
  } catch (e) {
    return assignFailed(ip, e);
  }
  return assignmentsDone(ip, cmd);
}

/** xtrace, then the assignment. */
async function applyOne(ip: Interp, p: PreparedAssign): Promise<void> {
  if (ip.st.options.xtrace) ip.stderr().write(`${await ps4(ip)}${p.name}${p.append ? "+" : ""}=${p.array ? `(${p.array.map((e) => xtraceQuote(e.value)).join(" ")})` : xtraceQuote(p.value ?? "")}\n`);
  await assignStatement(ip, p);
}

/** A failed assignment statement: under set -e or in POSIX mode it ends the shell (even in a condition), else it abandons the rest of the command line. */
function assignFailed(ip: Interp, e: unknown): Completion {
  if (e instanceof FatalError && e.scope === "command") {
    if (ip.st.options.errexit || ip.st.options.posix) {
      ip.error(e);
      return new Abrupt("exit", 0, e.status);
    }
    throw new FatalError(e.message, e.status, "line");
  }
  throw e;
}

function assignmentsDone(ip: Interp, cmd: SimpleCommand): MaybeAsync<Completion> {
  const sub = ip.subStatus ?? 0;
  // a command without words leaves `$_` empty (after its assignments read the old value)
  ip.st.lastArg = "";
  if (cmd.redirects.length > 0) {
    return redirectedAssignments(ip, cmd, sub);
  }
  return ip.checkErr(sub);
}

function redirectedAssignments(ip: Interp, cmd: SimpleCommand, sub: number): MaybeAsync<Completion> {
  const c = withRedirects(ip, cmd.redirects, () => sub);
  if (c instanceof Promise) return c.then((x) => (x instanceof Abrupt ? x : ip.checkErr(x)));
  return c instanceof Abrupt ? c : ip.checkErr(c);
}


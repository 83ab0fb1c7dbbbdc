/**
 * Compound commands: `( )`, `{ }`, if, while/until, for, for (( )), select, case, (( )),
 * [[ ]], function definitions and coproc. Loops count iterations against the limits and
 * handle `break N` / `continue N` completions.
 */
import type { ArithCommand, Arithmetic, Case, Command, For, ArithFor, If, Statement, TestCommand, While } from "@husk/syntax";
import { yieldToHost } from "@husk/host";
import { ArithError } from "./arith.js";
import { Abrupt, FatalError } from "./errors.js";
import type { Completion, MaybeAsync } from "./errors.js";
import { truthy } from "./int64.js";
import type { Int } from "./int64.js";
import type { Interp } from "./interp.js";
import { matchPattern } from "./pattern.js";
import { setSinglePipeStatus } from "./pipeline.js";
import { isSpecialBuiltin } from "./simple.js";
import { withRedirects } from "./redirect.js";
import { evalTestExpr } from "./test-expr.js";
import { isName } from "./vars.js";
import { debugTrap } from "./traps.js";
import { startCoproc } from "./coproc.js";
import { trace, tracedArith, written } from "./trace.js";

/** Runs any compound command (and function definitions). */
export function execCompound(ip: Interp, cmd: Command): MaybeAsync<Completion> {
  switch (cmd.type) {
    case "FunctionDef":
      ip.pos = cmd.start;
      // bash refuses a name with an expansion in it (`foo$x() {...}`) when it runs the definition
      // (errors name the line where the definition ends, where bash's parser is)
      if (cmd.name.includes("$")) {
        ip.pos = cmd.end - 1;
        ip.error(`\`${cmd.name}': not a valid identifier`);
        return ip.checkErr(1);
      }
      // POSIX mode: a special builtin cannot be redefined; the shell exits (status 2), as bash's does
      if (ip.st.options.posix && isSpecialBuiltin(ip, cmd.name)) {
        ip.pos = cmd.end - 1;
        throw new FatalError(`\`${cmd.name}': is a special builtin`, 2, "exit");
      }
      ip.st.functions.set(cmd.name, { def: cmd, src: ip.src });
      return 0;
    case "Coproc":
      return startCoproc(ip, cmd);
    case "SimpleCommand":
    case "Pipeline":
    case "AndOr":
      return 0;
  }
  // without redirections, no closure per run (loop bodies run these again and again); the
  // closure lives in its own function, as one here would cost a context at every call
  if (cmd.redirects.length === 0) return compoundBody(ip, cmd);
  return redirectedBody(ip, cmd);
}

function redirectedBody(ip: Interp, cmd: Compound): MaybeAsync<Completion> {
  // bash sets $LINENO to a subshell's line (where it ends) before its redirections
  if (cmd.type === "Subshell") ip.pos = cmd.redirects[0]!.start;
  return withRedirects(ip, cmd.redirects, () => compoundBody(ip, cmd), true);
}

type Compound = Exclude<Command, { type: "FunctionDef" | "Coproc" | "SimpleCommand" | "Pipeline" | "AndOr" }>;

/** A compound command once its redirections are in place. */
function compoundBody(ip: Interp, cmd: Compound): MaybeAsync<Completion> {
  switch (cmd.type) {
    case "Subshell":
      if (ip.runningTraps === 0) ip.st.curCommand = cmd;
      return runSubshellCommand(ip, cmd.start, cmd.body);
    case "BraceGroup":
      return ip.execList(cmd.body);
    case "If":
      return execIf(ip, cmd);
    case "While":
      return execWhile(ip, cmd);
    case "For":
    case "Select":
      return execFor(ip, cmd as For);
    case "ArithFor":
      return execArithFor(ip, cmd);
    case "Case":
      return execCase(ip, cmd);
    case "ArithCommand":
      return execArithCommand(ip, cmd);
    case "TestCommand":
      return execTestCommand(ip, cmd);
    default:
      return 0;
  }
}

async function runSubshellCommand(ip: Interp, pos: number, body: readonly Statement[]): Promise<Completion> {
  ip.pos = pos;
  const sub = ip.subshell();
  return pipelineDone(ip, await sub.runSubshell(() => sub.execList(body)));
}

async function execTestCommand(ip: Interp, cmd: TestCommand): Promise<Completion> {
  ip.pos = cmd.start;
  if (ip.runningTraps === 0) ip.st.curCommand = cmd;
  ip.rt.meter.countCommand();
  if (ip.st.traps.size > 0) {
    const d = await debugTrap(ip, cmd.start);
    if (d !== undefined) return d;
  }
  let status: number;
  try {
    status = (await evalTestExpr(ip, cmd.expr)) ? 0 : 1;
  } catch (e) {
    // an error of the test itself fails it; one of an expansion (`$((1/0))`) abandons the line
    if (e instanceof FatalError && e.scope === "command") {
      if (e.message !== "") ip.error(e);
      status = e.status;
    } else throw e;
  }
  return pipelineDone(ip, status);
}

/** Runs a condition list with set -e disabled. */
function cond(ip: Interp, stmts: readonly Statement[]): MaybeAsync<Completion> {
  ip.condDepth++;
  let r: MaybeAsync<Completion>;
  try {
    r = ip.execList(stmts);
  } catch (e) {
    ip.condDepth--;
    throw e;
  }
  if (r instanceof Promise) return condAsync(ip, r);
  ip.condDepth--;
  return r;
}

async function condAsync(ip: Interp, r: Promise<Completion>): Promise<Completion> {
  try {
    return await r;
  } finally {
    ip.condDepth--;
  }
}

/** `if`: synchronous while its conditions are (an `if` in a loop body costs no promise). */
function execIf(ip: Interp, cmd: If, from = 0): MaybeAsync<Completion> {
  for (let i = from; i < cmd.clauses.length; i++) {
    const clause = cmd.clauses[i]!;
    const r = cond(ip, clause.condition);
    if (r instanceof Promise) return ifClauseLater(ip, cmd, i, r);
    if (r instanceof Abrupt) return r;
    if (r === 0) return ip.execList(clause.body);
  }
  if (cmd.elseBody !== undefined) return ip.execList(cmd.elseBody);
  return 0;
}

async function ifClauseLater(ip: Interp, cmd: If, i: number, r: Promise<Completion>): Promise<Completion> {
  return ifClauseDone(ip, cmd, i, await r);
}

/** The rest of `execIf` once the condition of clause `i` completed with `c`. */
function ifClauseDone(ip: Interp, cmd: If, i: number, c: Completion): MaybeAsync<Completion> {
  if (c instanceof Abrupt) return c;
  if (c === 0) return ip.execList(cmd.clauses[i]!.body);
  return execIf(ip, cmd, i + 1);
}

/** Handles a loop body's completion: returns "stop", "next", or an Abrupt to propagate. */
function loopControl(c: Completion): "next" | "stop" | Abrupt {
  if (!(c instanceof Abrupt)) return "next";
  if (c.kind === "break") return c.levels > 1 ? new Abrupt("break", c.levels - 1, 0) : "stop";
  if (c.kind === "continue") return c.levels > 1 ? new Abrupt("continue", c.levels - 1, 0) : "next";
  return c;
}

async function execWhile(ip: Interp, cmd: While): Promise<Completion> {
  let status = 0;
  let n = 0;
  const meter = ip.rt.meter;
  ip.loopDepth++;
  try {
    for (;;) {
      meter.countIteration(++n);
      if (ip.rt.meter.yieldDue()) await yieldToHost(); // TM-DOS-001: the host's timers keep firing
      const cr = cond(ip, cmd.condition);
      const c = cr instanceof Promise ? await cr : cr;
      if (c instanceof Abrupt) {
        const r = loopControl(c);
        if (r === "stop") break;
        if (r === "next") continue;
        return r;
      }
      if (cmd.until ? c === 0 : c !== 0) break;
      const br = ip.execList(cmd.body);
      const b = br instanceof Promise ? await br : br;
      if (typeof b === "number") status = b;
      const r = loopControl(b);
      if (r === "stop") {
        status = 0;
        break;
      }
      if (r !== "next") return r;
    }
  } finally {
    ip.loopDepth--;
  }
  return status;
}

async function execFor(ip: Interp, cmd: For): Promise<Completion> {
  ip.pos = cmd.start;
  // bash checks the name when the loop runs, before expanding its words: `for 1 in` fails
  // (status 1, no set -e, no ERR trap); in POSIX mode the shell exits with status 2
  if (!isName(cmd.variable)) {
    // (bash names the line where its parser is, the end of a loop at the top level)
    ip.pos = cmd.end - 1;
    if (ip.st.options.posix) throw new FatalError(`\`${cmd.variable}': not a valid identifier`, 2, "exit");
    ip.error(`\`${cmd.variable}': not a valid identifier`);
    return 1;
  }
  const items = cmd.items === undefined ? ip.st.positional.slice() : await ip.expandWords(cmd.items);
  if (cmd.type === ("Select" as string)) {
    if (ip.st.options.xtrace) await traceFor(ip, cmd, "select");
    ip.loopDepth++;
    try {
      return await execSelect(ip, cmd, items);
    } finally {
      ip.loopDepth--;
    }
  }
  let status = 0;
  let n = 0;
  ip.loopDepth++;
  try {
    // (an index, not for-of: an iterator in an async function allocates a result per item)
    for (let i = 0; i < items.length; i++) {
      ip.rt.meter.countIteration(++n);
      if (ip.rt.meter.yieldDue()) await yieldToHost(); // TM-DOS-001: the host's timers keep firing
      if (ip.st.traps.size > 0) {
        const d = await debugTrap(ip, cmd.start);
        if (d !== undefined) return d;
      }
      if (ip.st.options.xtrace) await traceFor(ip, cmd, "for");
      ip.setVar(cmd.variable, items[i]!);
      const br = ip.execList(cmd.body);
      const b = br instanceof Promise ? await br : br;
      if (typeof b === "number") status = b;
      const r = loopControl(b);
      if (r === "stop") {
        status = 0;
        break;
      }
      if (r !== "next") return r;
    }
  } finally {
    ip.loopDepth--;
  }
  return status;
}

/** `for NAME in WORDS` / `select NAME in WORDS` under set -x (the words as written, `"$@"` for none). */
function traceFor(ip: Interp, cmd: For, kw: string): Promise<void> {
  const items = cmd.items;
  const words = items === undefined ? '"$@"' : items.length === 0 ? "" : written(ip, items[0]!, items[items.length - 1]!);
  return trace(ip, `${kw} ${cmd.variable} in ${words}`);
}

async function execSelect(ip: Interp, cmd: For, items: string[]): Promise<Completion> {
  const err = ip.stderr();
  const input = ip.st.fds[0]?.input;
  let status = 0;
  let n = 0;
  for (;;) {
    ip.rt.meter.countIteration(++n);
      if (ip.rt.meter.yieldDue()) await yieldToHost(); // TM-DOS-001: the host's timers keep firing
    items.forEach((it, i) => err.write(`${i + 1}) ${it}\n`));
    err.write(ip.getScalar("PS3") ?? "#? ");
    if (input === undefined) return 1;
    const line = await readLine(input);
    // at the end of the input bash ends the menu's line on stdout
    if (line === undefined) {
      ip.stdout().write("\n");
      return 1;
    }
    ip.setVar("REPLY", line);
    const k = Number(line.trim());
    ip.setVar(cmd.variable, Number.isInteger(k) && k >= 1 && k <= items.length ? items[k - 1]! : "");
    const b = await ip.execList(cmd.body);
    if (typeof b === "number") status = b;
    const r = loopControl(b);
    if (r === "stop") return 0;
    if (r !== "next") return r;
  }
}

async function readLine(input: import("./io.js").ShellInput): Promise<string | undefined> {
  let buf = "";
  for (;;) {
    const c = await input.read();
    if (c === undefined) return buf === "" ? undefined : buf;
    const i = c.indexOf("\n");
    if (i >= 0) {
      input.unread(c.slice(i + 1));
      return buf + c.slice(0, i);
    }
    buf += c;
  }
}

async function execArithFor(ip: Interp, cmd: ArithFor): Promise<Completion> {
  ip.pos = cmd.start;
  const debug = (): Promise<Abrupt | undefined> => debugTrap(ip, cmd.start);
  let d: Abrupt | undefined;
  if (ip.st.traps.size > 0 && (d = await debug()) !== undefined) return d;
  if (cmd.init !== undefined && (await headerArith(ip, cmd.init)) === undefined) return 1;
  let status = 0;
  let n = 0;
  ip.loopDepth++;
  try {
    for (;;) {
      ip.rt.meter.countIteration(++n);
      if (ip.rt.meter.yieldDue()) await yieldToHost(); // TM-DOS-001: the host's timers keep firing
      if (ip.st.traps.size > 0 && (d = await debug()) !== undefined) return d;
      if (cmd.test !== undefined) {
        // $LINENO in the header is the line of `for` (the body moved it)
        ip.pos = cmd.start;
        const t = await headerArith(ip, cmd.test);
        if (t === undefined) return 1;
        if (!truthy(t)) break;
      }
      const br = ip.execList(cmd.body);
      const b = br instanceof Promise ? await br : br;
      if (typeof b === "number") status = b;
      const r = loopControl(b);
      if (r === "stop") {
        status = 0;
        break;
      }
      if (r !== "next") return r;
      if (ip.st.traps.size > 0 && (d = await debug()) !== undefined) return d;
      if (cmd.update !== undefined) {
        ip.pos = cmd.start;
        if ((await headerArith(ip, cmd.update)) === undefined) return 1;
      }
    }
  } finally {
    ip.loopDepth--;
  }
  return status;
}

/**
 * One expression of a `for ((...))` header. An arithmetic error is reported as `((: ...`
 * (undefined: the loop ends with status 1 and the script goes on, as in bash).
 */
async function headerArith(ip: Interp, a: Arithmetic): Promise<Int | undefined> {
  try {
    return await (ip.st.options.xtrace ? tracedArith(ip, a, true) : ip.evalArithRaw(a));
  } catch (e) {
    reportArith(ip, e);
    return undefined;
  }
}

/** Reports an arithmetic error of `(( ))` or a `for (( ))` header as bash does (`((: MSG`); rethrows anything else. */
function reportArith(ip: Interp, e: unknown): void {
  // an assignment the arithmetic cannot make (readonly, bad subscript) fails only the command
  if (e instanceof FatalError && e.scope === "command") return ip.error(e);
  if (!(e instanceof ArithError)) throw e;
  ip.error(`((: ${e.message}`);
}

async function execCase(ip: Interp, cmd: Case): Promise<Completion> {
  ip.pos = cmd.start;
  if (ip.st.traps.size > 0) {
    const d = await debugTrap(ip, cmd.start);
    if (d !== undefined) return d;
  }
  if (ip.st.options.xtrace) await trace(ip, `case ${written(ip, cmd.word, cmd.word)} in`);
  const word = await ip.expandString(cmd.word);
  const opts = { extglob: true, nocase: ip.st.opt("nocasematch") };
  let c: Completion = 0;
  let fall = false;
  for (let i = 0; i < cmd.items.length; i++) {
    const item = cmd.items[i]!;
    let hit = fall;
    if (!hit) {
      for (const pw of item.patterns) {
        if (matchPattern(await ip.expandPattern(pw), word, opts)) {
          hit = true;
          break;
        }
      }
    }
    if (!hit) continue;
    c = await ip.execList(item.body);
    if (c instanceof Abrupt) return c;
    if (item.terminator === ";;") return c;
    fall = item.terminator === ";&";
  }
  return c;
}

function execArithCommand(ip: Interp, cmd: ArithCommand): MaybeAsync<Completion> {
  ip.pos = cmd.start;
  if (ip.runningTraps === 0) ip.st.curCommand = cmd;
  ip.rt.meter.countCommand();
  if (ip.st.traps.size > 0) return arithAfterDebugTrap(ip, cmd);
  if (ip.st.options.xtrace) return arithCommandLater(ip, tracedArith(ip, cmd.expr, false));
  return arithCommand(ip, cmd);
}

async function arithAfterDebugTrap(ip: Interp, cmd: ArithCommand): Promise<Completion> {
  return (await debugTrap(ip, cmd.start)) ?? (ip.st.options.xtrace ? arithCommandLater(ip, tracedArith(ip, cmd.expr, false)) : arithCommand(ip, cmd));
}

/** The end of a compound command bash counts as a one-command pipeline: PIPESTATUS, then set -e/ERR. */
function pipelineDone(ip: Interp, status: number): MaybeAsync<Completion> {
  setSinglePipeStatus(ip, status);
  return ip.checkErr(status);
}

/** Evaluates `(( ))`: status 0 when the value is non-zero. */
function arithCommand(ip: Interp, cmd: ArithCommand): MaybeAsync<Completion> {
  let v: MaybeAsync<Int>;
  try {
    v = ip.evalArithRaw(cmd.expr);
  } catch (e) {
    return arithCommandFailed(ip, e);
  }
  if (v instanceof Promise) return arithCommandLater(ip, v);
  return pipelineDone(ip, truthy(v) ? 0 : 1);
}

async function arithCommandLater(ip: Interp, v: Promise<Int>): Promise<Completion> {
  let x: Int;
  try {
    x = await v;
  } catch (e) {
    return arithCommandFailed(ip, e);
  }
  return pipelineDone(ip, truthy(x) ? 0 : 1);
}

/** `(( ))` whose evaluation threw: an arithmetic error is reported and fails the command. */
function arithCommandFailed(ip: Interp, e: unknown): MaybeAsync<Completion> {
  reportArith(ip, e);
  return pipelineDone(ip, 1);
}

/**
 * Running traps the way bash does: EXIT at the end of a shell, ERR after a failing command
 * (with set -e's exemptions), DEBUG before each simple command, `[[ ]]`, `(( ))`, `for`
 * iteration, `case` and arithmetic `for` step, RETURN after a function or sourced file, and
 * signal traps when a signal is delivered (`kill -USR1 $$`). A trap does not fire again while
 * its own action runs, but DEBUG may fire inside ERR and the reverse. `$?` survives a trap.
 */
import { Abrupt } from "./errors.js";
import type { Completion, MaybeAsync } from "./errors.js";
import type { Interp } from "./interp.js";

/** Bits of `Interp.runningTraps`: which trap actions are running now. */
export const enum Running {
  Debug = 1,
  Err = 2,
  Return = 4,
  Other = 8,
}

function bitOf(name: string): number {
  return name === "DEBUG" ? Running.Debug : name === "ERR" ? Running.Err : name === "RETURN" ? Running.Return : Running.Other;
}

/** What bash calls a trap's text in its syntax errors (`bash: exit trap: line 1: ...`). */
function trapLabel(name: string): string {
  switch (name) {
    case "EXIT":
      return "exit trap";
    case "DEBUG":
      return "debug trap";
    case "ERR":
      return "error trap";
    case "RETURN":
      return "return trap";
    case "INT":
      return "interrupt trap";
    default:
      return "trap";
  }
}

/**
 * Runs a trap's action text in `ip` at the current line. Errors inside are reported, not
 * propagated; `$?` is restored afterwards. Returns an exit completion when the action runs
 * `exit` (or set -e ends it), else the status from before the trap.
 */
export async function runTrapText(ip: Interp, text: string, name = "EXIT", lineOffset = ip.line() - 1): Promise<Completion> {
  const savedStatus = ip.st.status;
  const saved = ip.runningTraps;
  const savedPos = ip.pos;
  ip.runningTraps |= bitOf(name);
  try {
    const c = await ip.runScript(text, lineOffset, false, undefined, trapLabel(name));
    if (c instanceof Abrupt && c.kind === "exit") return c;
    return savedStatus;
  } finally {
    ip.runningTraps = saved;
    ip.pos = savedPos;
    if (ip.st.status !== savedStatus) ip.st.status = savedStatus;
  }
}

/**
 * The DEBUG trap before a command at source offset `pos`: runs it unless it is already
 * running, or we are inside a function without `set -o functrace`. Returns an exit
 * completion to end the shell with, or undefined to go on.
 */
export async function debugTrap(ip: Interp, pos: number): Promise<Abrupt | undefined> {
  if (ip.runningTraps & Running.Debug) return undefined;
  const action = ip.st.trap("DEBUG");
  if (action === undefined || action === "") return undefined;
  if (ip.callDepth > 0 && !ip.st.options.functrace) return undefined;
  ip.pos = pos;
  const c = await runTrapText(ip, action, "DEBUG");
  return c instanceof Abrupt ? c : undefined;
}

/**
 * bash's set -e / ERR trap check after a command that can fail: runs the ERR trap (not inside
 * functions unless `set -o errtrace`), then ends the shell if errexit is on.
 */
export function checkErr(ip: Interp, status: number): MaybeAsync<Completion> {
  if (status === 0 || ip.condDepth > 0) return status;
  const trap = ip.st.trap("ERR");
  if (trap !== undefined && trap !== "" && !(ip.runningTraps & Running.Err) && (ip.callDepth === 0 || ip.st.options.errtrace)) return errTrap(ip, status, trap);
  if (ip.st.options.errexit) return new Abrupt("exit", 0, status);
  return status;
}

/**
 * bash quirk: a failed `( )` that ends a pipeline of two or more stages runs the ERR trap
 * itself (the parent checks the subshell as it reaps it), before the pipeline's own check
 * and even under `!`; set -e does not act there. An abrupt completion of the trap, else undefined.
 */
export async function lastSubshellErr(ip: Interp, status: number): Promise<Abrupt | undefined> {
  if (status === 0 || ip.condDepth > 0) return undefined;
  const trap = ip.st.trap("ERR");
  if (trap === undefined || trap === "" || ip.runningTraps & Running.Err || !(ip.callDepth === 0 || ip.st.options.errtrace)) return undefined;
  ip.st.status = status;
  const c = await runTrapText(ip, trap, "ERR");
  return c instanceof Abrupt ? c : undefined;
}

async function errTrap(ip: Interp, status: number, trap: string): Promise<Completion> {
  ip.st.status = status;
  const c = await runTrapText(ip, trap, "ERR");
  if (c instanceof Abrupt) return c;
  if (ip.st.options.errexit) return new Abrupt("exit", 0, status);
  return status;
}

/** The RETURN trap after a function call or a sourced file (not while it runs). */
export async function returnTrap(ip: Interp): Promise<void> {
  if (ip.runningTraps & Running.Return) return;
  const trap = ip.st.trap("RETURN");
  if (trap !== undefined && trap !== "") await runTrapText(ip, trap, "RETURN");
}

/** Runs the EXIT trap (once) and returns the final status. */
export async function exitTrap(ip: Interp, status: number): Promise<number> {
  const trap = ip.st.trap("EXIT");
  if (trap !== undefined && trap !== "") {
    ip.st.traps.delete("EXIT");
    ip.st.status = status;
    const c = await runTrapText(ip, trap, "EXIT");
    if (c instanceof Abrupt && c.kind === "exit") return c.status;
  }
  return status;
}

/**
 * Signals inside the sandbox. There are no processes: `kill` reaches the shells and background
 * jobs of the same run. A signal sent to a shell (`kill -USR1 $$`, also from a child `bash -c`)
 * is delivered after its current command: its trap runs, or it is ignored, or (bash's default
 * for most signals) the shell ends with status 128+N. A signal sent to a job (`kill %1`,
 * `kill $!`) cancels it; `wait` then reports 128+N.
 */
import type { Completion } from "./errors.js";
import { Abrupt } from "./errors.js";
import type { Interp } from "./interp.js";
import { runTrapText } from "./traps.js";

/** Signal names by number (bash's list for Linux); index 0 is EXIT. */
export const SIGNALS = ["EXIT", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS"];

/** Signals whose default action does not end a process (ignore, continue, stop). */
const HARMLESS = new Set(["CHLD", "CONT", "URG", "WINCH", "STOP", "TSTP", "TTIN", "TTOU"]);

/** Normalizes a signal spec (`2`, `INT`, `SIGINT`, `int`, `exit`) to bash's name, or undefined. */
export function signalName(spec: string): string | undefined {
  if (/^[0-9]+$/.test(spec)) return SIGNALS[Number(spec)];
  const s = spec.toUpperCase().replace(/^SIG/, "");
  if (s === "ERR" || s === "DEBUG" || s === "RETURN") return s;
  return SIGNALS.includes(s) ? s : undefined;
}

/** True when a signal's default action ends the receiving process. */
export function terminates(name: string): boolean {
  return !HARMLESS.has(name) && name !== "EXIT";
}

/** Queues signal `name` for shell `ip` (delivered by `deliverSignals` after its command). */
export function queueSignal(ip: Interp, name: string): void {
  (ip.pendingSignals ??= []).push(name);
}

/**
 * Handles the signals queued for `ip`: runs their traps (line numbers start at 1, `$?` is
 * kept), skips ignored ones, and returns an exit completion for one whose default action
 * ends the shell.
 */
export async function deliverSignals(ip: Interp): Promise<Abrupt | undefined> {
  const queue = ip.pendingSignals;
  ip.pendingSignals = undefined;
  for (const name of queue ?? []) {
    const action = ip.st.trap(name);
    if (action === "") continue;
    if (action === undefined) {
      if (terminates(name)) return new Abrupt("exit", 0, 128 + SIGNALS.indexOf(name));
      continue;
    }
    const savedPos = ip.pos;
    ip.pos = 0;
    let c: Completion;
    try {
      c = await runTrapText(ip, action, name, 0);
    } finally {
      ip.pos = savedPos;
    }
    if (c instanceof Abrupt) return c;
  }
  return undefined;
}

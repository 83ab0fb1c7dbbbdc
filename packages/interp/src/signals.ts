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

/** What glibc's strsignal says of each signal in SIGNALS (bash prints it for a job a signal ended). */
const DESCRIPTIONS = ["", "Hangup", "Interrupt", "Quit", "Illegal instruction", "Trace/breakpoint trap", "Aborted", "Bus error", "Floating point exception", "Killed", "User defined signal 1", "Segmentation fault", "User defined signal 2", "Broken pipe", "Alarm clock", "Terminated", "Stack fault", "Child exited", "Continued", "Stopped (signal)", "Stopped", "Stopped (tty input)", "Stopped (tty output)", "Urgent I/O condition", "CPU time limit exceeded", "File size limit exceeded", "Virtual timer expired", "Profiling timer expired", "Window changed", "I/O possible", "Power failure", "Bad system call"];

/**
 * The line a non-interactive bash prints on stderr when it reaps a job that signal `signum`
 * ended (none for INT, TERM and PIPE): `NAME: line N:`, the pid in five columns, the signal's
 * description padded to 24, the command.
 */
export function jobSignalReport(where: string, line: number, pid: number, signum: number, command: string): string | undefined {
  if (signum === 2 || signum === 13 || signum === 15) return undefined;
  const desc = DESCRIPTIONS[signum] ?? `Real-time signal ${signum - 34}`;
  return `${where}: line ${line}: ${String(pid).padStart(5)} ${desc.padEnd(24)}${command}\n`;
}

/** The real-time signals of Linux as bash names them: 34 SIGRTMIN ... 64 SIGRTMAX. */
function rtName(n: number): string {
  if (n === 34) return "RTMIN";
  if (n === 64) return "RTMAX";
  return n <= 49 ? `RTMIN+${n - 34}` : `RTMAX-${64 - n}`;
}

/**
 * `trap -l` / `kill -l` as bash 5.2 on Linux prints them: `NN) SIGNAME`, tab-separated, five
 * to a line, signals 1-31 and the real-time ones 34-64 (the last line ends with a tab).
 */
export function signalTable(): string {
  const entries: string[] = [];
  for (let n = 1; n < SIGNALS.length; n++) entries.push(`${String(n).padStart(2)}) SIG${SIGNALS[n]}`);
  for (let n = 34; n <= 64; n++) entries.push(`${n}) SIG${rtName(n)}`);
  let out = "";
  entries.forEach((e, i) => {
    out += e + (i % 5 === 4 ? "\n" : "\t");
  });
  return out.endsWith("\n") ? out : `${out}\n`;
}

/** Signals whose default action does not end a process (ignore, continue, stop). */
const HARMLESS = new Set(["CHLD", "CONT", "URG", "WINCH", "STOP", "TSTP", "TTIN", "TTOU"]);

/** Normalizes a signal spec (`2`, `INT`, `SIGINT`, `int`, `exit`, `RTMIN+3`) to bash's name, or undefined. */
export function signalName(spec: string): string | undefined {
  if (/^[0-9]+$/.test(spec)) {
    const n = Number(spec);
    return n >= 34 && n <= 64 ? rtName(n) : SIGNALS[n];
  }
  const s = spec.toUpperCase().replace(/^SIG/, "");
  if (s === "ERR" || s === "DEBUG" || s === "RETURN") return s;
  if (SIGNALS.includes(s)) return s;
  return rtNumber(s) === undefined ? undefined : rtName(rtNumber(s)!);
}

/** The number of signal `name` (as signalName gives it): 0 for EXIT, -1 for ERR, DEBUG and RETURN. */
export function signalNumber(name: string): number {
  const i = SIGNALS.indexOf(name);
  return i >= 0 ? i : (rtNumber(name) ?? -1);
}

/** 34-64 for RTMIN, RTMIN+k, RTMAX-k, RTMAX (bash accepts RTMIN+15 and RTMAX-15 alike). */
function rtNumber(s: string): number | undefined {
  const m = /^RT(MIN|MAX)(?:([-+])([0-9]+))?$/.exec(s);
  if (m === null) return undefined;
  const k = m[3] === undefined ? 0 : Number(m[3]);
  const n = m[1] === "MIN" ? (m[2] === "-" ? undefined : 34 + k) : m[2] === "+" ? undefined : 64 - k;
  return n !== undefined && n >= 34 && n <= 64 ? n : undefined;
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
      if (terminates(name)) return new Abrupt("exit", 0, 128 + signalNumber(name));
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

/**
 * Coprocesses: `coproc [NAME] command` runs the command as a background job whose stdin and
 * stdout are pipes to the shell. As in bash, NAME (default COPROC) becomes an indexed array
 * of two fds, `[0]` the read end of the coprocess's output and `[1]` the write end of its
 * input, numbered as bash numbers them (63 and 60 for the first, then 62 and 58 ...), and
 * NAME_PID its pid: `echo x >&"${COPROC[1]}"`, `read -r l <&"${COPROC[0]}"`.
 *
 * The coprocess sees end of input when the shell closes its copy of `[1]` (`exec
 * {COPROC[1]}>&-`) or when the shell that started it ends. Bash removes NAME, NAME_PID and
 * the fds when it reaps the ended coprocess, at a moment that depends on process timing (a
 * script reading the output of a short coprocess can find the fds gone); here that happens
 * when `wait` (or `jobs`) reaps the job, so output written before the coprocess ended can
 * always be read.
 */
import type { Coproc } from "@husk/syntax";
import { startBackground } from "./background.js";
import { FatalError } from "./errors.js";
import type { Interp } from "./interp.js";
import { Pipe, ShellInput } from "./io.js";
import type { Fd } from "./state.js";

/** A coprocess of a shell: its pipes and the fds the shell holds of them. */
export interface CoprocEntry {
  readonly name: string;
  readonly pid: number;
  /** The coprocess's stdin: the shell writes. */
  readonly toCo: Pipe;
  /** The coprocess's stdout: the shell reads. */
  readonly fromCo: Pipe;
  /** The fd the shell reads the output from (`NAME[0]`), and its entry. */
  readonly r: number;
  readonly readFd: Fd;
  /** The fd the shell writes the input to (`NAME[1]`), and its entry. */
  readonly w: number;
  readonly writeFd: Fd;
  /** True once the job ended. */
  done: boolean;
}

/** The fd numbers of a new coprocess: bash moves its four pipe ends to the highest free fds below 64 and keeps the first and the fourth. */
function coprocFds(fds: readonly (Fd | undefined)[]): [number, number] {
  const free: number[] = [];
  for (let fd = 63; fd >= 3 && free.length < 4; fd--) if (fds[fd] === undefined) free.push(fd);
  if (free.length < 4) throw new FatalError("coproc: cannot make pipe for coprocess: Too many open files", 1, "command");
  return [free[0]!, free[3]!];
}

/** Runs `coproc [NAME] command` in `ip`; its status is 0 (the coprocess runs on as a job). */
export function startCoproc(ip: Interp, cmd: Coproc): number {
  const name = cmd.name ?? "COPROC";
  const live = ip.coprocs?.find((c) => !c.done);
  if (live !== undefined) ip.error(`warning: execute_coproc: coproc [${live.pid}:${name}] still exists`);
  const [r, w] = coprocFds(ip.st.fds);
  // the shell and the coprocess can wait on each other (`coproc sort` read before its input
  // is closed): the run's time limit ends that, as it ends any other run
  const toCo = new Pipe(undefined, ip.rt.signal);
  const fromCo = new Pipe(undefined, ip.rt.signal);
  const job = startBackground(ip, { type: "Statement", start: cmd.start, end: cmd.end, command: cmd.body, background: true }, (sub) => {
    const fds = sub.st.fds.slice();
    fds[0] = { input: new ShellInput(toCo), own: true };
    fds[1] = { output: fromCo };
    sub.st.fds = fds;
  });
  const entry: CoprocEntry = { name, pid: job.pid, toCo, fromCo, r, readFd: { input: new ShellInput(fromCo) }, w, writeFd: { output: toCo }, done: false };
  void job.promise.then(() => {
    entry.done = true;
    // the coprocess's ends close with it: the shell reads its output, then end of input
    fromCo.closeWrite();
    toCo.close();
  });
  job.reap = () => reap(ip, entry);
  const fds = ip.st.fds.slice();
  fds[r] = entry.readFd;
  fds[w] = entry.writeFd;
  ip.st.fds = fds;
  (ip.coprocs ??= []).push(entry);
  ip.st.vars.unset(name);
  ip.setElement(name, 0, String(r));
  ip.setElement(name, 1, String(w));
  ip.setVar(`${name}_PID`, String(job.pid));
  return 0;
}

/** The coprocess was reaped: its fds close (copies made by dups stay) and NAME, NAME_PID go, unless they were reused. */
function reap(ip: Interp, c: CoprocEntry): void {
  if (ip.st.fds[c.r] === c.readFd || ip.st.fds[c.w] === c.writeFd) {
    const fds = ip.st.fds.slice();
    if (fds[c.r] === c.readFd) fds[c.r] = undefined;
    if (fds[c.w] === c.writeFd) fds[c.w] = undefined;
    ip.st.fds = fds;
  }
  if (ip.getScalar(`${c.name}_PID`) === String(c.pid)) {
    ip.st.vars.unset(c.name);
    ip.st.vars.unset(`${c.name}_PID`);
  }
  const list = ip.coprocs;
  if (list !== undefined) {
    const k = list.indexOf(c);
    if (k >= 0) list.splice(k, 1);
  }
}

/**
 * After `exec` changed the fd table for good: a coprocess whose input no fd of the shell
 * writes any more sees end of input, and one whose output no fd reads gets a broken pipe.
 */
export function releaseCoprocs(ip: Interp): void {
  const list = ip.coprocs;
  if (list === undefined) return;
  for (const c of list) {
    let writes = false;
    let reads = false;
    for (const f of ip.st.fds) {
      if (f === undefined) continue;
      if (f.output === c.toCo) writes = true;
      if (f.input === c.readFd.input) reads = true;
    }
    if (!writes) c.toCo.closeWrite();
    if (!reads) c.fromCo.close();
  }
}

/** The shell `ip` ends: its coprocesses see end of input (and a broken pipe if they write on). */
export function endCoprocs(ip: Interp): void {
  const list = ip.coprocs;
  if (list === undefined) return;
  for (const c of list) {
    c.toCo.closeWrite();
    c.fromCo.close();
  }
}

/**
 * Background jobs: `cmd &` runs in a subshell concurrently with the shell, as a job of its
 * table (`jobs`, `wait`, `kill %N`, `$!`).
 */
import { print, type Statement } from "@husk/syntax";
import type { Interp } from "./interp.js";
import type { Job } from "./state.js";

/**
 * Starts `cmd &` as a job running concurrently in a subshell of `ip`; the status of `cmd &` is
 * 0. `setup` adjusts the subshell before it starts (a coproc's pipes); the job is returned.
 */
export function startBackground(ip: Interp, s: Statement, setup?: (sub: Interp) => void): Job {
  const sub = ip.subshell();
  setup?.(sub);
  // the status of `cmd &` itself is never checked (no ERR trap, no errexit)
  if (s.command.type === "SimpleCommand") sub.condDepth++;
  const pid = sub.st.bashPid;
  const ac = new AbortController();
  sub.jobSignal = AbortSignal.any([ip.jobSignal ?? ip.rt.signal, ac.signal]);
  let killedBy: number | undefined;
  const p = (async () => {
    await Promise.resolve();
    return sub.runSubshell(() => sub.execCommand(s.command));
  })();
  const tracked = p.then(
    (st) => st,
    (e) => {
      // `kill %N` cancels only this job; its status is 128 + the signal number
      if (killedBy !== undefined && !ip.rt.signal.aborted) return 128 + killedBy;
      ip.rt.fail(e);
      return 1;
    },
  );
  ip.rt.pending.add(tracked);
  const id = (ip.st.jobs[ip.st.jobs.length - 1]?.id ?? 0) + 1;
  const kill = (signum: number): void => {
    killedBy ??= signum;
    ac.abort();
  };
  let text: string | undefined;
  const job: Job = {
    id,
    pid,
    // as `jobs` shows it, printed when asked (`sleep 1 | cat &`)
    get command(): string {
      text ??= `${print(s.command)} &`;
      return text;
    },
    promise: tracked,
    status: undefined,
    kill,
    get signal(): number | undefined {
      return killedBy !== undefined && job.status === 128 + killedBy ? killedBy : undefined;
    },
  };
  void tracked.then((st) => {
    job.status = st;
    ip.rt.pending.delete(tracked);
  });
  ip.st.jobs.push(job);
  ip.st.lastBgPid = pid;
  ip.st.status = 0;
  return job;
}

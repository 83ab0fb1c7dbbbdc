/**
 * `wait`, `kill`, `jobs`: background jobs are concurrent tasks of the same run (`&`);
 * `wait` awaits them, `kill` is accepted (jobs cannot be interrupted mid-command).
 */
import { badOption, berr, builtin, parseOpts } from "./define.js";
import { jobSignalReport, queueSignal, signalName, signalNumber, signalTable, terminates } from "../signals.js";
import type { Job } from "../state.js";
import type { BuiltinContext } from "../simple.js";

/** `wait [-n] [id ...]` */
export const wait = builtin("wait", "Wait for job completion and return exit status.", async (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "nf", "p");
  const jobs = ip.st.jobs;
  if (o.rest.length === 0) {
    if (o.on.has("n")) {
      const live = jobs.filter((j) => j.status === undefined);
      if (live.length === 0) return 127;
      const s = await Promise.race(live.map((j) => j.promise));
      return s;
    }
    for (const j of jobs) {
      await j.promise;
      reaped(ctx, j);
    }
    ip.st.jobs = [];
    for (const j of jobs) j.reap?.();
    return 0;
  }
  let status = 0;
  for (const a of o.rest) {
    const job = jobOf(jobs, a);
    if (job === undefined) {
      const ps = ip.st.lastProcSub;
      if (ps !== undefined && a === String(ps.pid)) {
        status = ps.status;
        continue;
      }
      if (!a.startsWith("%") && !/^[0-9]+$/.test(a) && !o.on.has("n")) {
        status = berr(ctx, `\`${a}': not a pid or valid job spec`, 1);
        continue;
      }
      berr(ctx, a.startsWith("%") ? `${a}: no such job` : `pid ${a} is not a child of this shell`, 127);
      status = 127;
      continue;
    }
    status = await job.promise;
    reaped(ctx, job);
    // a job that was waited for leaves the table (`wait %1` again is an error)
    const k = ip.st.jobs.indexOf(job);
    if (k >= 0) ip.st.jobs.splice(k, 1);
    job.reap?.();
  }
  return status;
});

/** A job `wait` reaped: bash reports one a signal ended (`bash: line 3:  4242 Hangup  sleep 1`). */
function reaped(ctx: BuiltinContext, job: Job): void {
  const sig = job.signal;
  if (sig === undefined) return;
  const ip = ctx.interp;
  const text = jobSignalReport(ip.nameForError(), ip.line(), job.pid, sig, job.command.replace(/ &$/, ""));
  if (text !== undefined) ctx.stderr.write(text);
}

/** `kill [-s sig | -sig] pid ...` and `kill -l` */
export const kill = builtin("kill", "Send a signal to a job.", (ctx) => {
  const ip = ctx.interp;
  const args = ctx.args;
  if (args[0] === "-l" || args[0] === "-L") {
    if (args.length > 1) {
      // every argument is translated; an invalid one is reported and the status is 1
      let status = 0;
      for (const a of args.slice(1)) {
        const n = /^[0-9]+$/.test(a) ? signalName(String(Number(a) > 128 ? Number(a) - 128 : Number(a))) : signalName(a);
        if (n === undefined) status = berr(ctx, `${a}: invalid signal specification`, 1);
        else ctx.stdout.write(/^[0-9]+$/.test(a) ? `${n}\n` : `${signalNumber(n)}\n`);
      }
      return status;
    }
    ctx.stdout.write(signalTable());
    return 0;
  }
  let i = 0;
  let sig = "TERM";
  if (args[0] === "-s" || args[0] === "-n") {
    const n = args[1] === undefined ? undefined : signalName(args[1]);
    if (n === undefined) return berr(ctx, `${args[1] ?? ""}: invalid signal specification`, 1);
    sig = n;
    i = 2;
  } else if (args[0]?.startsWith("-") && args[0].length > 1 && args[0] !== "--") {
    const n = args[0] === "-0" ? "0" : signalName(args[0].slice(1));
    if (n === undefined) return berr(ctx, `${args[0].slice(1)}: invalid signal specification`, 1);
    sig = n;
    i = 1;
  }
  if (args[i] === "--") i++;
  if (i >= args.length) {
    ctx.stderr.write("kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n");
    return 2;
  }
  let status = 0;
  for (const a of args.slice(i)) {
    const job = jobOf(ip.st.jobs, a);
    const shell = job === undefined && /^[0-9]+$/.test(a) ? ip.rt.shells.get(Number(a)) : undefined;
    if (job === undefined && shell === undefined) {
      berr(ctx, a.startsWith("%") ? `${a}: no such job` : /^-?[0-9]+$/.test(a) ? `(${a}) - No such process` : `${a}: arguments must be process or job IDs`, 1);
      status = 1;
      continue;
    }
    if (sig === "0" || sig === "EXIT") continue;
    if (job !== undefined) {
      if (job.status === undefined && terminates(sig)) job.kill?.(signalNumber(sig));
    } else queueSignal(shell!, sig);
  }
  return status;
});

/** A job by jobspec: `%N`, `%%`, `%+` (the current job), `%-` (the previous one). */
/** The job an operand of wait, kill or disown names: a jobspec (`%N`, `%%`, `%-`) or a pid. */
function jobOf(jobs: readonly Job[], a: string): Job | undefined {
  return a.startsWith("%") ? findJob(jobs, a) : jobs.find((j) => String(j.pid) === a);
}

function findJob(jobs: readonly Job[], spec: string): Job | undefined {
  const s = spec.slice(1);
  if (s === "%" || s === "+" || s === "") return jobs[jobs.length - 1];
  if (s === "-") return jobs[jobs.length - 2];
  return jobs.find((j) => String(j.id) === s);
}

/**
 * `jobs [-lprs] [jobspec ...]`. A finished job is listed once (`Done`, `Exit N`) and then
 * forgotten, as bash reports it; `bash -c` forgets it before, so there only running jobs are
 * listed. The most recent job is `+`, the one before `-`. A subshell running `jobs` as its one
 * command lists its parent's jobs (`jobs | wc -l`).
 */
export const jobs = builtin("jobs", "Display status of jobs.", (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "lprs");
  if (o.bad !== undefined) return badOption(ctx, o.bad, "jobs [-lnprs] [jobspec ...] or jobs -x command [args]");
  const st = ip.st;
  const all = st.visibleJobs();
  const inherited = all !== st.jobs;
  const table = st.flagSuffix === "c" ? all.filter((j) => j.status === undefined) : all;
  let shown: readonly Job[] = o.on.has("r") ? table.filter((j) => j.status === undefined) : table;
  let status = 0;
  if (o.rest.length > 0) {
    const picked: Job[] = [];
    for (const a of o.rest) {
      const j = findJob(table, a.startsWith("%") ? a : `%${a}`);
      if (j === undefined) status = berr(ctx, `${a}: no such job`, 1);
      else picked.push(j);
    }
    shown = picked;
  }
  if (o.on.has("s")) shown = [];
  for (const j of shown) {
    if (o.on.has("p")) {
      ctx.stdout.write(`${j.pid}\n`);
      continue;
    }
    const mark = j === table[table.length - 1] ? "+" : j === table[table.length - 2] ? "-" : " ";
    const state = j.status === undefined ? "Running" : j.status === 0 ? "Done" : `Exit ${j.status}`;
    const text = j.status === undefined ? j.command : j.command.replace(/ &$/, "");
    ctx.stdout.write(`[${j.id}]${mark} ${o.on.has("l") ? `${j.pid} ` : " "}${state.padEnd(24)}${text}\n`);
  }
  // reported (or, for bash -c, already noticed) finished jobs leave the table
  if (!inherited && st.jobs.some((j) => j.status !== undefined && (st.flagSuffix === "c" || shown.includes(j)))) {
    const kept = st.jobs.filter((j) => j.status === undefined || (st.flagSuffix !== "c" && !shown.includes(j)));
    for (const j of st.jobs) if (!kept.includes(j)) j.reap?.();
    st.jobs = kept;
  }
  return status;
});

/**
 * `disown [-h] [-ar] [jobspec ... | pid ...]`: removes jobs from the table (`jobs` and `wait`
 * forget them; the job itself runs on). No operand: the current job; `-a` all, `-r` the
 * running ones; `-h` keeps them (it only spares them a SIGHUP, which never comes here).
 */
export const disown = builtin("disown", "Remove jobs from current shell.", (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "ahr");
  if (o.bad !== undefined) return badOption(ctx, o.bad, "disown [-h] [-ar] [jobspec ... | pid ...]");
  const st = ip.st;
  let picked: Job[] = [];
  let status = 0;
  if (o.rest.length === 0) {
    if (o.on.has("a") || o.on.has("r")) picked = st.jobs.filter((j) => !o.on.has("r") || j.status === undefined);
    else {
      const j = st.jobs[st.jobs.length - 1];
      if (j === undefined) return berr(ctx, "current: no such job", 1);
      picked = [j];
    }
  } else {
    for (const a of o.rest) {
      const j = jobOf(st.jobs, a);
      if (j === undefined) status = berr(ctx, `${a}: no such job`, 1);
      else picked.push(j);
    }
  }
  if (!o.on.has("h")) st.jobs = st.jobs.filter((j) => !picked.includes(j));
  return status;
});

/** The job a `fg`/`bg` operand names (the current job when none), or the error bash gives. */
function jobOperand(ctx: BuiltinContext, a: string | undefined): Job | number {
  const jobs = ctx.interp.st.jobs;
  // fg and bg also read a bare number as a job number (`fg 1` is `fg %1`)
  const j = a === undefined ? jobs[jobs.length - 1] : (jobOf(jobs, a) ?? findJob(jobs, `%${a}`));
  return j ?? berr(ctx, `${a ?? "current"}: no such job`, 1);
}

/**
 * `fg [job_spec]`: without job control (`set -m` off, as in every script) an error; with it,
 * prints the job's command, waits for it and returns its status (the job leaves the table).
 */
export const fg = builtin("fg", "Move job to the foreground.", async (ctx) => {
  const ip = ctx.interp;
  if (!ip.st.options.monitor) return berr(ctx, "no job control", 1);
  const j = jobOperand(ctx, ctx.args[0]);
  if (typeof j === "number") return j;
  ctx.stdout.write(`${j.command.replace(/ &$/, "")}\n`);
  const status = await j.promise;
  reaped(ctx, j);
  ip.st.jobs = ip.st.jobs.filter((x) => x !== j);
  j.reap?.();
  return status;
});

/** `bg [job_spec ...]`: without job control an error; with it, every job here already runs in the background. */
export const bg = builtin("bg", "Move jobs to the background.", (ctx) => {
  if (!ctx.interp.st.options.monitor) return berr(ctx, "no job control", 1);
  let status = 0;
  for (const a of ctx.args.length > 0 ? ctx.args : [undefined]) {
    const j = jobOperand(ctx, a);
    if (typeof j === "number") status = j;
    else berr(ctx, `job ${j.id} already in background`, 0);
  }
  return status;
});

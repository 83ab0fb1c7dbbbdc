/**
 * Pipelines: every stage runs concurrently in its own subshell, connected by bounded pipes.
 * When a stage ends, its read end is closed (writers upstream get a broken pipe, status 141)
 * and its write end is closed (readers downstream see end of input). Sets PIPESTATUS; honours
 * `!`, pipefail and `time`.
 */
import { AbortError, LimitError } from "@husk/host";
import type { Command, Pipeline, SimpleCommand } from "@husk/syntax";
import { Abrupt } from "./errors.js";
import type { Completion } from "./errors.js";
import type { Interp } from "./interp.js";
import { Pipe, ShellInput } from "./io.js";
import { lightStage, runLightStage } from "./light.js";
import type { Fd } from "./state.js";
import { debugTrap } from "./traps.js";
import { IndexedArray } from "./vars.js";

/** Runs a pipeline. */
export async function execPipeline(ip: Interp, p: Pipeline): Promise<Completion> {
  const start = p.time !== undefined ? ip.rt.clock.monotonic() : 0;
  let c: Completion;
  if (p.commands.length === 1) {
    if (p.negated) ip.condDepth++;
    try {
      c = await ip.execCommand(p.commands[0]!);
    } finally {
      if (p.negated) ip.condDepth--;
    }
    if (c instanceof Abrupt) return c;
    setPipeStatus(ip, [c]);
  } else {
    if (ip.st.traps.size > 0) {
      // bash runs the DEBUG trap of each simple-command stage in the parent, before it forks
      const lastpipe = ip.st.opt("lastpipe") && !ip.st.options.monitor;
      for (let i = 0; i < p.commands.length; i++) {
        const cmd = p.commands[i]!;
        if (cmd.type !== "SimpleCommand" || (lastpipe && i === p.commands.length - 1)) continue;
        const d = await debugTrap(ip, cmd.span.start);
        if (d !== undefined) return d;
      }
    }
    const statuses = await runStages(ip, p);
    ip.pos = p.commands[p.commands.length - 1]!.span.start;
    setPipeStatus(ip, statuses);
    c = statuses[statuses.length - 1]!;
    if (ip.st.options.pipefail) {
      for (let i = statuses.length - 1; i >= 0; i--) {
        if (statuses[i] !== 0) {
          c = statuses[i]!;
          break;
        }
      }
    }
  }
  if (p.time !== undefined) {
    const secs = (ip.rt.clock.monotonic() - start) / 1000;
    const err = ip.stderr();
    if (p.time === "time -p") err.write(`real ${secs.toFixed(2)}\nuser 0.00\nsys 0.00\n`);
    else err.write(`\nreal\t0m${secs.toFixed(3)}s\nuser\t0m0.000s\nsys\t0m0.000s\n`);
  }
  if (p.negated) return c === 0 ? 1 : 0;
  if (p.commands.length > 1) {
    ip.st.status = c;
    return ip.checkErr(c);
  }
  return c;
}

function setPipeStatus(ip: Interp, statuses: number[]): void {
  const v = ip.st.vars.create("PIPESTATUS", ip.st.vars.scopes[0]!);
  v.value = IndexedArray.of(statuses.map(String));
}

async function runStages(ip: Interp, p: Pipeline): Promise<number[]> {
  const n = p.commands.length;
  const pipes: Pipe[] = [];
  for (let i = 0; i < n - 1; i++) pipes.push(new Pipe());
  const lastpipe = ip.st.opt("lastpipe") && !ip.st.options.monitor;
  const runs: Promise<number>[] = [];
  for (let i = 0; i < n; i++) {
    const isLast = i === n - 1;
    const cmd = p.commands[i]!;
    const fds = ip.st.fds.slice();
    if (i > 0) fds[0] = { input: new ShellInput(pipes[i - 1]!), own: true };
    if (!isLast) {
      fds[1] = { output: pipes[i]! };
      if (p.pipeStderr[i]) fds[2] = { output: pipes[i]! };
    }
    // the parent's state stays still while the stages run unless the last one runs in it
    const light = !lastpipe && cmd.type === "SimpleCommand" ? lightStage(ip, cmd, p.pipeStderr[i] === true) : undefined;
    const sub = light !== undefined ? undefined : isLast && lastpipe ? ip : ip.subshell();
    const savedFds = sub?.st.fds;
    if (sub !== undefined) sub.st.fds = fds;
    if (sub !== undefined && sub !== ip) sub.debugDone = cmd;
    runs.push(
      (async () => {
        // let every stage start before any runs to completion
        await Promise.resolve();
        try {
          if (sub === undefined) return await runLightStage(ip, cmd as SimpleCommand, light!, fds, () => stageSubshell(ip, cmd, fds));
          if (sub === ip) {
            const c = await ip.execCommand(cmd);
            return c instanceof Abrupt ? c.status : c;
          }
          return await sub.runSubshell(() => sub.execCommand(cmd));
        } finally {
          if (sub === ip) sub.st.fds = savedFds!;
          if (!isLast) pipes[i]!.closeWrite();
          if (i > 0) pipes[i - 1]!.close();
        }
      })(),
    );
  }
  const settled = await Promise.allSettled(runs);
  const out: number[] = [];
  let fatal: unknown;
  for (const s of settled) {
    if (s.status === "fulfilled") out.push(s.value);
    else {
      const e = s.reason;
      if (fatal === undefined || (!(fatal instanceof LimitError) && e instanceof LimitError)) fatal = e;
      out.push(1);
    }
  }
  if (fatal !== undefined) {
    if (fatal instanceof AbortError && ip.rt.fatal !== undefined) throw ip.rt.fatal;
    throw fatal;
  }
  return out;
}

/** Runs a pipeline stage in a subshell with the stage's fds. */
function stageSubshell(ip: Interp, cmd: Command, fds: (Fd | undefined)[]): Promise<number> {
  const sub = ip.subshell();
  sub.st.fds = fds;
  sub.debugDone = cmd;
  return sub.runSubshell(() => sub.execCommand(cmd));
}

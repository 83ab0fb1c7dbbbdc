/**
 * Pipelines: every stage runs concurrently in its own subshell, connected by bounded pipes.
 * When a stage ends, its read end is closed (writers upstream get a broken pipe, status 141)
 * and its write end is closed (readers downstream see end of input). Sets PIPESTATUS; honours
 * `!`, pipefail and `time`.
 */
import { AbortError, LimitError } from "@husk/host";
import type { Command as LightCommand, OutputStream } from "@husk/host";
import { onlyPart, walk } from "@husk/syntax";
import type { Command, Pipeline, SimpleCommand, Statement } from "@husk/syntax";
import { Abrupt } from "./errors.js";
import type { Completion, MaybeAsync } from "./errors.js";
import type { Interp } from "./interp.js";
import { Pipe, ShellInput } from "./io.js";
import { lightStage, runLightStage } from "./light.js";
import { commandLinePos } from "./source.js";
import type { Fd } from "./state.js";
import { debugTrap, lastSubshellErr } from "./traps.js";
import { IndexedArray } from "./vars.js";

/**
 * Runs a pipeline. A plain pipeline of two or more stages (no `time`, `!` or traps) takes a
 * path that stays synchronous while its stages do and awaits nothing else.
 */
export function execPipeline(ip: Interp, p: Pipeline): MaybeAsync<Completion> {
  if (p.commands.length < 2 || p.time !== undefined || p.negated || ip.st.traps.size > 0) return execPipelineFull(ip, p);
  const statuses = runStages(ip, p, ip.st.fds);
  return statuses instanceof Promise ? statuses.then((s) => stagesDone(ip, p, s)) : stagesDone(ip, p, statuses);
}

/** The status of the plain pipeline `p` whose stages ended with `statuses`. */
function stagesDone(ip: Interp, p: Pipeline, statuses: number[]): MaybeAsync<Completion> {
  ip.pos = p.commands[p.commands.length - 1]!.start;
  setPipeStatus(ip, statuses);
  const c = pipelineStatus(ip, statuses);
  ip.st.status = c;
  return ip.checkErr(c);
}

async function execPipelineFull(ip: Interp, p: Pipeline): Promise<Completion> {
  const start = p.time !== undefined ? ip.rt.clock.monotonic() : 0;
  let c: Completion;
  if (p.commands.length === 0) {
    // `!`, `! !` and `time` alone: an empty pipeline succeeds (then `!` and `time` apply)
    c = 0;
  } else if (p.commands.length === 1) {
    const soft = ip.negSoft;
    if (p.negated) {
      ip.condDepth++;
      if (!ip.st.options.errexit) ip.negSoft = ip.condDepth;
    }
    try {
      c = await ip.execCommand(p.commands[0]!);
    } finally {
      if (p.negated) {
        ip.condDepth--;
        ip.negSoft = soft;
      }
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
        if (ip.runningTraps === 0) ip.st.curCommand = cmd;
        const d = await debugTrap(ip, cmd.start);
        if (d !== undefined) return d;
      }
    }
    const statuses = await runStages(ip, p, ip.st.fds);
    // bash prints each simple-command stage in the parent before it forks: $BASH_COMMAND is the last one
    if (ip.runningTraps === 0) {
      for (const c of p.commands) if (c.type === "SimpleCommand") ip.st.curCommand = c;
    }
    const last = p.commands[p.commands.length - 1]!;
    ip.pos = last.start;
    // (with errtrace the stage's subshell inherits the trap and reports the ( ) itself)
    if (last.type === "Subshell" && ip.st.traps.size > 0 && !ip.st.options.errtrace && !(ip.st.opt("lastpipe") && !ip.st.options.monitor)) {
      const a = await lastSubshellErr(ip, statuses[statuses.length - 1]!);
      if (a !== undefined) return a;
    }
    setPipeStatus(ip, statuses);
    c = pipelineStatus(ip, statuses);
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

/** The last stage's status, or under pipefail the last non-zero one. */
function pipelineStatus(ip: Interp, statuses: number[]): number {
  if (ip.st.options.pipefail) {
    for (let i = statuses.length - 1; i >= 0; i--) if (statuses[i] !== 0) return statuses[i]!;
  }
  return statuses[statuses.length - 1]!;
}

/**
 * `$(...)` whose body is one command that light.ts can run without a subshell (a light
 * simple command, or a plain pipeline of them), run with stdout `out`: its status. Undefined
 * when the body needs a subshell. PIPESTATUS stays the caller's, as a subshell would leave it.
 */
export function lightSubstitution(ip: Interp, body: readonly Statement[], out: OutputStream): MaybeAsync<number> | undefined {
  if (body.length !== 1 || body[0]!.background || ip.st.opt("lastpipe")) return undefined;
  const cmd = body[0]!.command;
  const fds = ip.st.fds.slice();
  fds[1] = { output: out };
  if (cmd.type === "SimpleCommand") {
    const c = lightStage(ip, cmd, false);
    if (c === undefined) return undefined;
    ip.pos = commandLinePos(cmd);
    return runLightStage(ip, cmd, c, fds, () => stageSubshell(ip, cmd, fds));
  }
  if (cmd.type !== "Pipeline" || cmd.negated || cmd.time !== undefined || cmd.commands.length < 2) return undefined;
  for (let i = 0; i < cmd.commands.length; i++) {
    const stage = cmd.commands[i]!;
    if (stage.type !== "SimpleCommand" || lightStage(ip, stage, cmd.pipeStderr[i] === true) === undefined) return undefined;
  }
  const statuses = runStages(ip, cmd, fds);
  return statuses instanceof Promise ? statuses.then((s) => pipelineStatus(ip, s)) : pipelineStatus(ip, statuses);
}

/** The text of every exit status (a command's status is 0-255). */
const STATUS_TEXT: readonly string[] = Array.from({ length: 256 }, (_, i) => String(i));

/** Sets PIPESTATUS, reusing the array when it already has exactly as many elements (a loop). */
function setPipeStatus(ip: Interp, statuses: number[]): void {
  const v = ip.st.vars.create("PIPESTATUS", ip.st.vars.scopes[0]!);
  const arr = v.value;
  const n = statuses.length;
  if (arr instanceof IndexedArray && arr.size === n && arr.end === n) {
    for (let i = 0; i < n; i++) arr.set(i, STATUS_TEXT[statuses[i]!] ?? String(statuses[i]));
  } else v.value = IndexedArray.of(statuses.map(String));
}

/**
 * PIPESTATUS after a command that bash counts as a one-command pipeline (a simple command, a
 * subshell, `(( ))`, `[[ ]]`; not if/while/for/case/{ }, which leave the last inner one).
 * Reuses the array when it already holds exactly one element (the common case: every simple
 * command lands here), so a loop does not allocate per command. Abrupt completions set nothing.
 */
export function setSinglePipeStatus(ip: Interp, c: Completion): Completion {
  if (typeof c !== "number") return c;
  const v = ip.st.vars.create("PIPESTATUS", ip.st.vars.scopes[0]!);
  const arr = v.value;
  const s = STATUS_TEXT[c] ?? String(c);
  if (arr instanceof IndexedArray && arr.size === 1) {
    const old = arr.get(0);
    if (old === s) return c;
    if (old !== undefined) {
      arr.set(0, s);
      return c;
    }
  }
  v.value = IndexedArray.of([s]);
  return c;
}

/** A stage that threw: the error, kept until every stage has ended. */
interface StageError {
  readonly error: unknown;
}

/**
 * Runs the stages of `p` concurrently; `base` is the fd table they start from. Stages start
 * in order, each running until its first wait before the next starts. A leading run of light
 * stages (light.ts) starts at once, synchronously: a stage that ends without waiting (a tool
 * printing its JSON) costs no promise. From the first stage that needs a subshell on, stages
 * start after one microtask, once every subshell has been set up, so that no later stage ever
 * runs before an earlier one.
 */
function runStages(ip: Interp, p: Pipeline, base: (Fd | undefined)[]): MaybeAsync<number[]> {
  const loading = loadStageCommands(ip, p);
  return loading === undefined ? startStages(ip, p, base) : loading.then(() => startStages(ip, p, base));
}

/** The literal command names in a pipeline's stages (nested commands too), found once per node. */
const stageNames = new WeakMap<Pipeline, readonly string[]>();

/**
 * Loads the lazily loaded commands that `p` names (see `Command.load`) before its stages
 * start: a stage waiting for a module (a macrotask) would let the stages before it run alone,
 * and `while :; do echo y; done | cat | head -1` ran into maxCommands on the first use of `cat`
 * in a process. Undefined when nothing is loading (always, once they are loaded).
 */
function loadStageCommands(ip: Interp, p: Pipeline): Promise<unknown> | undefined {
  let names = stageNames.get(p);
  if (names === undefined) {
    const found = new Set<string>();
    for (const c of p.commands) {
      walk(c, (node) => {
        if (node.type !== "SimpleCommand" || node.words.length === 0) return;
        const head = onlyPart(node.words[0]!);
        if (head?.type === "Literal") found.add(head.value);
      });
    }
    names = [...found];
    stageNames.set(p, names);
  }
  let wait: Promise<void>[] | undefined;
  for (const name of names) {
    const l = ip.rt.commands.get(name)?.load?.();
    if (l !== undefined) (wait ??= []).push(l);
  }
  return wait === undefined ? undefined : Promise.all(wait);
}

function startStages(ip: Interp, p: Pipeline, base: (Fd | undefined)[]): MaybeAsync<number[]> {
  const n = p.commands.length;
  const pipes: Pipe[] = [];
  for (let i = 0; i < n - 1; i++) pipes.push(new Pipe());
  const lastpipe = ip.st.opt("lastpipe") && !ip.st.options.monitor;
  const runs: (number | Promise<number | StageError>)[] = [];
  // Ends stage i: its readers see end of input, its writers a broken pipe.
  const ended = (i: number): void => {
    if (i < n - 1) pipes[i]!.closeWrite();
    if (i > 0) pipes[i - 1]!.close();
  };
  let deferred = false;
  for (let i = 0; i < n; i++) {
    const isLast = i === n - 1;
    const cmd = p.commands[i]!;
    const fds = base.slice();
    if (i > 0) fds[0] = { input: new ShellInput(pipes[i - 1]!), own: true };
    if (!isLast) {
      fds[1] = { output: pipes[i]! };
      if (p.pipeStderr[i]) fds[2] = { output: pipes[i]! };
    }
    // the parent's state stays still while the stages run unless the last one runs in it
    const light = !lastpipe && cmd.type === "SimpleCommand" ? lightStage(ip, cmd, p.pipeStderr[i] === true) : undefined;
    if (light !== undefined && !deferred) {
      runs.push(startLight(ip, cmd as SimpleCommand, light, fds, i, ended));
      continue;
    }
    deferred = true;
    const sub = light !== undefined ? undefined : isLast && lastpipe ? ip : ip.subshell();
    const savedFds = sub?.st.fds;
    if (sub !== undefined) sub.st.fds = fds;
    if (sub !== undefined && sub !== ip) {
      sub.debugDone = cmd;
      if (cmd.type === "SimpleCommand") {
        sub.st.parentJobs = ip.st.visibleJobs();
        sub.st.subshellDepth--;
        sub.st.subshellPending = true;
      } else if (cmd.type === "Subshell") {
        // `( ... ) | cat`: the stage is the subshell, $BASH_SUBSHELL rises once
        sub.st.subshellDepth--;
      }
    }
    runs.push(
      (async (): Promise<number | StageError> => {
        // let every stage start before any runs to completion
        await Promise.resolve();
        try {
          if (sub === undefined) {
            ip.pos = commandLinePos(cmd as SimpleCommand);
            return await runLightStage(ip, cmd as SimpleCommand, light!, fds, () => stageSubshell(ip, cmd, fds));
          }
          if (sub === ip) {
            const c = await ip.execCommand(cmd);
            return c instanceof Abrupt ? c.status : c;
          }
          return await sub.runSubshell(() => sub.execCommand(cmd));
        } catch (e) {
          return { error: e };
        } finally {
          if (sub === ip) sub.st.fds = savedFds!;
          ended(i);
        }
      })(),
    );
  }
  for (let i = 0; i < n; i++) if (typeof runs[i] !== "number") return stagesEnded(ip, runs);
  return runs as number[];
}

/** The statuses of stages once all have ended; throws the error of one that threw (a limit first). */
async function stagesEnded(ip: Interp, runs: (number | Promise<number | StageError>)[]): Promise<number[]> {
  const out: number[] = [];
  let fatal: StageError | undefined;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    const s = typeof r === "number" ? r : await r;
    if (typeof s === "number") out.push(s);
    else {
      if (fatal === undefined || (!(fatal.error instanceof LimitError) && s.error instanceof LimitError)) fatal = s;
      out.push(1);
    }
  }
  if (fatal !== undefined) {
    if (fatal.error instanceof AbortError && ip.rt.fatal !== undefined) throw ip.rt.fatal;
    throw fatal.error;
  }
  return out;
}

/** Starts light stage `i` now; `ended(i)` once it is done. Never rejects: a throw is a StageError. */
function startLight(ip: Interp, cmd: SimpleCommand, c: LightCommand, fds: (Fd | undefined)[], i: number, ended: (i: number) => void): number | Promise<number | StageError> {
  let r: MaybeAsync<number>;
  // (a light stage runs in the parent: $LINENO and messages are the stage's line)
  ip.pos = commandLinePos(cmd);
  try {
    r = runLightStage(ip, cmd, c, fds, () => stageSubshell(ip, cmd, fds));
  } catch (e) {
    ended(i);
    return Promise.resolve({ error: e });
  }
  if (typeof r === "number") {
    ended(i);
    return r;
  }
  return r.then(
    (s) => {
      ended(i);
      return s;
    },
    (e: unknown) => {
      ended(i);
      return { error: e };
    },
  );
}

/** Runs a pipeline stage in a subshell with the stage's fds. */
function stageSubshell(ip: Interp, cmd: Command, fds: (Fd | undefined)[]): Promise<number> {
  const sub = ip.subshell();
  sub.st.fds = fds;
  sub.debugDone = cmd;
  if (cmd.type === "SimpleCommand") sub.st.parentJobs = ip.st.visibleJobs();
  return sub.runSubshell(() => sub.execCommand(cmd));
}

/**
 * Simple commands: expansion of words and assignments, command lookup (functions, then the
 * command table: builtins and registered commands), prefix assignments as temporary
 * bindings, xtrace, and invocation through the one Command contract.
 */
import { AbortError, BrokenPipeError, EMPTY_INPUT, HuskError, LimitError, errorMessage, yieldToHost } from "@husk/host";
import type { Command, CommandContext, CommandIO, InputStream, OutputStream, ShellAccess } from "@husk/host";
import type { SimpleCommand } from "@husk/syntax";
import { applyAssign, prepareAssign } from "./assign.js";
import type { PreparedAssign } from "./assign.js";
import { Abrupt, FatalError } from "./errors.js";
import type { Completion } from "./errors.js";
import type { Interp } from "./interp.js";
import { ShellInput, shellInput } from "./io.js";
import { printfQuote } from "./quote.js";
import { applyPermanent, withRedirects } from "./redirect.js";
import { debugTrap, returnTrap } from "./traps.js";
import { ps4 } from "./prompt.js";
import type { FuncEntry } from "./state.js";
import { Attr } from "./vars.js";
import type { Scope } from "./vars.js";

const DECLARATION = new Set(["declare", "typeset", "local", "export", "readonly"]);

/** The context builtins receive: the host context plus the shell. */
export interface BuiltinContext extends CommandContext {
  readonly interp: Interp;
  /** For declaration builtins: the parsed assignment behind each argument, expanded. */
  readonly assigns?: readonly (PreparedAssign | undefined)[];
}

/** A builtin: a Command that needs the shell (registered in the same command table). */
export interface Builtin extends Command {
  readonly builtin: true;
  /** POSIX special builtin (`type` says so; assignments before it persist in posix mode). */
  readonly special?: boolean;
  run(ctx: BuiltinContext): number | Promise<number>;
}

/** True when a command is a shell builtin. */
export function isBuiltin(c: Command | undefined): c is Builtin {
  return c !== undefined && (c as Builtin).builtin === true;
}

/** Runs a simple command. */
export async function execSimple(ip: Interp, cmd: SimpleCommand): Promise<Completion> {
  ip.pos = cmd.span.start;
  if (ip.rt.fatal !== undefined) throw ip.rt.fatal;
  if (ip.jobSignal?.aborted) throw new AbortError("cancelled");
  ip.rt.meter.countCommand();
  // TM-DOS-001/003: recursion, eval and alias loops also let the host's timers run
  if (ip.rt.meter.yieldDue()) await yieldToHost();
  if (ip.st.traps.size > 0 && ip.debugDone !== cmd) {
    const d = await debugTrap(ip, cmd.span.start);
    if (d !== undefined) return d;
  }
  ip.subStatus = undefined;
  let argv: string[];
  let assigns: (PreparedAssign | undefined)[] | undefined;
  try {
    if (cmd.argAssignments !== undefined && cmd.words.length > 0) {
      const head = await ip.expandWords([cmd.words[0]!]);
      if (head.length === 1 && DECLARATION.has(head[0]!)) {
        argv = [head[0]!];
        assigns = [undefined];
        for (let i = 1; i < cmd.words.length; i++) {
          const a = cmd.argAssignments[i];
          if (a !== undefined) {
            const p = await prepareAssign(ip, a, argv.some((w) => /^-[A-Za-z]*A/.test(w)));
            argv.push(`${p.name}${p.index !== undefined ? `[${p.index}]` : ""}${p.append ? "+" : ""}=${p.value ?? ""}`);
            assigns.push(p);
          } else {
            for (const w of await ip.expandWords([cmd.words[i]!])) {
              argv.push(w);
              assigns.push(undefined);
            }
          }
        }
      } else argv = [...head, ...(await ip.expandWords(cmd.words.slice(1)))];
    } else argv = cmd.words.length === 0 ? [] : await ip.expandWords(cmd.words);
  } catch (e) {
    if (e instanceof FatalError && e.scope === "command") {
      ip.error(e.message);
      return ip.checkErr(e.status);
    }
    throw e;
  }

  if (argv.length === 0) return assignOnly(ip, cmd);
  if (argv.length === 1 && argv[0] === "exec" && cmd.assignments.length === 0 && !ip.st.functions.has("exec")) {
    const s = await applyPermanent(ip, cmd.redirects);
    return s === 0 ? 0 : ip.checkErr(s);
  }

  // prefix assignments: expanded now, bound temporarily around the command
  let temp: Scope | undefined;
  if (cmd.assignments.length > 0) {
    temp = new Map();
    ip.st.vars.scopes.push(temp);
    try {
      for (const a of cmd.assignments) {
        const p = await prepareAssign(ip, a);
        const v = ip.st.vars.create(p.name, temp, Attr.Export);
        if (p.array !== undefined || p.index !== undefined) applyAssign(ip, p);
        else {
          const outer = ip.st.vars.scopes.slice(0, -1);
          let old: string | undefined;
          for (let i = outer.length - 1; i >= 0; i--) {
            const ov = outer[i]!.get(p.name);
            if (ov !== undefined) {
              old = typeof ov.value === "string" ? ov.value : undefined;
              if (ov.attrs & Attr.Readonly) {
                ip.st.vars.scopes.pop();
                ip.error(`${p.name}: readonly variable`);
                return ip.checkErr(1);
              }
              break;
            }
          }
          v.value = p.append && old !== undefined ? old + (p.value ?? "") : (p.value ?? "");
        }
      }
    } catch (e) {
      ip.st.vars.scopes.pop();
      if (e instanceof FatalError && e.scope === "command") {
        ip.error(e.message);
        return ip.checkErr(e.status);
      }
      throw e;
    }
  }
  try {
    if (ip.st.options.xtrace) ip.stderr().write(`${await ps4(ip)}${argv.map(xtraceQuote).join(" ")}\n`);
    const status = await withRedirects(ip, cmd.redirects, () => invoke(ip, argv, assigns));
    ip.st.lastArg = argv[argv.length - 1]!;
    if (status instanceof Abrupt) return status;
    return ip.checkErr(status);
  } finally {
    if (temp !== undefined) {
      const i = ip.st.vars.scopes.lastIndexOf(temp);
      if (i >= 0) ip.st.vars.scopes.splice(i, 1);
    }
  }
}

/** `x=1 y=2` with no command: assignments persist; status is the last substitution's. */
async function assignOnly(ip: Interp, cmd: SimpleCommand): Promise<Completion> {
  try {
    for (const a of cmd.assignments) {
      const p = await prepareAssign(ip, a);
      if (ip.st.options.xtrace) ip.stderr().write(`${await ps4(ip)}${p.name}${p.append ? "+" : ""}=${p.array ? `(${p.array.map((e) => xtraceQuote(e.value)).join(" ")})` : xtraceQuote(p.value ?? "")}\n`);
      applyAssign(ip, p);
    }
  } catch (e) {
    if (e instanceof FatalError && e.scope === "command") {
      // bash: under set -e a failed assignment statement ends the shell (even in a condition)
      if (ip.st.options.errexit) {
        ip.error(e.message);
        return new Abrupt("exit", 0, e.status);
      }
      // otherwise it abandons the rest of the command line
      throw new FatalError(e.message, e.status, "line");
    }
    throw e;
  }
  const sub = ip.subStatus ?? 0;
  if (cmd.redirects.length > 0) {
    const c = await withRedirects(ip, cmd.redirects, async () => sub);
    return c instanceof Abrupt ? c : ip.checkErr(c);
  }
  return ip.checkErr(sub);
}

/** Quoting of `set -x` output: bare when safe, else single quotes. */
export function xtraceQuote(s: string): string {
  if (s !== "" && /^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  if (/[\x00-\x1f\x7f]/.test(s)) return printfQuote(s);
  return `'${s.replace(/'/g, "'\\''")}'`;
}

/** Finds and runs a command by argv in the current shell (functions, builtins, commands). */
export async function invoke(ip: Interp, argv: string[], assigns?: (PreparedAssign | undefined)[], skipFunctions = false): Promise<Completion> {
  const name = argv[0]!;
  if (!skipFunctions) {
    const fn = ip.st.functions.get(name);
    if (fn !== undefined) return callFunction(ip, fn, argv);
  }
  const c = ip.rt.commands.get(name);
  if (c === undefined) {
    if (name.includes("/")) return runPath(ip, argv);
    ip.error(`${name}: command not found`);
    return 127;
  }
  return runCommand(ip, c, argv, assigns);
}

/** A command named by a path: in the sandbox, a script file of the shell's filesystem. */
async function runPath(ip: Interp, argv: string[]): Promise<number> {
  const name = argv[0]!;
  if (ip.rt.profile === "logic-only") {
    ip.error(`${name}: command not found`);
    return 127;
  }
  const path = name.startsWith("/") ? name : `${ip.st.cwd}/${name}`;
  let text: string;
  try {
    const st = await ip.rt.fs.stat(path);
    if (st.type === "directory") {
      ip.error(`${name}: Is a directory`);
      return 126;
    }
    if ((st.mode & 0o111) === 0) {
      ip.error(`${name}: Permission denied`);
      return 126;
    }
    text = await ip.rt.fs.readFile(path);
  } catch {
    // /bin/echo, /usr/bin/env ...: the registered command of that name
    const m = /^\/(?:usr\/(?:local\/)?)?s?bin\/([^/]+)$/.exec(name);
    const c = m === null ? undefined : ip.rt.commands.get(m[1]!);
    if (c !== undefined) {
      const r = await runCommand(ip, c, [m![1]!, ...argv.slice(1)]);
      return typeof r === "number" ? r : r.status;
    }
    ip.error(`${name}: No such file or directory`);
    return 127;
  }
  const sub = ip.subshell();
  sub.st.positional = argv.slice(1);
  sub.st.arg0 = name;
  sub.st.functions = new Map();
  return sub.runSubshell(() => sub.runScript(text.replace(/^#![^\n]*\n?/, "\n")));
}

/** Calls a shell function with `argv[1..]` as positional parameters. */
export async function callFunction(ip: Interp, fn: FuncEntry, argv: string[]): Promise<Completion> {
  const max = ip.rt.limits.maxCallDepth;
  if (ip.callDepth >= max) throw new LimitError("maxCallDepth", `function calls nested more than ${max} deep`);
  const st = ip.st;
  const savedPos = st.positional;
  const savedSrc = ip.src;
  const savedPosn = ip.pos;
  st.positional = argv.slice(1);
  st.vars.scopes.push(new Map());
  st.callStack.push({ name: argv[0]!, line: ip.line(), source: fn.src.file, fn: true });
  ip.callDepth++;
  ip.src = fn.src;
  const savedLoop = ip.loopDepth;
  ip.loopDepth = 0;
  try {
    const c = await ip.execCommand(fn.def.body);
    if (c instanceof Abrupt) {
      if (c.kind === "exit") return c;
      return c.status;
    }
    return c;
  } finally {
    ip.loopDepth = savedLoop;
    ip.callDepth--;
    ip.src = savedSrc;
    ip.pos = savedPosn;
    st.callStack.pop();
    st.vars.scopes.pop();
    st.positional = savedPos;
    if (st.options.functrace) await returnTrap(ip);
  }
}

/** Runs a Command from the table with a context built from the shell's fds. */
export async function runCommand(ip: Interp, c: Command, argv: string[], assigns?: (PreparedAssign | undefined)[]): Promise<Completion> {
  const ctx = makeContext(ip, argv, assigns);
  try {
    let r = c.run(ctx);
    if (typeof r !== "number") r = await r;
    const ab = ip.pendingAbrupt;
    if (ab !== undefined) {
      ip.pendingAbrupt = undefined;
      return ab;
    }
    return r & 255;
  } catch (e) {
    if (e instanceof FatalError && e.scope === "command") {
      ip.pendingAbrupt = undefined;
      ip.error(e.message);
      return e.status;
    }
    if (e instanceof LimitError || e instanceof AbortError || e instanceof BrokenPipeError || e instanceof FatalError) throw e;
    ip.pendingAbrupt = undefined;
    if (e instanceof HuskError) {
      ctx.stderr.write(`${argv[0]}: ${e.message}\n`);
      return e.status & 255;
    }
    ctx.stderr.write(`${argv[0]}: ${errorMessage(e)}\n`);
    return 1;
  }
}

const NULL_OUT: OutputStream = { write: () => undefined, closed: false };

const BAD_FD_OUT: OutputStream = {
  write: () => {
    throw new HuskError("write error: Bad file descriptor", 1);
  },
  closed: false,
};

/** Builds the context a command sees. */
export function makeContext(ip: Interp, argv: string[], assigns?: (PreparedAssign | undefined)[]): BuiltinContext {
  const fds = ip.st.fds;
  const rt = ip.rt;
  let env: Map<string, string> | undefined;
  return {
    name: argv[0]!,
    args: argv.slice(1),
    stdin: fds[0]?.input ?? EMPTY_SHELL_INPUT(),
    stdinRedirected: fds[0]?.own === true,
    stdout: fds[1]?.output ?? BAD_FD_OUT,
    stderr: fds[2]?.output ?? NULL_OUT,
    get env() {
      return (env ??= ip.exportedEnv());
    },
    cwd: ip.st.cwd,
    fs: rt.fs,
    signal: ip.jobSignal ?? rt.signal,
    meter: rt.meter,
    clock: rt.clock,
    random: rt.random,
    identity: rt.identity,
    shell: shellAccess(ip),
    request: rt.request,
    interp: ip,
    assigns,
  };
}

function EMPTY_SHELL_INPUT(): ShellInput {
  return new ShellInput(EMPTY_INPUT);
}

/** ShellAccess for commands: runs argv or scripts inside the same sandboxed shell. */
export function shellAccess(ip: Interp): ShellAccess {
  return {
    run: async (argv, io) => {
      if (argv.length === 0) return 0;
      const sub = ip.subshell();
      applyIO(sub, io);
      return sub.runSubshell(async () => {
        sub.rt.meter.countCommand();
        return invoke(sub, argv.slice());
      });
    },
    exec: async (script, io) => {
      const sub = ip.subshell();
      applyIO(sub, io);
      return sub.runSubshell(() => sub.runScript(script, 0, false));
    },
  };
}

function applyIO(sub: Interp, io: CommandIO | undefined): void {
  if (io === undefined) return;
  if (io.stdin !== undefined) sub.st.fds[0] = { input: shellInput(typeof io.stdin === "string" ? stringInput(io.stdin) : io.stdin), own: true };
  if (io.stdout !== undefined) sub.st.fds[1] = { output: io.stdout };
  if (io.stderr !== undefined) sub.st.fds[2] = { output: io.stderr };
}

function stringInput(s: string): InputStream {
  let t: string | undefined = s === "" ? undefined : s;
  return {
    read: () => {
      const x = t;
      t = undefined;
      return Promise.resolve(x);
    },
    readAll: () => {
      const x = t ?? "";
      t = undefined;
      return Promise.resolve(x);
    },
    close: () => {
      t = undefined;
    },
  };
}

export { Abrupt };

/**
 * Simple commands: expansion of words and assignments, command lookup (functions, then the
 * command table: builtins and registered commands), prefix assignments as temporary
 * bindings, xtrace, and invocation through the one Command contract.
 */
import { ExportedEnv } from "./env-view.js";
import { AbortError, BrokenPipeError, EMPTY_INPUT, HuskError, LimitError, errorMessage, yieldToHost } from "@husk/host";
import type { Command, CommandContext, CommandIO, InputStream, OutputStream, ShellAccess } from "@husk/host";
import type { SimpleCommand } from "@husk/syntax";
import { arrayAsText, prepareAssign } from "./assign.js";
import { assignOnly } from "./assign-only.js";
import { literalField, staticFields } from "./expand.js";
import type { PreparedAssign } from "./assign.js";
import { Abrupt, FatalError } from "./errors.js";
import type { Completion, MaybeAsync } from "./errors.js";
import type { Interp } from "./interp.js";
import { ShellInput, shellInput } from "./io.js";
import { ansiQuote } from "./quote.js";
import { execFile, runMatch } from "./exec-file.js";
import { hashedCommand, lookupCommand } from "./pathsearch.js";
import { applyPermanent, withRedirects } from "./redirect.js";
import { debugTrap, returnTrap } from "./traps.js";
import { ps4 } from "./prompt.js";
import type { Fd, FuncEntry } from "./state.js";
import { commandLinePos } from "./source.js";
import type { SourceInfo } from "./source.js";
import { setSinglePipeStatus } from "./pipeline.js";
import { Attr, TempScope } from "./vars.js";
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

/** True when `name` is a POSIX special builtin of this shell (`:`, `eval`, `export`, `set`, ...). */
export function isSpecialBuiltin(ip: Interp, name: string): boolean {
  const c = ip.rt.commands.get(name);
  return isBuiltin(c) && c.special === true;
}

/** True when a command is a shell builtin. */
export function isBuiltin(c: Command | undefined): c is Builtin {
  return c !== undefined && (c as Builtin).builtin === true;
}

/** Runs a simple command. Synchronous while its expansions and the command it runs are. */
export function execSimple(ip: Interp, cmd: SimpleCommand): MaybeAsync<Completion> {
  ip.pos = commandLinePos(cmd);
  if (ip.rt.fatal !== undefined) throw ip.rt.fatal;
  if (ip.jobSignal?.aborted) throw new AbortError("cancelled");
  ip.rt.meter.countCommand();
  // TM-DOS-001/003: recursion, eval and alias loops also let the host's timers run
  if (ip.rt.meter.yieldDue()) return afterYieldLater(ip, cmd);
  return afterYield(ip, cmd);
}

// The hot functions below keep their asynchronous continuations in separate functions: a
// closure inside them would make V8 allocate a context at every call, even on the synchronous path.

async function afterYieldLater(ip: Interp, cmd: SimpleCommand): Promise<Completion> {
  await yieldToHost();
  return afterYield(ip, cmd);
}

function afterYield(ip: Interp, cmd: SimpleCommand): MaybeAsync<Completion> {
  if (ip.runningTraps === 0) ip.st.curCommand = cmd;
  if (ip.st.traps.size > 0 && ip.debugDone !== cmd) return afterDebugTrap(ip, cmd);
  return simpleCommand(ip, cmd);
}

async function afterDebugTrap(ip: Interp, cmd: SimpleCommand): Promise<Completion> {
  return (await debugTrap(ip, cmd.start)) ?? simpleCommand(ip, cmd);
}

/** A simple command after the DEBUG trap. */
function simpleCommand(ip: Interp, cmd: SimpleCommand): MaybeAsync<Completion> {
  ip.subStatus = undefined;
  if (cmd.words.length === 0) return assignOnly(ip, cmd);
  const ex: Expansion = { argv: [], assigns: undefined };
  let r: MaybeAsync<void>;
  try {
    r = expandCommand(ip, cmd, ex);
  } catch (e) {
    return expansionFailed(ip, e);
  }
  if (r instanceof Promise) return runExpandedLater(ip, cmd, ex, r);
  return runExpanded(ip, cmd, ex.argv, ex.assigns);
}

async function runExpandedLater(ip: Interp, cmd: SimpleCommand, ex: Expansion, r: Promise<void>): Promise<Completion> {
  try {
    await r;
  } catch (e) {
    return expansionFailed(ip, e);
  }
  return runExpanded(ip, cmd, ex.argv, ex.assigns);
}

/** The expanded words of a simple command (and, for declaration builtins, their assignments). */
interface Expansion {
  argv: string[];
  assigns: (PreparedAssign | undefined)[] | undefined;
}

/** A FatalError of `command` scope fails the command; anything else propagates. */
function expansionFailed(ip: Interp, e: unknown): MaybeAsync<Completion> {
  if (e instanceof FatalError && e.scope === "command") {
    ip.error(e);
    return ip.checkErr(e.status);
  }
  throw e;
}

/** The argv of commands whose words are all literal text (see `staticFields`), by node; null for the others. */
const staticArgv = new WeakMap<SimpleCommand, readonly string[] | null>();

function expandCommand(ip: Interp, cmd: SimpleCommand, ex: Expansion): MaybeAsync<void> {
  if (cmd.argAssignments === undefined) {
    let st = staticArgv.get(cmd);
    if (st === undefined) {
      st = staticFields(cmd.words);
      staticArgv.set(cmd, st);
    }
    if (st !== null && st.length <= ip.rt.limits.maxFields) {
      ex.argv = st.slice();
      return;
    }
    const a = ip.expandWords(cmd.words);
    if (a instanceof Promise) return setArgvLater(ex, a);
    ex.argv = a;
    return;
  }
  const h0 = literalField(cmd.words[0]!);
  const head = h0 !== undefined ? [h0] : ip.expandWords([cmd.words[0]!]);
  if (head instanceof Promise) return expandAfterHeadLater(ip, cmd, ex, head);
  return expandAfterHead(ip, cmd, ex, head);
}

async function setArgvLater(ex: Expansion, a: Promise<string[]>): Promise<void> {
  ex.argv = await a;
}

async function expandAfterHeadLater(ip: Interp, cmd: SimpleCommand, ex: Expansion, head: Promise<string[]>): Promise<void> {
  return expandAfterHead(ip, cmd, ex, await head);
}

function expandAfterHead(ip: Interp, cmd: SimpleCommand, ex: Expansion, head: string[]): MaybeAsync<void> {
  if (head.length === 1 && DECLARATION.has(head[0]!)) {
    ex.argv = [head[0]!];
    ex.assigns = [undefined];
    return expandDeclarationArgs(ip, cmd, ex, 1);
  }
  const rest = ip.expandWords(cmd.words.slice(1));
  if (rest instanceof Promise) return setArgvAfterHeadLater(ex, head, rest);
  ex.argv = head.length === 1 ? (rest.unshift(head[0]!), rest) : [...head, ...rest];
}

async function setArgvAfterHeadLater(ex: Expansion, head: string[], rest: Promise<string[]>): Promise<void> {
  ex.argv = [...head, ...(await rest)];
}

/** The arguments of `declare`/`local`/...: assignments prepared (expanded), other words expanded. */
function expandDeclarationArgs(ip: Interp, cmd: SimpleCommand, ex: Expansion, from: number): MaybeAsync<void> {
  for (let i = from; i < cmd.words.length; i++) {
    const r = declarationArg(ip, cmd, ex, i);
    if (r instanceof Promise) return declarationArgsLater(ip, cmd, ex, i + 1, r);
  }
}

async function declarationArgsLater(ip: Interp, cmd: SimpleCommand, ex: Expansion, from: number, r: Promise<void>): Promise<void> {
  await r;
  return expandDeclarationArgs(ip, cmd, ex, from);
}

function declarationArg(ip: Interp, cmd: SimpleCommand, ex: Expansion, i: number): MaybeAsync<void> {
  const a = cmd.argAssignments![i];
  if (a !== undefined) {
    // only a compound value cares whether the command declares it associative (`declare -A a=(...)`)
    const p = prepareAssign(ip, a, a.array !== undefined && ex.argv.some(isAssocOption));
    if (p instanceof Promise) return pushAssignLater(ex, p);
    pushAssign(ex, p);
    return;
  }
  const ws = ip.expandWords([cmd.words[i]!]);
  if (ws instanceof Promise) return pushWordsLater(ex, ws);
  pushWords(ex, ws);
}

function isAssocOption(w: string): boolean {
  return /^-[A-Za-z]*A/.test(w);
}

async function pushAssignLater(ex: Expansion, p: Promise<PreparedAssign>): Promise<void> {
  pushAssign(ex, await p);
}

async function pushWordsLater(ex: Expansion, ws: Promise<string[]>): Promise<void> {
  pushWords(ex, await ws);
}

function pushAssign(ex: Expansion, p: PreparedAssign): void {
  // bash passes a compound assignment to the builtin as its name (`declare a=(1)`: `$_` is a)
  const sub = p.index !== undefined ? `[${p.index}]` : "";
  ex.argv.push(p.array !== undefined ? `${p.name}${sub}` : `${p.name}${sub}${p.append ? "+" : ""}=${p.value ?? ""}`);
  ex.assigns!.push(p);
}

function pushWords(ex: Expansion, ws: readonly string[]): void {
  for (const w of ws) {
    ex.argv.push(w);
    ex.assigns!.push(undefined);
  }
}

/** Runs a simple command whose words are expanded. */
function runExpanded(ip: Interp, cmd: SimpleCommand, argv: string[], assigns: (PreparedAssign | undefined)[] | undefined): MaybeAsync<Completion> {
  if (ip.st.subshellPending) {
    ip.st.subshellPending = false;
    ip.st.subshellDepth++;
  }
  if (argv.length === 0) return assignOnly(ip, cmd);
  if (cmd.assignments.length === 0 && redirectsShell(ip, argv)) return execRedirectsOnly(ip, cmd);
  if (cmd.assignments.length > 0 || ip.st.options.xtrace) return runWithPrefix(ip, cmd, argv, assigns);
  const r = cmd.redirects.length === 0 ? invoke(ip, argv, assigns) : invokeRedirected(ip, cmd, argv, assigns);
  if (r instanceof Promise) return commandDoneLater(ip, argv, r);
  return commandDone(ip, argv, r);
}

function invokeRedirected(ip: Interp, cmd: SimpleCommand, argv: string[], assigns: (PreparedAssign | undefined)[] | undefined): MaybeAsync<Completion> {
  return withRedirects(ip, cmd.redirects, () => invoke(ip, argv, assigns));
}

async function commandDoneLater(ip: Interp, argv: string[], r: Promise<Completion>): Promise<Completion> {
  return commandDone(ip, argv, await r);
}

/** After the command ran: `$_`, then set -e / ERR for a failure. */
function commandDone(ip: Interp, argv: string[], status: Completion): MaybeAsync<Completion> {
  ip.st.lastArg = argv[argv.length - 1]!;
  if (status instanceof Abrupt) return status;
  // the ERR trap already sees this command's PIPESTATUS (execCommand sets it again after)
  if (status !== 0) setSinglePipeStatus(ip, status);
  return ip.checkErr(status);
}

/** The prefix bindings of `temp` (as the command left them) become the shell's, exported. */
function persistPrefix(ip: Interp, cmd: SimpleCommand, temp: Scope): void {
  for (const a of cmd.assignments) {
    const v = temp.get(a.name);
    if (v === undefined || typeof v.value !== "string") continue;
    ip.setVar(a.name, v.value);
    const t = ip.st.vars.lookup(a.name);
    if (t !== undefined) t.attrs |= Attr.Export;
  }
}

/**
 * The command words of `exec [-cl] [-a name] [--] [command ...]` (argv[0] is `exec`): none
 * means its redirections apply to the shell itself (`exec -- 3>&1`, `exec -c 3>&1`).
 */
export function execOperands(argv: readonly string[]): readonly string[] {
  let i = 1;
  while (i < argv.length && argv[i]!.startsWith("-") && argv[i] !== "--") i += argv[i] === "-a" ? 2 : 1;
  if (argv[i] === "--") i++;
  return i >= argv.length ? [] : argv.slice(i);
}

/** `exec` (or `command exec`) without a command: its redirections apply to the shell itself. */
function redirectsShell(ip: Interp, argv: readonly string[]): boolean {
  const c = argv[0] === "command" && argv[1] === "exec" ? 1 : 0;
  return argv[c] === "exec" && execOperands(c === 0 ? argv : argv.slice(1)).length === 0 && (c === 1 || !ip.st.functions.has("exec"));
}

/** `exec` with only redirections: they apply to the shell itself. */
async function execRedirectsOnly(ip: Interp, cmd: SimpleCommand): Promise<Completion> {
  const s = await applyPermanent(ip, cmd.redirects);
  return s === 0 ? 0 : ip.checkErr(s);
}

/** Builtins whose prefix assignments are a scope of the code they run (bash's isbltinenv). */
const CONTEXT_BUILTINS: ReadonlySet<string> = new Set(["eval", "source", ".", "unset", "mapfile", "readarray"]);

/**
 * Builtins whose assignments to a prefix-assigned name also reach the variable beneath it, as
 * bash 5.2 does: `E=x printf -v E hi` (and `let`, `getopts`, `cd`'s PWD/OLDPWD) leaves E=hi
 * after the command, while `E=x read E`, `declare`, `mapfile`, `eval` and functions do not.
 */
const WRITE_THROUGH: ReadonlySet<string> = new Set(["printf", "let", "getopts", "cd"]);

/** The builtin `argv` runs if it is one of {@link WRITE_THROUGH} (through `command`/`builtin`), else undefined. */
function writeThroughBuiltin(ip: Interp, argv: readonly string[]): string | undefined {
  let i = 0;
  while ((argv[i] === "command" || argv[i] === "builtin") && !ip.st.functions.has(argv[i]!)) i++;
  const name = argv[i];
  return name !== undefined && WRITE_THROUGH.has(name) && (i > 0 || !ip.st.functions.has(name)) ? name : undefined;
}

/** A command with prefix assignments (expanded now, bound temporarily around it) or traced by set -x. */
async function runWithPrefix(ip: Interp, cmd: SimpleCommand, argv: string[], assigns: (PreparedAssign | undefined)[] | undefined): Promise<Completion> {
  const temp: Scope | undefined = cmd.assignments.length > 0 ? new TempScope(CONTEXT_BUILTINS.has(argv[0] ?? "")) : undefined;
  if (temp !== undefined) ip.st.vars.scopes.push(temp);
  try {
    for (const a of cmd.assignments) {
      if (temp === undefined) break;
      if (a.index !== undefined) {
        // bash binds no array element around a command: `b[0]=2 cmd` is an error, cmd runs
        // (in POSIX mode the shell exits)
        ip.error(`\`${a.name}[${ip.src.text.slice(a.index.start, a.index.end)}]': not a valid identifier`);
        if (ip.st.options.posix) {
          ip.st.vars.popScope();
          return new Abrupt("exit", 0, 1);
        }
        continue;
      }
      const p: PreparedAssign = a.array !== undefined ? { name: a.name, append: a.append, value: await arrayAsText(ip, a.array) } : await prepareAssign(ip, a);
      const outer = ip.st.vars.scopes.slice(0, -1);
      let old: string | undefined;
      let readonly = false;
      for (let i = outer.length - 1; i >= 0; i--) {
        const ov = outer[i]!.get(p.name);
        if (ov !== undefined) {
          old = typeof ov.value === "string" ? ov.value : undefined;
          readonly = (ov.attrs & Attr.Readonly) !== 0;
          break;
        }
      }
      if (readonly) {
        // bash reports it and runs the command without that binding; under set -e or in
        // POSIX mode it is an assignment error that ends the shell
        ip.error(`${p.name}: readonly variable`);
        if (ip.st.options.errexit || ip.st.options.posix) {
          ip.st.vars.popScope();
          return new Abrupt("exit", 0, 1);
        }
        continue;
      }
      const v = ip.st.vars.create(p.name, temp, Attr.Export);
      v.value = p.append && old !== undefined ? old + (p.value ?? "") : (p.value ?? "");
      // bash traces each prefix binding with its value, before the command (`+ G=xa`)
      if (ip.st.options.xtrace) ip.stderr().write(`${await ps4(ip)}${p.name}=${xtraceQuote(v.value)}\n`);
    }
  } catch (e) {
    if (temp !== undefined) ip.st.vars.popScope();
    if (e instanceof FatalError && e.scope === "command") {
      ip.error(e);
      return ip.checkErr(e.status);
    }
    throw e;
  }
  // the prefix values as bound, to see which ones a write-through builtin assigned
  const before = temp !== undefined && writeThroughBuiltin(ip, argv) !== undefined ? [...temp].map(([name, v]) => [name, v, v.value] as const) : undefined;
  // POSIX mode: the prefix assignments of a special builtin stay after it (exported, as in bash)
  const persist = temp !== undefined && ip.st.options.posix && isSpecialBuiltin(ip, argv[0] ?? "") ? temp : undefined;
  try {
    if (ip.st.options.xtrace) ip.stderr().write(`${await ps4(ip)}${argv.map(xtraceQuote).join(" ")}\n`);
    // `FOO=bar exec >&2`: the redirections still apply to the shell itself
    const execOnly = redirectsShell(ip, argv);
    const status = execOnly ? await applyPermanent(ip, cmd.redirects) : await withRedirects(ip, cmd.redirects, () => invoke(ip, argv, assigns));
    return await commandDone(ip, argv, status);
  } finally {
    if (temp !== undefined) {
      const sc = ip.st.vars.scopes;
      const i = sc.lastIndexOf(temp);
      if (i >= 0) {
        sc.splice(i, 1);
        if (before !== undefined) {
          for (const [name, v, value] of before) {
            if (temp.get(name) === v && typeof v.value === "string" && v.value !== value) ip.setVar(name, v.value);
          }
        }
        // what the command itself declared there (`E=x local v=1`) belongs to the scope below
        const below = sc[i - 1];
        let dropped = temp.size;
        if (below !== undefined) {
          for (const [name, v] of temp) {
            if (cmd.assignments.some((a) => a.name === name)) continue;
            if (!below.has(name)) dropped--;
            else ip.st.vars.drop(below, name);
            below.set(name, v);
            temp.delete(name);
          }
        }
        ip.st.vars.count -= dropped;
        if (persist !== undefined) persistPrefix(ip, cmd, persist);
        ip.st.vars.releaseAll(temp);
      }
    }
  }
}

/** Quoting of `set -x` output: bare when safe, else single quotes. */
export function xtraceQuote(s: string): string {
  if (s !== "" && /^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  // tabs and newlines stay inside single quotes; other control characters need $'...'
  if (/[\x00-\x08\x0b-\x1f\x7f]/.test(s)) return ansiQuote(s);
  return `'${s.replace(/'/g, "'\\''")}'`;
}

/** Finds and runs a command by argv in the current shell (functions, builtins, commands). */
export function invoke(ip: Interp, argv: string[], assigns?: (PreparedAssign | undefined)[], skipFunctions = false): MaybeAsync<Completion> {
  const name = argv[0]!;
  // POSIX mode finds a special builtin before a function of its name
  if (!skipFunctions && !(ip.st.options.posix && isSpecialBuiltin(ip, name))) {
    const fn = ip.st.functions.get(name);
    if (fn !== undefined) return callFunction(ip, fn, argv);
  }
  const c = ip.rt.commands.get(name);
  if (isBuiltin(c)) return runCommand(ip, c, argv, assigns);
  if (name.includes("/")) return c === undefined ? execFile(ip, argv) : runCommand(ip, c, argv, assigns);
  const h = hashedCommand(ip, name);
  if (h !== undefined) return runCommand(ip, h, argv, assigns);
  return runFound(ip, argv, assigns);
}

/** A command that is not a builtin: looked up along $PATH (and hashed), then run. */
async function runFound(ip: Interp, argv: string[], assigns: (PreparedAssign | undefined)[] | undefined): Promise<Completion> {
  const m = await lookupCommand(ip, argv[0]!, true);
  if (m === undefined) {
    ip.notFound(argv[0]!);
    return 127;
  }
  return runMatch(ip, argv, m, assigns);
}

/** Calls a shell function with `argv[1..]` as positional parameters. */
export function callFunction(ip: Interp, fn: FuncEntry, argv: string[]): MaybeAsync<Completion> {
  const max = ip.rt.limits.maxCallDepth;
  if (ip.callDepth >= max) throw new LimitError("maxCallDepth", `function calls nested more than ${max} deep`);
  const st = ip.st;
  const frame: CallFrame = { positional: st.positional, src: ip.src, pos: ip.pos, loopDepth: ip.loopDepth };
  st.positional = argv.slice(1);
  st.vars.scopes.push(new Map());
  st.callStack.push({ name: argv[0]!, line: ip.line(), source: fn.src.file, fn: true });
  ip.callDepth++;
  ip.src = fn.src;
  ip.loopDepth = 0;
  let r: MaybeAsync<Completion>;
  try {
    r = ip.execCommand(fn.def.body);
  } catch (e) {
    if (e instanceof FatalError) e.at(ip.line(), ip.nameForError());
    const t = returnFrom(ip, frame);
    if (t === undefined) throw e;
    return throwAfter(t, e);
  }
  if (r instanceof Promise) return callFunctionAsync(ip, frame, r);
  const c = functionStatus(r);
  const t = returnFrom(ip, frame);
  return t === undefined ? c : completeAfter(t, c);
}

async function throwAfter(t: Promise<void>, e: unknown): Promise<never> {
  await t;
  throw e;
}

async function completeAfter(t: Promise<void>, c: Completion): Promise<Completion> {
  await t;
  return c;
}

/** What a function call saves of the caller. */
interface CallFrame {
  readonly positional: string[];
  readonly src: SourceInfo;
  readonly pos: number;
  readonly loopDepth: number;
}

async function callFunctionAsync(ip: Interp, frame: CallFrame, r: Promise<Completion>): Promise<Completion> {
  try {
    return functionStatus(await r);
  } catch (e) {
    // reported by a caller: with the line in the function where it happened
    if (e instanceof FatalError) e.at(ip.line(), ip.nameForError());
    throw e;
  } finally {
    const t = returnFrom(ip, frame);
    if (t !== undefined) await t;
  }
}

/** A function body's completion as the call's: `return` ends only the function. */
function functionStatus(c: Completion): Completion {
  if (c instanceof Abrupt) return c.kind === "exit" ? c : c.status;
  return c;
}

/** Restores the caller's state; returns the RETURN trap's run when one may run. */
function returnFrom(ip: Interp, frame: CallFrame): Promise<void> | undefined {
  const st = ip.st;
  ip.loopDepth = frame.loopDepth;
  ip.callDepth--;
  ip.src = frame.src;
  ip.pos = frame.pos;
  st.callStack.pop();
  st.vars.popScope();
  st.positional = frame.positional;
  return st.options.functrace ? returnTrap(ip) : undefined;
}

/** Runs a Command from the table with a context built from the shell's fds. */
export function runCommand(ip: Interp, c: Command, argv: string[], assigns?: (PreparedAssign | undefined)[]): MaybeAsync<Completion> {
  const ctx = makeContext(ip, argv, assigns);
  let r: number | Promise<number>;
  try {
    r = c.run(ctx);
  } catch (e) {
    return commandFailed(ip, ctx, argv, e);
  }
  if (typeof r !== "number") return commandStatusLater(ip, ctx, argv, r);
  return commandStatus(ip, r);
}

async function commandStatusLater(ip: Interp, ctx: CommandContext, argv: string[], r: Promise<number>): Promise<Completion> {
  let s: number;
  try {
    s = await r;
  } catch (e) {
    return commandFailed(ip, ctx, argv, e);
  }
  return commandStatus(ip, s);
}

function commandStatus(ip: Interp, r: number): Completion {
  const ab = ip.pendingAbrupt;
  if (ab !== undefined) {
    ip.pendingAbrupt = undefined;
    return ab;
  }
  return r & 255;
}

/**
 * Runs a registered (non-builtin) command with the fd table `fds` instead of the shell's
 * (a light pipeline stage, see light.ts). Errors map to statuses as for any command.
 * Synchronous when the command is.
 */
export function runWithFds(ip: Interp, c: Command, argv: string[], fds: (Fd | undefined)[]): MaybeAsync<number> {
  const ctx = new ShellCommandContext(ip, argv, undefined, fds);
  let r: number | Promise<number>;
  try {
    r = c.run(ctx);
  } catch (e) {
    return commandFailed(ip, ctx, argv, e, false);
  }
  if (typeof r === "number") return r & 255;
  return r.then(
    (s) => s & 255,
    (e: unknown) => commandFailed(ip, ctx, argv, e, false),
  );
}

/**
 * A command threw: shell errors propagate; a HuskError or any other error becomes its message
 * and a status. `ownsAbrupt`: the command ran in `ip`'s flow (a pending `return` is its).
 */
function commandFailed(ip: Interp, ctx: CommandContext, argv: string[], e: unknown, ownsAbrupt = true): number {
  if (e instanceof FatalError && e.scope === "command") {
    if (ownsAbrupt) ip.pendingAbrupt = undefined;
    ip.error(e);
    return e.status;
  }
  if (e instanceof LimitError || e instanceof AbortError || e instanceof BrokenPipeError || e instanceof FatalError) throw e;
  if (ownsAbrupt) ip.pendingAbrupt = undefined;
  if (e instanceof HuskError) {
    ctx.stderr.write(`${argv[0]}: ${e.message}\n`);
    return e.status & 255;
  }
  ctx.stderr.write(`${argv[0]}: ${errorMessage(e)}\n`);
  return 1;
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
  return new ShellCommandContext(ip, argv, assigns);
}

/**
 * The context of one command run. A class (not an object literal with getters) because one is
 * built per command: V8 creates literals with accessors on a slow path, and a class shares
 * its getters through the prototype. The constructor stores only what depends on the moment
 * (argv, fds, cwd); what comes from the runtime (fs, meter, clock ...) is read through getters,
 * and `env` and `shell` are computed on first use.
 */
class ShellCommandContext implements BuiltinContext {
  readonly name: string;
  readonly args: string[];
  readonly stdin: InputStream;
  readonly stdinRedirected: boolean;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly cwd: string;
  readonly interp: Interp;
  readonly assigns: (PreparedAssign | undefined)[] | undefined;
  #env: ExportedEnv | undefined;
  #shell: ShellAccess | undefined;
  /** The fd table when it is not the shell's own (a light pipeline stage). */
  readonly #fds: (Fd | undefined)[] | undefined;
  constructor(ip: Interp, argv: string[], assigns: (PreparedAssign | undefined)[] | undefined, ownFds?: (Fd | undefined)[]) {
    const fds = ownFds ?? ip.st.fds;
    this.#fds = ownFds;
    const fd0 = fds[0];
    this.name = argv[0]!;
    this.args = argv.slice(1);
    this.stdin = fd0?.input ?? EMPTY_SHELL_INPUT();
    this.stdinRedirected = fd0?.own === true;
    this.stdout = fds[1]?.output ?? BAD_FD_OUT;
    this.stderr = fds[2]?.output ?? NULL_OUT;
    this.cwd = ip.st.cwd;
    this.interp = ip;
    this.assigns = assigns;
    this.#env = undefined;
    this.#shell = undefined;
  }
  get fs(): CommandContext["fs"] {
    return this.interp.rt.fs;
  }
  get meter(): CommandContext["meter"] {
    return this.interp.rt.meter;
  }
  get clock(): CommandContext["clock"] {
    return this.interp.rt.clock;
  }
  get random(): CommandContext["random"] {
    return this.interp.rt.random;
  }
  get identity(): CommandContext["identity"] {
    return this.interp.rt.identity;
  }
  get request(): CommandContext["request"] {
    return this.interp.rt.request;
  }
  get env(): ReadonlyMap<string, string> {
    this.#env ??= new ExportedEnv(this.interp);
    return this.#env;
  }
  get signal(): AbortSignal {
    return this.interp.jobSignal ?? this.interp.rt.signal;
  }
  get shell(): ShellAccess {
    this.#shell ??= shellAccess(this.interp, this.#fds);
    return this.#shell;
  }
}

function EMPTY_SHELL_INPUT(): ShellInput {
  return new ShellInput(EMPTY_INPUT);
}

/**
 * ShellAccess for commands: runs argv or scripts inside the same sandboxed shell, in a
 * subshell whose fds are `fds` (default: the shell's) overridden by the call's `io`.
 */
export function shellAccess(ip: Interp, fds?: (Fd | undefined)[]): ShellAccess {
  const subshell = (): Interp => {
    const sub = ip.subshell();
    if (fds !== undefined) sub.st.fds = fds.slice();
    return sub;
  };
  return {
    run: async (argv, io) => {
      if (argv.length === 0) return 0;
      const sub = subshell();
      applyIO(sub, io);
      return sub.runSubshell(async () => {
        sub.rt.meter.countCommand();
        return invoke(sub, argv.slice());
      });
    },
    exec: async (script, io) => {
      const sub = subshell();
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

/**
 * Light pipeline stages: a stage that is one registered (non-builtin) command with words
 * whose expansion cannot change the shell (`tool --id "$i"`, `jq -r '.total'`) runs without
 * copying the shell state into a subshell. Such a command sees only its context (argv, fds,
 * env, cwd, fs), so running it against the parent's state, with the stage's own fds, is
 * observably the same as running it in a copy: nothing it does reaches the shell's variables,
 * options, hash table or `$_`. The same holds for the builtins listed in PURE_BUILTINS (echo,
 * printf without -v): they read options but write only to their fds. Anything else takes the
 * ordinary subshell path.
 */
import { BrokenPipeError } from "@husk/host";
import type { Command } from "@husk/host";
import type { SimpleCommand, Word, WordPart } from "@husk/syntax";
import { FatalError } from "./errors.js";
import type { MaybeAsync } from "./errors.js";
import type { Interp } from "./interp.js";
import { printfAssigns } from "./builtins/printf.js";
import { cachedFirstMatch, hashTable, searchPath } from "./pathsearch.js";
import { isBuiltin, runWithFds } from "./simple.js";
import type { Fd } from "./state.js";
import { onlyPart } from "@husk/syntax";

/** Variables whose value differs in a subshell (the light path must not expand them). */
const SUBSHELL_VARS = new Set(["BASHPID", "BASH_SUBSHELL", "RANDOM", "SRANDOM"]);

/**
 * Builtins that only read the shell and write to their fds, and when that holds for an argv
 * (`printf -v NAME` assigns a variable): they may run as light stages too.
 */
const PURE_BUILTINS: ReadonlyMap<string, (argv: readonly string[]) => boolean> = new Map([
  ["echo", () => true],
  ["printf", (argv: readonly string[]) => !printfAssigns(argv.slice(1))],
]);

/** A plain command name: no quoting, globbing, braces, tilde or slash to consider. */
const PLAIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/;

/** True when expanding `w` reads the shell but never changes it (and cannot fail). */
function pureWord(w: Word): boolean {
  return w.type === "Word" ? w.parts.every(purePart) : purePart(w);
}

function purePart(p: WordPart): boolean {
  switch (p.type) {
    case "Literal":
    case "Escaped":
    case "SingleQuoted":
    case "AnsiCQuoted":
      return true;
    case "DoubleQuoted":
      return p.parts.every(purePart);
    case "ParamExp":
      return p.op === undefined && p.index === undefined && !p.indirect && !SUBSHELL_VARS.has(p.name);
    default:
      return false;
  }
}

/**
 * The registered command (or pure builtin) `cmd` names when `cmd` may run as a light stage of
 * a pipeline in `ip`; undefined when it needs a subshell. `pipeStderr`: the stage is `|&`-connected.
 */
export function lightStage(ip: Interp, cmd: SimpleCommand, pipeStderr: boolean): Command | undefined {
  if (pipeStderr || cmd.assignments.length > 0 || cmd.redirects.length > 0 || cmd.words.length === 0 || cmd.argAssignments !== undefined) return undefined;
  const st = ip.st;
  // traps, xtrace, nounset and failglob make a stage's expansion or run observable in the shell
  if (st.traps.size > 0 || st.options.xtrace || st.options.nounset || st.opt("failglob")) return undefined;
  const head = onlyPart(cmd.words[0]!);
  if (head?.type !== "Literal") return undefined;
  const name = head.value;
  if (!PLAIN_NAME.test(name) || st.functions.has(name)) return undefined;
  const c = ip.rt.commands.get(name);
  if (c === undefined || (isBuiltin(c) && !PURE_BUILTINS.has(name))) return undefined;
  for (let i = 1; i < cmd.words.length; i++) if (!pureWord(cmd.words[i]!)) return undefined;
  return c;
}

/**
 * Runs a light stage with the stage's `fds`; `subshell` runs it the ordinary way instead
 * when $PATH finds a script file before the registered command. Statuses as a subshell
 * would give them (a broken pipe is 141, a fatal error its status). Synchronous when the
 * lookup, the expansion and the command are (a loop's stage then costs no promise).
 */
export function runLightStage(ip: Interp, cmd: SimpleCommand, c: Command, fds: (Fd | undefined)[], subshell: () => Promise<number>): MaybeAsync<number> {
  const name = (onlyPart(cmd.words[0]!) as { value: string }).value;
  if (isBuiltin(c)) return runLight(ip, cmd, c, name, fds, subshell); // found before $PATH
  const hashed = hashTable(ip).entries.get(name);
  if (hashed === undefined || hashed.command !== c) {
    const m = cachedFirstMatch(ip, name);
    if (m === undefined) {
      return searchPath(ip, name, false).then(([found]) => (found !== undefined && found.command !== c ? subshell() : runLight(ip, cmd, c, name, fds, subshell)));
    }
    if (m !== null && m.command !== c) return subshell();
  }
  return runLight(ip, cmd, c, name, fds, subshell);
}

/** Expands and runs a light stage whose name $PATH resolves to `c`. */
function runLight(ip: Interp, cmd: SimpleCommand, c: Command, name: string, fds: (Fd | undefined)[], subshell: () => Promise<number>): MaybeAsync<number> {
  try {
    ip.rt.meter.countCommand();
    const argv = ip.expandWords(cmd.words);
    if (argv instanceof Promise) return argv.then((a) => runArgv(ip, c, name, a, fds, subshell)).catch((e: unknown) => lightFailed(ip, e));
    return runArgv(ip, c, name, argv, fds, subshell);
  } catch (e) {
    return lightFailed(ip, e);
  }
}

function runArgv(ip: Interp, c: Command, name: string, argv: string[], fds: (Fd | undefined)[], subshell: () => Promise<number>): MaybeAsync<number> {
  if (argv.length === 0 || argv[0] !== name || (isBuiltin(c) && PURE_BUILTINS.get(name)?.(argv) !== true)) return subshell();
  const r = runWithFds(ip, c, argv, fds);
  return r instanceof Promise ? r.catch((e: unknown) => lightFailed(ip, e)) : r;
}

/** The status of a light stage that threw `e` (rethrown unless a broken pipe or fatal error). */
function lightFailed(ip: Interp, e: unknown): number {
  if (e instanceof BrokenPipeError) return 141;
  if (e instanceof FatalError) {
    ip.error(e);
    return e.status & 255;
  }
  throw e;
}

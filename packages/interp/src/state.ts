/**
 * The mutable state of one shell (or subshell): variables, functions, options, positional
 * parameters, working directory, file descriptors, traps, aliases. `clone()` gives a
 * subshell its own copy.
 */
import type { OutputStream } from "@husk/host";
import type { Command, FunctionDef } from "@husk/syntax";
import type { ShellInput } from "./io.js";
import type { SourceInfo } from "./source.js";
import { VarStore } from "./vars.js";
import { installCallStackVars } from "./callstack.js";
import { installOptionVars } from "./shellopts.js";
import { HashTable } from "./pathsearch.js";
import type { Frame } from "./callstack.js";

/** One open file descriptor. */
export interface Fd {
  readonly input?: ShellInput;
  readonly output?: OutputStream;
  /**
   * fd 0 only: the input was given to the command about to run (a pipe into this pipeline
   * stage, a `<`/here-doc/here-string redirection, a ShellAccess caller's stdin) rather than
   * inherited from an enclosing compound command, function or the script. `execList` clears
   * it for the commands inside a body (CommandContext.stdinRedirected).
   */
  readonly own?: boolean;
}

/** `set -o` options, by their long names. */
export interface SetOptions {
  errexit: boolean;
  nounset: boolean;
  xtrace: boolean;
  pipefail: boolean;
  noglob: boolean;
  noclobber: boolean;
  noexec: boolean;
  allexport: boolean;
  verbose: boolean;
  posix: boolean;
  errtrace: boolean;
  functrace: boolean;
  hashall: boolean;
  braceexpand: boolean;
  monitor: boolean;
  notify: boolean;
  interactive_comments: boolean;
  keyword: boolean;
  onecmd: boolean;
  physical: boolean;
  privileged: boolean;
  ignoreeof: boolean;
  nolog: boolean;
  emacs: boolean;
  vi: boolean;
  history: boolean;
  histexpand: boolean;
}

/** Single-letter flags of `set` and `$-`, mapped to option names. */
export const OPTION_LETTERS: ReadonlyArray<readonly [string, keyof SetOptions]> = [
  ["a", "allexport"],
  ["B", "braceexpand"],
  ["e", "errexit"],
  ["f", "noglob"],
  ["h", "hashall"],
  ["m", "monitor"],
  ["n", "noexec"],
  ["u", "nounset"],
  ["v", "verbose"],
  ["x", "xtrace"],
  ["C", "noclobber"],
  ["E", "errtrace"],
  ["T", "functrace"],
  ["b", "notify"],
  ["k", "keyword"],
  ["t", "onecmd"],
  ["P", "physical"],
  ["p", "privileged"],
  ["H", "histexpand"],
];

/** Default `set -o` values of a non-interactive bash. */
export function defaultOptions(): SetOptions {
  return {
    errexit: false,
    nounset: false,
    xtrace: false,
    pipefail: false,
    noglob: false,
    noclobber: false,
    noexec: false,
    allexport: false,
    verbose: false,
    posix: false,
    errtrace: false,
    functrace: false,
    hashall: true,
    braceexpand: true,
    monitor: false,
    notify: false,
    interactive_comments: true,
    keyword: false,
    onecmd: false,
    physical: false,
    privileged: false,
    ignoreeof: false,
    nolog: false,
    emacs: false,
    vi: false,
    history: false,
    histexpand: false,
  };
}

/** `shopt` options and their defaults in a non-interactive bash 5.2. */
export const SHOPT_DEFAULTS: Readonly<Record<string, boolean>> = {
  autocd: false,
  assoc_expand_once: false,
  cdable_vars: false,
  cdspell: false,
  checkhash: false,
  checkjobs: false,
  checkwinsize: true,
  cmdhist: true,
  compat31: false,
  compat32: false,
  compat40: false,
  compat41: false,
  compat42: false,
  compat43: false,
  compat44: false,
  complete_fullquote: true,
  direxpand: false,
  dirspell: false,
  dotglob: false,
  execfail: false,
  expand_aliases: false,
  extdebug: false,
  extglob: false,
  extquote: true,
  failglob: false,
  force_fignore: true,
  globasciiranges: true,
  globskipdots: true,
  globstar: false,
  gnu_errfmt: false,
  histappend: false,
  histreedit: false,
  histverify: false,
  hostcomplete: true,
  huponexit: false,
  inherit_errexit: false,
  interactive_comments: true,
  lastpipe: false,
  lithist: false,
  localvar_inherit: false,
  localvar_unset: false,
  login_shell: false,
  mailwarn: false,
  no_empty_cmd_completion: false,
  nocaseglob: false,
  nocasematch: false,
  noexpand_translation: false,
  nullglob: false,
  patsub_replacement: true,
  progcomp: true,
  progcomp_alias: false,
  promptvars: true,
  restricted_shell: false,
  shift_verbose: false,
  sourcepath: true,
  varredir_close: false,
  xpg_echo: false,
};

/** SHOPT_DEFAULTS as a Map (copying a Map is cheaper than rebuilding it from entries per shell). */
const SHOPT_DEFAULT_MAP: ReadonlyMap<string, boolean> = new Map(Object.entries(SHOPT_DEFAULTS));

/** A defined function and the source it was defined in (for $LINENO). */
export interface FuncEntry {
  readonly def: FunctionDef;
  readonly src: SourceInfo;
}

/** A background job started with `&`. */
export interface Job {
  readonly id: number;
  readonly pid: number;
  readonly command: string;
  readonly promise: Promise<number>;
  status?: number;
  /** Cancels the job as if signal `signum` ended it. */
  readonly kill?: (signum: number) => void;
  /** The signal that ended the job, once it has ended by one (see `kill`). */
  readonly signal?: number;
  /** Called when `wait` or `jobs` removes the ended job from the table (a coprocess's fds and variables go). */
  reap?: () => void;
}

/** The state of one shell. */
export class ShellState {
  vars: VarStore;
  functions = new Map<string, FuncEntry>();
  options: SetOptions = defaultOptions();
  /** `shopt` options, shared copy-on-write with the defaults and with clones (read through `opt`). */
  #shopt: ReadonlyMap<string, boolean> = SHOPT_DEFAULT_MAP;
  #shoptOwned = false;
  /** `shopt` options (a Map this shell owns: reading it makes the private copy). */
  get shopt(): Map<string, boolean> {
    if (!this.#shoptOwned) {
      this.#shopt = new Map(this.#shopt);
      this.#shoptOwned = true;
    }
    return this.#shopt as Map<string, boolean>;
  }
  set shopt(m: Map<string, boolean>) {
    this.#shopt = m;
    this.#shoptOwned = true;
  }
  positional: string[] = [];
  arg0 = "bash";
  cwd = "/";
  status = 0;
  /** The fd table: index = fd number. */
  fds: (Fd | undefined)[] = [];
  traps = new Map<string, string>();
  /** Traps copied from the parent shell: listed by `trap` but not run. */
  inheritedTraps = new Set<string>();
  /** The action of an active trap (not one merely inherited by a subshell). */
  trap(name: string): string | undefined {
    return this.inheritedTraps.has(name) ? undefined : this.traps.get(name);
  }
  aliases = new Map<string, string>();
  dirStack: string[] = [];
  jobs: Job[] = [];
  /**
   * The parent's jobs, in a subshell forked to run one simple command (a pipeline stage, a
   * `$( )` of one command): bash keeps the job table there when that command is `jobs`.
   */
  parentJobs: readonly Job[] | undefined;

  /** The jobs `jobs` lists here: this shell's, or in a subshell without any, its parent's (see parentJobs). */
  visibleJobs(): readonly Job[] {
    return this.jobs.length === 0 && this.parentJobs !== undefined ? this.parentJobs : this.jobs;
  }
  lastBgPid = 0;
  /** The last process substitution (`$!` names it; `wait $!` gives its status, 0 until it ran). */
  lastProcSub: { readonly pid: number; status: number } | undefined;
  /** Resource limits a script set with `ulimit` (by letter; replaced, never mutated), else the defaults. */
  ulimits: ReadonlyMap<string, { readonly soft: bigint; readonly hard: bigint }> | undefined;
  nextPid = 0;
  umask = 0o022;
  /** Call stack of function names (innermost last) with the line they were called from. */
  callStack: Frame[] = [];
  /** Depth of subshells/command substitutions. */
  subshellDepth = 0;
  /**
   * A pipeline stage running a simple command, before its words are expanded: bash forks the
   * stage first but raises $BASH_SUBSHELL only when the command runs, so `echo $BASH_SUBSHELL | cat`
   * prints 0 while a function or `eval` in the same place sees 1. `runExpanded` raises it.
   */
  subshellPending = false;
  /** Dynamic variables (`RANDOM`, `SECONDS`...) unset by the script: they stay ordinary names after. */
  dynamicOff: Set<string> = new Set();
  /** bash's RANDOM generator state (undefined: not seeded in this shell; a subshell reseeds, as bash). */
  randSeed: number | undefined = undefined;
  /** The last $RANDOM value (bash never returns the same value twice in a row). */
  randLast = 0;
  /** `SECONDS=N`: the value assigned and when (clock ms); undefined: seconds since the run began. */
  secondsBase: { readonly value: number; readonly atMs: number } | undefined = undefined;
  /** Last argument of the previous command (`$_`). */
  lastArg = "";
  /**
   * The command `$BASH_COMMAND` names: the simple command (or `( )`, `(( ))`, `[[ ]]`) being
   * run or last run, not counting those a trap runs; printed when read (special-params.ts).
   */
  curCommand: Command | undefined = undefined;
  /** Remembered command locations (`hash`). */
  hashed = new HashTable();
  /** getopts' position inside a bundled option argument. */
  getoptsIndex = 0;
  /** OPTIND value when getoptsIndex was saved (a reset of OPTIND restarts). */
  getoptsOptind = 0;
  /** True inside a subshell or command substitution (BASHPID differs, exit ends only it). */
  isSubshell = false;
  /** A fatal "line" error ends this shell (subshells, command substitutions), not just the line. */
  lineAbortExits = false;
  /** Ends `$-`: `s` when the script comes as the shell's input, `c` for `bash -c`. */
  flagSuffix = "s";
  bashPid = 0;
  /** `$$` of a child shell (`bash -c`); 0 means the run's pid. */
  shellPid = 0;
  /** Top-level commands read so far (the prompt's `\#`). */
  commandNumber = 0;

  constructor(vars: VarStore) {
    this.vars = vars;
  }

  /** The copy a subshell starts with. */
  clone(): ShellState {
    const c = new ShellState(this.vars.clone());
    c.functions = new Map(this.functions);
    c.options = { ...this.options };
    c.#shopt = this.#shopt;
    this.#shoptOwned = false;
    c.positional = this.positional.slice();
    c.arg0 = this.arg0;
    c.cwd = this.cwd;
    c.status = this.status;
    c.fds = this.fds.slice();
    c.traps = new Map(this.traps);
    // a subshell lists its parent's traps (`$(trap)`) but does not run them
    c.inheritedTraps = new Set(this.traps.keys());
    if (this.options.errtrace) c.inheritedTraps.delete("ERR");
    if (this.options.functrace) {
      c.inheritedTraps.delete("DEBUG");
      c.inheritedTraps.delete("RETURN");
    }
    c.aliases = new Map(this.aliases);
    c.dirStack = this.dirStack.slice();
    c.umask = this.umask;
    c.callStack = this.callStack.slice();
    installCallStackVars(c);
    installOptionVars(c);
    c.subshellDepth = this.subshellDepth + 1;
    if (this.dynamicOff.size > 0) c.dynamicOff = new Set(this.dynamicOff);
    c.secondsBase = this.secondsBase;
    c.lastArg = this.lastArg;
    c.curCommand = this.curCommand;
    c.hashed = this.hashed.clone();
    c.isSubshell = true;
    c.lineAbortExits = true;
    c.flagSuffix = this.flagSuffix;
    c.nextPid = this.nextPid;
    c.bashPid = this.bashPid;
    c.shellPid = this.shellPid;
    c.commandNumber = this.commandNumber;
    c.lastBgPid = this.lastBgPid;
    c.lastProcSub = this.lastProcSub;
    c.ulimits = this.ulimits;
    return c;
  }

  /** A shopt option's value. */
  opt(name: string): boolean {
    return this.#shopt.get(name) === true;
  }
}

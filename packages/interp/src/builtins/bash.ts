/**
 * `bash` and `sh` as commands: a child shell inside the same sandbox (`bash -c 'script' [name
 * [args]]`, `bash FILE [args]`, a script on stdin, `-e -u -x -n -o opt`). The child starts from
 * the exported environment only, like a new process.
 */
import { FsError, LimitError, resolvePath } from "@husk/host";
import { Interp } from "../interp.js";
import { ShellState } from "../state.js";
import type { SetOptions } from "../state.js";
import type { BuiltinContext } from "../simple.js";
import { Attr, VarStore } from "../vars.js";
import { SET_O_NAMES } from "./set.js";
import { physicalPath } from "./cd.js";
import { builtin } from "./define.js";
import { installCallStackVars } from "../callstack.js";
import { applyOptionList, installOptionVars } from "../shellopts.js";
import { OPTION_LETTERS } from "../state.js";

const LETTER = new Map(OPTION_LETTERS);

const USAGE = `Usage:\t{0} [GNU long option] [option] ...
\t{0} [GNU long option] [option] script-file ...
GNU long options:
\t--debug\n\t--debugger\n\t--dump-po-strings\n\t--dump-strings\n\t--help\n\t--init-file\n\t--login
\t--noediting\n\t--noprofile\n\t--norc\n\t--posix\n\t--pretty-print\n\t--rcfile\n\t--restricted\n\t--verbose\n\t--version
Shell options:
\t-ilrsD or -c command or -O shopt_option\t\t(invocation only)
\t-abefhkmnptuvxBCEHPT or -o option
`;

const LONG_FLAGS = new Set(["--debug", "--debugger", "--dump-po-strings", "--dump-strings", "--login", "--noediting", "--noprofile", "--norc", "--posix", "--pretty-print", "--restricted", "--verbose"]);

/**
 * bash's invocation options: long options first, then bundles of letters (`-ex`, `-oo
 * errexit noglob`, `-O shopt`, `+O shopt`), up to `--`, `-` or the first operand. `-c` makes
 * the first operand the command string. Returns the index of the first operand, or an exit
 * status after a usage error or `--help`.
 */
function parseArgs(ctx: BuiltinContext, args: readonly string[], st: ShellState): { next: number; command: boolean } | number {
  const usage = (msg: string): number => {
    ctx.stderr.write(`${ctx.name}: ${msg}\n${USAGE.replace(/\{0\}/g, ctx.name)}`);
    return 2;
  };
  let i = 0;
  for (; i < args.length && args[i]!.startsWith("--") && args[i] !== "--"; i++) {
    const a = args[i]!;
    if (a === "--help") {
      ctx.stdout.write(`GNU bash, version ${ctx.interp.getScalar("BASH_VERSION") ?? "5.2"}-(x86_64-pc-linux-gnu)\n${USAGE.replace(/\{0\}/g, ctx.name)}`);
      return 0;
    }
    if (a === "--version") {
      ctx.stdout.write(`GNU bash, version ${ctx.interp.getScalar("BASH_VERSION") ?? "5.2"}-(x86_64-pc-linux-gnu)\n`);
      return 0;
    }
    if (a === "--rcfile" || a === "--init-file") i++;
    else if (a === "--posix") st.options.posix = true;
    else if (a === "--verbose") st.options.verbose = true;
    else if (!LONG_FLAGS.has(a)) return usage(`${a}: invalid option`);
  }
  let command = false;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--" || a === "-") {
      i++;
      break;
    }
    const on = a[0] === "-";
    if ((!on && a[0] !== "+") || a.length < 2) break;
    if (a.startsWith("--")) return usage(`${a}: invalid option`);
    for (const c of a.slice(1)) {
      if (c === "c") command = true;
      else if (c === "o" || c === "O") {
        const name = args[++i];
        if (name === undefined) return usage(`-${c}: option requires an argument`);
        if (c === "O") {
          if (!st.shopt.has(name)) {
            ctx.stderr.write(`${ctx.name}: ${name}: invalid shell option name\n`);
            return 2;
          }
          st.shopt.set(name, on);
        } else {
          if (!(SET_O_NAMES as readonly string[]).includes(name.replace(/-/g, "_"))) {
            ctx.stderr.write(`${ctx.name}: ${ctx.name}: ${name}: invalid option name\n`);
            return 2;
          }
          (st.options as unknown as Record<string, boolean>)[name.replace(/-/g, "_")] = on;
        }
      } else if (c === "i" || c === "l" || c === "r" || c === "s" || c === "D") {
        // interactive, login, restricted, stdin, dump strings: nothing to do in the sandbox
      } else {
        const opt = LETTER.get(c) as keyof SetOptions | undefined;
        if (opt === undefined) return usage(`-${c}: invalid option`);
        st.options[opt] = on;
      }
    }
  }
  return { next: i, command };
}

/**
 * A child shell's working directory, as bash starts: the inherited $PWD when it names the same
 * directory, else the physical path (symlinks resolved), which then becomes $PWD.
 */
async function startDir(ctx: BuiltinContext, st: ShellState): Promise<string> {
  const cwd = ctx.interp.st.cwd;
  if (ctx.interp.rt.profile === "logic-only") return cwd;
  const phys = (await physicalPath(ctx, cwd)) ?? cwd;
  const pwd = st.vars.lookup("PWD")?.value;
  if (typeof pwd === "string" && pwd.startsWith("/") && (await physicalPath(ctx, pwd)) === phys) return pwd;
  st.vars.create("PWD", st.vars.scopes[0]!, Attr.Export).value = phys;
  return phys;
}

/** Variables bash sets itself at startup (not from the environment). */
const INHERENT = ["BASH", "BASH_VERSINFO", "UID", "EUID", "HOSTNAME", "OSTYPE", "HOSTTYPE", "MACHTYPE"];

/**
 * The variables a new shell starts with: the parent's exported environment, plus the ones bash
 * sets when they are missing (SHELL, which bash takes from the password entry, is not exported).
 */
export function childVars(parent: Interp): VarStore {
  const vars = new VarStore(parent.rt.limits);
  const g = vars.scopes[0]!;
  for (const [k, v] of parent.exportedEnv()) {
    const x = vars.create(k, g, Attr.Export);
    x.value = v;
  }
  for (const [k, v] of [["IFS", " \t\n"], ["PS4", "+ "], ["OPTIND", "1"], ["SHELL", "/bin/bash"], ["BASH_VERSION", parent.getScalar("BASH_VERSION") ?? "5.2"]] as const) {
    if (vars.lookup(k) === undefined) vars.create(k, g).value = v;
  }
  // what every bash sets at startup, the same in the child
  for (const k of INHERENT) {
    const v = parent.st.vars.scopes[0]!.get(k);
    if (v !== undefined && vars.lookup(k) === undefined) g.set(k, vars.copyOf(v));
  }
  const ppid = vars.create("PPID", g, Attr.Readonly | Attr.Integer);
  ppid.value = String(parent.st.shellPid || parent.rt.identity.pid);
  return vars;
}

async function run(ctx: BuiltinContext): Promise<number> {
  const parent = ctx.interp;
  const args = ctx.args.slice();
  const st = new ShellState(childVars(parent));
  st.cwd = await startDir(ctx, st);
  st.fds = parent.st.fds.slice();
  st.subshellDepth = parent.st.subshellDepth + 1;
  st.isSubshell = true;
  st.bashPid = parent.rt.identity.pid + 1000 + ++parent.st.nextPid;
  const parsed = parseArgs(ctx, args, st);
  if (typeof parsed === "number") return parsed;
  let script: string | undefined;
  let i = parsed.next;
  if (parsed.command) {
    script = args[i++];
    if (script === undefined) {
      ctx.stderr.write(`${ctx.name}: -c: option requires an argument\n`);
      return 2;
    }
  }
  const rest = args.slice(i);
  if (parsed.command) {
    st.flagSuffix = "c";
    st.arg0 = rest[0] ?? ctx.name;
    st.positional = rest.slice(1);
  } else if (rest.length > 0) {
    const file = rest[0]!;
    try {
      script = await ctx.fs.readFile(resolvePath(st.cwd, file));
    } catch (e) {
      if (e instanceof FsError) {
        ctx.stderr.write(`${ctx.name}: ${file}: ${e.message}\n`);
        return 127;
      }
      throw e;
    }
    st.arg0 = file;
    st.flagSuffix = "";
    st.positional = rest.slice(1);
  } else {
    script = await ctx.stdin.readAll(parent.rt.limits.maxScriptBytes);
    st.arg0 = ctx.name;
  }
  if (st.subshellDepth > parent.rt.limits.maxSubshellDepth) {
    throw new LimitError("maxSubshellDepth", `shells nested more than ${parent.rt.limits.maxSubshellDepth} deep`);
  }
  applyOptionList(st, st.vars.get("SHELLOPTS")?.value as string | undefined, st.vars.get("BASHOPTS")?.value as string | undefined);
  installCallStackVars(st);
  installOptionVars(st);
  // BASH_SOURCE names the script file (with a `main` frame), or `environment` for -c
  let file = "main";
  if (st.flagSuffix === "c") file = "environment";
  else if (st.flagSuffix === "") {
    file = st.arg0;
    st.callStack = [{ name: "main", line: 0, source: file, fn: false }];
  }
  st.shellPid = st.bashPid;
  const child = new Interp(parent.rt, st);
  child.jobSignal = parent.jobSignal;
  parent.rt.shells.set(st.shellPid, child);
  try {
    return await child.runSubshell(() => child.runScript(script!, 0, true, file, st.flagSuffix === "c" ? "-c" : undefined));
  } finally {
    parent.rt.shells.delete(st.shellPid);
  }
}

/** `bash` */
export const bashCmd = builtin("bash", "Run a child shell in the same sandbox.", run);
/** `sh` */
export const shCmd = builtin("sh", "Run a child shell in the same sandbox.", run);

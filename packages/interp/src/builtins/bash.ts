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
import { builtin } from "./define.js";
import { installCallStackVars } from "../callstack.js";
import { OPTION_LETTERS } from "../state.js";

const LETTER = new Map(OPTION_LETTERS);

async function run(ctx: BuiltinContext): Promise<number> {
  const parent = ctx.interp;
  const args = ctx.args.slice();
  const st = new ShellState(new VarStore(parent.rt.limits));
  const g = st.vars.scopes[0]!;
  for (const [k, v] of parent.exportedEnv()) {
    const x = st.vars.create(k, g, Attr.Export);
    x.value = v;
  }
  for (const [k, v] of [["IFS", " \t\n"], ["PS4", "+ "], ["OPTIND", "1"], ["BASH_VERSION", parent.getScalar("BASH_VERSION") ?? "5.2"]] as const) {
    if (st.vars.lookup(k) === undefined) st.vars.create(k, g).value = v;
  }
  st.cwd = parent.st.cwd;
  st.fds = parent.st.fds.slice();
  st.subshellDepth = parent.st.subshellDepth + 1;
  st.isSubshell = true;
  st.bashPid = parent.rt.identity.pid + 1000 + ++parent.st.nextPid;
  let script: string | undefined;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--" || a === "-") {
      i++;
      break;
    }
    if (a === "-c") {
      script = args[++i];
      if (script === undefined) {
        ctx.stderr.write(`${ctx.name}: -c: option requires an argument\n`);
        return 2;
      }
      continue;
    }
    if (a === "-o" || a === "+o") {
      const name = args[++i];
      if (name !== undefined && (SET_O_NAMES as readonly string[]).includes(name)) (st.options as unknown as Record<string, boolean>)[name] = a === "-o";
      continue;
    }
    if (a.startsWith("--")) continue;
    if ((a[0] === "-" || a[0] === "+") && a.length > 1) {
      for (const c of a.slice(1)) {
        if (c === "c") {
          script = args[++i];
          continue;
        }
        const opt = LETTER.get(c) as keyof SetOptions | undefined;
        if (opt !== undefined) st.options[opt] = a[0] === "-";
      }
      continue;
    }
    break;
  }
  const rest = args.slice(i);
  if (script !== undefined) {
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
  installCallStackVars(st);
  // BASH_SOURCE names the script file (with a `main` frame), or `environment` for -c
  let file = "main";
  if (st.flagSuffix === "c") file = "environment";
  else if (st.flagSuffix === "") {
    file = st.arg0;
    st.callStack = [{ name: "main", line: 0, source: file, fn: false }];
  }
  const child = new Interp(parent.rt, st);
  return child.runSubshell(() => child.runScript(script!, 0, true, file));
}

/** `bash` */
export const bashCmd = builtin("bash", "Run a child shell in the same sandbox.", run);
/** `sh` */
export const shCmd = builtin("sh", "Run a child shell in the same sandbox.", run);

/** `ulimit [-SHa...] [limit]`: the sandbox has its own limits; reports unlimited. */
export const ulimit = builtin("ulimit", "Modify shell resource limits.", (ctx) => {
  const a = ctx.args.filter((x) => !x.startsWith("-"));
  if (a.length === 0) ctx.stdout.write(ctx.args.includes("-a") ? "core file size              (blocks, -c) 0\nfile size               (blocks, -f) unlimited\nopen files                      (-n) 1024\n" : "unlimited\n");
  return 0;
});

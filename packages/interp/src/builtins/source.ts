/** `source FILE [args]` / `. FILE [args]`: runs a file of the shell's filesystem in this shell. */
import { FsError, resolvePath } from "@husk/host";
import type { BuiltinContext } from "../simple.js";
import { berr, builtin } from "./define.js";
import { returnTrap } from "../traps.js";

async function run(ctx: BuiltinContext): Promise<number> {
  const ip = ctx.interp;
  const args = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args;
  const file = args[0];
  if (file === undefined) {
    berr(ctx, "filename argument required", 2);
    ctx.stderr.write(`${ctx.name}: usage: ${ctx.name} filename [arguments]\n`);
    return 2;
  }
  let text: string;
  try {
    // bash looks a name without a slash up in PATH (files only) before the current directory
    let path = resolvePath(ip.st.cwd, file);
    if (!file.includes("/") && ip.st.opt("sourcepath")) {
      for (const dir of (ip.getScalar("PATH") ?? "").split(":")) {
        if (dir === "") continue;
        const p = resolvePath(ip.st.cwd, `${dir}/${file}`);
        if ((await ctx.fs.exists(p)) && (await ctx.fs.stat(p)).type !== "directory") {
          path = p;
          break;
        }
      }
    }
    text = await ctx.fs.readFile(path);
  } catch (e) {
    // bash names the builtin only for a directory (`source: /: is a directory`)
    if (e instanceof FsError && e.code === "EISDIR") return berr(ctx, `${file}: is a directory`, 1);
    if (e instanceof FsError) {
      ip.error(`${file}: ${e.message}`);
      return 1;
    }
    throw e;
  }
  const savedPos = ip.st.positional;
  if (args.length > 1) ip.st.positional = args.slice(1);
  ip.sourceDepth++;
  ip.traceLevel++;
  ip.st.callStack.push({ name: "source", line: ip.line(), source: file, fn: false });
  // after the file, $BASH_COMMAND names the source command again (as after eval)
  const cur = ip.st.curCommand;
  try {
    const c = await ip.runScript(text, 0, false, file);
    if (typeof c === "number") return c;
    if (c.kind === "return") return c.status;
    ip.pendingAbrupt = c;
    return c.status;
  } finally {
    if (ip.runningTraps === 0) ip.st.curCommand = cur;
    ip.st.callStack.pop();
    ip.sourceDepth--;
    ip.traceLevel--;
    if (args.length > 1) ip.st.positional = savedPos;
    if (ip.callDepth === 0 || ip.st.options.functrace) await returnTrap(ip);
  }
}

/** `source` */
export const source = builtin("source", "Execute commands from a file in the current shell.", run, true);
/** `.` */
export const dot = builtin(".", "Execute commands from a file in the current shell.", run, true);

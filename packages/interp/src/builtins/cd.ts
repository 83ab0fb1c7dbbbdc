/** `cd`, `pwd`, `pushd`, `popd`, `dirs`: the working directory and the directory stack. */
import { FsError, resolvePath } from "@husk/host";
import type { Interp } from "../interp.js";
import { Attr } from "../vars.js";
import type { BuiltinContext } from "../simple.js";
import { badOption, berr, builtin, parseOpts } from "./define.js";

/** The physical path of an absolute `path` (symlinks resolved); undefined when it does not exist. */
export async function physicalPath(ctx: BuiltinContext, path: string): Promise<string | undefined> {
  try {
    return await ctx.fs.realpath(path);
  } catch (e) {
    if (e instanceof FsError) return undefined;
    throw e;
  }
}

/** Bash's check of a logical `cd` path: whatever precedes a `..` must be an existing directory. */
async function checkDotDot(ctx: BuiltinContext, dir: string): Promise<FsError | undefined> {
  if (!dir.split("/").includes("..")) return undefined;
  let acc = dir.startsWith("/") ? "/" : ctx.interp.st.cwd;
  for (const seg of dir.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      const st = await ctx.fs.stat(acc).catch((e: unknown) => {
        if (e instanceof FsError) return e;
        throw e;
      });
      if (st instanceof FsError) return st;
      if (st.type !== "directory") return new FsError("ENOTDIR", acc);
    }
    acc = resolvePath(acc, seg);
  }
  return undefined;
}

/** Changes to `dir` (-P: its physical path), setting PWD and an exported OLDPWD as bash does. */
async function changeDir(ctx: BuiltinContext, dir: string, label = dir, physical = false): Promise<number> {
  const ip = ctx.interp;
  let path = resolvePath(ip.st.cwd, dir);
  try {
    const bad = physical ? undefined : await checkDotDot(ctx, dir);
    if (bad !== undefined) throw bad;
    const st = await ctx.fs.stat(path);
    if (st.type !== "directory") return berr(ctx, `${label}: Not a directory`, 1);
    if (physical) path = await ctx.fs.realpath(path);
  } catch (e) {
    if (e instanceof FsError) return berr(ctx, `${label}: ${e.message}`, 1);
    throw e;
  }
  ip.setVar("OLDPWD", ip.st.cwd);
  ip.st.vars.lookup("OLDPWD")!.attrs |= Attr.Export;
  ip.st.cwd = path;
  ip.setVar("PWD", path);
  return 0;
}

/** `cd [-L|-P] [dir]` */
export const cd = builtin("cd", "Change the shell working directory.", async (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "LPe@");
  if (o.rest.length > 1) return berr(ctx, "too many arguments", 1);
  const home = ip.getScalar("HOME");
  const dir = o.rest[0] ?? home;
  // the last of -L/-P wins
  const physical = ctx.args.filter((a) => /^-[LPe@]+$/.test(a)).join("").replace(/[^LP]/g, "").endsWith("P");
  if (dir === undefined) return berr(ctx, "HOME not set", 1);
  if (dir === "-") {
    const old = ip.getScalar("OLDPWD");
    if (old === undefined) return berr(ctx, "OLDPWD not set", 1);
    const s = await changeDir(ctx, old, old, physical);
    if (s === 0) ctx.stdout.write(`${ip.st.cwd}\n`);
    return s;
  }
  if (dir === "") return 0;
  if (!dir.startsWith("/") && !dir.startsWith(".")) {
    const cdpath = ip.getScalar("CDPATH");
    if (cdpath) {
      for (const base of cdpath.split(":")) {
        if (base === "") continue;
        const p = resolvePath(ip.st.cwd, `${base}/${dir}`);
        if (await ctx.fs.exists(p)) {
          const s = await changeDir(ctx, p, dir, physical);
          if (s === 0) ctx.stdout.write(`${ip.st.cwd}\n`);
          return s;
        }
      }
    }
  }
  return changeDir(ctx, dir, dir, physical);
});

/** `pwd [-LP]` */
export const pwd = builtin("pwd", "Print the name of the current working directory.", async (ctx) => {
  const o = parseOpts(ctx.args, "LP");
  if (o.bad !== undefined) return badOption(ctx, o.bad, "pwd [-LP]");
  const physical = ctx.args.join("").replace(/[^LP]/g, "").endsWith("P");
  const cwd = ctx.interp.st.cwd;
  ctx.stdout.write(`${physical ? ((await physicalPath(ctx, cwd)) ?? cwd) : cwd}\n`);
  return 0;
});

function dirsLine(ip: Interp): string {
  const home = ip.getScalar("HOME");
  const t = (d: string): string => (home && (d === home || d.startsWith(`${home}/`)) ? `~${d.slice(home.length)}` : d);
  return [ip.st.cwd, ...ip.st.dirStack].map(t).join(" ");
}

/** `pushd [dir | +N]` */
export const pushd = builtin("pushd", "Add directories to stack.", async (ctx) => {
  const ip = ctx.interp;
  const args = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args;
  if (args.length > 1) return berr(ctx, "too many arguments", 1);
  const dir = args[0];
  if (dir !== undefined && /^[-+]./.test(dir) && ctx.args[0] !== "--") return dirUsage(ctx, `${dir}: invalid number`, "pushd [-n] [+N | -N | dir]");
  if (dir === undefined) {
    const top = ip.st.dirStack[0];
    if (top === undefined) return berr(ctx, "no other directory", 1);
    const cur = ip.st.cwd;
    const s = await changeDir(ctx, top);
    if (s !== 0) return s;
    ip.st.dirStack[0] = cur;
  } else {
    const cur = ip.st.cwd;
    const s = await changeDir(ctx, dir);
    if (s !== 0) return s;
    ip.st.dirStack.unshift(cur);
  }
  ctx.stdout.write(`${dirsLine(ip)}\n`);
  return 0;
});

/** `popd` */
export const popd = builtin("popd", "Remove directories from stack.", async (ctx) => {
  const ip = ctx.interp;
  const args = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args;
  if (args.length > 0) return dirUsage(ctx, /^[-+]/.test(args[0]!) ? `${args[0]}: invalid number` : `${args[0]}: invalid argument`, "popd [-n] [+N | -N]");
  const top = ip.st.dirStack[0];
  if (top === undefined) return berr(ctx, "directory stack empty", 1);
  const s = await changeDir(ctx, top);
  if (s !== 0) return s;
  ip.st.dirStack.shift();
  ctx.stdout.write(`${dirsLine(ip)}\n`);
  return 0;
});

/** `dirs [-clpv]` */
export const dirs = builtin("dirs", "Display directory stack.", (ctx) => {
  const ip = ctx.interp;
  const o = parseOpts(ctx.args, "clpv");
  if (o.bad !== undefined) return dirUsage(ctx, `-${o.bad}: invalid number`, "dirs [-clpv] [+N] [-N]");
  if (o.rest.length > 0) return dirUsage(ctx, `${o.rest[0]}: invalid option`, "dirs [-clpv] [+N] [-N]");
  if (o.on.has("c")) {
    ip.st.dirStack = [];
    return 0;
  }
  const all = [ip.st.cwd, ...ip.st.dirStack];
  if (o.on.has("v")) all.forEach((d, i) => ctx.stdout.write(`${String(i).padStart(2)}  ${d}\n`));
  else if (o.on.has("p")) all.forEach((d) => ctx.stdout.write(`${d}\n`));
  else ctx.stdout.write(`${o.on.has("l") ? all.join(" ") : dirsLine(ip)}\n`);
  return 0;
});

/** A usage error of pushd/popd/dirs: the message, the usage line, status 2. */
function dirUsage(ctx: BuiltinContext, msg: string, usage: string): number {
  berr(ctx, msg, 2);
  ctx.stderr.write(`${ctx.name}: usage: ${usage}\n`);
  return 2;
}

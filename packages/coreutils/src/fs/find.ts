import { type CommandContext, FsError, resolvePath } from "@husk/host";
import type { Command } from "@husk/host";
import { joinPath, tryStat } from "../util/files.js";
import { printUsageError } from "../util/command.js";
import { Writer } from "../util/io.js";
import { type EvalState, evaluate, type ExecNode, type FindEntry, type FindRuntime, parseFind } from "./find-expr.js";
import { HuskError, LimitError, AbortError, BrokenPipeError } from "@husk/host";

async function run(ctx: CommandContext): Promise<number> {
  const args = [...ctx.args];
  if (args[0] === "--help") {
    ctx.stdout.write(find.help as string);
    return 0;
  }
  let follow = false;
  while (args[0] === "-L" || args[0] === "-P" || args[0] === "-H") follow = args.shift() === "-L" ? true : follow;
  const starts: string[] = [];
  while (args.length && !(args[0] as string).startsWith("-") && args[0] !== "(" && args[0] !== "!") starts.push(args.shift() as string);
  if (starts.length === 0) starts.push(".");
  const w = new Writer(ctx.stdout);
  let status = 0;
  const batches = new Map<ExecNode, string[]>();
  const abs = (p: string): string => resolvePath(ctx.cwd, p);
  let plan;
  try {
    plan = parseFind(args, (p) => tryStat(ctx, abs(p))).plan;
  } catch (e) {
    if (e instanceof HuskError && !(e instanceof LimitError) && !(e instanceof AbortError)) {
      ctx.stderr.write(`find: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  follow ||= plan.follow;
  const runBatch = async (n: ExecNode, paths: string[]): Promise<void> => {
    const idx = n.argv.indexOf("{}");
    const argv = idx < 0 ? [...n.argv, ...paths] : [...n.argv.slice(0, idx), ...paths, ...n.argv.slice(idx + 1)];
    await w.flush();
    if ((await ctx.shell.run(argv)) !== 0) status = 1;
  };
  const rt: FindRuntime = {
    now: ctx.clock.now(),
    isEmptyDir: async (p) => (await ctx.fs.readdir(p)).length === 0,
    statOf: (p) => tryStat(ctx, abs(p)),
    readlink: (p) => ctx.fs.readlink(p),
    exec: async (argv) => {
      await w.flush();
      return ctx.shell.run(argv);
    },
    batch: (n, path) => {
      const list = batches.get(n) ?? [];
      list.push(path);
      batches.set(n, list);
    },
    print: (text) => w.write(text),
    remove: async (e) => {
      try {
        await ctx.fs.rm(e.abs);
        return true;
      } catch (err) {
        if (!(err instanceof FsError)) throw err;
        ctx.stderr.write(`find: cannot delete '${e.path}': ${err.message}\n`);
        status = 1;
        return false;
      }
    },
    userName: ctx.identity.user,
  };
  const state: EvalState = { prune: false, quit: false };
  const visit = async (path: string, absPath: string, name: string, depth: number, start: string): Promise<void> => {
    if (state.quit) return;
    ctx.meter.tick();
    let st;
    try {
      st = follow ? ((await tryStat(ctx, absPath)) ?? (await ctx.fs.lstat(absPath))) : await ctx.fs.lstat(absPath);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      ctx.stderr.write(`find: '${path}': ${e.message}\n`);
      status = 1;
      return;
    }
    const entry: FindEntry = { path, abs: absPath, name, depth, st, start };
    const check = async (): Promise<boolean> => {
      state.prune = false;
      if (depth >= plan.minDepth) await evaluate(plan.root, entry, rt, state);
      return state.prune;
    };
    let pruned = false;
    if (!plan.depthFirst) pruned = await check();
    if (st.type === "directory" && depth < plan.maxDepth && !pruned && !state.quit) {
      let names: string[] = [];
      try {
        names = await ctx.fs.readdir(absPath);
      } catch (e) {
        if (!(e instanceof FsError)) throw e;
        ctx.stderr.write(`find: '${path}': ${e.message}\n`);
        status = 1;
      }
      for (const n of names) await visit(joinPath(path, n), joinPath(absPath, n), n, depth + 1, start);
    }
    if (plan.depthFirst && !state.quit) await check();
  };
  try {
    for (const s of starts) {
      if (state.quit) break;
      const a = abs(s);
      const name = s.replace(/\/+$/, "").split("/").pop() || s;
      await visit(s, a, name, 0, s);
    }
    for (const [n, paths] of batches) if (paths.length) await runBatch(n, paths);
  } catch (e) {
    if (e instanceof HuskError && !(e instanceof LimitError || e instanceof AbortError || e instanceof BrokenPipeError)) {
      await w.flush();
      ctx.stderr.write(`find: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  await w.flush();
  return status;
}

/**
 * `find [-L|-P] [PATH...] [EXPRESSION]`: walks the shell filesystem in C-locale name order
 * (GNU walks in directory order, which is unspecified); `-exec`/`-execdir` run inside the
 * shell (`-execdir` runs like `-exec`, from the current directory).
 */
export const find: Command = {
  name: "find",
  summary: "search for files in a directory hierarchy",
  fileAccess: "required",
  help: `Usage: find [-H] [-L] [-P] [path...] [expression]

Tests: -name -iname -path -ipath -wholename -regex -iregex -type [fdl] -size [+-]N[cwbkMG]
  -mtime [+-]N -mmin [+-]N -newer FILE -empty -perm [-/]MODE -links N -user -group
  -executable -readable -writable -true -false
Actions: -print -print0 -printf FORMAT -exec CMD {} ; -exec CMD {} + -delete -prune -quit
Operators: ( EXPR ) ! EXPR -not EXPR EXPR -a EXPR EXPR -o EXPR EXPR , EXPR
Options: -maxdepth N -mindepth N -depth -follow
`,
  run(ctx) {
    return run(ctx).catch((e: unknown) => {
      if (e instanceof HuskError && e.status === 2) return printUsageError(ctx, "find", e.message, 1);
      throw e;
    });
  },
};

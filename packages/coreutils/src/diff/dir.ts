/**
 * Comparing two directories as GNU diff does (dir.c): the sorted union of their entries; files
 * in both are compared (a diff is preceded by `diff SWITCHES A B`), an entry in one only is
 * `Only in DIR: NAME`, two subdirectories are `Common subdirectories: A and B` or, with `-r`,
 * compared in turn. `-x`/`-X` globs skip entries by name (never the operands themselves).
 */
import { type CommandContext, type FileStat, resolvePath } from "@husk/host";
import type { CompiledGlob } from "@husk/pattern";
import { joinPath, tryStat } from "../util/files.js";
import type { Writer } from "../util/io.js";
import { type Settings, diffPair, headerName } from "./pair.js";

/** The kind of a file as GNU's messages name it. */
function kind(st: FileStat): string {
  if (st.type === "directory") return "directory";
  if (st.type === "symlink") return "symbolic link";
  return st.size === 0 ? "regular empty file" : "regular file";
}

/** Options of `diffDirs`. */
export interface DirOptions {
  /** `-r`: compare subdirectories too. */
  readonly recursive: boolean;
  /** The options as given on the command line, for the `diff SWITCHES A B` lines. */
  readonly switches: string;
  /** `-x`/`-X`: entries whose name one of these globs matches are skipped. */
  readonly exclude: readonly CompiledGlob[];
}

/** Compares the directories `dirs` (as displayed); resolves with the worst status (0, 1 or 2). */
export async function diffDirs(ctx: CommandContext, dirs: readonly [string, string], s: Settings, w: Writer, options: DirOptions): Promise<number> {
  const emit = async (text: string): Promise<void> => {
    const p = w.write(text);
    if (p) await p;
  };
  const list = async (dir: string | undefined): Promise<Set<string>> => new Set(dir === undefined ? [] : await ctx.fs.readdir(resolvePath(ctx.cwd, dir)));
  const walk = async (d0: string, d1: string, has0: boolean, has1: boolean): Promise<number> => {
    const names0 = await list(has0 ? d0 : undefined);
    const names1 = await list(has1 ? d1 : undefined);
    const names = [...new Set([...names0, ...names1])].filter((n) => !options.exclude.some((g) => g.matches(n))).sort();
    let status = 0;
    for (const name of names) {
      ctx.meter.tick();
      const p0 = joinPath(d0, name);
      const p1 = joinPath(d1, name);
      const st0 = names0.has(name) ? await tryStat(ctx, resolvePath(ctx.cwd, p0)) : undefined;
      const st1 = names1.has(name) ? await tryStat(ctx, resolvePath(ctx.cwd, p1)) : undefined;
      let dangling = false;
      for (const [present, st, p] of [[names0.has(name), st0, p0], [names1.has(name), st1, p1]] as const) {
        if (present && !st) {
          ctx.stderr.write(`diff: ${p}: No such file or directory\n`);
          dangling = true;
        }
      }
      if (dangling) {
        status = 2;
        continue;
      }
      let r = 0;
      if ((st0 && st1) || s.newFile) {
        const dir0 = st0 ? st0.type === "directory" : st1?.type === "directory";
        const dir1 = st1 ? st1.type === "directory" : dir0;
        if (dir0 && dir1) {
          if (options.recursive) r = await walk(p0, p1, st0 !== undefined, st1 !== undefined);
          else await emit(`Common subdirectories: ${p0} and ${p1}\n`);
        } else if (dir0 || dir1) {
          await emit(`File ${p0} is a ${kind(st0 as FileStat)} while file ${p1} is a ${kind(st1 as FileStat)}\n`);
          r = 1;
        } else {
          const [n0, n1] = [s.labels[0] ?? headerName(p0), s.labels[1] ?? headerName(p1)];
          r = await diffPair(ctx, [p0, p1], s, w, `diff${options.switches ? ` ${options.switches}` : ""} ${n0} ${n1}\n`);
        }
      } else {
        await emit(`Only in ${st0 ? d0 : d1}: ${name}\n`);
        r = 1;
      }
      status = Math.max(status, r);
    }
    return status;
  };
  return walk(dirs[0], dirs[1], true, true);
}

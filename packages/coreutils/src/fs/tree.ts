import { type CommandContext, FsError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { abs, joinPath, tryStat } from "../util/files.js";
import { Writer } from "../util/io.js";
import type { ParsedArgs } from "../util/options.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const all = args.has("a");
  const dirsOnly = args.has("d");
  const fullPath = args.has("f");
  const maxLevel = args.has("L") ? Number(args.get("L")) : Infinity;
  const w = new Writer(ctx.stdout);
  let dirs = 0;
  let files = 0;
  let status = 0;
  const walk = async (path: string, shown: string, prefix: string, level: number): Promise<void> => {
    if (level > maxLevel) return;
    let names = await ctx.fs.readdir(path);
    if (!all) names = names.filter((n) => !n.startsWith("."));
    const entries: Array<{ name: string; path: string; isDir: boolean; target?: string }> = [];
    for (const name of names) {
      const p = joinPath(path, name);
      const st = await ctx.fs.lstat(p);
      const target = st.type === "symlink" ? await ctx.fs.readlink(p) : undefined;
      const isDir = st.type === "directory" || (st.type === "symlink" && (await tryStat(ctx, p))?.type === "directory" && false);
      if (dirsOnly && !isDir) continue;
      entries.push({ name, path: p, isDir, target });
    }
    for (const [i, e] of entries.entries()) {
      ctx.meter.tick();
      const last = i === entries.length - 1;
      const label = fullPath ? joinPath(shown, e.name) : e.name;
      w.write(`${prefix}${last ? "└── " : "├── "}${label}${e.target !== undefined ? ` -> ${e.target}` : ""}\n`);
      if (e.isDir) {
        dirs++;
        await walk(e.path, joinPath(shown, e.name), prefix + (last ? "    " : "│   "), level + 1);
      } else files++;
    }
  };
  for (const op of args.operands.length ? args.operands : ["."]) {
    try {
      const st = await ctx.fs.stat(abs(ctx, op));
      if (st.type !== "directory") {
        w.write(`${op}  [error opening dir]\n`);
        status = 2;
        continue;
      }
      w.write(`${op}\n`);
      await walk(abs(ctx, op), op, "", 1);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      w.write(`${op}  [error opening dir]\n`);
      status = 2;
    }
  }
  w.write(`\n${dirs} ${dirs === 1 ? "directory" : "directories"}${dirsOnly ? "" : `, ${files} ${files === 1 ? "file" : "files"}`}\n`);
  await w.flush();
  return status;
}

/** `tree [-a] [-d] [-f] [-L LEVEL] [DIR]...`: the `tree` tool's default drawing (C-locale order). */
export const tree = defineCommand({
  name: "tree",
  summary: "list contents of directories in a tree-like format",
  fileAccess: "required",
  usage: `Usage: tree [-adf] [-L level] [directory ...]
  -a            All files are listed.
  -d            List directories only.
  -f            Print the full path prefix for each file.
  -L level      Descend only level directories deep.`,
  options: [
    { key: "a", short: "a" },
    { key: "d", short: "d" },
    { key: "f", short: "f" },
    { key: "L", short: "L", arg: "required" },
    { key: "noreport", long: "noreport" },
  ],
  run,
});

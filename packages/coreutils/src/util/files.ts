import { type CommandContext, type FileStat, FsError, resolvePath } from "@husk/host";

/** `stat`/`lstat` that resolves to undefined instead of throwing ENOENT/ENOTDIR/ELOOP. */
export async function tryStat(ctx: CommandContext, path: string, follow = true): Promise<FileStat | undefined> {
  try {
    return await (follow ? ctx.fs.stat(path) : ctx.fs.lstat(path));
  } catch (e) {
    if (e instanceof FsError) return undefined;
    throw e;
  }
}

/** Absolute path of an operand. */
export function abs(ctx: CommandContext, operand: string): string {
  return resolvePath(ctx.cwd, operand);
}

/** Joins a display path and a child name (`.` + `a` -> `./a`, `/` + `a` -> `/a`). */
export function joinPath(dir: string, name: string): string {
  return dir.endsWith("/") ? dir + name : `${dir}/${name}`;
}

/** Disk usage in 1 KiB blocks as ext4 reports it: files in 4 KiB units, directories 4, symlinks 0. */
export function blocksOf(st: FileStat): number {
  if (st.type === "directory") return 4;
  if (st.type === "symlink") return 0;
  return Math.ceil(st.size / 4096) * 4;
}

/** `ls -l` permission string (`-rw-r--r--`, `drwxr-xr-x`, `lrwxrwxrwx`), with setuid/sticky bits. */
export function modeString(st: FileStat): string {
  const t = st.type === "directory" ? "d" : st.type === "symlink" ? "l" : "-";
  const m = st.mode;
  const bit = (b: number, c: string): string => (m & b ? c : "-");
  const special = (x: number, s: number, lower: string, upper: string): string => (m & s ? (m & x ? lower : upper) : m & x ? "x" : "-");
  return (
    t +
    bit(0o400, "r") + bit(0o200, "w") + special(0o100, 0o4000, "s", "S") +
    bit(0o40, "r") + bit(0o20, "w") + special(0o10, 0o2000, "s", "S") +
    bit(0o4, "r") + bit(0o2, "w") + special(0o1, 0o1000, "t", "T")
  );
}

/** GNU `-h` size: 1023, 1.0K, 1.5K, 12K, 1.3M (rounded up, one decimal under 10). */
export function humanSize(n: number, base = 1024): string {
  if (n < base) return String(n);
  const units = "KMGTPE";
  let v = n;
  let u = -1;
  while (v >= base && u < units.length - 1) {
    v /= base;
    u++;
  }
  if (v < 10) {
    const r = Math.ceil(v * 10) / 10;
    if (r >= 10) return `${r.toFixed(0)}${units[u]}`;
    return `${r.toFixed(1)}${units[u]}`;
  }
  const r = Math.ceil(v);
  if (r >= base && u < units.length - 1) return `1.0${units[u + 1]}`;
  return `${r}${units[u]}`;
}

/** Copies a tree (files, directories, symlinks) from `src` to `dst` (absolute paths). */
export async function copyTree(ctx: CommandContext, src: string, dst: string, preserve: boolean): Promise<void> {
  const st = await ctx.fs.lstat(src);
  ctx.meter.tick();
  if (st.type === "symlink") {
    await ctx.fs.symlink(await ctx.fs.readlink(src), dst);
    return;
  }
  if (st.type === "directory") {
    if (!(await tryStat(ctx, dst))) await ctx.fs.mkdir(dst, { mode: st.mode });
    for (const name of await ctx.fs.readdir(src)) await copyTree(ctx, joinPath(src, name), joinPath(dst, name), preserve);
  } else {
    await ctx.fs.writeFile(dst, await ctx.fs.readFile(src), { mode: st.mode });
  }
  if (preserve) {
    await ctx.fs.chmod(dst, st.mode);
    await ctx.fs.utimes(dst, st.mtimeMs);
  }
}

/** The strerror text of an FsError (rethrows anything else). */
export function fsMessage(e: unknown): string {
  if (e instanceof FsError) return e.message;
  throw e;
}

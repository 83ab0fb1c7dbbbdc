import { type CommandContext, type FileStat, FsError } from "@husk/host";
import { formatDate } from "../date/format.js";
import { zoneFor } from "../date/zone.js";
import { defineCommand } from "../util/command.js";
import { abs, blocksOf, humanSize, joinPath, modeString, tryStat } from "../util/files.js";
import { Writer } from "../util/io.js";
import type { ParsedArgs } from "../util/options.js";
import { compareC, versionCompare } from "../sort/compare.js";

interface Entry {
  readonly name: string;
  readonly path: string;
  readonly st: FileStat;
  readonly target?: string;
  readonly targetSt?: FileStat;
}

interface LsOptions {
  all: boolean;
  almostAll: boolean;
  long: boolean;
  owner: boolean;
  group: boolean;
  recursive: boolean;
  dirAsFile: boolean;
  sort: "name" | "time" | "size" | "none" | "version" | "extension";
  reverse: boolean;
  human: boolean;
  classify: "" | "F" | "p";
  inode: boolean;
  numeric: boolean;
  blocks: boolean;
  zero: boolean;
}

const SIX_MONTHS = 15_778_476_000;

function sortEntries(list: Entry[], o: LsOptions): Entry[] {
  if (o.sort === "none") return list;
  const byName = (a: Entry, b: Entry): number => compareC(a.name, b.name);
  const cmp =
    o.sort === "time"
      ? (a: Entry, b: Entry) => b.st.mtimeMs - a.st.mtimeMs || byName(a, b)
      : o.sort === "size"
        ? (a: Entry, b: Entry) => b.st.size - a.st.size || byName(a, b)
        : o.sort === "version"
          ? (a: Entry, b: Entry) => versionCompare(a.name, b.name)
          : o.sort === "extension"
            ? (a: Entry, b: Entry) => compareC(ext(a.name), ext(b.name)) || byName(a, b)
            : byName;
  list.sort(cmp);
  if (o.reverse) list.reverse();
  return list;
}

function ext(name: string): string {
  const i = name.lastIndexOf(".");
  return i > 0 ? name.slice(i) : "";
}

function indicator(e: Entry, o: LsOptions): string {
  if (!o.classify) return "";
  const st = e.st;
  if (st.type === "directory") return "/";
  if (o.classify === "p") return "";
  if (st.type === "symlink") return o.long ? "" : "@";
  if (st.mode & 0o111) return "*";
  return "";
}

function render(ctx: CommandContext, entries: readonly Entry[], o: LsOptions, now: number): string {
  const zone = zoneFor(ctx.env.get("TZ"));
  const owner = o.numeric ? String(ctx.identity.uid) : ctx.identity.user;
  const group = o.numeric ? String(ctx.identity.gid) : ctx.identity.user;
  const sizeText = (e: Entry): string => (o.human ? humanSize(e.st.size) : String(e.st.size));
  const nlinkW = Math.max(0, ...entries.map((e) => String(e.st.nlink).length));
  const sizeW = Math.max(0, ...entries.map((e) => sizeText(e).length));
  const inoW = Math.max(0, ...entries.map((e) => String(e.st.ino).length));
  const blkW = Math.max(0, ...entries.map((e) => String(blocksOf(e.st)).length));
  const end = o.zero ? "\0" : "\n";
  const lines: string[] = [];
  for (const e of entries) {
    let line = "";
    if (o.inode) line += `${String(e.st.ino).padStart(o.long ? inoW : 0)} `;
    if (o.blocks) line += `${String(o.human ? humanSize(blocksOf(e.st) * 1024) : blocksOf(e.st)).padStart(blkW)} `;
    if (o.long) {
      const t = e.st.mtimeMs;
      const recent = t <= now && now - t < SIX_MONTHS;
      const when = formatDate(recent ? "%b %e %H:%M" : "%b %e  %Y", t, zone(t));
      line += `${modeString(e.st)} ${String(e.st.nlink).padStart(nlinkW)} `;
      if (!o.group) line += `${owner} `;
      if (!o.owner) line += `${group} `;
      line += `${sizeText(e).padStart(sizeW)} ${when} ${e.name}`;
      if (e.target !== undefined) line += ` -> ${e.target}`;
      line += indicator(e, o);
    } else line += e.name + indicator(e, o);
    lines.push(line + end);
  }
  return lines.join("");
}

async function readDirEntries(ctx: CommandContext, dir: string, o: LsOptions): Promise<Entry[]> {
  const names = await ctx.fs.readdir(dir);
  const out: Entry[] = [];
  if (o.all) {
    out.push({ name: ".", path: dir, st: await ctx.fs.stat(dir) });
    const parent = dir === "/" ? "/" : dir.slice(0, dir.lastIndexOf("/")) || "/";
    out.push({ name: "..", path: parent, st: await ctx.fs.stat(parent) });
  }
  for (const name of names) {
    if (!o.all && !o.almostAll && name.startsWith(".")) continue;
    ctx.meter.tick();
    out.push(await entryFor(ctx, name, joinPath(dir, name), o));
  }
  return out;
}

async function entryFor(ctx: CommandContext, name: string, path: string, o: LsOptions): Promise<Entry> {
  const st = await ctx.fs.lstat(path);
  if (st.type !== "symlink") return { name, path, st };
  const target = await ctx.fs.readlink(path);
  return { name, path, st, target: o.long ? target : undefined, targetSt: await tryStat(ctx, path) };
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const o: LsOptions = {
    all: false, almostAll: false, long: false, owner: false, group: false, recursive: false, dirAsFile: false,
    sort: "name", reverse: false, human: false, classify: "", inode: false, numeric: false, blocks: false, zero: false,
  };
  for (const opt of args.list) {
    switch (opt.key) {
      case "a": o.all = true; break;
      case "A": o.almostAll = true; o.all = false; break;
      case "l": o.long = true; break;
      case "g": o.long = true; o.group = true; break;
      case "o": o.long = true; o.owner = true; break;
      case "n": o.long = true; o.numeric = true; break;
      case "1": case "C": case "x": case "color": break;
      case "R": o.recursive = true; break;
      case "d": o.dirAsFile = true; break;
      case "t": o.sort = "time"; break;
      case "S": o.sort = "size"; break;
      case "U": o.sort = "none"; break;
      case "f": o.sort = "none"; o.all = true; break;
      case "v": o.sort = "version"; break;
      case "X": o.sort = "extension"; break;
      case "r": o.reverse = true; break;
      case "h": o.human = true; break;
      case "F": o.classify = "F"; break;
      case "p": o.classify = "p"; break;
      case "i": o.inode = true; break;
      case "s": o.blocks = true; break;
      case "zero": o.zero = true; break;
    }
  }
  const now = ctx.clock.now();
  const w = new Writer(ctx.stdout);
  let status = 0;
  const operands = args.operands.length ? args.operands : ["."];
  const files: Entry[] = [];
  const dirs: Entry[] = [];
  for (const op of operands) {
    const path = abs(ctx, op);
    let e: Entry;
    try {
      e = await entryFor(ctx, op, path, o);
    } catch (err) {
      if (!(err instanceof FsError)) throw err;
      ctx.stderr.write(`ls: cannot access '${op}': ${err.message}\n`);
      status = 2;
      continue;
    }
    const isDir = e.st.type === "directory" || (e.st.type === "symlink" && !o.long && e.targetSt?.type === "directory");
    if (isDir && !o.dirAsFile) dirs.push(e);
    else files.push(e);
  }
  sortEntries(files, o);
  sortEntries(dirs, o);
  let first = true;
  if (files.length) {
    w.write(render(ctx, files, o, now));
    first = false;
  }
  const headers = operands.length > 1 || o.recursive;
  const listDir = async (name: string, path: string): Promise<void> => {
    let entries: Entry[];
    try {
      entries = sortEntries(await readDirEntries(ctx, path, o), o);
    } catch (err) {
      if (!(err instanceof FsError)) throw err;
      ctx.stderr.write(`ls: cannot open directory '${name}': ${err.message}\n`);
      status = 2;
      return;
    }
    if (headers) w.write(`${first ? "" : "\n"}${name}:\n`);
    first = false;
    if (o.long || o.blocks) {
      const total = entries.reduce((n, e) => n + blocksOf(e.st), 0);
      w.write(`total ${o.human ? humanSize(total * 1024) : total}\n`);
    }
    w.write(render(ctx, entries, o, now));
    const p = w.flush();
    if (p) await p;
    if (o.recursive) {
      for (const e of entries) {
        if (e.st.type === "directory" && e.name !== "." && e.name !== "..") await listDir(joinPath(name, e.name), e.path);
      }
    }
  };
  for (const d of dirs) await listDir(d.name, d.path);
  await w.flush();
  return status;
}

/**
 * `ls [-aAlgno1RdtSUfvXrhFpis] [FILE]...`: one entry per line (stdout is never a terminal),
 * C-locale name order, GNU `-l` columns (owner and group from the shell identity), recent
 * times as `Mon dd HH:MM` and older ones as `Mon dd  YYYY`; blocks as ext4 counts them.
 */
export const ls = defineCommand({
  name: "ls",
  summary: "list directory contents",
  usageStatus: 2,
  fileAccess: "required",
  usage: `Usage: ls [OPTION]... [FILE]...
List information about the FILEs (the current directory by default).

  -a, --all                  do not ignore entries starting with .
  -A, --almost-all           do not list implied . and ..
  -d, --directory            list directories themselves, not their contents
  -F, --classify             append indicator (one of */@) to entries
  -g                         like -l, but do not list owner
  -h, --human-readable       with -l and -s, print sizes like 1K 234M 2G etc.
  -i, --inode                print the index number of each file
  -l                         use a long listing format
  -n, --numeric-uid-gid      like -l, but list numeric user and group IDs
  -o                         like -l, but do not list group information
  -p                         append / indicator to directories
  -r, --reverse              reverse order while sorting
  -R, --recursive            list subdirectories recursively
  -s, --size                 print the allocated size of each file, in blocks
  -S                         sort by file size, largest first
  -t                         sort by time, newest first
  -U                         do not sort; list entries in directory order
  -v                         natural sort of (version) numbers within text
  -X                         sort alphabetically by entry extension
  -1                         list one file per line (always the case here)`,
  options: [
    { key: "a", short: "a", long: "all" },
    { key: "A", short: "A", long: "almost-all" },
    { key: "d", short: "d", long: "directory" },
    { key: "F", short: "F", long: "classify" },
    { key: "g", short: "g" },
    { key: "h", short: "h", long: "human-readable" },
    { key: "i", short: "i", long: "inode" },
    { key: "l", short: "l" },
    { key: "n", short: "n", long: "numeric-uid-gid" },
    { key: "o", short: "o" },
    { key: "p", short: "p" },
    { key: "r", short: "r", long: "reverse" },
    { key: "R", short: "R", long: "recursive" },
    { key: "s", short: "s", long: "size" },
    { key: "S", short: "S" },
    { key: "t", short: "t" },
    { key: "U", short: "U" },
    { key: "f", short: "f" },
    { key: "v", short: "v" },
    { key: "X", short: "X" },
    { key: "1", short: "1" },
    { key: "C", short: "C" },
    { key: "x", short: "x" },
    { key: "color", long: "color", arg: "optional" },
    { key: "zero", long: "zero" },
  ],
  run,
});

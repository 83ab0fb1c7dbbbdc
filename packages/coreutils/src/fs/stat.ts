import { type CommandContext, type FileStat, FsError, UsageError } from "@husk/host";
import { formatDate } from "../date/format.js";
import { zoneFor } from "../date/zone.js";
import { defineCommand } from "../util/command.js";
import { abs, blocksOf, modeString } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";

function typeName(st: FileStat): string {
  if (st.type === "directory") return "directory";
  if (st.type === "symlink") return "symbolic link";
  return st.size === 0 ? "regular empty file" : "regular file";
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  if (args.operands.length === 0) throw new UsageError("missing operand", 1);
  const follow = args.has("L");
  const format = args.get("c") ?? args.get("printf");
  const zoneAt = zoneFor(ctx.env.get("TZ"));
  const user = ctx.identity.user;
  let status = 0;
  for (const op of args.operands) {
    const path = abs(ctx, op);
    let st: FileStat;
    let target: string | undefined;
    try {
      st = follow ? await ctx.fs.stat(path) : await ctx.fs.lstat(path);
      if (st.type === "symlink") target = await ctx.fs.readlink(path);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      ctx.stderr.write(`stat: cannot statx '${op}': ${e.message}\n`);
      status = 1;
      continue;
    }
    const time = (f: string): string => formatDate(f, st.mtimeMs, zoneAt(st.mtimeMs));
    const full = `${time("%Y-%m-%d %H:%M:%S")}.${String((st.mtimeMs % 1000) * 1e6).padStart(9, "0")} ${time("%z")}`;
    const fileType = st.type === "directory" ? 0o040000 : st.type === "symlink" ? 0o120000 : 0o100000;
    const value = (c: string): string | undefined => {
      switch (c) {
        case "n": return op;
        case "N": return target !== undefined ? `'${op}' -> '${target}'` : `'${op}'`;
        case "s": return String(st.size);
        case "F": return typeName(st);
        case "a": return st.mode.toString(8);
        case "A": return modeString(st);
        case "f": return (fileType | st.mode).toString(16);
        case "U": return user;
        case "G": return user;
        case "u": return String(ctx.identity.uid);
        case "g": return String(ctx.identity.gid);
        case "i": return String(st.ino);
        case "h": return String(st.nlink);
        case "b": return String(blocksOf(st) * 2);
        case "B": return "512";
        case "o": return "4096";
        case "Y": case "X": case "Z": case "W": return String(Math.floor(st.mtimeMs / 1000));
        case "y": case "x": case "z": case "w": return full;
        case "d": case "D": return "0";
        case "m": return "/";
        case "%": return "%";
        default: return undefined;
      }
    };
    if (format !== undefined) {
      let out = format.replace(/%(.)/g, (all, c: string) => value(c) ?? all);
      if (args.has("printf")) out = out.replace(/\\n/g, "\n").replace(/\\t/g, "\t");
      else out += "\n";
      ctx.stdout.write(out);
      continue;
    }
    const kind = typeName(st);
    ctx.stdout.write(
      `  File: ${target !== undefined ? `${op} -> ${target}` : op}\n` +
        `  Size: ${String(st.size).padEnd(10)}\tBlocks: ${String(blocksOf(st) * 2).padEnd(10)} IO Block: 4096   ${kind}\n` +
        `Device: 0,0\tInode: ${String(st.ino).padEnd(11)} Links: ${st.nlink}\n` +
        `Access: (${st.mode.toString(8).padStart(4, "0")}/${modeString(st)})  Uid: (${String(ctx.identity.uid).padStart(5)}/${user.padStart(8)})   Gid: (${String(ctx.identity.gid).padStart(5)}/${user.padStart(8)})\n` +
        `Access: ${full}\nModify: ${full}\nChange: ${full}\n Birth: -\n`,
    );
  }
  return status;
}

/** `stat [-L] [-c FORMAT | --printf FORMAT] FILE...` (%n %N %s %F %a %A %f %U %G %u %g %i %h %b %B %Y %y ...); one mtime serves all times. */
export const stat = defineCommand({
  name: "stat",
  summary: "display file or file system status",
  fileAccess: "required",
  usage: `Usage: stat [OPTION]... FILE...
Display file status.

  -L, --dereference     follow links
  -c  --format=FORMAT   use the specified FORMAT instead of the default;
                          output a newline after each use of FORMAT
      --printf=FORMAT   like --format, but interpret backslash escapes, no newline
  -t, --terse           (accepted)`,
  options: [
    { key: "L", short: "L", long: "dereference" },
    { key: "c", short: "c", long: "format", arg: "required" },
    { key: "printf", long: "printf", arg: "required" },
    { key: "t", short: "t", long: "terse" },
  ],
  run,
});

import { type CommandContext, FsError, UsageError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { abs } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";
import { isAscii } from "../util/text.js";

/** Classifies text content the way `file` commonly reports it (a small subset of magic). */
export function describeContent(data: string, executable: boolean): string {
  if (data === "") return "empty";
  const ascii = isAscii(data);
  const charset = ascii ? "ASCII text" : "Unicode text, UTF-8 text";
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(data);
  if (shebang) {
    const prog = ((shebang[1] as string).endsWith("/env") ? shebang[2] : shebang[1])?.split("/").pop() ?? "";
    const kind =
      prog === "bash" ? "Bourne-Again shell script" : prog === "sh" ? "POSIX shell script" : prog.startsWith("python") ? "Python script" : prog === "node" ? "Node.js script" : prog === "perl" ? "Perl script" : `${prog} script`;
    return `${kind}, ${charset} executable`;
  }
  const t = data.trim();
  if ((t.startsWith("{") && t.endsWith("}")) || (t.startsWith("[") && t.endsWith("]"))) {
    try {
      JSON.parse(t);
      return "JSON text data";
    } catch {
      /* not JSON */
    }
  }
  if (/^<\?xml/.test(t)) return `XML 1.0 document, ${charset}`;
  if (/^<!doctype html|^<html/i.test(t)) return `HTML document, ${charset}`;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0e-\x1f]/.test(data)) return "data";
  let desc = charset;
  if (data.includes("\r\n")) desc += ", with CRLF line terminators";
  if (!data.endsWith("\n") && !data.includes("\n")) desc += ", with no line terminators";
  return executable ? `${desc} executable` : desc;
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  if (args.operands.length === 0) throw new UsageError("missing file operand", 1);
  const brief = args.has("b");
  const width = Math.max(...args.operands.map((o) => o.length)) + 1;
  const out: string[] = [];
  for (const op of args.operands) {
    const path = abs(ctx, op);
    let desc: string;
    try {
      const st = args.has("L") ? await ctx.fs.stat(path) : await ctx.fs.lstat(path);
      if (st.type === "directory") desc = "directory";
      else if (st.type === "symlink") desc = `symbolic link to ${await ctx.fs.readlink(path)}`;
      else desc = describeContent(await ctx.fs.readFile(path), (st.mode & 0o111) !== 0);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      desc = `cannot open \`${op}' (${e.message})`;
    }
    out.push(brief ? `${desc}\n` : `${`${op}:`.padEnd(width)} ${desc}\n`);
  }
  ctx.stdout.write(out.join(""));
  return 0;
}

/** `file [-b] [-L] FILE...`: basic classification (empty, directory, symlink, scripts, JSON, text, data). */
export const file = defineCommand({
  name: "file",
  summary: "determine file type",
  fileAccess: "required",
  usage: `Usage: file [-bL] FILE...
Determine type of FILEs.

  -b, --brief         do not prepend filenames to output lines
  -L, --dereference   follow symlinks`,
  options: [
    { key: "b", short: "b", long: "brief" },
    { key: "L", short: "L", long: "dereference" },
    { key: "h", short: "h", long: "no-dereference" },
  ],
  run,
});

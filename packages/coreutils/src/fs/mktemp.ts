import { type CommandContext, FsError, HuskError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { abs, joinPath } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";

const CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const ops = args.operands;
  if (ops.length > 1) throw new HuskError(`too many templates`, 1);
  let template = ops[0] ?? "tmp.XXXXXXXXXX";
  const suffix = args.get("suffix") ?? "";
  const m = /X{3,}$/.exec(template);
  if (!m) throw new HuskError(`too few X's in template '${template}'`, 1);
  const dirOpt = args.get("p") ?? (args.has("t") || ops.length === 0 ? ctx.env.get("TMPDIR") || "/tmp" : undefined);
  if (args.has("t") && template.includes("/")) throw new HuskError(`invalid template, '${template}', contains directory separator`, 1);
  const shown = dirOpt !== undefined ? joinPath(dirOpt, template) : template;
  const prefix = template.slice(0, m.index);
  for (let attempt = 0; attempt < 100; attempt++) {
    let rnd = "";
    for (let i = 0; i < m[0].length; i++) rnd += CHARS[ctx.random.nextU32() % CHARS.length];
    const name = (dirOpt !== undefined ? joinPath(dirOpt, prefix) : prefix) + rnd + suffix;
    const path = abs(ctx, name);
    if (await ctx.fs.exists(path)) continue;
    if (!args.has("u")) {
      try {
        if (args.has("d")) await ctx.fs.mkdir(path, { mode: 0o700 });
        else await ctx.fs.writeFile(path, "", { exclusive: true, mode: 0o600 });
      } catch (e) {
        if (!(e instanceof FsError)) throw e;
        if (args.has("q")) return 1;
        throw new HuskError(`failed to create ${args.has("d") ? "directory" : "file"} via template '${shown}': ${e.message}`, 1);
      }
    }
    ctx.stdout.write(`${name}\n`);
    return 0;
  }
  throw new HuskError(`failed to create file via template '${shown}': File exists`, 1);
}

/** `mktemp [-d] [-u] [-q] [-p DIR] [-t] [--suffix=S] [TEMPLATE]`: names from the run's seeded random. */
export const mktemp = defineCommand({
  name: "mktemp",
  summary: "create a temporary file or directory",
  fileAccess: "required",
  usage: `Usage: mktemp [OPTION]... [TEMPLATE]
Create a temporary file or directory, safely, and print its name.
TEMPLATE must contain at least 3 consecutive 'X's in last component.
If TEMPLATE is not specified, use tmp.XXXXXXXXXX, and --tmpdir is implied.

  -d, --directory     create a directory, not a file
  -u, --dry-run       do not create anything; merely print a name
  -q, --quiet         suppress diagnostics about file/dir-creation failure
      --suffix=SUFF   append SUFF to TEMPLATE
  -p DIR, --tmpdir[=DIR]  interpret TEMPLATE relative to DIR ($TMPDIR or /tmp)
  -t                  interpret TEMPLATE as a single file name component relative to $TMPDIR`,
  options: [
    { key: "d", short: "d", long: "directory" },
    { key: "u", short: "u", long: "dry-run" },
    { key: "q", short: "q", long: "quiet" },
    { key: "suffix", long: "suffix", arg: "required" },
    { key: "p", short: "p", long: "tmpdir", arg: "required" },
    { key: "t", short: "t" },
  ],
  run,
});

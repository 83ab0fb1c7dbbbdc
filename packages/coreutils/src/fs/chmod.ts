import { type CommandContext, FsError, UsageError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { abs, joinPath } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";
import { parseMode } from "./mode.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const [modeText, ...files] = args.operands;
  if (modeText === undefined) throw new UsageError("missing operand", 1);
  if (files.length === 0) throw new UsageError(`missing operand after '${modeText}'`, 1);
  if (parseMode(modeText, 0) === undefined) throw new UsageError(`invalid mode: '${modeText}'`, 1);
  let status = 0;
  const apply = async (path: string, shown: string, top: boolean): Promise<void> => {
    ctx.meter.tick();
    const st = await ctx.fs.lstat(path);
    if (st.type === "symlink") {
      if (!top) return;
    }
    const real = await ctx.fs.stat(path);
    const mode = parseMode(modeText, real.mode, real.type === "directory") as number;
    await ctx.fs.chmod(path, mode);
    if (args.has("v") || (args.has("c") && mode !== real.mode)) {
      ctx.stdout.write(`mode of '${shown}' changed from ${octal(real.mode)} to ${octal(mode)}\n`);
    }
    if (args.has("R") && real.type === "directory" && st.type !== "symlink") {
      for (const name of await ctx.fs.readdir(path)) await apply(joinPath(path, name), joinPath(shown, name), false);
    }
  };
  for (const f of files) {
    try {
      await apply(abs(ctx, f), f, true);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      if (!args.has("f")) ctx.stderr.write(`chmod: cannot access '${f}': ${e.message}\n`);
      status = 1;
    }
  }
  return status;
}

function octal(m: number): string {
  return `${m.toString(8).padStart(4, "0")} (${symbolic(m)})`;
}

function symbolic(m: number): string {
  const s = "rwxrwxrwx";
  let out = "";
  for (let i = 0; i < 9; i++) out += m & (1 << (8 - i)) ? s[i] : "-";
  return out;
}

/** `chmod [-Rvcf] MODE FILE...` with octal and symbolic modes. */
export const chmod = defineCommand({
  name: "chmod",
  summary: "change file mode bits",
  fileAccess: "required",
  usage: `Usage: chmod [OPTION]... MODE[,MODE]... FILE...
  or:  chmod [OPTION]... OCTAL-MODE FILE...
Change the mode of each FILE to MODE.

  -c, --changes          like verbose but report only when a change is made
  -f, --silent, --quiet  suppress most error messages
  -v, --verbose          output a diagnostic for every file processed
  -R, --recursive        change files and directories recursively`,
  options: [
    { key: "c", short: "c", long: "changes" },
    { key: "f", short: "f", long: ["silent", "quiet"] },
    { key: "v", short: "v", long: "verbose" },
    { key: "R", short: "R", long: "recursive" },
  ],
  // Modes such as -w or -x look like options; keep them as the MODE operand.
  preprocess: (args) => {
    const i = args.findIndex((a) => /^-[rwxXst]+$/.test(a));
    return i < 0 ? args : [...args.slice(0, i), "--", ...args.slice(i)];
  },
  run,
});

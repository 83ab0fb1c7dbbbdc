import { type CommandContext, FsError, normalizePath, UsageError } from "@husk/host";
import { defineCommand } from "../util/command.js";
import { abs } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";
import { quoteFileName } from "../util/shellquote.js";

/**
 * Canonicalizes `path` (absolute): `mode` "e" requires every component, "E" all but the last
 * (GNU realpath's default), "m" none. `physical` false resolves `..` lexically, no symlinks.
 */
export async function canonicalize(ctx: CommandContext, path: string, mode: "e" | "E" | "m", physical = true): Promise<string> {
  if (path === "") throw new FsError("ENOENT", path); // the empty name fails in every mode
  if (!physical) return normalizePath(path);
  try {
    return await ctx.fs.realpath(path);
  } catch (e) {
    if (!(e instanceof FsError) || mode === "e" || (e.code !== "ENOENT")) throw e;
  }
  // Resolve the longest existing prefix, then append the rest lexically.
  const parts = normalizePath(path).split("/").filter(Boolean);
  for (let i = parts.length - 1; i >= 0; i--) {
    const prefix = `/${parts.slice(0, i).join("/")}`;
    try {
      const base = await ctx.fs.realpath(prefix);
      if (mode === "E" && i < parts.length - 1) throw new FsError("ENOENT", path);
      return normalizePath(`${base}/${parts.slice(i).join("/")}`);
    } catch (e) {
      if (!(e instanceof FsError) || e.code !== "ENOENT") throw e;
      if (mode === "E") throw e;
    }
  }
  return normalizePath(path);
}

function relative(from: string, to: string): string {
  const a = from.split("/").filter(Boolean);
  const b = to.split("/").filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const r = [...a.slice(i).map(() => ".."), ...b.slice(i)].join("/");
  return r || ".";
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  if (args.operands.length === 0) throw new UsageError("missing operand", 1);
  const mode = args.has("e") ? "e" : args.has("m") ? "m" : "E";
  const physical = !args.has("s");
  const end = args.has("z") ? "\0" : "\n";
  const relTo = args.get("relative-to");
  let status = 0;
  for (const op of args.operands) {
    try {
      let p = await canonicalize(ctx, abs(ctx, op), mode, physical);
      if (relTo !== undefined) p = relative(await canonicalize(ctx, abs(ctx, relTo), "m", physical), p);
      ctx.stdout.write(p + end);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      if (!args.has("q")) ctx.stderr.write(`realpath: ${quoteFileName(op)}: ${e.message}\n`);
      status = 1;
    }
  }
  return status;
}

/** `realpath [-e|-m] [-s] [-z] [-q] [--relative-to=DIR] FILE...`. */
export const realpath = defineCommand({
  name: "realpath",
  summary: "print the resolved path",
  fileAccess: "required",
  usage: `Usage: realpath [OPTION]... FILE...
Print the resolved absolute file name; all but the last component must exist

  -e, --canonicalize-existing  all components of the path must exist
  -m, --canonicalize-missing   no path components need exist or be a directory
  -s, --strip, --no-symlinks   don't expand symlinks
  -q, --quiet                  suppress most error messages
      --relative-to=DIR        print the resolved path relative to DIR
  -z, --zero                   end each output line with NUL, not newline`,
  options: [
    { key: "e", short: "e", long: "canonicalize-existing" },
    { key: "m", short: "m", long: "canonicalize-missing" },
    { key: "s", short: "s", long: ["strip", "no-symlinks"] },
    { key: "q", short: "q", long: "quiet" },
    { key: "z", short: "z", long: "zero" },
    { key: "L", short: "L", long: "logical" },
    { key: "P", short: "P", long: "physical" },
    { key: "relative-to", long: "relative-to", arg: "required" },
  ],
  run,
});

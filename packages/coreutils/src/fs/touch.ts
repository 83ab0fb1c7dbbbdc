import { type CommandContext, FsError, HuskError, UsageError } from "@husk/host";
import { parseDate } from "../date/parse.js";
import { zoneFor } from "../date/zone.js";
import { defineCommand } from "../util/command.js";
import { abs, tryStat } from "../util/files.js";
import type { ParsedArgs } from "../util/options.js";

/** Parses `touch -t [[CC]YY]MMDDhhmm[.ss]` in the zone; undefined when invalid. */
function parseStamp(s: string, offsetAt: (ms: number) => number): number | undefined {
  const m = /^(\d{2}|\d{4})?(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d{2}))?$/.exec(s);
  if (!m) return undefined;
  let y = m[1] === undefined ? new Date().getUTCFullYear() : Number(m[1]);
  if (m[1]?.length === 2) y += y < 69 ? 2000 : 1900;
  const t = Date.UTC(y, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  return t - offsetAt(t) * 1000;
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  if (args.operands.length === 0) throw new UsageError("missing file operand", 1);
  const zone = zoneFor(ctx.env.get("TZ"));
  let when = ctx.clock.now();
  const d = args.get("d");
  if (d !== undefined) {
    const t = parseDate(d, when, zone);
    if (t === undefined) throw new HuskError(`invalid date format '${d}'`, 1);
    when = t;
  }
  const t = args.get("t");
  if (t !== undefined) {
    const v = parseStamp(t, (ms) => zone(ms).offset);
    if (v === undefined) throw new HuskError(`invalid date format '${t}'`, 1);
    when = v;
  }
  const ref = args.get("r");
  if (ref !== undefined) {
    const st = await tryStat(ctx, abs(ctx, ref));
    if (!st) throw new HuskError(`failed to get attributes of '${ref}': No such file or directory`, 1);
    when = st.mtimeMs;
  }
  let status = 0;
  for (const op of args.operands) {
    const path = abs(ctx, op);
    try {
      if (!(await ctx.fs.exists(path))) {
        if (args.has("c")) continue;
        await ctx.fs.writeFile(path, "");
      }
      if (!args.has("a") || args.has("m")) await ctx.fs.utimes(path, when);
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      ctx.stderr.write(`touch: cannot touch '${op}': ${e.message}\n`);
      status = 1;
    }
  }
  return status;
}

/** `touch [-acm] [-d DATE] [-t STAMP] [-r FILE] FILE...` (times from the run's clock; only mtime exists). */
export const touch = defineCommand({
  name: "touch",
  summary: "change file timestamps",
  fileAccess: "required",
  usage: `Usage: touch [OPTION]... FILE...
Update the modification time of each FILE to the current time.
A FILE argument that does not exist is created empty, unless -c is supplied.

  -a                     change only the access time (no effect here)
  -c, --no-create        do not create any files
  -d, --date=STRING      parse STRING and use it instead of current time
  -m                     change only the modification time
  -r, --reference=FILE   use this file's times instead of current time
  -t STAMP               use [[CC]YY]MMDDhhmm[.ss] instead of current time`,
  options: [
    { key: "a", short: "a" },
    { key: "c", short: "c", long: "no-create" },
    { key: "d", short: "d", long: "date", arg: "required" },
    { key: "m", short: "m" },
    { key: "r", short: "r", long: "reference", arg: "required" },
    { key: "t", short: "t", arg: "required" },
    { key: "h", short: "h", long: "no-dereference" },
  ],
  run,
});

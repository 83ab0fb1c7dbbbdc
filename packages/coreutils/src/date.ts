import { type CommandContext, FsError, HuskError, resolvePath, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import type { ParsedArgs } from "./util/options.js";
import { formatDate } from "./date/format.js";
import { epochFractionNanos, parseDate } from "./date/parse.js";
import { zoneFor } from "./date/zone.js";

export { formatDate } from "./date/format.js";
export { parseDate } from "./date/parse.js";
export { zoneFor } from "./date/zone.js";

const ISO: Record<string, string> = {
  date: "%Y-%m-%d",
  hours: "%Y-%m-%dT%H%:z",
  minutes: "%Y-%m-%dT%H:%M%:z",
  seconds: "%Y-%m-%dT%H:%M:%S%:z",
  ns: "%Y-%m-%dT%H:%M:%S,%N%:z",
};
const RFC3339: Record<string, string> = { date: "%Y-%m-%d", seconds: "%Y-%m-%d %H:%M:%S%:z", ns: "%Y-%m-%d %H:%M:%S.%N%:z" };

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const zone = zoneFor(args.has("u") ? "UTC" : ctx.env.get("TZ"));
  let ms = ctx.clock.now();
  let format = "%a %b %e %H:%M:%S %Z %Y";
  for (const o of args.list) {
    if (o.key === "I") {
      const v = o.value ?? "date";
      const key = Object.keys(ISO).find((k) => k.startsWith(v) && v !== "");
      if (!key) throw new UsageError(`invalid argument '${v}' for '--iso-8601'\nValid arguments are:\n  - 'hours'\n  - 'minutes'\n  - 'date'\n  - 'seconds'\n  - 'ns'`, 1);
      format = ISO[key] as string;
    } else if (o.key === "R") format = "%a, %d %b %Y %H:%M:%S %z";
    else if (o.key === "rfc-3339") {
      const f = RFC3339[o.value ?? ""];
      if (!f) throw new UsageError(`invalid argument '${o.value}' for '--rfc-3339'\nValid arguments are:\n  - 'date'\n  - 'seconds'\n  - 'ns'`, 1);
      format = f;
    } else if (o.key === "s") throw new HuskError("cannot set date: Operation not permitted", 1);
  }
  const dateStr = args.get("d");
  if (dateStr !== undefined) {
    const t = parseDate(dateStr, ms, zone);
    if (t === undefined || Number.isNaN(t)) throw new HuskError(`invalid date '${dateStr}'`, 1);
    ms = t;
  }
  const ref = args.get("r");
  if (ref !== undefined) {
    try {
      ms = (await ctx.fs.stat(resolvePath(ctx.cwd, ref))).mtimeMs;
    } catch (e) {
      if (e instanceof FsError) throw new HuskError(`${ref}: ${e.message}`, 1);
      throw e;
    }
  }
  const ops = args.operands;
  if (ops.length > 1) throw new UsageError(`extra operand '${ops[1]}'`, 1);
  if (ops.length === 1) {
    const op = ops[0] as string;
    if (!op.startsWith("+")) {
      if (dateStr !== undefined) throw new UsageError(`extra operand '${op}'`, 1);
      throw new HuskError("cannot set date: Operation not permitted", 1);
    }
    format = op.slice(1);
  }
  const nanos = dateStr === undefined || ref !== undefined ? undefined : epochFractionNanos(dateStr);
  ctx.stdout.write(`${formatDate(format, ms, zone(ms), nanos)}\n`);
  return 0;
}

/**
 * `date [-u] [-d STRING] [-r FILE] [-I[FMT]] [-R] [--rfc-3339=FMT] [+FORMAT]`: prints the
 * injected clock's time (never sets it). Zones: `TZ` unset/UTC, POSIX fixed offsets, IANA
 * names (through Intl). `-d` understands the common forms listed at `parseDate`.
 */
export const date = defineCommand({
  name: "date",
  summary: "print the date and time",
  usage: `Usage: date [OPTION]... [+FORMAT]
Display the current time in the given FORMAT.

  -d, --date=STRING          display time described by STRING, not 'now'
  -I[FMT], --iso-8601[=FMT]  output date/time in ISO 8601 format (date, hours, minutes, seconds, ns)
  -R, --rfc-email            output date and time in RFC 5322 format
      --rfc-3339=FMT         output date/time in RFC 3339 format (date, seconds, ns)
  -r, --reference=FILE       display the last modification time of FILE
  -u, --utc, --universal     print Coordinated Universal Time (UTC)`,
  fileAccess: "none",
  options: [
    { key: "d", short: "d", long: "date", arg: "required" },
    { key: "I", short: "I", long: "iso-8601", arg: "optional" },
    { key: "R", short: "R", long: "rfc-email" },
    { key: "rfc-3339", long: "rfc-3339", arg: "required" },
    { key: "r", short: "r", long: "reference", arg: "required" },
    { key: "s", short: "s", long: "set", arg: "required" },
    { key: "u", short: "u", long: ["utc", "universal"] },
  ],
  run,
});

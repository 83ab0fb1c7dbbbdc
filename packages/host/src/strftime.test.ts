/**
 * strftime against the real tools: the `libc` dialect against bash's `printf '%(fmt)T'` (glibc's
 * strftime), the `date` dialect against GNU `date +FORMAT`, both with TZ=UTC.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { breakDownTime, strftime, type StrftimeDialect } from "./strftime.js";

const FORMATS = [
  "%a %A %b %B %h %c", "%C %d %D %e %F %g %G %H %I %j %k %l %m %M", "%n%t%%", "%p %P %r %R %s %S %T",
  "%u %U %V %w %W %x %X %y %Y %z %Z", "%-d %-H %-j %_d %_H %05d %10Y %3y %^a %^B %#Z %#p %#A %^#A",
  "%5a %-5a %-5d %05a %20c %8D %_5d %_10Y %5C %-U %05u %3w %12r %6Z", "%Ey %EY %Ec %Od %OH %Ed %Oa",
  "%E %5E %Q %q %N %3N %10N %:z %::z %: %:a %+ %", "%5% %5n %3t %5 %-", "%05Q %_5Q %-5Q %08E %10% %_5% %05% %1% %-%", "",
];
// Instants (epoch seconds): the epoch, year boundaries with ISO weeks in the other year, a leap
// day, before the epoch, and a fractional second.
const TIMES = [0, 1700000000.5, 1704067199, 1704067200, 1735603200, 1609459200, 951782400, -86400 * 365 * 30 - 1, 4102444799];

/** What the real tool prints for every (format, time) pair, in one process. */
function real(dialect: StrftimeDialect): string[] | undefined {
  const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const cmds = FORMATS.flatMap((f) =>
    TIMES.map((t) => (dialect === "date" ? `date -d @${t} +${q(f)} | tr -d '\\n'; printf '\\0'` : `printf ${q(`%(${f})T\\0`)} ${Math.floor(t)}`)),
  );
  const r = spawnSync("bash", ["-c", cmds.join("\n")], { encoding: "utf8", env: { PATH: process.env.PATH, TZ: "UTC", LC_ALL: "C" } });
  return r.status === 0 ? r.stdout.split("\0").slice(0, -1) : undefined;
}

describe("strftime", () => {
  for (const dialect of ["libc", "date"] as const) {
    it(`${dialect} dialect matches ${dialect === "date" ? "GNU date" : "bash printf %()T"}`, () => {
      const want = real(dialect);
      if (!want) return; // the real tools are missing
      const ours = FORMATS.flatMap((f) => TIMES.map((t) => {
        const ms = dialect === "date" ? t * 1000 : Math.floor(t) * 1000;
        const s = strftime(f === "" && dialect === "libc" ? "%X" : f, breakDownTime(ms)!, dialect);
        return dialect === "date" ? s.replace(/\n/g, "") : s;
      }));
      const diff = ours.map((s, i) => [FORMATS[Math.floor(i / TIMES.length)], TIMES[i % TIMES.length], s, want[i]]).filter((x) => x[2] !== x[3]);
      expect(diff).toEqual([]);
    });
  }

  it("an instant outside Date's range has no broken-down time", () => {
    expect(breakDownTime(9223372036854775808 * 1000)).toBeUndefined();
    expect(breakDownTime(Number.NaN)).toBeUndefined();
  });
});

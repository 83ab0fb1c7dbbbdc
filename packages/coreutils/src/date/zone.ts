/** Time zones for `date`: UTC, POSIX fixed offsets (`UTC+3`, `EST5`, `<+0530>-5:30`) and IANA names via Intl. */
import { formatOffset } from "@husk/host";
import type { ZoneInfo } from "@husk/host";

/** Returns a function giving the offset/abbreviation of zone `tz` at an instant (ms). */
export function zoneFor(tz: string | undefined): (ms: number) => ZoneInfo {
  if (tz === undefined || tz === "" || /^:?(UTC|GMT|Z|UTC0|GMT0|Etc\/UTC|Universal|Zulu)$/i.test(tz)) {
    const abbr = tz && /^gmt/i.test(tz) ? "GMT" : "UTC";
    return () => ({ offset: 0, abbr });
  }
  const posix = /^(?:<([^>]+)>|([A-Za-z]{3,}))([+-]?)(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?/.exec(tz);
  if (posix) {
    const sign = posix[3] === "-" ? 1 : -1; // POSIX offsets are west of Greenwich
    const secs = Number(posix[4]) * 3600 + Number(posix[5] ?? 0) * 60 + Number(posix[6] ?? 0);
    const info = { offset: sign * secs, abbr: posix[1] ?? posix[2] ?? "UTC" };
    return () => info;
  }
  try {
    const fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: tz.replace(/^:/, ""),
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      timeZoneName: "short",
    });
    return (ms: number) => {
      const parts = fmt.formatToParts(new Date(ms));
      const get = (t: string): number => Number(parts.find((p) => p.type === t)?.value ?? 0);
      const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
      const offset = Math.round((local - Math.floor(ms / 1000) * 1000) / 1000);
      let abbr = parts.find((p) => p.type === "timeZoneName")?.value ?? "UTC";
      if (/^GMT[+-]/.test(abbr)) abbr = formatOffset(offset, "").replace(/00$/, "") || abbr;
      return { offset, abbr };
    };
  } catch {
    // Unknown zone names behave as UTC with the given name, as glibc does.
    const info = { offset: 0, abbr: tz.replace(/^:/, "") };
    return () => info;
  }
}

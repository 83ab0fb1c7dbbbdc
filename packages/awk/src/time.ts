/**
 * gawk's time functions over the injected clock. The sandbox has no time zone database, so
 * times are UTC (`TZ=UTC`), which is also what the conformance oracle uses.
 */
import { breakDownTime, strftime as formatTime, UTC_ZONE } from "@husk/host";
import type { ZoneInfo } from "@husk/host";

const GMT: ZoneInfo = { offset: 0, abbr: "GMT" };

/** Formats epoch seconds `ts` with C strftime conversions, in UTC (`%Z` is GMT when `utc`, as gawk's). */
export function strftime(fmt: string, ts: number, utc = false): string {
  const t = breakDownTime(ts * 1000, utc ? GMT : UTC_ZONE);
  return t ? formatTime(fmt, t) : "";
}

/** gawk's mktime("YYYY MM DD HH MM SS [DST]") in UTC; -1 when malformed. */
export function mktime(spec: string): number {
  const parts = spec.trim().split(/\s+/);
  if (parts.length < 6) return -1;
  const n = parts.slice(0, 6).map((p) => Number.parseInt(p, 10));
  if (n.some((x) => Number.isNaN(x))) return -1;
  const [Y, Mo, D, H, Mi, S] = n as [number, number, number, number, number, number];
  return Math.floor(Date.UTC(Y, Mo - 1, D, H, Mi, S) / 1000);
}

/**
 * bash's use of strftime (`printf %(fmt)T`, prompt `\D{fmt}`): @husk/host's glibc strftime in
 * UTC (the sandbox has no zone database), an empty format meaning `%X`, and a time outside the
 * representable range formatted as the epoch (bash falls back to time 0 when gmtime fails).
 */
import { breakDownTime, strftime as formatTime, utf8Length } from "@husk/host";

/**
 * Formats `ms` (epoch milliseconds) as bash's `printf '%(fmt)T'` does, in UTC. bash formats
 * into a 128-byte buffer: a result longer than 127 bytes is empty (glibc's strftime returns 0).
 */
export function strftime(fmt: string, ms: number): string {
  const s = formatTime(fmt === "" ? "%X" : fmt, breakDownTime(ms) ?? breakDownTime(0)!);
  return s.length > 127 || (s.length > 42 && utf8Length(s) > 127) ? "" : s;
}

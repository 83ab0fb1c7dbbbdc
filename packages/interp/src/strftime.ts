/**
 * bash's use of strftime (`printf %(fmt)T`, prompt `\D{fmt}`): @husk/host's glibc strftime in
 * UTC (the sandbox has no zone database), an empty format meaning `%X`, and a time outside the
 * representable range formatted as the epoch (bash falls back to time 0 when gmtime fails).
 */
import { breakDownTime, strftime as formatTime } from "@husk/host";

/** Formats `ms` (epoch milliseconds) as bash's `printf '%(fmt)T'` does, in UTC. */
export function strftime(fmt: string, ms: number): string {
  return formatTime(fmt === "" ? "%X" : fmt, breakDownTime(ms) ?? breakDownTime(0)!);
}

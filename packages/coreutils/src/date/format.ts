/** `date +FORMAT`'s formatting: @husk/host's strftime in GNU date's dialect. */
import { breakDownTime, strftime } from "@husk/host";
import type { ZoneInfo } from "@husk/host";

/**
 * Formats an instant (epoch ms) in `zone` with GNU date's `+FORMAT` directives (flags `-_0^#+`,
 * widths, `%:z` variants, `%N`). `nanos`, when given, is the instant's nanoseconds within its
 * second (finer than `ms`). Unknown directives are printed as they are; an instant outside
 * Date's range formats as the empty string.
 */
export function formatDate(format: string, ms: number, zone: ZoneInfo, nanos?: number): string {
  const t = breakDownTime(ms, zone);
  if (!t) return "";
  return strftime(format, nanos === undefined ? t : { ...t, nanos }, "date");
}

import type { ZoneInfo } from "@husk/host";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const MONTH_RE = MONTHS.join("|");
const UNITS: Record<string, number> = {
  sec: 1, second: 1, min: 60, minute: 60, hour: 3600, day: 86400, week: 604800, fortnight: 1209600, month: -1, year: -12,
};

/** Nanoseconds since the epoch of `SECONDS[.FRACTION]` (`-1.5`: -1500000000), exactly. */
function epochNanos(text: string): bigint {
  const [int, frac = ""] = text.split(".");
  const ns = BigInt(int!.replace("-", "")) * 1_000_000_000n + BigInt(frac.padEnd(9, "0").slice(0, 9));
  return int!.startsWith("-") ? -ns : ns;
}

/**
 * The nanoseconds within the second of a `date -d @SECONDS.FRACTION` instant (`%N` has nine
 * digits; epoch milliseconds keep three); undefined for any other date text.
 */
export function epochFractionNanos(input: string): number | undefined {
  const m = /^\s*@(-?\d+\.\d+)\s*$/.exec(input);
  if (!m) return undefined;
  const ns = epochNanos(m[1]!) % 1_000_000_000n;
  return Number(ns < 0n ? ns + 1_000_000_000n : ns);
}

/**
 * Parses the common `date -d` forms: `@EPOCH`, `now`/`today`/`yesterday`/`tomorrow`, ISO dates
 * and times (`2024-01-02`, `2024-01-02 03:04[:05[.frac]]`, `T` separator, `Z` or `+hh:mm`),
 * `MM/DD/YYYY`, `Jan 2 2024`, `2 Jan 2024`, times `HH:MM[:SS]` (with am/pm), relative items
 * (`N unit[s] [ago]`, `+N unit`, `next/last unit|weekday`), and weekdays. Returns epoch ms
 * or undefined when the text is not understood. `zoneAt` gives the local zone at an instant.
 */
export function parseDate(input: string, nowMs: number, zoneAt: (ms: number) => ZoneInfo): number | undefined {
  let s = input.trim().toLowerCase().replace(/\s+/g, " ");
  if (s === "") s = "today";
  const epoch = /^@(-?\d+(?:\.\d+)?)$/.exec(s);
  if (epoch) return Math.floor(Number(epochNanos(epoch[1]!) / 1_000_000n));
  const nowOff = zoneAt(nowMs).offset;
  const local = new Date(nowMs + nowOff * 1000);
  let y = local.getUTCFullYear();
  let mo = local.getUTCMonth();
  let d = local.getUTCDate();
  let h = local.getUTCHours();
  let mi = local.getUTCMinutes();
  let se = local.getUTCSeconds();
  let frac = nowMs % 1000;
  let explicitOffset: number | undefined;
  let dateSet = false;
  let timeSet = false;
  let relSec = 0;
  let relMonths = 0;
  let weekday: { day: number; dir: number } | undefined;
  let rest = s;
  const eat = (re: RegExp): RegExpExecArray | null => {
    const m = re.exec(rest);
    if (m) rest = rest.slice(m[0].length).trimStart();
    return m;
  };
  let guard = 0;
  while (rest !== "" && guard++ < 50) {
    let m: RegExpExecArray | null;
    if ((m = eat(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:t|\s|$)?/))) {
      [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
      dateSet = true;
      if (!timeSet) [h, mi, se, frac] = [0, 0, 0, 0];
    } else if ((m = eat(/^(\d{1,2})\/(\d{1,2})\/(\d{2,4})\b/))) {
      const yy = Number(m[3]);
      [y, mo, d] = [m[3]?.length === 2 ? (yy < 69 ? 2000 + yy : 1900 + yy) : yy, Number(m[1]) - 1, Number(m[2])];
      dateSet = true;
      if (!timeSet) [h, mi, se, frac] = [0, 0, 0, 0];
    } else if ((m = eat(/^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(am|pm|a\.m\.|p\.m\.)?/))) {
      h = Number(m[1]);
      if (m[5]?.startsWith("p") && h < 12) h += 12;
      if (m[5]?.startsWith("a") && h === 12) h = 0;
      [mi, se, frac] = [Number(m[2]), Number(m[3] ?? 0), m[4] ? Math.round(Number(`0.${m[4]}`) * 1000) : 0];
      timeSet = true;
      const z = eat(/^(z|utc|gmt|([+-])(\d{2}):?(\d{2})?)(?=\s|$)/);
      if (z) explicitOffset = z[2] ? (z[2] === "-" ? -1 : 1) * (Number(z[3]) * 3600 + Number(z[4] ?? 0) * 60) : 0;
    } else if ((m = eat(/^(z|utc|gmt)(?=\s|$)/))) {
      explicitOffset = 0;
    } else if ((m = eat(/^([+-]\d{2}):?(\d{2})(?=\s|$)/))) {
      const sign = m[1]?.startsWith("-") ? -1 : 1;
      explicitOffset = sign * (Math.abs(Number(m[1])) * 3600 + Number(m[2]) * 60);
    } else if ((m = eat(new RegExp(`^(${MONTH_RE})[a-z]*\\.? (\\d{1,2})(?:st|nd|rd|th)?,? ?(\\d{4})?(?=\\s|$)`)))) {
      mo = MONTHS.indexOf(m[1] as string);
      d = Number(m[2]);
      if (m[3]) y = Number(m[3]);
      dateSet = true;
      if (!timeSet) [h, mi, se, frac] = [0, 0, 0, 0];
    } else if ((m = eat(new RegExp(`^(\\d{1,2}) (${MONTH_RE})[a-z]*\\.?,? ?(\\d{4})?(?=\\s|$)`)))) {
      mo = MONTHS.indexOf(m[2] as string);
      d = Number(m[1]);
      if (m[3]) y = Number(m[3]);
      dateSet = true;
      if (!timeSet) [h, mi, se, frac] = [0, 0, 0, 0];
    } else if ((m = eat(/^(now|today)(?=\s|$)/))) {
      // nothing
    } else if ((m = eat(/^(yesterday|tomorrow)(?=\s|$)/))) {
      relSec += m[1] === "yesterday" ? -86400 : 86400;
    } else if ((m = eat(/^(?:(next|last|this)|([+-]? ?\d+))? ?(sec|second|min|minute|hour|day|week|fortnight|month|year)s? ?(ago)?(?=\s|$)/))) {
      let n = m[1] === "next" ? 1 : m[1] === "last" ? -1 : m[1] === "this" ? 0 : m[2] !== undefined ? Number(m[2].replace(" ", "")) : 1;
      if (m[4]) n = -n;
      const unit = UNITS[m[3] as string] as number;
      if (unit < 0) relMonths += n * (unit === -12 ? 12 : 1);
      else relSec += n * unit;
    } else if ((m = eat(new RegExp(`^(?:(next|last|this) )?(${DAYS.join("|")})[a-z]*,?(?=\\s|$)`)))) {
      weekday = { day: DAYS.indexOf(m[2] as string), dir: m[1] === "last" ? -1 : m[1] === "next" ? 2 : 1 };
      if (!timeSet) [h, mi, se, frac] = [0, 0, 0, 0];
    } else if (dateSet && (m = eat(/^(\d{4})(?=\s|$)/))) {
      y = Number(m[1]);
    } else return undefined;
  }
  if (rest !== "") return undefined;
  if (mo < 0 || mo > 11 || d < 1 || d > 31 || h > 24 || mi > 59 || se > 60) return undefined;
  let base = Date.UTC(y, mo + relMonths, d, h, mi, se, frac);
  if (new Date(Date.UTC(y, mo, 1)).getUTCMonth() !== mo) return undefined;
  if (dateSet && new Date(Date.UTC(y, mo, d)).getUTCDate() !== d) return undefined;
  if (weekday) {
    const cur = new Date(base).getUTCDay();
    let delta = (weekday.day - cur + 7) % 7;
    if (weekday.dir === 2) delta = delta === 0 ? 7 : delta;
    if (weekday.dir === -1) delta = delta === 0 ? -7 : delta - 7;
    base += delta * 86400000;
  }
  // Local wall time -> UTC using the zone offset at (approximately) that instant.
  const off = explicitOffset ?? zoneAt(base - nowOff * 1000).offset;
  return base - off * 1000 + relSec * 1000;
}

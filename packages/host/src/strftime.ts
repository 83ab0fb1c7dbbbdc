/**
 * The one strftime of Husk: bash's `printf %(fmt)T` and prompt `\D{fmt}`, awk's `strftime`,
 * jq's `strftime` and `date +FORMAT` all format through it. Two dialects: `libc` (glibc's
 * strftime, what bash, gawk and jq call) and `date` (GNU date's extensions on top: `%N`, `%q`,
 * `%:z` `%::z`, and `-` with a width dropping the padding). Flags `-_0^#`, field widths and the
 * `E`/`O` modifiers work as in glibc, in the C locale.
 */

/** The C locale's weekday names, Sunday first. */
export const DAY_NAMES: readonly string[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** The C locale's month names, January first. */
export const MONTH_NAMES: readonly string[] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A zone at one instant: the UTC offset (seconds east) and its abbreviation. */
export interface ZoneInfo {
  readonly offset: number;
  readonly abbr: string;
}

/** Coordinated Universal Time, the zone of the sandbox when nothing else is said. */
export const UTC_ZONE: ZoneInfo = { offset: 0, abbr: "UTC" };

/** A broken-down local time, as C's `struct tm` plus the instant and its zone. */
export interface BrokenDownTime {
  readonly year: number;
  /** 0-11. */
  readonly month: number;
  /** 1-31. */
  readonly day: number;
  readonly hour: number;
  readonly min: number;
  readonly sec: number;
  /** 0 = Sunday. */
  readonly wday: number;
  /** 0-based day of the year. */
  readonly yday: number;
  /** Nanoseconds within the second (`%N`). */
  readonly nanos: number;
  /** Seconds since the epoch (`%s`). */
  readonly epoch: number;
  readonly zone: ZoneInfo;
}

/** Which strftime to follow: glibc's (`libc`, the default) or GNU date's (`date`). */
export type StrftimeDialect = "libc" | "date";

/**
 * The broken-down time of instant `ms` (epoch milliseconds) in `zone`; undefined when `ms`
 * is not a finite time JavaScript's Date can represent (about ±273,790 years).
 */
export function breakDownTime(ms: number, zone: ZoneInfo = UTC_ZONE): BrokenDownTime | undefined {
  const d = new Date(ms + zone.offset * 1000);
  if (!Number.isFinite(ms) || Number.isNaN(d.getTime())) return undefined;
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  const day = d.getUTCDate();
  return {
    year,
    month,
    day,
    hour: d.getUTCHours(),
    min: d.getUTCMinutes(),
    sec: d.getUTCSeconds(),
    wday: d.getUTCDay(),
    yday: Math.round((Date.UTC(year, month, day) - utcYearStart(year)) / 86400000),
    nanos: (((ms % 1000) + 1000) % 1000) * 1_000_000,
    epoch: Math.floor(ms / 1000),
    zone,
  };
}

/** Date.UTC(year, 0, 1) that also works for years 0-99 (Date.UTC maps them to 1900-1999). */
function utcYearStart(year: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, 0, 1);
  return d.getTime();
}

/** `+hhmm` (sep "") or `+hh:mm` (sep ":") for an offset in seconds; `+hh:mm:ss` with seconds. */
export function formatOffset(offset: number, sep: string, withSeconds = false): string {
  const a = Math.abs(offset);
  const h = String(Math.floor(a / 3600)).padStart(2, "0");
  const m = String(Math.floor((a % 3600) / 60)).padStart(2, "0");
  const s = String(a % 60).padStart(2, "0");
  return `${offset < 0 ? "-" : "+"}${h}${sep}${m}${withSeconds ? sep + s : ""}`;
}

/** `%:::z`: `+hh`, with `:mm` and `:ss` only when they are not zero (`+05:30`). */
function minimalOffset(offset: number): string {
  const full = formatOffset(offset, ":", true);
  return offset % 60 !== 0 ? full : offset % 3600 !== 0 ? full.slice(0, 6) : full.slice(0, 3);
}

const leap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function isoWeek(t: BrokenDownTime): { year: number; week: number } {
  const thursdayYday = t.yday - ((t.wday + 6) % 7) + 3;
  if (thursdayYday < 0) {
    const prevDays = leap(t.year - 1) ? 366 : 365;
    return { year: t.year - 1, week: Math.floor((thursdayYday + prevDays) / 7) + 1 };
  }
  if (thursdayYday >= (leap(t.year) ? 366 : 365)) return { year: t.year + 1, week: 1 };
  return { year: t.year, week: Math.floor(thursdayYday / 7) + 1 };
}

/** Conversions the `E` and `O` modifiers may precede (glibc ignores the modifier in the C locale). */
const E_OK = "cCxXyY";
const O_OK = "deHImMSuUVwWy";

/**
 * Formats `t` with strftime directives in `dialect`. Unknown directives are copied as they
 * are; names of out-of-range weekdays or months print as `?` (glibc's behaviour).
 */
export function strftime(format: string, t: BrokenDownTime, dialect: StrftimeDialect = "libc"): string {
  let out = "";
  for (let i = 0; i < format.length; i++) {
    const c = format[i] as string;
    if (c !== "%" || i + 1 >= format.length) {
      out += c;
      continue;
    }
    const start = i;
    let j = i + 1;
    let flag = "";
    while (j < format.length && (dialect === "date" ? "-_0^#+" : "-_0^#").includes(format[j] as string)) flag += format[j++];
    let width = "";
    while (j < format.length && format[j]! >= "0" && format[j]! <= "9") width += format[j++];
    let colons = 0;
    if (dialect === "date") {
      while (format[j] === ":") {
        colons++;
        j++;
      }
    }
    const modifier = format[j] === "E" ? E_OK : format[j] === "O" ? O_OK : undefined;
    if (modifier) j++;
    const conv = format[j];
    i = j;
    if (conv === undefined) {
      out += format.slice(start);
      break;
    }
    // date takes `%%` only bare; glibc lets flags and widths apply to it
    const bad = (modifier && !modifier.includes(conv)) || (dialect === "date" && conv === "%" && j > start + 1);
    const r = bad ? undefined : directive(conv, t, colons, dialect);
    if (r === undefined || (colons > 0 && conv !== "z")) {
      // unknown: copied as it is, padded to a given width (date: a bad `%%` pads one more)
      const w = dialect === "date" && flag.includes("-") ? 0 : Number(width || 0) + (bad && conv === "%" ? 1 : 0);
      out += format.slice(start, j + 1).padStart(w, flag.includes("0") ? "0" : " ");
      continue;
    }
    let [text] = r;
    const [, pad, numeric] = r;
    if (conv === "N") {
      out += nanoDigits(text, width, flag);
      continue;
    }
    // %P stays lowercase whatever the case flags say (glibc, gnulib)
    if (conv === "P") {
      // no case change
    } else if (flag.includes("^")) text = text.toUpperCase();
    else if (flag.includes("#")) text = /[a-z]/.test(text) ? text.toUpperCase() : text.toLowerCase();
    // glibc: `-` drops the default padding but a given width still pads (with spaces); date: no padding at all
    const noPad = flag.includes("-") && (dialect === "date" || !width);
    if (numeric) {
      const neg = text.startsWith("-");
      const digits = (neg ? text.slice(1) : text).replace(/^[0 ]+(?=\d)/, "");
      const w = noPad ? 0 : width ? Number(width) : pad ? r[0].length : 0;
      if (dialect === "date" && modifier && !flag.includes("0")) {
        // date: after E or O the number keeps its digits and a width pads it with spaces (gnulib)
        out += text.padStart(w, " ");
        continue;
      }
      // date: `+` zero-pads, and signs a year wider than four digits
      const padChar = flag.includes("_") || flag.includes("-") ? " " : flag.includes("0") || flag.includes("+") ? "0" : pad || "0";
      const sign = neg ? "-" : flag.includes("+") && (conv === "Y" || conv === "G") && w > 4 ? "+" : "";
      text = padChar === "0" ? sign + digits.padStart(w - sign.length, "0") : (sign + digits).padStart(w);
    } else if (width && !noPad) text = text.padStart(Number(width), flag.includes("0") ? "0" : " ");
    out += text;
  }
  return out;
}

const two = (n: number): string => String(n).padStart(2, "0");

/**
 * date's `%N` (`digits`: the nine digits): a width is a precision (`%3N`), the digits past the
 * last significant one filled with zeros, spaces with `_`, or dropped with `-` (gnulib; `%-N`
 * without a width keeps all nine, as GNU date 9 prints).
 */
function nanoDigits(digits: string, width: string, flag: string): string {
  if (!width && flag.includes("-")) return digits;
  const w = width ? Number(width) : 9;
  let s = digits.slice(0, Math.min(w, 9));
  while (s.length > 1 && s.endsWith("0")) s = s.slice(0, -1);
  return flag.includes("-") ? s : s.padEnd(w, flag.includes("_") ? " " : "0");
}

/** [text, default pad char, numeric] for one conversion; undefined when unknown. */
function directive(c: string, t: BrokenDownTime, colons: number, dialect: StrftimeDialect): [string, string, boolean] | undefined {
  const h12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  const sub = (f: string): [string, string, boolean] => [strftime(f, t, dialect), "", false];
  switch (c) {
    case "a": return [DAY_NAMES[t.wday]?.slice(0, 3) ?? "?", "", false];
    case "A": return [DAY_NAMES[t.wday] ?? "?", "", false];
    case "b":
    case "h": return [MONTH_NAMES[t.month]?.slice(0, 3) ?? "?", "", false];
    case "B": return [MONTH_NAMES[t.month] ?? "?", "", false];
    case "c": return sub("%a %b %e %H:%M:%S %Y");
    case "C": return [two(Math.floor(t.year / 100)), "0", true];
    case "d": return [two(t.day), "0", true];
    case "D":
    case "x": return sub("%m/%d/%y");
    case "e": return [String(t.day).padStart(2, " "), " ", true];
    case "F": return [`${String(t.year).padStart(4, "0")}-${two(t.month + 1)}-${two(t.day)}`, "", false];
    case "g": return [two(((isoWeek(t).year % 100) + 100) % 100), "0", true];
    case "G": return [String(isoWeek(t).year), "0", true];
    case "H": return [two(t.hour), "0", true];
    case "I": return [two(h12), "0", true];
    case "j": return [String(t.yday + 1).padStart(3, "0"), "0", true];
    case "k": return [String(t.hour).padStart(2, " "), " ", true];
    case "l": return [String(h12).padStart(2, " "), " ", true];
    case "m": return [two(t.month + 1), "0", true];
    case "M": return [two(t.min), "0", true];
    case "n": return ["\n", "", false];
    case "p": return [t.hour < 12 ? "AM" : "PM", "", false];
    case "P": return [t.hour < 12 ? "am" : "pm", "", false];
    case "r": return [`${two(h12)}:${two(t.min)}:${two(t.sec)} ${t.hour < 12 ? "AM" : "PM"}`, "", false];
    case "R": return [`${two(t.hour)}:${two(t.min)}`, "", false];
    case "s": return [String(t.epoch), "", true];
    case "S": return [two(t.sec), "0", true];
    case "t": return ["\t", "", false];
    case "T":
    case "X": return [`${two(t.hour)}:${two(t.min)}:${two(t.sec)}`, "", false];
    case "u": return [String(t.wday === 0 ? 7 : t.wday), "", true];
    case "U": return [two(Math.floor((t.yday + 7 - t.wday) / 7)), "0", true];
    case "V": return [two(isoWeek(t).week), "0", true];
    case "w": return [String(t.wday), "", true];
    case "W": return [two(Math.floor((t.yday + 7 - ((t.wday + 6) % 7)) / 7)), "0", true];
    case "y": return [two(((t.year % 100) + 100) % 100), "0", true];
    case "Y": return [String(t.year), "0", true];
    case "z": return [colons === 0 ? formatOffset(t.zone.offset, "") : colons === 3 ? minimalOffset(t.zone.offset) : formatOffset(t.zone.offset, ":", colons >= 2), "", false];
    case "Z": return [t.zone.abbr, "", false];
    case "%": return ["%", "", false];
  }
  if (dialect !== "date") return undefined;
  if (c === "N") return [String(t.nanos).padStart(9, "0"), "0", true];
  if (c === "q") return [String(Math.floor(t.month / 3) + 1), "", true];
  return undefined;
}

import { formatOffset, type ZoneInfo } from "./zone.js";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Broken-down local time of an instant in a zone. */
interface Tm {
  year: number;
  month: number; // 0-11
  day: number;
  hour: number;
  min: number;
  sec: number;
  wday: number;
  yday: number; // 0-based
  ms: number;
  epoch: number; // seconds
  zone: ZoneInfo;
}

function breakDown(ms: number, zone: ZoneInfo): Tm {
  const d = new Date(ms + zone.offset * 1000);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    min: d.getUTCMinutes(),
    sec: d.getUTCSeconds(),
    wday: d.getUTCDay(),
    yday: Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - start) / 86400000),
    ms: ((ms % 1000) + 1000) % 1000,
    epoch: Math.floor(ms / 1000),
    zone,
  };
}

function isoWeek(t: Tm): { year: number; week: number } {
  const wdayMon = (t.wday + 6) % 7; // Monday = 0
  const thursdayYday = t.yday - wdayMon + 3;
  const leap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (thursdayYday < 0) {
    const prevDays = leap(t.year - 1) ? 366 : 365;
    return { year: t.year - 1, week: Math.floor((thursdayYday + prevDays) / 7) + 1 };
  }
  const days = leap(t.year) ? 366 : 365;
  if (thursdayYday >= days) return { year: t.year + 1, week: 1 };
  return { year: t.year, week: Math.floor(thursdayYday / 7) + 1 };
}

/**
 * Formats an instant with GNU date's `+FORMAT` directives (flags `-_0^#`, widths, `%:z`
 * variants, `%N`). Unknown directives are printed as they are.
 */
export function formatDate(format: string, ms: number, zone: ZoneInfo): string {
  const t = breakDown(ms, zone);
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
    while (j < format.length && "-_0^#".includes(format[j] as string)) flag += format[j++];
    let width = "";
    while (j < format.length && /\d/.test(format[j] as string)) width += format[j++];
    let colons = 0;
    while (format[j] === ":") {
      colons++;
      j++;
    }
    const conv = format[j];
    i = j;
    if (conv === undefined) {
      out += format.slice(start);
      break;
    }
    const r = directive(conv, t, colons);
    if (r === undefined) {
      out += format.slice(start, j + 1);
      continue;
    }
    let [text] = r;
    const [, pad, numeric] = r;
    if (flag.includes("^")) text = text.toUpperCase();
    if (flag.includes("#")) text = /[a-z]/.test(text) ? text.toUpperCase() : text.toLowerCase();
    if (numeric) {
      const neg = text.startsWith("-");
      const digits = (neg ? text.slice(1) : text).replace(/^[0 ]+(?=\d)/, "");
      const padChar = flag.includes("_") ? " " : flag.includes("0") ? "0" : pad || "0";
      const w = flag.includes("-") ? 0 : width ? Number(width) : pad ? r[0].length : 0;
      text = padChar === "0" ? (neg ? "-" : "") + digits.padStart(w - (neg ? 1 : 0), "0") : ((neg ? "-" : "") + digits).padStart(w);
    } else if (width) text = text.padStart(Number(width), flag.includes("0") ? "0" : " ");
    out += text;
  }
  return out;
}

const two = (n: number): string => String(n).padStart(2, "0");

/** [text, default pad char, numeric] for one conversion; undefined when unknown. */
function directive(c: string, t: Tm, colons: number): [string, string, boolean] | undefined {
  const h12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  switch (c) {
    case "a": return [(DAYS[t.wday] as string).slice(0, 3), "", false];
    case "A": return [DAYS[t.wday] as string, "", false];
    case "b":
    case "h": return [(MONTHS[t.month] as string).slice(0, 3), "", false];
    case "B": return [MONTHS[t.month] as string, "", false];
    case "c": return [formatDate("%a %b %e %H:%M:%S %Y", t.epoch * 1000 + t.ms, t.zone), "", false];
    case "C": return [two(Math.floor(t.year / 100)), "0", true];
    case "d": return [two(t.day), "0", true];
    case "D": return [formatDate("%m/%d/%y", t.epoch * 1000 + t.ms, t.zone), "", false];
    case "e": return [String(t.day).padStart(2, " "), " ", true];
    case "F": return [`${String(t.year).padStart(4, "0")}-${two(t.month + 1)}-${two(t.day)}`, "", false];
    case "g": return [two(isoWeek(t).year % 100), "0", true];
    case "G": return [String(isoWeek(t).year), "0", true];
    case "H": return [two(t.hour), "0", true];
    case "I": return [two(h12), "0", true];
    case "j": return [String(t.yday + 1).padStart(3, "0"), "0", true];
    case "k": return [String(t.hour).padStart(2, " "), " ", true];
    case "l": return [String(h12).padStart(2, " "), " ", true];
    case "m": return [two(t.month + 1), "0", true];
    case "M": return [two(t.min), "0", true];
    case "n": return ["\n", "", false];
    case "N": return [String(t.ms * 1_000_000).padStart(9, "0"), "0", true];
    case "p": return [t.hour < 12 ? "AM" : "PM", "", false];
    case "P": return [t.hour < 12 ? "am" : "pm", "", false];
    case "q": return [String(Math.floor(t.month / 3) + 1), "", true];
    case "r": return [`${two(h12)}:${two(t.min)}:${two(t.sec)} ${t.hour < 12 ? "AM" : "PM"}`, "", false];
    case "R": return [`${two(t.hour)}:${two(t.min)}`, "", false];
    case "s": return [String(t.epoch), "", true];
    case "S": return [two(t.sec), "0", true];
    case "t": return ["\t", "", false];
    case "T": return [`${two(t.hour)}:${two(t.min)}:${two(t.sec)}`, "", false];
    case "u": return [String(t.wday === 0 ? 7 : t.wday), "", true];
    case "U": return [two(Math.floor((t.yday + 7 - t.wday) / 7)), "0", true];
    case "V": return [two(isoWeek(t).week), "0", true];
    case "w": return [String(t.wday), "", true];
    case "W": return [two(Math.floor((t.yday + 7 - ((t.wday + 6) % 7)) / 7)), "0", true];
    case "x": return [formatDate("%m/%d/%y", t.epoch * 1000 + t.ms, t.zone), "", false];
    case "X": return [formatDate("%H:%M:%S", t.epoch * 1000 + t.ms, t.zone), "", false];
    case "y": return [two(t.year % 100), "0", true];
    case "Y": return [String(t.year), "0", true];
    case "z":
      return [colons === 0 ? formatOffset(t.zone.offset, "") : formatOffset(t.zone.offset, ":", colons >= 2), "", false];
    case "Z": return [t.zone.abbr, "", false];
    case "%": return ["%", "", false];
    default: return undefined;
  }
}

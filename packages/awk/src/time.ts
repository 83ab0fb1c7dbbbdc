/**
 * gawk's time functions over the injected clock. The sandbox has no time zone database, so
 * times are UTC (`TZ=UTC`), which is also what the conformance oracle uses.
 */

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const p2 = (n: number): string => String(n).padStart(2, "0");
const p3 = (n: number): string => String(n).padStart(3, "0");

function isoWeek(d: Date): [number, number] {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const y = t.getUTCFullYear();
  const start = Date.UTC(y, 0, 1);
  return [y, Math.ceil(((t.getTime() - start) / 86400000 + 1) / 7)];
}

/** Formats epoch seconds `ts` with C strftime conversions, in UTC. */
export function strftime(fmt: string, ts: number, _utc = true): string {
  const d = new Date(ts * 1000);
  if (Number.isNaN(d.getTime())) return "";
  const Y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  const H = d.getUTCHours();
  const M = d.getUTCMinutes();
  const S = d.getUTCSeconds();
  const wd = d.getUTCDay();
  const yday = Math.floor((Date.UTC(Y, m, day) - Date.UTC(Y, 0, 1)) / 86400000);
  let out = "";
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i]!;
    if (c !== "%" || i + 1 >= fmt.length) {
      out += c;
      continue;
    }
    let k = fmt[++i]!;
    if (k === "E" || k === "O") k = fmt[++i] ?? "";
    switch (k) {
      case "a": out += DAYS[wd]!.slice(0, 3); break;
      case "A": out += DAYS[wd]; break;
      case "b": case "h": out += MONTHS[m]!.slice(0, 3); break;
      case "B": out += MONTHS[m]; break;
      case "c": out += `${DAYS[wd]!.slice(0, 3)} ${MONTHS[m]!.slice(0, 3)} ${String(day).padStart(2, " ")} ${p2(H)}:${p2(M)}:${p2(S)} ${Y}`; break;
      case "C": out += p2(Math.floor(Y / 100)); break;
      case "d": out += p2(day); break;
      case "D": out += `${p2(m + 1)}/${p2(day)}/${p2(Y % 100)}`; break;
      case "e": out += String(day).padStart(2, " "); break;
      case "F": out += `${Y}-${p2(m + 1)}-${p2(day)}`; break;
      case "g": out += p2(isoWeek(d)[0] % 100); break;
      case "G": out += String(isoWeek(d)[0]); break;
      case "H": out += p2(H); break;
      case "I": out += p2(H % 12 || 12); break;
      case "j": out += p3(yday + 1); break;
      case "k": out += String(H).padStart(2, " "); break;
      case "l": out += String(H % 12 || 12).padStart(2, " "); break;
      case "m": out += p2(m + 1); break;
      case "M": out += p2(M); break;
      case "n": out += "\n"; break;
      case "p": out += H < 12 ? "AM" : "PM"; break;
      case "r": out += `${p2(H % 12 || 12)}:${p2(M)}:${p2(S)} ${H < 12 ? "AM" : "PM"}`; break;
      case "R": out += `${p2(H)}:${p2(M)}`; break;
      case "s": out += String(ts); break;
      case "S": out += p2(S); break;
      case "t": out += "\t"; break;
      case "T": out += `${p2(H)}:${p2(M)}:${p2(S)}`; break;
      case "u": out += String(wd || 7); break;
      case "U": out += p2(Math.floor((yday + 7 - wd) / 7)); break;
      case "V": out += p2(isoWeek(d)[1]); break;
      case "w": out += String(wd); break;
      case "W": out += p2(Math.floor((yday + 7 - ((wd + 6) % 7)) / 7)); break;
      case "x": out += `${p2(m + 1)}/${p2(day)}/${p2(Y % 100)}`; break;
      case "X": out += `${p2(H)}:${p2(M)}:${p2(S)}`; break;
      case "y": out += p2(Y % 100); break;
      case "Y": out += String(Y); break;
      case "z": out += "+0000"; break;
      case "Z": out += "UTC"; break;
      case "%": out += "%"; break;
      default: out += `%${k}`;
    }
  }
  return out;
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

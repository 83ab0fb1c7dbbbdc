/**
 * A small strftime for `printf %(fmt)T` (UTC unless TZ is `UTC0`-style offset-free; the
 * sandbox has no zone database, so every zone is UTC).
 */
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const p2 = (n: number): string => String(n).padStart(2, "0");

/** Formats `ms` (epoch milliseconds) with strftime directives, in UTC. */
export function strftime(fmt: string, ms: number, _tz?: string): string {
  const d = new Date(ms);
  if (fmt === "") fmt = "%X";
  let out = "";
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i]!;
    if (c !== "%" || i + 1 >= fmt.length) {
      out += c;
      continue;
    }
    const k = fmt[++i]!;
    const Y = d.getUTCFullYear();
    const m = d.getUTCMonth();
    const day = d.getUTCDate();
    const H = d.getUTCHours();
    const M = d.getUTCMinutes();
    const S = d.getUTCSeconds();
    const w = d.getUTCDay();
    const yday = Math.floor((Date.UTC(Y, m, day) - Date.UTC(Y, 0, 1)) / 86400000) + 1;
    switch (k) {
      case "Y": out += Y; break;
      case "y": out += p2(Y % 100); break;
      case "C": out += p2(Math.floor(Y / 100)); break;
      case "m": out += p2(m + 1); break;
      case "d": out += p2(day); break;
      case "e": out += String(day).padStart(2); break;
      case "H": out += p2(H); break;
      case "I": out += p2(H % 12 || 12); break;
      case "M": out += p2(M); break;
      case "S": out += p2(S); break;
      case "p": out += H < 12 ? "AM" : "PM"; break;
      case "P": out += H < 12 ? "am" : "pm"; break;
      case "a": out += DAYS[w]!.slice(0, 3); break;
      case "A": out += DAYS[w]; break;
      case "b": case "h": out += MONTHS[m]!.slice(0, 3); break;
      case "B": out += MONTHS[m]; break;
      case "j": out += String(yday).padStart(3, "0"); break;
      case "u": out += w === 0 ? 7 : w; break;
      case "w": out += w; break;
      case "s": out += Math.floor(ms / 1000); break;
      case "n": out += "\n"; break;
      case "t": out += "\t"; break;
      case "%": out += "%"; break;
      case "z": out += "+0000"; break;
      case "Z": out += "UTC"; break;
      case "F": out += `${Y}-${p2(m + 1)}-${p2(day)}`; break;
      case "T": case "X": out += `${p2(H)}:${p2(M)}:${p2(S)}`; break;
      case "R": out += `${p2(H)}:${p2(M)}`; break;
      case "D": case "x": out += `${p2(m + 1)}/${p2(day)}/${p2(Y % 100)}`; break;
      case "c": out += `${DAYS[w]!.slice(0, 3)} ${MONTHS[m]!.slice(0, 3)} ${String(day).padStart(2)} ${p2(H)}:${p2(M)}:${p2(S)} ${Y}`; break;
      default: out += `%${k}`;
    }
  }
  return out;
}

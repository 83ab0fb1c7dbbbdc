/**
 * Date functions: `gmtime localtime mktime strftime strflocaltime strptime` (plus the jq-defined
 * `todate fromdate dateadd datesub date`). Time comes from the injected clock; local time is UTC
 * (the sandbox has no time zone database).
 */
import { DAY_NAMES, MONTH_NAMES, strftime as formatTime, UTC_ZONE } from "@husk/host";
import { describe } from "../ops.js";
import type { Num } from "../number.js";
import { isNum, unbox } from "../number.js";
import type { Native } from "../runtime.js";
import type { Val } from "../value.js";
import { JqError } from "../value.js";
import { v0, vN } from "./define.js";


/** Seconds since the epoch -> jq's broken-down time `[Y, M0, D, h, m, s, wday, yday]`. */
export function gmtime(t: number): Val[] {
  const ms = Math.floor(t) * 1000;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) throw new JqError("gmtime() requires a finite number");
  const y = d.getUTCFullYear();
  const start = Date.UTC(y, 0, 1);
  const yday = Math.floor((ms - start) / 86400000);
  const sec = d.getUTCSeconds() + (t - Math.floor(t));
  return [y, d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), sec, d.getUTCDay(), yday];
}

function bdt(v: Val, who: string): number[] {
  if (!Array.isArray(v) || v.some((x) => !isNum(x))) {
    throw new JqError(`${who} requires parsed datetime inputs`);
  }
  const b = (v as Num[]).map((x) => unbox(x));
  while (b.length < 8) b.push(b.length === 2 ? 1 : 0);
  if (v.length < 8) {
    const t = Date.UTC(b[0]!, b[1]!, b[2]!, b[3]!, b[4]!, Math.floor(b[5]!));
    const d = new Date(t);
    b[6] = d.getUTCDay();
    b[7] = Math.floor((t - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86400000);
  }
  return b;
}

/** Broken-down time -> seconds since the epoch. */
export function mktime(v: Val, who = "mktime"): number {
  const b = bdt(v, who);
  const ms = Date.UTC(b[0]!, b[1]!, b[2]!, b[3]!, b[4]!, Math.floor(b[5]!));
  return Math.floor(ms / 1000);
}

/** `strftime` over a broken-down time (glibc's strftime, as jq calls it; the zone is UTC). */
export function strftime(b: number[], fmt: string): string {
  const [year, month, day, hour, min, sec, wday, yday] = b as [number, number, number, number, number, number, number, number];
  return formatTime(fmt, { year, month, day, hour, min, sec: Math.floor(sec), wday, yday, nanos: 0, epoch: mktime(b), zone: UTC_ZONE });
}

/** `strptime`: parses a string into a broken-down time (UTC). */
export function strptime(str: string, fmt: string): Val[] {
  let Y = 1900;
  let M = 0;
  let D = 1;
  let h = 0;
  let m = 0;
  let s = 0;
  let pm: boolean | undefined;
  let epoch: number | undefined;
  let offset = 0;
  let i = 0;
  const failP = (): never => {
    throw new JqError(`date "${str}" does not match format "${fmt}"`);
  };
  const num = (maxw: number): number => {
    const mt = /^[+-]?\d+/.exec(str.slice(i, i + maxw));
    if (!mt) failP();
    i += mt![0].length;
    return Number(mt![0]);
  };
  const name = (list: readonly string[]): number => {
    const rest = str.slice(i).toLowerCase();
    for (let k = 0; k < list.length; k++) {
      const full = list[k]!.toLowerCase();
      if (rest.startsWith(full)) {
        i += full.length;
        return k;
      }
      if (rest.startsWith(full.slice(0, 3))) {
        i += 3;
        return k;
      }
    }
    return failP();
  };
  for (let k = 0; k < fmt.length; k++) {
    const c = fmt[k]!;
    if (c === "%") {
      const d = fmt[++k];
      switch (d) {
        case "Y": Y = num(4); break;
        case "m": M = num(2) - 1; break;
        case "d": case "e": while (str[i] === " ") i++; D = num(2); break;
        case "H": case "k": while (str[i] === " ") i++; h = num(2); break;
        case "I": case "l": while (str[i] === " ") i++; h = num(2); break;
        case "M": m = num(2); break;
        case "S": s = num(2); break;
        case "y": { const y = num(2); Y = y < 69 ? 2000 + y : 1900 + y; break; }
        case "j": num(3); break;
        case "a": case "A": name(DAY_NAMES); break;
        case "b": case "B": case "h": M = name(MONTH_NAMES); break;
        case "p": { const t = str.slice(i, i + 2).toUpperCase(); if (t !== "AM" && t !== "PM") failP(); pm = t === "PM"; i += 2; break; }
        case "Z": { const mt = /^[A-Za-z]+/.exec(str.slice(i)); if (mt) i += mt[0].length; break; }
        case "z": {
          const mt = /^([+-])(\d\d):?(\d\d)|^Z/.exec(str.slice(i));
          if (!mt) failP();
          i += mt![0].length;
          if (mt![1]) offset = (mt![1] === "-" ? -1 : 1) * (Number(mt![2]) * 3600 + Number(mt![3]) * 60);
          break;
        }
        case "s": epoch = num(20); break;
        case "T": h = num(2); if (str[i++] !== ":") failP(); m = num(2); if (str[i++] !== ":") failP(); s = num(2); break;
        case "F": Y = num(4); if (str[i++] !== "-") failP(); M = num(2) - 1; if (str[i++] !== "-") failP(); D = num(2); break;
        case "D": M = num(2) - 1; if (str[i++] !== "/") failP(); D = num(2); if (str[i++] !== "/") failP(); { const y = num(2); Y = y < 69 ? 2000 + y : 1900 + y; } break;
        case "R": h = num(2); if (str[i++] !== ":") failP(); m = num(2); break;
        case "n": case "t": while (/\s/.test(str[i] ?? "")) i++; break;
        case "%": if (str[i++] !== "%") failP(); break;
        default: failP();
      }
    } else if (/\s/.test(c)) {
      while (/\s/.test(str[i] ?? "")) i++;
    } else if (str[i++] !== c) failP();
  }
  if (i < str.length) failP();
  if (pm !== undefined) h = (h % 12) + (pm ? 12 : 0);
  let t = epoch !== undefined ? epoch : Date.UTC(Y, M, D, h, m, s) / 1000 - offset;
  if (epoch === undefined && offset === 0) {
    // Keep fields as parsed (timegm normalizes them only through mktime).
    t = Date.UTC(Y, M, D, h, m, s) / 1000;
  }
  return gmtime(t);
}

function timeInput(v: Val, who: string): number[] {
  if (isNum(v)) return gmtime(unbox(v)) as number[];
  return bdt(v, who);
}

/** Date natives. */
export const DATES: Native[] = [
  v0("gmtime", (v) => {
    if (!isNum(v)) throw new JqError("gmtime() requires a number");
    return gmtime(unbox(v));
  }),
  v0("localtime", (v) => {
    if (!isNum(v)) throw new JqError("localtime() requires a number");
    return gmtime(unbox(v));
  }),
  v0("mktime", (v) => {
    if (!Array.isArray(v)) throw new JqError("mktime requires array of 6 numbers");
    return mktime(v);
  }),
  vN("strftime", 1, (v, f) => {
    if (typeof f !== "string") throw new JqError("strftime/1 requires a string format");
    if (!isNum(v) && !Array.isArray(v)) throw new JqError("strftime/1 requires parsed datetime inputs");
    return strftime(timeInput(v, "strftime/1"), f);
  }),
  vN("strflocaltime", 1, (v, f) => {
    if (typeof f !== "string") throw new JqError("strflocaltime/1 requires a string format");
    if (!isNum(v) && !Array.isArray(v)) throw new JqError("strflocaltime/1 requires parsed datetime inputs");
    return strftime(timeInput(v, "strflocaltime/1"), f);
  }),
  vN("strptime", 1, (v, f) => {
    if (typeof v !== "string") throw new JqError(`strptime/1 requires string inputs and arguments`);
    if (typeof f !== "string") throw new JqError(`strptime/1 requires string inputs and arguments`);
    void describe;
    return strptime(v, f);
  }),
];

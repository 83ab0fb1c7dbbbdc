/** `tostring` and jq's `@format` string filters. */
import { charge, tick } from "./budget.js";
import { dumpCompact } from "./dump.js";
import type { Num } from "./number.js";
import { numberText } from "./number.js";
import { describe } from "./ops.js";
import type { Val } from "./value.js";
import { JqError, typeOf } from "./value.js";

/** jq's `tostring`: strings as they are, anything else as compact JSON. */
export function tostring(v: Val): string {
  return typeof v === "string" ? v : dumpCompact(v);
}

const utf8 = new TextEncoder();
const utf8d = new TextDecoder("utf-8", { fatal: false });

/** UTF-8 bytes of a string. */
export function encodeUtf8(s: string): Uint8Array {
  return utf8.encode(s);
}
/** A string from UTF-8 bytes (invalid sequences become U+FFFD). */
export function decodeUtf8(b: Uint8Array): string {
  return utf8d.decode(b);
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64_REV = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_REV[B64.charCodeAt(i)] = i;

function base64(s: string): string {
  const b = encodeUtf8(s);
  let out = "";
  let i = 0;
  for (; i + 2 < b.length; i += 3) {
    const n = (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
    out += B64[n >> 18]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]! + B64[n & 63]!;
  }
  if (i < b.length) {
    const n = (b[i]! << 16) | ((b[i + 1] ?? 0) << 8);
    out += B64[n >> 18]! + B64[(n >> 12) & 63]! + (i + 1 < b.length ? B64[(n >> 6) & 63]! : "=") + "=";
  }
  return out;
}

function base64d(s: string): string {
  const bytes = new Uint8Array(Math.ceil((s.length * 3) / 4));
  let nb = 0;
  let acc = 0;
  let bits = 0;
  let n = 0;
  let end = s.length;
  while (end > 0 && s[end - 1] === "=") end--;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? B64_REV[c]! : -1;
    if (v < 0) throw new JqError(`${describe(s)} is not valid base64 data`);
    acc = (acc << 6) | v;
    bits += 6;
    n++;
    if (bits >= 8) {
      bits -= 8;
      bytes[nb++] = (acc >> bits) & 255;
    }
  }
  if (n % 4 === 1) throw new JqError(`${describe(s)} trailing base64 byte found`);
  return decodeUtf8(bytes.subarray(0, nb));
}

const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32(s: string): string {
  const b = encodeUtf8(s);
  let out = "";
  for (let i = 0; i < b.length; i += 5) {
    const chunk = [b[i]!, b[i + 1] ?? 0, b[i + 2] ?? 0, b[i + 3] ?? 0, b[i + 4] ?? 0];
    const nbytes = Math.min(5, b.length - i);
    let bitsStr = "";
    for (const x of chunk) bitsStr += x.toString(2).padStart(8, "0");
    const nchars = [0, 2, 4, 5, 7, 8][nbytes]!;
    for (let j = 0; j < 8; j++) out += j < nchars ? B32[Number.parseInt(bitsStr.slice(j * 5, j * 5 + 5), 2)]! : "=";
  }
  return out;
}

function base32d(s: string): string {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const ch of s) {
    if (ch === "=") break;
    const v = B32.indexOf(ch.toUpperCase());
    if (v < 0) throw new JqError(`${describe(s)} is not valid base32 data`);
    acc = ((acc << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 255);
    }
  }
  return decodeUtf8(Uint8Array.from(bytes));
}

const URI_KEEP = /[A-Za-z0-9\-_.~]/;

function uri(s: string): string {
  let out = "";
  for (const ch of s) {
    if (ch.length === 1 && URI_KEEP.test(ch)) out += ch;
    else for (const b of encodeUtf8(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function urid(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      const h = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new JqError(`${describe(s)} is not a valid uri encoding`);
      bytes.push(Number.parseInt(h, 16));
      i += 2;
    } else for (const b of encodeUtf8(s[i]! + (c >= 0xd800 && c <= 0xdbff ? (s[++i] ?? "") : ""))) bytes.push(b);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    throw new JqError(`${describe(s)} is not a valid uri encoding`);
  }
}

function csvField(v: Val, tsv: boolean): string {
  switch (typeOf(v)) {
    case "number":
      // builtin.c f_format: jv_dump_string (a kept literal as written), NaN as an empty field
      return Number.isNaN(v) ? "" : numberText(v as Num);
    case "boolean":
      return v ? "true" : "false";
    case "null":
      return "";
    case "string": {
      const s = v as string;
      if (tsv) return s.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
      return `"${s.replace(/"/g, '""')}"`;
    }
  }
  throw new JqError(`${describe(v)} is not valid in a csv row`);
}

function shQuote(v: Val): string {
  switch (typeOf(v)) {
    case "string":
      return `'${(v as string).replace(/'/g, "'\\''")}'`;
    case "array":
    case "object":
      throw new JqError(`${describe(v)} can not be escaped for shell`);
  }
  return tostring(v);
}

/**
 * Applies `@fmt` to a value (`@text @json @html @uri @urid @csv @tsv @sh @base64 @base64d
 * @base32 @base32d`). The text built is charged to the run's data budget: `@text`/`@json`
 * as they serialize, row formats per field, the others by their result (a bounded multiple of
 * their input).
 */
export function applyFormat(fmt: string, v: Val): Val {
  if (fmt === "text" || fmt === "json") return fmt === "text" ? tostring(v) : dumpCompact(v);
  const r = applyOther(fmt, v);
  if (typeof r === "string") charge(r.length);
  return r;
}

/** A format's field text, charged (rows of a DAG repeat large values). */
function field(s: string): string {
  tick();
  charge(s.length + 1);
  return s;
}

function applyOther(fmt: string, v: Val): Val {
  switch (fmt) {
    case "html":
      return tostring(v).replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
    case "uri":
      return uri(tostring(v));
    case "urid":
      return urid(tostring(v));
    case "csv":
    case "tsv": {
      if (!Array.isArray(v)) throw new JqError(`${describe(v)} cannot be ${fmt}-formatted, only an array can be`);
      return v.map((x) => field(csvField(x, fmt === "tsv"))).join(fmt === "csv" ? "," : "\t");
    }
    case "sh":
      if (Array.isArray(v)) return v.map((x) => field(shQuote(x))).join(" ");
      return shQuote(v);
    case "base64":
      return base64(tostring(v));
    case "base64d":
      return base64d(tostring(v));
    case "base32":
      return base32(tostring(v));
    case "base32d":
      return base32d(tostring(v));
  }
  throw new JqError(`${fmt} is not a valid format`);
}

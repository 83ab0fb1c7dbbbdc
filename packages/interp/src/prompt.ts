/**
 * Prompt expansion as bash does it for PS1/PS4 and `${var@P}`: first the backslash escapes
 * (`\u \h \w \t \D{fmt} \$ \nnn ...`), then, with `shopt promptvars` (the default), parameter
 * expansion, command substitution and arithmetic on the result, like a here-document body.
 * Values the escapes insert (user, directory ...) are quoted so they are not expanded again.
 */
import { ParseError, parse } from "@husk/syntax";
import type { Word } from "@husk/syntax";
import { FatalError } from "./errors.js";
import type { Interp } from "./interp.js";
import { strftime } from "./strftime.js";

const DAY_MONTH = "%a %b %d";

/** Backslash-protects `$`, `` ` `` and `\` so the expansion pass keeps them literal. */
function protect(s: string): string {
  return s.replace(/[$`\\]/g, "\\$&");
}

/** The `\X` escapes of a prompt string, decoded (bash's decode_prompt_string). */
export function decodePrompt(ip: Interp, s: string): string {
  const promptvars = ip.st.opt("promptvars");
  const q = promptvars ? protect : (x: string): string => x;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== "\\" || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const k = s[++i]!;
    switch (k) {
      case "a":
        out += "\x07";
        break;
      case "e":
        out += "\x1b";
        break;
      case "r":
        out += "\r";
        break;
      case "n":
        out += "\n";
        break;
      case "\\":
        out += "\\";
        break;
      case "[":
      case "]":
        break;
      case "$":
        out += (promptvars ? "\\" : "") + (ip.rt.identity.uid === 0 ? "#" : "$");
        break;
      case "u":
        out += q(ip.getScalar("USER") ?? ip.rt.identity.user);
        break;
      case "h":
      case "H": {
        const host = ip.rt.identity.hostname;
        out += q(k === "h" ? host.split(".")[0]! : host);
        break;
      }
      case "w":
      case "W": {
        const pwd = ip.getScalar("PWD") ?? ip.st.cwd;
        const home = ip.getScalar("HOME");
        let w = pwd;
        if (k === "W") w = pwd === "/" || pwd === home ? (pwd === home ? "~" : "/") : pwd.slice(pwd.lastIndexOf("/") + 1);
        else if (home !== undefined && home !== "" && home !== "/" && (pwd === home || pwd.startsWith(`${home}/`))) w = `~${pwd.slice(home.length)}`;
        out += q(w);
        break;
      }
      case "s": {
        const a0 = ip.st.arg0;
        out += q(a0.slice(a0.lastIndexOf("/") + 1));
        break;
      }
      case "v":
      case "V": {
        const v = (ip.getScalar("BASH_VERSION") ?? "5.2.21").replace(/\(.*$/, "");
        out += k === "v" ? v.split(".").slice(0, 2).join(".") : v;
        break;
      }
      case "d":
      case "t":
      case "T":
      case "@":
      case "A": {
        const fmt = k === "d" ? DAY_MONTH : k === "t" ? "%H:%M:%S" : k === "T" ? "%I:%M:%S" : k === "@" ? "%I:%M %p" : "%H:%M";
        out += strftime(fmt, ip.rt.clock.now());
        break;
      }
      case "D": {
        if (s[i + 1] !== "{") {
          out += "\\D";
          break;
        }
        let end = s.indexOf("}", i + 2);
        if (end < 0) end = s.length;
        out += q(strftime(s.slice(i + 2, end), ip.rt.clock.now()));
        i = end;
        break;
      }
      case "j":
        out += String(ip.st.jobs.filter((j) => j.status === undefined).length);
        break;
      case "l":
        out += "tty";
        break;
      case "!":
      case "#":
        out += String(ip.st.commandNumber);
        break;
      default:
        if (k >= "0" && k <= "7") {
          let n = 0;
          let j = i;
          while (j < s.length && j < i + 3 && s[j]! >= "0" && s[j]! <= "7") n = n * 8 + (s.charCodeAt(j++) - 48);
          out += String.fromCharCode(n & 255);
          i = j - 1;
        } else out += `\\${k}`;
    }
  }
  return out;
}

/**
 * Double-quote rules on a here-document body: `\"` loses its backslash, and a lone trailing
 * backslash stays (it would join the delimiter line).
 */
function asHereDoc(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== "\\") out += c;
    else if (i + 1 >= text.length) out += "\\\\";
    else if (text[i + 1] === '"') out += text[++i];
    else out += c + text[++i]!;
  }
  return out;
}

/** The body word of `: <<DELIM` for `text` (unquoted delimiter: the body is expanded). */
function bodyWord(text: string): Word | undefined {
  text = asHereDoc(text);
  let delim = "HUSK_PROMPT";
  while (text.includes(delim)) delim += "_";
  try {
    const script = parse(`:<<${delim}\n${text}\n${delim}\n`);
    const cmd = script.body[0]?.command;
    return cmd?.type === "SimpleCommand" ? cmd.redirects[0]?.heredoc?.body : undefined;
  } catch (e) {
    if (e instanceof ParseError) return undefined;
    throw e;
  }
}

/** Fully expands a prompt string (`${PS1@P}`): escapes, then expansions when promptvars is on. */
export async function expandPrompt(ip: Interp, s: string): Promise<string> {
  const decoded = decodePrompt(ip, s);
  if (!ip.st.opt("promptvars") || !/[$`\\]/.test(decoded)) return decoded;
  const w = bodyWord(decoded);
  if (w === undefined) return decoded;
  let text: string;
  try {
    text = await ip.expandString(w);
  } catch (e) {
    // bash reports the error and shows the prompt unexpanded
    if (!(e instanceof FatalError)) throw e;
    ip.error(e.message);
    return decoded;
  }
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

/**
 * The `set -x` prefix: PS4 prompt-expanded (with tracing off meanwhile), nothing when unset;
 * its first character repeated once more per eval, source and `$( )` level.
 */
export async function ps4(ip: Interp): Promise<string> {
  const p = ip.getScalar("PS4");
  let s: string;
  if (p === undefined) s = "";
  else if (!/[$`\\]/.test(p)) s = p;
  else {
    const o = ip.st.options;
    o.xtrace = false;
    try {
      s = await expandPrompt(ip, p);
    } finally {
      o.xtrace = true;
    }
  }
  // inside eval, source and $( ), the first character once more per level (`++ cmd`)
  return ip.traceLevel > 0 && s.length > 0 ? s[0]!.repeat(ip.traceLevel) + s : s;
}

import type { LimitsMeter } from "@husk/host";
import { HuskError } from "@husk/host";
import { RegexError, type RegexOptions, compileRegex } from "@husk/pattern";
import type { Address, ReplPart, SedCommand, SedRegex, Subst } from "./script.js";

/** A script error: `sed: -e expression #1, char 5: unterminated `s' command`, status 1. */
export class SedError extends HuskError {
  constructor(message: string, status = 1) {
    super(message, status);
  }
}

/** One chunk of script text and where it came from (for error locations). */
export interface ScriptPiece {
  readonly text: string;
  /** `-e` expressions are numbered from 1; a file has its name. */
  readonly origin: { readonly kind: "expr"; readonly n: number } | { readonly kind: "file"; readonly name: string };
}

/** How regexes in the script are compiled. */
export interface ParseOptions {
  readonly extended: boolean;
  readonly posix?: boolean;
  readonly meter?: LimitsMeter;
}

/** The parsed program. */
export interface Program {
  readonly commands: SedCommand[];
  /** The script began with `#n` on its own line (acts as -n). */
  readonly hashN: boolean;
  /** Files named by `w`/`W`/`s///w`, to be truncated before the run. */
  readonly wfiles: string[];
}

const SIMPLE = new Set([..."=dDgGhHlnNpPxzFqQlLbtT:{}aicrRwWsyev#"]);

/**
 * Parses a GNU sed script into commands. Throws `SedError` with GNU's messages and locations.
 * The `e` command (and `s///e`) is refused: Husk runs no host commands.
 */
export function parseScript(pieces: readonly ScriptPiece[], opts: ParseOptions): Program {
  const commands: SedCommand[] = [];
  const wfiles: string[] = [];
  const blocks: number[] = [];
  /** The piece each open block started in (GNU names it in `unmatched `{'`). */
  const blockPieces: number[] = [];
  const labels = new Map<string, number>();
  const jumps: { idx: number; label: string }[] = [];
  let hashN = false;
  for (let pi = 0; pi < pieces.length; pi++) {
    const piece = pieces[pi]!;
    const s = piece.text;
    let i = 0;
    const where = (): string =>
      piece.origin.kind === "expr" ? `-e expression #${piece.origin.n}, char ${i}` : `file ${piece.origin.name} line ${lineOf(s, i)}`;
    const fail = (msg: string, consumed = 0): never => {
      i += consumed;
      throw new SedError(`${where()}: ${msg}`);
    };
    if (pi === 0 && (s === "#n" || s.startsWith("#n\n"))) hashN = true;
    const skipWs = (): void => {
      while (i < s.length && (s[i] === " " || s[i] === "\t")) i++;
    };
    const readNumber = (): number => {
      const st = i;
      while (i < s.length && s[i]! >= "0" && s[i]! <= "9") i++;
      return Number(s.slice(st, i));
    };
    const readRegex = (delim: string): string => {
      // text up to an unescaped delim; `\delim` stands for delim; `\n` is kept for the regex parser
      let out = "";
      let inBracket = false;
      for (;;) {
        if (i >= s.length) return fail(`unterminated address regex`);
        const c = s[i]!;
        if (c === "\\" && i + 1 < s.length) {
          const d = s[i + 1]!;
          if (d === delim && delim !== "\n") out += delim === "&" ? "\\&" : d;
          else if (d === "\n") out += "\\n";
          else out += c + d;
          i += 2;
          continue;
        }
        if (c === "[" && !inBracket) {
          // copy a bracket expression verbatim (the delimiter is literal inside it)
          // GNU: an unclosed bracket swallows the delimiter, so the regex is unterminated
          const end = bracketEnd(s, i);
          if (end < 0) {
            i = s.length;
            return fail("unterminated address regex");
          }
          out += s.slice(i, end);
          i = end;
          continue;
        }
        if (c === delim) {
          i++;
          return out;
        }
        if (c === "\n" && delim !== "\n") return fail("unterminated address regex");
        out += c;
        i++;
      }
    };
    const compile = (src: string, flags: { icase: boolean; ml: boolean }, consumed = 0): SedRegex => {
      if (src === "") return { re: null };
      try {
        const source = sedEscapes(src);
        const options: RegexOptions = { flavor: opts.extended ? "ere" : "bre", ignoreCase: flags.icase, multiline: flags.ml };
        return { re: compileRegex(source, options, opts.meter), source, options };
      } catch (e) {
        if (e instanceof RegexError) return fail(e.message, consumed);
        throw e;
      }
    };
    const readAddress = (): Address | null => {
      const c = s[i];
      if (c === undefined) return null;
      if (c >= "0" && c <= "9") {
        const n = readNumber();
        if (s[i] === "~") {
          i++;
          const step = s[i] !== undefined && s[i]! >= "0" && s[i]! <= "9" ? readNumber() : 0;
          return { k: "step", first: n, step };
        }
        return { k: "line", n };
      }
      if (c === "$") {
        i++;
        return { k: "last" };
      }
      if (c === "/" || c === "\\") {
        let delim = "/";
        if (c === "\\") {
          delim = s[i + 1] ?? fail("unexpected end of script");
          i += 2;
        } else i++;
        const src = readRegex(delim);
        const flags = { icase: false, ml: false };
        for (;;) {
          if (s[i] === "I") flags.icase = true;
          else if (s[i] === "M") flags.ml = true;
          else break;
          i++;
        }
        return { k: "re", re: compile(src, flags) };
      }
      return null;
    };
    const readToEol = (): string => {
      const st = i;
      while (i < s.length && s[i] !== "\n") i++;
      return s.slice(st, i);
    };
    const readLabel = (): string => {
      // GNU 4.9: a label ends at whitespace, `;` or `}`
      skipWs();
      const st = i;
      while (i < s.length && !" \t\n;}".includes(s[i]!)) i++;
      return s.slice(st, i);
    };
    const readFilename = (): string => {
      skipWs();
      const f = readToEol();
      if (f === "") fail("missing filename in r/R/w/W commands");
      return f;
    };
    const readText = (): string => {
      // GNU: `a\` newline text (lines continued by a trailing backslash), or one-liner `a text`;
      // escapes (\t, \n, \xHH ...) are decoded, other backslashes dropped. The text is returned
      // with its newline; `a\` at the very end of the script has none and prints nothing.
      skipWs();
      if (s[i] === "\\") {
        i++;
        if (i >= s.length) return "";
        if (s[i] === "\n") i++;
      } else if (i >= s.length || s[i] === "\n") {
        if (opts.posix || i >= s.length) fail(`expected \\ after \`a', \`c' or \`i'`);
      }
      const st = i;
      let out = "";
      while (i < s.length) {
        const c = s[i]!;
        if (c === "\\") {
          const d = s[i + 1];
          if (d === undefined) {
            // GNU: a text ending the script with a backslash is taken raw, escapes and all
            i++;
            return `${s.slice(st, i - 1)}\n`;
          }
          const e = d === "\n" || d === "n" ? null : escapeChar(s, i);
          if (e) {
            out += e.ch;
            i = e.end;
            continue;
          }
          out += d === "n" ? "\n" : d;
          i += 2;
          continue;
        }
        if (c === "\n") break;
        out += c;
        i++;
      }
      return `${out}\n`;
    };
    const endCommand = (): void => {
      skipWs();
      if (i < s.length && s[i] !== "\n" && s[i] !== ";" && s[i] !== "}" && s[i] !== "#") fail("extra characters after command", 1);
    };

    while (i < s.length) {
      // separators
      while (i < s.length && (s[i] === " " || s[i] === "\t" || s[i] === "\n" || s[i] === ";")) i++;
      if (i >= s.length) break;
      if (s[i] === "#") {
        readToEol();
        continue;
      }
      const a1 = readAddress();
      let a2: Address | null = null;
      if (a1 && s[i] === ",") {
        i++;
        skipWs();
        if (s[i] === "+" || s[i] === "~") {
          const k = s[i] === "+" ? "plus" : "mult";
          i++;
          a2 = { k, n: readNumber() };
        } else {
          a2 = readAddress();
          if (!a2) fail("unexpected `,'");
          if (a2!.k === "step") a2 = { k: "line", n: a2!.first };
        }
      }
      skipWs();
      // GNU checks line address 0 once it has read the character after the address
      if (a1 && a1.k === "line" && a1.n === 0 && (!a2 || a2.k !== "re")) fail("invalid usage of line address 0", 1);
      let negate = false;
      if (s[i] === "!") {
        negate = true;
        i++;
        skipWs();
        if (s[i] === "!") fail("multiple `!'s", 1);
      }
      if (i >= s.length) fail("missing command");
      const name = s[i]!;
      i++;
      if (a2 && (name === "q" || name === "Q")) fail("command only uses one address");
      const index = commands.length;
      const base = { a1, a2, negate, name, text: "", num: -1, subst: null, ySrc: "", yDst: "", target: -1, index };
      if (!SIMPLE.has(name)) {
        fail(`unknown command: \`${name}'`);
      }
      if ((name === ":" || name === "}") && (a1 || negate)) {
        if (name === ":") fail(": doesn't want any addresses");
      }
      switch (name) {
        case "{":
          blocks.push(index);
          blockPieces.push(pi);
          commands.push({ ...base });
          continue;
        case "}": {
          if (blocks.length === 0) fail("unexpected `}'");
          const open = blocks.pop()!;
          blockPieces.pop();
          commands[open]!.target = index + 1;
          commands.push({ ...base, name: "}" });
          endCommand();
          continue;
        }
        case ":": {
          const label = readLabel();
          if (label === "") fail('":" lacks a label');
          labels.set(label, index);
          commands.push({ ...base });
          continue;
        }
        case "b":
        case "t":
        case "T": {
          const label = readLabel();
          if (label !== "") jumps.push({ idx: index, label });
          commands.push({ ...base, text: label });
          continue;
        }
        case "a":
        case "i":
        case "c":
          commands.push({ ...base, text: readText() });
          continue;
        case "r":
        case "R":
        case "w":
        case "W": {
          const f = readFilename();
          if (name === "w" || name === "W") wfiles.push(f);
          commands.push({ ...base, text: f });
          continue;
        }
        case "q":
        case "Q":
        case "l":
        case "L": {
          skipWs();
          const num = s[i] !== undefined && s[i]! >= "0" && s[i]! <= "9" ? readNumber() : -1;
          commands.push({ ...base, num });
          endCommand();
          continue;
        }
        case "e":
          fail("the `e' command is not supported: Husk does not run host commands");
          continue;
        case "v":
          readLabel();
          commands.push({ ...base, name: "#" });
          continue;
        case "#":
          readToEol();
          continue;
        case "y": {
          const delim = s[i++] ?? fail("unterminated `y' command");
          const src = readYPart(delim, fail);
          const dst = readYPart(delim, fail);
          if ([...src].length !== [...dst].length) fail("strings for `y' command are different lengths");
          commands.push({ ...base, ySrc: src, yDst: dst });
          endCommand();
          continue;
        }
        case "s": {
          const delim = s[i++];
          if (delim === undefined || delim === "\n" || delim === "\\") fail("unterminated `s' command");
          const reSrc = readSPart(delim!, true);
          const replSrc = readSPart(delim!, false);
          let global = false;
          let nth = 0;
          let print = 0;
          let wfile: string | null = null;
          const flags = { icase: false, ml: false };
          for (;;) {
            const c = s[i];
            if (c === "g") {
              if (global) fail("multiple `g' options to `s' command", 1);
              global = true;
            } else if (c === "p") {
              if (print) fail("multiple `p' options to `s' command", 1);
              print++;
            }
            else if (c === "i" || c === "I") flags.icase = true;
            else if (c === "m" || c === "M") flags.ml = true;
            else if (c === "e") fail("the `e' flag of `s' is not supported: Husk does not run host commands");
            else if (c !== undefined && c >= "0" && c <= "9") {
              const n = readNumber();
              if (nth) fail("multiple number options to `s' command");
              nth = n;
              if (nth === 0) fail("number option to `s' command may not be zero");
              continue;
            } else if (c === "w") {
              i++;
              wfile = readFilename();
              wfiles.push(wfile);
              break;
            } else if (c !== undefined && !" \t\n;}#".includes(c)) fail("unknown option to `s'", 1);
            else break;
            i++;
          }
          // GNU compiles after reading the character that ends the flags: errors point past it
          const past = i < s.length && s[i] !== "}" && s[i] !== "#" ? 1 : 0;
          const re = compile(reSrc, flags, past);
          const repl = parseReplacement(replSrc);
          const maxRef = repl.reduce((m, p) => (p.k === "group" ? Math.max(m, p.n) : m), 0);
          if (re.re && maxRef > re.re.groupCount) fail(`invalid reference \\${maxRef} on \`s' command's RHS`, past);
          const subst: Subst = { re, repl, global, nth: nth || 1, print, wfile };
          commands.push({ ...base, subst });
          if (!wfile) endCommand();
          continue;
        }
        default:
          commands.push({ ...base });
          endCommand();
          continue;
      }

      function readSPart(delim: string, isRegex: boolean): string {
        if (isRegex) {
          try {
            return readRegex(delim);
          } catch (e) {
            if (e instanceof SedError) fail("unterminated `s' command");
            throw e;
          }
        }
        let out = "";
        for (;;) {
          if (i >= s.length) return fail("unterminated `s' command");
          const c = s[i]!;
          if (c === "\\" && i + 1 < s.length) {
            const d = s[i + 1]!;
            out += d === delim ? (d === "&" ? "\\&" : d) : c + d;
            i += 2;
            continue;
          }
          if (c === delim) {
            i++;
            return out;
          }
          out += c;
          i++;
        }
      }
      function readYPart(delim: string, f: (m: string) => never): string {
        let out = "";
        for (;;) {
          if (i >= s.length) return f("unterminated `y' command");
          const c = s[i]!;
          if (c === "\\") {
            const d = s[i + 1];
            if (d === delim) out += delim;
            else if (d === "\\") out += "\\";
            else if (d === "n") out += "\n";
            else if (d === "t") out += "\t";
            else if (d === "\n") out += "\n";
            else out += d; // GNU: any other escaped character stands for itself
            i += 2;
            continue;
          }
          if (c === delim) {
            i++;
            return out;
          }
          out += c;
          i++;
        }
      }
    }
    if (i > s.length) i = s.length;
    // a/i/c one-liners end with their -e chunk
  }
  if (blocks.length > 0) {
    const p = pieces[blockPieces[blockPieces.length - 1]!]!;
    throw new SedError(p.origin.kind === "expr" ? `-e expression #${p.origin.n}, char 0: unmatched \`{'` : `file ${p.origin.name} line 0: unmatched \`{'`);
  }
  for (const j of jumps) {
    const t = labels.get(j.label);
    if (t === undefined) throw new SedError(`can't find label for jump to \`${j.label}'`, 4);
    commands[j.idx]!.target = t;
  }
  return { commands, hashN, wfiles };
}

function lineOf(s: string, i: number): number {
  let n = 1;
  for (let k = 0; k < i && k < s.length; k++) if (s[k] === "\n") n++;
  return n;
}

/** Index just past a bracket expression starting at `i`, or -1 when it does not close. */
function bracketEnd(s: string, i: number): number {
  let k = i + 1;
  if (s[k] === "^") k++;
  if (s[k] === "]") k++;
  while (k < s.length) {
    if (s[k] === "[" && (s[k + 1] === ":" || s[k + 1] === "." || s[k + 1] === "=")) {
      const close = s.indexOf(`${s[k + 1]}]`, k + 2);
      if (close < 0) return -1;
      k = close + 2;
      continue;
    }
    if (s[k] === "]") return k + 1;
    if (s[k] === "\n") return -1;
    k++;
  }
  return -1;
}

/**
 * GNU sed's escapes in a regex, applied before the regex parser: `\t \f \v \a \r`, `\dNNN`,
 * `\oNNN`, `\xHH`, `\cX` become the character (escaped when it is special). `\n` stays (the
 * regex parser reads it as newline).
 */
export function sedEscapes(src: string): string {
  if (!src.includes("\\")) return src;
  let out = "";
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c !== "\\" || i + 1 >= src.length) {
      out += c;
      continue;
    }
    const d = src[i + 1]!;
    const ch = escapeChar(src, i);
    if (ch) {
      out += /[.[\]*^$\\/+?(){}|]/.test(ch.ch) ? `\\${ch.ch}` : ch.ch;
      i = ch.end - 1;
      continue;
    }
    out += c + d;
    i++;
  }
  return out;
}

/** Decodes the sed character escape at `src[i] === "\\"` (not `\n`), or null. */
export function escapeChar(src: string, i: number): { ch: string; end: number } | null {
  const d = src[i + 1];
  switch (d) {
    case "t":
      return { ch: "\t", end: i + 2 };
    case "f":
      return { ch: "\f", end: i + 2 };
    case "v":
      return { ch: "\v", end: i + 2 };
    case "a":
      return { ch: "\u0007", end: i + 2 };
    case "r":
      return { ch: "\r", end: i + 2 };
    case "c": {
      const x = src[i + 2];
      if (x === undefined) return null;
      return { ch: String.fromCharCode(x.toUpperCase().charCodeAt(0) ^ 0x40), end: i + 3 };
    }
    case "d": {
      const m = /^\d{1,3}/.exec(src.slice(i + 2, i + 5));
      return m ? { ch: String.fromCharCode(Number(m[0])), end: i + 2 + m[0].length } : null;
    }
    case "o": {
      const m = /^[0-7]{1,3}/.exec(src.slice(i + 2, i + 5));
      return m ? { ch: String.fromCharCode(Number.parseInt(m[0], 8)), end: i + 2 + m[0].length } : null;
    }
    case "x": {
      const m = /^[0-9a-fA-F]{1,2}/.exec(src.slice(i + 2, i + 4));
      return m ? { ch: String.fromCharCode(Number.parseInt(m[0], 16)), end: i + 2 + m[0].length } : null;
    }
    default:
      return null;
  }
}

/** Parses an `s` replacement: `&`, `\1`..`\9`, `\n`, `\L \U \l \u \E`, escapes, `\&`. */
function parseReplacement(src: string): ReplPart[] {
  const parts: ReplPart[] = [];
  let lit = "";
  const flush = (): void => {
    if (lit !== "") parts.push({ k: "lit", s: lit });
    lit = "";
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "&") {
      flush();
      parts.push({ k: "group", n: 0 });
      continue;
    }
    if (c !== "\\") {
      lit += c;
      continue;
    }
    const d = src[i + 1];
    if (d === undefined) {
      lit += "\\";
      continue;
    }
    i++;
    if (d >= "0" && d <= "9") {
      flush();
      parts.push({ k: "group", n: d.charCodeAt(0) - 48 });
    } else if (d === "n") lit += "\n";
    else if (d === "\n") lit += "\n";
    else if (d === "L" || d === "U" || d === "l" || d === "u" || d === "E") {
      flush();
      parts.push({ k: "case", c: d });
    } else {
      const e = escapeChar(src, i - 1);
      if (e) {
        lit += e.ch;
        i = e.end - 1;
      } else lit += d;
    }
  }
  flush();
  return parts;
}

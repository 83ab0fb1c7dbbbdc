/**
 * One comparison of two files (or stdin): reading them, the binary check, the analysis and the
 * chosen output format, with GNU's headers and messages.
 */
import { type CommandContext, FsError, resolvePath } from "@husk/host";
import { zoneFor } from "../date/zone.js";
import { tryStat } from "../util/files.js";
import { type Writer, readInput } from "../util/io.js";
import { HeldData } from "../util/stream.js";
import { type FormatOptions, contextFormat, hasVisibleChanges, markIgnorable, normalFormat, unifiedFormat } from "./format.js";
import { type CompareOptions, type DiffFile, compareFiles, splitLines } from "./lines.js";
import { type SideOptions, sideBySideFormat } from "./side.js";
import { posixLocale } from "../util/text.js";

/** An output style. */
export type Style = "normal" | "context" | "unified" | "side";

/** The settings a command line gives. */
export interface Settings {
  readonly style: Style;
  readonly context: number;
  readonly brief: boolean;
  readonly reportIdentical: boolean;
  readonly labels: readonly string[];
  readonly text: boolean;
  readonly newFile: boolean;
  readonly stripCr: boolean;
  readonly width: number;
  readonly tabSize: number;
  readonly leftColumn: boolean;
  readonly suppressCommon: boolean;
  readonly compare: Omit<CompareOptions, "tick" | "horizon">;
  readonly format: Omit<FormatOptions, "labels" | "context">;
}

/** One operand, read: its display name, text, and modification time (ms) for the headers. */
interface Input {
  readonly name: string;
  readonly text: string;
  readonly mtimeMs: number;
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A header's time in the zone of `TZ`: `YYYY-MM-DD HH:MM:SS.NNNNNNNNN +ZZZZ` (GNU's default), or
 * for `-c` in the POSIX locale `Tue Jan  2 03:04:05 2024`.
 */
function headerTime(ctx: CommandContext, ms: number, traditional: boolean): string {
  const sec = Math.floor(ms / 1000);
  const nsec = Math.min(999_999_999, Math.round((ms - sec * 1000) * 1e6));
  const offset = zoneFor(ctx.env.get("TZ"))(ms).offset;
  const d = new Date((sec + offset) * 1000);
  const p = (n: number, w = 2): string => String(n).padStart(w, "0");
  if (traditional) {
    const time = `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
    return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, " ")} ${time} ${d.getUTCFullYear()}`;
  }
  const sign = offset < 0 ? "-" : "+";
  const off = Math.abs(offset);
  return (
    `${p(d.getUTCFullYear(), 4)}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ` +
    `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}.${p(nsec, 9)} ${sign}${p(Math.floor(off / 3600))}${p(Math.floor(off / 60) % 60)}`
  );
}

async function readOperands(ctx: CommandContext, names: readonly [string, string], s: Settings): Promise<[Input, Input] | number> {
  const inputs: Input[] = [];
  let stdin: string | undefined;
  let failed = false;
  const absent: string[] = [];
  for (const name of names) {
    try {
      if (name === "-") {
        stdin ??= await readInput(ctx, "-");
        inputs.push({ name, text: stdin, mtimeMs: ctx.clock.now() });
        continue;
      }
      const path = resolvePath(ctx.cwd, name);
      const text = await readInput(ctx, name);
      const st = path === "/dev/null" ? undefined : await tryStat(ctx, path);
      inputs.push({ name, text, mtimeMs: st?.mtimeMs ?? ctx.clock.now() });
    } catch (e) {
      if (!(e instanceof FsError)) throw e;
      if (s.newFile && e.code === "ENOENT") absent.push(`diff: ${name}: ${e.message}\n`);
      else {
        ctx.stderr.write(`diff: ${name}: ${e.message}\n`);
        failed = true;
      }
      inputs.push({ name, text: "", mtimeMs: 0 });
    }
  }
  // -N makes one absent file empty; both absent is still an error
  if (absent.length === 2) for (const m of absent) ctx.stderr.write(m);
  return failed || absent.length === 2 ? 2 : [inputs[0] as Input, inputs[1] as Input];
}

/**
 * A file name as GNU diff prints it in headers (gnulib's c-maybe quoting): unchanged unless it
 * holds a space, `"`, `\\`, a control character or non-ASCII, else in double quotes with C
 * escapes (non-ASCII as the octal escapes of its UTF-8 bytes).
 */
export function headerName(name: string): string {
  if (!/[\s"\\\x00-\x1f\x7f-\uffff]/.test(name)) return name;
  const named: Record<string, string> = { "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v", '"': '\\"', "\\": "\\\\" };
  let out = "";
  for (const ch of name) {
    const code = ch.codePointAt(0) as number;
    if (named[ch]) out += named[ch];
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, "0")}`;
    else if (code > 0x7f) for (const b of new TextEncoder().encode(ch)) out += `\\${b.toString(8).padStart(3, "0")}`;
    else out += ch;
  }
  return `"${out}"`;
}

/** True when the first 4 KiB (GNU reads one block) hold a NUL byte. */
const looksBinary = (text: string): boolean => text.slice(0, 4096).includes("\0");

/** The side-by-side settings of `s`. */
function sideOptions(s: Settings): SideOptions {
  return { width: s.width, leftColumn: s.leftColumn, suppressCommon: s.suppressCommon, expandTabs: s.format.expandTabs > 0, tabSize: s.tabSize };
}

/** True when some option makes different lines compare equal (so `-q` cannot just compare the texts). */
function hasIgnores(s: Settings): boolean {
  return s.compare.ignoreCase || s.compare.whiteSpace !== "none" || s.compare.tabExpansion || s.format.ignoreBlankLines || s.stripCr;
}

/** The lines of `text`, with `--strip-trailing-cr` applied. */
function fileOf(text: string, s: Settings): DiffFile {
  const f = splitLines(text);
  if (!s.stripCr) return f;
  return { lines: f.lines.map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l)), missingNewline: f.missingNewline };
}

/** The end of a comparison of equal files: `Files A and B are identical` with `-s`; resolves with 0. */
async function identical(s: Settings, l0: string, l1: string, emit: (t: string) => Promise<void>): Promise<number> {
  if (s.reportIdentical) await emit(`Files ${l0} and ${l1} are identical\n`);
  return 0;
}


/**
 * Compares the files `names` (operands as displayed; `-` is stdin) and writes the result to `w`:
 * the diff in the chosen style, or `Files A and B differ` (`-q`), `Binary files A and B differ`,
 * `Files A and B are identical` (`-s`). `header` (the `diff -r a/f b/f` line of a directory
 * comparison) goes before a diff's first line. Resolves with 0 same, 1 different, 2 trouble.
 */
export async function diffPair(ctx: CommandContext, names: readonly [string, string], s: Settings, w: Writer, header = ""): Promise<number> {
  const read = await readOperands(ctx, names, s);
  if (typeof read === "number") return read;
  const [in0, in1] = read;
  const held = new HeldData(ctx.meter);
  const emit = async (text: string): Promise<void> => {
    const p = w.write(text);
    if (p) await p;
  };
  try {
    held.charge(2 * (in0.text.length + in1.text.length));
    const label = (k: 0 | 1, inp: Input): string => s.labels[k] ?? inp.name;
    const binary = !s.text && (looksBinary(in0.text) || looksBinary(in1.text));
    if (binary || (s.brief && !hasIgnores(s))) {
      if (in0.text === in1.text) return await identical(s, label(0, in0), label(1, in1), emit);
      await emit(`${binary && !s.brief ? "Binary files" : "Files"} ${label(0, in0)} and ${label(1, in1)} differ\n`);
      return 1;
    }
    const a = fileOf(in0.text, s);
    const b = fileOf(in1.text, s);
    held.charge(8 * (a.lines.length + b.lines.length));
    const script = compareFiles(a, b, { ...s.compare, horizon: s.context, tick: () => ctx.meter.tick() });
    // the POSIX locale of times gives `-c` headers the traditional form
    const traditional = s.style === "context" && posixLocale(ctx.env, "LC_TIME");
    const format: FormatOptions = {
      ...s.format,
      context: s.context,
      labels: [
        s.labels[0] ?? `${headerName(in0.name)}\t${headerTime(ctx, in0.mtimeMs, traditional)}`,
        s.labels[1] ?? `${headerName(in1.name)}\t${headerTime(ctx, in1.mtimeMs, traditional)}`,
      ],
    };
    if (s.format.ignoreBlankLines) markIgnorable(a, b, script, format);
    const changed = hasVisibleChanges(a, b, script, format);
    if (changed && s.brief) {
      await emit(`Files ${label(0, in0)} and ${label(1, in1)} differ\n`);
      return 1;
    }
    // side by side shows the common lines of equal files too
    if (changed || (s.style === "side" && !s.brief)) {
      const out =
        s.style === "unified"
          ? unifiedFormat(a, b, script, format)
          : s.style === "context"
            ? contextFormat(a, b, script, format)
            : s.style === "side"
              ? sideBySideFormat(a, b, script, sideOptions(s))
              : normalFormat(a, b, script, format);
      let first = true;
      for (const t of out) {
        ctx.meter.tick();
        await emit(first ? header + t : t);
        first = false;
      }
    }
    return changed ? 1 : await identical(s, label(0, in0), label(1, in1), emit);
  } finally {
    held.release();
  }
}

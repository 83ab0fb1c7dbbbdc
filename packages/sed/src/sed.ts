import {
  type Command,
  type CommandContext,
  FsError,
  HuskError,
  type LimitsMeter,

  basenameOf,
  dirnameOf,
  resolvePath,
} from "@husk/host";
import { type ExecOptions, type SedHost, SedState } from "./exec.js";
import { SED_HELP, SED_INFO, SED_USAGE } from "./help.js";
import { LineReader, type SedSource } from "./input.js";
import { type Program, type ScriptPiece, SedError, parseScript } from "./parse.js";

/** Options of the pure API (the command-line flags they mirror in parentheses). */
export interface SedOptions {
  /** (-n) no automatic printing. */
  quiet?: boolean;
  /** (-E, -r) extended regular expressions. */
  extended?: boolean;
  /** (-z) lines end in NUL. */
  nullData?: boolean;
  /** (-l N) line length for `l`. */
  lineLength?: number;
  /** (--posix) disable GNU extensions where they change behaviour. */
  posix?: boolean;
  /** Files for r/R (and receiving w/W output) in the pure API; keys are names as written. */
  files?: Map<string, string>;
}

/** Result of the pure API. */
export interface SedResult {
  readonly output: string;
  /** Exit status (q/Q codes, else 0). */
  readonly status: number;
}

/**
 * The pure API: runs `script` (GNU sed syntax) over `input`, as `sed -e script` would over
 * standard input. w/W files land in `options.files`. Throws `SedError` on a bad script.
 */
export async function sed(script: string, input: string, options: SedOptions = {}, meter?: LimitsMeter): Promise<SedResult> {
  const prog = parseScript([{ text: script, origin: { kind: "expr", n: 1 } }], { extended: !!options.extended, posix: options.posix, meter });
  const out: string[] = [];
  const files = options.files ?? new Map<string, string>();
  const host: SedHost = {
    readFile: (p) => Promise.resolve(files.get(p) ?? null),
    write: (t) => {
      out.push(t);
    },
    writeErr: () => {},
    meter,
  };
  const state = new SedState(prog, execOptions(options, prog), host);
  const r = await state.runStream(new LineReader([{ name: "-", open: () => Promise.resolve(input) }], options.nullData ? "\0" : "\n"));
  for (const [f, parts] of state.wfiles) files.set(f, parts.join(""));
  return { output: out.join(""), status: r.exit ?? 0 };
}

function execOptions(o: SedOptions, prog: Program): ExecOptions {
  return { quiet: !!o.quiet || prog.hashN, sep: o.nullData ? "\0" : "\n", lineLength: o.lineLength ?? 70, posix: o.posix };
}

interface SedArgs {
  opts: SedOptions;
  pieces: { kind: "e" | "f"; text: string }[];
  inPlace: string | null;
  separate: boolean;
  files: string[];
  help: boolean;
  version: boolean;
}

class SedUsage extends HuskError {}

const LONG: ReadonlyArray<readonly [string, 0 | 1 | 2, string]> = [
  ["binary", 0, "b"],
  ["regexp-extended", 0, "E"],
  ["debug", 0, "debug"],
  ["in-place", 2, "i"],
  ["expression", 1, "e"],
  ["file", 1, "f"],
  ["line-length", 1, "l"],
  ["null-data", 0, "z"],
  ["zero-terminated", 0, "z"],
  ["quiet", 0, "n"],
  ["posix", 0, "posix"],
  ["silent", 0, "n"],
  ["sandbox", 0, "sandbox"],
  ["separate", 0, "s"],
  ["unbuffered", 0, "u"],
  ["version", 0, "version"],
  ["help", 0, "help"],
  ["follow-symlinks", 0, "follow-symlinks"],
];

/** Parses sed's argv (getopt_long: mixed options and operands, abbreviations, `-i[SUFFIX]`). */
export function parseSedArgs(argv: readonly string[]): SedArgs {
  const r: SedArgs = { opts: {}, pieces: [], inPlace: null, separate: false, files: [], help: false, version: false };
  const operands: string[] = [];
  const apply = (k: string, v: string | undefined): void => {
    switch (k) {
      case "n":
        r.opts.quiet = true;
        break;
      case "E":
      case "r":
        r.opts.extended = true;
        break;
      case "e":
        r.pieces.push({ kind: "e", text: v! });
        break;
      case "f":
        r.pieces.push({ kind: "f", text: v! });
        break;
      case "i":
        r.inPlace = v ?? "";
        r.separate = true;
        break;
      case "l":
        if (!/^\d+$/.test(v!)) throw new SedUsage(`invalid line length: ${v}`, 1);
        r.opts.lineLength = Number(v);
        break;
      case "z":
        r.opts.nullData = true;
        break;
      case "s":
        r.separate = true;
        break;
      case "posix":
        r.opts.posix = true;
        break;
      case "help":
        r.help = true;
        break;
      case "version":
        r.version = true;
        break;
      case "debug":
        throw new SedUsage("option '--debug' is not supported", 1);
      default:
        break; // -u -b --sandbox --follow-symlinks: no effect here
    }
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = a.slice(2, eq < 0 ? undefined : eq);
      const exact = LONG.find((l) => l[0] === name);
      const c = exact ? [exact] : LONG.filter((l) => l[0].startsWith(name));
      if (c.length === 0) throw new SedUsage(`unrecognized option '${a}'\n${SED_USAGE}`, 1);
      if (new Set(c.map((x) => x[2])).size > 1) {
        throw new SedUsage(`option '${a}' is ambiguous; possibilities:${c.map((x) => ` '--${x[0]}'`).join("")}\n${SED_USAGE}`, 1);
      }
      const [lname, kind, key] = c[0]!;
      let v: string | undefined;
      if (eq >= 0) {
        if (kind === 0) throw new SedUsage(`option '--${lname}' doesn't allow an argument\n${SED_USAGE}`, 1);
        v = a.slice(eq + 1);
      } else if (kind === 1) {
        if (i + 1 >= argv.length) throw new SedUsage(`option '--${lname}' requires an argument\n${SED_USAGE}`, 1);
        v = argv[++i];
      }
      apply(key, v);
      continue;
    }
    if (a.length > 1 && a[0] === "-") {
      for (let k = 1; k < a.length; k++) {
        const c = a[k]!;
        if (c === "e" || c === "f" || c === "l") {
          let v = a.slice(k + 1);
          if (v === "") {
            if (i + 1 >= argv.length) throw new SedUsage(`option requires an argument -- '${c}'\n${SED_USAGE}`, 1);
            v = argv[++i]!;
          }
          apply(c, v);
          break;
        }
        if (c === "i") {
          apply("i", a.slice(k + 1) || undefined);
          break;
        }
        if (!"nErszub".includes(c)) throw new SedUsage(`invalid option -- '${c}'\n${SED_USAGE}`, 1);
        apply(c, undefined);
      }
      continue;
    }
    operands.push(a);
  }
  if (r.help || r.version) return r;
  if (r.pieces.length === 0) {
    if (operands.length === 0) throw new SedUsage(SED_USAGE, 1);
    r.pieces.push({ kind: "e", text: operands.shift()! });
  }
  r.files = operands;
  return r;
}

/** Runs sed with `ctx` as the world. */
export async function runSed(ctx: CommandContext): Promise<number> {
  let args: SedArgs;
  try {
    args = parseSedArgs(ctx.args);
  } catch (e) {
    if (e instanceof SedUsage) {
      ctx.stderr.write(e.message.startsWith("Usage:") ? e.message : `${ctx.name}: ${e.message}`);
      if (!e.message.endsWith("\n")) ctx.stderr.write("\n");
      return e.status;
    }
    throw e;
  }
  if (args.help) {
    await ctx.stdout.write(SED_HELP);
    return 0;
  }
  if (args.version) {
    await ctx.stdout.write("sed (GNU sed) 4.9 (husk)\n");
    return 0;
  }
  const err = (m: string): void => {
    ctx.stderr.write(`${ctx.name}: ${m}\n`);
  };
  const abs = (p: string): string => resolvePath(ctx.cwd, p);
  // script pieces
  const pieces: ScriptPiece[] = [];
  let exprN = 0;
  for (const p of args.pieces) {
    if (p.kind === "e") pieces.push({ text: p.text, origin: { kind: "expr", n: ++exprN } });
    else {
      try {
        let text = p.text === "-" ? await ctx.stdin.readAll() : await ctx.fs.readFile(abs(p.text));
        if (text.endsWith("\n")) text = text.slice(0, -1);
        pieces.push({ text, origin: { kind: "file", name: p.text } });
      } catch (e) {
        if (e instanceof FsError) {
          err(`couldn't open file ${p.text}: ${e.message}`);
          return 1;
        }
        throw e;
      }
    }
  }
  // GNU joins -e chunks with newlines; an `a\` at the end of one chunk continues into the next
  const merged = mergePieces(pieces);
  let prog: Program;
  try {
    prog = parseScript(merged, { extended: !!args.opts.extended, posix: args.opts.posix, meter: ctx.meter });
  } catch (e) {
    if (e instanceof SedError) {
      err(e.message);
      return e.status;
    }
    throw e;
  }
  if (args.inPlace !== null && args.files.length === 0) {
    err("no input files");
    return 1;
  }
  let status = 0;
  let stdout: string[] = [];
  let target: string[] | null = null; // in-place buffer
  const host: SedHost = {
    readFile: async (p) => {
      if (p === "/dev/stdin") return ctx.stdin.readAll();
      if (abs(p) === "/dev/null") return "";
      try {
        return await ctx.fs.readFile(abs(p));
      } catch (e) {
        if (e instanceof FsError) return null;
        throw e;
      }
    },
    write: (t) => {
      if (target) target.push(t);
      else {
        stdout.push(t);
        const j = stdout.join("");
        stdout = [];
        return ctx.stdout.write(j);
      }
    },
    writeErr: (t) => {
      ctx.stderr.write(t);
    },
    meter: ctx.meter,
  };
  const state = new SedState(prog, execOptions(args.opts, prog), host);
  // w files are truncated before any input is read
  for (const f of state.wfiles.keys()) {
    if (f === "/dev/stdout" || f === "/dev/stderr") continue;
    try {
      await ctx.fs.writeFile(abs(f), "");
    } catch (e) {
      if (e instanceof FsError) {
        err(`couldn't open file ${f}: ${e.message}`);
        return 4;
      }
      throw e;
    }
  }
  const source = (name: string): SedSource => ({
    name,
    open: async () => {
      if (name === "-") return ctx.stdin;
      if (abs(name) === "/dev/null") return "";
      try {
        const st = await ctx.fs.stat(abs(name));
        if (st.type === "directory") {
          err(args.inPlace !== null ? `couldn't edit ${name}: not a regular file` : `read error on ${name}: Is a directory`);
          status = args.inPlace !== null ? 4 : 2;
          return null;
        }
        return await ctx.fs.readFile(abs(name));
      } catch (e) {
        if (e instanceof FsError) {
          err(`can't read ${name}: ${e.message}`);
          status = 2;
          return null;
        }
        throw e;
      }
    },
  });
  const sep = args.opts.nullData ? "\0" : "\n";
  const files = args.files.length > 0 ? args.files : ["-"];
  let exit: number | null = null;
  try {
    if (!args.separate) {
      exit = (await state.runStream(new LineReader(files.map(source), sep))).exit;
    } else {
      for (const f of files) {
        if (args.inPlace !== null && f !== "-") {
          const path = abs(f);
          let original: string;
          try {
            const st = await ctx.fs.stat(path);
            if (st.type !== "file") {
              err(`couldn't edit ${f}: not a regular file`);
              status = 4;
              continue;
            }
            original = await ctx.fs.readFile(path);
          } catch (e) {
            if (e instanceof FsError) {
              err(`can't read ${f}: ${e.message}`);
              status = 2;
              continue;
            }
            throw e;
          }
          target = [];
          state.startFile(true);
          const r = await state.runStream(new LineReader([{ name: f, open: () => Promise.resolve(original) }], sep));
          const text = target.join("");
          target = null;
          if (args.inPlace !== "") {
            const b = basenameOf(path);
            const backup = args.inPlace.includes("*") ? args.inPlace.replace(/\*/g, b) : b + args.inPlace;
            await ctx.fs.writeFile(backup.includes("/") ? abs(backup) : `${dirnameOf(path) === "/" ? "" : dirnameOf(path)}/${backup}`, original);
          }
          await ctx.fs.writeFile(path, text);
          if (r.exit !== null) {
            exit = r.exit;
            break;
          }
        } else {
          // -s: one output stream, so a last line without newline still gets one before more output
          state.startFile(false);
          const r = await state.runStream(new LineReader([source(f)], sep));
          if (r.exit !== null) {
            exit = r.exit;
            break;
          }
        }
      }
    }
  } catch (e) {
    if (e instanceof HuskError && e.name === "HuskError") {
      err(e.message);
      return 4;
    }
    throw e;
  } finally {
    for (const [f, parts] of state.wfiles) {
      if (f === "/dev/stdout" || f === "/dev/stderr" || parts.length === 0) continue;
      await ctx.fs.writeFile(abs(f), parts.join(""), { append: true });
    }
  }
  return exit ?? status;
}

/** GNU joins script chunks with newlines; returns one piece per -e/-f (kept for error locations). */
function mergePieces(pieces: ScriptPiece[]): ScriptPiece[] {
  // a chunk ending in an unescaped backslash (`a\`, `a text\`, `s/x/a\`) goes on in the next
  const out: ScriptPiece[] = [];
  for (const p of pieces) {
    const prev = out[out.length - 1];
    if (prev && endsInBackslash(prev.text)) {
      out[out.length - 1] = { text: `${prev.text}\n${p.text}`, origin: prev.origin };
    } else out.push(p);
  }
  return out;
}

/** Whether `t` ends in an odd number of backslashes. */
function endsInBackslash(t: string): boolean {
  let k = t.length;
  while (k > 0 && t[k - 1] === "\\") k--;
  return (t.length - k) % 2 === 1;
}

/** `sed`: the GNU stream editor. */
export const sedCommand: Command = {
  ...SED_INFO,
  run: runSed,
};



/**
 * The `jq` command: jq 1.8's CLI over the pure API. Files come from `ctx.fs`, the environment
 * from `ctx.env`, time from `ctx.clock`.
 */
import type { Command, CommandContext } from "@husk/host";
import { AbortError, BrokenPipeError, FsError, LimitError, resolvePath } from "@husk/host";
import type { CollectSink, CompiledJq } from "./api.js";
import { internalError } from "./api.js";
import { cachedDoc, compileCached, rememberDoc } from "./cache.js";
import { type Held, joinSlurped, readStdinSources } from "./stdin.js";
import { formatCompileError, runtimeErrorText } from "./errors.js";
import type { DumpOptions } from "./dump.js";
import { ArrayDumper, CHUNK, dump, dumpTo } from "./dump.js";
import { JsonParseError, JsonReader, parseJson, stripBom } from "./json.js";
import { JqCompileError } from "./parser.js";
import { HaltSignal } from "./runtime.js";
import { metered } from "./budget.js";
import { JsonSplitter } from "./splitter.js";
import { streamJson } from "./json-stream.js";
import { decNumberWord } from "./number.js";
import type { JqObject, Val } from "./value.js";
import { JqError, JqMap } from "./value.js";
import { JQ_HELP, JQ_INFO } from "./info.js";
import type { FetchedFiles } from "./cli-modules.js";
import { ModuleFileMiss, compileWithModules, fetchModuleFile, fetchingHost, moduleSettings, needsModules } from "./cli-modules.js";

interface Opts {
  nullInput: boolean;
  rawInput: boolean;
  slurp: boolean;
  raw: boolean;
  join: boolean;
  raw0: boolean;
  ascii: boolean;
  sortKeys: boolean;
  color: boolean;
  tab: boolean;
  indent: number;
  seq: boolean;
  stream: boolean;
  exitStatus: boolean;
  fromFile?: string;
  filter?: string;
  files: string[];
  named: [string, Val][];
  positional: Val[];
  pending: { kind: "slurpfile" | "rawfile"; name: string; file: string }[];
  /** `-L` dirs in order; absent: jq's default search list. */
  libPaths?: string[];
}

/** A usage error: jq prints it (after `jq: ` unless `bare`), then where to find help, and exits 2. */
/**
 * A malformed input text ends the run with `jq: parse error: MSG` and status 5, as the real jq
 * 1.8.2 does (the message gives the line and column; no `(at FILE:N)` part).
 */
const PARSE_ERROR_STATUS = 5;

class Usage extends Error {
  constructor(message: string, readonly bare = false) {
    super(message);
  }
}

/** The last output's stand-in (for `-e`) when it was an array written element by element. */
const EMPTY_ARRAY: Val = [];

/**
 * What the input list yields for an array text that a `map(f)` program reads element by element
 * (see `runStreamed`); compared by identity.
 */
const STREAMED: Val = new JqMap();
/** Thrown when a streamed run's held output passes the output limit (see `hold`). */
class StreamAbandoned extends Error {}

/** Thrown by the serializer's sink once the run's stdout drops what is written. */
const DROPPED: unique symbol = Symbol("dropped");

/** Texts shorter than this are always read whole (streaming saves memory on large documents only). */
const MIN_STREAMED = 64 * 1024;

const L_NEEDS_DIR = "-L takes a parameter: (e.g. -L /search/path or -L/search/path)";

function parseArgs(args: readonly string[]): Opts | "help" | "version" {
  const o: Opts = {
    nullInput: false, rawInput: false, slurp: false, raw: false, join: false, raw0: false, ascii: false,
    sortKeys: false, color: false, tab: false, indent: 2, seq: false, stream: false, exitStatus: false,
    files: [], named: [], positional: [], pending: [],
  };
  let restMode: "files" | "args" | "jsonargs" = "files";
  let endOfOpts = false;
  const nonOpt = (a: string) => {
    if (o.filter === undefined && o.fromFile === undefined) o.filter = a;
    else if (restMode === "args") o.positional.push(a);
    else if (restMode === "jsonargs") {
      try {
        o.positional.push(parseJson(a));
      } catch {
        throw new Usage(`invalid JSON text passed to --jsonargs`);
      }
    } else o.files.push(a);
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // jq's isoptish: only `--...` and `-<letter>...` are options, so `-` is a file and a
    // program may start with `-` (`jq -.`, `jq -1`, `jq '-(.a)'`).
    if (endOfOpts || !(a[0] === "-" && (a[1] === "-" || isAsciiLetter(a[1])))) {
      nonOpt(a);
      continue;
    }
    if (a === "--") {
      endOfOpts = true;
      continue;
    }
    const need = (n: number, example = "") => {
      if (i + n >= args.length) throw new Usage(`${a} takes ${n === 1 ? "one parameter" : `two parameters (e.g. ${a} ${example})`}`);
      const r = args.slice(i + 1, i + 1 + n);
      i += n;
      return r;
    };
    if (a.startsWith("--")) {
      switch (a) {
        case "--null-input": o.nullInput = true; break;
        case "--raw-input": o.rawInput = true; break;
        case "--slurp": o.slurp = true; break;
        case "--compact-output": o.indent = 0; o.tab = false; break;
        case "--raw-output": o.raw = true; break;
        case "--raw-output0": o.raw = true; o.raw0 = true; break;
        case "--join-output": o.raw = true; o.join = true; break;
        case "--ascii-output": o.ascii = true; break;
        case "--sort-keys": o.sortKeys = true; break;
        case "--color-output": o.color = true; break;
        case "--monochrome-output": o.color = false; break;
        case "--tab": o.tab = true; break;
        case "--indent": {
          const [n] = need(1);
          const v = Number.parseInt(n!, 10) || 0; // atoi
          if (v < -1 || v > 7) throw new Usage("--indent takes a number between -1 and 7");
          o.indent = v;
          o.tab = false;
          break;
        }
        case "--seq": o.seq = true; break;
        case "--stream": o.stream = true; break;
        case "--stream-errors": o.stream = true; break;
        case "--exit-status": o.exitStatus = true; break;
        case "--unbuffered": break;
        case "--binary": break;
        case "--from-file": o.fromFile = need(1)[0]!; break;
        case "--arg": { const [n, v] = need(2, "varname value"); o.named.push([n!, v!]); break; }
        case "--argjson": {
          const [n, v] = need(2, "varname text");
          let val: Val;
          try {
            val = parseJson(v!);
          } catch {
            throw new Usage(`invalid JSON text passed to --argjson`);
          }
          o.named.push([n!, val]);
          break;
        }
        case "--slurpfile": case "--rawfile": {
          const [n, f] = need(2, "varname filename");
          o.pending.push({ kind: a === "--slurpfile" ? "slurpfile" : "rawfile", name: n!, file: f! });
          break;
        }
        case "--args": restMode = "args"; break;
        case "--jsonargs": restMode = "jsonargs"; break;
        case "--help": return "help";
        case "--version": return "version";
        case "--library-path": if (i + 1 >= args.length) throw new Usage(L_NEEDS_DIR, true); (o.libPaths ??= []).push(args[++i]!); break;
        default:
          throw new Usage(`Unknown option ${a}`);
      }
      continue;
    }
    // Short options, possibly combined (-nr).
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      switch (c) {
        case "n": o.nullInput = true; break;
        case "R": o.rawInput = true; break;
        case "s": o.slurp = true; break;
        case "c": o.indent = 0; o.tab = false; break;
        case "r": o.raw = true; break;
        case "j": o.raw = true; o.join = true; break;
        case "a": o.ascii = true; break;
        case "S": o.sortKeys = true; break;
        case "C": o.color = true; break;
        case "M": o.color = false; break;
        case "b": break; // --binary: Windows only, a no-op elsewhere
        case "e": o.exitStatus = true; break;
        case "h": return "help";
        case "V": return "version";
        case "f": o.fromFile = need(1)[0]!; break;
        case "L":
          if (k === a.length - 1) {
            if (i + 1 >= args.length) throw new Usage(L_NEEDS_DIR, true);
            (o.libPaths ??= []).push(args[++i]!);
          } else (o.libPaths ??= []).push(a.slice(k + 1));
          k = a.length;
          break;
        default:
          throw new Usage(`Unknown option -${c}`);
      }
    }
  }
  return o;
}

/** An ASCII letter (C's isalpha in the C locale). */
function isAsciiLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z"));
}

async function readFile(ctx: CommandContext, file: string): Promise<string> {
  try {
    return await ctx.fs.readFile(resolvePath(ctx.cwd, file));
  } catch (e) {
    if (e instanceof FsError) throw new JqError(`Could not open ${file}: ${e.message}`);
    throw e;
  }
}

function countLines(s: string, end: number): number {
  let n = 0;
  for (let i = s.indexOf("\n"); i >= 0 && i < end; i = s.indexOf("\n", i + 1)) n++;
  return n;
}

/** Runs the jq CLI; stdin it holds is charged to the data budget and recorded in `held` (given back by the caller). */
async function runJq(ctx: CommandContext, heldIn: Held): Promise<number> {
  const err = (s: string) => ctx.stderr.write(s);
  let o: Opts | "help" | "version";
  try {
    o = parseArgs(ctx.args);
  } catch (e) {
    if (e instanceof Usage) {
      err(`${e.bare ? "" : "jq: "}${e.message}\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs at https://jqlang.org\n`);
      return 2;
    }
    throw e;
  }
  if (o === "help") {
    await ctx.stdout.write(JQ_HELP);
    return 0;
  }
  if (o === "version") {
    await ctx.stdout.write("jq-1.8.1\n");
    return 0;
  }
  const opts = o;
  let programText: string;
  // jq's wording: `jq: Could not open F: ...` for -f, `jq: Bad JSON in --slurpfile N F: ...`.
  const message = (e: unknown): string | undefined =>
    e instanceof JqError ? runtimeErrorText(e.value) : e instanceof JsonParseError ? e.message : undefined;
  try {
    if (opts.fromFile !== undefined) {
      if (opts.filter !== undefined) {
        opts.files.unshift(opts.filter);
        opts.filter = undefined;
      }
      programText = await readFile(ctx, opts.fromFile);
    } else programText = opts.filter ?? ".";
  } catch (e) {
    const m = message(e);
    if (m === undefined) throw e;
    err(`jq: ${m}\n`);
    return 2;
  }
  for (const p of opts.pending) {
    try {
      const text = await readFile(ctx, p.file);
      opts.named.push([p.name, p.kind === "rawfile" ? text : [...iterJson(text)]]);
    } catch (e) {
      const m = message(e);
      if (m === undefined) throw e;
      err(`jq: Bad JSON in --${p.kind} ${p.name} ${p.file}: ${m}\n`);
      return 2;
    }
  }

  const named: JqObject = new JqMap(opts.named);
  let prog: CompiledJq;
  // Module files are fetched from the shell's filesystem as the linker (or `modulemeta`) asks.
  const moduleFiles: FetchedFiles = new Map();
  const settings = await moduleSettings(ctx, opts.libPaths, opts.fromFile);
  const modules = fetchingHost(settings, moduleFiles);
  try {
    const co = { vars: [...named.keys()], maxParseDepth: ctx.meter.limits.maxParseDepth };
    if (await needsModules(ctx, programText, settings, moduleFiles)) prog = await compileWithModules(ctx, programText, co, modules, moduleFiles);
    else prog = compileCached(programText, co);
  } catch (e) {
    if (e instanceof JqCompileError) {
      err(`${formatCompileError(programText, e)}\njq: 1 compile error\n`);
      return 3;
    }
    throw e;
  }

  // Inputs.
  // (`base`: newlines before the text, when stdin is cut into pieces)
  const sources: { name: string | null; text: string; base?: number }[] = [];
  const maxIn = Math.max(ctx.meter.limits.maxFileBytes, ctx.meter.limits.maxStringBytes);
  let openFailed = false;
  // Stream stdin (run on each JSON text as it arrives) unless the program needs all input at once.
  const streaming = opts.files.length === 0 && !opts.nullInput && !opts.slurp && !opts.rawInput && !opts.stream && !opts.seq && !prog.readsInputs;
  if (opts.files.length === 0 && !streaming) for (const s of await readStdinSources(ctx, maxIn, opts.rawInput, heldIn)) sources.push(s);
  else {
    for (const f of opts.files) {
      try {
        sources.push({ name: f, text: await readFile(ctx, f) });
      } catch (e) {
        if (e instanceof JqError) {
          err(`jq: error: ${e.value}\n`);
          openFailed = true;
        } else throw e;
      }
    }
  }

  let status = 0;
  let lastOutput: Val | undefined;
  let currentName: string | null = null;
  let currentLine = 0;
  let parseFailed = false;
  /** The message of an input parse error not yet reported (see `inputIterator`). */
  let parseError: string | undefined;
  // Streaming runs the program on stdin's texts as they arrive: there is no input list then.
  const inputs = streaming ? undefined : inputIterator();
  // A side-effect-free `map(f)` or `.[] | f` program reads a large array text element by element:
  // the document is never held, only the outputs (as text, written once the text is read). On any error the text is read again
  // whole and the program run as usual, so errors and their order are those of a whole read.
  const canStream = (prog.streamArray !== undefined || prog.streamEach !== undefined) && !prog.effectful && !prog.readsInputs && !opts.color && !opts.stream && !opts.slurp && !opts.seq && !opts.rawInput;
  let streamReader: JsonReader | undefined;
  let streamDone = false;
  function* inputIterator(): Generator<Val> {
    if (opts.rawInput) {
      if (opts.slurp) {
        currentName = sources.length ? sources[sources.length - 1]!.name : null;
        yield joinSlurped(ctx, sources);
        return;
      }
      for (const s of sources) {
        currentName = s.name;
        const lines = s.text.split("\n");
        if (lines[lines.length - 1] === "") lines.pop();
        for (const l of lines) {
          currentLine++;
          yield l;
        }
      }
      return;
    }
    const all: Val[] = [];
    for (const s of sources) {
      currentName = s.name;
      if (opts.stream) {
        // jq's streaming parser reads the text itself: events as it goes, those before an error too
        const t = opts.seq ? s.text.replace(/\x1e/g, " ") : s.text;
        const events = streamJson(stripBom(t), (s.base ?? 0) + 1, 0, decNumberWord);
        currentLine = (s.base ?? 0) + countLines(s.text, s.text.length);
        for (let r = events.next(); ; r = events.next()) {
          if (r.done) {
            if (r.value === undefined) break;
            parseError = r.value;
            return;
          }
          if (opts.slurp) all.push(r.value);
          else yield r.value;
        }
        continue;
      }
      const depth = ctx.meter.limits.maxParseDepth * 10;
      // A document parsed by the jq run before in this execution (`jq A f; jq B f`) is not parsed again.
      const hit = opts.seq ? undefined : cachedDoc(ctx.meter, s.text, depth);
      const r = hit === undefined ? new JsonReader(opts.seq ? s.text.replace(/\x1e/g, " ") : s.text, depth, (s.base ?? 0) + 1) : undefined;
      // The source's line count, counted once (per value, it made NDJSON input quadratic).
      let lines = -1;
      let n = 0;
      let first: Val = null;
      for (;;) {
        let v: Val | undefined;
        if (r !== undefined && canStream && s.text.length >= MIN_STREAMED && r.atArray()) {
          if (lines < 0) lines = (s.base ?? 0) + countLines(s.text, s.text.length);
          currentLine = lines;
          const at = r.pos;
          streamReader = r;
          streamDone = false;
          ctx.meter.tick();
          yield STREAMED;
          streamReader = undefined;
          // Never remembered as the document (it was not built).
          n = 2;
          if (streamDone) continue;
          r.pos = at;
        }
        try {
          if (r === undefined) v = n === 0 ? hit : undefined;
          else {
            v = r.next();
            if (v === undefined && n === 1 && !opts.seq) rememberDoc(ctx.meter, s.text, depth, first);
          }
        } catch (e) {
          if (e instanceof JsonParseError) {
            // reported by the reader that meets it: the main loop (`parse error`, status 5) or
            // the program's `input`/`inputs` (a jq error it can catch), as jq 1.8.2 does
            parseError = e.message;
            return;
          }
          throw e;
        }
        if (v === undefined) break;
        if (n++ === 0) first = v;
        if (lines < 0) lines = (s.base ?? 0) + countLines(s.text, s.text.length);
        currentLine = lines;
        ctx.meter.tick();
        if (opts.slurp) all.push(v);
        else yield v;
      }
    }
    if (opts.slurp) yield all;
  }
  // Reading an input builds values (`--stream` events, `--slurp` arrays): charged to the run's meter.
  const nextInput = (): Val | undefined => {
    const r = metered(ctx.meter, () => inputs?.next());
    return r === undefined || r.done ? undefined : r.value;
  };

  const dumpOpts: DumpOptions = { indent: opts.tab ? 1 : opts.indent, tab: opts.tab, sortKeys: opts.sortKeys, ascii: opts.ascii, color: opts.color };
  const sep = opts.raw0 ? "\0" : opts.join ? "" : "\n";
  const vars = new Map<string, Val>(named);
  const args: Val = new JqMap([["positional", opts.positional], ["named", named]]);
  const maxOut = ctx.meter.limits.maxStdoutBytes;
  // Output text not yet written. Built with `+=` (much faster than joining many small pieces)
  // and flattened before it is handed on, so no rope of pieces outlives a write.
  let buf = "";
  /** Takes `buf`, flattened (reading a character makes V8 flatten a rope of `+=` pieces). */
  const takeBuf = (): string => {
    const text = buf;
    buf = "";
    text.charCodeAt(0);
    return text;
  };
  const flush = async () => {
    waiting = undefined;
    if (buf === "") return;
    await ctx.stdout.write(takeBuf());
  };
  // Backpressure: the evaluator is synchronous, so when the reader is slow (a pipe into `head`)
  // a side-effect-free program is stopped, the write awaited, and the program re-run on the same
  // input skipping the outputs already written. Effectful programs buffer instead.
  let skip = 0;
  let seen = 0;
  let pending: Promise<void> | undefined;
  const put = (s: string): void => {
    buf += s;
  };
  // The promise of the first write the reader was too slow for, not yet awaited (the evaluator
  // is synchronous): text written after it queues in memory, so it is charged to the data budget.
  let waiting: Promise<void> | undefined;
  // True once the run's stdout drops what is written (past maxStdoutBytes): outputs are then
  // no longer serialized (TM-DOS-009: printing a DAG of shared arrays stops there).
  let dropping = false;
  const outputFull = (): boolean => ctx.stdout.truncated === true;
  // Hands `buf` to stdout (flattened first); remembers the write's promise when the reader is slow.
  const writeBuf = (): void => {
    const text = takeBuf();
    if (ctx.stdout.closed) throw new BrokenPipeError();
    if (waiting !== undefined) ctx.meter.chargeData(text.length);
    const w = ctx.stdout.write(text);
    if (w !== undefined && waiting === undefined) waiting = w;
    if (outputFull()) dropping = true;
  };
  // The serializer's sink: a value's text goes out chunk by chunk as it is made, never whole.
  const dumpSink = (s: string): void => {
    buf += s;
    if (buf.length <= CHUNK) return;
    if (held !== undefined) hold();
    else {
      writeBuf();
      if (dropping) throw DROPPED;
    }
  };
  // Output of a streamed run (see runStreamed), not yet written: flat chunks and their size.
  let held: string[] | undefined;
  let heldSize = 0;
  const hold = (): void => {
    const text = takeBuf();
    held!.push(text);
    heldSize += text.length;
    // Past the output limit the streamed run gives up: the whole read then writes as it goes.
    if (heldSize > maxOut) throw new StreamAbandoned();
  };
  // Ends an output whose text is in `buf`: the separator, then a write once `buf` is large.
  // A slow reader stops a side-effect-free program (see runOne).
  const endOutput = (): boolean => {
    put(sep);
    if (buf.length > CHUNK) {
      if (held !== undefined) {
        hold();
        return false;
      }
      const n = buf.length;
      writeBuf();
      if (waiting !== undefined && !prog.effectful) {
        pending = waiting;
        waiting = undefined;
        return true;
      }
      if (n > maxOut * 4) return true;
    } else if (waiting !== undefined && !prog.effectful) {
      pending = waiting;
      waiting = undefined;
      return true;
    }
    return false;
  };
  const emit = (v: Val): boolean => {
    if (seen++ < skip) return false;
    lastOutput = v;
    if (opts.raw0 && typeof v === "string" && v.includes("\0")) {
      throw new JqError("Cannot dump a string containing NUL with --raw-output0 option");
    }
    if (dropping || outputFull()) {
      dropping = true;
      buf = "";
      return false;
    }
    if (opts.seq) put("\x1e");
    if (opts.raw && typeof v === "string") put(v);
    else {
      try {
        dumpTo(v, dumpOpts, dumpSink);
      } catch (e) {
        if (e !== DROPPED) throw e;
        buf = "";
        return false;
      }
    }
    return endOutput();
  };
  // A program ending in `map(f)` or `[f]` hands over its last array element by element: the
  // elements are serialized at once (chunks in `collected`), never held as values. Without
  // colors only (the color writer builds whole values).
  let collected: string[] = [];
  // The text of an array being written element by element is held until the array ends: charged.
  const arrayDump = new ArrayDumper(dumpOpts, (s) => {
    ctx.meter.chargeData(s.length);
    collected.push(s);
  });
  const sink: CollectSink = {
    item: (v) => arrayDump.item(v),
    end: () => {
      arrayDump.end();
      const parts = collected;
      collected = [];
      if (seen++ < skip) return false;
      lastOutput = EMPTY_ARRAY;
      if (dropping || outputFull()) {
        dropping = true;
        return false;
      }
      if (opts.seq) put("\x1e");
      for (const part of parts) {
        buf += part;
        if (buf.length > CHUNK) {
          if (held !== undefined) hold();
          else writeBuf();
        }
      }
      return endOutput();
    },
  };
  const runOpts = {
    vars,
    env: () => ctx.env,
    // `input`/`inputs` meet a malformed text as an error of the program: jq 1.8.2 prints
    // `jq: error (at <stdin>:2): Invalid literal ...` for `[inputs]`, and `try input` catches it
    nextInput: (): Val | undefined => {
      const v = nextInput();
      if (v === undefined && parseError !== undefined) {
        const m = parseError;
        parseError = undefined;
        throw new JqError(m);
      }
      return v;
    },
    inputFilename: () => currentName,
    now: () => ctx.clock.now(),
    meter: ctx.meter,
    stderr: (t: string) => void ctx.stderr.write(t),
    args,
    maxDepth: 10000,
    modules,
  };

  const runOne = async (input: Val): Promise<number | undefined> => {
    skip = 0;
    for (;;) {
      seen = 0;
      pending = undefined;
      const h = runOnce(input);
      if (h !== undefined || pending === undefined) return h;
      await pending;
      if (ctx.stdout.closed) throw new BrokenPipeError();
      if (ctx.signal.aborted) throw new AbortError("cancelled");
      skip = seen;
    }
  };
  // Runs `map(f)` or `.[] | f` on the elements of the array text `streamReader` is at (see
  // `STREAMED`), holding the output until the text is read. On an error nothing is written and
  // `streamDone` stays false: the input list then reads the text whole.
  const runStreamed = async (): Promise<undefined> => {
    const r = streamReader!;
    const last = lastOutput;
    skip = 0;
    seen = 0;
    arrayDump.reset();
    collected = [];
    held = [];
    heldSize = 0;
    r.openArray();
    try {
      if (prog.streamArray) prog.streamArray(() => r.nextItem(), sink, runOpts);
      else prog.streamEach!(() => r.nextItem(), emit, runOpts);
    } catch (e) {
      held = undefined;
      if (!(e instanceof JqError || e instanceof JsonParseError || e instanceof HaltSignal || e instanceof ModuleFileMiss || e instanceof StreamAbandoned)) throw e;
      arrayDump.reset();
      collected = [];
      buf = "";
      lastOutput = last;
      return undefined;
    }
    const parts = held;
    held = undefined;
    streamDone = true;
    for (let i = 0; i < parts.length; i++) {
      const text = parts[i]!;
      parts[i] = "";
      if (ctx.stdout.closed) throw new BrokenPipeError();
      const w = ctx.stdout.write(text);
      if (w) await w;
    }
    return undefined;
  };
  const runOnce = (input: Val): number | undefined => {
    try {
      if (opts.color) prog.run(input, emit, runOpts);
      else {
        // Elements of an array whose output was cut short by an error belong to no output.
        arrayDump.reset();
        collected = [];
        prog.stream(input, emit, sink, runOpts);
      }
    } catch (e) {
      if (e instanceof ModuleFileMiss) {
        // `modulemeta` needs a file: fetch it, then run again from this input (see runOne).
        pending = fetchModuleFile(ctx, moduleFiles, e.path);
        return undefined;
      }
      // An error value is serialized like an output: charged, with the deadline checked.
      if (e instanceof HaltSignal) {
        if (e.value !== undefined) {
          if (typeof e.value === "string") err(e.value);
          else err(`${metered(ctx.meter, () => dump(e.value!, { indent: 0 }))}\n`);
        }
        return e.status;
      }
      if (e instanceof JqError) {
        const where = opts.nullInput && currentLine === 0 && currentName === null ? "<unknown>" : `${currentName ?? "<stdin>"}:${currentLine}`;
        const v = e.value;
        err(typeof v === "string" ? `jq: error (at ${where}): ${v}\n` : `jq: error (at ${where}) (not a string): ${metered(ctx.meter, () => dump(v, { indent: 0 }))}\n`);
        status = 5;
        return undefined;
      }
      throw e;
    }
    return undefined;
  };

  try {
    if (opts.nullInput) {
      const h = await runOne(null);
      if (h !== undefined) {
        await flush();
        return h;
      }
    } else if (streaming) {
      const splitter = new JsonSplitter();
      let lines = 0;
      for (;;) {
        const chunk = await ctx.stdin.read();
        const texts = chunk === undefined ? [] : splitter.push(chunk);
        if (chunk === undefined) {
          const rest = splitter.end();
          if (rest) texts.push(rest);
        } else for (let k = chunk.indexOf("\n"); k >= 0; k = chunk.indexOf("\n", k + 1)) lines++;
        currentLine = lines;
        const starts = splitter.starts;
        for (let ti = 0; ti < texts.length; ti++) {
          const t = texts[ti]!;
          let v: Val | undefined;
          const at = starts[ti];
          const r = new JsonReader(t, ctx.meter.limits.maxParseDepth * 10, at?.line, at?.col, at?.after);
          try {
            v = r.next();
            if (v !== undefined && r.next() !== undefined) throw new JsonParseError("Unexpected extra JSON values");
          } catch (e) {
            if (e instanceof JsonParseError) {
              await flush();
              err(`jq: parse error: ${e.message}\n`);
              return PARSE_ERROR_STATUS;
            }
            throw e;
          }
          if (v === undefined) continue;
          ctx.meter.tick();
          const h = await runOne(v);
          await flush();
          if (h !== undefined) return h;
        }
        if (chunk === undefined) break;
        if (ctx.signal.aborted) throw new AbortError("cancelled");
      }
    } else {
      for (let v = nextInput(); v !== undefined; v = nextInput()) {
        const h = v === STREAMED ? await runStreamed() : await runOne(v);
        await flush();
        if (h !== undefined) return h;
        if (ctx.signal.aborted) throw new AbortError("cancelled");
      }
    }
    await flush();
  } catch (e) {
    if (e instanceof LimitError || e instanceof AbortError || e instanceof BrokenPipeError) {
      await flush().catch(() => {});
      throw e;
    }
    throw e;
  }
  if (parseError !== undefined) {
    err(`jq: parse error: ${parseError}\n`);
    parseFailed = true;
  }
  if (parseFailed) return PARSE_ERROR_STATUS;
  if (openFailed && status === 0) status = 2;
  if (status !== 0) return status;
  if (opts.exitStatus) {
    if (lastOutput === undefined) return 4;
    return lastOutput === null || lastOutput === false ? 1 : 0;
  }
  return 0;
}

function* iterJson(text: string): Generator<Val> {
  const r = new JsonReader(text);
  for (let v = r.next(); v !== undefined; v = r.next()) yield v;
}

/**
 * `runJq`, with failures of the JavaScript engine (a string or array past V8's sizes, a stack
 * overflow outside a run) reported as jq errors, never by their JavaScript name. Husk's own
 * errors (limits, timeout, broken pipe) go on to the shell.
 */
async function runJqCommand(ctx: CommandContext): Promise<number> {
  const held: Held = { bytes: 0 };
  try {
    return await runJq(ctx, held);
  } catch (e) {
    const m = internalError(e);
    if (!(m instanceof JqError)) throw e;
    ctx.stderr.write(`jq: error: ${runtimeErrorText(m.value)}\n`);
    return 5;
  } finally {
    ctx.meter.chargeData(-held.bytes);
  }
}

/** The `jq` command. */
export const jqCommand: Command = {
  ...JQ_INFO,
  run: runJqCommand,
};

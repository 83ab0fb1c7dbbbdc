/**
 * The state of one awk run: variables, the current record and its fields, the special
 * variables, output buffering and redirections, and getline sources. Compiled closures
 * (compile.ts) read and write this object directly.
 */
import type { Clock, FileSystem, LimitsMeter, OutputStream, SeededRandom, ShellAccess, InputStream } from "@husk/host";
import { BrokenPipeError, HuskError, LimitError, resolvePath } from "@husk/host";
import { Channel } from "./channel.js";
import { formatNumberWith } from "./format.js";
import { AwkArray, BIG_VALUE, Held, SLOT_BYTES } from "./held.js";
import type { Cell } from "./held.js";
import { GawkRandom } from "./random.js";
import { NEED_MORE, RecordReader } from "./records.js";
import type { RecordSep } from "./records.js";
import { RegexCache } from "./regex.js";
import type { AwkRegex } from "./regex.js";
import { fromInput, numToStr, setNumberFormatter, toNum, toStr, UNINIT } from "./values.js";
import type { Value } from "./values.js";

setNumberFormatter(formatNumberWith);

export { AwkArray } from "./held.js";
export type { Cell } from "./held.js";

/** What a run needs from the outside world. */
export interface RuntimeIO {
  readonly stdin: InputStream;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly env: ReadonlyMap<string, string>;
  readonly fs: FileSystem | undefined;
  readonly shell: ShellAccess | undefined;
  readonly cwd: string;
  readonly clock: Clock;
  readonly random: SeededRandom;
  readonly meter: LimitsMeter | undefined;
}

interface OutputTarget {
  readonly kind: ">" | ">>" | "|";
  parts: string[];
  size: number;
  /** A `>` file truncates on its first flush only. */
  truncated: boolean;
}

const FLUSH_AT = 1 << 16;

/** cutFields' position: fields so far (`n`) and where cutting goes on (`p`). */
const cut = { n: 0, p: 0 };

/**
 * Cuts fields of a non-empty `s` separated by `ch` (" ": runs of blanks and newlines, ignored at
 * both ends) into out[cut.n + 1 ..], from position cut.p, until cut.n reaches `upTo`. Returns true
 * when `s` is used up (cut.n is then the number of fields), false with cut.p where to go on.
 */
function cutFields(s: string, ch: string, out: string[], upTo: number): boolean {
  let n = cut.n;
  let p = cut.p;
  if (ch === " ") {
    const len = s.length;
    while (n < upTo) {
      while (p < len) {
        const c = s.charCodeAt(p);
        if (c !== 32 && c !== 9 && c !== 10) break;
        p++;
      }
      if (p >= len) {
        cut.n = n;
        return true;
      }
      const start = p;
      while (p < len) {
        const c = s.charCodeAt(p);
        if (c === 32 || c === 9 || c === 10) break;
        p++;
      }
      out[++n] = s.slice(start, p);
    }
  } else {
    while (n < upTo) {
      const k = s.indexOf(ch, p);
      if (k < 0) {
        out[++n] = s.slice(p);
        cut.n = n;
        return true;
      }
      out[++n] = s.slice(p, k);
      p = k + 1;
    }
  }
  cut.n = n;
  cut.p = p;
  return false;
}

/** The mutable state of a running program. */
export class Runtime {
  readonly io: RuntimeIO;
  readonly regex: RegexCache;
  /** Global variables by slot (see `compile.ts` for the name -> slot table). */
  globals: Cell[] = [];
  /**
   * Global slots read as scalars while uninitialized: gawk makes such a variable a scalar,
   * so using it as an array afterwards is fatal (mawk rejects the program outright).
   */
  readonly scalarRead = new Set<number>();
  /** Locals of the executing function call. */
  frame: Cell[] = [];
  /** Return value register of the last `return`. */
  retval: Value = UNINIT;
  /** Exit status set by `exit`. */
  exitCode = 0;
  /** What the run holds, charged to the data budget (see held.ts). */
  readonly held: Held;
  callDepth = 0;
  /** Set when `exit` ran inside END (never true today: END's exit just ends END). */
  exitFromEnd = false;
  /** The last srand seed (srand returns the previous one). */
  seed = 1; // gawk: save_seed starts at 1, so the first srand() returns 1
  #random: GawkRandom | undefined;
  /**
   * rand()'s generator (gawk's algorithm; seeded with 1 like gawk unless `srand` runs), made on
   * first use: seeding draws 1,142 values, which most programs (no rand) need not pay for.
   */
  get random(): GawkRandom {
    this.#random ??= new GawkRandom(1);
    return this.#random;
  }

  // ---- special variables ----
  FS = " ";
  OFS = " ";
  ORS = "\n";
  RS = "\n";
  SUBSEP = "\x1c";
  CONVFMT = "%.6g";
  OFMT = "%.6g";
  NR = 0;
  FNR = 0;
  RSTART = 0;
  /** 0 before any match() (gawk; mawk's is an uninitialized 0 / ""); match() sets -1 on failure. */
  RLENGTH = 0;
  FILENAME: Value = UNINIT;
  RT = "";
  IGNORECASE = false;
  ENVIRON = new AwkArray();
  ARGV = new AwkArray();
  PROCINFO = new AwkArray();

  // ---- record ----
  #record = "";
  /** Bytes charged for what the program put into $0 and the fields of the current record. */
  #recBytes = 0;
  #fields: string[] = [""];
  #nf = 0;
  /** The record is split completely ($1..$NF in #fields). */
  #split = true;
  /** Split on demand: where splitting continues in #record (-1: not started), fields so far. */
  #at = -1;
  #got = 0;
  /** The separator of on-demand splitting, fixed when it starts (" ": runs of blanks). */
  #sepCh = "";
  #stale = false;
  #fsRegex: AwkRegex | undefined;
  #fsFor = "";

  // ---- output ----
  #out: string[] = [];
  #outSize = 0;
  #pending: Promise<unknown> | undefined;
  /** Bytes handed to a stdout whose reader had not caught up (queued there): charged. */
  #queued = 0;
  readonly #targets = new Map<string, OutputTarget>();

  // ---- input ----
  /** The main input reader (current file or stdin). */
  main: RecordReader | undefined;
  readonly #readers = new Map<string, ReaderEntry>();

  /** Most fields a record may be given by `$n = x` or `NF = n`. */
  readonly maxFields: number;

  #tooManyFields(n: number): never {
    throw new LimitError("maxFields", `awk record too wide: field ${n} is beyond ${this.maxFields} fields`);
  }

  /** The command name used in messages (`awk` or `gawk`). */
  readonly name: string;

  constructor(io: RuntimeIO, name = "awk") {
    this.io = io;
    this.name = name;
    const limits = io.meter?.limits;
    this.maxFields = limits?.maxFields ?? 100_000;
    this.held = new Held(io.meter);
    const held = this.held;
    this.regex = new RegexCache(io.meter, (bytes) => held.charge(bytes));
    // charged like any array, so that deleting them gives back no more than was charged
    for (const [k, v] of io.env) this.held.setElem(this.ENVIRON, k, fromInput(v));
  }

  // ==== records and fields ====

  #chargeRecord(d: number): void {
    // never below zero: a record read from input was not charged, so shortening its fields
    // gives back at most what the program put in
    const was = this.#recBytes;
    const now = was + d > 0 ? was + d : 0;
    if (now !== was) {
      this.#recBytes = now;
      this.held.charge(now - was);
    }
  }

  /** Sets $0 to a record read from input (fields are split lazily); see `setField` for $0 = x. */
  setRecord(s: string): void {
    this.#record = s;
    this.#split = false;
    this.#at = -1;
    this.#got = 0;
    this.#stale = false;
    if (this.#recBytes !== 0) {
      // the program's fields go with the record (old texts past NF are otherwise kept)
      this.#fields.length = 1;
      this.#chargeRecord(-this.#recBytes);
    }
  }

  /** The text of $0 (rebuilt with OFS after a field or NF assignment). */
  getRecord(): string {
    if (this.#stale) {
      const f = this.#fields;
      let s = this.#nf > 0 ? f[1]! : "";
      for (let i = 2; i <= this.#nf; i++) {
        s += this.OFS + f[i]!;
        // a long OFS times many fields (`OFS = s; $100000 = 1`) stops at maxStringBytes
        if (s.length > 65536) this.io.meter?.checkString(s.length);
      }
      this.#chargeRecord(s.length - this.#record.length);
      this.#record = s;
      this.#stale = false;
    }
    return this.#record;
  }

  /** Sets OFS; a $0 awaiting its rebuild is joined with the old OFS first (gawk, mawk). */
  setOFS(s: string): void {
    if (this.#stale) this.getRecord();
    this.OFS = s;
  }

  /** NF (splitting the record if needed). */
  getNF(): number {
    if (!this.#split) this.#splitRecord();
    return this.#nf;
  }

  /** Assigns NF: truncates or extends the fields and marks $0 for rebuilding. */
  setNF(n: number): void {
    if (!this.#split) this.#splitRecord();
    n = Math.trunc(n);
    if (n < 0) throw new HuskError("fatal: NF set to negative value", 2);
    if (n > this.maxFields) this.#tooManyFields(n);
    let dropped = 0;
    for (let i = n + 1; i <= this.#nf; i++) dropped += this.#fields[i]!.length;
    if (dropped !== 0) this.#chargeRecord(-dropped);
    for (let i = this.#nf + 1; i <= n; i++) this.#fields[i] = "";
    this.#nf = n;
    this.#fields.length = n + 1;
    this.#stale = true;
  }

  /** The text of field `i` (i >= 0). */
  getFieldStr(i: number): string {
    if (i === 0) return this.getRecord();
    if (!this.#split) {
      if (i <= this.#got) return this.#fields[i]!;
      this.#splitTo(i);
      if (!this.#split) return this.#fields[i]!;
    }
    return i <= this.#nf ? this.#fields[i]! : "";
  }

  /** Field `i` as a value (a strnum when it looks numeric). */
  getField(i: number): Value {
    return fromInput(this.getFieldStr(i));
  }

  /**
   * Assigns field `i`; `$0` re-splits, other fields rebuild `$0`. What the program puts there is
   * charged to the data budget (the change of the field's length) until the next record.
   */
  setField(i: number, s: string): void {
    if (i === 0) {
      this.setRecord(s);
      this.#chargeRecord(s.length);
      if (s.length >= BIG_VALUE) this.io.meter?.checkDeadline();
      return;
    }
    if (!this.#split) this.#splitRecord();
    if (i > this.maxFields) this.#tooManyFields(i);
    for (let k = this.#nf + 1; k < i; k++) this.#fields[k] = "";
    this.#chargeRecord(s.length - (i <= this.#nf ? this.#fields[i]!.length : 0));
    if (s.length >= BIG_VALUE) this.io.meter?.checkDeadline();
    this.#fields[i] = s;
    if (i > this.#nf) this.#nf = i;
    this.#stale = true;
  }

  /** Assigns FS; the current record keeps the split of the old FS (POSIX). */
  setFS(fs: string): void {
    if (!this.#split) this.#splitRecord();
    this.FS = fs;
  }

  /** Converts a field index value to an integer, failing as gawk does on negatives. */
  fieldIndex(n: number, line: number): number {
    if (n >= 0 && n < 0x7fffffff) return Math.trunc(n);
    if (Number.isNaN(n) || n < 0) throw new HuskError(`cmd. line:${line}: fatal: attempt to access field ${Math.trunc(n)}`, 2);
    return Math.trunc(n);
  }

  #splitRecord(): void {
    if (this.#at >= 0) {
      this.#splitTo(Number.POSITIVE_INFINITY);
      return;
    }
    // fields past NF may keep old texts: every reader stops at NF
    this.#nf = this.splitInto(this.#record, this.FS, this.#fields, this.RS === "");
    this.#split = true;
  }

  /**
   * Splits the record on demand up to field `i` (`$1` needs no `$4`): with a blank or one-character
   * FS (splitInto's fast paths), fields are cut only as far as asked; the record counts as split
   * (`#split`, NF known) once its end is reached. Other separators split it all at once.
   */
  #splitTo(i: number): void {
    const s = this.#record;
    if (this.#at < 0) {
      const fs = this.FS;
      if (!this.#cuttable(fs, this.RS === "")) {
        this.#splitRecord();
        return;
      }
      this.#sepCh = fs;
      this.#at = 0;
      if (s === "") {
        this.#endSplit(0);
        return;
      }
    }
    cut.n = this.#got;
    cut.p = this.#at;
    if (cutFields(s, this.#sepCh, this.#fields, i)) this.#endSplit(cut.n);
    else {
      this.#got = cut.n;
      this.#at = cut.p;
    }
  }

  /** FS splits by cutFields: blanks, or one character taken literally. */
  #cuttable(fs: string, para: boolean): boolean {
    return fs === " " || (fs.length === 1 && fs !== "\\" && !para && !(this.IGNORECASE && /[a-zA-Z]/.test(fs)));
  }

  #endSplit(n: number): void {
    this.#nf = n;
    this.#got = n;
    this.#split = true;
  }

  /**
   * Splits `s` by field separator `fs` into `out[1..n]` and returns n. `para` adds newline as a
   * separator (paragraph mode) when `fs` is one character (gawk; a regex FS gets none).
   */
  splitInto(s: string, fs: string, out: string[], para = false): number {
    let n = 0;
    if (s === "") return 0;
    if (para && fs.length !== 1) para = false;
    if (this.#cuttable(fs, para)) {
      cut.n = 0;
      cut.p = 0;
      cutFields(s, fs, out, Number.POSITIVE_INFINITY);
      return cut.n;
    }
    if (fs === "") {
      for (const ch of s) out[++n] = ch;
      return n;
    }
    const re = this.#fsRe(fs, para);
    let start = 0;
    let from = 0;
    while (from <= s.length) {
      const i = re.search(s, from);
      if (i < 0) break;
      const end = re.lastEnd;
      if (end === i) {
        from = i + 1;
        continue;
      }
      out[++n] = s.slice(start, i);
      start = end;
      from = end;
    }
    out[++n] = s.slice(start);
    return n;
  }

  #fsRe(fs: string, para: boolean): AwkRegex {
    const key = `${para ? "P" : "N"}${this.IGNORECASE ? "I" : "C"}${fs}`;
    if (this.#fsRegex === undefined || this.#fsFor !== key) {
      const src = fs.length === 1 && fs !== " " ? fs.replace(/[\\^$.[\]|()*+?{}]/g, "\\$&") : fs;
      this.#fsRegex = this.regex.get(para ? `(${src})|\n` : src, this.IGNORECASE);
      this.#fsFor = key;
    }
    return this.#fsRegex;
  }

  /** The record separator derived from RS. */
  recordSep(): RecordSep {
    const rs = this.RS;
    if (rs === "\n") return NL_SEP;
    if (rs === "") return PARA_SEP;
    if (rs.length === 1 && !(this.IGNORECASE && /[a-zA-Z]/.test(rs))) return { kind: "char", ch: rs };
    return { kind: "regex", re: this.regex.get(rs, this.IGNORECASE) };
  }

  // ==== conversions ====

  /** String value with CONVFMT. */
  str(v: Value): string {
    return typeof v === "string" ? v : typeof v === "number" ? numToStr(v, this.CONVFMT) : v.s;
  }

  /** Output string of a value (numbers with OFMT). */
  outStr(v: Value): string {
    return typeof v === "string" ? v : typeof v === "number" ? numToStr(v, this.OFMT) : v.s;
  }

  /** Text of a value for printf's `%s` (numbers: integers exactly, others with OFMT... as gawk). */
  outStrForPrintf(v: Value): string {
    return typeof v === "string" ? v : typeof v === "number" ? numToStr(v, this.CONVFMT) : v.s;
  }

  /** Numeric value. */
  num(v: Value): number {
    return toNum(v);
  }

  /** Array subscript text of a value (integers print as integers, others with CONVFMT). */
  key(v: Value): string {
    return toStr(v, this.CONVFMT);
  }

  // ==== output ====

  /** Appends to stdout (buffered). */
  write(s: string): void {
    this.#out.push(s);
    this.#outSize += s.length;
    if (this.#outSize >= FLUSH_AT) this.flushStdout();
  }

  /** Hands buffered stdout to the stream (remembering back-pressure to await later). */
  flushStdout(): void {
    if (this.#out.length === 0) return;
    const text = this.#out.length === 1 ? this.#out[0]! : this.#out.join("");
    this.#out = [];
    this.#outSize = 0;
    // behind a write the reader has not taken yet, the text queues in memory (a BEGIN loop
    // printing into a pipe never waits): charged until the next drain
    if (this.#pending !== undefined) {
      this.#queued += text.length;
      this.held.charge(text.length);
    }
    const p = this.io.stdout.write(text);
    // Promise.all, not then: a write that fails behind another failed one is still observed
    if (p !== undefined) this.#pending = this.#pending === undefined ? p : Promise.all([this.#pending, p]);
  }

  /** Waits for stdout back-pressure, if any. */
  async drain(): Promise<void> {
    if (this.#pending !== undefined) {
      const p = this.#pending;
      this.#pending = undefined;
      await p;
      if (this.#queued !== 0) {
        this.held.charge(-this.#queued);
        this.#queued = 0;
      }
    }
  }

  /**
   * At the end of a run that failed: output still waiting for its reader, and the commands still
   * feeding `cmd | getline`, may yet fail (a broken pipe, the deadline) with nobody left to await
   * them, which must not become unhandled rejections. The commands are told to stop (their pipe
   * closes). After a run that ended normally, `closeAll` left nothing to do.
   */
  abandon(): void {
    this.#pending?.catch(() => undefined);
    this.#pending = undefined;
    for (const r of this.#readers.values()) {
      r.channel?.close();
      r.done?.catch(() => undefined);
    }
    this.#readers.clear();
  }

  /** True when output is waiting for back-pressure. */
  get hasPending(): boolean {
    return this.#pending !== undefined || this.#out.length > 0;
  }

  /** Writes to a redirection target (`> file`, `>> file`, `| cmd`); buffered until close/exit. */
  writeTo(kind: ">" | ">>" | "|", dest: string, s: string): void {
    if (kind !== "|") {
      if (dest === "/dev/stdout" || dest === "-") {
        this.write(s);
        return;
      }
      if (dest === "/dev/stderr") {
        this.flushStdout();
        void this.io.stderr.write(s);
        return;
      }
      if (dest === "/dev/null") return;
    }
    let t = this.#targets.get(dest);
    if (t === undefined) {
      // open until close or exit: a program can open one per name (`print > ("f" i)`)
      this.held.charge(SLOT_BYTES + dest.length);
      t = { kind, parts: [], size: 0, truncated: false };
      this.#targets.set(dest, t);
    }
    t.parts.push(s);
    t.size += s.length;
    this.io.meter?.checkString(t.size);
    // buffered until close or exit: charged (the number of targets has no bound of its own)
    this.held.charge(s.length);
  }

  /** Flushes a file target's buffered text to the filesystem. */
  async #flushFile(dest: string, t: OutputTarget): Promise<number> {
    const fs = this.io.fs;
    const text = t.parts.join("");
    this.held.charge(-t.size);
    t.parts = [];
    t.size = 0;
    if (fs === undefined) {
      this.warn(`can't redirect to \`${dest}' (No filesystem)`);
      return -1;
    }
    const append = t.kind === ">>" || t.truncated;
    t.truncated = true;
    try {
      await fs.writeFile(resolvePath(this.io.cwd, dest), text, { append });
      return 0;
    } catch (e) {
      throw new HuskError(`fatal: can't redirect to \`${dest}' (${e instanceof Error ? e.message : "error"})`, 2);
    }
  }

  async #runPipe(cmd: string, t: OutputTarget): Promise<number> {
    const text = t.parts.join("");
    this.held.charge(-t.size);
    t.parts = [];
    t.size = 0;
    this.flushStdout();
    await this.drain();
    if (this.io.shell === undefined) {
      this.warn(`can't open pipe \`${cmd}' (no shell)`);
      return -1;
    }
    return this.io.shell.exec(cmd, { stdin: text, stdout: this.io.stdout, stderr: this.io.stderr });
  }

  /** close(name): flushes and closes an output target or an input source. Returns its status. */
  async close(name: string): Promise<number> {
    const t = this.#targets.get(name);
    let status = -1;
    if (t !== undefined) {
      this.#targets.delete(name);
      this.held.charge(-(SLOT_BYTES + name.length));
      status = t.kind === "|" ? await this.#runPipe(name, t) : await this.#flushFile(name, t);
    }
    const r = this.#readers.get(name);
    if (r !== undefined) {
      this.#readers.delete(name);
      this.held.charge(-(SLOT_BYTES + name.length));
      if (r.channel !== undefined) {
        r.channel.close();
        await r.done;
      }
      status = r.status;
    }
    return status;
  }

  /** fflush(): writes buffered file output without closing. */
  async fflush(name?: string): Promise<number> {
    this.flushStdout();
    await this.drain();
    for (const [dest, t] of this.#targets) {
      if ((name === undefined || name === dest) && t.kind !== "|" && t.parts.length > 0) await this.#flushFile(dest, t);
    }
    return 0;
  }

  /** At exit: flushes files, runs output pipes, flushes stdout. */
  async closeAll(): Promise<void> {
    for (const name of [...this.#targets.keys(), ...this.#readers.keys()]) await this.close(name);
    this.flushStdout();
    await this.drain();
  }

  /** Writes a gawk-style warning to stderr (with the source line when known). */
  warn(message: string, line = 0): void {
    void this.io.stderr.write(`${this.name}: ${line > 0 ? `cmd. line:${line}: ` : ""}warning: ${message}\n`);
  }

  // ==== getline sources ====

  /** Next record from `getline < file`; undefined at EOF; -1 (number) on error. */
  async readFromFile(name: string): Promise<string | undefined | -1> {
    let r = this.#readers.get(name);
    if (r === undefined) {
      if (name === "-" || name === "/dev/stdin") {
        r = { reader: this.#stdinReader(), status: 0 };
      } else {
        const fs = this.io.fs;
        if (fs === undefined) return -1;
        let text: string;
        try {
          text = await fs.readFile(resolvePath(this.io.cwd, name));
        } catch {
          return -1;
        }
        r = { reader: new RecordReader(text), status: 0 };
      }
      this.held.charge(SLOT_BYTES + name.length);
      this.#readers.set(name, r);
    }
    const rec = await r.reader.next(this.recordSep());
    this.RT = r.reader.rt;
    return rec;
  }

  #stdinShared: RecordReader | undefined;
  #stdinReader(): RecordReader {
    this.#stdinShared ??= new RecordReader(this.io.stdin, this.io.meter);
    return this.#stdinShared;
  }

  /** The reader for standard input (shared by main input and `getline < "-"`). */
  stdinReader(): RecordReader {
    return this.#stdinReader();
  }

  /** Next record from `cmd | getline`; starts the command (inside the shell) on first use and streams its output. */
  async readFromCommand(cmd: string): Promise<string | undefined | -1> {
    let r = this.#readers.get(cmd);
    if (r === undefined) {
      this.flushStdout();
      await this.drain();
      for (const [dest, t] of this.#targets) if (t.kind !== "|" && t.parts.length > 0) await this.#flushFile(dest, t);
      if (this.io.shell === undefined) return -1;
      const ch = new Channel();
      const entry: ReaderEntry = { reader: new RecordReader(ch, this.io.meter), status: 0, channel: ch, done: undefined };
      entry.done = this.io.shell.exec(cmd, { stdin: "", stdout: ch, stderr: this.io.stderr }).then(
        (status) => {
          ch.end();
          entry.status = status;
          return status;
        },
        (e: unknown) => {
          ch.end();
          if (e instanceof BrokenPipeError) return (entry.status = 141);
          throw e;
        },
      );
      r = entry;
      this.held.charge(SLOT_BYTES + cmd.length);
      this.#readers.set(cmd, r);
    }
    const rec = await r.reader.next(this.recordSep());
    this.RT = r.reader.rt;
    return rec;
  }

  /** system(cmd): runs inside the shell with awk's stdout; returns the exit status. */
  async system(cmd: string): Promise<number> {
    await this.fflush();
    if (this.io.shell === undefined) return 127;
    return this.io.shell.exec(cmd, { stdout: this.io.stdout, stderr: this.io.stderr });
  }

  /** Next main-input record via a getline without source, or undefined. Set by run.ts. */
  nextMainRecord: () => Promise<string | undefined> = () => Promise.resolve(undefined);

  /** Synchronous fast path check for main input (NEED_MORE when an await is needed). */
  static readonly NEED_MORE = NEED_MORE;
}

/** An open getline source; commands also keep their pipe and completion. */
interface ReaderEntry {
  readonly reader: RecordReader;
  status: number;
  readonly channel?: Channel;
  done?: Promise<number> | undefined;
}

const NL_SEP: RecordSep = { kind: "char", ch: "\n" };
const PARA_SEP: RecordSep = { kind: "para" };

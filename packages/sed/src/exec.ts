import { HuskError, type LimitsMeter } from "@husk/host";
import type { CompiledRegex } from "@husk/pattern";
import type { LineReader } from "./input.js";
import type { Program } from "./parse.js";
import type { Address, SedCommand, Subst } from "./script.js";
import { type BlockStep, blockPlan, runBlock, substitute } from "./subst.js";

/** What the executor needs from the world (files for r/R/w/W, output sinks). */
export interface SedHost {
  /** Reads a file for `r`/`R`; null when it cannot be read (silently ignored, as GNU does). */
  readFile(path: string): Promise<string | null>;
  /** Appends output (stdout, or the file being edited in place). */
  write(text: string): void | Promise<void>;
  /** Output of `w /dev/stderr`. */
  writeErr(text: string): void;
  readonly meter?: LimitsMeter;
}

/** Run options. */
export interface ExecOptions {
  readonly quiet: boolean;
  /** Line separator: "\n", or "\0" with -z. */
  readonly sep: string;
  /** `l` line length (0: no wrapping). */
  readonly lineLength: number;
  readonly posix?: boolean;
}

/** Outcome of running over one stream of input. */
export interface ExecResult {
  /** Set by q/Q: stop everything and exit with this status. */
  exit: number | null;
}

interface RangeState {
  active: boolean;
  /** Ended once: a range starting at a line number never starts again. */
  closed: boolean;
  end: number;
}

/**
 * Runs a parsed program. One `SedState` spans all input of a run (hold space, `w` files, last
 * regex, range states); `runStream` processes one stream of lines (all files, or one file
 * with -s/-i).
 */
export class SedState {
  readonly #p: Program;
  readonly #o: ExecOptions;
  readonly #h: SedHost;
  hold = "";
  lastRe: CompiledRegex | null = null;
  /** Contents written by w/W per file name, flushed by the caller at the end. */
  readonly wfiles = new Map<string, string[]>();
  readonly #ranges: RangeState[];
  readonly #rfiles = new Map<string, { lines: string[]; i: number }>();
  #missingNl = false;
  /** Whether the hold space ends a line (GNU starts it as a complete empty line). */
  #holdNl = true;
  /** Pending output (a rope; flattened when flushed every 64 KiB). */
  #out = "";

  constructor(p: Program, o: ExecOptions, h: SedHost) {
    this.#p = p;
    this.#o = o;
    this.#h = h;
    // GNU: `0,/re/` is active before the first line, so line 1 can end it
    this.#ranges = p.commands.map((c) => ({ active: c.a1?.k === "line" && c.a1.n === 0, closed: false, end: 0 }));
    for (const f of p.wfiles) this.wfiles.set(f, []);
  }

  /** A pending run of unchanged input lines, copied out as one slice of the input buffer. */
  #pendBuf: string | null = null;
  #pendStart = 0;
  #pendEnd = 0;

  #flushPend(): void {
    this.#out += this.#pendBuf!.slice(this.#pendStart, this.#pendEnd);
    this.#pendBuf = null;
  }

  /** Prints the current input line unchanged (`ps` equals the line just read, with its separator). */
  #emitInputLine(reader: LineReader): void {
    if (this.#pendBuf === reader.buffer && this.#pendEnd === reader.lineStart) {
      this.#pendEnd = reader.lineEnd;
      return;
    }
    if (this.#pendBuf !== null) this.#flushPend();
    if (this.#missingNl) {
      this.#out += this.#o.sep;
      this.#missingNl = false;
    }
    this.#pendBuf = reader.buffer;
    this.#pendStart = reader.lineStart;
    this.#pendEnd = reader.lineEnd;
  }

  #emit(text: string): void {
    if (this.#pendBuf !== null) this.#flushPend();
    if (this.#missingNl) {
      this.#out += this.#o.sep;
      this.#missingNl = false;
    }
    this.#out += text;
  }

  /** Writes the pattern space as a line (without its separator when the input lacked one). */
  #emitLine(ps: string, nl: boolean): void {
    this.#emit(ps);
    if (nl) this.#emit(this.#o.sep);
    else this.#missingNl = true;
  }

  async #flush(): Promise<void> {
    if (this.#pendBuf !== null) this.#flushPend();
    if (this.#out.length === 0) return;
    const t = this.#out;
    this.#out = "";
    const r = this.#h.write(t);
    if (r) await r;
  }

  /**
   * GNU with -s/-i, before each file: the hold space is emptied, ranges and `R` files start
   * over; an in-place file also starts with no pending newline (stdout keeps it).
   */
  startFile(inPlace: boolean): void {
    if (inPlace) this.#missingNl = false;
    this.hold = "";
    this.#rfiles.clear();
    this.#ranges.forEach((st, k) => {
      const a1 = this.#p.commands[k]!.a1;
      st.active = a1?.k === "line" && a1.n === 0;
      st.closed = false;
    });
  }

  /** Processes one stream of lines; line numbers restart at `startLine`. */
  async runStream(reader: LineReader, startLine = 0): Promise<ExecResult & { lineNo: number }> {
    const cmds = this.#p.commands;
    const o = this.#o;
    const meter = this.#h.meter;
    let lineNo = startLine;
    let ps = "";
    let nl = true;
    let tflag = false;
    const append: (() => Promise<string | null>)[] = [];
    const usesLast = cmds.some((c) => c.a1?.k === "last" || c.a2?.k === "last");
    let isLast = false;
    let lineText = ""; // the last line read, as read
    const take = (l: { text: string; nl: boolean }, joined: boolean): void => {
      lineNo++;
      lineText = l.text;
      ps = joined ? `${ps}${o.sep}${l.text}` : l.text;
      nl = l.nl;
    };
    /** i and c text ends with the line separator (NUL with -z); a's is written as it is. */
    const textLine = (t: string): string => (o.sep === "\n" ? t : t.slice(0, -1) + o.sep);
    const printPs = (): void => {
      if (nl && ps === lineText && reader.lineEnd - reader.lineStart === ps.length + o.sep.length) this.#emitInputLine(reader);
      else this.#emitLine(ps, nl);
    };
    const readIntoAsync = async (joined: boolean): Promise<boolean> => {
      const l = await reader.next();
      if (!l) return false;
      take(l, joined);
      if (usesLast) isLast = !(await reader.hasMore());
      return true;
    };
    /** Reads the next line into the pattern space; synchronous unless a read must wait. */
    const readInto = (joined: boolean): boolean | Promise<boolean> => {
      const l = reader.nextSync();
      if (l === undefined) return readIntoAsync(joined);
      if (l === null) return false;
      take(l, joined);
      if (usesLast) {
        const more = reader.hasMoreSync();
        if (more === undefined) return reader.hasMore().then((m) => ((isLast = !m), true));
        isLast = !more;
      }
      return true;
    };
    const flushAppend = async (): Promise<void> => {
      this.#emit(""); // GNU ends a line left without its newline first, even for empty text
      for (const f of append) {
        const t = await f();
        if (t !== null && t !== "") {
          this.#emit(t);
          if (!t.endsWith("\n")) this.#missingNl = true;
        }
      }
      append.length = 0;
    };
    const matchOne = (a: Address): boolean => {
      switch (a.k) {
        case "line":
          return lineNo === a.n;
        case "last":
          return isLast;
        case "step":
          return a.step <= 0 ? lineNo === a.first : lineNo >= a.first && (lineNo - a.first) % a.step === 0;
        case "re":
          return this.#regex(a.re.re).test(ps);
        default:
          return false;
      }
    };
    /** GNU's match_address_p: a range whose first address is a line number starts at any line at or past it (once). */
    const matches = (c: SedCommand): boolean => {
      if (!c.a1) return true;
      if (!c.a2) return matchOne(c.a1);
      const st = this.#ranges[c.index]!;
      const a2 = c.a2;
      if (!st.active) {
        if (c.a1.k === "line") {
          if (st.closed || lineNo < c.a1.n) return false;
        } else if (!matchOne(c.a1)) return false;
        st.active = true;
        switch (a2.k) {
          case "re":
            return true; // the end is looked for from the next line on
          case "line":
            if (lineNo >= a2.n) this.#closeRange(st);
            return lineNo <= a2.n || matchOne(c.a1);
          case "plus":
            st.end = lineNo + a2.n;
            if (a2.n <= 0) this.#closeRange(st);
            return true;
          case "mult":
            // GNU: up to the next multiple of N after this line (`4,~4` is 4..8), `~0` is one line
            if (a2.n <= 0) this.#closeRange(st);
            else st.end = (Math.floor(lineNo / a2.n) + 1) * a2.n;
            return true;
          default:
            break;
        }
      }
      switch (a2.k) {
        case "line":
          // jumped over the end (`b`, `N`): the range is over without this line
          if (lineNo >= a2.n) this.#closeRange(st);
          return lineNo <= a2.n;
        case "plus":
        case "mult":
          if (lineNo >= st.end) this.#closeRange(st);
          return true;
        case "last":
          if (isLast) this.#closeRange(st);
          return true;
        case "re":
          if (this.#regex(a2.re.re).test(ps)) this.#closeRange(st);
          return true;
        default:
          return true;
      }
    };

    const plan = blockPlan(this.#p, o.quiet, o.sep, meter);
    if (plan !== null) return this.#runBlocks(reader, plan, lineNo);

    let r0 = readInto(false);
    let haveLine = r0 === true || r0 === false ? r0 : await r0;
    while (haveLine) {
      if (meter) meter.tick();
      tflag = false;
      let pc = 0;
      let autoprint = !o.quiet;
      let restart = false; // D with a newline: new cycle without reading
      let quit: number | null = null;
      let endCycle = false;
      while (pc < cmds.length && !endCycle) {
        const c = cmds[pc]!;
        let hit = matches(c);
        if (c.negate) hit = !hit;
        if (!hit) {
          pc = c.name === "{" ? c.target : pc + 1;
          continue;
        }
        pc++;
        switch (c.name) {
          case "{":
          case "}":
          case ":":
          case "#":
            break;
          case "=":
            this.#emit(`${lineNo}${o.sep}`);
            break;
          case "a":
            append.push(() => Promise.resolve(c.text));
            break;
          case "i":
            if (c.text !== "") this.#emit(textLine(c.text));
            break;
          case "c":
            if ((!c.a2 || c.negate || !this.#ranges[c.index]!.active) && c.text !== "") this.#emit(textLine(c.text));
            autoprint = false;
            endCycle = true;
            break;
          case "d":
            autoprint = false;
            endCycle = true;
            break;
          case "D": {
            const k = ps.indexOf(o.sep);
            autoprint = false;
            endCycle = true;
            if (k >= 0) {
              ps = ps.slice(k + 1);
              restart = true;
            }
            break;
          }
          // GNU: each buffer keeps whether its last line had a newline, and g/G/h/H/x carry it
          case "g":
            ps = this.hold;
            nl = this.#holdNl;
            break;
          case "G":
            ps = `${ps}${o.sep}${this.hold}`;
            nl = this.#holdNl;
            meter?.checkString(ps.length); // TM-DOS-004: G/H/s in a loop double the buffers
            break;
          case "h":
            this.hold = ps;
            this.#holdNl = nl;
            break;
          case "H":
            this.hold = `${this.hold}${o.sep}${ps}`;
            this.#holdNl = nl;
            meter?.checkString(this.hold.length);
            break;
          case "x": {
            const t = ps;
            ps = this.hold;
            this.hold = t;
            const tn = nl;
            nl = this.#holdNl;
            this.#holdNl = tn;
            break;
          }
          case "z":
            ps = "";
            break;
          case "l":
            this.#emit(escapeL(ps, c.num >= 0 ? c.num : o.lineLength, o.sep));
            break;
          case "F":
            this.#emit(`${reader.fileName}${o.sep}`);
            break;
          case "p":
            printPs();
            break;
          case "P": {
            const k = ps.indexOf(o.sep);
            this.#emitLine(k >= 0 ? ps.slice(0, k) : ps, k >= 0 ? true : nl);
            break;
          }
          case "n":
            if (!(reader.hasMoreSync() ?? (await reader.hasMore()))) {
              if (o.posix) autoprint = false;
              quit = -1;
              endCycle = true;
              break;
            }
            if (!o.quiet) this.#emitLine(ps, nl);
            if (append.length > 0) await flushAppend();
            await readInto(false);
            break;
          case "N":
            if (!(reader.hasMoreSync() ?? (await reader.hasMore()))) {
              if (o.posix) autoprint = false;
              quit = -1;
              endCycle = true;
              break;
            }
            if (append.length > 0) await flushAppend();
            await readInto(true);
            break;
          case "q":
            quit = c.num >= 0 ? c.num : 0;
            endCycle = true;
            break;
          case "Q":
            return { exit: c.num >= 0 ? c.num : 0, lineNo: await this.#done(lineNo) };
          case "b":
            // TM-DOS-001: `:a;ba` loops without reading input; count each jump
            if (meter) meter.tick();
            pc = c.target < 0 ? cmds.length : c.target;
            break;
          case "t":
            if (meter) meter.tick();
            if (tflag) {
              tflag = false;
              pc = c.target < 0 ? cmds.length : c.target;
            }
            break;
          case "T":
            if (meter) meter.tick();
            if (tflag) tflag = false;
            else pc = c.target < 0 ? cmds.length : c.target;
            break;
          case "r": {
            const f = c.text;
            append.push(() => this.#h.readFile(f));
            break;
          }
          case "R": {
            const line = await this.#nextRLine(c.text);
            if (line !== null) append.push(() => Promise.resolve(`${line}\n`));
            break;
          }
          case "w":
            this.#writeFile(c.text, `${ps}\n`);
            break;
          case "W": {
            const k = ps.indexOf("\n");
            this.#writeFile(c.text, `${k >= 0 ? ps.slice(0, k) : ps}\n`);
            break;
          }
          case "y":
            ps = transliterate(ps, c.ySrc, c.yDst);
            break;
          case "s": {
            const r = this.#substitute(c.subst!, ps);
            if (r !== null) {
              meter?.checkString(r.length);
              ps = r;
              tflag = true;
              for (let k = 0; k < c.subst!.print; k++) this.#emitLine(ps, nl);
              if (c.subst!.wfile) this.#writeFile(c.subst!.wfile, `${ps}\n`);
            }
            break;
          }
          default:
            throw new HuskError(`internal: unknown command ${c.name}`);
        }
      }
      if (autoprint) printPs();
      // q ends a last line that lacked its newline (GNU dumps the append queue, which does)
      if (append.length > 0 || (quit !== null && quit >= 0)) await flushAppend();
      if (this.#out.length > 65536 || (this.#pendBuf !== null && this.#pendEnd - this.#pendStart > 1 << 20)) await this.#flush();
      if (quit !== null) return { exit: quit < 0 ? null : quit, lineNo: await this.#done(lineNo) };
      if (restart) {
        if (usesLast) isLast = !(await reader.hasMore());
        // GNU: D restarts the cycle without reading when pattern space remains
        haveLine = true;
        continue;
      }
      r0 = readInto(false);
      haveLine = r0 === true || r0 === false ? r0 : await r0;
    }
    return { exit: null, lineNo: await this.#done(lineNo) };
  }

  /** runStream for a block plan: whole buffers of lines at once, line by line only at chunk ends. */
  async #runBlocks(reader: LineReader, plan: BlockStep[], lineNo: number): Promise<ExecResult & { lineNo: number }> {
    const meter = this.#h.meter;
    while (await reader.hasMore()) {
      // blocks of ~256 KB: short-lived strings stay in the young generation (10 MB at once
      // made V8's collector cost grow faster than the input)
      const b = reader.takeBlock(1 << 18);
      if (b !== null) {
        if (meter) meter.checkDeadline();
        this.#emit(runBlock(plan, b.text, b.maxLine, meter));
        lineNo += b.lines;
        await this.#flush();
        continue;
      }
      // a line without its separator yet: the end of the input, or of a chunk of a stream
      const l = await reader.next();
      if (l === null) break;
      lineNo++;
      let ps = l.text;
      for (const st of plan) ps = this.#substitute(st.subst, ps) ?? ps;
      this.#emitLine(ps, l.nl);
    }
    return { exit: null, lineNo: await this.#done(lineNo) };
  }

  async #done(lineNo: number): Promise<number> {
    await this.#flush();
    return lineNo;
  }

  #closeRange(st: RangeState): void {
    st.active = false;
    st.closed = true;
  }

  #regex(re: CompiledRegex | null): CompiledRegex {
    if (re) {
      this.lastRe = re;
      return re;
    }
    if (!this.lastRe) throw new HuskError("no previous regular expression", 1);
    return this.lastRe;
  }

  #writeFile(name: string, text: string): void {
    if (name === "/dev/stdout") this.#emit(text);
    else if (name === "/dev/stderr") this.#h.writeErr(text);
    else {
      let a = this.wfiles.get(name);
      if (!a) this.wfiles.set(name, (a = []));
      a.push(text);
    }
  }

  async #nextRLine(name: string): Promise<string | null> {
    let f = this.#rfiles.get(name);
    if (!f) {
      const t = await this.#h.readFile(name);
      const lines = t === null || t === "" ? [] : (t.endsWith("\n") ? t.slice(0, -1) : t).split("\n");
      f = { lines, i: 0 };
      this.#rfiles.set(name, f);
    }
    return f.i < f.lines.length ? f.lines[f.i++]! : null;
  }

  /** Applies `s`; returns the new pattern space, or null when nothing was replaced. */
  #substitute(s: Subst, ps: string): string | null {
    return substitute(s, this.#regex(s.re.re), ps, this.#h.meter, null);
  }
}

function transliterate(ps: string, src: string, dst: string): string {
  const from = [...src];
  const to = [...dst];
  let out = "";
  for (const ch of ps) {
    const k = from.indexOf(ch);
    out += k >= 0 ? to[k]! : ch;
  }
  return out;
}

const L_ESC: Record<number, string> = { 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r", 92: "\\\\" };

/**
 * The `l` command's rendering: escapes, octal bytes for the rest (each byte its own piece, so a
 * wrap can fall inside a character, as in GNU), wrapped at `width`, `$` and `sep` at the end.
 */
export function escapeL(ps: string, width: number, sep = "\n"): string {
  const pieces: string[] = [];
  const enc = new TextEncoder();
  for (const ch of ps) {
    const c = ch.codePointAt(0)!;
    if (L_ESC[c]) pieces.push(L_ESC[c]!);
    else if (c >= 32 && c < 127) pieces.push(ch);
    else {
      for (const b of enc.encode(ch)) pieces.push(`\\${b.toString(8).padStart(3, "0")}`);
    }
  }
  let out = "";
  let col = 0;
  for (const p of pieces) {
    if (width > 0 && col + p.length > width - 1) {
      out += `\\${sep}`;
      col = 0;
    }
    out += p;
    col += p.length;
  }
  return `${out}$${sep}`;
}

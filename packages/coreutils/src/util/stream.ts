/**
 * The streaming input layer of the text tools: an operand is read chunk by chunk (stdin as its
 * writer produces it, a file's text, already in memory, in slices), and lines are cut from the
 * chunks with the partial line carried over, so a tool holds what it must (a line, a ring of
 * lines, a hash state), never its whole input as one string.
 *
 * - `openInput` / `forEachStream` / `ConcatInput`: operands as `Chunks`, with GNU's error
 *   reports (`NAME: 'OP': strerror`, or a tool's own format).
 * - `LineSplitter`, `eachBlock`, `forEachBlock`: blocks of whole lines (fast: a block is
 *   processed by the same code that used to process a whole text).
 * - `eachLine`, `LineReader`: one line at a time (push or pull).
 */
import { type CommandContext, FsError, type InputStream, type LimitsMeter, resolvePath } from "@husk/host";
import { reportFsError } from "./io.js";

/** Code units per slice when a file's text, already in memory, is read as a stream. */
export const SLICE = 1 << 18;

/** One opened operand: its text as a sequence of chunks. */
export interface Chunks {
  /**
   * The next chunk, or undefined at the end. A chunk is never empty and never ends between
   * the two halves of a surrogate pair (so UTF-8 byte counts of chunks add up).
   */
  read(): Promise<string | undefined>;
  /**
   * The whole text when the operand is a file (already in memory, bounded by maxFileBytes), for
   * tools that read from the end (tail); undefined for streams. Reading chunks does not change it.
   */
  readonly text: string | undefined;
  /** Tells the writer no more is wanted (stdin: like closing a pipe); files ignore it. */
  close(): void;
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/** The chunks of a string already in memory: slices of about `SLICE` code units. */
export class TextChunks implements Chunks {
  #pos = 0;
  constructor(
    readonly text: string,
    readonly slice = SLICE,
  ) {}
  read(): Promise<string | undefined> {
    const t = this.text;
    const p = this.#pos;
    if (p >= t.length) return Promise.resolve(undefined);
    let end = Math.min(t.length, p + this.slice);
    if (end < t.length && isHigh(t.charCodeAt(end - 1))) end++;
    this.#pos = end;
    return Promise.resolve(p === 0 && end === t.length ? t : t.slice(p, end));
  }
  close(): void {
    this.#pos = this.text.length;
  }
}

/**
 * The chunks of an InputStream (stdin, a pipe). A chunk ending in the first half of a
 * surrogate pair keeps it for the next one. `first`, when given, is what a first
 * `input.read()` already returned (undefined: the input was at its end).
 */
export class StreamChunks implements Chunks {
  readonly text = undefined;
  #held = "";
  #first: string | undefined;
  #done = false;
  constructor(
    readonly input: InputStream,
    ...first: [] | [string | undefined]
  ) {
    if (first.length > 0) {
      this.#first = first[0];
      this.#done = first[0] === undefined;
    }
  }
  async read(): Promise<string | undefined> {
    for (;;) {
      let c: string | undefined;
      if (this.#first !== undefined) {
        c = this.#first;
        this.#first = undefined;
      } else if (this.#done) c = undefined;
      else c = await this.input.read();
      if (c === undefined) {
        this.#done = true;
        const h = this.#held;
        this.#held = "";
        return h === "" ? undefined : h;
      }
      if (this.#held !== "") {
        c = this.#held + c;
        this.#held = "";
      }
      if (c === "") continue;
      if (isHigh(c.charCodeAt(c.length - 1))) {
        this.#held = c.slice(-1);
        c = c.slice(0, -1);
        if (c === "") continue;
      }
      return c;
    }
  }
  close(): void {
    this.#done = true;
    this.#first = undefined;
    this.#held = "";
    this.input.close();
  }
}

/** The operand list of a tool: stdin (`-`) when there is none. */
function orStdin(operands: readonly string[]): readonly string[] {
  return operands.length ? operands : ["-"];
}

/**
 * Opens an operand as `readInput` reads it: `-` and `/dev/stdin` are stdin, `/dev/null` is
 * empty, anything else a file of `ctx.fs` relative to `ctx.cwd`. Rejects with the FsError of
 * the open; for stdin the first chunk is read here, so that a read error of stdin (`< dir`:
 * EISDIR) is an open error too.
 */
export async function openInput(ctx: CommandContext, operand: string): Promise<Chunks> {
  const path = operand === "-" ? "/dev/stdin" : resolvePath(ctx.cwd, operand);
  if (path === "/dev/stdin") {
    return new StreamChunks(ctx.stdin, await ctx.stdin.read());
  }
  if (path === "/dev/null") return new TextChunks("");
  return new TextChunks(await ctx.fs.readFile(path));
}

/** How an open failure is reported: `NAME: format(operand, strerror)` (default GNU's `NAME: 'op': strerror`). */
export type OpenErrorFormat = (operand: string, message: string) => string;

/** Reports the failed open of `operand` (`NAME: 'OP': strerror`, or `NAME: format(OP, strerror)`); returns 1 (rethrows non-FsErrors). */
export function reportOpenError(ctx: CommandContext, operand: string, e: unknown, name = ctx.name, format?: OpenErrorFormat): number {
  if (format && e instanceof FsError) {
    ctx.stderr.write(`${name}: ${format(operand, e.message)}\n`);
    return 1;
  }
  return reportFsError(ctx, operand, e, name);
}

/**
 * Opens every operand in turn (stdin when there are none) and calls `each` with its chunks;
 * `each` reads as much as it wants. A failing operand is reported (`NAME: OP: strerror`, or
 * `NAME: format(op, strerror)`) and skipped. Resolves with 1 when any failed, else 0.
 */
export async function forEachStream(
  ctx: CommandContext,
  operands: readonly string[],
  each: (input: Chunks, operand: string) => void | Promise<void>,
  name = ctx.name,
  format?: OpenErrorFormat,
): Promise<number> {
  let status = 0;
  for (const op of orStdin(operands)) {
    let input: Chunks;
    try {
      input = await openInput(ctx, op);
    } catch (e) {
      status = reportOpenError(ctx, op, e, name, format);
      continue;
    }
    await each(input, op);
  }
  return status;
}

/**
 * All operands (stdin when none) as ONE stream of chunks, as `cat` concatenates them: each is
 * opened when the previous one is exhausted, and a failing one is reported then (as by
 * `forEachStream`) and skipped. `status` is 1 once one failed; `opened` counts those read.
 */
export class ConcatInput implements Chunks {
  readonly text = undefined;
  status = 0;
  opened = 0;
  #next = 0;
  #cur: Chunks | undefined;
  readonly #operands: readonly string[];
  constructor(
    readonly ctx: CommandContext,
    operands: readonly string[],
    readonly name = ctx.name,
    readonly format?: OpenErrorFormat,
  ) {
    this.#operands = orStdin(operands);
  }
  async read(): Promise<string | undefined> {
    for (;;) {
      if (this.#cur !== undefined) {
        const c = await this.#cur.read();
        if (c !== undefined) return c;
        this.#cur = undefined;
      }
      if (this.#next >= this.#operands.length) return undefined;
      const op = this.#operands[this.#next++] as string;
      try {
        this.#cur = await openInput(this.ctx, op);
        this.opened++;
      } catch (e) {
        this.status = reportOpenError(this.ctx, op, e, this.name, this.format);
      }
    }
  }
  close(): void {
    this.#cur?.close();
    this.#next = this.#operands.length;
  }
}

/** Reads every chunk of `input`, handing each to `each` (awaited when it returns a Promise). */
export async function eachChunk(input: Chunks, meter: LimitsMeter, each: (chunk: string) => void | Promise<void>): Promise<void> {
  for (let c = await input.read(); c !== undefined; c = await input.read()) {
    const p = each(c);
    if (p) await p;
    meter.tick();
  }
}

/**
 * Cuts chunks into blocks of whole lines. `push` returns the lines completed by a chunk as one
 * string (each with its separator; "" when none was completed); `end` returns what follows the
 * last separator (an unterminated last line, "" when none). A line longer than the run's
 * `maxStringBytes` fails with its LimitError.
 */
export class LineSplitter {
  /** The partial line, in pieces (joined once its end arrives). */
  #carry: string[] = [];
  #carryLength = 0;
  constructor(
    readonly sep = "\n",
    readonly meter?: LimitsMeter,
  ) {}

  /** The lines `chunk` completes, as one string ending with the separator, or "". */
  push(chunk: string): string {
    const sep = this.sep;
    let probe = chunk;
    if (sep.length > 1 && this.#carryLength > 0) {
      // a separator of several characters may straddle the carry and the chunk
      probe = this.#join() + chunk;
      this.#carry = [];
      this.#carryLength = 0;
    }
    const last = probe.lastIndexOf(sep);
    if (last < 0) {
      this.#hold(probe);
      return "";
    }
    const end = last + sep.length;
    let block = end === probe.length ? probe : probe.slice(0, end);
    if (this.#carryLength > 0) block = this.#join() + block;
    this.#carry = [];
    this.#carryLength = 0;
    if (end < probe.length) this.#hold(probe.slice(end));
    return block;
  }

  /** The unterminated rest ("" when the input ended with a separator); the splitter is empty after. */
  end(): string {
    const rest = this.#join();
    this.#carry = [];
    this.#carryLength = 0;
    return rest;
  }

  #hold(s: string): void {
    this.#carry.push(s);
    this.#carryLength += s.length;
    this.meter?.checkString(this.#carryLength);
  }

  #join(): string {
    const c = this.#carry;
    if (c.length > 1) this.#carry = [c.join("")];
    return this.#carry[0] ?? "";
  }
}

/**
 * Reads `input` to its end in blocks of whole lines: `each` gets strings made of complete
 * lines (each with its separator), and at the end the unterminated last line, if any, alone.
 * So a function of a whole text that works line by line gives the same result block by block.
 */
export async function eachBlock(input: Chunks, sep: string, meter: LimitsMeter, each: (block: string) => void | Promise<void>): Promise<void> {
  const splitter = new LineSplitter(sep, meter);
  for (let c = await input.read(); c !== undefined; c = await input.read()) {
    const block = splitter.push(c);
    if (block !== "") {
      const p = each(block);
      if (p) await p;
    }
    meter.tick();
  }
  const rest = splitter.end();
  if (rest !== "") {
    const p = each(rest);
    if (p) await p;
  }
}

/** `forEachStream` + `eachBlock`: every operand's text in blocks of whole lines (see `eachBlock`). */
export function forEachBlock(
  ctx: CommandContext,
  operands: readonly string[],
  sep: string,
  each: (block: string, operand: string) => void | Promise<void>,
  name = ctx.name,
  format?: OpenErrorFormat,
): Promise<number> {
  return forEachStream(ctx, operands, (input, op) => eachBlock(input, sep, ctx.meter, (b) => each(b, op)), name, format);
}

/**
 * Reads `input` line by line: `each(line, terminated)` gets every line without its separator;
 * `terminated` is false only for an unterminated last line. Returned Promises are awaited.
 */
export function eachLine(
  input: Chunks,
  sep: string,
  meter: LimitsMeter,
  each: (line: string, terminated: boolean) => void | Promise<void>,
): Promise<void> {
  const n = sep.length;
  return eachBlock(input, sep, meter, async (block) => {
    let start = 0;
    while (start < block.length) {
      const i = block.indexOf(sep, start);
      const p = i < 0 ? each(block.slice(start), false) : each(block.slice(start, i), true);
      if (p) await p;
      if (i < 0) break;
      start = i + n;
    }
  });
}

/**
 * Pulls lines from `input` one at a time (tools that read several inputs in step: paste,
 * comm). `next` resolves with the next line without its separator, or undefined at the end;
 * `nextSync` returns it without waiting when it is already buffered.
 */
export class LineReader {
  #block = "";
  #pos = 0;
  #done = false;
  readonly #splitter: LineSplitter;
  constructor(
    readonly input: Chunks,
    readonly sep: string,
    readonly meter: LimitsMeter,
  ) {
    this.#splitter = new LineSplitter(sep, meter);
  }

  /** The next buffered line; null when a read is needed (then call `next`), undefined at the end. */
  nextSync(): string | undefined | null {
    const b = this.#block;
    if (this.#pos < b.length) {
      const i = b.indexOf(this.sep, this.#pos);
      const end = i < 0 ? b.length : i;
      const line = b.slice(this.#pos, end);
      this.#pos = i < 0 ? b.length : i + this.sep.length;
      return line;
    }
    return this.#done ? undefined : null;
  }

  /** The next line, or undefined at the end of the input. */
  async next(): Promise<string | undefined> {
    for (;;) {
      const l = this.nextSync();
      if (l !== null) return l;
      const c = await this.input.read();
      this.meter.tick();
      if (c === undefined) {
        this.#done = true;
        this.#block = this.#splitter.end();
      } else this.#block = this.#splitter.push(c);
      this.#pos = 0;
    }
  }
}

/**
 * What a tool that must hold its whole input (sort, tac, shuf ...) holds, charged to the run's
 * data budget (maxDataBytes: a clean LimitError past it) while held; `release` gives it back.
 */
export class HeldData {
  #bytes = 0;
  constructor(readonly meter: LimitsMeter) {}
  /** Charges `bytes` more (a held chunk's code units, 8 or so per array slot). */
  charge(bytes: number): void {
    this.meter.chargeData(bytes);
    this.#bytes += bytes;
  }
  /** Gives back everything charged so far. */
  release(): void {
    this.meter.chargeData(-this.#bytes);
    this.#bytes = 0;
  }
}

/**
 * Reads all of `input` as blocks of whole lines (see `eachBlock`), held and charged to `held`:
 * a file's text, already in memory, is one block (its lines are then slices of it, as when the
 * file was read whole).
 */
export async function readBlocks(input: Chunks, sep: string, held: HeldData): Promise<string[]> {
  if (input.text !== undefined) {
    held.charge(input.text.length);
    return input.text === "" ? [] : [input.text];
  }
  const blocks: string[] = [];
  await eachBlock(input, sep, held.meter, (b) => {
    held.charge(b.length);
    blocks.push(b);
  });
  return blocks;
}

/**
 * Reads all of `input` into an array of lines (without separators), charging what is held to
 * `held` (each line's code units plus `slot` for its place in the array).
 */
export async function readAllLines(input: Chunks, sep: string, held: HeldData, slot = 8): Promise<string[]> {
  let lines: string[] = [];
  for (const block of await readBlocks(input, sep, held)) {
    const parts = block.split(sep);
    if (block.endsWith(sep)) parts.pop();
    held.charge(slot * parts.length);
    if (lines.length === 0) lines = parts;
    else for (const p of parts) lines.push(p);
  }
  return lines;
}

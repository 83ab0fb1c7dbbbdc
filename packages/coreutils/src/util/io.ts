import { type CommandContext, FsError, type OutputStream, resolvePath } from "@husk/host";
import { quoteFileName } from "./shellquote.js";

/** The most text a tool reads into memory at once: the run's `maxStringBytes`. */
export function inputLimit(ctx: CommandContext): number {
  return ctx.meter.limits.maxStringBytes;
}

/**
 * Reads a whole operand: `-` and `/dev/stdin` are stdin, `/dev/null` is empty (the filesystem
 * has no devices), anything else a file of `ctx.fs` relative to `ctx.cwd` (`''` is ENOENT).
 */
export function readInput(ctx: CommandContext, operand: string): Promise<string> {
  const path = operand === "-" ? "/dev/stdin" : resolvePath(ctx.cwd, operand);
  if (path === "/dev/stdin") return ctx.stdin.readAll(inputLimit(ctx));
  if (path === "/dev/null") return Promise.resolve("");
  return ctx.fs.readFile(path);
}

/**
 * Reports an FsError the GNU way (`NAME: OPERAND: strerror`, the operand quoted as GNU's
 * quotef does: `cat: 'a b': No such file or directory`) and returns 1; any other error is
 * rethrown.
 */
export function reportFsError(ctx: CommandContext, operand: string, e: unknown, name = ctx.name): number {
  if (e instanceof FsError) {
    ctx.stderr.write(`${name}: ${quoteFileName(operand)}: ${e.message}\n`);
    return 1;
  }
  throw e;
}

/**
 * Reads every operand (stdin when there are none) and calls `each` with its text, in order.
 * A failing operand is reported (`NAME: OP: strerror`, or `NAME: format(op, strerror)`) and skipped. Resolves with 1 when any failed, else 0.
 */
export async function forEachInput(
  ctx: CommandContext,
  operands: readonly string[],
  each: (text: string, operand: string) => void | Promise<void>,
  name = ctx.name,
  format?: (operand: string, message: string) => string,
): Promise<number> {
  let status = 0;
  for (const op of operands.length ? operands : ["-"]) {
    let text: string;
    try {
      text = await readInput(ctx, op);
    } catch (e) {
      if (format && e instanceof FsError) {
        ctx.stderr.write(`${name}: ${format(op, e.message)}\n`);
        status = 1;
      } else status = reportFsError(ctx, op, e, name);
      continue;
    }
    await each(text, op);
  }
  return status;
}

/**
 * Reads all operands (stdin when none) and concatenates them; errors reported as by
 * `forEachInput` (with `format` when given). `read` counts the operands that could be read.
 */
export async function readAllInputs(
  ctx: CommandContext,
  operands: readonly string[],
  format?: (operand: string, message: string) => string,
): Promise<{ text: string; status: number; read: number }> {
  const parts: string[] = [];
  const status = await forEachInput(
    ctx,
    operands,
    (t) => {
      parts.push(t);
    },
    ctx.name,
    format,
  );
  return { text: parts.join(""), status, read: parts.length };
}

/**
 * A `format` for `forEachInput`/`readAllInputs` naming the operand as given, for the
 * util-linux and vim tools (column, hexdump, xxd) that do not quote file names as GNU does.
 */
export function unquotedOperand(operand: string, message: string): string {
  return `${operand}: ${message}`;
}

/**
 * Splits text into lines on `sep`. A final unterminated line is kept; the empty string gives
 * no lines. The trailing separator does not produce an empty last line.
 */
export function splitLines(text: string, sep = "\n"): string[] {
  if (text === "") return [];
  const lines = text.split(sep);
  if (text.endsWith(sep)) lines.pop();
  return lines;
}

/**
 * A buffered writer over an OutputStream: collects small writes and forwards them in chunks
 * of about 64 KiB, honouring back-pressure. Call `flush()` at the end.
 */
export class Writer {
  #parts: string[] = [];
  #size = 0;
  constructor(readonly out: OutputStream) {}
  /** Buffers `s`; returns a Promise only when a chunk was forwarded and the consumer is full. */
  write(s: string): Promise<void> | undefined {
    this.#parts.push(s);
    this.#size += s.length;
    if (this.#size >= 65536) return this.flush();
    return undefined;
  }
  /** Forwards everything buffered. */
  flush(): Promise<void> | undefined {
    if (this.#size === 0 && this.#parts.length === 0) return undefined;
    const text = this.#parts.length === 1 ? (this.#parts[0] as string) : this.#parts.join("");
    // a rope of many small pieces (`buf += line`) is flattened now, while its pieces are young:
    // kept in a pipe, it would be promoted piece by piece (V8 flattens on charCodeAt)
    text.charCodeAt(text.length >> 1);
    this.#parts = [];
    this.#size = 0;
    return text === "" ? undefined : this.out.write(text);
  }
}

/** Writes text to an OutputStream, awaiting back-pressure when the stream asks for it. */
export async function writeOut(out: OutputStream, text: string): Promise<void> {
  if (text === "") return;
  const p = out.write(text);
  if (p) await p;
}

/** Parses a decimal integer operand strictly (optional sign); undefined when invalid. */
export function parseIntStrict(s: string): number | undefined {
  if (!/^\s*[+-]?\d+$/.test(s)) return undefined;
  return Number(s);
}

import { type CommandContext, FsError, type OutputStream, resolvePath } from "@husk/host";
import { quoteFileName } from "./shellquote.js";

/**
 * Reads a whole operand as ONE string, for the tools whose input is one document or script
 * (json, bc, xargs; text tools stream through `util/stream.ts` instead): `-` and `/dev/stdin`
 * are stdin (at most `maxStringBytes`), `/dev/null` is empty (the filesystem has no devices),
 * anything else a file of `ctx.fs` relative to `ctx.cwd` (`''` is ENOENT).
 */
export function readInput(ctx: CommandContext, operand: string): Promise<string> {
  const path = operand === "-" ? "/dev/stdin" : resolvePath(ctx.cwd, operand);
  if (path === "/dev/stdin") return ctx.stdin.readAll(ctx.meter.limits.maxStringBytes);
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
 * An open-error format (see `forEachStream`) naming the operand as given, for the
 * util-linux and vim tools (column, hexdump, xxd) that do not quote file names as GNU does.
 */
export function unquotedOperand(operand: string, message: string): string {
  return `${operand}: ${message}`;
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

/**
 * An OutputStream appending to a file of `ctx.fs` (for `-o FILE` and OUTPUT operands: with a
 * Writer, the text goes to the file in pieces, never as one string). Writes wait for the file.
 */
export function fileOutput(ctx: CommandContext, path: string): OutputStream {
  return {
    closed: false,
    write: (text: string) => ctx.fs.writeFile(path, text, { append: true }),
  };
}

/** Output text for `lines`, each followed by `sep`, in batches of about 64 KiB (never one string of everything). */
export function* joinedBatches(lines: readonly string[], sep: string): Generator<string> {
  let from = 0;
  let size = 0;
  for (let i = 0; i < lines.length; i++) {
    size += (lines[i] as string).length + sep.length;
    if (size >= 65536) {
      yield lines.slice(from, i + 1).join(sep) + sep;
      from = i + 1;
      size = 0;
    }
  }
  if (from < lines.length) yield lines.slice(from).join(sep) + sep;
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

import { type CommandContext, FsError, HuskError } from "@husk/host";
import type { ParsedArgs } from "./options.js";
import { type Chunks, openInput, StreamChunks } from "./stream.js";
import { gnuQuote, parseSize } from "./text.js";

/** A parsed `-n`/`-c` count of head or tail: `from` means `+N` (tail) and `allBut` `-N` (head). */
export interface Count {
  readonly n: number;
  readonly bytes: boolean;
  readonly sign: "" | "+" | "-";
}

/**
 * Parses a head/tail count operand; throws a HuskError-shaped message on failure (GNU shows
 * the value without one leading `-`, quoted by `quote`).
 */
export function parseCount(value: string, bytes: boolean, report: (msg: string) => never, quote: (s: string) => string = (s) => `'${s}'`): Count {
  const m = /^\s*([+-]?)(.*)$/.exec(value) as RegExpExecArray;
  const n = parseSize(m[2] as string);
  if (n === undefined) report(`invalid number of ${bytes ? "bytes" : "lines"}: ${quote(value.startsWith("-") ? value.slice(1) : value)}`);
  return { n, bytes, sign: m[1] as Count["sign"] };
}

/** The options head and tail share: -n/-c (last one wins; 10 lines by default), -q/-v, -z. */
export function headTailOptions(args: ParsedArgs, ctx?: CommandContext): { count: Count; headers: boolean | undefined; sep: string } {
  const quote = ctx ? (s: string): string => gnuQuote(ctx.env, s) : undefined;
  let count: Count = { n: 10, bytes: false, sign: "" };
  let headers: boolean | undefined;
  let sep = "\n";
  const fail = (msg: string): never => {
    throw new HuskError(msg, 1);
  };
  for (const o of args.list) {
    if (o.key === "n" || o.key === "c") count = parseCount(o.value ?? "", o.key === "c", fail, quote);
    else if (o.key === "q") headers = false;
    else if (o.key === "v") headers = true;
    else if (o.key === "z") sep = "\0";
  }
  return { count, headers, sep };
}

/**
 * Writes GNU's `==> NAME <==` headers and runs `each` on every operand opened as `Chunks`
 * (files carry their whole `text`). A failed open is reported as `NAME: cannot open 'OP' for
 * reading: strerror`. With `lazyStdin`, stdin is not read before `each` reads it (its read
 * errors then reach `each`).
 */
export async function eachWithHeaders(
  ctx: CommandContext,
  operands: readonly string[],
  headers: boolean,
  each: (input: Chunks, op: string) => Promise<void> | void,
  lazyStdin = false,
): Promise<number> {
  let status = 0;
  let first = true;
  for (const op of operands) {
    let input: Chunks;
    if (op === "-" && lazyStdin) input = new StreamChunks(ctx.stdin);
    else {
      try {
        input = await openInput(ctx, op);
      } catch (e) {
        if (!(e instanceof FsError)) throw e;
        ctx.stderr.write(`${ctx.name}: cannot open '${op}' for reading: ${e.message}\n`);
        status = 1;
        continue;
      }
    }
    if (headers) {
      ctx.stdout.write(`${first ? "" : "\n"}==> ${op === "-" ? "standard input" : op} <==\n`);
    }
    first = false;
    await each(input, op);
  }
  return status;
}

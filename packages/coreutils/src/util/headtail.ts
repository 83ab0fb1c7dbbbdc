import { type CommandContext, FsError } from "@husk/host";
import { readInput } from "./io.js";
import { parseSize } from "./text.js";

/** A parsed `-n`/`-c` count of head or tail: `from` means `+N` (tail) and `allBut` `-N` (head). */
export interface Count {
  readonly n: number;
  readonly bytes: boolean;
  readonly sign: "" | "+" | "-";
}

/** Parses a head/tail count operand; throws a HuskError-shaped message on failure. */
export function parseCount(value: string, bytes: boolean, report: (msg: string) => never): Count {
  const m = /^\s*([+-]?)(.*)$/.exec(value) as RegExpExecArray;
  const n = parseSize(m[2] as string);
  if (n === undefined) report(`invalid number of ${bytes ? "bytes" : "lines"}: '${value}'`);
  return { n, bytes, sign: m[1] as Count["sign"] };
}

/** Writes GNU's `==> NAME <==` headers and runs `each` on every operand's text. */
export async function eachWithHeaders(
  ctx: CommandContext,
  operands: readonly string[],
  headers: boolean,
  each: (text: string, op: string) => Promise<void> | void,
  streamStdin?: (op: string) => Promise<void>,
): Promise<number> {
  let status = 0;
  let first = true;
  for (const op of operands) {
    let text: string | undefined;
    if (op !== "-" || !streamStdin) {
      try {
        text = await readInput(ctx, op);
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
    if (text === undefined && streamStdin) await streamStdin(op);
    else await each(text as string, op);
  }
  return status;
}

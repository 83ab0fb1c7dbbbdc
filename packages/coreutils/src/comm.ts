import { type CommandContext, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { reportFsError, Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { LineReader, openInput } from "./util/stream.js";
import { compareC } from "./sort/compare.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const [f1, f2, extra] = args.operands;
  if (f1 === undefined) throw new UsageError("missing operand", 1);
  if (f2 === undefined) throw new UsageError(`missing operand after '${f1}'`, 1);
  if (extra !== undefined) throw new UsageError(`extra operand '${extra}'`, 1);
  const sep = args.has("z") ? "\0" : "\n";
  const readers: LineReader[] = [];
  let stdin: LineReader | undefined;
  for (const f of [f1, f2]) {
    try {
      // `comm - -`: both read the one stdin
      if (f === "-") readers.push((stdin ??= new LineReader(await openInput(ctx, f), sep, ctx.meter)));
      else readers.push(new LineReader(await openInput(ctx, f), sep, ctx.meter));
    } catch (e) {
      return reportFsError(ctx, f, e);
    }
  }
  const show = [!args.has("1"), !args.has("2"), !args.has("3")];
  const delim = args.get("output-delimiter") ?? "\t";
  const prefix = (col: number): string => {
    let p = "";
    for (let k = 0; k < col; k++) if (show[k]) p += delim;
    return p;
  };
  const prefixes = [prefix(0), prefix(1), prefix(2)];
  const check = !args.has("nocheck-order");
  const w = new Writer(ctx.stdout);
  let status = 0;
  const warned = [false, false];
  const emit = (col: number, line: string): Promise<void> | undefined => (show[col] ? w.write(prefixes[col] + line + sep) : undefined);
  const next = (r: LineReader): string | undefined | Promise<string | undefined> => {
    const l = r.nextSync();
    return l === null ? r.next() : l;
  };
  // the previous line of each file, for the order check
  const prev: Array<string | undefined> = [undefined, undefined];
  const orderCheck = (line: string, which: number): void => {
    const p = prev[which];
    prev[which] = line;
    if (!check || warned[which] || p === undefined) return;
    if (compareC(p, line) > 0) {
      warned[which] = true;
      ctx.stderr.write(`comm: file ${which + 1} is not in sorted order\n`);
      status = 1;
    }
  };
  const [ra, rb] = readers as [LineReader, LineReader];
  let a = await next(ra);
  let b = await next(rb);
  while (a !== undefined || b !== undefined) {
    ctx.meter.tick();
    let p: Promise<void> | undefined;
    const c = a === undefined ? 1 : b === undefined ? -1 : compareC(a, b);
    if (c < 0) {
      orderCheck(a as string, 0);
      p = emit(0, a as string);
      a = await next(ra);
    } else if (c > 0) {
      orderCheck(b as string, 1);
      p = emit(1, b as string);
      b = await next(rb);
    } else {
      orderCheck(a as string, 0);
      orderCheck(b as string, 1);
      p = emit(2, a as string);
      a = await next(ra);
      b = await next(rb);
    }
    if (p) await p;
  }
  if (status) ctx.stderr.write("comm: input is not in sorted order\n");
  await w.flush();
  return status;
}

/** `comm [-123] [--output-delimiter=S] [-z] FILE1 FILE2` (C-locale order; warns on unsorted input). */
export const comm = defineCommand({
  name: "comm",
  summary: "compare two sorted files line by line",
  usage: `Usage: comm [OPTION]... FILE1 FILE2
Compare sorted files FILE1 and FILE2 line by line.

  -1                      suppress column 1 (lines unique to FILE1)
  -2                      suppress column 2 (lines unique to FILE2)
  -3                      suppress column 3 (lines that appear in both files)
      --check-order       check that the input is correctly sorted (default)
      --nocheck-order     do not check that the input is correctly sorted
      --output-delimiter=STR  separate columns with STR
  -z, --zero-terminated   line delimiter is NUL, not newline`,
  options: [
    { key: "1", short: "1" },
    { key: "2", short: "2" },
    { key: "3", short: "3" },
    { key: "check-order", long: "check-order" },
    { key: "nocheck-order", long: "nocheck-order" },
    { key: "output-delimiter", long: "output-delimiter", arg: "required" },
    { key: "z", short: "z", long: "zero-terminated" },
  ],
  run,
});

import { type CommandContext, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { readInput, reportFsError, splitLines, Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { compareC } from "./sort/compare.js";

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const [f1, f2, extra] = args.operands;
  if (f1 === undefined) throw new UsageError("missing operand", 1);
  if (f2 === undefined) throw new UsageError(`missing operand after '${f1}'`, 1);
  if (extra !== undefined) throw new UsageError(`extra operand '${extra}'`, 1);
  const texts: string[] = [];
  for (const f of [f1, f2]) {
    try {
      texts.push(await readInput(ctx, f));
    } catch (e) {
      return reportFsError(ctx, f, e);
    }
  }
  const sep = args.has("z") ? "\0" : "\n";
  const a = splitLines(texts[0] as string, sep);
  const b = splitLines(texts[1] as string, sep);
  const show = [!args.has("1"), !args.has("2"), !args.has("3")];
  const delim = args.get("output-delimiter") ?? "\t";
  const prefix = (col: number): string => {
    let p = "";
    for (let k = 0; k < col; k++) if (show[k]) p += delim;
    return p;
  };
  const check = !args.has("nocheck-order");
  const w = new Writer(ctx.stdout);
  let i = 0;
  let j = 0;
  let status = 0;
  let warned = [false, false];
  const emit = (col: number, line: string): void => {
    if (show[col]) w.write(prefix(col) + line + sep);
  };
  const orderCheck = (lines: string[], k: number, which: number): void => {
    if (!check || warned[which] || k === 0) return;
    if (compareC(lines[k - 1] as string, lines[k] as string) > 0) {
      warned = which === 0 ? [true, warned[1] as boolean] : [warned[0] as boolean, true];
      ctx.stderr.write(`comm: file ${which + 1} is not in sorted order\n`);
      status = 1;
    }
  };
  while (i < a.length || j < b.length) {
    ctx.meter.tick();
    if (j >= b.length || (i < a.length && compareC(a[i] as string, b[j] as string) < 0)) {
      orderCheck(a, i, 0);
      emit(0, a[i++] as string);
    } else if (i >= a.length || compareC(a[i] as string, b[j] as string) > 0) {
      orderCheck(b, j, 1);
      emit(1, b[j++] as string);
    } else {
      orderCheck(a, i, 0);
      orderCheck(b, j, 1);
      emit(2, a[i++] as string);
      j++;
    }
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

import { type CommandContext, HuskError, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { reportFsError, Writer } from "./util/io.js";
import { type Chunks, HeldData, openInput, readAllLines } from "./util/stream.js";
import type { ParsedArgs } from "./util/options.js";
import { compareC } from "./sort/compare.js";

function fields(line: string, tab: string | undefined): string[] {
  return tab === undefined ? line.replace(/^[ \t]+|[ \t]+$/g, "").split(/[ \t]+/) : line.split(tab);
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const [f1, f2, extra] = args.operands;
  if (f1 === undefined) throw new UsageError("missing operand", 1);
  if (f2 === undefined) throw new UsageError(`missing operand after '${f1}'`, 1);
  if (extra !== undefined) throw new UsageError(`extra operand '${extra}'`, 1);
  const tab = args.get("t");
  if (tab !== undefined && tab.length > 1) throw new HuskError(`multi-character tab '${tab}'`, 1);
  const num = (v: string | undefined, d: number): number => (v === undefined ? d : Number(v) - 1);
  const k1 = num(args.get("1") ?? args.get("j"), 0);
  const k2 = num(args.get("2") ?? args.get("j"), 0);
  const unpaired = new Set(args.all("a"));
  const onlyUnpaired = args.all("v");
  for (const v of onlyUnpaired) unpaired.add(v);
  const empty = args.get("e");
  const ignoreCase = args.has("i");
  const format = args.get("o");
  // both files are held (charged to the data budget) while joined
  const held = new HeldData(ctx.meter);
  try {
    const rows: string[][][] = [];
    for (const f of [f1, f2]) {
      let input: Chunks;
      try {
        input = await openInput(ctx, f);
      } catch (e) {
        return reportFsError(ctx, f, e);
      }
      const lines = await readAllLines(input, "\n", held);
      // (and 16 per field)
      rows.push(lines.map((l) => fields(l, tab)));
      held.charge(16 * rows[rows.length - 1]!.reduce((n, r) => n + r.length, 0));
    }
    return await joinRows(ctx, rows, { tab, k1, k2, unpaired, onlyUnpaired, empty, ignoreCase, format });
  } finally {
    held.release();
  }
}

interface JoinSettings {
  readonly tab: string | undefined;
  readonly k1: number;
  readonly k2: number;
  readonly unpaired: ReadonlySet<string>;
  readonly onlyUnpaired: readonly string[];
  readonly empty: string | undefined;
  readonly ignoreCase: boolean;
  readonly format: string | undefined;
}

async function joinRows(ctx: CommandContext, rows: string[][][], js: JoinSettings): Promise<number> {
  const { tab, k1, k2, unpaired, onlyUnpaired, empty, ignoreCase, format } = js;
  const out = tab ?? " ";
  const [a, b] = rows as [string[][], string[][]];
  const key = (r: string[], k: number): string => {
    const v = r[k] ?? "";
    return ignoreCase ? v.toLowerCase() : v;
  };
  const spec = format === undefined ? undefined : format === "auto" ? "auto" : format.split(/[,\s]+/).map((s) => (s === "0" ? ([0, 0] as const) : ([Number(s[0]), Number(s.slice(2)) - 1] as const)));
  const w = new Writer(ctx.stdout);
  const line = (ra: string[] | undefined, rb: string[] | undefined): void => {
    const joinKey = ra ? (ra[k1] ?? "") : (rb?.[k2] ?? "");
    if (spec && spec !== "auto") {
      const cells = spec.map(([file, field]) => {
        if (file === 0) return joinKey;
        const r = file === 1 ? ra : rb;
        return r?.[field] ?? empty ?? "";
      });
      w.write(`${cells.join(out)}\n`);
      return;
    }
    const rest = (r: string[] | undefined, k: number, width: number): string[] =>
      r ? r.filter((_, i) => i !== k) : spec === "auto" ? new Array<string>(width).fill(empty ?? "") : [];
    const cells = [joinKey, ...rest(ra, k1, (a[0]?.length ?? 1) - 1), ...rest(rb, k2, (b[0]?.length ?? 1) - 1)];
    w.write(`${cells.join(out)}\n`);
  };
  let i = 0;
  let j = 0;
  const showOnly = onlyUnpaired.length > 0;
  while (i < a.length || j < b.length) {
    ctx.meter.tick();
    const c = i >= a.length ? 1 : j >= b.length ? -1 : compareC(key(a[i] as string[], k1), key(b[j] as string[], k2));
    if (c < 0) {
      if (unpaired.has("1")) line(a[i], undefined);
      i++;
    } else if (c > 0) {
      if (unpaired.has("2")) line(undefined, b[j]);
      j++;
    } else {
      // Pair every line of this key in file 1 with every line of it in file 2.
      const k = key(a[i] as string[], k1);
      let i2 = i;
      while (i2 < a.length && key(a[i2] as string[], k1) === k) i2++;
      let j2 = j;
      while (j2 < b.length && key(b[j2] as string[], k2) === k) j2++;
      if (!showOnly) for (let x = i; x < i2; x++) for (let y = j; y < j2; y++) line(a[x], b[y]);
      i = i2;
      j = j2;
    }
  }
  await w.flush();
  return 0;
}

/** `join [-1 F] [-2 F] [-j F] [-t C] [-a N] [-v N] [-e S] [-o LIST|auto] [-i] FILE1 FILE2` (inputs sorted on the join field). */
export const join = defineCommand({
  name: "join",
  summary: "join lines of two files on a common field",
  usage: `Usage: join [OPTION]... FILE1 FILE2
For each pair of input lines with identical join fields, write a line to standard output.

  -a FILENUM        also print unpairable lines from file FILENUM (1 or 2)
  -e STRING         replace missing (empty) input fields with STRING
  -i, --ignore-case ignore differences in case when comparing fields
  -j FIELD          equivalent to '-1 FIELD -2 FIELD'
  -o FORMAT         obey FORMAT while constructing output line (e.g. 0,1.2,2.2 or auto)
  -t CHAR           use CHAR as input and output field separator
  -v FILENUM        like -a FILENUM, but suppress joined output lines
  -1 FIELD          join on this FIELD of file 1
  -2 FIELD          join on this FIELD of file 2`,
  options: [
    { key: "a", short: "a", arg: "required" },
    { key: "e", short: "e", arg: "required" },
    { key: "i", short: "i", long: "ignore-case" },
    { key: "j", short: "j", arg: "required" },
    { key: "o", short: "o", arg: "required" },
    { key: "t", short: "t", arg: "required" },
    { key: "v", short: "v", arg: "required" },
    { key: "1", short: "1", arg: "required" },
    { key: "2", short: "2", arg: "required" },
    { key: "nocheck-order", long: "nocheck-order" },
    { key: "check-order", long: "check-order" },
    { key: "header", long: "header" },
  ],
  run,
});

import { type CommandContext, HuskError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { Writer } from "./util/io.js";
import { ConcatInput, eachBlock } from "./util/stream.js";
import type { ParsedArgs } from "./util/options.js";

/** Options of `nlText`. */
export interface NlOptions {
  /** `a` all, `t` non-empty, `n` none, or a RegExp (from `pREGEX`). */
  readonly body?: "a" | "t" | "n" | RegExp;
  readonly format?: "ln" | "rn" | "rz";
  readonly width?: number;
  readonly separator?: string;
  readonly start?: number;
  readonly increment?: number;
}

/**
 * Numbers lines as GNU `nl` does (body section only; `\:` section markers are not handled).
 * Text given in pieces of whole lines with one `state` (the next number) numbers as the whole would.
 */
export function nlText(text: string, o: NlOptions = {}, state: { n: number } = { n: o.start ?? 1 }): string {
  const body = o.body ?? "t";
  const width = o.width ?? 6;
  const sepr = o.separator ?? "\t";
  let n = state.n;
  const inc = o.increment ?? 1;
  const out: string[] = [];
  const lines = text.split("\n");
  const last = lines.pop() as string;
  const fmt = (k: number): string => {
    const s = String(k);
    if (o.format === "ln") return s.padEnd(width);
    if (o.format === "rz") return k < 0 ? `-${String(-k).padStart(width - 1, "0")}` : s.padStart(width, "0");
    return s.padStart(width);
  };
  const emit = (line: string, nl: string): void => {
    const numbered = body === "a" ? true : body === "t" ? line !== "" : body === "n" ? false : body.test(line);
    if (numbered) {
      out.push(fmt(n) + sepr + line + nl);
      n += inc;
    } else out.push(" ".repeat(width + sepr.length) + line + nl);
  };
  for (const l of lines) emit(l, "\n");
  if (last !== "") emit(last, "\n");
  state.n = n;
  return out.join("");
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const o: { -readonly [K in keyof NlOptions]: NlOptions[K] } = {};
  for (const opt of args.list) {
    const v = opt.value ?? "";
    switch (opt.key) {
      case "b":
        if (v === "a" || v === "t" || v === "n") o.body = v;
        else if (v.startsWith("p")) o.body = new RegExp(v.slice(1));
        else throw new HuskError(`invalid body numbering style: '${v}'`, 1);
        break;
      case "n":
        if (v !== "ln" && v !== "rn" && v !== "rz") throw new HuskError(`invalid line numbering format: '${v}'`, 1);
        o.format = v;
        break;
      case "w": {
        const w = Number(v);
        if (!/^\d+$/.test(v) || w < 1) throw new HuskError(`invalid line number field width: '${v}': Numerical result out of range`, 1);
        o.width = w;
        break;
      }
      case "s": o.separator = v; break;
      case "v": o.start = Number(v); break;
      case "i": o.increment = Number(v); break;
    }
  }
  // numbering goes on across files, as over their concatenation
  const input = new ConcatInput(ctx, args.operands);
  const state = { n: o.start ?? 1 };
  const w = new Writer(ctx.stdout);
  await eachBlock(input, "\n", ctx.meter, (block) => w.write(nlText(block, o, state)));
  await w.flush();
  return input.status;
}

/** `nl [-b a|t|n|pRE] [-n ln|rn|rz] [-w N] [-s SEP] [-v N] [-i N] [FILE]...`. */
export const nl = defineCommand({
  name: "nl",
  summary: "number lines of files",
  usage: `Usage: nl [OPTION]... [FILE]...
Write each FILE to standard output, with line numbers added.

  -b, --body-numbering=STYLE      use STYLE for numbering body lines (a, t, n, pBRE)
  -i, --line-increment=NUMBER     line number increment at each line
  -n, --number-format=FORMAT      insert line numbers according to FORMAT (ln, rn, rz)
  -s, --number-separator=STRING   add STRING after (possible) line number
  -v, --starting-line-number=NUMBER  first line number for each section
  -w, --number-width=NUMBER       use NUMBER columns for line numbers`,
  options: [
    { key: "b", short: "b", long: "body-numbering", arg: "required" },
    { key: "i", short: "i", long: "line-increment", arg: "required" },
    { key: "n", short: "n", long: "number-format", arg: "required" },
    { key: "s", short: "s", long: "number-separator", arg: "required" },
    { key: "v", short: "v", long: "starting-line-number", arg: "required" },
    { key: "w", short: "w", long: "number-width", arg: "required" },
  ],
  run,
});

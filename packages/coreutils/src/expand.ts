import { type Command, type CommandContext, HuskError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { Writer } from "./util/io.js";
import { forEachBlock } from "./util/stream.js";
import type { ParsedArgs } from "./util/options.js";

function tabStops(spec: string | undefined): (col: number) => number {
  if (spec === undefined) return (col) => col + 8 - (col % 8);
  const stops = spec.split(/[,\s]+/).map(Number);
  if (stops.some((n) => !Number.isInteger(n) || n <= 0)) throw new HuskError(`tab size contains invalid character(s): '${spec}'`, 1);
  if (stops.length === 1) {
    const n = stops[0] as number;
    return (col) => col + n - (col % n);
  }
  return (col) => stops.find((s) => s > col) ?? col + 1;
}

/** Replaces tabs with spaces up to the tab stops (`initial`: only leading tabs). */
export function expandText(text: string, tabs?: string, initial = false): string {
  const next = tabStops(tabs);
  let out = "";
  let col = 0;
  let leading = true;
  for (const ch of text) {
    if (ch === "\n") {
      out += ch;
      col = 0;
      leading = true;
    } else if (ch === "\t" && (!initial || leading)) {
      const to = next(col);
      out += " ".repeat(to - col);
      col = to;
    } else {
      if (ch !== " " && ch !== "\t") leading = false;
      out += ch;
      col = ch === "\b" ? Math.max(0, col - 1) : col + 1;
    }
  }
  return out;
}

/**
 * Converts runs of blanks ending at tab stops into tabs (`all`: not only leading blanks), as
 * GNU unexpand does: a single blank just before a tab stop becomes a tab only when more blanks
 * follow it.
 */
export function unexpandText(text: string, tabs?: string, all = false): string {
  const width = tabs === undefined ? 8 : Number(tabs);
  return text
    .split("\n")
    .map((line) => unexpandLine(line, width, all))
    .join("\n");
}

/** GNU unexpand's loop over one line (coreutils unexpand.c), with tab stops every `width` columns. */
function unexpandLine(line: string, width: number, all: boolean): string {
  let out = "";
  let column = 0;
  let pending = "";
  let oneBlankBeforeTabStop = false;
  let prevBlank = true;
  let convert = true;
  const flush = (): void => {
    if (pending.length > 1 && oneBlankBeforeTabStop) pending = `\t${pending.slice(1)}`;
    out += pending;
    pending = "";
    oneBlankBeforeTabStop = false;
  };
  for (let c of line) {
    if (convert) {
      const blank = c === " " || c === "\t";
      if (blank) {
        const next = column + width - (column % width);
        if (c === "\t") {
          column = next;
          if (pending !== "") pending = `\t${pending.slice(1)}`;
        } else {
          column++;
          if (!(prevBlank && column === next)) {
            // not yet known whether the pending blanks become tabs
            if (column === next) oneBlankBeforeTabStop = true;
            pending += c;
            prevBlank = true;
            continue;
          }
          c = "\t";
          if (pending !== "") pending = `\t${pending.slice(1)}`;
        }
        // the pending blanks go, unless one was a single blank just before the previous tab stop
        pending = oneBlankBeforeTabStop ? pending.slice(0, 1) : "";
      } else if (c === "\b") column = Math.max(0, column - 1);
      else column++;
      if (pending !== "") flush();
      oneBlankBeforeTabStop = false;
      prevBlank = blank;
      convert &&= all || blank;
    }
    out += c;
  }
  if (pending !== "") flush();
  return out;
}

function make(name: "expand" | "unexpand"): Command {
  return defineCommand({
    name,
    summary: name === "expand" ? "convert tabs to spaces" : "convert spaces to tabs",
    usage: `Usage: ${name} [OPTION]... [FILE]...
${name === "expand" ? "Convert tabs in each FILE to spaces" : "Convert blanks in each FILE to tabs"}, writing to standard output.

  -t, --tabs=N     have tabs N characters apart, not 8 (or a comma-separated list)
${name === "expand" ? "  -i, --initial    do not convert tabs after non blanks" : "  -a, --all        convert all blanks, instead of just initial blanks"}`,
    options: [
      { key: "t", short: "t", long: "tabs", arg: "required" },
      { key: "i", short: "i", long: "initial" },
      { key: "a", short: "a", long: "all" },
      { key: "first-only", long: "first-only" },
    ],
    preprocess: (args) => args.map((a) => (/^-\d+$/.test(a) ? `-t${a.slice(1)}` : a)),
    async run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
      const w = new Writer(ctx.stdout);
      const tabs = args.get("t");
      const all = args.has("a") || (args.has("t") && !args.has("first-only"));
      const status = await forEachBlock(ctx, args.operands, "\n", (t) =>
        w.write(name === "expand" ? expandText(t, tabs, args.has("i")) : unexpandText(t, tabs, all)),
      );
      await w.flush();
      return status;
    },
  });
}

/** `expand [-i] [-t N|LIST] [FILE]...`. */
export const expand = make("expand");
/** `unexpand [-a] [-t N] [FILE]...`. */
export const unexpand = make("unexpand");

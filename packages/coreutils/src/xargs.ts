import { type CommandContext, HuskError, UsageError } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { readInput, reportFsError } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { shellQuote } from "./util/shellquote.js";

/** Splits xargs input into items the default way: blanks and newlines separate; quotes and backslash escape. */
export function splitXargs(text: string, eof?: string): string[] {
  const items: string[] = [];
  let cur = "";
  let has = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === " " || c === "\t" || c === "\n") {
      if (has) {
        if (eof !== undefined && cur === eof) return items;
        items.push(cur);
      }
      cur = "";
      has = false;
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      const j = text.indexOf(c, i + 1);
      const nl = text.indexOf("\n", i + 1);
      if (j < 0 || (nl >= 0 && nl < j)) {
        throw new HuskError(`unmatched ${c === "'" ? "single" : "double"} quote; by default quotes are special to xargs unless you use the -0 option`, 1);
      }
      cur += text.slice(i + 1, j);
      has = true;
      i = j + 1;
      continue;
    }
    if (c === "\\" && i + 1 < text.length) {
      cur += text[i + 1];
      has = true;
      i += 2;
      continue;
    }
    cur += c;
    has = true;
    i++;
  }
  if (has && !(eof !== undefined && cur === eof)) items.push(cur);
  return items;
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const command = args.operands.length ? args.operands : ["echo"];
  let replace = args.get("I");
  if (args.has("i")) replace = args.get("i") || "{}";
  const maxArgs = args.has("n") ? Number(args.get("n")) : undefined;
  const maxLines = args.has("L") ? Number(args.get("L")) : undefined;
  if (maxArgs !== undefined && !(maxArgs >= 1)) throw new HuskError(`invalid number "${args.get("n")}" for -n option`, 1);
  const noRunEmpty = args.has("r");
  const trace = args.has("t") || args.has("p");
  let text: string;
  const file = args.get("a");
  try {
    text = file !== undefined ? await readInput(ctx, file) : await ctx.stdin.readAll(ctx.meter.limits.maxStringBytes);
  } catch (e) {
    return reportFsError(ctx, file ?? "-", e);
  }
  // Build the groups of arguments for each invocation.
  const groups: string[][] = [];
  const delim = args.has("0") ? "\0" : args.has("d") ? unescapeDelim(args.get("d") as string) : undefined;
  if (replace !== undefined) {
    const lines = delim !== undefined ? text.split(delim) : text.split("\n").map((l) => l.replace(/^[ \t]+/, ""));
    if (lines[lines.length - 1] === "") lines.pop();
    for (const l of lines) if (l !== "" || delim !== undefined) groups.push([l]);
  } else if (maxLines !== undefined && delim === undefined) {
    let cur: string[] = [];
    let n = 0;
    for (const line of text.split("\n")) {
      const items = splitXargs(line);
      if (items.length === 0) continue;
      cur.push(...items);
      if (!/[ \t]$/.test(line) && ++n >= maxLines) {
        groups.push(cur);
        cur = [];
        n = 0;
      }
    }
    if (cur.length) groups.push(cur);
  } else {
    let items: string[];
    if (delim !== undefined) {
      items = text.split(delim);
      if (items[items.length - 1] === "") items.pop();
    } else items = splitXargs(text, args.get("E"));
    const per = maxArgs ?? (items.length || 1);
    for (let i = 0; i < items.length; i += per) groups.push(items.slice(i, i + per));
  }
  if (groups.length === 0 && !noRunEmpty) groups.push([]);
  let status = 0;
  for (const g of groups) {
    ctx.meter.tick();
    const argv =
      replace !== undefined ? command.map((a) => a.split(replace as string).join(g[0] ?? "")) : [...command, ...g];
    if (trace) ctx.stderr.write(`${argv.map(shellQuote).join(" ")}\n`);
    const st = await ctx.shell.run(argv, { stdin: "" });
    if (st === 255) {
      ctx.stderr.write(`xargs: ${argv[0]}: exited with status 255; aborting\n`);
      return 124;
    }
    if (st === 127 || st === 126) return st;
    if (st !== 0) status = 123;
  }
  return status;
}

function unescapeDelim(d: string): string {
  const map: Record<string, string> = { "\\n": "\n", "\\t": "\t", "\\0": "\0", "\\\\": "\\" };
  if (d.length === 1) return d;
  const m = map[d];
  if (m !== undefined) return m;
  if (/^\\x[0-9a-f]{2}$/i.test(d)) return String.fromCharCode(parseInt(d.slice(2), 16));
  if (/^\\[0-7]{1,3}$/.test(d)) return String.fromCharCode(parseInt(d.slice(1), 8));
  throw new UsageError(`invalid input delimiter specification ${d}: the delimiter must be either a single character or an escape sequence starting with \\.`, 1);
}

/**
 * `xargs [-0] [-d D] [-n N] [-L N] [-I R] [-r] [-t] [-a FILE] [-E EOF] [COMMAND [ARG]...]`:
 * builds command lines from stdin and runs them inside the shell, one at a time (`-P` is
 * accepted and runs sequentially; `-s`, `-x` accepted). Statuses as GNU: 123, 124, 126, 127.
 */
export const xargs = defineCommand({
  name: "xargs",
  summary: "build and execute command lines from standard input",
  usage: `Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...
Run COMMAND with arguments INITIAL-ARGS and more arguments read from input.

  -0, --null                   items are separated by a null, not whitespace
  -a, --arg-file=FILE          read arguments from FILE, not standard input
  -d, --delimiter=CHARACTER    items in input stream are separated by CHARACTER
  -E END                       set logical EOF string
  -I R                         same as --replace=R
  -i, --replace[=R]            replace R in INITIAL-ARGS with names read from input
  -L, --max-lines=MAX-LINES    use at most MAX-LINES non-blank input lines per command line
  -n, --max-args=MAX-ARGS      use at most MAX-ARGS arguments per command line
  -P, --max-procs=MAX-PROCS    accepted; commands run one at a time
  -r, --no-run-if-empty        if there are no arguments, then do not run COMMAND
  -s, --max-chars=MAX-CHARS    accepted
  -t, --verbose                print commands before executing them
  -x, --exit                   accepted`,
  fileAccess: "none",
  options: [
    { key: "0", short: "0", long: "null" },
    { key: "a", short: "a", long: "arg-file", arg: "required" },
    { key: "d", short: "d", long: "delimiter", arg: "required" },
    { key: "E", short: "E", arg: "required" },
    { key: "I", short: "I", arg: "required" },
    { key: "i", short: "i", long: "replace", arg: "optional" },
    { key: "L", short: "L", long: "max-lines", arg: "required" },
    { key: "n", short: "n", long: "max-args", arg: "required" },
    { key: "P", short: "P", long: "max-procs", arg: "required" },
    { key: "p", short: "p", long: "interactive" },
    { key: "r", short: "r", long: "no-run-if-empty" },
    { key: "s", short: "s", long: "max-chars", arg: "required" },
    { key: "t", short: "t", long: "verbose" },
    { key: "x", short: "x", long: "exit" },
  ],
  settings: { stopAtOperand: true },
  run,
});

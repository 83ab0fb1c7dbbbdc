import { type CommandContext, FsError, HuskError, UsageError, resolvePath } from "@husk/host";
import { type CompiledGlob, compileGlob } from "@husk/pattern";
import { basename } from "../basename.js";
import { defineCommand } from "../util/command.js";
import { joinPath, tryStat } from "../util/files.js";
import { Writer, readInput } from "../util/io.js";
import { quoteFileName } from "../util/shellquote.js";
import { type OptionSpec, OptionTable, type ParsedArgs } from "../util/options.js";
import { diffDirs } from "./dir.js";
import { type Settings, type Style, diffPair } from "./pair.js";

const USAGE = `Usage: diff [OPTION]... FILE1 FILE2
Compare FILE1 and FILE2 line by line (either may be '-', standard input).
Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.

      --normal                  output a normal diff (the default)
  -q, --brief                   report only when files differ
  -s, --report-identical-files  report when two files are the same
  -c, -C NUM, --context[=NUM]   output NUM (default 3) lines of copied context
  -u, -U NUM, --unified[=NUM]   output NUM (default 3) lines of unified context
  -y, --side-by-side            output in two columns
  -W, --width=NUM               output at most NUM (default 130) print columns
      --left-column             output only the left column of common lines
      --suppress-common-lines   do not output common lines
  -L, --label=LABEL             use LABEL instead of file name and timestamp
                                  (can be repeated)
  -i, --ignore-case             ignore case differences in file contents
  -E, --ignore-tab-expansion    ignore changes due to tab expansion
  -Z, --ignore-trailing-space   ignore white space at line end
  -b, --ignore-space-change     ignore changes in the amount of white space
  -w, --ignore-all-space        ignore all white space
  -B, --ignore-blank-lines      ignore changes where lines are all blank
      --strip-trailing-cr       strip trailing carriage return on input
  -a, --text                    treat all files as text
  -t, --expand-tabs             expand tabs to spaces in output
  -T, --initial-tab             make tabs line up by prepending a tab
      --tabsize=NUM             tab stops every NUM (default 8) print columns
  -N, --new-file                treat absent files as empty
  -r, --recursive               recursively compare any subdirectories found
  -x, --exclude=PAT             exclude files that match PAT
  -X, --exclude-from=FILE       exclude files that match any pattern in FILE
  -d, --minimal                 try hard to find a smaller set of changes
      --speed-large-files       assume large files and many scattered small changes`;

const OPTIONS: readonly OptionSpec[] = [
  { key: "normal", long: "normal" },
  { key: "q", short: "q", long: "brief" },
  { key: "s", short: "s", long: "report-identical-files" },
  { key: "c", short: "c" },
  { key: "C", short: "C", arg: "required" },
  { key: "context", long: "context", arg: "optional" },
  { key: "u", short: "u" },
  { key: "U", short: "U", arg: "required" },
  { key: "unified", long: "unified", arg: "optional" },
  { key: "y", short: "y", long: "side-by-side" },
  { key: "W", short: "W", long: "width", arg: "required" },
  { key: "left-column", long: "left-column" },
  { key: "suppress-common-lines", long: "suppress-common-lines" },
  { key: "L", short: "L", long: "label", arg: "required" },
  { key: "i", short: "i", long: "ignore-case" },
  { key: "E", short: "E", long: "ignore-tab-expansion" },
  { key: "Z", short: "Z", long: "ignore-trailing-space" },
  { key: "b", short: "b", long: "ignore-space-change" },
  { key: "w", short: "w", long: "ignore-all-space" },
  { key: "B", short: "B", long: "ignore-blank-lines" },
  { key: "strip-trailing-cr", long: "strip-trailing-cr" },
  { key: "a", short: "a", long: "text" },
  { key: "T", short: "T", long: "initial-tab" },
  { key: "t", short: "t", long: "expand-tabs" },
  { key: "tabsize", long: "tabsize", arg: "required" },
  { key: "N", short: "N", long: "new-file" },
  { key: "r", short: "r", long: "recursive" },
  { key: "x", short: "x", long: "exclude", arg: "required" },
  { key: "X", short: "X", long: "exclude-from", arg: "required" },
  { key: "d", short: "d", long: "minimal" },
  { key: "speed-large-files", long: "speed-large-files" },
];
const TABLE = new OptionTable(OPTIONS);

/** A usage problem (GNU diff: status 2, `diff: ` before the `Try` line too). */
const usage = (message: string): UsageError => new UsageError(message, 2);

/** A context length (3 when absent); a usage error when not a number. */
function parseCount(s: string | undefined, what: string): number {
  if (s === undefined) return 3;
  if (!/^\d+$/.test(s)) throw usage(`invalid ${what} '${s}'`);
  return Math.min(Number(s), 1e9);
}

/** The settings of a parsed command line (a usage error for conflicting styles or bad numbers). */
function settingsOf(args: ParsedArgs): Settings {
  let style: Style | undefined;
  let context = -1;
  const setStyle = (s: Style): void => {
    if (style !== undefined && style !== s) throw usage("conflicting output style options");
    style = s;
  };
  let width = 130;
  let tabSize = 8;
  for (const o of args.list) {
    switch (o.key) {
      case "normal":
        setStyle("normal");
        break;
      case "c":
      case "C":
      case "context":
        setStyle("context");
        context = Math.max(context, parseCount(o.key === "c" ? undefined : o.value, "context length"));
        break;
      case "u":
      case "U":
      case "unified":
        setStyle("unified");
        context = Math.max(context, parseCount(o.key === "u" ? undefined : o.value, "context length"));
        break;
      case "y":
        setStyle("side");
        break;
      case "W":
        if (!/^\d+$/.test(o.value ?? "") || Number(o.value) === 0) throw usage(`invalid width '${o.value}'`);
        width = Math.min(Number(o.value), 1e6);
        break;
      case "tabsize":
        if (!/^\d+$/.test(o.value ?? "") || Number(o.value) === 0) throw usage(`invalid tabsize '${o.value}'`);
        tabSize = Math.min(Number(o.value), 1e6);
        break;
    }
  }
  const whiteSpace = args.has("w") ? "all" : args.has("b") ? "change" : args.has("Z") ? "trailing" : "none";
  const finalStyle = style ?? "normal";
  return {
    style: finalStyle,
    context: finalStyle === "context" || finalStyle === "unified" ? (context < 0 ? 3 : context) : 0,
    brief: args.has("q"),
    reportIdentical: args.has("s"),
    labels: args.all("L"),
    text: args.has("a"),
    newFile: args.has("N"),
    stripCr: args.has("strip-trailing-cr"),
    width,
    tabSize,
    leftColumn: args.has("left-column"),
    suppressCommon: args.has("suppress-common-lines"),
    compare: {
      ignoreCase: args.has("i"),
      whiteSpace,
      tabExpansion: args.has("E"),
      minimal: args.has("d"),
      speedLargeFiles: args.has("speed-large-files"),
    },
    format: {
      initialTab: args.has("T"),
      expandTabs: args.has("t") ? tabSize : 0,
      ignoreBlankLines: args.has("B"),
      blankIncludesSpace: whiteSpace !== "none",
    },
  };
}

/** GNU's file_name_concat for a directory operand and a file operand's last component. */
const inDir = (dir: string, file: string): string => joinPath(dir, basename(file));

/**
 * The options as the command line spelled them (operands left out), for the `diff SWITCHES A B`
 * lines of a directory comparison: GNU prints its permuted argv before the operands.
 */
function switchString(args: readonly string[]): string {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--") break;
    if (a.length < 2 || !a.startsWith("-")) continue;
    out.push(a);
    let takesNext = false;
    if (a.startsWith("--")) {
      if (!a.includes("=")) {
        try {
          takesNext = TABLE.long(a.slice(2), a).spec.arg === "required";
        } catch {
          // unknown options were reported by the parser already
        }
      }
    } else {
      for (let j = 1; j < a.length; j++) {
        if (TABLE.short(a[j] as string)?.arg === "required") {
          takesNext = j === a.length - 1;
          break;
        }
      }
    }
    if (takesNext && i + 1 < args.length) out.push(args[++i] as string);
  }
  return out.map(quoteFileName).join(" ");
}

/** The globs of `-x PAT` and of the lines of `-X FILE` (matched against entry names; `*` matches a leading dot). */
async function excludes(ctx: CommandContext, args: ParsedArgs): Promise<CompiledGlob[]> {
  const patterns: string[] = [];
  for (const o of args.list) {
    if (o.key === "x") patterns.push(o.value ?? "");
    else if (o.key === "X") {
      let text: string;
      try {
        text = await readInput(ctx, o.value ?? "");
      } catch (e) {
        throw e instanceof FsError ? new HuskError(`${o.value}: ${e.message}`, 2) : e;
      }
      patterns.push(...text.split("\n").filter((l, i, all) => l !== "" || i < all.length - 1));
    }
  }
  return patterns.map((p) => compileGlob(p, { dotglob: true }));
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const s = settingsOf(args);
  const ops = args.operands;
  if (ops.length === 0) throw usage("missing operand after 'diff'");
  if (ops.length === 1) throw usage(`missing operand after '${ops[0]}'`);
  if (ops.length > 2) throw usage(`extra operand '${ops[2]}'`);
  const [op0, op1] = ops as [string, string];
  const isDir = async (op: string): Promise<boolean> => op !== "-" && (await tryStat(ctx, resolvePath(ctx.cwd, op)))?.type === "directory";
  const [d0, d1] = [await isDir(op0), await isDir(op1)];
  if ((d0 && op1 === "-") || (d1 && op0 === "-")) throw new HuskError("cannot compare '-' to a directory", 2);
  const w = new Writer(ctx.stdout);
  const status = d0 && d1
    ? await diffDirs(ctx, [op0, op1], s, w, { recursive: args.has("r"), switches: switchString(ctx.args), exclude: await excludes(ctx, args) })
    : await diffPair(ctx, [d0 ? inDir(op0, op1) : op0, d1 ? inDir(op1, op0) : op1], s, w);
  const p = w.flush();
  if (p) await p;
  return status;
}

/**
 * `diff [OPTION]... FILE1 FILE2`: GNU diffutils 3.8's comparison (its Myers variant, discarding
 * and boundary shifting, so the hunks are GNU's) in normal, context, unified and side-by-side
 * formats; two directories entry by entry (`-r`: recursively). Exit status 0 same, 1 different, 2
 * trouble.
 */
export const diff = defineCommand({
  name: "diff",
  summary: "compare files line by line",
  usage: USAGE,
  options: OPTIONS,
  usageStatus: 2,
  prefixTryLine: true,
  run,
});

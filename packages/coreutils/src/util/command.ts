import { AbortError, BrokenPipeError, type Command, type CommandContext, type FileAccess, FsError, HuskError, LimitError, UsageError } from "@husk/host";
import { OptionError, type OptionSpec, OptionTable, type ParseSettings, type ParsedArgs, parseOptions } from "./options.js";

/** What a coreutils module declares; `defineCommand` turns it into a host `Command`. */
export interface ToolSpec {
  readonly name: string;
  readonly summary: string;
  /** Usage text printed by `--help` (without the trailing newline is fine). */
  readonly usage: string;
  readonly fileAccess?: FileAccess;
  /** Accepted options (`--help` and `--version` are added). */
  readonly options: readonly OptionSpec[];
  /** Exit status for bad usage (GNU: 1 for most tools, 2 for sort/expr, 125 for env/timeout). */
  readonly usageStatus?: number;
  /** diffutils style: the `Try 'NAME --help'` line of a usage error starts with `NAME: ` too (cmp). */
  readonly prefixTryLine?: boolean;
  readonly settings?: ParseSettings;
  /** Rewrites legacy argument forms (`head -5`, `tail +3`) before parsing. */
  readonly preprocess?: (args: readonly string[]) => readonly string[];
  /** The tool itself, given the parsed command line. */
  run(ctx: CommandContext, args: ParsedArgs): number | Promise<number>;
}

const COMMON: readonly OptionSpec[] = [
  { key: "--help", long: "help" },
  { key: "--version", long: "version" },
];

/** Thrown by tools for bad usage: printed as `NAME: message` + the `Try` line. */
export function usageError(message: string, status = 1): UsageError {
  return new UsageError(message, status);
}

/**
 * Prints `NAME: message` and GNU's `Try 'NAME --help'` line (prefixed with `NAME: ` when
 * `prefixTry`, as diffutils prints it); returns `status`.
 */
export function printUsageError(ctx: CommandContext, name: string, message: string, status: number, prefixTry = false): number {
  ctx.stderr.write(`${name}: ${message}\n${prefixTry ? `${name}: ` : ""}Try '${name} --help' for more information.\n`);
  return status;
}

/**
 * Builds a `Command` from a `ToolSpec`: parses options once (GNU getopt_long rules), answers
 * `--help`/`--version`, and turns thrown errors into GNU-shaped messages: `OptionError` and
 * `UsageError` get the `Try` line, `FsError` prints `NAME: PATH: strerror`, other `HuskError`s
 * print `NAME: message`. `LimitError`, `AbortError` and `BrokenPipeError` propagate.
 */
export function defineCommand(spec: ToolSpec): Command {
  const table = new OptionTable([...spec.options, ...COMMON]);
  const usageStatus = spec.usageStatus ?? 1;
  const onError = (ctx: CommandContext, e: unknown): number => {
    if (e instanceof LimitError || e instanceof AbortError || e instanceof BrokenPipeError) throw e;
    if (e instanceof OptionError) return printUsageError(ctx, spec.name, e.message, usageStatus, spec.prefixTryLine);
    if (e instanceof UsageError) return printUsageError(ctx, spec.name, e.message, e.status, spec.prefixTryLine);
    if (e instanceof FsError) {
      ctx.stderr.write(`${spec.name}: ${e.path ? `${e.path}: ` : ""}${e.message}\n`);
      return 1;
    }
    if (e instanceof HuskError) {
      ctx.stderr.write(`${spec.name}: ${e.message}\n`);
      return e.status;
    }
    throw e;
  };
  return {
    name: spec.name,
    summary: spec.summary,
    help: `${spec.usage.replace(/\n*$/, "")}\n`,
    fileAccess: spec.fileAccess ?? "operands",
    run(ctx: CommandContext): number | Promise<number> {
      try {
        const raw = spec.preprocess ? spec.preprocess(ctx.args) : ctx.args;
        const args = parseOptions(raw, table, spec.settings);
        if (args.has("--help")) {
          ctx.stdout.write(`${spec.usage.replace(/\n*$/, "")}\n`);
          return 0;
        }
        if (args.has("--version")) {
          ctx.stdout.write(`${spec.name} (Husk coreutils) 0.1.0\n`);
          return 0;
        }
        const r = spec.run(ctx, args);
        if (typeof r === "number") return r;
        return r.then(undefined, (e: unknown) => onError(ctx, e));
      } catch (e) {
        return onError(ctx, e);
      }
    },
  };
}

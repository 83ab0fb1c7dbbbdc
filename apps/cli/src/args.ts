/**
 * The husk command line: `husk [options] -c SCRIPT [NAME [ARGS...]]`, `husk [options] FILE
 * [ARGS...]`, or the script on stdin.
 */

/** Parsed command line. */
export interface CliArgs {
  readonly mode: "run" | "help" | "version";
  /** Script text given with -c. */
  readonly command?: string;
  /** Script file path. */
  readonly file?: string;
  /** `$0`. */
  readonly args0?: string;
  /** Positional parameters `$1...`. */
  readonly args: readonly string[];
  readonly syntaxOnly: boolean;
  readonly profile: "sandbox" | "logic-only";
  readonly filesDir?: string;
  readonly toolsModule?: string;
  readonly json: boolean;
}

/** A command-line mistake: printed as `husk: MESSAGE` with the usage hint, exit 2. */
export class CliUsageError extends Error {}

/** The text of `husk --help`. */
export const USAGE = `Usage: husk [options] -c SCRIPT [NAME [ARG...]]
       husk [options] FILE [ARG...]
       husk [options] < FILE
       husk mcp [--tools MODULE | --files DIR] [--name NAME]   (MCP server on stdio)

Runs a bash script in the Husk sandbox: no host filesystem, no processes, no network.

Options:
  -c SCRIPT             run SCRIPT (the next operand, if any, is $0)
  -n                    check the syntax only; run nothing
  --profile PROFILE     sandbox (default: in-memory filesystem) or logic-only
  --files DIR           seed the sandbox's working directory with a copy of DIR
  --tools MODULE        run the script through a ScriptedTool built from MODULE's
                        default export (an array of ToolImpl or {def, fn})
  --json                print one JSON object {stdout, stderr, exitCode}
  --version             print the version
  -h, --help            print this help

With no script and stdin a terminal, husk starts an interactive shell (line editing,
history in memory, multi-line input for open constructs; exit or Ctrl-D leaves).
The exit status is the script's. Messages are bash's, with husk where bash names
itself: "husk: -c: line 1: syntax error near unexpected token ..." for -c (the NAME
after -c SCRIPT instead, as bash's $0), "FILE: line N: ..." for a script file.
`;

/** Parses argv (without node and the script path). Throws CliUsageError. */
export function parseArgs(argv: readonly string[]): CliArgs {
  let command: string | undefined;
  let hasCommand = false;
  let syntaxOnly = false;
  let profile: "sandbox" | "logic-only" = "sandbox";
  let filesDir: string | undefined;
  let toolsModule: string | undefined;
  let json = false;
  let i = 0;
  const value = (flag: string): string => {
    const v = argv[++i];
    if (v === undefined) throw new CliUsageError(`${flag}: option requires an argument`);
    return v;
  };
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      i++;
      break;
    }
    if (a === "-h" || a === "--help") return { mode: "help", args: [], syntaxOnly, profile, json };
    if (a === "--version") return { mode: "version", args: [], syntaxOnly, profile, json };
    if (a === "-c") {
      hasCommand = true;
      command = value("-c");
    } else if (a === "-n") syntaxOnly = true;
    else if (a === "--json") json = true;
    else if (a === "--profile" || a.startsWith("--profile=")) {
      const p = a === "--profile" ? value(a) : a.slice(10);
      if (p !== "sandbox" && p !== "logic-only") throw new CliUsageError(`--profile: expected sandbox or logic-only, got: ${p}`);
      profile = p;
    } else if (a === "--files" || a.startsWith("--files=")) filesDir = a === "--files" ? value(a) : a.slice(8);
    else if (a === "--tools" || a.startsWith("--tools=")) toolsModule = a === "--tools" ? value(a) : a.slice(8);
    else if (a.startsWith("-") && a !== "-") throw new CliUsageError(`${a}: invalid option`);
    else break;
  }
  const rest = argv.slice(i);
  if (toolsModule !== undefined && filesDir !== undefined) throw new CliUsageError("--files cannot be used with --tools (tool scripts run without a filesystem)");
  if (hasCommand) {
    return { mode: "run", command, args0: rest[0], args: rest.slice(1), syntaxOnly, profile, filesDir, toolsModule, json };
  }
  if (rest.length > 0 && rest[0] !== "-") {
    return { mode: "run", file: rest[0], args0: rest[0], args: rest.slice(1), syntaxOnly, profile, filesDir, toolsModule, json };
  }
  return { mode: "run", args: rest.slice(1), syntaxOnly, profile, filesDir, toolsModule, json };
}

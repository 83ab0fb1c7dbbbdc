/**
 * Command-line parsing for `awk`/`gawk`: `-F fs`, `-v var=val`, `-f progfile`, `-e text`,
 * `--`, combined short forms (`-F:`, `-vx=1`), then the program text and operands.
 */
import { UsageError } from "@husk/host";

/** Parsed command line. */
export interface AwkArgs {
  readonly fs: string | undefined;
  readonly assigns: string[];
  /** `-f` files to read, in order. */
  readonly progFiles: string[];
  /** Program text from the command line or `-e` (undefined when only -f is used). */
  readonly programText: string | undefined;
  readonly operands: string[];
  readonly help: boolean;
  readonly version: boolean;
}

/** Parses awk's arguments. Throws UsageError for a malformed command line. */
export function parseArgs(args: readonly string[]): AwkArgs {
  let fs: string | undefined;
  const assigns: string[] = [];
  const progFiles: string[] = [];
  const sources: string[] = [];
  let help = false;
  let version = false;
  let i = 0;
  const value = (opt: string, rest: string): string => {
    if (rest !== "") return rest;
    const v = args[++i];
    if (v === undefined) throw new UsageError(`option requires an argument -- ${opt}`);
    return v;
  };
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      i++;
      break;
    }
    if (a.length < 2 || a[0] !== "-") break;
    if (a.startsWith("--")) {
      const [name, eq] = a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
      const arg = (): string => eq ?? value(name, "");
      switch (name) {
        case "--field-separator": fs = arg(); break;
        case "--assign": assigns.push(arg()); break;
        case "--file": progFiles.push(arg()); break;
        case "--source": sources.push(arg()); break;
        case "--help": help = true; break;
        case "--version": version = true; break;
        case "--posix": case "--traditional": case "--re-interval": case "--characters-as-bytes": case "--sandbox": case "--lint": break;
        default: throw new UsageError(`unrecognized option '${a}'`);
      }
      continue;
    }
    const opt = a[1]!;
    const rest = a.slice(2);
    switch (opt) {
      case "F": fs = value("F", rest); break;
      case "v": assigns.push(value("v", rest)); break;
      case "f": progFiles.push(value("f", rest)); break;
      case "e": sources.push(value("e", rest)); break;
      case "h": help = true; break;
      case "V": version = true; break;
      case "P": case "c": case "r": case "b": case "S": case "s": break;
      default: throw new UsageError(`invalid option -- '${opt}'`);
    }
  }
  let programText: string | undefined = sources.length > 0 ? sources.join("\n") : undefined;
  if (progFiles.length === 0 && programText === undefined && !help && !version) {
    programText = args[i++];
    if (programText === undefined) throw new UsageError("usage: awk [-F fs][-v var=value][prog | -f progfile][file ...]");
  }
  return { fs, assigns, progFiles, programText, operands: args.slice(i), help, version };
}

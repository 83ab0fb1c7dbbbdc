import { UsageError } from "@husk/host";

/** Everything grep's command line can say (the pure API takes the same object). */
export interface GrepOptions {
  /** -G (default), -E, -F, -P. */
  mode?: "G" | "E" | "F" | "P";
  ignoreCase?: boolean;
  invert?: boolean;
  count?: boolean;
  filesWithMatches?: boolean;
  filesWithoutMatch?: boolean;
  lineNumber?: boolean;
  /** -H true, -h false, undefined: only when several files are searched. */
  withFilename?: boolean;
  onlyMatching?: boolean;
  quiet?: boolean;
  noMessages?: boolean;
  wordRegexp?: boolean;
  lineRegexp?: boolean;
  maxCount?: number;
  after?: number;
  before?: number;
  byteOffset?: boolean;
  /** -z: input and output lines end in NUL. */
  nullData?: boolean;
  /** -Z: a NUL after each file name. */
  nullAfterName?: boolean;
  /** --label: the name shown for standard input. */
  label?: string;
  /** -a: treat binary files as text. */
  text?: boolean;
  /** -I: binary files never match. */
  skipBinary?: boolean;
  initialTab?: boolean;
  /** null: --no-group-separator. */
  groupSeparator?: string | null;
  color?: boolean;
  recursive?: boolean;
  /** -d skip: directory operands are skipped silently. */
  skipDirs?: boolean;
  include?: string[];
  exclude?: string[];
  excludeDir?: string[];
}

/** The parsed command line. */
export interface GrepArgs {
  options: GrepOptions;
  /** Patterns given with -e (or the first operand), split on newlines later. */
  patterns: string[];
  /** Files named with -f. */
  patternFiles: string[];
  files: string[];
  help: boolean;
  version: boolean;
}

type ArgKind = 0 | 1 | 2; // none, required, optional
/** GNU grep's long options, in its table order (ambiguity messages list them in this order). */
const LONG: ReadonlyArray<readonly [string, ArgKind, string]> = [
  ["basic-regexp", 0, "G"],
  ["extended-regexp", 0, "E"],
  ["fixed-regexp", 0, "F"],
  ["fixed-strings", 0, "F"],
  ["perl-regexp", 0, "P"],
  ["after-context", 1, "A"],
  ["before-context", 1, "B"],
  ["binary-files", 1, "binary-files"],
  ["byte-offset", 0, "b"],
  ["context", 1, "C"],
  ["color", 2, "color"],
  ["colour", 2, "color"],
  ["count", 0, "c"],
  ["devices", 1, "D"],
  ["directories", 1, "d"],
  ["dereference-recursive", 0, "R"],
  ["exclude", 1, "exclude"],
  ["exclude-dir", 1, "exclude-dir"],
  ["file", 1, "f"],
  ["files-with-matches", 0, "l"],
  ["files-without-match", 0, "L"],
  ["group-separator", 1, "group-separator"],
  ["help", 0, "help"],
  ["include", 1, "include"],
  ["ignore-case", 0, "i"],
  ["no-ignore-case", 0, "no-ignore-case"],
  ["initial-tab", 0, "T"],
  ["label", 1, "label"],
  ["line-buffered", 0, "line-buffered"],
  ["line-number", 0, "n"],
  ["line-regexp", 0, "x"],
  ["max-count", 1, "m"],
  ["no-filename", 0, "h"],
  ["no-group-separator", 0, "no-group-separator"],
  ["no-messages", 0, "s"],
  ["null", 0, "Z"],
  ["null-data", 0, "z"],
  ["only-matching", 0, "o"],
  ["quiet", 0, "q"],
  ["recursive", 0, "r"],
  ["regexp", 1, "e"],
  ["invert-match", 0, "v"],
  ["silent", 0, "q"],
  ["text", 0, "a"],
  ["binary", 0, "U"],
  ["version", 0, "V"],
  ["with-filename", 0, "H"],
  ["word-regexp", 0, "w"],
];
const SHORT_WITH_ARG = new Set(["e", "f", "m", "A", "B", "C", "d", "D"]);
const SHORT_FLAGS = new Set([..."EFGPiywxzsvVbnHhoqaIrRLlcTZU"]);

/** The two usage lines every grep usage error ends with. */
export const USAGE_TAIL = "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.";

/** A usage error: the message, then GNU's two usage lines; status 2. */
function usage(msg: string): UsageError {
  return new UsageError(msg ? `${msg}\n${USAGE_TAIL}` : USAGE_TAIL, 2);
}

function contextNum(v: string): number {
  if (!/^\d+$/.test(v)) throw new UsageError(`${v}: invalid context length argument`, 2);
  return Number(v);
}

/**
 * Parses grep's argv the way getopt_long does: options and operands may be mixed, `--` ends
 * options, long options may be abbreviated to a unique prefix, `-NUM` means `-C NUM`.
 * Throws `UsageError` with GNU's messages (status 2).
 */
export function parseGrepArgs(argv: readonly string[], defaultMode: "G" | "E" | "F" = "G"): GrepArgs {
  const o: GrepOptions = { mode: defaultMode };
  const r: GrepArgs = { options: o, patterns: [], patternFiles: [], files: [], help: false, version: false };
  const operands: string[] = [];
  let ctxDigits: string | null = null;
  const apply = (key: string, val: string | undefined): void => {
    switch (key) {
      case "E":
      case "F":
      case "G":
      case "P":
        o.mode = key;
        return;
      case "e":
        r.patterns.push(val!);
        return;
      case "f":
        r.patternFiles.push(val!);
        return;
      case "i":
      case "y":
        o.ignoreCase = true;
        return;
      case "no-ignore-case":
        o.ignoreCase = false;
        return;
      case "w":
        o.wordRegexp = true;
        return;
      case "x":
        o.lineRegexp = true;
        return;
      case "z":
        o.nullData = true;
        return;
      case "s":
        o.noMessages = true;
        return;
      case "v":
        o.invert = true;
        return;
      case "V":
        r.version = true;
        return;
      case "help":
        r.help = true;
        return;
      case "m": {
        if (!/^-?\d+$/.test(val!.trim())) throw new UsageError("invalid max count", 2);
        const n = Number(val);
        o.maxCount = n < 0 ? undefined : n;
        return;
      }
      case "b":
        o.byteOffset = true;
        return;
      case "n":
        o.lineNumber = true;
        return;
      case "no-line-number":
        o.lineNumber = false;
        return;
      case "H":
        o.withFilename = true;
        return;
      case "h":
        o.withFilename = false;
        return;
      case "label":
        o.label = val!;
        return;
      case "o":
        o.onlyMatching = true;
        return;
      case "q":
        o.quiet = true;
        return;
      case "a":
        o.text = true;
        return;
      case "I":
        o.skipBinary = true;
        return;
      case "binary-files":
        if (val === "text") o.text = true;
        else if (val === "without-match") o.skipBinary = true;
        else if (val !== "binary") throw usage(`invalid argument '${val}' for '--binary-files'\nValid arguments are:\n  - 'binary'\n  - 'text'\n  - 'without-match'`);
        return;
      case "r":
      case "R":
        o.recursive = true;
        return;
      case "d":
        if (val === "recurse") o.recursive = true;
        else if (val === "skip") o.skipDirs = true;
        else if (val !== "read" && val !== "skip") throw usage(`invalid argument '${val}' for '--directories'\nValid arguments are:\n  - 'read'\n  - 'recurse'\n  - 'skip'`);
        return;
      case "D":
        return;
      case "include":
        (o.include ??= []).push(val!);
        return;
      case "exclude":
        (o.exclude ??= []).push(val!);
        return;
      case "exclude-dir":
        (o.excludeDir ??= []).push(val!);
        return;
      case "L":
        o.filesWithoutMatch = true;
        o.filesWithMatches = false;
        return;
      case "l":
        o.filesWithMatches = true;
        o.filesWithoutMatch = false;
        return;
      case "c":
        o.count = true;
        return;
      case "T":
        o.initialTab = true;
        return;
      case "Z":
        o.nullAfterName = true;
        return;
      case "A":
        o.after = contextNum(val!);
        return;
      case "B":
        o.before = contextNum(val!);
        return;
      case "C":
        o.after = o.before = contextNum(val!);
        return;
      case "group-separator":
        o.groupSeparator = val!;
        return;
      case "no-group-separator":
        o.groupSeparator = null;
        return;
      case "color":
        if (val === undefined || val === "always" || val === "yes" || val === "force") o.color = val !== undefined;
        else if (["never", "no", "none", "auto", "tty", "if-tty"].includes(val)) o.color = false;
        else throw usage(`invalid argument '${val}' for '--color'\nValid arguments are:\n  - 'always', 'yes', 'force'\n  - 'never', 'no', 'none'\n  - 'auto', 'tty', 'if-tty'`);
        return;
      default:
        return; // line-buffered, U: accepted, no effect here
    }
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = arg.slice(2, eq < 0 ? undefined : eq);
      const exact = LONG.find((l) => l[0] === name);
      const cands = exact ? [exact] : LONG.filter((l) => l[0].startsWith(name));
      const distinct = [...new Set(cands.map((c) => c[2]))];
      if (cands.length === 0) throw usage(`unrecognized option '${arg}'`);
      if (distinct.length > 1) throw usage(`option '${arg.slice(0, eq < 0 ? undefined : eq)}' is ambiguous; possibilities:${cands.map((c) => ` '--${c[0]}'`).join("")}`);
      const [lname, kind, key] = cands[0]!;
      let val: string | undefined;
      if (eq >= 0) {
        if (kind === 0) throw usage(`option '--${lname}' doesn't allow an argument`);
        val = arg.slice(eq + 1);
      } else if (kind === 1) {
        if (i + 1 >= argv.length) throw usage(`option '--${lname}' requires an argument`);
        val = argv[++i]!;
      }
      apply(key, val);
      continue;
    }
    if (arg.length > 1 && arg[0] === "-") {
      for (let k = 1; k < arg.length; k++) {
        const c = arg[k]!;
        if (c >= "0" && c <= "9") {
          // -NUM: context; digits accumulate within one argument
          ctxDigits = (k > 1 && arg[k - 1]! >= "0" && arg[k - 1]! <= "9" ? (ctxDigits ?? "") : "") + c;
          o.after = o.before = Number(ctxDigits);
          continue;
        }
        if (SHORT_WITH_ARG.has(c)) {
          let val = arg.slice(k + 1);
          if (val === "") {
            if (i + 1 >= argv.length) throw usage(`option requires an argument -- '${c}'`);
            val = argv[++i]!;
          }
          apply(c, val);
          break;
        }
        if (!SHORT_FLAGS.has(c)) throw usage(`invalid option -- '${c}'`);
        apply(c, undefined);
      }
      continue;
    }
    operands.push(arg);
  }
  if (r.help || r.version) return r;
  if (r.patterns.length === 0 && r.patternFiles.length === 0) {
    if (operands.length === 0) throw usage("");
    r.patterns.push(operands.shift()!);
  }
  r.files = operands;
  return r;
}

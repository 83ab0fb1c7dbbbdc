/**
 * The husk command's behaviour, independent of the process: `runCli(argv, io)` returns the exit
 * status. main.ts wires it to the real process.
 */
import { readFileSync } from "node:fs";
import { ParseError, Parser, warningReport } from "@husk/syntax";
import { Bash } from "@husk/bash";
import { CliUsageError, parseArgs, USAGE, type CliArgs } from "./args.js";
import { readSeedFiles } from "./files.js";
import type { ReplExec } from "./repl.js";

/** The version printed by `--version`. */
export const VERSION = "0.1.0";

/** The process as the CLI sees it. */
export interface CliIO {
  /** Reads all of stdin ("" when there is none). */
  readStdin(): Promise<string>;
  writeStdout(text: string): void;
  writeStderr(text: string): void;
}

/**
 * The shell's name in messages, bash's `$0`: the name after `-c SCRIPT` (else `husk`, where
 * bash says `bash`), the script file, or `husk` for a script on stdin.
 */
function shellName(a: CliArgs): string {
  return a.args0 ?? "husk";
}

/** Quotes a string for bash (single quotes). */
function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

interface Outcome {
  stdout: string;
  stderr: string;
  exitCode: number;
  error?: string;
}

/** Runs the CLI; resolves with the exit status. Never throws. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  let a: CliArgs;
  try {
    a = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    io.writeStderr(`husk: ${e.message}\nTry 'husk --help' for more information.\n`);
    return 2;
  }
  if (a.mode === "help") {
    io.writeStdout(USAGE);
    return 0;
  }
  if (a.mode === "version") {
    io.writeStdout(`husk ${VERSION}\n`);
    return 0;
  }

  let script: string;
  let stdin = "";
  try {
    if (a.command !== undefined) script = a.command;
    else if (a.file !== undefined) script = readFileSync(a.file, "utf8");
    else script = await io.readStdin();
    if (a.command !== undefined || a.file !== undefined) stdin = a.syntaxOnly ? "" : await io.readStdin();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    io.writeStderr(`husk: ${a.file}: ${code === "ENOENT" ? "No such file or directory" : "cannot read file"}\n`);
    return 127;
  }

  let out: Outcome;
  if (a.syntaxOnly) out = checkSyntax(a, script);
  else {
    try {
      out = a.toolsModule !== undefined ? await runWithTools(a, script) : await runPlain(a, script, stdin, a.json ? undefined : io);
    } catch (e) {
      out = { stdout: "", stderr: `husk: ${e instanceof Error ? e.message : String(e)}\n`, exitCode: 1 };
    }
  }
  if (a.json) {
    const obj: Record<string, unknown> = { stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode };
    if (out.error !== undefined) obj.error = out.error;
    io.writeStdout(`${JSON.stringify(obj)}\n`);
  } else {
    if (out.stdout) io.writeStdout(out.stdout);
    if (out.stderr) io.writeStderr(out.stderr);
  }
  return out.exitCode;
}

/**
 * `-n`: parse only, as `bash -n` does: its warnings (`NAME: line N: warning: ...`), and at the
 * first syntax error its message (`NAME: -c: line N: ...` for -c, then the offending line),
 * status 2; most errors inside `[[ ]]` leave the status 0, as in bash.
 */
function checkSyntax(a: CliArgs, script: string): Outcome {
  const name = shellName(a);
  let stderr = "";
  const parser = new Parser(script, { onWarning: (w) => void (stderr += warningReport(w, name)) });
  let exitCode = 0;
  for (;;) {
    try {
      if (parser.next() === undefined) return { stdout: "", stderr, exitCode, ...(exitCode !== 0 && { error: "parse" }) };
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      stderr += e.report(script, a.command !== undefined ? `${name}: -c` : name);
      exitCode = e.exitStatus(exitCode);
      // (bash goes on after an error inside name=( ... ))
      if (!e.resumes) return { stdout: "", stderr, exitCode, error: "parse" };
    }
  }
}

/** The --tools ScriptedTool; the tool layer (ajv and all) loads only for a run that asks for it. */
async function loadTools(module: string) {
  const { loadToolsModule } = await import("./load-tools.js");
  return loadToolsModule(module);
}

async function runWithTools(a: CliArgs, script: string): Promise<Outcome> {
  const tool = await loadTools(a.toolsModule!);
  const prefix = a.args.length > 0 ? `set -- ${a.args.map(shellQuote).join(" ")}\n` : "";
  const r = await tool.execute({ commands: prefix + script });
  return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode, error: r.error };
}

/** The shell of a plain run (or of the REPL, which keeps variables across inputs: `persistState`). */
export function shellFor(a: CliArgs, persistState = false): Bash {
  const cwd = "/home/user";
  const files = a.filesDir !== undefined ? readSeedFiles(a.filesDir, cwd) : undefined;
  return new Bash({ profile: a.profile, files, cwd, persistState });
}

/** How the REPL runs each input: a persistent shell, or the --tools ScriptedTool (fresh per input). */
export async function replExec(a: CliArgs): Promise<ReplExec> {
  if (a.toolsModule !== undefined) {
    const tool = await loadTools(a.toolsModule);
    return (script) => tool.execute({ commands: script });
  }
  const bash = shellFor(a, true);
  return (script) => bash.exec(script, { args: a.args, args0: shellName(a) });
}

/** Output pieces kept before they are written: bigger ones go out at once. */
const STREAM_CHUNK = 1 << 16;

/**
 * Writes a run's stdout and stderr in the order the script wrote them (bash writes as it goes,
 * so `husk script >out 2>&1` must interleave them as bash does): text of one stream is held
 * until the other stream is written to, a piece grows past STREAM_CHUNK, or the run ends.
 */
class OrderedWriter {
  #fd: 1 | 2 = 1;
  #held: string[] = [];
  #size = 0;
  constructor(readonly io: CliIO) {}
  write(fd: 1 | 2, text: string): void {
    if (fd !== this.#fd) {
      this.flush();
      this.#fd = fd;
    }
    this.#held.push(text);
    this.#size += text.length;
    if (this.#size >= STREAM_CHUNK) this.flush();
  }
  flush(): void {
    if (this.#size === 0) return;
    const text = this.#held.join("");
    this.#held = [];
    this.#size = 0;
    if (this.#fd === 1) this.io.writeStdout(text);
    else this.io.writeStderr(text);
  }
}

/** A plain run; with `stream`, its output goes there as the script writes it (and not in the Outcome). */
async function runPlain(a: CliArgs, script: string, stdin: string, stream?: CliIO): Promise<Outcome> {
  const bash = shellFor(a);
  const w = stream && new OrderedWriter(stream);
  const invocation = a.command !== undefined ? "command" : a.file !== undefined ? "file" : "stdin";
  try {
    const r = await bash.exec(script, { stdin, args: a.args, args0: shellName(a), invocation, ...(w && { onOutput: (fd: 1 | 2, t: string) => w.write(fd, t) }) });
    return { stdout: w ? "" : r.stdout, stderr: w ? "" : r.stderr, exitCode: r.exitCode, error: r.error?.kind };
  } finally {
    w?.flush();
  }
}

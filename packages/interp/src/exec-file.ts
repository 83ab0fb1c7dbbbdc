/**
 * Running a file of the sandbox filesystem as a program, as execve would: a script with no
 * `#!` line, or one naming bash or sh (directly or through `env`), runs in a child shell; a
 * `#!` naming a registered command (`#!/usr/bin/awk -f`, `#!/usr/bin/env jq`) runs that
 * command with the file as its argument; any other interpreter does not exist here.
 */
import type { Command } from "@husk/host";
import type { PreparedAssign } from "./assign.js";
import type { Completion, MaybeAsync } from "./errors.js";
import type { Interp } from "./interp.js";
import { commandAtPath } from "./pathsearch.js";
import type { PathMatch } from "./pathsearch.js";
import { runCommand } from "./simple.js";
import { bashCmd } from "./builtins/bash.js";

/** Interpreters that mean this shell. */
const SHELLS = new Set(["bash", "sh"]);

/** What a `#!` line resolves to: this shell, a registered command, or nothing available. */
type Interpreter = { kind: "shell" } | { kind: "command"; command: Command; argv: string[] } | { kind: "missing" };

function interpreterOf(ip: Interp, text: string): Interpreter {
  if (!text.startsWith("#!")) return { kind: "shell" };
  const line = text.slice(2, text.indexOf("\n") >>> 0).trim();
  const [prog = "", ...rest] = line.split(/[ \t]+/);
  const base = prog.slice(prog.lastIndexOf("/") + 1);
  if (prog === "" || SHELLS.has(base)) return { kind: "shell" };
  if (base === "env" && rest.length > 0) {
    const [name, ...args] = rest;
    if (SHELLS.has(name!)) return { kind: "shell" };
    const c = ip.rt.commands.get(name!);
    return c !== undefined && commandAtPath(ip, `/usr/bin/${name}`) === c ? { kind: "command", command: c, argv: [name!, ...args] } : { kind: "missing" };
  }
  const c = commandAtPath(ip, prog);
  // like Linux, everything after the interpreter is one argument
  return c !== undefined ? { kind: "command", command: c, argv: rest.length > 0 ? [base, rest.join(" ")] : [base] } : { kind: "missing" };
}

/**
 * Runs the file at `path` (relative to the cwd; as found along $PATH or as named) with
 * `argv[1..]` as its arguments. 126 for a directory or a file without execute permission,
 * 127 when it is missing or its interpreter is not available.
 */
export async function execFile(ip: Interp, argv: string[], path = argv[0]!): Promise<Completion> {
  if (ip.rt.profile === "logic-only") {
    ip.notFound(path);
    return 127;
  }
  const abs = path.startsWith("/") ? path : `${ip.st.cwd}/${path}`;
  let text: string;
  try {
    const st = await ip.rt.fs.stat(abs);
    if (st.type === "directory") {
      ip.error(`${path}: Is a directory`);
      return 126;
    }
    if ((st.mode & 0o111) === 0) {
      ip.error(`${path}: Permission denied`);
      return 126;
    }
    text = await ip.rt.fs.readFile(abs);
  } catch {
    // /bin/echo, /usr/bin/env ...: the registered command of that name
    const c = commandAtPath(ip, path);
    if (c !== undefined) return runCommand(ip, c, [path.slice(path.lastIndexOf("/") + 1), ...argv.slice(1)]);
    ip.error(`${path}: No such file or directory`);
    return 127;
  }
  const interp = interpreterOf(ip, text);
  if (interp.kind === "missing") {
    ip.error(`${path}: cannot execute: required file not found`);
    return 127;
  }
  if (interp.kind === "command") return runCommand(ip, interp.command, [...interp.argv, path, ...argv.slice(1)]);
  // a new shell, as bash re-initializes the subshell for a script without `#!`: the exported
  // environment only, options from SHELLOPTS (what `bash FILE` does)
  return runCommand(ip, bashCmd, ["bash", path, ...argv.slice(1)]);
}

/** Runs what a $PATH search found: the registered command, or the file. */
export function runMatch(ip: Interp, argv: string[], m: PathMatch, assigns?: (PreparedAssign | undefined)[]): MaybeAsync<Completion> {
  return m.command !== undefined ? runCommand(ip, m.command, argv, assigns) : execFile(ip, argv, m.path);
}

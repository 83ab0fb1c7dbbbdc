/**
 * Running one script in a child process: unprivileged when the runner is root, in a given
 * directory, with exactly the given environment, stdin fed from a string, and a timeout that
 * kills the whole process group (background jobs included).
 */
import { spawn } from "node:child_process";
import { chownSync, closeSync, mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";

/** What a run produced. `status` is 128+N for a signal; `timedOut` when the deadline killed it. */
export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number;
  readonly timedOut: boolean;
}

/** The uid/gid the oracle and command-line shells under test run as when the runner is root. */
export const UNPRIVILEGED_ID = 65534;

/** True when this process runs as root (so children must drop privileges). */
export function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

/** Prefixes `argv` with setpriv when running as root: the child runs as nobody, without groups. */
export function unprivileged(argv: readonly string[]): string[] {
  if (!isRoot()) return [...argv];
  return [
    "setpriv",
    `--reuid=${UNPRIVILEGED_ID}`,
    `--regid=${UNPRIVILEGED_ID}`,
    "--clear-groups",
    "--",
    ...argv,
  ];
}

/** (Re)creates an empty directory the unprivileged user owns. */
export function freshDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (isRoot()) chownSync(dir, UNPRIVILEGED_ID, UNPRIVILEGED_ID);
}

/** Options of `runProcess`. */
export interface RunOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly stdin: string;
  /**
   * Where to put `stdin` first: the child reads a regular file (as a script fed to a shell
   * should be: Node's pipes are socketpairs, and bash sources ~/.bashrc when its stdin is a
   * socket). Default `<cwd>.stdin`.
   */
  readonly stdinFile?: string;
  /** Milliseconds; the process group is killed with SIGKILL after it. */
  readonly timeoutMs: number;
  /** Output beyond this many bytes per stream is dropped (default 4 MiB). */
  readonly maxBytes?: number;
}

/**
 * Spawns argv (no shell in between), its stdin a file holding `opts.stdin`, and collects its
 * output. When the main process exits,
 * whatever it left running in its process group is killed, so a stray `sleep 100 &` cannot
 * hold the pipes open.
 */
export function runProcess(argv: readonly string[], opts: RunOptions): Promise<RunResult> {
  const maxBytes = opts.maxBytes ?? 4 * 1024 * 1024;
  const stdinFile = opts.stdinFile ?? `${opts.cwd}.stdin`;
  writeFileSync(stdinFile, opts.stdin);
  const stdinFd = openSync(stdinFile, "r");
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: opts.cwd,
      env: { ...opts.env },
      stdio: [stdinFd, "pipe", "pipe"],
      detached: true,
    });
    closeSync(stdinFd);
    rmSync(stdinFile, { force: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outLen = 0;
    let errLen = 0;
    let timedOut = false;
    let exitStatus: number | undefined;
    let settled = false;
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, opts.timeoutMs);
    child.stdout!.on("data", (b: Buffer) => {
      if (outLen < maxBytes) out.push(b);
      outLen += b.length;
    });
    child.stderr!.on("data", (b: Buffer) => {
      if (errLen < maxBytes) err.push(b);
      errLen += b.length;
    });
    const finish = (status: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        status,
        timedOut,
      });
    };
    child.on("error", (e) => {
      err.push(Buffer.from(`conformance: cannot run ${argv[0]}: ${e.message}\n`));
      finish(127);
    });
    child.on("exit", (code, signal) => {
      exitStatus = code ?? 128 + signalNumber(signal);
      killGroup();
    });
    child.on("close", () => finish(exitStatus ?? 1));
  });
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGABRT: 6, SIGKILL: 9, SIGSEGV: 11, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15 };

function signalNumber(signal: NodeJS.Signals | null): number {
  return (signal && SIGNALS[signal]) ?? 0;
}

/**
 * Splits a command line like `node ../adapter.mjs --flag 'a b'` into argv: whitespace
 * separates words, single and double quotes group, backslash escapes one character.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let cur = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < line.length) cur += line[++i];
      else cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\" && i + 1 < line.length) {
      cur += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = "";
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} in command line: ${line}`);
  if (inWord) words.push(cur);
  return words;
}

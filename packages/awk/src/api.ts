/**
 * The pure API: `awk(program, input, options)` runs a program over a string (and optional
 * in-memory files) without a shell, returning its output and status.
 */
import { FsError, HuskError, LimitsMeter, resolveLimits, SeededRandom, StringInput, StringOutput, FixedClock, SYSTEM_CLOCK } from "@husk/host";
import type { Clock, FileStat, FileSystem, Limits, ShellAccess, WriteOptions } from "@husk/host";
import { parse } from "./parser.js";
import { runProgram } from "./run.js";

/** Options of `awk()`. */
export interface AwkOptions {
  /** Operands (ARGV[1..]): file names from `files`, or `var=value` assignments. */
  readonly args?: readonly string[];
  /** `-v` style assignments applied before BEGIN. */
  readonly vars?: Readonly<Record<string, string>>;
  /** The field separator (`-F`). */
  readonly fieldSeparator?: string;
  /** In-memory files readable by operands and `getline < file`; `print > file` writes here. */
  readonly files?: Record<string, string>;
  /** ENVIRON. */
  readonly env?: Readonly<Record<string, string>>;
  /** Runs `system()`, `cmd | getline` and `print | cmd`; without it they fail. */
  readonly shell?: ShellAccess;
  /** Epoch milliseconds for systime/strftime (default: the real clock). */
  readonly now?: number;
  /** Initial seed of rand() (default 1, as gawk: the same sequence as gawk's). */
  readonly seed?: number;
  readonly limits?: Partial<Limits>;
  readonly signal?: AbortSignal;
}

/** The outcome of `awk()`. */
export interface AwkResult {
  readonly stdout: string;
  readonly stderr: string;
  /** Exit status: the `exit` value, 2 for syntax and fatal errors. */
  readonly status: number;
}

/** A FileSystem over a plain record (files only, no directories). */
class RecordFs implements FileSystem {
  readonly #files: Record<string, string>;
  constructor(files: Record<string, string>) {
    this.#files = files;
  }
  #key(path: string): string | undefined {
    if (Object.hasOwn(this.#files, path)) return path;
    const rel = path.replace(/^\/+/, "");
    return Object.hasOwn(this.#files, rel) ? rel : undefined;
  }
  readFile(path: string): Promise<string> {
    const k = this.#key(path);
    return k === undefined ? Promise.reject(new FsError("ENOENT", path)) : Promise.resolve(this.#files[k]!);
  }
  writeFile(path: string, data: string, options?: WriteOptions): Promise<void> {
    const k = this.#key(path) ?? path.replace(/^\/+/, "");
    this.#files[k] = options?.append ? (this.#files[k] ?? "") + data : data;
    return Promise.resolve();
  }
  stat(path: string): Promise<FileStat> {
    const k = this.#key(path);
    if (k === undefined) return Promise.reject(new FsError("ENOENT", path));
    return Promise.resolve({ type: "file", size: this.#files[k]!.length, mode: 0o644, mtimeMs: 0, ino: 1, nlink: 1 });
  }
  lstat(path: string): Promise<FileStat> {
    return this.stat(path);
  }
  exists(path: string): Promise<boolean> {
    return Promise.resolve(this.#key(path) !== undefined);
  }
  #no(path: string): Promise<never> {
    return Promise.reject(new FsError("ENOSYS", path, "not supported"));
  }
  readdir(path: string): Promise<string[]> { return this.#no(path); }
  mkdir(path: string): Promise<void> { return this.#no(path); }
  rm(path: string): Promise<void> { return this.#no(path); }
  rename(path: string): Promise<void> { return this.#no(path); }
  symlink(_t: string, path: string): Promise<void> { return this.#no(path); }
  readlink(path: string): Promise<string> { return this.#no(path); }
  realpath(path: string): Promise<string> { return Promise.resolve(path); }
  chmod(path: string): Promise<void> { return this.#no(path); }
  utimes(path: string): Promise<void> { return this.#no(path); }
}

/**
 * Runs `program` over `input` (stdin). Never throws for program errors: syntax and runtime
 * errors are reported in `stderr` with status 2, as gawk does. Limit breaches and cancellation
 * do throw (LimitError / AbortError).
 */
export async function awk(program: string, input = "", options: AwkOptions = {}): Promise<AwkResult> {
  const stdout = new StringOutput();
  const stderr = new StringOutput();
  let ast;
  try {
    ast = parse(program);
  } catch (e) {
    return { stdout: "", stderr: `awk: ${(e as Error).message}\n`, status: e instanceof HuskError ? e.status : 2 };
  }
  const clock: Clock = options.now !== undefined ? new FixedClock(options.now) : SYSTEM_CLOCK;
  const limits = resolveLimits(options.limits);
  const status = await runProgram(
    {
      program: ast,
      operands: options.args ?? [],
      assigns: Object.entries(options.vars ?? {}).map(([k, v]) => `${k}=${v}`),
      fs: options.fieldSeparator,
      seed: options.seed,
    },
    {
      stdin: new StringInput(input),
      stdout,
      stderr,
      env: new Map(Object.entries(options.env ?? {})),
      fs: options.files !== undefined ? new RecordFs(options.files) : undefined,
      shell: options.shell,
      cwd: "/",
      clock,
      random: new SeededRandom(options.seed ?? 0x2545f491),
      meter: new LimitsMeter(limits, options.signal !== undefined ? { signal: options.signal } : {}),
    },
  );
  return { stdout: stdout.text, stderr: stderr.text, status };
}

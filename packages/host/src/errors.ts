/**
 * The one error model of Husk. Every failure that is not a bug is one of these classes;
 * anything else escaping a command is a bug and is reported as an internal error without
 * its stack.
 */

/** Base class: a failure with a message meant for the script's stderr and an exit status. */
export class HuskError extends Error {
  /** Exit status the failing command reports. */
  readonly status: number;
  constructor(message: string, status = 1) {
    super(message);
    this.status = status;
    this.name = new.target.name;
  }
}

/** The names of the limits a run can breach (keys of `Limits`). */
export type LimitName =
  | "maxCommands"
  | "maxLoopIterations"
  | "maxTotalIterations"
  | "maxCallDepth"
  | "maxSubshellDepth"
  | "timeoutMs"
  | "maxScriptBytes"
  | "maxStdoutBytes"
  | "maxStderrBytes"
  | "maxFields"
  | "maxVariables"
  | "maxVariableBytes"
  | "maxFsBytes"
  | "maxFileBytes"
  | "maxFiles"
  | "maxStringBytes"
  | "maxDataBytes"
  | "maxParseDepth";

/**
 * A resource limit was breached. Ends the whole run (not just the command): the message names
 * the limit and how to raise it. Output produced before the breach is kept.
 */
export class LimitError extends HuskError {
  readonly limit: LimitName;
  constructor(limit: LimitName, detail: string) {
    super(`husk: ${detail} (limit ${limit}; raise it with limits.${limit})`, 1);
    this.limit = limit;
  }
}

/** The run was cancelled through its AbortSignal, or its deadline passed. */
export class AbortError extends HuskError {
  readonly reason: "timeout" | "cancelled";
  constructor(reason: "timeout" | "cancelled", message?: string) {
    super(message ?? (reason === "timeout" ? "husk: run timed out" : "husk: run cancelled"), reason === "timeout" ? 124 : 130);
    this.reason = reason;
  }
}

/** The reader of a pipe went away (SIGPIPE). The writer ends with status 141. */
export class BrokenPipeError extends HuskError {
  constructor() {
    super("Broken pipe", 141);
  }
}

/** Filesystem error codes, with the strerror text bash and coreutils print for each. */
export const FS_ERROR_TEXT = {
  ENOENT: "No such file or directory",
  EEXIST: "File exists",
  ENOTDIR: "Not a directory",
  EISDIR: "Is a directory",
  ENOTEMPTY: "Directory not empty",
  EACCES: "Permission denied",
  EPERM: "Operation not permitted",
  EROFS: "Read-only file system",
  ELOOP: "Too many levels of symbolic links",
  EINVAL: "Invalid argument",
  ENOSPC: "No space left on device",
  EFBIG: "File too large",
  ENAMETOOLONG: "File name too long",
  EBADF: "Bad file descriptor",
  EXDEV: "Invalid cross-device link",
  ENOSYS: "filesystem access disabled",
} as const;

/** A filesystem error code (POSIX errno name). */
export type FsErrorCode = keyof typeof FS_ERROR_TEXT;

/**
 * A filesystem operation failed. `message` is the bare strerror text (e.g. `No such file or
 * directory`); callers prefix it the way the tool does (`cat: x: No such file or directory`).
 */
export class FsError extends HuskError {
  readonly code: FsErrorCode;
  readonly path: string;
  constructor(code: FsErrorCode, path: string, message?: string) {
    super(message ?? FS_ERROR_TEXT[code], 1);
    this.code = code;
    this.path = path;
  }
}

/**
 * A command was used wrongly (bad option, missing operand). The command prints `message` to
 * stderr and exits with `status` (2 by default, GNU's usage status).
 */
export class UsageError extends HuskError {
  constructor(message: string, status = 2) {
    super(message, status);
  }
}

/** Turns any thrown value into a one-line message safe to show a script: never a stack. */
export function errorMessage(e: unknown): string {
  if (e instanceof HuskError) return e.message;
  if (e instanceof RangeError && /call stack/i.test(e.message)) return "maximum nesting depth exceeded";
  if (e instanceof Error) return `internal error: ${e.name}`;
  return "internal error";
}

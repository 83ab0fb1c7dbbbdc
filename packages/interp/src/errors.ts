/**
 * Internal failures of the interpreter that are not control flow: expansion errors that end the
 * command, the current top-level line, or the whole shell, exactly where bash ends them.
 */

/**
 * A fatal shell error. `scope` says how far it unwinds: `command` (the command fails with
 * `status`), `line` (bash's "jump to top level": the rest of the current top-level command line
 * is skipped), `discard` (bash's DISCARD, `shift 1 2`: as `line`, but a `bash -c` string
 * ends with it, status 1), or `exit` (a non-interactive shell exits, e.g. `${x:?}` or `set -u`).
 * Subshells and command substitutions stop at their own boundary.
 */
export class FatalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly scope: "command" | "line" | "discard" | "exit",
    /**
     * A `line` error that ends the shell under set -e, even in a condition: bash's failed word
     * expansion of a command (bad substitution, invalid indirection, failglob); arithmetic and
     * substring errors only end the line.
     */
    readonly errexit = false,
  ) {
    super(message);
    this.name = "FatalError";
  }

  /** Its message was written (`Interp.error` writes it once, see `withRedirects`). */
  reported = false;

  /** The line it happened on, when it leaves the function (or file) it happened in (see `at`). */
  line: number | undefined;

  /** The shell's name for errors where it happened (`main`, `environment`, a file: see `at`). */
  where: string | undefined;

  /**
   * Records `line` (and the name bash's message starts with there, as bash reports the error
   * inside the function) as where it happened unless a deeper frame did already; returns `this`.
   */
  at(line: number, where?: string): this {
    if (this.line === undefined) {
      this.line = line;
      this.where = where;
    }
    return this;
  }
}

/**
 * A refusal of the logic-only profile (a command that is not there, a filesystem redirection,
 * a process substitution). It is raised where the refusal happens; the shell prints it as
 * `bash: MESSAGE`, without the line number of other errors (spec/tool-layer-behaviour.md).
 */
export class ProfileRejection extends FatalError {
  constructor(message: string, status = 1) {
    super(message, status, "command");
    this.name = "ProfileRejection";
  }
}

/** Control flow of `break`, `continue`, `return` and `exit`: a value, never thrown. */
export class Abrupt {
  constructor(
    readonly kind: "break" | "continue" | "return" | "exit",
    /** Loop levels still to unwind (break/continue). */
    readonly levels: number,
    readonly status: number,
  ) {}
}

/** What executing a command produces: a status, or an abrupt completion. */
export type Completion = number | Abrupt;

/**
 * A value now, or a promise of it. Hot paths (statements, simple commands, expansions) return
 * plain values when they complete synchronously, so a loop of builtins and expansions pays no
 * promise or microtask per command; callers test `instanceof Promise` (or just `await`).
 */
export type MaybeAsync<T> = T | Promise<T>;

/**
 * The error that ends a shell after a syntax error in the body of a `$( )` that an eval or
 * source reads (reported already): bash discards the shell, with status 1 (127 under -c).
 */
export function discardShell(): FatalError {
  const f = new FatalError("", 1, "exit");
  f.reported = true;
  return f;
}

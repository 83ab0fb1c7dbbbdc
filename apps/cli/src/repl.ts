/**
 * The interactive shell `husk` starts when stdin is a terminal: line editing and in-memory
 * history come from node:readline; an input that leaves a construct open (`if ...; then`, an
 * open quote, `a |`, a trailing backslash) continues on the next line under the `> ` prompt,
 * as bash does. Shell variables, functions and files persist across inputs. `exit` or Ctrl-D
 * leaves; Ctrl-C drops the pending input.
 */
import { createInterface } from "node:readline";
import { parse, ParseError } from "@husk/syntax";

/** What the REPL runs each complete input with. */
export type ReplExec = (script: string) => Promise<{ readonly stdout: string; readonly stderr: string; readonly exitCode: number }>;

/** The primary and continuation prompts (bash's PS1-like and PS2). */
export const PS1 = "husk$ ";
export const PS2 = "> ";
/** History entries kept in memory. */
export const HISTORY_SIZE = 1000;

/**
 * True when `source` is an unfinished construct that more input could complete: the parser
 * stops at the end of the text (`unexpected end of file`, `unexpected EOF while looking
 * for...`, a `[[ ]]` error there), or the last line ends in an unescaped backslash.
 */
export function isIncomplete(source: string): boolean {
  const trailing = /(\\+)$/.exec(source);
  if (trailing && trailing[1]!.length % 2 === 1) return true;
  try {
    parse(source);
    return false;
  } catch (e) {
    if (!(e instanceof ParseError)) return false;
    // (a `[[ ]]` error at the end of the text, `[[ a ==`, waits for its operand too)
    return e.atEnd || /unexpected end of file|^unexpected EOF/.test(e.message);
  }
}

/** `exit`, `exit 3`, `exit;`: an input that leaves the REPL (undefined status: the last one). */
function exitRequest(source: string): { status: number | undefined } | undefined {
  const m = /^\s*exit(?:\s+(\d+))?\s*;?\s*$/.exec(source);
  return m ? { status: m[1] !== undefined ? Number(m[1]) % 256 : undefined } : undefined;
}

/** The REPL's state without any terminal: pending lines, history, the last status. */
export class ReplSession {
  readonly #exec: ReplExec;
  #pending: string[] = [];
  readonly history: string[] = [];
  /** Status of the last completed input (0 at start). */
  lastStatus = 0;
  /** Set when an `exit` input asked to leave. */
  exited = false;

  constructor(exec: ReplExec) {
    this.#exec = exec;
  }

  /** The prompt for the next line: PS2 while a construct is open. */
  prompt(): string {
    return this.#pending.length > 0 ? PS2 : PS1;
  }

  /** Drops the pending lines (Ctrl-C). */
  cancel(): void {
    this.#pending = [];
  }

  /**
   * Feeds one line. Returns undefined while the input is incomplete (or empty); otherwise runs
   * the whole input, records it in the history, and returns its output.
   */
  async feed(line: string): Promise<{ stdout: string; stderr: string; exitCode: number } | undefined> {
    this.#pending.push(line);
    const source = this.#pending.join("\n");
    if (isIncomplete(source)) return undefined;
    this.#pending = [];
    if (source.trim() === "") return undefined;
    this.history.push(source);
    if (this.history.length > HISTORY_SIZE) this.history.shift();
    const exit = exitRequest(source);
    if (exit) {
      this.exited = true;
      if (exit.status !== undefined) this.lastStatus = exit.status;
      return { stdout: "", stderr: "", exitCode: this.lastStatus };
    }
    const r = await this.#exec(source);
    this.lastStatus = r.exitCode;
    return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
  }
}

/** Streams of one REPL run (the process's, or test streams). */
export interface ReplStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  readonly error: NodeJS.WritableStream;
  /** Line editing and history keys (true for a TTY). */
  readonly terminal: boolean;
}

/** Runs the REPL until `exit` or end of input; resolves with the last status. */
export function runRepl(exec: ReplExec, streams: ReplStreams): Promise<number> {
  const session = new ReplSession(exec);
  const rl = createInterface({ input: streams.input, output: streams.output, terminal: streams.terminal, historySize: HISTORY_SIZE, prompt: PS1 });
  return new Promise<number>((resolve) => {
    let busy = Promise.resolve();
    let closed = false;
    const next = () => {
      if (closed) return;
      rl.setPrompt(session.prompt());
      rl.prompt();
    };
    rl.on("SIGINT", () => {
      session.cancel();
      streams.output.write("^C\n");
      next();
    });
    rl.on("line", (line) => {
      busy = busy.then(async () => {
        if (session.exited) return;
        const r = await session.feed(line);
        if (r) {
          if (r.stdout) streams.output.write(r.stdout);
          if (r.stderr) streams.error.write(r.stderr);
        }
        if (session.exited) rl.close();
        else next();
      });
    });
    rl.on("close", () => {
      closed = true;
      void busy.then(() => {
        if (streams.terminal && !session.exited) streams.output.write("exit\n");
        resolve(session.lastStatus);
      });
    });
    rl.prompt();
  });
}

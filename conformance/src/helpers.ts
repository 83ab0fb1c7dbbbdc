/**
 * Test-only commands for the in-process shell under test: the Oils corpus calls small Python 2
 * helpers from spec/bin (`argv.py`, `printenv.py`, `stdout_stderr.py`, `read_from_fd.py`).
 * These `Command`s print exactly what those helpers print (the oracle runs the equivalent
 * scripts in conformance/helpers/, checked against python2 in helpers.test.ts). They are not
 * part of the product.
 *
 * In-process commands have no file descriptors beyond stdin/stdout/stderr, so
 * `read_from_fd.py` can only read fd 0; `show_fd_table.py` is not provided.
 */
import type { Command, CommandContext } from "@husk/host";

const HEX = "0123456789abcdef";

/**
 * Python 2's `repr()` of a byte string, for the UTF-8 encoding of `s`: single quotes unless the
 * text has `'` and no `"`; `\\`, the quote, `\t`, `\n`, `\r` escaped; other bytes outside
 * 0x20-0x7e as `\xNN`.
 */
export function pythonRepr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  const bytes = new TextEncoder().encode(s);
  let out = q;
  for (const b of bytes) {
    if (b === 0x5c || b === q.charCodeAt(0)) out += `\\${String.fromCharCode(b)}`;
    else if (b === 0x09) out += "\\t";
    else if (b === 0x0a) out += "\\n";
    else if (b === 0x0d) out += "\\r";
    else if (b < 0x20 || b > 0x7e) out += `\\x${HEX[b >> 4]}${HEX[b & 15]}`;
    else out += String.fromCharCode(b);
  }
  return out + q;
}

/** `argv.py ARGS...`: prints the arguments as a Python 2 list (`['a', 'b c']`). */
export const argvPy: Command = {
  name: "argv.py",
  summary: "test helper: print argv as a Python list",
  run(ctx: CommandContext): number {
    ctx.stdout.write(`[${ctx.args.map(pythonRepr).join(", ")}]\n`);
    return 0;
  },
};

/** `printenv.py NAMES...`: one line per name, the exported value or `None`. */
export const printenvPy: Command = {
  name: "printenv.py",
  summary: "test helper: print environment variables",
  run(ctx: CommandContext): number {
    let out = "";
    for (const name of ctx.args) out += `${ctx.env.get(name) ?? "None"}\n`;
    ctx.stdout.write(out);
    return 0;
  },
};

/** `stdout_stderr.py [OUT [ERR [STATUS]]]`: OUT (default STDOUT) to stdout, ERR to stderr, exits STATUS. */
export const stdoutStderrPy: Command = {
  name: "stdout_stderr.py",
  summary: "test helper: write to stdout and stderr",
  async run(ctx: CommandContext): Promise<number> {
    const [out = "STDOUT", err = "STDERR", status = "0"] = ctx.args;
    await ctx.stdout.write(`${out}\n`);
    await ctx.stderr.write(`${err}\n`);
    const n = Number.parseInt(status, 10);
    return Number.isNaN(n) ? 1 : ((n % 256) + 256) % 256;
  },
};

/** `read_from_fd.py FD...`: for fd 0, reads one chunk (up to 1024 bytes) and prints `0: CHUNK`; other fds fail. */
export const readFromFdPy: Command = {
  name: "read_from_fd.py",
  summary: "test helper: read from file descriptors",
  async run(ctx: CommandContext): Promise<number> {
    for (const arg of ctx.args) {
      const fd = Number.parseInt(arg, 10);
      if (fd !== 0) {
        await ctx.stderr.write(`FATAL: Error reading from fd ${fd}: [Errno 9] Bad file descriptor\n`);
        return 1;
      }
      const chunk = (await ctx.stdin.read()) ?? "";
      await ctx.stdout.write(`${fd}: ${chunk.slice(0, 1024)}`);
    }
    return 0;
  },
};

/** Every helper command, to pass as `new Bash({ commands })`. */
export const HELPER_COMMANDS: readonly Command[] = [argvPy, printenvPy, stdoutStderrPy, readFromFdPy];

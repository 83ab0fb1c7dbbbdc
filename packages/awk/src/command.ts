/**
 * The `awk` command (also registered as `gawk`): parses the command line, reads `-f` program
 * files from the shell's filesystem, and runs the program against the CommandContext.
 */
import { resolvePath, UsageError } from "@husk/host";
import type { Command, CommandContext } from "@husk/host";
import { parseArgs } from "./cli.js";
import { AwkSyntaxError } from "./errors.js";
import { parse } from "./parser.js";
import { runProgram } from "./run.js";
import { AWK_HELP, AWK_INFO } from "./info.js";

async function run(ctx: CommandContext): Promise<number> {
  let args;
  try {
    args = parseArgs(ctx.args);
  } catch (e) {
    if (e instanceof UsageError) {
      await ctx.stderr.write(`${ctx.name}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (args.help) {
    await ctx.stdout.write(AWK_HELP);
    return 0;
  }
  if (args.version) {
    await ctx.stdout.write("GNU Awk 5.2.1 (Husk)\n");
    return 0;
  }
  const sources: { text: string; name: string }[] = [];
  for (const f of args.progFiles) {
    try {
      sources.push({ text: await ctx.fs.readFile(resolvePath(ctx.cwd, f)), name: f });
    } catch (e) {
      await ctx.stderr.write(`${ctx.name}: fatal: can't open source file \`${f}' for reading: ${e instanceof Error ? e.message : "error"}\n`);
      return 2;
    }
  }
  if (args.programText !== undefined) sources.push({ text: args.programText, name: "cmd. line" });
  const text = sources.map((s) => s.text).join("\n");
  let program;
  try {
    program = parse(text, { sourceName: sources.length === 1 ? sources[0]!.name : "cmd. line", maxDepth: ctx.meter.limits.maxParseDepth });
  } catch (e) {
    if (e instanceof AwkSyntaxError) {
      await ctx.stderr.write(`${ctx.name}: ${e.message.replace(/\nawk: /, `\n${ctx.name}: `)}\n`);
      return e.status;
    }
    throw e;
  }
  return runProgram(
    { program, operands: args.operands, assigns: args.assigns, fs: args.fs, argv0: ctx.name },
    {
      stdin: ctx.stdin,
      stdout: ctx.stdout,
      stderr: ctx.stderr,
      env: ctx.env,
      fs: ctx.fs,
      shell: ctx.shell,
      cwd: ctx.cwd,
      clock: ctx.clock,
      random: ctx.random,
      meter: ctx.meter,
    },
  );
}

/** `awk`: POSIX awk with the gawk extensions models use. */
export const awkCommand: Command = {
  ...AWK_INFO,
  run,
};

/** `gawk`: the same command under gawk's name. */
export const gawkCommand: Command = { ...awkCommand, name: "gawk" };

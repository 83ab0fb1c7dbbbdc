/**
 * Commands whose implementation is loaded on first use, so that importing a command package
 * (and starting a shell) does not pay for parsers and grammars a script may never run.
 */
import type { Command, CommandContext } from "./command.js";

/** What a Command says about itself without running: everything but `run`. */
export type CommandInfo = Omit<Command, "run">;

/**
 * A Command with `info`'s name, summary, help and file access whose `run` calls the Command
 * `load` resolves to. `load` is called once, on the first run (a rejected load is retried on
 * the next run); later runs call the loaded command directly, so a synchronous `run` stays
 * synchronous after the first call. `load` usually wraps a dynamic `import()` of the module
 * that defines the real command; its result must be that command under the same name. The
 * Command's `load` starts the same load ahead of a run (the shell does, for the commands of a
 * pipeline).
 */
export function lazyCommand(info: CommandInfo, load: () => Promise<Command>): Command {
  let loaded: Command | undefined;
  let loading: Promise<Command> | undefined;
  const start = (): Promise<Command> =>
    (loading ??= load().then(
      (c) => (loaded = c),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  const run = (ctx: CommandContext): number | Promise<number> => {
    if (loaded) return loaded.run(ctx);
    return start().then((c) => c.run(ctx));
  };
  const preload = (): Promise<void> | undefined => {
    if (loaded) return undefined;
    return start().then(
      () => undefined,
      () => undefined,
    );
  };
  return { ...info, run, load: preload };
}

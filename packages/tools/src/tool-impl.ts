/**
 * ToolImpl: a definition plus its exec functions. It is a host `Command`, so it can be given
 * to a plain `new Bash({commands: [impl]})`; it runs through the same registry path as every
 * tool command (flags, validation, deadline, sanitized errors by default).
 */
import type { Command, CommandContext } from "@husk/host";
import { ToolRegistry } from "./registry.js";
import type { ToolArgs, ToolCallback, ToolDef } from "./tool-def.js";

/** A definition with sync and/or async exec functions. Immutable: `with*` return copies. */
export class ToolImpl implements Command {
  readonly def: ToolDef;
  /** The async exec (preferred when both are set). */
  readonly exec: ((args: ToolArgs) => Promise<string>) | undefined;
  /** The sync exec (used when no async exec is set). */
  readonly execSync: ((args: ToolArgs) => string) | undefined;
  /** Whether callback errors become `NAME: callback failed` when run as a command (default true). */
  readonly sanitize: boolean;
  #registry: ToolRegistry | undefined;

  constructor(
    def: ToolDef,
    exec?: (args: ToolArgs) => Promise<string>,
    execSync?: (args: ToolArgs) => string,
    sanitize = true,
  ) {
    this.def = def;
    this.exec = exec;
    this.execSync = execSync;
    this.sanitize = sanitize;
  }

  /** A copy with this async exec function. */
  withExec(fn: (args: ToolArgs) => Promise<string>): ToolImpl {
    return new ToolImpl(this.def, fn, this.execSync, this.sanitize);
  }
  /** A copy with this sync exec function. */
  withExecSync(fn: (args: ToolArgs) => string): ToolImpl {
    return new ToolImpl(this.def, this.exec, fn, this.sanitize);
  }
  /** A copy that does (true, default) or does not sanitize callback errors. */
  sanitizeErrors(on: boolean): ToolImpl {
    return new ToolImpl(this.def, this.exec, this.execSync, on);
  }

  /** The command name (`Command`). */
  get name(): string {
    return this.def.name;
  }
  /** The description (`Command`). */
  get summary(): string {
    return this.def.description;
  }

  /** The callback: the async exec if set, else the sync one; neither set throws (a failure). */
  get callback(): ToolCallback {
    const { exec, execSync, def } = this;
    if (exec) return exec;
    if (execSync) return execSync;
    return () => {
      throw new Error(`${def.name}: no exec defined`);
    };
  }

  /** Runs as a shell command (`Command`). */
  run(ctx: CommandContext): number | Promise<number> {
    this.#registry ??= ToolRegistry.builder().tool(this).sanitizeErrors(this.sanitize).build();
    const cmd = this.#registry.commands()[0]!;
    return cmd.run(ctx);
  }
}

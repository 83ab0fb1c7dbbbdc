/**
 * The one place the tool layer creates a shell: a `Bash` from @husk/bash. Looked up at run
 * time so this package builds while the facade is being written; once @husk/bash exports
 * `Bash`, `createShell` returns one.
 */
import * as bashModule from "@husk/bash";
import type { BashOptions, ExecOptions, ExecResult } from "@husk/bash";

/** What the tool layer needs of a shell: `exec`. */
export interface Shell {
  exec(script: string, options?: ExecOptions): Promise<ExecResult>;
}

type ShellCtor = new (options: BashOptions) => Shell;

/** The Bash constructor, or undefined while @husk/bash does not export one. */
export function bashConstructor(): ShellCtor | undefined {
  const ctor = (bashModule as unknown as Record<string, unknown>).Bash;
  return typeof ctor === "function" ? (ctor as ShellCtor) : undefined;
}

/** A new shell, or undefined when the facade is not available. */
export function createShell(options: BashOptions): Shell | undefined {
  const Ctor = bashConstructor();
  return Ctor ? new Ctor(options) : undefined;
}
